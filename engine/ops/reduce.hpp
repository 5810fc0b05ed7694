// Reductions with a monoid, after GrB_reduce:
//   reduce_rows:  w<mask> = accum(w, ⊕_j A(i,j))   one entry per non-empty row of A
//                                                   (with transpose_first, per column)
//   reduce:       s = ⊕_i u(i)  or  s = ⊕_ij A(i,j) the monoid's identity when there is nothing
//                 s = ⊕_i u⟨mask⟩(i)                 only where the mask allows (an extension)
//                 s = ⊕_ij A⟨rows⟩(i,j)              only the rows the mask allows (an extension)
// A monoid with a terminal value stops a row at it. Scalar reductions combine per-thread partial
// results in thread order, so a non-commutative monoid gets the sequential answer; a
// commutative one is folded in several independent lanes per thread.
#pragma once

#include <omp.h>

#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "core/array.hpp"
#include "core/parallel.hpp"
#include "engine/matrix.hpp"
#include "engine/ops/assign.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/vector_mask.hpp"
#include "engine/ops/write_back.hpp"
#include "engine/vector.hpp"
#include "semirings/monoids.hpp"

namespace graphring {

namespace detail {

// ⊕ of block(begin, end) over [0, count) cut into one block per thread, folded in block order:
// the threads' partition and the combination ordered_reduce uses, for a block written out by hand
// (ewise_mult_dot, engine/ops/ewise_mult_dot.hpp).
template <class Monoid, class Block>
typename Monoid::value_type ordered_reduce_blocks(std::uint64_t count, const Block& block) {
  using T = typename Monoid::value_type;
  const int threads = count > kernels::min_parallel_work ? omp_get_max_threads() : 1;
  // A small count is one block, folded here: no parallel region, no slots (a BFS or Δ-stepping
  // step over a small frontier pays neither).
  if (threads == 1) return Monoid()(Monoid::identity(), block(0, count));
  // One slot per thread (an array, not std::vector, whose bool form packs slots into shared words).
  array<T> partial(threads, Monoid::identity());
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    partial[t] = block(count * t / nt, count * (t + 1) / nt);
  }
  T result = Monoid::identity();
  for (const T& x : partial) result = Monoid()(result, x);
  return result;
}

// The number of independent lanes a commutative monoid's block is folded in (ordered_reduce).
inline constexpr std::uint64_t reduce_lanes = 8;

// ⊕ of f(e) over e in [0, count), in order, in parallel blocks. f(e, acc) folds entry e into acc
// and returns whether it took one.
template <class Monoid, class Fold>
typename Monoid::value_type ordered_reduce(std::uint64_t count, const Fold& fold) {
  using T = typename Monoid::value_type;
  return ordered_reduce_blocks<Monoid>(count, [&](std::uint64_t begin, std::uint64_t end) {
    T acc = Monoid::identity();
    if constexpr (is_commutative_v<Monoid>) {
      // Independent lanes, so that one fold need not wait for the one before it: a min over
      // doubles (a compare and a NaN test per entry) runs several times faster. A commutative
      // monoid may be regrouped so; only a float sum's rounding then differs from the one-lane
      // fold, the same way on every run with the same threads.
      constexpr std::uint64_t lanes = reduce_lanes;
      T lane[lanes];
      for (T& x : lane) x = Monoid::identity();
      std::uint64_t e = begin;
      for (; e + lanes <= end; e += lanes)
        for (std::uint64_t k = 0; k < lanes; ++k) fold(e + k, lane[k]);
      for (; e < end; ++e) fold(e, lane[0]);
      for (const T& x : lane) acc = Monoid()(acc, x);
    } else {
      for (std::uint64_t e = begin; e < end; ++e) fold(e, acc);
    }
    return acc;
  });
}

// Whether a monoid's result over an integer type is a sum that wraps (v × length for a row of one
// value v).
template <class Monoid>
inline constexpr bool integer_sum_v =
    std::is_integral_v<typename Monoid::value_type>&&
        std::is_same_v<Monoid, plus_monoid<typename Monoid::value_type>> &&
    !std::is_same_v<typename Monoid::value_type, bool>;

// The largest count of ones that a floating-point sum in T adds exactly: 2^digits.
template <class T>
inline constexpr std::uint64_t exact_count_limit = std::uint64_t(1)
                                                   << std::numeric_limits<T>::digits;

// Whether a monoid is a floating-point sum.
template <class Monoid>
inline constexpr bool floating_sum_v = std::is_floating_point_v<typename Monoid::value_type>&&
    std::is_same_v<Monoid, plus_monoid<typename Monoid::value_type>>;

// A row of an iso matrix holds one value v `length` times: its ⊕ is v for an idempotent monoid
// and v × length for an integer sum (a BFS's out-degrees), without reading its entries; a
// floating-point sum of ones (PageRank's out-degrees) is the length itself, exactly as the
// entries' sum in order is, up to 2^digits.
template <class Monoid, class A>
bool reduces_from_length(const matrix<A>& a) {
  if (!a.is_iso()) return false;
  if constexpr (floating_sum_v<Monoid>) {
    using T = typename Monoid::value_type;
    return T(a.value(0)) == T(1);
  }
  return integer_sum_v<Monoid> || is_idempotent_v<Monoid>;
}

// ⊕ of the entries [first, last) of one row of a (the identity for none); from_length as
// reduces_from_length says.
template <class Monoid, class A>
typename Monoid::value_type reduce_row(const matrix<A>& a, std::uint64_t first, std::uint64_t last,
                                       bool from_length) {
  using T = typename Monoid::value_type;
  T acc = Monoid::identity();
  if (from_length) {
    if constexpr (integer_sum_v<Monoid>) {
      // modulo 2^bits like every integer sum here (docs/operations.md, differences)
      return T(std::uint64_t(T(a.value(0))) * std::uint64_t(last - first));
    } else if constexpr (floating_sum_v<Monoid>) {
      if (last - first <= exact_count_limit<T>) return T(last - first);  // else summed below
    } else {
      return last > first ? Monoid()(acc, T(a.value(0))) : acc;
    }
  }
  for (std::uint64_t p = first; p < last; ++p) {
    acc = Monoid()(acc, T(a.value(p)));
    if constexpr (has_terminal_v<Monoid>) {
      if (acc == Monoid::terminal()) break;
    }
  }
  return acc;
}

}  // namespace detail

template <class W, class Mask, class Accum, class Monoid, class A>
void reduce_rows(vector<W>& w, const Mask& mask, const Accum& accum, Monoid, const matrix<A>& a_in,
                 const descriptor& d = {}) {
  using T = typename Monoid::value_type;
  const matrix<A>& a = d.transpose_first ? a_in.transposed() : a_in;
  detail::check_dimension(w.size(), a.nrows(), "the output vector's size");
  const std::uint64_t n = a.nrows();
  array<T> values(n);
  array<std::uint8_t> present(n);
  std::uint64_t count = 0;
  const bool from_length = detail::reduces_from_length<Monoid>(a);
  // Plain pointers, so that the loop's stores cannot be taken to move the arrays it reads.
  const edge_offset* const offsets = a.offsets().data();
  T* const out_values = values.data();
  std::uint8_t* const out_present = present.data();
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : count) \
    if (n + (from_length ? 0 : a.nvals()) > kernels::min_parallel_work)
  for (std::int64_t s = 0; s < std::int64_t(n); ++s) {
    const std::uint64_t first = offsets[s], last = offsets[s + 1];
    out_values[s] = detail::reduce_row<Monoid>(a, first, last, from_length);
    out_present[s] = last > first;
    count += last > first;
  }
  auto t = vector<T>::from_bitmap(n, std::move(values), std::move(present), count);
  t.conform();
  detail::write_back(w, mask, accum, std::move(t), d, false);
}

template <class Monoid, class U>
typename Monoid::value_type reduce(Monoid, const vector<U>& u) {
  using T = typename Monoid::value_type;
  if (u.form() == vector_form::sparse)
    return detail::ordered_reduce<Monoid>(
        u.nvals(), [&](std::uint64_t e, T& acc) { acc = Monoid()(acc, T(u.values()[e])); });
  const std::uint8_t* present = u.present();
  return detail::ordered_reduce<Monoid>(u.size(), [&](std::uint64_t i, T& acc) {
    if (!present || present[i]) acc = Monoid()(acc, T(u.values()[i]));
  });
}

// s = ⊕ u(i) over the entries of u that the mask allows (a graphring extension: the C API reduces
// a whole vector, and LAGraph's BFS first assigns u⟨mask⟩ to a temporary vector). A sparse u
// visits its own entries, a structural sparse mask its own; otherwise every position is tested.
// It replaces ewise_mult then reduce, which formed a vector first (BFS's m_f = ⊕ outdeg⟨q⟩).
template <class Monoid, class U, class M>
typename Monoid::value_type reduce(Monoid, const vector<U>& u, const vector<M>& mask,
                                   const descriptor& d = {}) {
  using T = typename Monoid::value_type;
  detail::check_dimension(mask.size(), u.size(), "the mask's size");
  const U* values = u.values();
  const std::uint8_t* u_present = u.present();
  if (u.form() == vector_form::sparse) {  // u's own entries, each tested against the mask
    return detail::with_vector_mask(mask, d, [&](const auto& allows) {
      const vertex_id* index = u.indices();
      return detail::ordered_reduce<Monoid>(u.nvals(), [&](std::uint64_t e, T& acc) {
        if (allows(index[e])) acc = Monoid()(acc, T(values[e]));
      });
    });
  }
  // u(i) folded into acc where u holds it
  auto fold_at = [&](std::uint64_t i, T& acc) {
    if (!u_present || u_present[i]) acc = Monoid()(acc, T(values[i]));
  };
  if (mask.form() == vector_form::sparse && d.structural_mask && !d.complement_mask) {
    const vertex_id* index = mask.indices();
    return detail::ordered_reduce<Monoid>(mask.nvals(),
                                          [&](std::uint64_t e, T& acc) { fold_at(index[e], acc); });
  }
  return detail::with_vector_mask(mask, d, [&](const auto& allows) {
    return detail::ordered_reduce<Monoid>(u.size(), [&](std::uint64_t i, T& acc) {
      if (allows(i)) fold_at(i, acc);
    });
  });
}

// s = ⊕ A(i, j) over the rows i that the mask allows (a graphring extension: with the C API,
// reduce_rows to a vector, then its reduce under the mask). A sparse structural mask visits its
// own rows; a row costs its length, or, for an iso matrix under an integer sum or an idempotent
// monoid, only its offsets. BFS's m_f, the edges leaving the frontier q, is ⊕ A⟨q⟩ under plus:
// counted from the frontier's rows alone, as GAP counts it, where a vector of out-degrees cost a
// pass over every row per search.
template <class Monoid, class A, class M>
typename Monoid::value_type reduce(Monoid, const matrix<A>& a_in, const vector<M>& rows,
                                   const descriptor& d = {}) {
  using T = typename Monoid::value_type;
  const matrix<A>& a = d.transpose_first ? a_in.transposed() : a_in;  // Aᵀ's rows: A's columns
  detail::check_dimension(rows.size(), a.nrows(), "the mask's size");
  const bool from_length = detail::reduces_from_length<Monoid>(a);
  // ⊕ of row i folded into acc
  auto fold_row = [&](std::uint64_t i, T& acc) {
    const std::uint64_t first = a.offsets()[i], last = a.offsets()[i + 1];
    if (last > first) acc = Monoid()(acc, detail::reduce_row<Monoid>(a, first, last, from_length));
  };
  // Rows of ones under an integer sum (BFS's m_f) given by a bitmap: each row's length, over the
  // rows listed without a branch per position (the sum is exact in any order).
  if constexpr (detail::integer_sum_v<Monoid>) {
    if (from_length && rows.form() == vector_form::bitmap && d.structural_mask &&
        !d.complement_mask && T(a.value(0)) == T(1)) {
      const edge_offset* offsets = a.offsets().data();
      return T(detail::sum_over_entries(rows, [&](std::uint64_t i, const M&) {
        return std::int64_t(offsets[i + 1] - offsets[i]);
      }));
    }
  }
  if (rows.form() == vector_form::sparse && d.structural_mask && !d.complement_mask) {
    const vertex_id* index = rows.indices();
    return detail::ordered_reduce<Monoid>(
        rows.nvals(), [&](std::uint64_t e, T& acc) { fold_row(index[e], acc); });
  }
  return detail::with_vector_mask(rows, d, [&](const auto& allows) {
    return detail::ordered_reduce<Monoid>(a.nrows(), [&](std::uint64_t i, T& acc) {
      if (allows(i)) fold_row(i, acc);
    });
  });
}

template <class Monoid, class A>
typename Monoid::value_type reduce(Monoid, const matrix<A>& a) {
  using T = typename Monoid::value_type;
  // Every entry of an iso matrix is one value, and x ⊕ x = x for an idempotent monoid.
  if constexpr (is_idempotent_v<Monoid>) {
    if (a.is_iso()) return Monoid()(Monoid::identity(), T(a.iso_value()));
  }
  return detail::ordered_reduce<Monoid>(
      a.nvals(), [&](std::uint64_t p, T& acc) { acc = Monoid()(acc, T(a.value(p))); });
}

}  // namespace graphring

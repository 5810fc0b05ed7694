// Matrix-matrix product over a semiring, GraphBLAS's GrB_mxm:
//   C<M> = accum(C, A ⊕.⊗ B)      C(i,j) = ⊕_k A(i,k) ⊗ B(k,j)
// Two methods (kernels/cpu/spgemm.hpp): Gustavson's row-by-row saxpy (push), which forms only
// the products a mask allows, and masked dot products (pull) over Bᵀ, used by default when a
// non-complemented mask is given, Bᵀ is at hand (transpose_second, or already cached) and the
// dot products' merges visit fewer entries than Gustavson's scatter would (dot_visits_fewer) —
// the triangle-counting shape C<L> = L ⊕.⊗ Lᵀ. descriptor.method forces either (dot needs a mask).
// mxm_reduce folds the same product rows into a scalar instead of building C.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "core/parallel.hpp"
#include "engine/matrix.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/matrix_write_back.hpp"
#include "engine/ops/row_builder.hpp"
#include "kernels/cpu/spgemm.hpp"
#include "semirings/binary_ops.hpp"
#include "semirings/monoids.hpp"

namespace graphring {

namespace detail {

// Whether ⊕ of a product's entries is just the number of its products: every product is 1
// (pair) and both the semiring and the reduction add integers.
template <class Monoid, class S>
inline constexpr bool sum_counts_products_v =
    std::is_same_v<typename S::multiply_op, pair_op<typename S::c_type>>&&
        std::is_same_v<typename S::add_monoid, plus_monoid<typename S::c_type>>&&
            std::is_integral_v<typename S::c_type>&&
                std::is_same_v<Monoid, plus_monoid<typename Monoid::value_type>>&&
                    std::is_integral_v<typename Monoid::value_type>;

// Whether masked dot products visit fewer entries than Gustavson's method: a merge of A(i,:) with
// Bᵀ(j,:) for every (i,j) of M, against a scan of B(k,:) for every A(i,k) in a row M has entries
// in, plus forming B from Bᵀ when only Bᵀ is at hand (b null; B's rows then count their average).
// A mask row as long as the product row makes dot quadratic: Brandes' backward step
// W<S_{d-1}> = W ⊕.⊗ Aᵀ, where a whole level of W is merged once per vertex of the level above.
template <class AT, class BT, class M>
bool dot_visits_fewer(const matrix<AT>& a, const matrix<BT>& bt, const matrix<BT>* b, const M& m) {
  const edge_offset* a_offsets = a.offsets().data();
  const vertex_id* a_cols = a.cols().data();
  const edge_offset* bt_offsets = bt.offsets().data();
  const edge_offset* m_offsets = m.offsets().data();
  const vertex_id* m_cols = m.cols().data();
  const edge_offset* b_offsets = b ? b->offsets().data() : nullptr;
  const std::uint64_t average = bt.ncols() ? bt.nvals() / bt.ncols() : 0;
  std::uint64_t dot = 0, scatter = b ? 0 : bt.nvals();
  const std::int64_t rows = std::int64_t(a.nrows());
#pragma omp parallel for schedule(static) reduction(+ : dot, scatter) \
    if (a.nrows() + m.nvals() > kernels::min_parallel_work)
  for (std::int64_t r = 0; r < rows; ++r) {
    const std::uint64_t i = std::uint64_t(r);
    if (m_offsets[i] == m_offsets[i + 1]) continue;
    dot += (m_offsets[i + 1] - m_offsets[i]) * (a_offsets[i + 1] - a_offsets[i]);
    for (std::uint64_t p = m_offsets[i]; p < m_offsets[i + 1]; ++p)
      dot += bt_offsets[m_cols[p] + 1] - bt_offsets[m_cols[p]];
    for (std::uint64_t p = a_offsets[i]; p < a_offsets[i + 1]; ++p)
      scatter += b ? b_offsets[a_cols[p] + 1] - b_offsets[a_cols[p]] : average;
  }
  return dot < scatter;
}

// The rows of T = (A ⊕.⊗ B)<M>, by the method the descriptor and the mask select: calls
// consume(nrows, ncols, work_hint, row), where row(i, emit) calls emit(j, value) for the entries
// of row i of T in ascending j. mxm builds C from them; mxm_reduce folds them. With
// `row_counts` (the consumer only sums, and sum_counts_products_v holds), a row that Gustavson's
// method computes under a mask emits once, the count of its products, instead of its entries.
template <class S, bool row_counts = false, class Mask, class AT, class BT, class Consume>
void product_rows(const Mask& mask, const matrix<AT>& a_in, const matrix<BT>& b_in,
                  const descriptor& d, const Consume& consume) {
  using C = typename S::c_type;
  constexpr bool masked = !std::is_same_v<Mask, no_mask_t>;
  const matrix<AT>& a = d.transpose_first ? a_in.transposed() : a_in;
  check_dimension(d.transpose_second ? b_in.ncols() : b_in.nrows(), a.ncols(),
                  "the inner dimension of B");
  const std::uint64_t ncols = d.transpose_second ? b_in.nrows() : b_in.ncols();
  if constexpr (masked) {
    check_dimension(mask.nrows(), a.nrows(), "the mask's rows");
    check_dimension(mask.ncols(), ncols, "the mask's columns");
  }
  const auto* m = mask_pointer(mask);
  using MV = std::remove_cv_t<std::remove_pointer_t<decltype(m)>>;
  using mask_type = typename MV::value_type;
  const bool value_mask = masked && !d.structural_mask;
  // Whether mask entry p marks its column (a value mask ignores explicit zeros).
  auto marks = [&](std::uint64_t p) {
    if constexpr (std::is_arithmetic_v<mask_type>) {
      return !value_mask || m->value(p) != mask_type(0);
    } else {
      return true;
    }
  };

  // B and Bᵀ: b_in or its transpose, as the descriptor says; "at hand" when nothing is formed
  auto b_of = [&]() -> const matrix<BT>& { return d.transpose_second ? b_in.transposed() : b_in; };
  auto bt_of = [&]() -> const matrix<BT>& { return d.transpose_second ? b_in : b_in.transposed(); };
  const bool b_at_hand = !d.transpose_second || b_in.has_cached_transpose();
  const bool bt_at_hand = d.transpose_second || b_in.has_cached_transpose();
  bool dot = masked && !d.complement_mask && d.method == product_method::pull;
  if constexpr (masked) {
    if (!d.complement_mask && d.method == product_method::automatic && bt_at_hand)
      dot = dot_visits_fewer(a, bt_of(), b_at_hand ? &b_of() : nullptr, *m);
  }
  if (dot) {
    const matrix<BT>& bt = bt_of();
    const auto av = a.view();
    const auto btv = bt.view();
    consume(a.nrows(), ncols, m->nvals(), [&](std::uint64_t i, auto&& emit) {
      for (std::uint64_t p = m->offsets()[i]; p < m->offsets()[i + 1]; ++p) {
        if (!marks(p)) continue;
        C value;
        if (kernels::dot_entry<S>(av, btv, i, m->cols()[p], value)) emit(m->cols()[p], value);
      }
    });
  } else {
    const matrix<BT>& b = b_of();
    const auto av = a.view();
    const auto bv = b.view();
    const int mask_kind = masked ? (d.complement_mask ? 2 : 1) : (d.complement_mask ? -1 : 0);
    consume(a.nrows(), ncols, a.nvals(), [&](std::uint64_t i, auto&& emit) {
      if (mask_kind == -1) return;  // the complement of no mask allows nothing
      auto for_each_marked = [&](auto&& mark) {
        if constexpr (masked)
          for (std::uint64_t p = m->offsets()[i]; p < m->offsets()[i + 1]; ++p)
            if (marks(p)) mark(m->cols()[p]);
      };
      if constexpr (row_counts) {
        if (mask_kind == 1) {
          static thread_local kernels::column_bits bits;
          bits.prepare(ncols);
          emit(0, C(kernels::count_marked_products(av, bv, i, for_each_marked, bits)));
          return;
        }
      }
      static thread_local kernels::row_workspace<C> w;
      w.prepare(ncols);
      kernels::gustavson_row<S>(av, bv, i, mask_kind, for_each_marked, w, emit);
    });
  }
}

}  // namespace detail

template <class S, class W, class Mask, class Accum, class AT, class BT>
void mxm(matrix<W>& c, const Mask& mask, const Accum& accum, S, const matrix<AT>& a,
         const matrix<BT>& b, const descriptor& d = {}) {
  using C = typename S::c_type;
  matrix<C> t;
  detail::product_rows<S>(
      mask, a, b, d,
      [&](std::uint64_t nrows, std::uint64_t ncols, std::uint64_t work, const auto& row) {
        detail::check_dimension(c.nrows(), nrows, "the output matrix's rows");
        detail::check_dimension(c.ncols(), ncols, "the output matrix's columns");
        t = detail::build_by_rows<C>(nrows, ncols, work, row);
      });
  detail::write_back(c, mask, accum, t, d, true);
}

// s = ⊕_ij T(i,j) for T = (A ⊕.⊗ B)<M>: reduce(monoid, C) after mxm(C, mask, no_accum, S, A, B, d)
// into an empty C, without forming C (a graphring extension of the C API). Triangle counting
// sums C<L> = L plus.pair L this way; for plus.pair under a mask, Gustavson's rows only count
// their products (kernels::count_marked_products). The rows are folded in order within fixed
// blocks of rows and the blocks combined in order, so a non-commutative monoid gets the
// sequential answer and a floating-point sum does not depend on the thread count. The
// descriptor's replace flag has no C to act on.
template <class Monoid, class Mask, class S, class AT, class BT>
typename Monoid::value_type mxm_reduce(Monoid, const Mask& mask, S, const matrix<AT>& a,
                                       const matrix<BT>& b, const descriptor& d = {}) {
  using T = typename Monoid::value_type;
  T result = Monoid::identity();
  constexpr bool row_counts = detail::sum_counts_products_v<Monoid, S>;
  detail::product_rows<S, row_counts>(
      mask, a, b, d, [&](std::uint64_t nrows, std::uint64_t, std::uint64_t work, const auto& row) {
        // Blocks of rows small enough to balance a power-law graph's hubs between threads.
        const std::uint64_t blocks = std::min<std::uint64_t>(nrows, 1024);
        array<T> partial(blocks, Monoid::identity());
        const bool parallel = nrows + work > kernels::min_parallel_work;
#pragma omp parallel for schedule(dynamic, 1) if (parallel)
        for (std::int64_t k = 0; k < std::int64_t(blocks); ++k) {
          T acc = Monoid::identity();
          for (std::uint64_t i = nrows * k / blocks; i < nrows * (k + 1) / blocks; ++i)
            row(i, [&](std::uint64_t, const auto& value) { acc = Monoid()(acc, T(value)); });
          partial[k] = acc;
        }
        for (const T& x : partial) result = Monoid()(result, x);
      });
  return result;
}

}  // namespace graphring

// Entry-by-entry operations, after GraphBLAS's GrB_eWiseAdd, GrB_eWiseMult, GrB_apply and
// GrB_select, on vectors and matrices:
//   ewise_add:   w<mask> = accum(w, u ⊕ v)    over the union: op(u(i), v(i)) where both exist,
//                                              the one that exists elsewhere (converted)
//   ewise_mult:  w<mask> = accum(w, u ⊗ v)    over the intersection: op(u(i), v(i))
//   apply:       w<mask> = accum(w, f(u))      f(x), every entry (bind_first/bind_second make a
//                                              unary f from a binary operator and a scalar)
//   apply_index: w<mask> = accum(w, f(u))      f(x, i, j) (j = 0 for vectors): row_index_op ...
//   select:      w<mask> = accum(w, u⟨f⟩)      keeps the entries where f(x, i, j) holds: tril_op,
//                                              triu_op, offdiag_op, value_gt_op ...
//   partition:   K = A⟨f⟩,  R = A⟨¬f⟩          both selects of a matrix in one pass (a graphring
//                                              extension; no mask or accumulator)
// `op` is any binary function object (a monoid, an operator from semirings/, or a lambda). The
// result type is what op or f returns; select keeps u's type. A matrix ewise_add or ewise_mult
// also takes a triangle (tril_op, triu_op) as its mask, the positions that triangle keeps (a
// graphring extension): each row is merged only within the triangle's columns, so that, e.g.,
// L = tril(A ∪ Aᵀ, -1) is one pass instead of two selects and a merge.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>

#include "core/array.hpp"
#include "core/parallel.hpp"
#include "engine/matrix.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/matrix_write_back.hpp"
#include "engine/ops/row_builder.hpp"
#include "engine/ops/write_back.hpp"
#include "engine/vector.hpp"
#include "semirings/index_ops.hpp"

namespace graphring {

namespace detail {

// t(i) for each entry u(i) where keep(i, x, out) returns true, in u's form. keeps_all: keep
// returns true for every entry (apply), so a dense u gives a dense t directly.
template <class R, bool keeps_all = false, class U, class F>
vector<R> map_vector(const vector<U>& u, const F& keep) {
  const std::uint64_t n = u.size();
  if (keeps_all && u.form() == vector_form::dense) {
    array<R> values(n);
#pragma omp parallel for schedule(static) if (n > kernels::min_parallel_work)
    for (std::int64_t s = 0; s < std::int64_t(n); ++s)
      (void)keep(std::uint64_t(s), u.values()[s], values[s]);
    return vector<R>::from_dense(std::move(values));
  }
  if (u.form() == vector_form::sparse) {
    array<vertex_id> indices;
    array<R> values;
    indices.reserve(u.nvals());
    values.reserve(u.nvals());
    u.for_each([&](std::uint64_t i, const U& x) {
      R out;
      if (keep(i, x, out)) {
        indices.push_back(vertex_id(i));
        values.push_back(out);
      }
    });
    return vector<R>::from_sorted(n, std::move(indices), std::move(values));
  }
  array<R> values(n);
  array<std::uint8_t> present(n);
  // Plain pointers, so that the loop's stores cannot be taken to move the arrays it reads.
  const std::uint8_t* const in = u.present();
  const U* const in_values = u.values();
  R* const out_values = values.data();
  std::uint8_t* const out_present = present.data();
  std::uint64_t count = 0;
#pragma omp parallel for schedule(static) reduction(+ : count) if (n > kernels::min_parallel_work)
  for (std::int64_t s = 0; s < std::int64_t(n); ++s) {
    out_present[s] = (!in || in[s]) && keep(std::uint64_t(s), in_values[s], out_values[s]);
    count += out_present[s];
  }
  auto t = vector<R>::from_bitmap(n, std::move(values), std::move(present), count);
  t.conform();
  return t;
}

// The merge of two sparse vectors, in one ordered pass over both.
template <class R, bool union_of, class U, class V, class Op>
vector<R> merge_sparse(const vector<U>& u, const vector<V>& v, const Op& op) {
  const std::uint64_t n = u.size();
  array<vertex_id> indices;
  array<R> values;
  std::uint64_t p = 0, q = 0;
  while (p < u.nvals() || q < v.nvals()) {
    const std::uint64_t iu = p < u.nvals() ? u.indices()[p] : n;
    const std::uint64_t iv = q < v.nvals() ? v.indices()[q] : n;
    const std::uint64_t i = std::min(iu, iv);
    if (iu == i && iv == i) {
      indices.push_back(vertex_id(i));
      values.push_back(R(op(u.values()[p], v.values()[q])));
    } else if (union_of) {
      indices.push_back(vertex_id(i));
      values.push_back(iu == i ? R(u.values()[p]) : R(v.values()[q]));
    }
    p += iu == i;
    q += iv == i;
  }
  return vector<R>::from_sorted(n, std::move(indices), std::move(values));
}

// The intersection of a sparse and a non-sparse vector (either way round): it visits only the
// sparse input's entries, so a small frontier against a dense vector costs its own size, not n.
template <class R, class U, class V, class Op>
vector<R> intersect_with_sparse(const vector<U>& u, const vector<V>& v, const Op& op) {
  const std::uint64_t n = u.size();
  array<vertex_id> indices;
  array<R> values;
  const std::uint64_t most = std::min(u.nvals(), v.nvals());
  indices.reserve(most);
  values.reserve(most);
  auto keep = [&](std::uint64_t i, const auto& x, const auto& y) {
    indices.push_back(vertex_id(i));
    values.push_back(R(op(x, y)));
  };
  if (u.form() == vector_form::sparse) {
    const V* other = v.values();
    const std::uint8_t* has = v.present();
    u.for_each([&](std::uint64_t i, const U& x) {
      if (!has || has[i]) keep(i, x, other[i]);
    });
  } else {
    const U* other = u.values();
    const std::uint8_t* has = u.present();
    v.for_each([&](std::uint64_t i, const V& y) {
      if (!has || has[i]) keep(i, other[i], y);
    });
  }
  return vector<R>::from_sorted(n, std::move(indices), std::move(values));
}

// The merge of two dense vectors: op at every index, a union and an intersection alike.
template <class R, class U, class V, class Op>
vector<R> merge_dense(const vector<U>& u, const vector<V>& v, const Op& op) {
  const std::uint64_t n = u.size();
  array<R> values(n);
#pragma omp parallel for schedule(static) if (n > kernels::min_parallel_work)
  for (std::int64_t s = 0; s < std::int64_t(n); ++s)
    values[s] = R(op(u.values()[s], v.values()[s]));
  return vector<R>::from_dense(std::move(values));
}

// The merge of two vectors of which one at least is a bitmap or dense, both made addressable:
// index by index, into a bitmap.
template <class R, bool union_of, class U, class V, class Op>
vector<R> merge_addressable(const vector<U>& u, const vector<V>& v, const Op& op) {
  const std::uint64_t n = u.size();
  vector<U> u_spare;
  vector<V> v_spare;
  const vector<U>& ub = addressable(u, u_spare);
  const vector<V>& vb = addressable(v, v_spare);
  const std::uint8_t *up = ub.present(), *vp = vb.present();
  array<R> values(n);
  array<std::uint8_t> present(n);
  std::uint64_t count = 0;
#pragma omp parallel for schedule(static) reduction(+ : count) if (n > kernels::min_parallel_work)
  for (std::int64_t s = 0; s < std::int64_t(n); ++s) {
    const bool hu = !up || up[s], hv = !vp || vp[s];
    bool out = false;
    if (hu && hv) {
      values[s] = R(op(ub.values()[s], vb.values()[s]));
      out = true;
    } else if (union_of && hu) {
      values[s] = R(ub.values()[s]);
      out = true;
    } else if (union_of && hv) {
      values[s] = R(vb.values()[s]);
      out = true;
    }
    present[s] = out;
    count += out;
  }
  auto t = vector<R>::from_bitmap(n, std::move(values), std::move(present), count);
  t.conform();
  return t;
}

// Merges u and v entry by entry: op(x, y) where both hold an entry and, for a union, the entry
// of the one that holds it elsewhere (converted to R); the way depends on the vectors' forms.
template <class R, bool union_of, class U, class V, class Op>
vector<R> merge_vectors(const vector<U>& u, const vector<V>& v, const Op& op) {
  check_dimension(v.size(), u.size(), "the second input vector's size");
  const bool u_sparse = u.form() == vector_form::sparse, v_sparse = v.form() == vector_form::sparse;
  if (u_sparse && v_sparse) return merge_sparse<R, union_of>(u, v, op);
  if (!union_of && u_sparse != v_sparse) return intersect_with_sparse<R>(u, v, op);
  if (u.form() == vector_form::dense && v.form() == vector_form::dense)
    return merge_dense<R>(u, v, op);
  return merge_addressable<R, union_of>(u, v, op);
}

// The one value every entry of a merge of two iso matrices takes, if there is one (arithmetic
// results only): op(x, y) where both hold an entry, and x or y alone in a union.
template <class R, bool union_of, class A, class B, class Op>
std::optional<R> merged_iso(const matrix<A>& a, const matrix<B>& b, const Op& op) {
  if constexpr (std::is_arithmetic_v<R>) {
    if (a.is_iso() && b.is_iso()) {
      const R both = R(op(a.iso_value(), b.iso_value()));
      if (!union_of || (R(a.iso_value()) == both && R(b.iso_value()) == both)) return both;
    }
  }
  return std::nullopt;
}

// A whole row, where a band (tril_op, triu_op) may also limit a merge.
struct whole_rows_t {};

// Narrows the sorted row part [p, pe) to the columns of `band`, by counting the columns below
// each edge rather than searching for it, so that no branch depends on where the edges fall.
GRAPHRING_INLINE void narrow_to_band(const vertex_id* cols, std::uint64_t& p, std::uint64_t& pe,
                                     column_band band) {
  std::uint64_t below = 0, before_end = pe - p;
  if (band.first > 0)  // not a lower triangle
    for (std::uint64_t e = p; e < pe; ++e) below += cols[e] < band.first;
  if (band.last <= std::numeric_limits<vertex_id>::max()) {  // not an upper triangle
    before_end = 0;
    for (std::uint64_t e = p; e < pe; ++e) before_end += cols[e] < band.last;
  }
  pe = p + before_end;
  p += below;
}

// Row i of the merge of a and b into emit(j, value): both(p, q) where both hold column j, and,
// for a union, only_a(p) / only_b(q) where one does; with a band, only within its columns. The
// views are held by value, so the stores the emits make cannot be taken to change the input
// pointers.
template <bool union_of, class VA, class VB, class Both, class OnlyA, class OnlyB, class Emit,
          class Band = whole_rows_t>
GRAPHRING_INLINE void merge_row(const kernels::csr_view<VA> a, const kernels::csr_view<VB> b,
                                std::uint64_t i, const Both& both, const OnlyA& only_a,
                                const OnlyB& only_b, Emit&& emit, const Band& band = {}) {
  std::uint64_t p = a.offsets[i], q = b.offsets[i];
  std::uint64_t pe = a.offsets[i + 1], qe = b.offsets[i + 1];
  if constexpr (!std::is_same_v<Band, whole_rows_t>) {
    const column_band columns = band_of(band, i);
    narrow_to_band(a.cols, p, pe, columns);
    narrow_to_band(b.cols, q, qe, columns);
  }
  while (p < pe && q < qe) {
    const vertex_id ja = a.cols[p], jb = b.cols[q];
    if (ja < jb) {
      if constexpr (union_of) emit(ja, only_a(p));
      ++p;
    } else if (jb < ja) {
      if constexpr (union_of) emit(jb, only_b(q));
      ++q;
    } else {
      emit(ja, both(p, q));
      ++p;
      ++q;
    }
  }
  if constexpr (union_of) {
    for (; p < pe; ++p) emit(a.cols[p], only_a(p));
    for (; q < qe; ++q) emit(b.cols[q], only_b(q));
  }
}

// The same for matrices, row by row. When every result entry takes one value (merged_iso) the
// rows are merged by column alone and the result has no value array.
template <class R, bool union_of, class A, class B, class Op, class Band = whole_rows_t>
matrix<R> merge_matrices(const matrix<A>& a, const matrix<B>& b, const Op& op,
                         const Band& band = {}) {
  check_dimension(b.nrows(), a.nrows(), "the second input matrix's rows");
  check_dimension(b.ncols(), a.ncols(), "the second input matrix's columns");
  const auto av = a.view();
  const auto bv = b.view();
  const std::optional<R> iso = merged_iso<R, union_of>(a, b, op);
  // rows [begin, end) of a union hold at most both inputs' entries, of an intersection at most
  // the fewer of the two
  auto bound = [&](std::uint64_t begin, std::uint64_t end) {
    const edge_offset in_a = av.offsets[end] - av.offsets[begin];
    const edge_offset in_b = bv.offsets[end] - bv.offsets[begin];
    return union_of ? in_a + in_b : std::min(in_a, in_b);
  };
  if (iso) {
    const R one = *iso;
    auto constant = [one](auto...) { return one; };
    return build_rows_bounded<R>(
        a.nrows(), a.ncols(), a.nvals() + b.nvals(),
        [&](std::uint64_t i, auto&& emit) {
          merge_row<union_of>(av, bv, i, constant, constant, constant, emit, band);
        },
        bound, iso);
  }
  return build_rows_bounded<R>(
      a.nrows(), a.ncols(), a.nvals() + b.nvals(),
      [&](std::uint64_t i, auto&& emit) {
        merge_row<union_of>(
            av, bv, i,
            [&](std::uint64_t p, std::uint64_t q) { return R(op(av.value(p), bv.value(q))); },
            [&](std::uint64_t p) { return R(av.value(p)); },
            [&](std::uint64_t q) { return R(bv.value(q)); }, emit, band);
      },
      bound);
}

// Every row may hold kept entries (map_matrix's default row condition).
struct every_row_t {
  constexpr bool operator()(std::uint64_t) const noexcept { return true; }
};

// keep(i, j, x, rank, out) for every entry, rank being the entry's place in its row (0, 1, ...).
// `iso`: the one value every kept entry takes, when the caller knows it (no value array then).
// `ranks`: when given, keep admits exactly the first `ranks` entries of each row (select with
// row_rank_lt_op), so a row's count is known without a look. `keep_row`: when given, keep admits
// every entry of the rows i where keep_row(i) holds and none of the others (select with
// row_where_op), so the other rows' entries are never read.
template <class R, class A, class F, class KeepRow = every_row_t>
matrix<R> map_matrix(const matrix<A>& a, const F& keep, std::optional<R> iso = std::nullopt,
                     std::uint64_t ranks = ~std::uint64_t(0), const KeepRow& keep_row = {}) {
  constexpr bool by_rows = !std::is_same_v<KeepRow, every_row_t>;
  const auto av = a.view();
  auto row = [&](std::uint64_t i, auto&& emit) {
    if (!keep_row(i)) return;
    const kernels::csr_view<A> rows = av;
    const std::uint64_t first = rows.offsets[i];
    const std::uint64_t last = first + std::min(ranks, rows.offsets[i + 1] - first);
    for (std::uint64_t p = first; p < last; ++p) {
      R out;
      if (keep(i, std::uint64_t(rows.cols[p]), rows.value(p), p - first, out))
        emit(rows.cols[p], out);
    }
  };
  if (by_rows || ranks != ~std::uint64_t(0))
    return build_rows_counted<R>(a.nrows(), a.ncols(), a.nvals(), row, iso, [&](std::uint64_t i) {
      return keep_row(i) ? std::min(ranks, av.offsets[i + 1] - av.offsets[i]) : 0;
    });
  return build_rows_counted<R>(a.nrows(), a.ncols(), a.nvals(), row, iso);
}

template <class F>
inline constexpr bool is_row_where_v = false;
template <class F>
inline constexpr bool is_row_where_v<row_where_op<F>> = true;

// How many leading entries of a row `keep` admits, when that is all it looks at: k for
// row_rank_lt_op; otherwise no limit.
template <class F>
std::uint64_t rank_limit(const F& keep) {
  if constexpr (std::is_same_v<F, row_rank_lt_op>) {
    return keep.k;
  } else {
    return ~std::uint64_t(0);
  }
}

// The row condition of a predicate that keeps whole rows (row_where_op); otherwise every row.
template <class F>
auto row_condition(const F& keep) {
  if constexpr (is_row_where_v<F>) {
    return keep.keep_row;
  } else {
    return every_row_t{};
  }
}

// f(x, i, j), or f(x, i, j, rank) for an operator that also asks for the entry's rank in its row
// (row_rank_lt_op): a graphring extension of GraphBLAS's index-unary operators.
template <class F, class X>
decltype(auto) call_index_op(const F& f, const X& x, std::uint64_t i, std::uint64_t j,
                             std::uint64_t rank) {
  if constexpr (std::is_invocable_v<const F&, const X&, std::uint64_t, std::uint64_t,
                                    std::uint64_t>) {
    return f(x, i, j, rank);
  } else {
    return f(x, i, j);
  }
}

template <class Op, class X, class Y>
using binary_result_t = std::decay_t<std::invoke_result_t<const Op&, const X&, const Y&>>;

// f(band) with the band a mask stands for: the triangle itself, or the other one when the
// descriptor complements the mask.
template <class Band, class F>
void with_band(const Band& band, const descriptor& d, F&& f) {
  if (d.complement_mask) {
    f(complement_of(band));
  } else {
    f(band);
  }
}

// C<band> = accum(C, T) for a T that holds entries inside the band only: inside the band C
// becomes accum(C, T) (T itself without an accumulator), outside it C keeps its entries, or
// loses them with replace.
template <class W, class Band, class Accum, class T>
void write_back_band(matrix<W>& c, const Band& band, const Accum& accum, const matrix<T>& t,
                     const descriptor& d) {
  check_dimension(c.nrows(), t.nrows(), "the output matrix's rows");
  check_dimension(c.ncols(), t.ncols(), "the output matrix's columns");
  auto part_of_c = [&](const auto& keep) {
    auto kept = [&](std::uint64_t i, std::uint64_t j, const W& v, std::uint64_t, W& out) {
      out = v;
      return keep(v, i, j);
    };
    return map_matrix<W>(c, kept, c.is_iso() ? std::optional<W>(c.iso_value()) : std::nullopt);
  };
  matrix<W> inside =
      std::is_same_v<Accum, no_accum_t> ? matrix<W>(c.nrows(), c.ncols()) : part_of_c(band);
  write_back(inside, no_mask, accum, t, descriptor{}, false);
  if (d.replace || c.nvals() == 0) {
    c = std::move(inside);
    return;
  }
  const matrix<W> outside = part_of_c(complement_of(band));
  c = merge_matrices<W, true>(outside, inside, [](const W&, const W& y) { return y; });
}

// C<mask> = accum(C, A ⊕ B) over the union (ewise_add) or the intersection (ewise_mult) of two
// matrices; with a triangle as the mask only the triangle's part of each row is merged.
template <bool union_of, class W, class Mask, class Accum, class Op, class A, class B>
void ewise_matrices(matrix<W>& c, const Mask& mask, const Accum& accum, const Op& op,
                    const matrix<A>& a, const matrix<B>& b, const descriptor& d) {
  using R = binary_result_t<Op, A, B>;
  const matrix<A>& x = d.transpose_first ? a.transposed() : a;
  const matrix<B>& y = d.transpose_second ? b.transposed() : b;
  if constexpr (is_band_op_v<Mask>) {
    with_band(mask, d, [&](const auto& band) {
      write_back_band(c, band, accum, merge_matrices<R, union_of>(x, y, op, band), d);
    });
  } else {
    write_back(c, mask, accum, merge_matrices<R, union_of>(x, y, op), d, false);
  }
}

}  // namespace detail

// ---- vectors ----

template <class W, class Mask, class Accum, class Op, class U, class V>
void ewise_add(vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const vector<U>& u,
               const vector<V>& v, const descriptor& d = {}) {
  using R = detail::binary_result_t<Op, U, V>;
  detail::check_dimension(w.size(), u.size(), "the output vector's size");
  detail::write_back(w, mask, accum, detail::merge_vectors<R, true>(u, v, op), d, false);
}

template <class W, class Mask, class Accum, class Op, class U, class V>
void ewise_mult(vector<W>& w, const Mask& mask, const Accum& accum, const Op& op,
                const vector<U>& u, const vector<V>& v, const descriptor& d = {}) {
  using R = detail::binary_result_t<Op, U, V>;
  detail::check_dimension(w.size(), u.size(), "the output vector's size");
  detail::write_back(w, mask, accum, detail::merge_vectors<R, false>(u, v, op), d, false);
}

template <class W, class Mask, class Accum, class F, class U>
void apply(vector<W>& w, const Mask& mask, const Accum& accum, const F& f, const vector<U>& u,
           const descriptor& d = {}) {
  using R = std::decay_t<std::invoke_result_t<const F&, const U&>>;
  detail::check_dimension(w.size(), u.size(), "the output vector's size");
  // w = accum(w, f(u)) needs no result vector: f is applied as u is folded into w.
  if constexpr (!std::is_same_v<Accum, no_accum_t> && std::is_same_v<Mask, no_mask_t>) {
    if (!d.complement_mask) {
      detail::accumulate_unmasked(w, accum, u, [&](const U& x, std::uint64_t) { return f(x); });
      return;
    }
  }
  auto t = detail::map_vector<R, true>(u, [&](std::uint64_t, const U& x, R& out) {
    out = f(x);
    return true;
  });
  detail::write_back(w, mask, accum, std::move(t), d, false);
}

template <class W, class Mask, class Accum, class F, class U>
void apply_index(vector<W>& w, const Mask& mask, const Accum& accum, const F& f, const vector<U>& u,
                 const descriptor& d = {}) {
  using R = std::decay_t<std::invoke_result_t<const F&, const U&, std::uint64_t, std::uint64_t>>;
  detail::check_dimension(w.size(), u.size(), "the output vector's size");
  auto t = detail::map_vector<R, true>(u, [&](std::uint64_t i, const U& x, R& out) {
    out = f(x, i, 0);
    return true;
  });
  detail::write_back(w, mask, accum, std::move(t), d, false);
}

template <class W, class Mask, class Accum, class F, class U>
void select(vector<W>& w, const Mask& mask, const Accum& accum, const F& keep, const vector<U>& u,
            const descriptor& d = {}) {
  detail::check_dimension(w.size(), u.size(), "the output vector's size");
  auto t = detail::map_vector<U>(u, [&](std::uint64_t i, const U& x, U& out) {
    out = x;
    return bool(keep(x, i, 0));
  });
  detail::write_back(w, mask, accum, std::move(t), d, false);
}

// ---- matrices ----

template <class W, class Mask, class Accum, class Op, class A, class B>
void ewise_add(matrix<W>& c, const Mask& mask, const Accum& accum, const Op& op, const matrix<A>& a,
               const matrix<B>& b, const descriptor& d = {}) {
  detail::ewise_matrices<true>(c, mask, accum, op, a, b, d);
}

template <class W, class Mask, class Accum, class Op, class A, class B>
void ewise_mult(matrix<W>& c, const Mask& mask, const Accum& accum, const Op& op,
                const matrix<A>& a, const matrix<B>& b, const descriptor& d = {}) {
  detail::ewise_matrices<false>(c, mask, accum, op, a, b, d);
}

template <class W, class Mask, class Accum, class F, class A>
void apply(matrix<W>& c, const Mask& mask, const Accum& accum, const F& f, const matrix<A>& a,
           const descriptor& d = {}) {
  using R = std::decay_t<std::invoke_result_t<const F&, const A&>>;
  const matrix<A>& x = d.transpose_first ? a.transposed() : a;
  auto t = detail::map_matrix<R>(
      x,
      [&](std::uint64_t, std::uint64_t, const A& v, std::uint64_t, R& out) {
        out = f(v);
        return true;
      },
      x.is_iso() ? std::optional<R>(f(x.iso_value())) : std::nullopt);
  detail::write_back(c, mask, accum, t, d, false);
}

template <class W, class Mask, class Accum, class F, class A>
void apply_index(matrix<W>& c, const Mask& mask, const Accum& accum, const F& f, const matrix<A>& a,
                 const descriptor& d = {}) {
  using R = std::decay_t<decltype(detail::call_index_op(f, std::declval<const A&>(), 0, 0, 0))>;
  const matrix<A>& x = d.transpose_first ? a.transposed() : a;
  auto t = detail::map_matrix<R>(
      x, [&](std::uint64_t i, std::uint64_t j, const A& v, std::uint64_t rank, R& out) {
        out = detail::call_index_op(f, v, i, j, rank);
        return true;
      });
  detail::write_back(c, mask, accum, t, d, false);
}

template <class W, class Mask, class Accum, class F, class A>
void select(matrix<W>& c, const Mask& mask, const Accum& accum, const F& keep, const matrix<A>& a,
            const descriptor& d = {}) {
  const matrix<A>& x = d.transpose_first ? a.transposed() : a;
  auto t = detail::map_matrix<A>(
      x,
      [&](std::uint64_t i, std::uint64_t j, const A& v, std::uint64_t rank, A& out) {
        out = v;
        return bool(detail::call_index_op(keep, v, i, j, rank));
      },
      x.is_iso() ? std::optional<A>(x.iso_value()) : std::nullopt, detail::rank_limit(keep),
      detail::row_condition(keep));
  detail::write_back(c, mask, accum, t, d, false);
}

// kept = A⟨keep⟩ and rest = A⟨¬keep⟩, the two selects of one predicate, reading A twice (count,
// then fill) instead of four times. Both take A's dimensions; an iso A gives iso parts. Rows go
// in blocks: the count pass sums each block, and the fill pass sets the row offsets as it goes.
// The fill writes every entry to both parts and advances only the one that keeps it, with no
// branch on the predicate (a weight against Δ is a coin toss a branch would miss half the time).
// The extra write lands on the next free slot of the other part, which a later entry of the same
// block overwrites; a row after which that part might get nothing more in its block (fewer slots
// left than the row's length) takes the branch instead, so no write leaves the block's range.
template <class A, class F>
void partition(matrix<A>& kept, matrix<A>& rest, const F& keep, const matrix<A>& a) {
  const std::uint64_t n = a.nrows(), ncols = a.ncols();
  const A iso_value = a.iso_value();
  const kernels::csr_view<A> rows = a.view();
  auto kept_at = [&](std::uint64_t i, std::uint64_t p) {
    return bool(detail::call_index_op(keep, rows.value(p), i, std::uint64_t(rows.cols[p]),
                                      p - rows.offsets[i]));
  };
  const int threads = n + a.nvals() > kernels::min_parallel_work ? omp_get_max_threads() : 1;
  const std::vector<edge_offset> kept_start =
      detail::block_starts(n, threads, [&](std::uint64_t begin, std::uint64_t end) {
        edge_offset count = 0;
        for (std::uint64_t i = begin; i < end; ++i)
          for (std::uint64_t p = rows.offsets[i]; p < rows.offsets[i + 1]; ++p)
            count += kept_at(i, p);
        return count;
      });
  const edge_offset kept_total = kept_start.back(), rest_total = a.nvals() - kept_total;
  const bool iso = a.is_iso();
  array<edge_offset> kept_offsets(n + 1), rest_offsets(n + 1);
  kept_offsets[0] = rest_offsets[0] = 0;
  array<vertex_id> kept_cols(kept_total), rest_cols(rest_total);
  array<A> kept_values(iso ? 0 : kept_total), rest_values(iso ? 0 : rest_total);
  vertex_id* const kc = kept_cols.data();
  vertex_id* const rc = rest_cols.data();
  A* const kv = kept_values.data();
  A* const rv = rest_values.data();
  detail::for_each_row_block(
      n, threads, [&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
        edge_offset k = kept_start[b], r = rows.offsets[begin] - k;
        const edge_offset kept_end = kept_start[b + 1], rest_end = rows.offsets[end] - kept_end;
        for (std::uint64_t i = begin; i < end; ++i) {
          const std::uint64_t first = rows.offsets[i], last = rows.offsets[i + 1];
          if (k + (last - first) >= kept_end || r + (last - first) >= rest_end) {
            for (std::uint64_t p = first; p < last; ++p) {
              if (kept_at(i, p)) {
                kc[k] = rows.cols[p];
                if (!iso) kv[k] = rows.values[p];
                ++k;
              } else {
                rc[r] = rows.cols[p];
                if (!iso) rv[r] = rows.values[p];
                ++r;
              }
            }
          } else if (iso) {
            for (std::uint64_t p = first; p < last; ++p) {
              const bool in = kept_at(i, p);
              kc[k] = rc[r] = rows.cols[p];
              k += in;
              r += !in;
            }
          } else {
            for (std::uint64_t p = first; p < last; ++p) {
              const bool in = kept_at(i, p);
              kc[k] = rc[r] = rows.cols[p];
              kv[k] = rv[r] = rows.values[p];
              k += in;
              r += !in;
            }
          }
          kept_offsets[i + 1] = k;
          rest_offsets[i + 1] = r;
        }
      });
  // Both are built before either is assigned: kept or rest may be a itself.
  matrix<A> kept_part(n, ncols, share(std::move(kept_offsets)), share(std::move(kept_cols)),
                      share(std::move(kept_values)), iso_value);
  matrix<A> rest_part(n, ncols, share(std::move(rest_offsets)), share(std::move(rest_cols)),
                      share(std::move(rest_values)), iso_value);
  kept = std::move(kept_part);
  rest = std::move(rest_part);
}

}  // namespace graphring

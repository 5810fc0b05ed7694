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
// `op` is any binary function object (a monoid, an operator from semirings/, or a lambda). The
// result type is what op or f returns; select keeps u's type.
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/array.hpp"
#include "engine/matrix.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/matrix_write_back.hpp"
#include "engine/ops/row_builder.hpp"
#include "engine/ops/write_back.hpp"
#include "engine/vector.hpp"
#include "kernels/cpu/parallel.hpp"

namespace graphring {

namespace detail {

// t(i) for each entry u(i) where keep(i, x, out) returns true, in u's form.
template <class R, class U, class F>
vector<R> map_vector(const vector<U>& u, const F& keep) {
  const std::uint64_t n = u.size();
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
  const std::uint8_t* in = u.present();
  std::uint64_t count = 0;
#pragma omp parallel for schedule(static) reduction(+ : count) if (n > kernels::min_parallel_work)
  for (std::int64_t s = 0; s < std::int64_t(n); ++s) {
    present[s] = (!in || in[s]) && keep(std::uint64_t(s), u.values()[s], values[s]);
    count += present[s];
  }
  auto t = vector<R>::from_bitmap(n, std::move(values), std::move(present), count);
  t.conform();
  return t;
}

// Merges u and v entry by entry: both(x, y), only_u(x), only_v(y) give the result where both,
// only u, or only v hold an entry (only_* are not called for an intersection).
template <class R, bool union_of, class U, class V, class Op>
vector<R> merge_vectors(const vector<U>& u, const vector<V>& v, const Op& op) {
  check_dimension(v.size(), u.size(), "the second input vector's size");
  const std::uint64_t n = u.size();
  if (u.form() == vector_form::sparse && v.form() == vector_form::sparse) {
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
  // An intersection with exactly one sparse input visits only that input's entries, so a small
  // frontier against a dense vector costs its own size, not n.
  if (!union_of && (u.form() == vector_form::sparse) != (v.form() == vector_form::sparse)) {
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
  if (u.form() == vector_form::dense && v.form() == vector_form::dense) {
    array<R> values(n);
#pragma omp parallel for schedule(static) if (n > kernels::min_parallel_work)
    for (std::int64_t s = 0; s < std::int64_t(n); ++s)
      values[s] = R(op(u.values()[s], v.values()[s]));
    return vector<R>::from_dense(std::move(values));
  }
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

// The same for matrices, row by row.
template <class R, bool union_of, class A, class B, class Op>
matrix<R> merge_matrices(const matrix<A>& a, const matrix<B>& b, const Op& op) {
  check_dimension(b.nrows(), a.nrows(), "the second input matrix's rows");
  check_dimension(b.ncols(), a.ncols(), "the second input matrix's columns");
  return build_by_rows<R>(a.nrows(), a.ncols(), a.nvals() + b.nvals(),
                          [&](std::uint64_t i, auto&& emit) {
    std::uint64_t p = a.offsets()[i], pe = a.offsets()[i + 1];
    std::uint64_t q = b.offsets()[i], qe = b.offsets()[i + 1];
    while (p < pe || q < qe) {
      const std::uint64_t ja = p < pe ? a.cols()[p] : ~std::uint64_t(0);
      const std::uint64_t jb = q < qe ? b.cols()[q] : ~std::uint64_t(0);
      const std::uint64_t j = std::min(ja, jb);
      if (ja == j && jb == j) {
        emit(j, R(op(a.value(p), b.value(q))));
      } else if (union_of) {
        emit(j, ja == j ? R(a.value(p)) : R(b.value(q)));
      }
      p += ja == j;
      q += jb == j;
    }
  });
}

// keep(i, j, x, rank, out) for every entry, rank being the entry's place in its row (0, 1, ...).
template <class R, class A, class F>
matrix<R> map_matrix(const matrix<A>& a, const F& keep) {
  return build_by_rows<R>(a.nrows(), a.ncols(), a.nvals(), [&](std::uint64_t i, auto&& emit) {
    const std::uint64_t first = a.offsets()[i];
    for (std::uint64_t p = first; p < a.offsets()[i + 1]; ++p) {
      R out;
      if (keep(i, std::uint64_t(a.cols()[p]), a.value(p), p - first, out)) emit(a.cols()[p], out);
    }
  });
}

// f(x, i, j), or f(x, i, j, rank) for an operator that also asks for the entry's rank in its row
// (row_rank_lt_op): a graphring extension of GraphBLAS's index-unary operators.
template <class F, class X>
decltype(auto) call_index_op(const F& f, const X& x, std::uint64_t i, std::uint64_t j,
                             std::uint64_t rank) {
  if constexpr (std::is_invocable_v<const F&, const X&, std::uint64_t, std::uint64_t, std::uint64_t>) {
    return f(x, i, j, rank);
  } else {
    return f(x, i, j);
  }
}

template <class Op, class X, class Y>
using binary_result_t = std::decay_t<std::invoke_result_t<const Op&, const X&, const Y&>>;

}  // namespace detail

// ---- vectors ----

template <class W, class Mask, class Accum, class Op, class U, class V>
void ewise_add(vector<W>& w, const Mask& mask, const Accum& accum, const Op& op,
               const vector<U>& u, const vector<V>& v, const descriptor& d = {}) {
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
  auto t = detail::map_vector<R>(u, [&](std::uint64_t, const U& x, R& out) {
    out = f(x);
    return true;
  });
  detail::write_back(w, mask, accum, std::move(t), d, false);
}

template <class W, class Mask, class Accum, class F, class U>
void apply_index(vector<W>& w, const Mask& mask, const Accum& accum, const F& f,
                 const vector<U>& u, const descriptor& d = {}) {
  using R = std::decay_t<std::invoke_result_t<const F&, const U&, std::uint64_t, std::uint64_t>>;
  detail::check_dimension(w.size(), u.size(), "the output vector's size");
  auto t = detail::map_vector<R>(u, [&](std::uint64_t i, const U& x, R& out) {
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
void ewise_add(matrix<W>& c, const Mask& mask, const Accum& accum, const Op& op,
               const matrix<A>& a, const matrix<B>& b, const descriptor& d = {}) {
  using R = detail::binary_result_t<Op, A, B>;
  const matrix<A>& x = d.transpose_first ? a.transposed() : a;
  const matrix<B>& y = d.transpose_second ? b.transposed() : b;
  detail::write_back(c, mask, accum, detail::merge_matrices<R, true>(x, y, op), d, false);
}

template <class W, class Mask, class Accum, class Op, class A, class B>
void ewise_mult(matrix<W>& c, const Mask& mask, const Accum& accum, const Op& op,
                const matrix<A>& a, const matrix<B>& b, const descriptor& d = {}) {
  using R = detail::binary_result_t<Op, A, B>;
  const matrix<A>& x = d.transpose_first ? a.transposed() : a;
  const matrix<B>& y = d.transpose_second ? b.transposed() : b;
  detail::write_back(c, mask, accum, detail::merge_matrices<R, false>(x, y, op), d, false);
}

template <class W, class Mask, class Accum, class F, class A>
void apply(matrix<W>& c, const Mask& mask, const Accum& accum, const F& f, const matrix<A>& a,
           const descriptor& d = {}) {
  using R = std::decay_t<std::invoke_result_t<const F&, const A&>>;
  const matrix<A>& x = d.transpose_first ? a.transposed() : a;
  auto t = detail::map_matrix<R>(x, [&](std::uint64_t, std::uint64_t, const A& v, std::uint64_t,
                                        R& out) {
    out = f(v);
    return true;
  });
  detail::write_back(c, mask, accum, t, d, false);
}

template <class W, class Mask, class Accum, class F, class A>
void apply_index(matrix<W>& c, const Mask& mask, const Accum& accum, const F& f,
                 const matrix<A>& a, const descriptor& d = {}) {
  using R = std::decay_t<decltype(detail::call_index_op(f, std::declval<const A&>(), 0, 0, 0))>;
  const matrix<A>& x = d.transpose_first ? a.transposed() : a;
  auto t = detail::map_matrix<R>(x, [&](std::uint64_t i, std::uint64_t j, const A& v,
                                        std::uint64_t rank, R& out) {
    out = detail::call_index_op(f, v, i, j, rank);
    return true;
  });
  detail::write_back(c, mask, accum, t, d, false);
}

template <class W, class Mask, class Accum, class F, class A>
void select(matrix<W>& c, const Mask& mask, const Accum& accum, const F& keep, const matrix<A>& a,
            const descriptor& d = {}) {
  const matrix<A>& x = d.transpose_first ? a.transposed() : a;
  auto t = detail::map_matrix<A>(x, [&](std::uint64_t i, std::uint64_t j, const A& v,
                                        std::uint64_t rank, A& out) {
    out = v;
    return bool(detail::call_index_op(keep, v, i, j, rank));
  });
  detail::write_back(c, mask, accum, t, d, false);
}

}  // namespace graphring

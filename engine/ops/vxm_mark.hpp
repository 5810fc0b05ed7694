// vxm_mark: a masked product whose new entries are also recorded in its mask (a graphring
// extension; with the C API, GrB_vxm then GrB_apply with the result as a structural mask):
//     w<¬s(m), replace> = u ⊕.⊗ A      the product where m has no entry
//     m<s(w)> = mark(w)                  each new entry recorded in m
// A traversal's step (Kepner and Gilbert, "Graph Algorithms in the Language of Linear Algebra",
// SIAM 2011, ch. 3): BFS's q<¬parents> = q any.secondi A and parents<q> = q, or levels<q> =
// level with mark = bind_first(first_op, level). Over a plain matrix with m held as a bitmap
// (and u not m), both are written in one pass: when the step pulls by request (d.method = pull),
// the pull kernel writes m(i) as it stores row i's sum (kernels' pull_into_marked_result: row i's
// thread alone reads and writes m(i)); when it pushes (by request, or automatically while u is
// sparse) and ⊕ is ANY, the push writes m(j) as it first reaches j (kernels' push_marked: on one
// thread the first entry of u wins, as in the composed push; a wider push's threads claim each j
// by an atomic exchange on m's presence byte, so w(j) may come from any entry of u reaching j).
// Otherwise (a formatted matrix, m sparse or dense, another monoid's push) the two operations run
// as written, the second visiting only w's entries. w may be u; w being m is a usage error.
// Given a step_report (descriptor.hpp), the fused push over a square matrix, when its edges are
// fewer than n / 16 (so that what it reaches is sparse), also adds up the row lengths of the
// indices it reaches, read as it claims each one: the next frontier's edges that BFS's direction
// rule needs; any other step leaves the report empty.
// d's mask flags are implied (structural, complemented, replace); its method and
// transpose_second are honoured.
#pragma once

#include <optional>
#include <type_traits>

#include "core/error.hpp"
#include "engine/matrix.hpp"
#include "engine/ops/assign.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/mxv.hpp"
#include "engine/vector.hpp"
#include "kernels/cpu/push_marked.hpp"
#include "kernels/cpu/spmv_pull.hpp"

namespace graphring {

namespace detail {

// The fused pull of vxm_mark over a plain matrix; false when it does not apply (the caller then
// composes the two operations).
template <class S, class W, class M, class Mark, class U, class AT>
bool pulled_and_marked(vector<W>& w, vector<M>& m, const Mark& mark, const vector<U>& u,
                       const matrix<AT>& a, const descriptor& d) {
  using C = typename S::c_type;
  if constexpr (!std::is_same_v<W, C>) {
    return false;
  } else {
    if (d.method != product_method::pull || m.form() != vector_form::bitmap ||
        static_cast<const void*>(&m) == static_cast<const void*>(&u))
      return false;
    const matrix<AT>& rows = d.transpose_second ? a : a.transposed();
    const std::uint64_t n = rows.nrows();
    vector<U> spare;
    const vector<U>& x = addressable(u, spare);
    array<C> values(n);
    array<std::uint8_t> present(n);
    const kernels::pull_into_marked_result<C, M, Mark> out{values.data(), present.data(),
                                                           m.values(), m.present(), mark};
    std::uint64_t count = 0;
    with_vector_mask(m, d, [&](const auto& allows) {
      count =
          kernels::spmv_pull_into<flipped<S>>(rows.view(), x.values(), x.present(), out, allows);
    });
    w = vector<C>::from_bitmap(n, std::move(values), std::move(present), count);
    w.conform();
    m.set_nvals(m.nvals() + count);
    if (m.nvals() == m.size()) m.conform();  // it only gained entries: a bitmap still, or full
    return true;
  }
}

// The fused push of vxm_mark over a plain matrix, for an ANY monoid; false when it does not apply
// (the caller then pulls fused, or composes the two operations).
template <class S, class W, class M, class Mark, class U, class AT>
bool pushed_and_marked(vector<W>& w, vector<M>& m, const Mark& mark, const vector<U>& u,
                       const matrix<AT>& a, const descriptor& d, step_report* report) {
  using C = typename S::c_type;
  if constexpr (!std::is_same_v<W, C> || !is_any_v<typename S::add_monoid>) {
    return false;
  } else {
    if (!prefers_push_by_density(u, d.method) || m.form() != vector_form::bitmap ||
        static_cast<const void*>(&m) == static_cast<const void*>(&u))
      return false;
    const matrix<AT>& rows = d.transpose_second ? a.transposed() : a;
    vector<U> spare;
    const vector<U>& x = sparse_form(u, spare);
    const kernels::marked_target<M, Mark> target{m.values(), m.present(), mark};
    kernels::marked_push_result<C> t;
    if (kernels::push_marked<S>(rows.view(), x.indices(), x.indices(), x.values(), x.nvals(),
                                target, report != nullptr, push_workspace<C>(),
                                sparse_density_divisor, t))
      *report = {true, t.reached_row_entries};
    const std::uint64_t n = rows.ncols();
    w = t.bitmap ? vector<C>::from_bitmap(n, std::move(t.values), std::move(t.present), t.count)
                 : vector<C>::from_sorted(n, std::move(t.indices), std::move(t.values));
    w.conform();
    m.set_nvals(m.nvals() + t.count);
    if (m.nvals() == m.size()) m.conform();
    return true;
  }
}

}  // namespace detail

// w<¬s(m), replace> = u ⊕.⊗ A, then m<s(w)> = mark(w). Matrix is a matrix or a formatted_matrix
// (for the latter include engine/ops/mxv_format.hpp); w may be u. `report`, where given, is
// filled as above.
template <class S, class W, class M, class Mark, class U, class Matrix>
void vxm_mark(vector<W>& w, vector<M>& m, const Mark& mark, S, const vector<U>& u, const Matrix& a,
              descriptor d = {}, step_report* report = nullptr) {
  if (static_cast<const void*>(&w) == static_cast<const void*>(&m))
    throw error(error_kind::usage, "vxm_mark's output vector cannot be its mask");
  if (report) *report = {};
  d.structural_mask = d.complement_mask = d.replace = true;
  detail::check_dimension(m.size(), d.transpose_second ? a.nrows() : a.ncols(), "the mask's size");
  if constexpr (detail::is_plain_matrix_v<Matrix>) {
    detail::check_dimension(u.size(), d.transpose_second ? a.ncols() : a.nrows(),
                            "the input vector's size");
    detail::check_dimension(w.size(), m.size(), "the output vector's size");
    if (detail::pulled_and_marked<S>(w, m, mark, u, a, d)) return;
    if (detail::pushed_and_marked<S>(w, m, mark, u, a, d, report)) return;
  }
  vxm(w, m, no_accum, S{}, u, a, d);
  // m<s(w)> = mark(w): only w's entries are visited
  detail::assign_at_mask(m, w,
                         [&](std::uint64_t, const W& v) { return std::optional<M>(M(mark(v))); });
}

}  // namespace graphring

// vxm_improve: w ⊕= u ⊕.⊗ A in place, returning the entries of w that changed. A graphring
// extension for the relaxation step of shortest-path and label-propagation methods; in the
// GraphBLAS C API it takes three calls:
//     t = u ⊕.⊗ A;   c = t⟨t ⊕ w ≠ w⟩ with c's values t ⊕ w;   w<c> = c
// For a dense w and an idempotent add monoid other than ANY (min, max, lor, land), the
// result is the same vector c and w is left as the third call leaves it. Over a plain matrix the
// three are one push over u's rows into w itself (kernels/cpu/push_improve.hpp: one random access
// per edge, a compare-and-swap only where a product changes w); over a matrix held in another
// format, they run as written. Values do not depend on the thread count.
#pragma once

#include <span>
#include <type_traits>
#include <vector>

#include "core/error.hpp"
#include "engine/matrix.hpp"
#include "engine/ops/bucket_queue.hpp"
#include "engine/ops/elementwise.hpp"
#include "engine/ops/listed_entries.hpp"
#include "engine/ops/mxv.hpp"
#include "engine/ops/mxv_format.hpp"
#include "engine/vector.hpp"
#include "kernels/cpu/push_improve.hpp"
#include "semirings/binary_ops.hpp"
#include "semirings/monoids.hpp"
#include "semirings/unary_ops.hpp"

namespace graphring {

namespace detail {

template <class W>
void check_improvable(const vector<W>& w, std::uint64_t a_ncols) {
  check_dimension(w.size(), a_ncols, "the output vector's size");
  if (w.form() != vector_form::dense)
    throw error(error_kind::usage, "vxm_improve needs a dense output vector (every entry present)");
}

// The changed entries listed by push_improve (with repeats), each once, their values read from w.
template <class W>
vector<W> collect_changed(const vector<W>& w, const kernels::improve_workspace<W>& ws) {
  return listed_entries(w, std::span<const std::vector<std::uint32_t>>(ws.changed),
                        [](std::uint32_t, const W&) { return true; });
}

}  // namespace detail

// Over a plain matrix: one push into w.
template <class S, class W, class U, class AT>
vector<W> vxm_improve(vector<W>& w, S, const vector<U>& u, const matrix<AT>& a) {
  static_assert(std::is_same_v<W, typename S::c_type>, "w must hold the semiring's output type");
  detail::check_dimension(u.size(), a.nrows(), "the input vector's size");
  detail::check_improvable(w, a.ncols());
  static thread_local kernels::improve_workspace<W> ws;
  vector<U> spare;
  const vector<U>& x = sparse_form(u, spare);
  kernels::push_improve<S>(a.view(), x.indices(), x.values(), x.nvals(), w.values(), ws);
  return detail::collect_changed(w, ws);
}

// The relaxation of a bucket queue's lowest bucket, fused (a graphring extension):
//     near = q.pop();   c = vxm_improve(w, S, near, A);   q.push(c)
// where w is the vector q lists, and ⊕ is min (the queue takes the lowest bucket first). Over a
// plain matrix one push runs over the bucket's indices and the entries it changed are listed in q
// straight from the push's lists, so neither near nor c is formed as a vector (each of them a
// bitmap of w's size when the bucket is large, written and read again on every round of
// Δ-stepping). The push also chases (kernels/cpu/push_improve.hpp): an entry that falls into the
// same bucket is relaxed at once by the thread that lowered it, while its batches are small,
// instead of being listed for the next call; so one call may settle what several calls of the
// three steps would. After the calls that empty a bucket, w is what the three steps leave (the
// bucket's entries are final, and every other entry holds the best offer of the final ones).
// Returns the number of rows relaxed: the entries taken from the bucket and those chased.
template <class S, class W, class AT>
std::uint64_t vxm_improve_front(bucket_queue<W>& q, vector<W>& w, S, const matrix<AT>& a) {
  static_assert(std::is_same_v<W, typename S::c_type>, "w must hold the semiring's output type");
  static_assert(std::is_same_v<typename S::add_monoid, min_monoid<W>>,
                "vxm_improve_front needs the min monoid (its queue takes the lowest bucket)");
  if (&q.values() != &w)
    throw error(error_kind::usage, "vxm_improve_front needs the vector its bucket queue lists");
  detail::check_dimension(w.size(), a.nrows(), "the input vector's size");
  detail::check_improvable(w, a.ncols());
  const W bucket_end = q.front_end();
  const std::vector<std::uint32_t>& near = q.take_front();
  static thread_local std::vector<W> near_values;  // near's values before the push lowers any
  near_values.resize(near.size());
  const W* d = w.values();
  constexpr std::size_t ahead = 16;  // scattered reads: asked for ahead
  for (std::size_t e = 0; e < near.size(); ++e) {
    if (e + ahead < near.size()) __builtin_prefetch(d + near[e + ahead]);
    near_values[e] = d[near[e]];
  }
  static thread_local kernels::improve_workspace<W> ws;
  const std::uint64_t chased = kernels::push_improve<S>(a.view(), near.data(), near_values.data(),
                                                        near.size(), w.values(), ws, &bucket_end);
  q.push_listed(ws.changed);
  return near.size() + chased;
}

// Over any other matrix (a formatted one): the three steps as written.
template <class S, class W, class Matrix>
std::uint64_t vxm_improve_front(bucket_queue<W>& q, vector<W>& w, S, const Matrix& a) {
  static_assert(std::is_same_v<typename S::add_monoid, min_monoid<W>>,
                "vxm_improve_front needs the min monoid (its queue takes the lowest bucket)");
  if (&q.values() != &w)
    throw error(error_kind::usage, "vxm_improve_front needs the vector its bucket queue lists");
  const vector<W> near = q.pop();
  q.push(vxm_improve(w, S{}, near, a));
  return near.nvals();
}

// Over any other matrix (a formatted one): the three operations.
template <class S, class W, class U, class Matrix>
vector<W> vxm_improve(vector<W>& w, S, const vector<U>& u, const Matrix& a) {
  static_assert(std::is_same_v<W, typename S::c_type>, "w must hold the semiring's output type");
  static_assert(is_idempotent_v<typename S::add_monoid> && !is_any_v<typename S::add_monoid>,
                "vxm_improve needs an idempotent monoid that is not ANY");
  detail::check_improvable(w, a.ncols());
  const std::uint64_t n = w.size();
  vector<W> t(n), changed(n);
  // t = u ⊕.⊗ A
  vxm(t, no_mask, no_accum, S{}, u, a, {.method = product_method::push});
  // c = t⟨t ⊕ w ≠ w⟩, its values t ⊕ w
  const W* d = w.values();
  select(
      changed, no_mask, no_accum,
      [d](const W& x, std::uint64_t i, std::uint64_t) { return S::add(d[i], x) != d[i]; }, t);
  apply_index(
      changed, no_mask, no_accum,
      [d](const W& x, std::uint64_t i, std::uint64_t) { return S::add(d[i], x); }, changed);
  // w<c> = c
  apply(w, no_mask, second_op<W>{}, identity_op<W>{}, changed);
  return changed;
}

}  // namespace graphring

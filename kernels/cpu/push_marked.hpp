// Push SpMSpV recorded in its own mask, for a semiring whose ⊕ is ANY:
//     w(j) = u(k) ⊗ N(k, j) for the first entry k of u (in u's order) with an edge to j,
//     m(j) = mark(w(j)),
// over every j that m did not hold, m given by presence bytes and written here: one top-down
// step of a BFS with its parents (or levels) written as the vertices are found, as GAP's td step
// does (Beamer, Asanović, Patterson, "Direction-optimizing breadth-first search", SC 2012), with
// no result vector merged into m afterwards. One thread takes j at its first edge and writes m(j)
// at once, so that later edges to j find it held: w and m are those of spmspv_push followed by
// the assignment into m. A push of more edge work than min_parallel_work is left to spmspv_push,
// whose threads scatter into copies of their own (push_marked returns false). It works in
// spmspv_push's workspace (values, mark bits, the list of indices reached), so that a thread
// keeps one set of n-sized arrays for both.
// The reached indices come out ascending, read off one mark bit per index through one summary
// bit per mark word, so that listing them costs their number and n / 4096, not n / 64; as a
// bitmap (the values found in place, presence bytes set) when they are many.
#pragma once

#include <bit>
#include <cstdint>

#include "core/array.hpp"
#include "core/parallel.hpp"
#include "kernels/cpu/spmspv_push.hpp"
#include "kernels/formats/csr_view.hpp"

namespace graphring::kernels {

// Where the marked push writes: m's values and presence bytes and the mark applied to each w(j).
template <class M, class Mark>
struct marked_target {
  M* values;
  std::uint8_t* present;
  Mark mark;
};

// The reached indices w(j): ascending `indices` and their `values` when sparse, else (count *
// sparse_divisor >= n) n `values` and presence bytes `present`.
template <class C>
struct marked_push_result {
  std::uint64_t count = 0;
  bool bitmap = false;
  array<vertex_id> indices;
  array<C> values;
  array<std::uint8_t> present;
};

namespace detail {

// The reached indices as `out`, the marks cleared: a sparse result read off the summary and mark
// words in order, or a bitmap result made of the workspace's values and presence bytes.
template <class C>
void list_reached(scatter_workspace<C>& w, std::uint64_t n, std::uint64_t sparse_divisor,
                  marked_push_result<C>& out) {
  const std::uint64_t count = w.touched.size();
  out.count = count;
  std::uint64_t* marks = w.marks.data();
  std::uint64_t* summary = w.summary.data();
  if (count * sparse_divisor >= n) {
    out.bitmap = true;
    out.present = array<std::uint8_t>(n, 0);
    std::uint8_t* present = out.present.data();
    for (std::uint32_t j : w.touched) {
      present[j] = 1;
      marks[j / 64] = 0;
      summary[j / 4096] = 0;
    }
    out.values = std::move(w.values);
    w.values = {};
    w.touched.clear();
    return;
  }
  out.indices = array<vertex_id>(count);
  out.values = array<C>(count);
  std::uint64_t k = 0;
  for (std::uint64_t s = 0; s < w.summary.size(); ++s) {
    for (std::uint64_t words = summary[s]; words; words &= words - 1) {
      const std::uint64_t word = s * 64 + std::uint64_t(std::countr_zero(words));
      for (std::uint64_t bits = marks[word]; bits; bits &= bits - 1) {
        const std::uint64_t j = word * 64 + std::uint64_t(std::countr_zero(bits));
        out.indices[k] = vertex_id(j);
        out.values[k++] = w.values[j];
      }
      marks[word] = 0;
    }
    summary[s] = 0;
  }
  w.touched.clear();
}

}  // namespace detail

// The marked push over the frontier u (entry e is u(u_index[e]) = u_value[e], its edges row
// u_row[e] of `a`, as spmspv_push takes them), m's bytes and values in `m`: w into `out`, a bitmap
// where it holds n / sparse_divisor entries or more. Returns false, having done nothing, when the
// frontier's edges number more than min_parallel_work.
template <class S, class V, class U, class M, class Mark>
bool push_marked(const csr_view<V>& a, const std::uint32_t* u_index, const std::uint32_t* u_row,
                 const U* u_value, std::uint64_t u_nvals, const marked_target<M, Mark>& m,
                 scatter_workspace<typename S::c_type>& w, std::uint64_t sparse_divisor,
                 marked_push_result<typename S::c_type>& out) {
  static_assert(is_any_v<typename S::add_monoid>, "the marked push keeps one product per index");
  using C = typename S::c_type;
  std::uint64_t work = 0;
  for (std::uint64_t e = 0; e < u_nvals; ++e) work += a.offsets[u_row[e] + 1] - a.offsets[u_row[e]];
  if (work > min_parallel_work) return false;
  w.prepare(a.ncols);
  std::uint8_t* held = m.present;
  C* values = w.values.data();
  std::uint64_t* marks = w.marks.data();
  std::uint64_t* summary = w.summary.data();
  array<std::uint32_t>& reached = w.touched;
  detail::walk_rows_ahead(
      a, u_index, u_row, 0, u_nvals, [&](std::uint32_t j) { __builtin_prefetch(held + j); },
      [&](std::uint64_t e, std::uint32_t k, std::uint64_t p) {
        const std::uint32_t j = a.cols[p];
        if (held[j]) return;
        const C value = detail::push_product<S>(a, u_value, e, k, p, j);
        values[j] = value;
        m.values[j] = M(m.mark(value));
        held[j] = 1;
        marks[j / 64] |= std::uint64_t(1) << (j % 64);
        summary[j / 4096] |= std::uint64_t(1) << (j / 64 % 64);
        reached.push_back(j);
      });
  detail::list_reached(w, a.ncols, sparse_divisor, out);
  return true;
}

}  // namespace graphring::kernels

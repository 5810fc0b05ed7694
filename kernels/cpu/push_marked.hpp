// Push SpMSpV recorded in its own mask, for a semiring whose ⊕ is ANY:
//     w(j) = u(k) ⊗ N(k, j) for one entry k of u with an edge to j,
//     m(j) = mark(w(j)),
// over every j that m did not hold, m given by presence bytes and written here: one top-down
// step of a BFS with its parents (or levels) written as the vertices are found, as GAP's td step
// does (Beamer, Asanović, Patterson, "Direction-optimizing breadth-first search", SC 2012), with
// no result vector merged into m afterwards. j is taken at its first edge and m(j) written at
// once, so that later edges to j find it held.
// A push of at most marked_push_serial_work edges runs on one thread, k being the first entry of
// u (in u's order) with an edge to j, as in the composed push. A wider one splits u into chunks
// that threads take in turn, each claiming j by an atomic exchange on m's presence byte, as GAP's
// compare-and-swap on the parent does: the thread that finds the byte clear writes w(j) and m(j),
// so k is one of u's entries with an edge to j, which may differ from run to run (ANY's value).
// It works in spmspv_push's workspace (values, mark bits, the list of indices reached), so that
// a thread keeps one set of n-sized arrays for both.
// The reached indices come out ascending, read off one mark bit per index through one summary
// bit per mark word, so that listing them costs their number and n / 4096, not n / 64; as a
// bitmap (the values found in place, presence bytes set) when they are many.
// Asked to (a square, count_rows), a push sure to give a sparse result (fewer than n /
// sparse_divisor edges) also adds up the row lengths |A(j,:)| of the indices it claims, read as
// each j is claimed: the edges the next step of a traversal pushes from, which GAP's top-down
// step counts the same way for its direction rule, where a separate pass over a sparse frontier
// would read its row offsets cold, one by one. A wider push may reach a dense share of the
// indices, whose offsets such a pass reads faster in index order: it counts nothing.
#pragma once

#include <omp.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

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
  std::uint64_t reached_row_entries = 0;  // Σ |A(j,:)| over the reached j, when counted
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

// Above this many edges the marked push splits the frontier among threads.
inline constexpr std::uint64_t marked_push_serial_work = 1024;
// A wider push's chunks hold this much edge work or more (at least one chunk a thread).
inline constexpr std::uint64_t marked_push_chunk_work = 1024;

namespace detail {

// True for the one thread whose exchange finds m's presence byte for j clear.
GRAPHRING_INLINE bool claim(std::uint8_t* held, std::uint32_t j) {
  return !__atomic_load_n(held + j, __ATOMIC_RELAXED) &&
         !__atomic_exchange_n(held + j, std::uint8_t(1), __ATOMIC_RELAXED);
}

// One thread, u in order: the reached indices appended to w.touched and marked.
template <class S, class V, class U, class M, class Mark>
void push_marked_on_one_thread(const csr_view<V>& a, const std::uint32_t* u_index,
                               const std::uint32_t* u_row, const U* u_value, std::uint64_t u_nvals,
                               const marked_target<M, Mark>& m, bool count_rows,
                               scatter_workspace<typename S::c_type>& w,
                               std::uint64_t& row_entries) {
  using C = typename S::c_type;
  std::uint8_t* held = m.present;
  std::uint64_t entries = 0;
  C* values = w.values.data();
  std::uint64_t* marks = w.marks.data();
  std::uint64_t* summary = w.summary.data();
  array<std::uint32_t>& reached = w.touched;
  walk_rows_ahead(
      a, u_index, u_row, 0, u_nvals, [&](std::uint32_t j) { __builtin_prefetch(held + j); },
      [&](std::uint64_t e, std::uint32_t k, std::uint64_t p) {
        const std::uint32_t j = a.cols[p];
        if (held[j]) return;
        const C value = push_product<S>(a, u_value, e, k, p, j);
        values[j] = value;
        m.values[j] = M(m.mark(value));
        held[j] = 1;
        if (count_rows) entries += a.offsets[j + 1] - a.offsets[j];
        marks[j / 64] |= std::uint64_t(1) << (j % 64);
        summary[j / 4096] |= std::uint64_t(1) << (j / 64 % 64);
        reached.push_back(j);
      });
  row_entries = entries;
}

// Threads take chunks of u of equal edge work (marked_push_chunk_work edges or more, one to
// sixteen a thread) in turn and claim each j (claim); each lists what it claimed, with its value,
// in a small buffer of its own, moved into w.touched (sized for every edge or every index) at a
// place taken by an atomic add. The buffer's flush also writes w(j) and m(j) (and adds up the row
// lengths): a locked exchange waits for every store and load before it to complete, so stores
// made between claims would each wait out a cache miss (on a grid's diagonal frontier every j is
// a line of its own), where a flush's stores overlap. The reached indices are marked afterwards
// when they are few enough to be listed in order.
template <class S, class V, class U, class M, class Mark>
void push_marked_in_parallel(const csr_view<V>& a, const std::uint32_t* u_index,
                             const std::uint32_t* u_row, const U* u_value, std::uint64_t u_nvals,
                             std::uint64_t work, const marked_target<M, Mark>& m, bool count_rows,
                             scatter_workspace<typename S::c_type>& w, std::uint64_t sparse_divisor,
                             std::uint64_t& row_entries) {
  using C = typename S::c_type;
  constexpr int buffered = 256;
  std::uint8_t* held = m.present;
  C* values = w.values.data();
  w.touched.resize(std::min<std::uint64_t>(work, a.ncols));
  std::uint32_t* reached = w.touched.data();
  std::uint64_t count = 0, entries = 0;
  // chunk c: entries [first[c], first[c + 1]) of u
  const std::uint64_t threads = std::uint64_t(omp_get_max_threads());
  const std::uint64_t chunks = std::min(
      u_nvals, std::clamp<std::uint64_t>(work / marked_push_chunk_work, threads, threads * 16));
  const std::vector<std::uint64_t> first = equal_work_chunks(a, u_row, u_nvals, work, chunks);
#pragma omp parallel reduction(+ : entries)
  {
    std::uint32_t mine[buffered];
    C mine_values[buffered];
    int listed = 0;
    auto flush = [&] {
      std::uint64_t at;
#pragma omp atomic capture
      {
        at = count;
        count += std::uint64_t(listed);
      }
      std::copy(mine, mine + listed, reached + at);
      for (int i = 0; i < listed; ++i) {
        const std::uint32_t j = mine[i];
        values[j] = mine_values[i];
        m.values[j] = M(m.mark(mine_values[i]));
        if (count_rows) entries += a.offsets[j + 1] - a.offsets[j];
      }
      listed = 0;
    };
#pragma omp for schedule(dynamic, 1) nowait
    for (std::uint64_t t = 0; t < chunks; ++t)
      walk_rows_ahead(
          a, u_index, u_row, first[t], first[t + 1],
          [&](std::uint32_t j) { __builtin_prefetch(held + j); },
          [&](std::uint64_t e, std::uint32_t k, std::uint64_t p) {
            const std::uint32_t j = a.cols[p];
            if (!claim(held, j)) return;
            mine_values[listed] = push_product<S>(a, u_value, e, k, p, j);
            mine[listed++] = j;
            if (listed == buffered) flush();
          });
    flush();
  }
  w.touched.resize(count);
  row_entries = entries;
  if (count * sparse_divisor >= a.ncols) return;  // a bitmap result: no marks needed
  std::uint64_t* marks = w.marks.data();
  std::uint64_t* summary = w.summary.data();
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint32_t j = reached[i];
    marks[j / 64] |= std::uint64_t(1) << (j % 64);
    summary[j / 4096] |= std::uint64_t(1) << (j / 64 % 64);
  }
}

}  // namespace detail

// The marked push over the frontier u (entry e is u(u_index[e]) = u_value[e], its edges row
// u_row[e] of `a`, as spmspv_push takes them), m's bytes and values in `m`: w into `out`, a bitmap
// where it holds n / sparse_divisor entries or more. With count_rows, the row lengths of the
// reached indices are added up in out.reached_row_entries, and `true` returned, when `a` is square
// and u's edges are fewer than n / sparse_divisor; else nothing is counted and `false` returned.
template <class S, class V, class U, class M, class Mark>
bool push_marked(const csr_view<V>& a, const std::uint32_t* u_index, const std::uint32_t* u_row,
                 const U* u_value, std::uint64_t u_nvals, const marked_target<M, Mark>& m,
                 bool count_rows, scatter_workspace<typename S::c_type>& w,
                 std::uint64_t sparse_divisor, marked_push_result<typename S::c_type>& out) {
  static_assert(is_any_v<typename S::add_monoid>, "the marked push keeps one product per index");
  std::uint64_t work = 0;
  for (std::uint64_t e = 0; e < u_nvals; ++e) work += a.offsets[u_row[e] + 1] - a.offsets[u_row[e]];
  count_rows = count_rows && a.nrows == a.ncols && work * sparse_divisor < a.ncols;
  std::uint64_t row_entries = 0;
  w.prepare(a.ncols);
  if (work <= marked_push_serial_work || omp_get_max_threads() == 1)
    detail::push_marked_on_one_thread<S>(a, u_index, u_row, u_value, u_nvals, m, count_rows, w,
                                         row_entries);
  else
    detail::push_marked_in_parallel<S>(a, u_index, u_row, u_value, u_nvals, work, m, count_rows, w,
                                       sparse_divisor, row_entries);
  detail::list_reached(w, a.ncols, sparse_divisor, out);
  out.reached_row_entries = row_entries;
  return count_rows;
}

}  // namespace graphring::kernels

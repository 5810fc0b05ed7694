// Push SpMSpV: w(j) ⊕= u(k) ⊗ N(k,j) for every entry u(k) of a sparse vector and every stored
// N(k,j) of row k whose j a mask allows — a frontier scattered over its out-edges. This is the
// vxm orientation (N = A); mxv pushes over Aᵀ with flipped<S>.
// The products land in a dense workspace (values + presence bytes, all zero on entry) and the
// touched indices are listed in ascending order without sorting the whole output: the index
// range is cut into buckets, threads expand disjoint frontier chunks into per-bucket lists, then
// each bucket is applied by one thread (threads' lists in frontier order, so products combine in
// ascending k) and its touched indices sorted within the bucket, or read back off one mark bit per
// index when a sort would cost more.
// A wide push (edge work of at least n/16) whose monoid folds exactly in any grouping (integer and
// boolean sums, and the idempotent monoids such as min, max, any, lor, which return one of their
// operands) skips the lists: each thread scatters its frontier chunk straight into a dense copy of
// its own, and the copies are folded into the first one index range by index range, in thread
// (= frontier) order, so the result is bit-for-bit the sequential one. Lists would move 16 bytes
// per edge through memory; this moves none.
// The lists take 16 bytes per product: a push that would list more than list_products_max of them
// (a frontier with billions of edges) runs on one thread, which lists none, so that its memory
// stays in proportion to n, not to its edge work.
// Scattering into n values is a random access per edge, and whether an index was touched before
// decides a branch, so the loads would otherwise wait one after another: the walks over the
// frontier's edges prefetch the scatter target of the edge a fixed distance ahead, across rows.
#pragma once

#include <omp.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "core/array.hpp"
#include "core/parallel.hpp"
#include "kernels/formats/csr_view.hpp"
#include "semirings/monoids.hpp"

namespace graphring::kernels {

// The dense scatter target of a push: n values and presence bytes, one mark bit per index (the
// touched indices read back in order from n/64 words), and the list of touched indices; and one
// summary bit per mark word, for the marked push (push_marked.hpp), which shares the rest.
template <class C>
struct scatter_workspace {
  array<C> values;
  array<std::uint8_t> present;   // all zero between uses
  array<std::uint64_t> marks;    // bit j % 64 of word j / 64: j touched; all zero between uses
  array<std::uint64_t> summary;  // bit w % 64 of word w / 64: mark word w used; zero between uses
  array<std::uint32_t> touched;
  std::vector<scatter_workspace> copies;  // one per further thread, for exact monoids' wide pushes

  void prepare(std::uint64_t n) {
    if (present.size() != n) {
      present = array<std::uint8_t>(n, 0);
      marks = array<std::uint64_t>((n + 63) / 64, 0);
      summary = array<std::uint64_t>((n + 4095) / 4096, 0);
    }
    if (values.size() != n) values = array<C>(n);  // given away as a dense result's, or new
    touched.clear();
  }
  // Clears the presence bytes and marks of the touched entries, ready for the next use.
  void reset() {
    std::uint8_t* bytes = present.data();
    std::uint64_t* words = marks.data();
    for (std::uint32_t j : touched) {
      bytes[j] = 0;
      words[j / 64] = 0;
    }
    touched.clear();
  }
  // Gives up the values and presence bytes (moved out into a result); the next prepare makes
  // fresh ones. The per-thread copies, all clear, are kept.
  void forget_storage() {
    values = {};
    present = {};
    marks = {};
    summary = {};
    touched.clear();
  }
};

namespace detail {

// The workspace's arrays as plain pointers, held in locals by the loops: stores through the
// presence bytes could otherwise alias the workspace's own fields and force their reload.
template <class C>
struct scatter_target {
  C* values;
  std::uint8_t* present;
  std::uint64_t* marks;

  explicit scatter_target(scatter_workspace<C>& w)
      : values(w.values.data()), present(w.present.data()), marks(w.marks.data()) {}
};

// Records product p for index j: the first product found for j is stored, marked, and j is
// appended to list (which has room for it); later ones are added in.
template <class S, class C>
GRAPHRING_INLINE void scatter_one(const scatter_target<C>& w, std::uint32_t j, const C& product,
                                  std::uint32_t* list, std::uint64_t& listed) {
  if (!w.present[j]) {
    w.present[j] = 1;
    w.marks[j / 64] |= std::uint64_t(1) << (j % 64);
    w.values[j] = product;
    list[listed++] = j;
  } else if constexpr (!is_any_v<typename S::add_monoid>) {
    w.values[j] = S::add(w.values[j], product);
  }
}

// Puts the `listed` indices of list, all in [first, last) with first a multiple of 64, in
// ascending order: a sort while they are fewer than one per 2,048 positions, else read back off
// the mark words (n/64 of them; a sort costs about 30 ns an index, a mark word about 1 ns:
// docs/kernel-speed-log.md).
inline void order_listed(const std::uint64_t* marks, std::uint64_t first, std::uint64_t last,
                         std::uint32_t* list, std::uint64_t listed) {
  if (listed * 2048 <= last - first) {
    std::sort(list, list + listed);
    return;
  }
  std::uint64_t out = 0;
  for (std::uint64_t word = first / 64; word < (last + 63) / 64; ++word)
    for (std::uint64_t bits = marks[word]; bits; bits &= bits - 1)
      list[out++] = std::uint32_t(word * 64 + std::uint64_t(std::countr_zero(bits)));
}

// Whether folding chunk results in chunk order gives the sequential fold bit for bit.
template <class S>
inline constexpr bool folds_exactly_in_chunks =
    is_idempotent_v<typename S::add_monoid> || is_any_v<typename S::add_monoid> ||
    std::is_integral_v<typename S::c_type>;

// Records product p for index j, as scatter_one does, without listing j.
template <class S, class C>
GRAPHRING_INLINE void scatter_unlisted(const scatter_target<C>& w, std::uint32_t j,
                                       const C& product) {
  if (!w.present[j]) {
    w.present[j] = 1;
    w.marks[j / 64] |= std::uint64_t(1) << (j % 64);
    w.values[j] = product;
  } else if constexpr (!is_any_v<typename S::add_monoid>) {
    w.values[j] = S::add(w.values[j], product);
  }
}

// Folds the copies' entries with index in mark words [first, last) into w, in copy order, clears
// them in the copies, and lists w's indices there in ascending order.
template <class S, class C>
void fold_copies(scatter_workspace<C>& w, std::uint64_t first, std::uint64_t last,
                 array<std::uint32_t>& listed) {
  const scatter_target<C> into(w);
  std::uint64_t count = 0;
  for (std::uint64_t word = first; word < last; ++word) {
    std::uint64_t all = into.marks[word];
    for (auto& copy : w.copies) {
      const scatter_target<C> from(copy);
      const std::uint64_t bits = from.marks[word];
      if (!bits) continue;
      for (std::uint64_t rest = bits; rest; rest &= rest - 1) {
        const std::uint64_t j = word * 64 + std::uint64_t(std::countr_zero(rest));
        scatter_unlisted<S>(into, std::uint32_t(j), from.values[j]);
        from.present[j] = 0;
      }
      from.marks[word] = 0;
      all |= bits;
    }
    into.marks[word] = all;
    count += std::uint64_t(std::popcount(all));
  }
  listed.resize(count);
  std::uint32_t* out = listed.data();
  for (std::uint64_t word = first; word < last; ++word)
    for (std::uint64_t bits = into.marks[word]; bits; bits &= bits - 1)
      *out++ = std::uint32_t(word * 64 + std::uint64_t(std::countr_zero(bits)));
}

// Calls visit(e, k, p) for every stored entry p of frontier entry e's row u_row[e] (k = u_index[e]
// its index, which a positional multiply reads), e in [begin, end),
// in order, and ahead(j) for the column j of the entry `lookahead` places further on (crossing
// rows), so that a scatter into j's slot finds it on its way to the cache. The frontier's rows lie
// anywhere in the matrix: each row's offsets are asked for eight rows ahead, its column ids (and
// values) four rows ahead, so that the lookahead's reads of them hit even where the matrix's rows
// are out of the cache (docs/kernel-speed-log.md).
template <class V, class Ahead, class Visit>
GRAPHRING_INLINE void walk_rows_ahead(const csr_view<V>& a, const std::uint32_t* u_index,
                                      const std::uint32_t* u_row, std::uint64_t begin,
                                      std::uint64_t end, const Ahead& ahead, const Visit& visit) {
  constexpr int lookahead = 16;
  constexpr std::uint64_t rows_ahead = 4;
  std::uint64_t next_row = begin, p_ahead = 0, last_ahead = 0;
  auto step_ahead = [&] {
    while (p_ahead == last_ahead) {
      if (next_row == end) return;
      if (next_row + 2 * rows_ahead < end)
        __builtin_prefetch(a.offsets + u_row[next_row + 2 * rows_ahead]);
      if (next_row + rows_ahead < end) {
        const std::uint64_t p = a.offsets[u_row[next_row + rows_ahead]];
        __builtin_prefetch(a.cols + p);
        if (a.values) __builtin_prefetch(a.values + p);
      }
      const std::uint32_t r = u_row[next_row++];
      p_ahead = a.offsets[r];
      last_ahead = a.offsets[r + 1];
    }
    ahead(a.cols[p_ahead++]);
  };
  for (int s = 0; s < lookahead; ++s) step_ahead();
  for (std::uint64_t e = begin; e < end; ++e) {
    const std::uint32_t k = u_index[e], r = u_row[e];
    for (std::uint64_t p = a.offsets[r], last = a.offsets[r + 1]; p < last; ++p) {
      step_ahead();
      visit(e, k, p);
    }
  }
}

// Asks for j's value and presence byte in a scatter target, to be written soon.
template <class C>
GRAPHRING_INLINE void prefetch_slot(const scatter_target<C>& w, std::uint32_t j) {
  __builtin_prefetch(w.values + j, 1);
  __builtin_prefetch(w.present + j, 1);
}

}  // namespace detail

inline constexpr std::uint64_t list_products_max = std::uint64_t(1) << 24;

namespace detail {

// The product u(k) ⊗ N(k,j) of frontier entry e (k = u_index[e]) and stored entry p of its row.
template <class S, class V, class U>
GRAPHRING_INLINE typename S::c_type push_product(const csr_view<V>& a, const U* u_value,
                                                 std::uint64_t e, std::uint32_t k, std::uint64_t p,
                                                 std::uint32_t j) {
  using A = typename S::a_type;
  using B = typename S::b_type;
  return S::multiply(A(u_value[e]), B(a.value(p)), 0, k, j);
}

// One thread: at most min(work, n) indices are touched, so the list is sized once, then written
// in place.
template <class S, class V, class U, class Allowed>
GRAPHRING_INLINE void push_on_one_thread(const csr_view<V>& a, const std::uint32_t* u_index,
                                         const std::uint32_t* u_row, const U* u_value,
                                         std::uint64_t u_nvals, std::uint64_t work,
                                         scatter_workspace<typename S::c_type>& w,
                                         const Allowed& allowed) {
  using C = typename S::c_type;
  w.touched.resize(std::min<std::uint64_t>(work, a.ncols));
  std::uint32_t* list = w.touched.data();
  std::uint64_t listed = 0;
  const scatter_target<C> target(w);
  const csr_view<V> rows = a;
  walk_rows_ahead(
      rows, u_index, u_row, 0, u_nvals, [&](std::uint32_t j) { prefetch_slot(target, j); },
      [&](std::uint64_t e, std::uint32_t k, std::uint64_t p) {
        const std::uint32_t j = rows.cols[p];
        if (!allowed(j)) return;
        scatter_one<S>(target, j, push_product<S>(rows, u_value, e, k, p, j), list, listed);
      });
  order_listed(w.marks.data(), 0, a.ncols, list, listed);
  w.touched.resize(listed);
}

// How a parallel push splits its work: frontier chunks of equal edge work, one per thread
// (chunk_begin[t] .. chunk_begin[t + 1]), and the index range cut into buckets of `span`
// indices, each with the list of its touched indices.
struct push_split {
  int threads, buckets;
  std::uint64_t span;
  std::vector<std::uint64_t> chunk_begin;
  std::vector<array<std::uint32_t>> bucket_touched;
};

// u's entries cut into `chunks` runs of about equal edge work (work: the edges of all u's rows):
// run c is entries [first[c], first[c + 1]) of u, and a run may be empty.
template <class V>
std::vector<std::uint64_t> equal_work_chunks(const csr_view<V>& a, const std::uint32_t* u_row,
                                             std::uint64_t u_nvals, std::uint64_t work,
                                             std::uint64_t chunks) {
  std::vector<std::uint64_t> first(chunks + 1, u_nvals);
  first[0] = 0;
  std::uint64_t seen = 0, c = 1;
  for (std::uint64_t e = 0; e < u_nvals && c < chunks; ++e) {
    seen += a.offsets[u_row[e] + 1] - a.offsets[u_row[e]];
    while (c < chunks && seen >= work * c / chunks) first[c++] = e + 1;
  }
  return first;
}

template <class V>
push_split split_push(const csr_view<V>& a, const std::uint32_t* u_row, std::uint64_t u_nvals,
                      std::uint64_t work, int threads) {
  push_split split;
  split.threads = threads;
  split.buckets = threads * 4;
  // Buckets span whole mark words, so no two threads touch one word.
  split.span = (a.ncols + 64 * split.buckets - 1) / (64 * split.buckets) * 64;
  // As many as that span needs, so none starts at n or past it: a bucket at n (n not a multiple
  // of 64) would fold its predecessor's last mark word a second time.
  if (split.span > 0) split.buckets = int((a.ncols + split.span - 1) / split.span);
  split.chunk_begin = equal_work_chunks(a, u_row, u_nvals, work, std::uint64_t(threads));
  split.bucket_touched.resize(split.buckets);
  return split;
}

// The buckets' touched indices, in bucket order, into w.touched.
template <class C>
void gather_touched(scatter_workspace<C>& w, const push_split& split) {
  std::uint64_t total = 0;
  for (const auto& touched : split.bucket_touched) total += touched.size();
  w.touched.resize(total);
  std::uint32_t* out = w.touched.data();
  for (const auto& touched : split.bucket_touched)
    out = std::copy(touched.begin(), touched.end(), out);
}

// A wide push of a monoid that folds exactly in chunks: each thread scatters its frontier chunk
// into a dense copy of its own (thread 0 into w), then the copies are folded into w bucket by
// bucket.
template <class S, class V, class U, class Allowed>
void push_into_copies(const csr_view<V>& a, const std::uint32_t* u_index,
                      const std::uint32_t* u_row, const U* u_value,
                      scatter_workspace<typename S::c_type>& w, const Allowed& allowed,
                      push_split& split) {
  using C = typename S::c_type;
  const int threads = split.threads;
  const std::uint64_t span = split.span;
  if (w.copies.size() < std::size_t(threads - 1)) w.copies.resize(threads - 1);
  for (auto& copy : w.copies) copy.prepare(a.ncols);
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    const scatter_target<C> mine(t == 0 ? w : w.copies[t - 1]);
    walk_rows_ahead(
        a, u_index, u_row, split.chunk_begin[t], split.chunk_begin[t + 1],
        [&](std::uint32_t j) { prefetch_slot(mine, j); },
        [&](std::uint64_t e, std::uint32_t k, std::uint64_t p) {
          const std::uint32_t j = a.cols[p];
          if (!allowed(j)) return;
          scatter_unlisted<S>(mine, j, push_product<S>(a, u_value, e, k, p, j));
        });
#pragma omp barrier
#pragma omp for schedule(dynamic, 1)
    for (int b = 0; b < split.buckets; ++b) {
      const std::uint64_t first = std::min<std::uint64_t>(std::uint64_t(b) * span, a.ncols);
      const std::uint64_t last = std::min<std::uint64_t>(first + span, a.ncols);
      fold_copies<S>(w, first / 64, (last + 63) / 64, split.bucket_touched[b]);
    }
  }
  gather_touched(w, split);
}

// The listed push: threads expand their frontier chunks into per-bucket lists of products, then
// each bucket is applied to w by one thread, threads' lists in frontier order.
template <class S, class V, class U, class Allowed>
void push_through_lists(const csr_view<V>& a, const std::uint32_t* u_index,
                        const std::uint32_t* u_row, const U* u_value,
                        scatter_workspace<typename S::c_type>& w, const Allowed& allowed,
                        push_split& split) {
  using C = typename S::c_type;
  struct product {
    std::uint32_t j;
    C value;
  };
  const int threads = split.threads, buckets = split.buckets;
  const std::uint64_t span = split.span;
  const std::vector<std::uint64_t>& chunk_begin = split.chunk_begin;
  // lists[t][b]: thread t's products whose index falls in bucket b, in frontier order.
  std::vector<std::vector<std::vector<product>>> lists(threads,
                                                       std::vector<std::vector<product>>(buckets));
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    auto& mine = lists[t];
    for (std::uint64_t e = chunk_begin[t]; e < chunk_begin[t + 1]; ++e) {
      const std::uint32_t k = u_index[e], r = u_row[e];
      for (std::uint64_t p = a.offsets[r]; p < a.offsets[r + 1]; ++p) {
        const std::uint32_t j = a.cols[p];
        if (!allowed(j)) continue;
        mine[j / span].push_back({j, push_product<S>(a, u_value, e, k, p, j)});
      }
    }
#pragma omp barrier
#pragma omp for schedule(dynamic, 1)
    for (int b = 0; b < buckets; ++b) {
      const std::uint64_t first = std::min<std::uint64_t>(std::uint64_t(b) * span, a.ncols);
      const std::uint64_t last = std::min<std::uint64_t>(first + span, a.ncols);
      std::uint64_t products = 0;
      for (int s = 0; s < threads; ++s) products += lists[s][b].size();
      auto& touched = split.bucket_touched[b];
      touched.resize(std::min(products, last - first));
      std::uint64_t listed = 0;
      const scatter_target<C> target(w);
      for (int s = 0; s < threads; ++s)
        for (const product& x : lists[s][b])
          scatter_one<S>(target, x.j, x.value, touched.data(), listed);
      order_listed(w.marks.data(), first, last, touched.data(), listed);
      touched.resize(listed);
    }
  }
  gather_touched(w, split);
}

}  // namespace detail

// The push: one thread for a small push (or one whose lists would not fit), else dense copies
// for a wide push of a monoid that folds exactly in chunks, else lists. Frontier entry e is
// u(u_index[e]) = u_value[e]; its out-edges are row u_row[e] of `a`: u_row is u_index when `a` is
// the whole matrix, and e itself when `a` holds only the frontier's rows, in frontier order (rows
// gathered from a compressed format, engine/formats/row_gather.hpp).
template <class S, class V, class U, class Allowed>
void spmspv_push(const csr_view<V>& a, const std::uint32_t* u_index, const std::uint32_t* u_row,
                 const U* u_value, std::uint64_t u_nvals, scatter_workspace<typename S::c_type>& w,
                 const Allowed& allowed) {
  w.prepare(a.ncols);
  std::uint64_t work = 0;
  for (std::uint64_t e = 0; e < u_nvals; ++e) work += a.offsets[u_row[e] + 1] - a.offsets[u_row[e]];
  const bool wide_exact = detail::folds_exactly_in_chunks<S> && work * 16 >= a.ncols;
  const bool listing = !wide_exact;
  const int threads = work > min_parallel_work && !(listing && work > list_products_max)
                          ? omp_get_max_threads()
                          : 1;
  if (threads == 1) {
    detail::push_on_one_thread<S>(a, u_index, u_row, u_value, u_nvals, work, w, allowed);
    return;
  }
  detail::push_split split = detail::split_push(a, u_row, u_nvals, work, threads);
  if constexpr (detail::folds_exactly_in_chunks<S>) {
    if (wide_exact) {
      detail::push_into_copies<S>(a, u_index, u_row, u_value, w, allowed, split);
      return;
    }
  }
  detail::push_through_lists<S>(a, u_index, u_row, u_value, w, allowed, split);
}

}  // namespace graphring::kernels

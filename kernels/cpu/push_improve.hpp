// Push into a dense vector in place: w(j) = w(j) ⊕ u(k) ⊗ N(k,j) for every frontier entry u(k)
// and stored N(k,j), for an idempotent ⊕ (min, max, lor, land), listing the j whose w(j) changed.
// This is the relaxation of Bellman-Ford and Δ-stepping as hand-written codes do it (GAP's SSSP
// [1]: read w(j), and only when the product changes it, compare-and-swap): one random access per
// edge, where a product into a workspace, then a comparison with w, touches the workspace's
// value, presence and mask bytes per edge and passes over the result twice more. Threads take
// the frontier in blocks of 64 entries and list each j they change, as often as they change it
// (a claim byte per index to list it once would be a second random access per change, and
// changes are many in the first rounds); the caller merges the lists. The values left in w are the
// ⊕ of w and every product whatever the order, since ⊕ is commutative, associative and idempotent:
// the same on any thread count.
//
// [1] Beamer, Asanović, Patterson, "The GAP Benchmark Suite", arXiv:1508.03619, 2015.
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include "core/array.hpp"
#include "core/parallel.hpp"
#include "kernels/cpu/spmspv_push.hpp"
#include "kernels/formats/csr_view.hpp"
#include "semirings/monoids.hpp"

namespace graphring::kernels {

// What a push_improve keeps between calls: one list of changed indices per thread.
struct improve_workspace {
  std::vector<std::vector<std::uint32_t>> changed;

  void prepare(int threads) {
    changed.resize(std::size_t(threads));
    for (auto& list : changed) list.clear();
  }
};

namespace detail {

// w(j) = w(j) ⊕ p; true when that changed w(j) (by compare-and-swap when `shared`).
template <class S, class C>
GRAPHRING_INLINE bool improve_one(C* w, std::uint32_t j, const C& p, bool shared) {
  if (!shared) {
    const C old = w[j], next = S::add(old, p);
    if (next == old) return false;
    w[j] = next;
    return true;
  }
  std::atomic_ref<C> slot(w[j]);
  C old = slot.load(std::memory_order_relaxed);
  for (C next = S::add(old, p); next != old; next = S::add(old, p))
    if (slot.compare_exchange_weak(old, next, std::memory_order_relaxed)) return true;
  return false;
}

}  // namespace detail

// The push above over the rows u_index[e] of `a`; afterwards ws.changed holds, per thread, the
// indices whose w changed, in no order and with repeats; every changed index is in a list.
template <class S, class V, class U>
void push_improve(const csr_view<V>& a, const std::uint32_t* u_index, const U* u_value,
                  std::uint64_t u_nvals, typename S::c_type* w, improve_workspace& ws) {
  using C = typename S::c_type;
  static_assert(is_idempotent_v<typename S::add_monoid> && !is_any_v<typename S::add_monoid>,
                "push_improve needs an idempotent monoid that is not ANY");
  std::uint64_t work = 0;
  for (std::uint64_t e = 0; e < u_nvals; ++e)
    work += a.offsets[u_index[e] + 1] - a.offsets[u_index[e]];
  const int threads = work > min_parallel_work ? omp_get_max_threads() : 1;
  ws.prepare(threads);
  constexpr std::uint64_t block = 64;
  const std::int64_t blocks = std::int64_t((u_nvals + block - 1) / block);
#pragma omp parallel num_threads(threads)
  {
    const bool shared = threads > 1;
    std::vector<std::uint32_t>& mine = ws.changed[std::size_t(omp_get_thread_num())];
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t b = 0; b < blocks; ++b) {
      const std::uint64_t begin = std::uint64_t(b) * block;
      const std::uint64_t end = std::min(begin + block, u_nvals);
      detail::walk_rows_ahead(
          a, u_index, u_index, begin, end, [&](std::uint32_t j) { __builtin_prefetch(w + j); },
          [&](std::uint64_t e, std::uint32_t k, std::uint64_t p) {
            const std::uint32_t j = a.cols[p];
            const C product = detail::push_product<S>(a, u_value, e, k, p, j);
            if (detail::improve_one<S>(w, j, product, shared)) mine.push_back(j);
          });
    }
  }
}

}  // namespace graphring::kernels

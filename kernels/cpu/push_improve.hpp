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
// Chasing (Δ-stepping's bucket settled in place, as GAP relaxes a thread's small bin of the
// current bucket at once [1]): given a bound, a change to a value better than it (p ⊕ bound = p,
// p ≠ bound: below the bucket's end, for min) is kept by the thread that made it, which then
// relaxes j's row itself, from w(j) as it then stands, in batches of its kept indices while a
// batch holds fewer than chase_limit; what is kept beyond that is listed instead. A j listed
// (lowered to a value beyond the bound) whose value has fallen below the bound by the end is
// dropped from its list: the later change kept it (else the next call would relax it again at
// the value it was chased at). So a bucket whose relaxations mostly land in the bucket takes one
// call instead of a call per wave. The result is the same: every kept j has its row relaxed at a
// value at least as good as the one it was kept at, or is listed, and a later change to it is kept
// or listed.
//
// [1] Beamer, Asanović, Patterson, "The GAP Benchmark Suite", arXiv:1508.03619, 2015.
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "core/array.hpp"
#include "core/parallel.hpp"
#include "kernels/cpu/spmspv_push.hpp"
#include "kernels/formats/csr_view.hpp"
#include "semirings/monoids.hpp"

namespace graphring::kernels {

// What a push_improve keeps between calls: one list of changed indices per thread, and each
// thread's kept (chased) indices and the batch it relaxes.
template <class C>
struct improve_workspace {
  std::vector<std::vector<std::uint32_t>> changed, kept, batch;
  std::vector<std::vector<C>> batch_values;

  void prepare(int threads) {
    changed.resize(std::size_t(threads));
    kept.resize(std::size_t(threads));
    batch.resize(std::size_t(threads));
    batch_values.resize(std::size_t(threads));
    for (auto& list : changed) list.clear();
    for (auto& list : kept) list.clear();
  }
};

// A thread relaxes its kept indices while a batch of them is smaller than this (GAP's
// kBinSizeThreshold); a larger batch is listed for the caller's next call, where both threads
// share it.
inline constexpr std::size_t chase_limit = 1000;

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
// indices whose w changed, in no order and with repeats, except those whose value ended below
// `chase_below` (when given) and were chased; every other changed index is in a list. Returns the
// number of rows the chase relaxed (with repeats).
template <class S, class V, class U>
std::uint64_t push_improve(const csr_view<V>& a, const std::uint32_t* u_index, const U* u_value,
                           std::uint64_t u_nvals, typename S::c_type* w,
                           improve_workspace<typename S::c_type>& ws,
                           const typename S::c_type* chase_below = nullptr) {
  using C = typename S::c_type;
  static_assert(is_idempotent_v<typename S::add_monoid> && !is_any_v<typename S::add_monoid>,
                "push_improve needs an idempotent monoid that is not ANY");
  // A row is chased from w(j), so w's type must convert to the product's left operand; where it
  // does not, the bound is ignored and every change listed.
  constexpr bool can_chase = std::is_convertible_v<C, typename S::a_type>;
  if constexpr (!can_chase) chase_below = nullptr;
  std::uint64_t work = 0;
  for (std::uint64_t e = 0; e < u_nvals; ++e)
    work += a.offsets[u_index[e] + 1] - a.offsets[u_index[e]];
  // A chasing call relaxes more rows than its frontier holds (what falls into the bucket), so it
  // goes parallel at less frontier work.
  const std::uint64_t parallel_above = chase_below ? min_parallel_work / 8 : min_parallel_work;
  const int threads = work > parallel_above ? omp_get_max_threads() : 1;
  ws.prepare(threads);
  constexpr std::uint64_t block = 64;
  const std::int64_t blocks = std::int64_t((u_nvals + block - 1) / block);
  std::uint64_t chased = 0;
#pragma omp parallel num_threads(threads) reduction(+ : chased)
  {
    const bool shared = threads > 1;
    const std::size_t t = std::size_t(omp_get_thread_num());
    std::vector<std::uint32_t>& mine = ws.changed[t];
    std::vector<std::uint32_t>& kept = ws.kept[t];
    // Relaxes rows[begin, end) from the values `from`; each change is kept or listed.
    auto relax = [&](const std::uint32_t* rows, const auto* from, std::uint64_t begin,
                     std::uint64_t end) {
      detail::walk_rows_ahead(
          a, rows, rows, begin, end, [&](std::uint32_t j) { __builtin_prefetch(w + j); },
          [&](std::uint64_t e, std::uint32_t k, std::uint64_t p) {
            const std::uint32_t j = a.cols[p];
            const C product = detail::push_product<S>(a, from, e, k, p, j);
            if (!detail::improve_one<S>(w, j, product, shared)) return;
            if (chase_below && S::add(product, *chase_below) == product && product != *chase_below)
              kept.push_back(j);
            else
              mine.push_back(j);
          });
    };
#pragma omp for schedule(dynamic, 1) nowait
    for (std::int64_t b = 0; b < blocks; ++b) {
      const std::uint64_t begin = std::uint64_t(b) * block;
      relax(u_index, u_value, begin, std::min(begin + block, u_nvals));
    }
    if constexpr (can_chase) {
      // w(j) as it stands (another thread may be lowering it)
      const auto load = [&](std::uint32_t j) {
        return shared ? std::atomic_ref<C>(w[j]).load(std::memory_order_relaxed) : w[j];
      };
      std::vector<std::uint32_t>& batch = ws.batch[t];
      std::vector<C>& values = ws.batch_values[t];
      while (!kept.empty() && kept.size() < chase_limit) {
        batch.swap(kept);
        kept.clear();
        values.resize(batch.size());
        for (std::size_t e = 0; e < batch.size(); ++e) values[e] = load(batch[e]);
        relax(batch.data(), values.data(), 0, batch.size());
        chased += batch.size();
      }
      // A listed j whose value has since fallen below the bound was kept by that later change
      // (by this thread or another), so it is chased or listed with the kept ones: dropped here.
      if (chase_below) {
        std::erase_if(mine, [&](std::uint32_t j) {
          const C now = load(j);
          return S::add(now, *chase_below) == now && now != *chase_below;
        });
      }
      mine.insert(mine.end(), kept.begin(), kept.end());
    }
  }
  return chased;
}

}  // namespace graphring::kernels

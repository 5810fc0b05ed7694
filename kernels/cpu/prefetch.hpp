// Software prefetch for the gathers of a pull SpMV, x(k) over the column ids k of the entries.
#pragma once

#include <cstdint>

#include "core/parallel.hpp"
#include "core/prefetch_threshold.hpp"

namespace graphring::kernels {

// Gathers of x far larger than a core's L2 cache wait on the shared cache or memory, and a row's
// loop exit, mispredicted at every few rows on a power-law graph, throws away the gathers the core
// had started past it. Such a kernel prefetches x(k) for the entry `gather_lookahead` places ahead
// in the column array, across row ends, so those gathers are under way whatever the branch
// predictor does. The prefetch asks for the line in L2, not in L1 (locality hint 2, prefetcht1):
// the L1's few miss slots then stay free for the loads, which find the line in L2 in time. The
// distance and the hint are the fastest of those tried (docs/kernel-speed-log.md).
// An x whose gathers mostly hit L2 gains nothing and pays the extra load per entry, so only an x
// of more than prefetch_above_bytes() (core/prefetch_threshold.hpp: four times the L2) is
// prefetched.
inline constexpr std::uint64_t gather_lookahead = 128;

// Prefetches the line that holds *address into L2, for reading (prefetcht1).
template <class X>
GRAPHRING_INLINE void prefetch_into_l2(const X* address) {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(address, 0, 2);
#endif
}

// Prefetches x(k) into L2 for the entry `gather_lookahead` places after p in the column array (a
// no-op unless `ahead`); the caller guarantees that the array holds that entry.
template <bool ahead, class X>
GRAPHRING_INLINE void prefetch_gather(const X* x, const std::uint32_t* cols, std::uint64_t p) {
  if constexpr (ahead) prefetch_into_l2(x + cols[p + gather_lookahead]);
}

}  // namespace graphring::kernels

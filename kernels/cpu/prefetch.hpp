// Software prefetch for the gathers of a pull SpMV, x(k) over the column ids k of the entries.
#pragma once

#include <cstdint>

#include "kernels/cpu/parallel.hpp"

namespace graphring::kernels {

// Gathers of x far larger than a core's L2 cache wait on the shared cache or memory, and a row's
// loop exit, mispredicted at every few rows on a power-law graph, throws away the gathers the core
// had started past it. Such a kernel prefetches x(k) for the entry `gather_lookahead` places ahead
// in the column array, across row ends, so those gathers are under way whatever the branch
// predictor does. Measured with 2 threads, interleaved runs, plus_times fp32: rmat:20 1.20x faster,
// urand:20 1.41x, rmat:22 1.32x; 32 to 64 entries ahead were alike, 24 slower. 128 ahead was
// faster again when the machine's memory was slow (a driver, each call of the library's 64
// against a copy at 128 in turn, 2 threads, 2026-11-25, triad ~30 GB/s): rmat:20 0.92-0.95 of the
// time at 64, one thread 0.94, urand:20 0.90-0.96, rmat:22 0.95-1.0 (96 and 192, tried with
// another change, gained less). The prefetch asks for the line in L2, not in L1 (locality hint 2,
// prefetcht1): the L1's few miss slots then stay free for the loads, which find the line in L2 in
// time. Same driver, each call of the library (L1) against copies with the hint, 2026-11-25, slow
// memory, six runs: rmat:20 0.92-0.96 of the time (min_plus 0.88-0.92), urand:20 0.78-0.84;
// rmat:22 0.90 once; one thread rmat:20 0.95 (min_plus 0.91), urand:20 0.79. 64 and 256 entries
// ahead with the hint were no better than 128; the non-temporal hint (prefetchnta) was no faster
// than the L1 one.
// An x that fits in L2 gains nothing and pays the extra load per entry, so only an x of more than
// `prefetch_above_bytes` (about twice the L2 of current x86 cores) is prefetched.
inline constexpr std::uint64_t gather_lookahead = 128;
inline constexpr std::uint64_t prefetch_above_bytes = std::uint64_t(2) << 20;

// Prefetches x(k) into L2 for the entry `gather_lookahead` places after p in the column array (a
// no-op unless `ahead`); the caller guarantees that the array holds that entry.
template <bool ahead, class X>
GRAPHRING_INLINE void prefetch_gather(const X* x, const std::uint32_t* cols, std::uint64_t p) {
  if constexpr (ahead) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(x + cols[p + gather_lookahead], 0, 2);  // read, into L2 (prefetcht1)
#endif
  }
}

}  // namespace graphring::kernels

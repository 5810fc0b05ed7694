// When a loop is worth OpenMP threads: below this many elements of work a loop runs serially,
// since waking a thread team costs more than the loop (and oversubscribed cores make it worse).
// GRAPHRING_INLINE inlines a per-row helper into its kernel loop even where the compiler's size
// heuristics would not: a call per row of a few entries costs as much as the row.
#pragma once

#include <cstdint>

#if defined(__GNUC__) || defined(__clang__)
#define GRAPHRING_INLINE inline __attribute__((always_inline))
#else
#define GRAPHRING_INLINE inline
#endif

namespace graphring::kernels {

inline constexpr std::uint64_t min_parallel_work = std::uint64_t(1) << 15;

}  // namespace graphring::kernels

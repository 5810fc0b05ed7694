// When a loop is worth OpenMP threads: below this many elements of work a loop runs serially,
// since waking a thread team costs more than the loop (and oversubscribed cores make it worse).
// GRAPHRING_INLINE inlines a per-row helper into its kernel loop even where the compiler's size
// heuristics would not: a call per row of a few entries costs as much as the row.
// GRAPHRING_SCALAR_LOOP, as the first statement of a loop body, keeps GCC from vectorizing that
// loop: a fold over gathered x values in a fixed order becomes lane shuffles plus a scalar tail
// of branches at every row, slower on the short rows of a graph (docs/kernel-speed-log.md).
// An empty asm statement is what stops it (GCC 12 has no `novector` pragma); other compilers do
// not vectorize such folds.
#pragma once

#include <cstdint>

#if defined(__GNUC__) || defined(__clang__)
#define GRAPHRING_INLINE inline __attribute__((always_inline))
// After a lambda's parameter list: the lambda is inlined where it is called.
#define GRAPHRING_INLINE_LAMBDA __attribute__((always_inline))
#else
#define GRAPHRING_INLINE inline
#define GRAPHRING_INLINE_LAMBDA
#endif

#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__)
#define GRAPHRING_SCALAR_LOOP() asm("")
#else
#define GRAPHRING_SCALAR_LOOP() ((void)0)
#endif

namespace graphring::kernels {

inline constexpr std::uint64_t min_parallel_work = std::uint64_t(1) << 15;

}  // namespace graphring::kernels

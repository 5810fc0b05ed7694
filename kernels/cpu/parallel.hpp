// When a loop is worth OpenMP threads: below this many elements of work a loop runs serially,
// since waking a thread team costs more than the loop (and oversubscribed cores make it worse).
#pragma once

#include <cstdint>

namespace graphring::kernels {

inline constexpr std::uint64_t min_parallel_work = std::uint64_t(1) << 15;

}  // namespace graphring::kernels

// One memory budget for every large block graphring allocates: graph arrays, vectors, kernel
// workspaces, parse and decompression buffers (everything held in buffer<T> or array<T>, whose
// allocator, core/buffer.hpp, reserves each block of 64 KiB or more here before it is made).
// Blocks kept for reuse by core/block_cache.hpp count until they go back to the system; the
// cache is emptied before a request is refused. A request past the budget throws
// error_kind::limit saying what was asked for, what is in use and what the limit is (inside an
// OpenMP parallel region, where no exception may be thrown, it is granted and the next request
// outside is refused: only a thread's own small workspaces are made there).
//
// The budget is GRAPHRING_MEMORY_LIMIT_MB when set (a positive whole number of MiB; anything else
// is a usage error naming the variable), else the smaller of the machine's physical memory and
// the control group's memory.max. A .grb file mapped as a graph's arrays counts while the graph
// holds it (engine/io/load.cpp: its pages are read in whole); text inputs mapped only while
// they are parsed do not, since the system can drop their pages.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>

namespace graphring {

// The budget in bytes (reads the environment once; throws error_kind::usage for a bad value).
std::uint64_t memory_budget();
// Replaces the budget (0: back to the environment's or the machine's); a refusal then says the
// limit was set by the program.
void set_memory_budget(std::uint64_t bytes);
// Bytes of counted blocks held now.
std::uint64_t memory_in_use() noexcept;

// "1.5 GiB", "300.0 MiB": a byte count for messages.
std::string memory_text(std::uint64_t bytes);

// Throws error_kind::limit when `bytes` more would not fit in the budget, saying that `what`
// needs them, for `file` (a request checked before the allocations it stands for are made).
void require_memory(std::uint64_t bytes, const std::string& what, const std::string& file);

namespace detail {

inline constexpr std::size_t counted_from = std::size_t(64) << 10;

inline std::atomic<std::uint64_t>& memory_counter() noexcept {
  static std::atomic<std::uint64_t> in_use{0};
  return in_use;
}

// Counts `bytes` before a block of that size is made; throws error_kind::limit past the budget,
// except inside an OpenMP parallel region, which an exception may not leave: there the block is
// granted and the next request outside a region is refused.
void reserve_memory(std::size_t bytes);
// Uncounts a block given back to the system (or never made).
inline void release_memory(std::size_t bytes) noexcept {
  memory_counter().fetch_sub(bytes, std::memory_order_relaxed);
}

}  // namespace detail
}  // namespace graphring

// A process-wide cache of freed large memory mappings, so that a block of the same size asked for
// again (an algorithm's vectors, iteration after iteration) comes back already paged in. A fresh
// anonymous mapping costs a page fault per 4 KiB page on first touch, which on a virtual machine
// is several microseconds each: more than writing the page. A request that no block fits exactly
// takes the smallest cached block of up to twice its size (arrays that grow a little at every step,
// such as a BFS-like sweep's visited set, would otherwise fault in fresh pages every time), and
// that block comes back at its own size. The cache keeps at most `capacity_bytes` in blocks of at
// most `largest_block` bytes and gives the oldest back to the system first. It is off under
// AddressSanitizer, which must see every block unmapped to catch a use after free. Its blocks
// count against the memory budget (core/memory_budget.hpp) until they are unmapped; trim()
// unmaps them all when the budget needs the room.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "core/memory_budget.hpp"
#include "core/sanitizers.hpp"

namespace graphring::detail {

inline constexpr bool block_cache_enabled = !built_with_address_sanitizer;

class block_cache {
 public:
  static constexpr std::size_t capacity_bytes = std::size_t(1) << 30;
  static constexpr std::size_t largest_block = std::size_t(256) << 20;

  // Never destroyed, so that arrays freed by other static objects at exit still find it.
  static block_cache& instance() {
    static block_cache* const cache = new block_cache;
    return *cache;
  }

  // The process's cache is instance(); a test may make its own.
  block_cache() {
    blocks_.reserve(max_blocks);
    lent_.reserve(max_blocks);
  }

  // A cached mapping for `bytes` bytes, or null: the newest of exactly that size, else the
  // smallest of up to twice that size (lent: give() takes it back at its own size).
  void* take(std::size_t bytes) {
    if (!block_cache_enabled) return nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    std::size_t best = blocks_.size();
    for (std::size_t k = blocks_.size(); k-- > 0;) {
      const std::size_t size = blocks_[k].bytes;
      if (size == bytes) {
        best = k;
        break;
      }
      const bool fits = size > bytes && size / 2 <= bytes && lent_.size() < max_blocks;
      if (fits && (best == blocks_.size() || size < blocks_[best].bytes)) best = k;
    }
    if (best == blocks_.size()) return nullptr;
    const block b = blocks_[best];
    held_ -= b.bytes;
    blocks_.erase(blocks_.begin() + std::ptrdiff_t(best));
    if (b.bytes != bytes) lent_.push_back(b);  // within the reserved capacity: no allocation
    return b.address;
  }

  // Keeps the mapping for reuse, or unmaps it; older blocks are unmapped to make room. `bytes` is
  // what was asked of take() or of the system; a lent block counts its own size.
  void give(void* p, std::size_t bytes) noexcept {
    if (!block_cache_enabled) {
      unmap(p, bytes);
      return;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    for (std::size_t k = 0; k < lent_.size(); ++k) {
      if (lent_[k].address != p) continue;
      bytes = lent_[k].bytes;
      lent_.erase(lent_.begin() + std::ptrdiff_t(k));
      break;
    }
    if (bytes > largest_block) {
      unmap(p, bytes);
      return;
    }
    while (!blocks_.empty() && (held_ + bytes > capacity_bytes || blocks_.size() >= max_blocks)) {
      unmap(blocks_.front().address, blocks_.front().bytes);
      held_ -= blocks_.front().bytes;
      blocks_.erase(blocks_.begin());
    }
    blocks_.push_back({p, bytes});  // within the reserved capacity: no allocation
    held_ += bytes;
  }

  // Gives every block it holds back to the system.
  void trim() noexcept {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const block& b : blocks_) unmap(b.address, b.bytes);
    blocks_.clear();
    held_ = 0;
  }

  // Unmaps the blocks it holds (the process's cache is never destroyed).
  ~block_cache() {
    for (const block& b : blocks_) unmap(b.address, b.bytes);
  }

  block_cache(const block_cache&) = delete;
  block_cache& operator=(const block_cache&) = delete;

 private:
  static constexpr std::size_t max_blocks = 256;
  static void unmap(void* p, std::size_t bytes) noexcept {
    munmap(p, bytes);
    release_memory(bytes);
  }
  struct block {
    void* address;
    std::size_t bytes;
  };

  std::mutex mutex_;
  std::vector<block> blocks_;  // oldest first
  std::vector<block> lent_;    // handed out for a smaller request, with their own sizes
  std::size_t held_ = 0;
};

}  // namespace graphring::detail

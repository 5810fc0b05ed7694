// A process-wide cache of freed large memory mappings, so that a block of the same size asked for
// again (an algorithm's vectors, iteration after iteration) comes back already paged in. A fresh
// anonymous mapping costs a page fault per 4 KiB page on first touch, which on a virtual machine
// is several microseconds each: more than writing the page. The cache keeps at most
// `capacity_bytes` in blocks of at most `largest_block` bytes and gives the oldest back to the
// system first. It is off under AddressSanitizer, which must see every block unmapped to catch a
// use after free.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace graphring::detail {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool block_cache_enabled = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool block_cache_enabled = false;
#else
inline constexpr bool block_cache_enabled = true;
#endif
#else
inline constexpr bool block_cache_enabled = true;
#endif

class block_cache {
 public:
  static constexpr std::size_t capacity_bytes = std::size_t(1) << 30;
  static constexpr std::size_t largest_block = std::size_t(256) << 20;

  // Never destroyed, so that arrays freed by other static objects at exit still find it.
  static block_cache& instance() {
    static block_cache* const cache = new block_cache;
    return *cache;
  }

  // A cached mapping of exactly `bytes` bytes (the newest), or null.
  void* take(std::size_t bytes) {
    if (!block_cache_enabled) return nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    for (std::size_t k = blocks_.size(); k-- > 0;) {
      if (blocks_[k].bytes != bytes) continue;
      void* p = blocks_[k].address;
      held_ -= bytes;
      blocks_.erase(blocks_.begin() + std::ptrdiff_t(k));
      return p;
    }
    return nullptr;
  }

  // Keeps the mapping for reuse, or unmaps it; older blocks are unmapped to make room.
  void give(void* p, std::size_t bytes) noexcept {
    if (!block_cache_enabled || bytes > largest_block) {
      munmap(p, bytes);
      return;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    while (!blocks_.empty() && (held_ + bytes > capacity_bytes || blocks_.size() >= max_blocks)) {
      munmap(blocks_.front().address, blocks_.front().bytes);
      held_ -= blocks_.front().bytes;
      blocks_.erase(blocks_.begin());
    }
    blocks_.push_back({p, bytes});  // within the reserved capacity: no allocation
    held_ += bytes;
  }

  block_cache(const block_cache&) = delete;
  block_cache& operator=(const block_cache&) = delete;

 private:
  static constexpr std::size_t max_blocks = 256;
  struct block {
    void* address;
    std::size_t bytes;
  };

  block_cache() { blocks_.reserve(max_blocks); }

  std::mutex mutex_;
  std::vector<block> blocks_;  // oldest first
  std::size_t held_ = 0;
};

}  // namespace graphring::detail

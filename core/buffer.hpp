// graphring::buffer<T>: the vector type for large arrays of plain data (edge lists, CSR arrays,
// parser output). Two differences from std::vector<T>:
//  - elements are default-initialized, so `buffer<int> b(n)` does not spend a pass writing zeros
//    that the next pass overwrites (ask for zeros explicitly: `buffer<int> b(n, 0)`);
//  - blocks of 2 MiB and more come straight from mmap with transparent huge pages requested,
//    which cuts page faults 512-fold when a load touches hundreds of megabytes of fresh memory;
//    blocks of 64 KiB and more go back to a cache of mappings when freed
//    (core/block_cache.hpp), so that the next block of the same size is already paged in. The
//    C library would hand blocks between 128 KiB and its moving threshold to mmap as well, and
//    give them back on free, and every call would fault in the pages of its vectors again;
//  - blocks of 64 KiB and more are counted against the memory budget (core/memory_budget.hpp)
//    before they are made, so that a run past the limit stops with an error naming it.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/block_cache.hpp"
#include "core/memory_budget.hpp"

namespace graphring {

template <class T>
struct big_allocator {
  using value_type = T;
  static constexpr std::size_t huge_page = std::size_t(2) << 20;
  // Under AddressSanitizer (no cache) blocks below 2 MiB stay on the heap, where its redzones
  // catch a write past their end.
  static constexpr std::size_t mapped_from =
      detail::block_cache_enabled ? std::size_t(64) << 10 : huge_page;

  big_allocator() = default;
  template <class U>
  big_allocator(const big_allocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (n > std::size_t(-1) / sizeof(T)) throw std::bad_alloc();
    if (bytes < mapped_from) {
      if (bytes >= detail::counted_from) detail::reserve_memory(bytes);
      try {
        return static_cast<T*>(::operator new(bytes, std::align_val_t(alignof(T))));
      } catch (...) {
        if (bytes >= detail::counted_from) detail::release_memory(bytes);
        throw;
      }
    }
    if (void* cached = detail::block_cache::instance().take(rounded(bytes)))
      return static_cast<T*>(cached);  // counted while it was cached
    detail::reserve_memory(rounded(bytes));
    void* p =
        mmap(nullptr, rounded(bytes), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
      detail::release_memory(rounded(bytes));
      throw std::bad_alloc();
    }
    if (bytes >= huge_page) madvise(p, rounded(bytes), MADV_HUGEPAGE);
    return static_cast<T*>(p);
  }

  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < mapped_from) {
      ::operator delete(p, std::align_val_t(alignof(T)));
      if (bytes >= detail::counted_from) detail::release_memory(bytes);
    } else {
      detail::block_cache::instance().give(p, rounded(bytes));
    }
  }

  // Default-initialize (leave plain data unwritten) unless a value is given.
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    if constexpr (sizeof...(Args) == 0) {
      ::new (static_cast<void*>(p)) U;
    } else {
      ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
  }

  friend bool operator==(const big_allocator&, const big_allocator&) noexcept { return true; }

 private:
  // Whole huge pages from 2 MiB, whole 64 KiB below: a block's size class in the cache.
  static std::size_t rounded(std::size_t bytes) noexcept {
    const std::size_t unit = bytes >= huge_page ? huge_page : mapped_from;
    return (bytes + unit - 1) / unit * unit;
  }
};

template <class T>
using buffer = std::vector<T, big_allocator<T>>;

}  // namespace graphring

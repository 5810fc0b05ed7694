// Refuses work that would need more memory than the machine has, with a message saying how much
// it needs, instead of letting an allocation from a file's header word fail or swap.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/error.hpp"

namespace graphring::io {

// The machine's physical memory, or GRAPHRING_MEMORY_LIMIT_MB when that is set (tests and
// fuzzers use it to stand for a smaller machine).
inline std::uint64_t physical_memory_bytes() {
  if (const char* limit = std::getenv("GRAPHRING_MEMORY_LIMIT_MB")) return std::strtoull(limit, nullptr, 10) << 20;
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return UINT64_MAX;
  return std::uint64_t(pages) * std::uint64_t(page_size);
}

inline std::string gib(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(1ull << 30));
  return text;
}

// Throws error_kind::limit when `bytes` exceed the machine's physical memory.
inline void require_memory(std::uint64_t bytes, const std::string& what, const std::string& file) {
  const std::uint64_t have = physical_memory_bytes();
  if (bytes > have)
    throw error(error_kind::limit,
                what + " needs " + gib(bytes) + " of memory but this machine has " + gib(have),
                file);
}

}  // namespace graphring::io

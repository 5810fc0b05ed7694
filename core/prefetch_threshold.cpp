// The gather prefetch's threshold: GRAPHRING_PREFETCH_ABOVE_BYTES, or four times the L2 cache.
#include "core/prefetch_threshold.hpp"

#include <unistd.h>

#include <atomic>

#include "core/environment.hpp"

namespace graphring {
namespace {

constexpr const char* threshold_variable = "GRAPHRING_PREFETCH_ABOVE_BYTES";
constexpr std::uint64_t l2_when_unknown = std::uint64_t(512) << 10;

std::atomic<std::uint64_t> chosen_threshold{0};  // 0: not read yet

std::uint64_t l2_cache_bytes() {
#ifdef _SC_LEVEL2_CACHE_SIZE
  const long bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);
  if (bytes > 0) return std::uint64_t(bytes);
#endif
  return l2_when_unknown;
}

std::uint64_t threshold_from_environment() {
  return positive_whole_number_from(threshold_variable, "bytes").value_or(4 * l2_cache_bytes());
}

}  // namespace

std::uint64_t prefetch_above_bytes() {
  std::uint64_t bytes = chosen_threshold.load(std::memory_order_relaxed);
  if (bytes == 0) {
    bytes = threshold_from_environment();
    chosen_threshold.store(bytes, std::memory_order_relaxed);
  }
  return bytes;
}

void set_prefetch_above_bytes(std::uint64_t bytes) {
  chosen_threshold.store(bytes, std::memory_order_relaxed);
}

}  // namespace graphring

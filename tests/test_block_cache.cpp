// The cache of freed mappings behind large arrays (core/block_cache.hpp): a block comes back for
// a request of its exact size first, else for one of up to half its size, and a block lent to a
// smaller request returns to the cache at its own size, so that it is unmapped with that size.
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <cstring>

#include "core/block_cache.hpp"

namespace graphring {
namespace {

using detail::block_cache;

constexpr std::size_t mib = std::size_t(1) << 20;

// A block made as the allocator makes one: counted against the memory budget, then mapped.
void* mapped(std::size_t bytes) {
  detail::reserve_memory(bytes);
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  EXPECT_NE(p, MAP_FAILED);
  return p;
}

TEST(BlockCache, ASmallerRequestBorrowsALargerBlockThatReturnsAtItsOwnSize) {
  if (!detail::block_cache_enabled) GTEST_SKIP() << "the cache is off under AddressSanitizer";
  block_cache cache;
  void* four = mapped(4 * mib);
  cache.give(four, 4 * mib);
  EXPECT_EQ(cache.take(mib), nullptr);  // under half its size: not lent
  void* lent = cache.take(3 * mib);
  ASSERT_EQ(lent, four);
  std::memset(lent, 1, 4 * mib);                // the whole block is there
  cache.give(lent, 3 * mib);                    // given back with the size that was asked for
  EXPECT_EQ(cache.take(3 * mib + 4096), four);  // held again as 4 MiB: lent once more
  cache.give(four, 3 * mib + 4096);
  EXPECT_EQ(cache.take(4 * mib), four);  // an exact fit, nothing lent
  cache.give(four, 4 * mib);
}

TEST(BlockCache, AnExactFitComesBeforeALargerOne) {
  if (!detail::block_cache_enabled) GTEST_SKIP() << "the cache is off under AddressSanitizer";
  block_cache cache;
  void* three = mapped(3 * mib);
  void* four = mapped(4 * mib);
  void* five = mapped(5 * mib);
  cache.give(three, 3 * mib);
  cache.give(five, 5 * mib);
  cache.give(four, 4 * mib);
  EXPECT_EQ(cache.take(3 * mib), three);  // exact, though others were given after it
  EXPECT_EQ(cache.take(3 * mib), four);   // then the smallest that fits
  EXPECT_EQ(cache.take(3 * mib), five);
  EXPECT_EQ(cache.take(3 * mib), nullptr);
  cache.give(three, 3 * mib);
  cache.give(four, 3 * mib);
  cache.give(five, 3 * mib);
}

TEST(BlockCache, CachedBlocksCountAgainstTheBudgetUntilTrimmed) {
  if (!detail::block_cache_enabled) GTEST_SKIP() << "the cache is off under AddressSanitizer";
  const std::uint64_t before = memory_in_use();
  block_cache cache;
  cache.give(mapped(3 * mib), 3 * mib);
  cache.give(mapped(5 * mib), 5 * mib);
  EXPECT_EQ(memory_in_use(), before + 8 * mib);
  cache.trim();
  EXPECT_EQ(memory_in_use(), before);
  EXPECT_EQ(cache.take(3 * mib), nullptr);
}

}  // namespace
}  // namespace graphring

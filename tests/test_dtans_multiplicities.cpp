// formats::dtans_multiplicities (engine/formats/dtans_multiplicities.cpp) against the greedy it
// shortcuts, written here as the paper states it: every symbol one slot, then the others one at
// a time to the largest gain count * log2((m + 1) / m) through a max-heap of (gain, index), a
// symbol holding at most M. Equal results on tables of every size up to K, with counts of every
// scale, zero counts, and many equal counts (ties go to the larger index in both); and the
// properties any answer has (1 <= m <= M, at most K slots, every slot used while some symbol can
// take one).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <queue>
#include <random>
#include <utility>
#include <vector>

#include "engine/formats/dtans_multiplicities.hpp"
#include "kernels/formats/dtans_view.hpp"

namespace graphring {
namespace {

std::vector<std::uint32_t> slot_by_slot(const std::vector<std::uint64_t>& counts) {
  std::vector<std::uint32_t> m(counts.size(), 1);
  std::priority_queue<std::pair<double, std::size_t>> gains;
  auto gain = [&](std::size_t i) { return double(counts[i]) * std::log2(double(m[i] + 1) / m[i]); };
  for (std::size_t i = 0; i < counts.size(); ++i) gains.push({gain(i), i});
  for (std::uint64_t left = dtans_slots - counts.size(); left > 0 && !gains.empty(); --left) {
    const std::size_t i = gains.top().second;
    gains.pop();
    if (++m[i] < dtans_max_multiplicity) gains.push({gain(i), i});
  }
  return m;
}

void expect_as_slot_by_slot(const std::vector<std::uint64_t>& counts) {
  const std::vector<std::uint32_t> got = formats::dtans_multiplicities(counts);
  ASSERT_EQ(got, slot_by_slot(counts)) << counts.size() << " symbols";
  std::uint64_t used = 0;
  bool some_below_most = false;
  for (const std::uint32_t m : got) {
    EXPECT_GE(m, 1u);
    EXPECT_LE(m, dtans_max_multiplicity);
    used += m;
    some_below_most = some_below_most || m < dtans_max_multiplicity;
  }
  EXPECT_LE(used, dtans_slots);
  if (some_below_most) {
    EXPECT_EQ(used, dtans_slots);
  }
}

TEST(DtansMultiplicities, EqualTheSlotBySlotGreedyOnRandomTables) {
  std::mt19937_64 rng(29);
  const std::vector<std::size_t> sizes = {1,   2,    3,    5,    8,    15,  16,  17,
                                          31,  64,   100,  255,  256,  455, 456, 457,
                                          512, 1000, 2048, 4000, 4095, 4096};
  for (const std::size_t n : sizes) {
    for (int trial = 0; trial < 6; ++trial) {
      std::vector<std::uint64_t> counts(n);
      for (std::uint64_t& c : counts) {
        switch (trial) {
          case 0:  // small counts: many ties
            c = rng() % 4;
            break;
          case 1:  // skewed, as deltas are: a few frequent symbols, a long tail
            c = std::uint64_t(std::exp2(double(rng() % 3000) / 100.0));
            break;
          case 2:  // every scale up to 2^62
            c = rng() >> (2 + rng() % 62);
            break;
          case 3:  // one count for all
            c = 12345;
            break;
          case 4:  // a few distinct counts, zeros among them
            c = std::uint64_t(rng() % 5) * 1000;
            break;
          default:
            c = 1 + rng() % 1000000;
        }
      }
      expect_as_slot_by_slot(counts);
    }
  }
}

TEST(DtansMultiplicities, EdgeCases) {
  expect_as_slot_by_slot({});
  expect_as_slot_by_slot({0});
  expect_as_slot_by_slot({7});
  expect_as_slot_by_slot(std::vector<std::uint64_t>(16, 0));
  expect_as_slot_by_slot(std::vector<std::uint64_t>(16, 1));  // exactly K / M symbols
  expect_as_slot_by_slot({~std::uint64_t(0), 1, 0});
  std::vector<std::uint64_t> one_large(300, 1);
  one_large[150] = std::uint64_t(1) << 40;
  expect_as_slot_by_slot(one_large);
}

}  // namespace
}  // namespace graphring

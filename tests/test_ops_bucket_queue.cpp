// bucket_queue (engine/ops/bucket_queue.hpp) against a reference that keeps every listing in a
// std::multimap by bucket: buckets come out lowest first, each index once with its current
// value, listings whose value fell into another bucket dropped; buckets far beyond the window
// (the overflow and its refill), pushes below the lowest bucket, keys past 2^53 and values whose
// key overflows, widening the buckets midway; the same through push_listed (index lists with
// repeats) and take_front (indices only) on a small and a large vector, whose repeats are dropped
// by reading back the whole bit set and by testing each index as it comes; where the lowest
// bucket ends (front_end), for doubles, past their range and for integers; and the errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "core/error.hpp"
#include "engine/ops/bucket_queue.hpp"

namespace graphring::testing {
namespace {

constexpr double infinite = std::numeric_limits<double>::infinity();

vector<double> entries(std::uint64_t n, const std::map<vertex_id, double>& e) {
  vector<double> v(n);
  for (const auto& [i, x] : e) v.set(i, x);
  return v;
}

std::map<vertex_id, double> as_map(const vector<double>& v) {
  std::map<vertex_id, double> m;
  for (vertex_id i = 0; i < v.size(); ++i)
    if (const auto x = v.get(i)) m[i] = *x;
  return m;
}

// The queue's rule written plainly: the listings of the lowest bucket whose index's current value
// still has that bucket's key.
struct reference_queue {
  double width;
  std::multimap<double, vertex_id> listings;

  double key(double v) const { return std::floor(v / width); }
  void push(const std::map<vertex_id, double>& e) {
    for (const auto& [i, x] : e) listings.emplace(key(x), i);
  }
  // Wider buckets: every listing whose index's value is still in its bucket keyed again by that
  // value; the stale ones dropped.
  void widen(double factor, const std::vector<double>& values) {
    std::vector<vertex_id> live;
    for (const auto& [k, i] : listings)
      if (key(values[i]) == k) live.push_back(i);
    width *= factor;
    listings.clear();
    for (const vertex_id i : live) listings.emplace(key(values[i]), i);
  }
  // The lowest bucket holding a listing that is not stale, and its entries; empty when none.
  std::map<vertex_id, double> pop(const std::vector<double>& values) {
    while (!listings.empty()) {
      const double k = listings.begin()->first;
      std::map<vertex_id, double> out;
      for (auto it = listings.begin(); it != listings.end() && it->first == k;) {
        if (key(values[it->second]) == k) out[it->second] = values[it->second];
        it = listings.erase(it);
      }
      if (!out.empty()) return out;
    }
    return {};
  }
};

// How check_random_run hands entries to the queue and takes them back.
enum class through { vectors, lists };

// Runs a label-correcting loop with random lowerings through both and compares every bucket;
// with `widen_by`, both widen their buckets by it every 20 buckets. Through lists, each lowering
// is pushed as two index lists that repeat some indices, and buckets are taken as indices.
void check_random_run(double width, double spread, std::uint64_t seed, double widen_by = 0,
                      through via = through::vectors, std::uint64_t n = 500) {
  SCOPED_TRACE(::testing::Message()
               << "width " << width << " spread " << spread << " widen by " << widen_by << " lists "
               << (via == through::lists) << " n " << n);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> value(0, spread);
  vector<double> current = vector<double>::dense(n, infinite);
  std::vector<double> mirror(n, infinite);
  bucket_queue<double> queue(current, width);
  reference_queue want{width, {}};
  // Lowers some values (never raises one) and pushes what changed into both queues.
  auto lower = [&](std::size_t count, double floor) {
    std::map<vertex_id, double> changed;
    for (std::size_t c = 0; c < count; ++c) {
      const auto i = vertex_id(rng() % n);
      const double x = floor + value(rng);
      if (x < mirror[i]) changed[i] = mirror[i] = x;
    }
    for (const auto& [i, x] : changed) current.set(i, x);
    if (via == through::vectors) {
      queue.push(entries(n, changed));
    } else {
      std::vector<std::vector<std::uint32_t>> lists(2);
      for (const auto& [i, x] : changed) {
        lists[i % 2].push_back(std::uint32_t(i));
        if (i % 3 == 0) lists[(i + 1) % 2].push_back(std::uint32_t(i));  // a repeat
      }
      std::reverse(lists[1].begin(), lists[1].end());  // out of order
      queue.push_listed(lists);
    }
    want.push(changed);
  };
  // The lowest bucket, as pop gives it or from take_front's indices and the current values.
  auto take = [&] {
    if (via == through::vectors) return as_map(queue.pop());
    std::map<vertex_id, double> got;
    const std::vector<std::uint32_t>& taken = queue.take_front();
    for (const std::uint32_t i : taken) got[i] = mirror[i];
    EXPECT_EQ(got.size(), taken.size()) << "an index taken twice";
    return got;
  };
  lower(200, 0);
  std::uint64_t buckets = 0;
  while (!queue.empty()) {
    const double k = queue.front_key(), end = queue.front_end();
    const auto got = take();
    // (up to the rounding of (k + 1) · width)
    for (const auto& [i, x] : got)
      EXPECT_LE(x, end + std::abs(end) * 1e-12) << "bucket " << k << " ends at " << end;
    // The queue may hand over a bucket whose listings were all stale (an empty vector); the
    // reference skips those.
    if (got.empty()) continue;
    const auto expected = want.pop(mirror);
    ASSERT_EQ(got, expected) << "bucket " << k;
    EXPECT_EQ(want.key(expected.begin()->second), k);
    ++buckets;
    // New, lower values at or above the bucket just taken, as a relaxation makes them.
    if (buckets < 300) lower(rng() % 5, expected.begin()->second);
    if (widen_by > 0 && buckets % 20 == 0) {
      queue.widen(widen_by);
      want.widen(widen_by, mirror);
    }
  }
  EXPECT_TRUE(want.pop(mirror).empty());
  EXPECT_GT(buckets, 10u);
}

TEST(OpsBucketQueue, BucketsComeOutLowestFirstWithoutStaleListings) {
  check_random_run(1.0, 50, 1);     // all within the window
  check_random_run(0.01, 100, 2);   // 10 000 buckets: the overflow and its refills
  check_random_run(1e-9, 1e6, 3);   // keys near 10^15
  check_random_run(7.5, 10000, 4);  // sparse buckets beyond the window
}

TEST(OpsBucketQueue, IndexListsInAndOutGiveTheSameBuckets) {
  check_random_run(1.0, 50, 8, 0, through::lists);            // the whole bit set read back
  check_random_run(0.01, 100, 9, 0, through::lists);          // the overflow and its refills
  check_random_run(1.0, 50, 10, 0, through::lists, 1 << 20);  // few listings: tested as they come
  check_random_run(0.01, 100, 11, 2, through::lists, 1 << 20);
}

TEST(OpsBucketQueue, WideningListsEveryEntryAgainInTheWiderBuckets) {
  check_random_run(0.01, 100, 5, 2);   // from the overflow's buckets into the window
  check_random_run(1.0, 50, 6, 1.5);   // a factor that moves bucket edges
  check_random_run(1e-9, 1e6, 7, 16);  // keys near 10^15
  vector<double> current = vector<double>::dense(2, infinite);
  bucket_queue<double> queue(current, 1.0);
  EXPECT_THROW(queue.widen(1), error);
  EXPECT_THROW(queue.widen(std::nan("")), error);
  queue.widen(4);  // an empty queue widens too
  EXPECT_EQ(queue.width(), 4.0);
  EXPECT_TRUE(queue.empty());
}

TEST(OpsBucketQueue, AListingIsDroppedOnceItsValueFellIntoAnotherBucket) {
  vector<double> current = vector<double>::dense(4, infinite);
  bucket_queue<double> queue(current, 2.0);
  current.set(1, 10);  // bucket 5
  current.set(2, 11);  // bucket 5
  queue.push(entries(4, {{1, 10}, {2, 11}}));
  current.set(2, 3);  // bucket 1
  queue.push(entries(4, {{2, 3}}));
  EXPECT_EQ(queue.front_key(), 1);
  EXPECT_EQ(as_map(queue.pop()), (std::map<vertex_id, double>{{2, 3}}));
  EXPECT_EQ(queue.front_key(), 5);
  EXPECT_EQ(as_map(queue.pop()), (std::map<vertex_id, double>{{1, 10}}));
  EXPECT_TRUE(queue.empty());
}

TEST(OpsBucketQueue, RepeatedListingsComeOutOnce) {
  vector<double> current = vector<double>::dense(3, infinite);
  bucket_queue<double> queue(current, 10.0);
  current.set(0, 5);
  queue.push(entries(3, {{0, 5}}));
  current.set(0, 4);
  queue.push(entries(3, {{0, 4}}));
  EXPECT_EQ(as_map(queue.pop()), (std::map<vertex_id, double>{{0, 4}}));
  EXPECT_TRUE(queue.empty());
}

TEST(OpsBucketQueue, APushBelowTheTakenBucketsIsTakenNext) {
  vector<double> current = vector<double>::dense(3, infinite);
  bucket_queue<double> queue(current, 1.0);
  current.set(0, 100);
  current.set(1, 110);
  queue.push(entries(3, {{0, 100}, {1, 110}}));
  EXPECT_EQ(as_map(queue.pop()), (std::map<vertex_id, double>{{0, 100}}));
  current.set(2, 105);  // between the taken bucket and the next
  queue.push(entries(3, {{2, 105}}));
  EXPECT_EQ(queue.front_key(), 105);
  EXPECT_EQ(as_map(queue.pop()), (std::map<vertex_id, double>{{2, 105}}));
  current.set(2, 50);  // below the window: its lowest slot takes it
  queue.push(entries(3, {{2, 50}}));
  EXPECT_EQ(as_map(queue.pop()), (std::map<vertex_id, double>{{2, 50}}));
  EXPECT_EQ(as_map(queue.pop()), (std::map<vertex_id, double>{{1, 110}}));
  EXPECT_TRUE(queue.empty());
}

TEST(OpsBucketQueue, KeysPast2To53AndOverflowingKeysStillComeOutInOrder) {
  const double big = 1e300;
  vector<double> current = vector<double>::dense(4, infinite);
  bucket_queue<double> queue(current, 1e-300);  // every key here is past 2^53 or overflows
  const std::map<vertex_id, double> e = {{0, 3.0}, {1, big}, {2, 1e-200}, {3, 2 * big}};
  for (const auto& [i, x] : e) current.set(i, x);
  queue.push(entries(4, e));
  std::vector<vertex_id> order;
  while (!queue.empty())
    for (const auto& [i, x] : as_map(queue.pop())) order.push_back(i);
  // 1e300 and 2e300 share the bucket of the largest key; the others come out in value order.
  ASSERT_EQ(order.size(), 4u);
  EXPECT_EQ(order[0], 2u);
  EXPECT_EQ(order[1], 0u);
  EXPECT_EQ(std::set<vertex_id>(order.begin() + 2, order.end()), (std::set<vertex_id>{1, 3}));
}

TEST(OpsBucketQueue, FrontEndIsWhereTheLowestBucketEnds) {
  vector<double> current = vector<double>::dense(3, infinite);
  bucket_queue<double> queue(current, 2.0);
  const std::map<vertex_id, double> e = {{0, 2.5}, {1, 7.2}};
  for (const auto& [i, x] : e) current.set(i, x);
  queue.push(entries(3, e));
  EXPECT_EQ(queue.front_end(), 4.0);  // bucket 1: [2, 4)
  queue.pop();
  EXPECT_EQ(queue.front_end(), 8.0);  // bucket 3: [6, 8)
  queue.pop();
  EXPECT_THROW(queue.front_end(), error);
  // past the doubles' range: the largest double
  bucket_queue<double> tiny(current, 1e-300);
  current.set(2, 1e300);
  tiny.push(entries(3, {{2, 1e300}}));
  EXPECT_EQ(tiny.front_end(), std::numeric_limits<double>::max());
  // an integer queue
  vector<std::int64_t> whole = vector<std::int64_t>::dense(2, 0);
  whole.set(1, 25);
  bucket_queue<std::int64_t> ints(whole, 10);
  vector<std::int64_t> listed(2);
  listed.set(1, 25);
  ints.push(listed);
  EXPECT_EQ(ints.front_end(), 30);
}

TEST(OpsBucketQueue, Errors) {
  vector<double> current = vector<double>::dense(3, 0);
  for (const double width : {0.0, -1.0, infinite, std::nan("")})
    EXPECT_THROW(bucket_queue<double>(current, width), error) << width;
  vector<double> sparse(3);
  EXPECT_THROW(bucket_queue<double>(sparse, 1.0), error);
  bucket_queue<double> queue(current, 1.0);
  EXPECT_TRUE(queue.empty());
  EXPECT_THROW(queue.front_key(), error);
  EXPECT_THROW(queue.pop(), error);
  EXPECT_THROW(queue.push(vector<double>(4)), error);
  EXPECT_THROW(queue.push(entries(3, {{1, std::nan("")}})), error);
  EXPECT_TRUE(queue.empty());
  EXPECT_THROW(queue.take_front(), error);
  queue.push_listed(std::vector<std::vector<std::uint32_t>>(2));  // nothing listed
  EXPECT_TRUE(queue.empty());
  current.set(1, std::nan(""));
  EXPECT_THROW(queue.push_listed(std::vector<std::vector<std::uint32_t>>{{1}}), error);
  EXPECT_TRUE(queue.empty());
}

}  // namespace
}  // namespace graphring::testing

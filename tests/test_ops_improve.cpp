// vxm_improve (engine/ops/improve.hpp): w ⊕= u ⊕.⊗ A in place, returning the entries of w that
// changed, held against a serial loop over u's entries and A's rows, for min_plus, max_plus and
// max_min, frontiers of a few vertices (a sorted sparse result) and of half the vertices (a
// bitmap, the parallel push), on 1, 2 and 3 threads; over matrices held in CCI and SELL (the
// three-call form); an index changed several times in one call; and its errors. vxm_improve_front
// (a bucket queue's lowest bucket relaxed, what falls into it chased, and its changes listed,
// fused) against its three steps run one by one, bucket by bucket to the end of a Δ-stepping run,
// a path settled within its bucket in one call, and a listing dropped once its value fell into
// the bucket.
#include <gtest/gtest.h>
#include <omp.h>

#include <cstdint>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "engine/formatted_matrix.hpp"
#include "engine/ops/improve.hpp"
#include "engine/ops/operations.hpp"

namespace graphring {
namespace {

// n x n with m distinct positions, weights 1..50, and row 0 holding a tenth of the entries (a
// row long enough to be cut across the push's blocks of frontier entries).
template <class T>
matrix<T> random_matrix(std::mt19937_64& rng, std::uint64_t n, std::uint64_t m) {
  std::set<std::pair<vertex_id, vertex_id>> taken;
  std::uniform_int_distribution<vertex_id> vertex(0, vertex_id(n - 1));
  std::uniform_int_distribution<int> weight(1, 50);
  array<vertex_id> rows(m), cols(m);
  array<T> values(m);
  for (std::uint64_t e = 0; e < m;) {
    const vertex_id r = e < m / 10 ? 0 : vertex(rng), c = vertex(rng);
    if (!taken.insert({r, c}).second) continue;
    rows[e] = r, cols[e] = c, values[e] = T(weight(rng));
    ++e;
  }
  return matrix<T>::from_tuples(n, n, rows, cols, values);
}

// `count` distinct frontier vertices with values 0..9.
template <class T>
vector<T> random_frontier(std::mt19937_64& rng, std::uint64_t n, std::uint64_t count) {
  vector<T> u(n);
  std::uniform_int_distribution<vertex_id> vertex(0, vertex_id(n - 1));
  while (u.nvals() < count) u.set(vertex(rng), T(rng() % 10));
  return u;
}

// A dense w: the monoid's identity (unreached) at a third of the entries, else 0..199.
template <class S, class T>
vector<T> random_w(std::mt19937_64& rng, std::uint64_t n) {
  auto w = vector<T>::dense(n, T(0));
  for (std::uint64_t i = 0; i < n; ++i)
    w.set(i, rng() % 3 == 0 ? S::add_monoid::identity() : T(rng() % 200));
  return w;
}

template <class T>
struct expected_result {
  std::vector<T> w;
  std::map<std::uint64_t, T> changed;
};

// The serial loop: every product folded into w, then the entries that differ from before.
template <class S, class T>
expected_result<T> serial_improve(const matrix<T>& a, const vector<T>& u, const vector<T>& w) {
  expected_result<T> out;
  out.w.assign(w.values(), w.values() + w.size());
  const auto view = a.view();
  u.for_each([&](std::uint64_t k, const T& x) {
    for (std::uint64_t p = view.offsets[k]; p < view.offsets[k + 1]; ++p) {
      const std::uint32_t j = view.cols[p];
      out.w[j] = S::add(out.w[j], S::multiply(x, view.value(p), 0, k, j));
    }
  });
  for (std::uint64_t j = 0; j < w.size(); ++j)
    if (out.w[j] != w.values()[j]) out.changed[j] = out.w[j];
  return out;
}

template <class T>
void expect_result(const vector<T>& w, const vector<T>& changed, const expected_result<T>& want) {
  ASSERT_EQ(w.form(), vector_form::dense);
  EXPECT_TRUE(std::equal(want.w.begin(), want.w.end(), w.values()));
  ASSERT_EQ(changed.nvals(), want.changed.size());
  std::map<std::uint64_t, T> got;
  changed.for_each([&](std::uint64_t i, const T& x) { got[i] = x; });
  EXPECT_EQ(got, want.changed);
}

struct restore_threads {
  int threads = omp_get_max_threads();
  ~restore_threads() { omp_set_num_threads(threads); }
};

template <class S, class T>
void check_semiring() {
  const restore_threads restore;
  std::mt19937_64 rng(11);
  const std::uint64_t n = 20000;
  const matrix<T> a = random_matrix<T>(rng, n, 200000);
  for (const std::uint64_t frontier : {std::uint64_t(5), n / 2}) {
    const vector<T> u = random_frontier<T>(rng, n, frontier);
    const vector<T> w0 = random_w<S, T>(rng, n);
    const expected_result<T> want = serial_improve<S>(a, u, w0);
    ASSERT_FALSE(want.changed.empty());
    for (const int threads : {1, 2, 3}) {
      SCOPED_TRACE(::testing::Message()
                   << frontier << " frontier entries, " << threads << " threads");
      omp_set_num_threads(threads);
      vector<T> w = w0;
      const vector<T> changed = vxm_improve(w, S{}, u, a);
      expect_result(w, changed, want);
      if (frontier == 5) {
        EXPECT_EQ(changed.form(), vector_form::sparse);
      }
    }
    for (const format_kind kind : {format_kind::cci, format_kind::sell}) {
      SCOPED_TRACE(::testing::Message() << "format " << int(kind));
      const formatted_matrix<T> fa(a, kind);
      vector<T> w = w0;
      const vector<T> changed = vxm_improve(w, S{}, u, fa);
      expect_result(w, changed, want);
    }
  }
}

TEST(OpsImprove, MinPlusDoubleEqualsTheSerialLoop) { check_semiring<min_plus<double>, double>(); }

TEST(OpsImprove, MaxPlusInt64EqualsTheSerialLoop) {
  check_semiring<max_plus<std::int64_t>, std::int64_t>();
}

TEST(OpsImprove, MaxMinDoubleEqualsTheSerialLoop) { check_semiring<max_min<double>, double>(); }

// Each of rows 1-4 lowers the same ten distances again (weights 9, 8, 7, 6, taken in row order):
// an index changed four times is one entry of the result.
TEST(OpsImprove, AnIndexChangedSeveralTimesIsOneEntry) {
  array<vertex_id> rows(40), cols(40);
  array<double> values(40);
  for (std::uint64_t e = 0; e < 40; ++e)
    rows[e] = vertex_id(1 + e / 10), cols[e] = vertex_id(10 + e % 10), values[e] = 9.0 - e / 10;
  const auto a = matrix<double>::from_tuples(1000, 1000, rows, cols, values);
  vector<double> u(1000);
  for (vertex_id k = 1; k <= 4; ++k) u.set(k, 0.0);
  auto w = vector<double>::dense(1000, std::numeric_limits<double>::infinity());
  const vector<double> changed = vxm_improve(w, min_plus<double>{}, u, a);
  ASSERT_EQ(changed.nvals(), 10u);
  changed.for_each([](std::uint64_t i, double x) {
    EXPECT_TRUE(i >= 10 && i < 20) << i;
    EXPECT_EQ(x, 6.0);
  });
}

// A frontier that changes nothing gives an empty result and leaves w as it was.
TEST(OpsImprove, NoChangeGivesAnEmptyResult) {
  std::mt19937_64 rng(3);
  const matrix<double> a = random_matrix<double>(rng, 1000, 5000);
  auto w = vector<double>::dense(1000, 0.0);  // every distance already 0
  const vector<double> u = random_frontier<double>(rng, 1000, 500);
  const vector<double> changed = vxm_improve(w, min_plus<double>{}, u, a);
  EXPECT_EQ(changed.nvals(), 0u);
  for (std::uint64_t i = 0; i < 1000; ++i) EXPECT_EQ(w.values()[i], 0.0);
}

// Runs calls of `relax` until the queue's lowest bucket is no longer `key` (or none is left);
// returns the number of calls.
template <class Relax>
std::uint64_t settle_bucket(bucket_queue<double>& queue, double key, const Relax& relax) {
  std::uint64_t calls = 0;
  while (!queue.empty() && queue.front_key() == key) {
    relax();
    ++calls;
  }
  return calls;
}

// What check_front_against_the_steps saw: buckets settled, and the calls each form took.
struct front_run {
  std::uint64_t buckets = 0, fused_calls = 0, step_calls = 0;
};

// Δ-stepping's inner loop twice from the same start: once through vxm_improve_front, once through
// pop, vxm_improve and push. The fused call also relaxes what falls into its bucket (a chase), so
// the two agree bucket by bucket rather than call by call: both take the same buckets in order,
// and once a bucket is settled the values agree throughout.
template <class Matrix>
front_run check_front_against_the_steps(const Matrix& a, std::uint64_t n, double width) {
  const double inf = std::numeric_limits<double>::infinity();
  auto fused = vector<double>::dense(n, inf), steps = fused;
  bucket_queue<double> fused_queue(fused, width), steps_queue(steps, width);
  vector<double> origin(n);
  for (const vertex_id s : {vertex_id(0), vertex_id(n / 3), vertex_id(n - 1)}) {
    origin.set(s, double(s % 7));
    fused.set(s, double(s % 7));
    steps.set(s, double(s % 7));
  }
  fused_queue.push(origin);
  steps_queue.push(origin);
  front_run run;
  while (!steps_queue.empty()) {
    EXPECT_FALSE(fused_queue.empty());
    if (fused_queue.empty()) break;
    const double key = steps_queue.front_key();
    EXPECT_EQ(fused_queue.front_key(), key);
    run.step_calls += settle_bucket(steps_queue, key, [&] {
      const vector<double> near = steps_queue.pop();
      steps_queue.push(vxm_improve(steps, min_plus<double>{}, near, a));
    });
    run.fused_calls += settle_bucket(
        fused_queue, key, [&] { vxm_improve_front(fused_queue, fused, min_plus<double>{}, a); });
    EXPECT_TRUE(std::equal(fused.values(), fused.values() + n, steps.values())) << "bucket " << key;
    ++run.buckets;
  }
  EXPECT_TRUE(fused_queue.empty());
  return run;
}

TEST(OpsImprove, FrontRelaxationEqualsPopImproveAndPushBucketByBucket) {
  const restore_threads restore;
  std::mt19937_64 rng(13);
  const std::uint64_t n = 20000;
  const matrix<double> a = random_matrix<double>(rng, n, 200000);
  for (const int threads : {1, 2, 3}) {
    SCOPED_TRACE(::testing::Message() << threads << " threads");
    omp_set_num_threads(threads);
    EXPECT_GT(check_front_against_the_steps(a, n, 0.25).buckets, 10u);  // many small buckets
    // one or two buckets of thousands, whose relaxations mostly land in their own bucket: the
    // fused form relaxes those at once, in fewer calls
    const front_run wide = check_front_against_the_steps(a, n, 20.0);
    EXPECT_LT(wide.fused_calls, wide.step_calls);
  }
  EXPECT_GT(
      check_front_against_the_steps(formatted_matrix<double>(a, format_kind::cci), n, 0.25).buckets,
      10u);
}

// A path 0 -> 1 -> ... -> n-1 of weight-1 edges in one bucket: the steps take a call per vertex,
// the fused form settles the bucket in one call (each vertex lowered into the bucket is relaxed
// at once), on any thread count.
TEST(OpsImprove, FrontRelaxationSettlesAPathWithinItsBucketInOneCall) {
  const restore_threads restore;
  const std::uint64_t n = 500;
  array<vertex_id> rows(n - 1), cols(n - 1);
  array<double> weights(n - 1);
  for (std::uint64_t i = 0; i + 1 < n; ++i) rows[i] = i, cols[i] = i + 1, weights[i] = 1;
  const auto a = matrix<double>::from_tuples(n, n, rows, cols, weights);
  for (const int threads : {1, 2}) {
    omp_set_num_threads(threads);
    auto dist = vector<double>::dense(n, std::numeric_limits<double>::infinity());
    bucket_queue<double> queue(dist, double(n));  // one bucket holds every distance
    vector<double> origin(n);
    origin.set(0, 0.0);
    dist.set(0, 0.0);
    queue.push(origin);
    EXPECT_EQ(vxm_improve_front(queue, dist, min_plus<double>{}, a), n);
    EXPECT_TRUE(queue.empty());
    for (std::uint64_t i = 0; i < n; ++i) EXPECT_EQ(dist.values()[i], double(i));
  }
}

// 0 -> 1 (15) lists 1 beyond the bucket [0, 10); then 0 -> 2 (1) and the chase's 2 -> 1 (1) lower
// 1 into the bucket, where the chase relaxes it: its older listing is dropped, so one call
// settles the bucket and relaxes each vertex once.
TEST(OpsImprove, FrontRelaxationDropsAListingWhoseValueFellIntoTheBucket) {
  const std::uint64_t n = 3;
  const vertex_id row_ids[] = {0, 0, 2}, col_ids[] = {1, 2, 1};
  const double lengths[] = {15, 1, 1};
  const auto a = matrix<double>::from_tuples(
      n, n, array<vertex_id>(row_ids, 3), array<vertex_id>(col_ids, 3), array<double>(lengths, 3));
  auto dist = vector<double>::dense(n, std::numeric_limits<double>::infinity());
  bucket_queue<double> queue(dist, 10.0);
  vector<double> origin(n);
  origin.set(0, 0.0);
  dist.set(0, 0.0);
  queue.push(origin);
  EXPECT_EQ(vxm_improve_front(queue, dist, min_plus<double>{}, a), 3u);
  EXPECT_TRUE(queue.empty());
  EXPECT_EQ(dist.values()[1], 2.0);
  EXPECT_EQ(dist.values()[2], 1.0);
}

TEST(OpsImprove, FrontRelaxationRefusesAnotherVector) {
  std::mt19937_64 rng(7);
  const matrix<double> a = random_matrix<double>(rng, 100, 300);
  auto listed = vector<double>::dense(100, 0.0), other = listed;
  bucket_queue<double> queue(listed, 1.0);
  vector<double> origin(100);
  origin.set(0, 0.0);
  queue.push(origin);
  EXPECT_THROW(vxm_improve_front(queue, other, min_plus<double>{}, a), error);
  EXPECT_THROW(vxm_improve_front(queue, other, min_plus<double>{},
                                 formatted_matrix<double>(a, format_kind::cci)),
               error);
  EXPECT_FALSE(queue.empty());  // nothing was taken
}

TEST(OpsImprove, RefusesAnOutputThatIsNotDenseAndWrongSizes) {
  std::mt19937_64 rng(5);
  const matrix<double> a = random_matrix<double>(rng, 100, 300);
  const vector<double> u = random_frontier<double>(rng, 100, 3);
  vector<double> sparse(100);
  EXPECT_THROW(vxm_improve(sparse, min_plus<double>{}, u, a), error);
  auto short_w = vector<double>::dense(99, 0.0);
  EXPECT_THROW(vxm_improve(short_w, min_plus<double>{}, u, a), error);
  auto w = vector<double>::dense(100, 0.0);
  const vector<double> short_u(99);
  EXPECT_THROW(vxm_improve(w, min_plus<double>{}, short_u, a), error);
}

}  // namespace
}  // namespace graphring

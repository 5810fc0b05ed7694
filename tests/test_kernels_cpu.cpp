// The CPU kernels' parallel paths against serial references: nnz-balanced pull with rows long
// enough to be split across threads, the pull that prefetches a large x, the sliced pull over
// rows of every length, the bucketed push and its ordered listing, NaN handling of
// min/max accumulation, terminal early exit, and the order in which a non-commutative monoid
// combines products.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <limits>
#include <random>
#include <type_traits>

#include "core/list_present.hpp"
#include "engine/ops/mxv.hpp"
#include "engine/ops/reduce.hpp"
#include "semirings/builtin.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

// A random n×n matrix whose row i holds about count(i) entries (distinct random columns).
template <class Count>
matrix<float> random_rows(std::uint64_t n, unsigned seed, const Count& count) {
  std::mt19937 random(seed);
  array<vertex_id> rows, cols;
  array<float> values;
  std::vector<std::uint8_t> used(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t entries = count(i, random), first = cols.size();
    for (std::uint64_t e = 0; e < entries; ++e) {
      const vertex_id j = vertex_id(random() % n);
      if (used[j]) continue;
      used[j] = 1;
      rows.push_back(vertex_id(i));
      cols.push_back(j);
      values.push_back(float(random() % 1000) / 100.0f);
    }
    for (std::uint64_t p = first; p < cols.size(); ++p) used[cols[p]] = 0;  // this row's only
  }
  return matrix<float>::from_tuples(n, n, rows, cols, values);
}

// A random n×n matrix whose row 0 holds `hub` entries (a power-law hub) and others `degree`.
matrix<float> hub_matrix(std::uint64_t n, std::uint64_t hub, std::uint64_t degree, unsigned seed) {
  return random_rows(n, seed,
                     [&](std::uint64_t i, std::mt19937&) { return i == 0 ? hub : degree; });
}

template <class S, class X>
std::vector<std::pair<bool, typename S::c_type>> serial_mxv(
    const matrix<float>& a, const std::vector<std::pair<bool, X>>& x) {
  std::vector<std::pair<bool, typename S::c_type>> w(a.nrows(), {false, S::zero()});
  for (std::uint64_t i = 0; i < a.nrows(); ++i)
    for (std::uint64_t p = a.offsets()[i]; p < a.offsets()[i + 1]; ++p) {
      const auto k = a.cols()[p];
      if (!x[k].first) continue;
      const auto product = S::multiply(a.value(p), x[k].second, i, k, 0);
      w[i] = {true, w[i].first ? S::add(w[i].second, product) : product};
    }
  return w;
}

template <class T>
vector<T> to_vector(const std::vector<std::pair<bool, T>>& x) {
  vector<T> v(x.size());
  for (std::uint64_t i = 0; i < x.size(); ++i)
    if (x[i].first) v.set(i, x[i].second);
  v.conform();
  return v;
}

// exact: bit-for-bit equal to the serial fold, as promised where ⊕ folds exactly in any grouping.
template <class S>
void expect_mxv_matches(const matrix<float>& a, double density, product_method method,
                        unsigned seed, bool exact = false) {
  std::mt19937 random(seed);
  std::vector<std::pair<bool, float>> x(a.ncols());
  for (auto& e : x)
    e = {std::uniform_real_distribution<double>(0, 1)(random) < density, float(random() % 100)};
  const auto expected = serial_mxv<S>(a, x);
  for (int threads : {1, 2, 3}) {
    omp_set_num_threads(threads);
    vector<typename S::c_type> w(a.nrows());
    mxv(w, no_mask, no_accum, S{}, a, to_vector(x), descriptor{.method = method});
    for (std::uint64_t i = 0; i < a.nrows(); ++i) {
      const auto got = w.get(i);
      ASSERT_EQ(got.has_value(), expected[i].first) << "row " << i << ", " << threads << " threads";
      if (!got) continue;
      if constexpr (std::is_floating_point_v<typename S::c_type>) {
        if (!exact) {
          EXPECT_NEAR(*got, expected[i].second,
                      1e-3 * std::max(1.0f, std::fabs(expected[i].second)))
              << i;
          continue;
        }
      }
      EXPECT_EQ(*got, expected[i].second) << "row " << i << ", " << threads << " threads";
    }
  }
  omp_set_num_threads(2);
}

TEST(KernelsCpu, PullSplitsAHubRowAcrossThreads) {
  const auto a = hub_matrix(20000, 15000, 4, 1);
  expect_mxv_matches<plus_times<float>>(a, 1.0, product_method::pull, 2);
  expect_mxv_matches<min_plus<float>>(a, 0.5, product_method::pull, 3);
  expect_mxv_matches<max_plus<float>>(a, 0.5, product_method::pull, 4);
}

// Rows of every kind for the sliced pull (kernels/cpu/spmv_sliced.hpp), which a dense x without a
// mask takes where row lengths change often: a fifth empty, most of 1 to 12 entries, every 97th of
// 65 to 90 (folded one by one after its group's slices), row 7 a hub of 15 000 (reduced by the
// thread team), over many groups of the row order.
matrix<float> varied_matrix(std::uint64_t n, unsigned seed) {
  return random_rows(n, seed, [](std::uint64_t i, std::mt19937& random) -> std::uint64_t {
    if (i == 7) return 15000;
    if (i % 97 == 1) return 65 + random() % 26;
    return i % 5 == 0 ? 0 : 1 + random() % 12;
  });
}

TEST(KernelsCpu, SlicedPullEqualsSerialOnRowsOfEveryLength) {
  const auto a = varied_matrix(40 * row_group_size + 100, 21);
  // The first products run row by row, the later ones (after the order is made) in slices: the
  // choice between the two kernels is pinned to the sliced one.
  a.pull_kernel_choice().pin(1);
  expect_mxv_matches<min_plus<float>>(a, 1.0, product_method::pull, 22, true);
  expect_mxv_matches<max_times<float>>(a, 1.0, product_method::pull, 23, true);
  expect_mxv_matches<plus_pair<std::int64_t>>(a, 1.0, product_method::pull, 24, true);
  expect_mxv_matches<plus_times<float>>(a, 1.0, product_method::pull, 25);
  ASSERT_NE(a.rows_by_length(), nullptr);
  const row_order& order = *a.rows_by_length();
  ASSERT_TRUE(order.slices_pay);
  // Every non-empty row once, in its own group: first its short rows, the longest first, then its
  // longer rows in ascending order.
  auto length = [&](vertex_id i) { return a.offsets()[i + 1] - a.offsets()[i]; };
  std::vector<std::uint8_t> seen(a.nrows());
  const std::uint64_t groups = order.long_start.size();
  ASSERT_EQ(groups, (a.nrows() + row_group_size - 1) / row_group_size);
  for (std::uint64_t g = 0; g < groups; ++g) {
    for (std::uint64_t e = order.group_start[g]; e < order.group_start[g + 1]; ++e) {
      const vertex_id i = order.rows[e];
      ASSERT_EQ(i / row_group_size, g) << e;
      ASSERT_GT(length(i), 0u);
      ASSERT_EQ(length(i) > short_row_limit, e >= order.long_start[g]) << e;
      ASSERT_FALSE(seen[i]);
      seen[i] = 1;
      if (e == order.group_start[g]) continue;
      if (e < order.long_start[g]) {
        ASSERT_LE(length(i), length(order.rows[e - 1])) << e;
      } else if (e > order.long_start[g]) {
        ASSERT_GT(i, order.rows[e - 1]) << e;
      }
    }
  }
  for (std::uint64_t i = 0; i < a.nrows(); ++i) EXPECT_EQ(bool(seen[i]), length(i) > 0) << i;
  // A matrix larger than the limit (offsets and column ids) gets no order either.
  const std::uint64_t bytes = (a.nrows() + 1) * sizeof(edge_offset) + a.nvals() * sizeof(vertex_id);
  EXPECT_TRUE(rows_by_length(a.offsets().data(), a.nrows(), bytes).slices_pay);
  EXPECT_FALSE(rows_by_length(a.offsets().data(), a.nrows(), bytes - 1).slices_pay);
  // Rows of one length throughout change too rarely for slices: no order is made.
  const auto uniform = hub_matrix(5000, 0, 3, 26);
  for (std::uint64_t k = 1; k < sliced_after_products; ++k)
    EXPECT_EQ(uniform.rows_by_length(), nullptr);
  EXPECT_FALSE(uniform.rows_by_length()->slices_pay);
}

// w = accum(w, A ⊕.⊗ x) with w dense folds each row's sum into w in place (kernels'
// pull_into_accumulated), by both pull kernels: w(i) = accum(w0(i), t(i)) where row i took a
// product (t the product on its own), w0(i) where it took none (empty rows, absent x), each sum
// folded once (a short slice repeats a lane, whose second fold a plus accumulator would show).
template <class S, class Accum>
void expect_pull_folds_into_dense_w(const matrix<float>& a, double density, Accum accum,
                                    unsigned seed) {
  using C = typename S::c_type;
  std::mt19937 random(seed);
  std::vector<std::pair<bool, float>> x(a.ncols());
  for (auto& e : x)
    e = {std::uniform_real_distribution<double>(0, 1)(random) < density, float(random() % 100)};
  const auto t = serial_mxv<S>(a, x);
  array<C> start(a.nrows());
  for (C& value : start) value = C(random() % 50);
  for (int threads : {1, 2, 3}) {
    omp_set_num_threads(threads);
    vector<C> w = vector<C>::from_dense(start);
    mxv(w, no_mask, accum, S{}, a, to_vector(x), descriptor{.method = product_method::pull});
    ASSERT_EQ(w.form(), vector_form::dense);
    for (std::uint64_t i = 0; i < a.nrows(); ++i) {
      const C want = t[i].first ? C(accum(start[i], t[i].second)) : start[i];
      ASSERT_EQ(*w.get(i), want) << "row " << i << ", " << threads << " threads";
    }
  }
  omp_set_num_threads(2);
}

TEST(KernelsCpu, PullFoldsIntoADenseOutputInPlace) {
  for (const int kernel : {0, 1}) {  // row by row, then sliced
    SCOPED_TRACE(kernel == 0 ? "row by row" : "sliced");
    const auto a = varied_matrix(40 * row_group_size + 100, 31);
    a.pull_kernel_choice().pin(kernel);
    for (int run = 0; run < int(sliced_after_products) + 1; ++run) {  // until the order is made
      expect_pull_folds_into_dense_w<plus_pair<std::int64_t>>(a, 1.0, plus_op<std::int64_t>{}, 32);
      expect_pull_folds_into_dense_w<min_plus<float>>(a, 1.0, min_op<float>{}, 33);
    }
    if (kernel == 1) {
      ASSERT_TRUE(a.rows_by_length()->slices_pay);
    }
    expect_pull_folds_into_dense_w<plus_pair<std::int64_t>>(a, 0.5, plus_op<std::int64_t>{}, 34);
    // An accumulator that is not the monoid: a row without a product must leave w(i) alone,
    // not fold the monoid's zero into it (w0(i) × 0).
    expect_pull_folds_into_dense_w<plus_pair<std::int64_t>>(a, 0.5, times_op<std::int64_t>{}, 35);
  }
}

// The choice between the row-by-row and the sliced pull (engine/timed_choice.hpp): until each
// kernel has run settle_runs times, the one that ran fewer (the sliced one on a tie), only the
// last of those times counting; then the faster by running mean, the other every
// explore_every-th call; one slow time alone does not move the mean, two in a row do, and the
// kernel that turned slow loses the choice; a pin holds.
TEST(KernelsCpu, PullKernelChoiceFollowsTheMeasuredTimes) {
  static_assert(timed_choice::settle_runs == 4);
  timed_choice choice;
  for (double t : {9.0, 9.0, 2.0}) choice.took(0, t);  // row by row before the order is made
  std::uint64_t call = 0;
  for (double t : {50.0, 40.0, 30.0, 1.0}) {  // then the sliced kernel four times in a row
    EXPECT_EQ(choice.next(), 1) << call;
    ++call;
    choice.took(1, t);
  }
  EXPECT_EQ(choice.next(), 0);  // row by row a fourth time
  ++call;
  choice.took(0, 2.0);
  for (++call; call <= 2 * timed_choice::explore_every; ++call)
    EXPECT_EQ(choice.next(), call % timed_choice::explore_every == 0 ? 0 : 1) << call;
  choice.took(1, 5.0);  // one time over transient_factor x the mean is left out
  EXPECT_EQ(choice.next(), 1);
  choice.took(1, 1.0);
  choice.took(1, 5.0);  // alone again: left out
  EXPECT_EQ(choice.next(), 1);
  choice.took(1, 5.0);  // the second in a row counts: mean 1 -> 3
  EXPECT_EQ(choice.next(), 0);
  EXPECT_EQ(choice.runs(0), 4u);
  EXPECT_EQ(choice.runs(1), 8u);
  choice.pin(1);
  for (int k = 0; k < 20; ++k) EXPECT_EQ(choice.next(), 1);
  choice.pin(-1);
  EXPECT_EQ(choice.next(), 0);
}

// Left to its timings, the product runs both kernels and gives the same answer, bit for bit,
// whichever ran.
TEST(KernelsCpu, PullAnswersAlikeWhicheverKernelTheChoiceTakes) {
  const auto a = varied_matrix(40 * row_group_size + 100, 27);
  std::mt19937 random(28);
  array<float> xs(a.ncols());
  for (auto& v : xs) v = float(random() % 1000) / 7.0f;
  const auto x = vector<float>::from_dense(std::move(xs));
  vector<float> first(a.nrows());
  mxv(first, no_mask, no_accum, plus_times<float>{}, a, x);
  for (std::uint64_t call = 0; call < 3 * timed_choice::explore_every; ++call) {
    vector<float> w(a.nrows());
    mxv(w, no_mask, no_accum, plus_times<float>{}, a, x);
    ASSERT_EQ(w.nvals(), first.nvals());
    for (std::uint64_t i = 0; i < a.nrows(); ++i)
      ASSERT_EQ(w.get(i), first.get(i)) << "row " << i << ", call " << call;
  }
  EXPECT_GT(a.pull_kernel_choice().runs(0), 0u);
  EXPECT_GT(a.pull_kernel_choice().runs(1), 0u);
}

// A dense x larger than prefetch_above_bytes() is prefetched gather_lookahead entries
// ahead (kernels/cpu/spmv_pull.hpp), except in the chunks that end too near the column array's
// end: a wide matrix (x of 2.4 MB) whose rows are empty, short or a few hundred entries long.
TEST(KernelsCpu, PullThatPrefetchesALargeXEqualsSerial) {
  const std::uint64_t n = 3000, columns = 600000;
  const testing::scoped_prefetch_threshold low(testing::test_prefetch_above_bytes);
  ASSERT_GT(columns * sizeof(float), prefetch_above_bytes());
  std::mt19937 random(31);
  array<vertex_id> rows, cols;
  array<float> values;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t entries = i % 4 == 0 ? 0 : i % 50 == 1 ? 300 : 1 + random() % 20;
    for (std::uint64_t e = 0; e < entries; ++e) {
      const std::uint64_t step = columns / entries;  // distinct, ascending columns
      rows.push_back(vertex_id(i));
      cols.push_back(vertex_id(e * step + random() % step));
      values.push_back(float(random() % 1000) / 100.0f);
    }
  }
  const auto a = matrix<float>::from_tuples(n, columns, rows, cols, values);
  expect_mxv_matches<plus_times<float>>(a, 1.0, product_method::pull, 32, true);
  expect_mxv_matches<min_plus<float>>(a, 1.0, product_method::pull, 33, true);
  expect_mxv_matches<plus_times<float>>(a, 0.5, product_method::pull, 34, true);
}

TEST(KernelsCpu, PushBucketsMatchSerialAtEveryThreadCount) {
  const auto a = hub_matrix(50000, 30000, 8, 5);
  expect_mxv_matches<plus_times<float>>(a, 0.04, product_method::push, 6);
  expect_mxv_matches<min_plus<float>>(a, 0.01, product_method::push, 7);
}

// A wide push (edge work of n/16 or more) whose monoid folds exactly in any grouping (min, max,
// integer sums, xor over bool) scatters into one dense copy per thread and folds the copies in
// frontier order: bit-for-bit the serial answer at every thread count.
TEST(KernelsCpu, WidePushOfExactMonoidsEqualsSerialBitForBit) {
  const auto a = hub_matrix(50000, 30000, 8, 11);
  expect_mxv_matches<min_plus<float>>(a, 0.3, product_method::push, 12, true);
  expect_mxv_matches<max_times<float>>(a, 0.3, product_method::push, 13, true);
  expect_mxv_matches<plus_pair<std::int64_t>>(a, 0.3, product_method::push, 14, true);
  expect_mxv_matches<lxor_land<bool>>(a, 0.3, product_method::push, 15, true);
}

// The push lists its touched indices in order by a sort when they are few and by reading the
// mark bits back when they are many, serially and by buckets (above 2^15 products).
TEST(KernelsCpu, PushListsItsOutputInOrderFromFewOrManyTouchedIndices) {
  const auto a = hub_matrix(200000, 0, 3, 8);
  for (const double density : {1e-5, 1e-3, 0.04, 0.2})
    expect_mxv_matches<plus_times<float>>(a, density, product_method::push, 9);
}

TEST(KernelsCpu, MinIgnoresNaNProductsInEveryKernel) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  array<vertex_id> rows, cols;
  array<float> values;
  for (vertex_id j = 0; j < 3; ++j) rows.push_back(0), cols.push_back(j), values.push_back(1);
  const auto a = matrix<float>::from_tuples(1, 3, rows, cols, values);
  vector<float> x(3);
  x.set(0, nan);
  x.set(1, 5);
  x.set(2, nan);
  for (auto method : {product_method::pull, product_method::push}) {
    vector<float> w(1);
    mxv(w, no_mask, no_accum, min_plus<float>{}, a, x, descriptor{.method = method});
    EXPECT_EQ(w.get(0), 6.0f);
  }
}

TEST(KernelsCpu, TerminalValueEndsARowEarlyWithTheSameAnswer) {
  // lor_land: the row is true as soon as one product is; the answer must not change.
  const auto a = hub_matrix(5000, 4000, 3, 8);
  vector<bool> x = vector<bool>::dense(5000, true);
  vector<bool> w(5000);
  mxv(w, no_mask, no_accum, lor_land<bool>{}, a, x);
  for (std::uint64_t i = 0; i < 5000; ++i)
    EXPECT_EQ(w.has(i), a.offsets()[i + 1] > a.offsets()[i]) << i;
}

// ⊕ that keeps its left operand: only the sequential order gives the first column's product.
struct keep_first {
  using value_type = std::int64_t;
  static constexpr std::int64_t identity() { return -1; }
  constexpr std::int64_t operator()(std::int64_t x, std::int64_t y) const {
    return x == -1 ? y : x;
  }
};
using first_column = semiring<keep_first, secondi_op<std::int64_t>>;

TEST(KernelsCpu, NonCommutativeMonoidCombinesInColumnOrder) {
  const auto a = hub_matrix(40000, 30000, 2, 9);
  const auto x = vector<std::int64_t>::dense(40000, 1);
  for (int threads : {1, 2, 4}) {
    omp_set_num_threads(threads);
    vector<std::int64_t> w(40000);
    mxv(w, no_mask, no_accum, first_column{}, a, x, descriptor{.method = product_method::pull});
    for (std::uint64_t i = 0; i < 40000; i += 997)
      if (a.offsets()[i + 1] > a.offsets()[i]) {
        EXPECT_EQ(w.get(i), std::int64_t(a.cols()[a.offsets()[i]])) << i;
      }
  }
  omp_set_num_threads(2);
}

}  // namespace
}  // namespace graphring

namespace graphring {
namespace {

// reduce(plus, A, rows) over rows given as a bitmap (BFS's m_f, the edges leaving the frontier): an
// iso matrix of ones sums its rows' lengths over the listed rows; against a serial sum, on 1 and
// 3 threads, with the complemented mask and an iso value other than one (the general path) too.
TEST(KernelsCpu, ReduceOfRowsUnderABitmapEqualsTheSerialSum) {
  const matrix<float> f = random_rows(70000, 5, [](std::uint64_t i, auto& random) {
    return i % 7 == 0 ? std::uint64_t(random() % 40) : std::uint64_t(random() % 3);
  });
  const std::uint64_t n = f.nrows();
  const matrix<bool> ones(n, n, f.offsets(), f.cols(), {}, true);
  const matrix<std::int64_t> threes(n, n, f.offsets(), f.cols(), {}, 3);
  std::mt19937 random(9);
  vector<std::int64_t> rows(n);
  std::int64_t in = 0, out = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::int64_t length = std::int64_t(f.offsets()[i + 1] - f.offsets()[i]);
    if (random() % 5 == 0) {
      rows.set(i, 1);
      in += length;
    } else {
      out += length;
    }
  }
  rows.conform();
  ASSERT_EQ(rows.form(), vector_form::bitmap);
  for (int threads : {1, 3}) {
    omp_set_num_threads(threads);
    EXPECT_EQ(reduce(plus_monoid<std::int64_t>{}, ones, rows, {.structural_mask = true}), in);
    EXPECT_EQ(reduce(plus_monoid<std::int64_t>{}, ones, rows,
                     {.structural_mask = true, .complement_mask = true}),
              out);
    EXPECT_EQ(reduce(plus_monoid<std::int64_t>{}, threes, rows, {.structural_mask = true}), 3 * in);
  }
  omp_set_num_threads(2);
}

// list_present_offsets (core/list_present.hpp), the table-driven listing under list_present and
// the bitmap visits of assign: the offsets of a stretch's set bytes (any nonzero value), from
// starts off sixteen's multiples, over lengths around its sixteen-byte steps up to the longest
// stretch it takes, writing nothing past the stretch's length.
TEST(KernelsCpu, ListPresentOffsetsEqualsASerialScan) {
  std::mt19937_64 rng(23);
  const std::uint64_t longest = present_offsets_span;
  std::vector<std::uint8_t> present(longest + 64);
  for (std::uint64_t begin : {0, 3, 17})
    for (std::uint64_t length : std::vector<std::uint64_t>{0, 1, 15, 16, 17, 33, 2048, longest})
      for (double density : {0.0, 0.05, 0.5, 1.0}) {
        SCOPED_TRACE(::testing::Message()
                     << "begin " << begin << ", length " << length << ", density " << density);
        std::bernoulli_distribution set(density);
        std::vector<std::uint16_t> want;
        for (std::uint64_t i = 0; i < present.size(); ++i) {
          present[i] = set(rng) ? std::uint8_t(1 + rng() % 255) : 0;
          if (i >= begin && i < begin + length && present[i])
            want.push_back(std::uint16_t(i - begin));
        }
        std::vector<std::uint16_t> got(length + 8, std::uint16_t(0xbeef));
        const std::uint32_t count =
            list_present_offsets(present.data(), begin, begin + length, got.data());
        for (std::uint64_t k = length; k < got.size(); ++k)
          ASSERT_EQ(got[k], 0xbeef) << "wrote past the stretch at " << k;
        got.resize(count);
        ASSERT_EQ(got, want);
      }
}

// list_present (core/list_present.hpp), which a bitmap vector's to_sparse runs: the set bytes'
// positions in order, serial and in parallel, across its blocks' edges, at densities from none
// to all; and to_sparse's values follow their positions.
TEST(KernelsCpu, ListPresentEqualsASerialScan) {
  std::mt19937_64 rng(17);
  for (std::uint64_t n : {0ull, 1ull, 4095ull, 4097ull, 40000ull, 100003ull})
    for (double density : {0.0, 0.001, 0.3, 0.97, 1.0})
      for (int threads : {1, 3}) {
        SCOPED_TRACE(::testing::Message()
                     << "n " << n << ", density " << density << ", " << threads << " threads");
        omp_set_num_threads(threads);
        std::bernoulli_distribution set(density);
        std::vector<std::uint8_t> present(n);
        std::vector<vertex_id> want;
        for (std::uint64_t i = 0; i < n; ++i) {
          present[i] = set(rng) ? std::uint8_t(1 + rng() % 255) : 0;
          if (present[i]) want.push_back(vertex_id(i));
        }
        std::vector<vertex_id> got(want.size() + 1, vertex_id(-1));
        ASSERT_EQ(list_present(present.data(), n, got.data()), want.size());
        EXPECT_EQ(got.back(), vertex_id(-1)) << "wrote past its entries";
        got.pop_back();
        ASSERT_EQ(got, want);
        array<double> values(n);
        array<std::uint8_t> bytes(n);
        for (std::uint64_t i = 0; i < n; ++i)
          values[i] = double(i) * 0.5, bytes[i] = present[i] != 0;
        auto v = vector<double>::from_bitmap(n, std::move(values), std::move(bytes), want.size());
        v.to_sparse();
        ASSERT_EQ(v.nvals(), want.size());
        for (std::uint64_t e = 0; e < want.size(); ++e) {
          ASSERT_EQ(v.indices()[e], want[e]);
          ASSERT_EQ(v.values()[e], double(want[e]) * 0.5);
        }
      }
  omp_set_num_threads(2);
}

}  // namespace
}  // namespace graphring

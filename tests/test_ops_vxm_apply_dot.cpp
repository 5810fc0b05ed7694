// vxm_apply_dot (engine/ops/vxm_apply_dot.hpp): w = finish(u ⊕.⊗ A) dense and ⊕_D w(j) ⊗_D z(j),
// held against a serial loop over A's entries, over plus_first, plus_times and min_plus with a
// column that no entry reaches (finish of the identity), a column longer than a thread's share
// (reduced by the whole team, after the chunks), on 1, 2 and 3 threads: w is the serial loop's
// exactly where the sums are exact, the total within rounding, and the same total on every run
// with the same threads. Also over a matrix held in CCI, with a sparse u, with w being z or u, and
// its size errors; over svb, SELL with u above the prefetch threshold and with a sparse u (the
// product, then one pass), w and the total bit for bit those of the operations as written; over
// SELL below it (the format's rows straight into the fused pass), w and s bit for bit those of
// the product then the passes, the totals within rounding. And ewise_mult_dot
// (engine/ops/ewise_mult_dot.hpp): w and the total bit for bit those of ewise_mult and dot, on 1,
// 2 and 3 threads, below and above the parallel threshold, with sparse and bitmap operands, and
// with w being u, v or z. And the two fused: vxm_apply_dot with mult_dot_after.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <vector>

#include "core/error.hpp"
#include "engine/formatted_matrix.hpp"
#include "engine/ops/ewise_mult_dot.hpp"
#include "engine/ops/mxv_format.hpp"
#include "engine/ops/operations.hpp"
#include "engine/ops/vxm_apply_dot.hpp"
#include "semirings/named_ops.hpp"
#include "test_support.hpp"

namespace graphring {
namespace {

using plus_absolute_difference = semiring<plus_monoid<double>, absolute_difference_op<double>>;

// n x n with m distinct positions, values 1..8 (sums of small integers are exact in double), a
// column 1 that holds a third of the entries (m / 3 < n - 1), and column n - 1 empty.
matrix<double> random_matrix(std::mt19937_64& rng, std::uint64_t n, std::uint64_t m) {
  std::set<std::pair<vertex_id, vertex_id>> taken;
  std::uniform_int_distribution<vertex_id> vertex(0, vertex_id(n - 2));
  array<vertex_id> rows(m), cols(m);
  array<double> values(m);
  for (std::uint64_t e = 0; e < m;) {
    const vertex_id r = vertex(rng), c = e < m / 3 ? 1 : vertex(rng);
    if (!taken.insert({r, c}).second) continue;
    rows[e] = r, cols[e] = c, values[e] = double(1 + rng() % 8);
    ++e;
  }
  return matrix<double>::from_tuples(n, n, rows, cols, values);
}

vector<double> random_dense(std::mt19937_64& rng, std::uint64_t n) {
  auto v = vector<double>::dense(n, 0.0);
  for (std::uint64_t i = 0; i < n; ++i) v.set(i, double(rng() % 16));
  return v;
}

// Dense, each entry (0 .. mod - 1) / 997: sums that round, so their order shows.
vector<double> fractions(std::mt19937_64& rng, std::uint64_t n, std::uint64_t mod) {
  vector<double> x = vector<double>::dense(n, 0.0);
  for (std::uint64_t i = 0; i < n; ++i) x.set(i, double(rng() % mod) / 997.0);
  return x;
}

// A power iteration's operands: a random 120,000 x 120,000 matrix (random_matrix, 300,000
// entries) and dense fractions u (the product's input), z and y (the inner products'), v (the
// element-wise product's), drawn in that order from `seed`.
struct power_step_operands {
  std::uint64_t n;
  matrix<double> a;
  vector<double> u, z, v, y;
  explicit power_step_operands(std::uint64_t seed) : power_step_operands(std::mt19937_64(seed)) {}

 private:
  explicit power_step_operands(std::mt19937_64 rng)
      : n(120000),
        a(random_matrix(rng, n, 300000)),
        u(fractions(rng, n, 1000)),
        z(fractions(rng, n, 1000)),
        v(fractions(rng, n, 7)),
        y(fractions(rng, n, 3)) {}
};

// The serial loop: t(j) = ⊕_k u(k) ⊗ A(k,j), identity where none; w = finish(t); ⊕ |w - z|.
template <class S, class Finish>
std::vector<double> serial_w(const matrix<double>& a, const vector<double>& u, Finish finish) {
  std::vector<double> t(a.ncols(), S::add_monoid::identity());
  for (std::uint64_t k = 0; k < a.nrows(); ++k)
    for (std::uint64_t p = a.offsets()[k]; p < a.offsets()[k + 1]; ++p)
      t[a.cols()[p]] = S::add(t[a.cols()[p]], S::multiply(u.values()[k], a.value(p), k, p, 0));
  for (double& x : t) x = finish(x);
  return t;
}

template <class S>
void check_semiring(std::mt19937_64& rng) {
  const std::uint64_t n = 20000;
  // 45,000 entries: enough work for the threads, and column 1's 15,000 exceed a thread's share.
  const matrix<double> a = random_matrix(rng, n, 45000);
  const vector<double> u = random_dense(rng, n), z = random_dense(rng, n);
  const auto finish = bind_first(plus_op<double>{}, 0.5);
  const std::vector<double> want = serial_w<S>(a, u, finish);
  double want_total = 0;
  for (std::uint64_t j = 0; j < n; ++j) want_total += std::abs(want[j] - z.values()[j]);
  ASSERT_EQ(want[n - 1], finish(S::add_monoid::identity()));
  for (int threads : {1, 2, 3}) {
    SCOPED_TRACE(::testing::Message() << threads << " threads");
    omp_set_num_threads(threads);
    vector<double> w(n);
    const double total = vxm_apply_dot(w, finish, S{}, u, a, plus_absolute_difference{}, z);
    ASSERT_EQ(w.nvals(), n);
    for (std::uint64_t j = 0; j < n; ++j) ASSERT_EQ(w.values()[j], want[j]) << j;
    if (std::isinf(want_total)) {
      EXPECT_EQ(total, want_total);  // min_plus: the empty column's w is +infinity
    } else {
      EXPECT_NEAR(total, want_total, 1e-9 * want_total);
    }
    // The same chunks on every run with these threads: the same total.
    for (int run = 0; run < 3; ++run) {
      vector<double> again(n);
      EXPECT_EQ(vxm_apply_dot(again, finish, S{}, u, a, plus_absolute_difference{}, z), total);
    }
  }
  omp_set_num_threads(omp_get_num_procs());
}

TEST(OpsVxmApplyDot, EqualsTheSerialLoop) {
  std::mt19937_64 rng(5);
  check_semiring<plus_first<double>>(rng);
  check_semiring<plus_times<double>>(rng);
  check_semiring<min_plus<double>>(rng);
}

TEST(OpsVxmApplyDot, EveryFormAndMatrixGivesTheSameAnswer) {
  std::mt19937_64 rng(9);
  const std::uint64_t n = 500;
  const matrix<double> a = random_matrix(rng, n, 1200);
  const vector<double> u = random_dense(rng, n), z = random_dense(rng, n);
  const auto finish = bind_first(plus_op<double>{}, 2.0);
  const std::vector<double> want = serial_w<plus_times<double>>(a, u, finish);
  auto check = [&](const vector<double>& w, double total, const char* what) {
    SCOPED_TRACE(what);
    ASSERT_EQ(w.nvals(), n);
    double want_total = 0;
    for (std::uint64_t j = 0; j < n; ++j) {
      ASSERT_EQ(w.values()[j], want[j]) << j;
      want_total += std::abs(want[j] - z.values()[j]);
    }
    EXPECT_NEAR(total, want_total, 1e-9 * want_total);
  };
  {
    const formatted_matrix<double> cci(a, format_kind::cci);
    vector<double> w(n);
    check(w, vxm_apply_dot(w, finish, plus_times<double>{}, u, cci, plus_absolute_difference{}, z),
          "CCI");
  }
  {
    vector<double> sparse_u(n);  // the same entries, held sparse
    for (std::uint64_t i = 0; i < n; ++i)
      if (u.values()[i] != 0) sparse_u.set(i, u.values()[i]);
    vector<double> w(n);
    check(
        w,
        vxm_apply_dot(w, finish, plus_times<double>{}, sparse_u, a, plus_absolute_difference{}, z),
        "sparse u");
  }
  {
    vector<double> w = random_dense(rng, n);  // a dense w's old values do not matter
    check(w, vxm_apply_dot(w, finish, plus_times<double>{}, u, a, plus_absolute_difference{}, z),
          "dense w");
  }
  {
    // w is z: each z(j) is read before w(j) is stored, so the total is ⊕ |w - old z|.
    vector<double> w = z;
    const double total =
        vxm_apply_dot(w, finish, plus_times<double>{}, u, a, plus_absolute_difference{}, w);
    check(w, total, "w is z");
  }
  {
    vector<double> w = u;  // w is u: the result comes through a new vector
    const double total =
        vxm_apply_dot(w, finish, plus_times<double>{}, w, a, plus_absolute_difference{}, z);
    check(w, total, "w is u");
  }
}

// The operations vxm_apply_dot stands for, as written: w = identity, w ⊕= u ⊕.⊗ A, w = finish(w),
// and dot(D, w, z) against z's values before w is written.
template <class S, class Finish, class Matrix>
double composed(vector<double>& w, const Finish& finish, const vector<double>& u, const Matrix& a,
                const vector<double>& z) {
  const vector<double> old_z = z;
  assign_scalar(w, no_mask, no_accum, S::add_monoid::identity(), all_indices);
  vxm(w, no_mask, typename S::add_monoid{}, S{}, u, a);
  apply(w, no_mask, no_accum, finish, w);
  return dot(plus_absolute_difference{}, w, old_z);
}

// Over a formatted matrix, or a u that is not dense, the product then one pass that finishes w
// and folds the total: w and the total bit for bit those of the operations as written (dot's
// order), with a column no entry reaches (finish of the identity), sums that round, on 1, 2 and 3
// threads, above the parallel threshold, and with w being z.
TEST(OpsVxmApplyDot, TheProductThenOnePassEqualsTheOperationsAsWritten) {
  std::mt19937_64 rng(17);
  const std::uint64_t n = 120000;
  matrix<double> a = random_matrix(rng, n, 300000);
  const vector<double> u = random_dense(rng, n);
  vector<double> z = vector<double>::dense(n, 0.0);
  for (std::uint64_t i = 0; i < n; ++i) z.set(i, double(rng() % 1000) / 997.0);
  vector<double> sparse_u(n);
  for (std::uint64_t i = 0; i < n; i += 9) sparse_u.set(i, u.values()[i]);
  const auto finish = bind_first(plus_op<double>{}, 1.0 / 3.0);
  const formatted_matrix<double> svb(a, format_kind::svb), sell(a, format_kind::sell);
  for (const int threads : {1, 2, 3}) {
    omp_set_num_threads(threads);
    auto check = [&](const auto& m, const vector<double>& x, const char* what) {
      SCOPED_TRACE(::testing::Message() << what << ", " << threads << " threads");
      vector<double> want(n), w(n);
      const double want_total = composed<plus_times<double>>(want, finish, x, m, z);
      const double total =
          vxm_apply_dot(w, finish, plus_times<double>{}, x, m, plus_absolute_difference{}, z);
      EXPECT_EQ(total, want_total);
      ASSERT_EQ(w.form(), vector_form::dense);
      ASSERT_EQ(w.nvals(), n);
      for (std::uint64_t j = 0; j < n; ++j) ASSERT_EQ(w.values()[j], want.values()[j]) << j;
      vector<double> w_is_z = z, want_z = z;
      const double want_z_total = composed<plus_times<double>>(want_z, finish, x, m, z);
      EXPECT_EQ(vxm_apply_dot(w_is_z, finish, plus_times<double>{}, x, m,
                              plus_absolute_difference{}, w_is_z),
                want_z_total);
      for (std::uint64_t j = 0; j < n; ++j) ASSERT_EQ(w_is_z.values()[j], want.values()[j]) << j;
    };
    check(svb, u, "svb");
    {
      // u above the threshold: SELL's product, then the pass (below it, the fused pull: the test
      // after this one)
      const testing::scoped_prefetch_threshold low(n * sizeof(double) / 4);
      check(sell, u, "SELL");
    }
    check(svb, sparse_u, "svb, sparse u");
    check(a, sparse_u, "CSR, sparse u");
  }
  omp_set_num_threads(omp_get_num_procs());
}

// Over SELL-C-σ with u within the prefetch threshold, the format's kernel puts its rows straight
// into the fused pass (mxv_format.hpp's pull_into_every_row): w and s bit for bit those of the
// format's product then the passes (u above the threshold: the same sums per row), both totals
// within rounding (folded in the format's row order, not dot's), the same on every run with the
// same threads; sums that round, a column no entry reaches, a column longer than a thread's share;
// on 1, 2 and 3 threads.
TEST(OpsVxmApplyDot, OverSellTheRowsGoStraightIntoTheFusedPass) {
  const power_step_operands operands(29);
  const formatted_matrix<double> sell(operands.a, format_kind::sell);
  const std::uint64_t n = operands.n;
  const vector<double>&u = operands.u, &z = operands.z, &v = operands.v, &y = operands.y;
  const auto finish = bind_first(plus_op<double>{}, 1.0 / 3.0);
  using E = plus_times<double>;
  using F = plus_first<double>;
  auto run = [&](std::uint64_t threshold, vector<double>& w, vector<double>& s) {
    const testing::scoped_prefetch_threshold at(threshold);
    return vxm_apply_dot(w, finish, F{}, u, sell, plus_absolute_difference{}, z,
                         mult_dot_after(s, times_op<double>{}, v, E{}, y));
  };
  const std::uint64_t below = n * sizeof(double) / 4, above = n * sizeof(double) * 4;
  for (const int threads : {1, 2, 3}) {
    omp_set_num_threads(threads);
    SCOPED_TRACE(::testing::Message() << threads << " threads");
    vector<double> want_w(n), want_s(n), w(n), s(n);
    const auto want = run(below, want_w, want_s);
    const auto got = run(above, w, s);
    EXPECT_NEAR(got.first, want.first, 1e-12 * want.first);
    EXPECT_NEAR(got.second, want.second, 1e-12 * want.second);
    ASSERT_EQ(w.nvals(), n);
    ASSERT_EQ(s.nvals(), n);
    for (std::uint64_t j = 0; j < n; ++j) {
      ASSERT_EQ(w.values()[j], want_w.values()[j]) << j;
      ASSERT_EQ(s.values()[j], want_s.values()[j]) << j;
    }
    ASSERT_EQ(w.values()[n - 1], finish(0.0));  // column n - 1: no entry
    vector<double> w2(n), s2(n);
    const auto again = run(above, w2, s2);
    EXPECT_EQ(again.first, got.first);
    EXPECT_EQ(again.second, got.second);
    // Without the element-wise product after it, the same w and first total.
    const testing::scoped_prefetch_threshold at(above);
    vector<double> alone(n);
    EXPECT_EQ(vxm_apply_dot(alone, finish, F{}, u, sell, plus_absolute_difference{}, z), got.first);
    for (std::uint64_t j = 0; j < n; ++j) ASSERT_EQ(alone.values()[j], w.values()[j]) << j;
  }
  omp_set_num_threads(omp_get_num_procs());
}

TEST(OpsVxmApplyDot, SizesAreChecked) {
  const matrix<double> a(4, 5);
  const auto finish = bind_first(plus_op<double>{}, 0.0);
  vector<double> w(5), u(4), z(5);
  EXPECT_NO_THROW(
      vxm_apply_dot(w, finish, plus_times<double>{}, u, a, plus_absolute_difference{}, z));
  vector<double> short_u(3), short_w(4), short_z(4);
  EXPECT_THROW(
      vxm_apply_dot(w, finish, plus_times<double>{}, short_u, a, plus_absolute_difference{}, z),
      error);
  EXPECT_THROW(
      vxm_apply_dot(short_w, finish, plus_times<double>{}, u, a, plus_absolute_difference{}, z),
      error);
  EXPECT_THROW(
      vxm_apply_dot(w, finish, plus_times<double>{}, u, a, plus_absolute_difference{}, short_z),
      error);
}

// w = u .* v and u · z against ewise_mult and dot, bit for bit (dot folds in the same lanes).
void check_ewise_mult_dot(const vector<double>& u, const vector<double>& v, const vector<double>& z,
                          const char* what) {
  SCOPED_TRACE(what);
  vector<double> want_w(u.size());
  ewise_mult(want_w, no_mask, no_accum, times_op<double>{}, u, v);
  const double want_total = dot(plus_times<double>{}, u, z);
  vector<double> w = vector<double>::dense(u.size(), -1.0);  // old values do not matter
  const double total = ewise_mult_dot(w, times_op<double>{}, u, v, plus_times<double>{}, z);
  EXPECT_EQ(total, want_total);
  ASSERT_EQ(w.nvals(), want_w.nvals());
  want_w.for_each([&](std::uint64_t i, const double& x) { ASSERT_EQ(w.get(i), x) << i; });
}

TEST(OpsEwiseMultDot, EqualsEwiseMultThenDot) {
  std::mt19937_64 rng(21);
  for (const std::uint64_t n : {std::uint64_t(100), std::uint64_t(100003)}) {
    vector<double> u = vector<double>::dense(n, 0.0), v = u, z = u;
    for (std::uint64_t i = 0; i < n; ++i) {
      u.set(i, double(rng() % 1000) / 997.0);  // sums that round: the order shows
      v.set(i, double(rng() % 7) / 3.0);
      z.set(i, double(rng() % 2));
    }
    for (const int threads : {1, 2, 3}) {
      omp_set_num_threads(threads);
      check_ewise_mult_dot(u, v, z, "dense");
      vector<double> sparse_u(n), bitmap_z = z;
      for (std::uint64_t i = 0; i < n; i += 40) sparse_u.set(i, u.values()[i]);
      for (std::uint64_t i = 0; i < n; i += 3) bitmap_z.remove(i);
      check_ewise_mult_dot(sparse_u, v, z, "sparse u");
      check_ewise_mult_dot(u, v, bitmap_z, "bitmap z");
    }
    omp_set_num_threads(2);
    vector<double> want_w(n);
    ewise_mult(want_w, no_mask, no_accum, times_op<double>{}, u, v);
    const double want_total = dot(plus_times<double>{}, u, z);
    {
      vector<double> w = u;  // w is u: u(i) read before w(i) is written
      EXPECT_EQ(ewise_mult_dot(w, times_op<double>{}, w, v, plus_times<double>{}, z), want_total);
      EXPECT_EQ(w.nvals(), n);
      for (std::uint64_t i = 0; i < n; ++i) ASSERT_EQ(w.values()[i], want_w.values()[i]);
    }
    {
      vector<double> w = z;  // w is z
      EXPECT_EQ(ewise_mult_dot(w, times_op<double>{}, u, v, plus_times<double>{}, w), want_total);
      for (std::uint64_t i = 0; i < n; ++i) ASSERT_EQ(w.values()[i], want_w.values()[i]);
    }
  }
  omp_set_num_threads(omp_get_num_procs());
}

TEST(OpsEwiseMultDot, SizesAreChecked) {
  vector<double> w(5), u(5), v(5), z(5), short_one(4);
  EXPECT_NO_THROW(ewise_mult_dot(w, times_op<double>{}, u, v, plus_times<double>{}, z));
  EXPECT_THROW(ewise_mult_dot(short_one, times_op<double>{}, u, v, plus_times<double>{}, z), error);
  EXPECT_THROW(ewise_mult_dot(w, times_op<double>{}, u, short_one, plus_times<double>{}, z), error);
  EXPECT_THROW(ewise_mult_dot(w, times_op<double>{}, u, v, plus_times<double>{}, short_one), error);
}

// vxm_apply_dot with mult_dot_after(s, op, v, E, y): w and the first total those of vxm_apply_dot
// alone, s those of ewise_mult(w, v) and the second total dot(E, w, y)'s within rounding, bit for
// bit the same on every run with the same threads; through the fused pull (CSR, dense operands,
// sums that round, a column no entry reaches, a column longer than a thread's share) and through
// the two operations (a formatted matrix, a sparse v, s being u), on 1, 2 and 3 threads.
TEST(OpsVxmApplyDot, WithMultDotAfterEqualsTheTwoOperations) {
  const power_step_operands operands(23);
  const std::uint64_t n = operands.n;
  const matrix<double>& a = operands.a;
  const vector<double>&u = operands.u, &z = operands.z, &v = operands.v, &y = operands.y;
  const formatted_matrix<double> svb(a, format_kind::svb);
  vector<double> sparse_v(n);
  for (std::uint64_t i = 0; i < n; i += 5) sparse_v.set(i, v.values()[i]);
  const auto finish = bind_first(plus_op<double>{}, 1.0 / 3.0);
  using E = plus_times<double>;
  for (const int threads : {1, 2, 3}) {
    omp_set_num_threads(threads);
    auto check = [&](const auto& m, const vector<double>& with_v, bool s_is_u, const char* what) {
      SCOPED_TRACE(::testing::Message() << what << ", " << threads << " threads");
      vector<double> want_w(n), want_s(n);
      const double want_first =
          vxm_apply_dot(want_w, finish, plus_first<double>{}, u, m, plus_absolute_difference{}, z);
      ewise_mult(want_s, no_mask, no_accum, times_op<double>{}, want_w, with_v);
      const double want_second = dot(E{}, want_w, y);
      vector<double> w(n), s(n), x = u;
      vector<double>& out = s_is_u ? x : s;
      const auto [first, second] =
          vxm_apply_dot(w, finish, plus_first<double>{}, x, m, plus_absolute_difference{}, z,
                        mult_dot_after(out, times_op<double>{}, with_v, E{}, y));
      EXPECT_EQ(first, want_first);
      EXPECT_NEAR(second, want_second, 1e-12 * want_second);
      ASSERT_EQ(w.nvals(), n);
      for (std::uint64_t j = 0; j < n; ++j) ASSERT_EQ(w.values()[j], want_w.values()[j]) << j;
      ASSERT_EQ(out.nvals(), want_s.nvals());
      want_s.for_each([&](std::uint64_t i, const double& e) { ASSERT_EQ(out.get(i), e) << i; });
      if (s_is_u) return;
      vector<double> w2(n), s2(n);
      const auto again =
          vxm_apply_dot(w2, finish, plus_first<double>{}, u, m, plus_absolute_difference{}, z,
                        mult_dot_after(s2, times_op<double>{}, with_v, E{}, y));
      EXPECT_EQ(again.second, second);
    };
    check(a, v, false, "CSR, fused");
    check(svb, v, false, "svb");
    check(a, sparse_v, false, "sparse v");
    check(a, v, true, "s is u");
  }
  omp_set_num_threads(omp_get_num_procs());
  vector<double> w(n), short_s(n - 1), short_y(n - 1);
  EXPECT_THROW(vxm_apply_dot(w, finish, plus_first<double>{}, u, a, plus_absolute_difference{}, z,
                             mult_dot_after(short_s, times_op<double>{}, v, E{}, y)),
               error);
  vector<double> s(n);
  EXPECT_THROW(vxm_apply_dot(w, finish, plus_first<double>{}, u, a, plus_absolute_difference{}, z,
                             mult_dot_after(s, times_op<double>{}, v, E{}, short_y)),
               error);
}

}  // namespace
}  // namespace graphring

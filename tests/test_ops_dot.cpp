// dot(S, u, v) = ⊕_i u(i) ⊗ v(i) over the indices both hold (engine/ops/dot.hpp), against a plain
// loop over every index, for every pair of vector forms (sparse, bitmap, dense) and several
// semirings, on vectors below and above the size where the fold goes parallel; over two dense
// vectors, bit for bit what ewise_mult then reduce give (PageRank relies on it).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>

#include "semirings/named_ops.hpp"
#include "tests/ops_random.hpp"

namespace graphring::testing::ops {
namespace {

using plus_absolute_difference = semiring<plus_monoid<double>, absolute_difference_op<double>>;

// ⊕ over i of u(i) ⊗ v(i) where both hold an entry, in index order.
template <class S, class U, class V>
typename S::c_type loop_dot(const vector<U>& u, const vector<V>& v) {
  typename S::c_type acc = S::add_monoid::identity();
  for (std::uint64_t i = 0; i < u.size(); ++i)
    if (u.get(i) && v.get(i))
      acc = typename S::add_monoid()(
          acc, S::multiply(typename S::a_type(*u.get(i)), typename S::b_type(*v.get(i))));
  return acc;
}

template <class T, class S>
void check_every_form(std::uint64_t n, std::uint64_t seed) {
  rng_t rng(seed);
  for (const double du : {0.0, 0.01, 0.3, 1.0}) {
    for (const double dv : {0.0, 0.01, 0.3, 1.0}) {
      const vector<T> u = random_vector<T>(rng, n, du), v = random_vector<T>(rng, n, dv);
      SCOPED_TRACE(::testing::Message()
                   << "n " << n << ", forms " << int(u.form()) << " " << int(v.form()));
      const auto got = dot(S{}, u, v), want = loop_dot<S>(u, v);
      if constexpr (std::is_floating_point_v<decltype(want)>) {
        EXPECT_NEAR(got, want, 1e-9 * (1 + std::abs(want)));
      } else {
        EXPECT_EQ(got, want);
      }
    }
  }
}

TEST(OpsDot, EveryFormAgainstALoop) {
  for (const std::uint64_t n :
       {std::uint64_t(0), std::uint64_t(1), std::uint64_t(1000), std::uint64_t(100000)}) {
    check_every_form<double, plus_times<double>>(n, 1);
    check_every_form<std::int32_t, min_plus<std::int32_t>>(n, 2);
    check_every_form<bool, lor_land<bool>>(n, 3);
    check_every_form<double, plus_absolute_difference>(n, 4);
    check_every_form<std::uint64_t, max_times<std::uint64_t>>(n, 5);
  }
}

TEST(OpsDot, TwoDenseVectorsGiveWhatEwiseMultThenReduceGive) {
  rng_t rng(6);
  const std::uint64_t n = 300000;
  const vector<double> u = random_vector<double>(rng, n, 1.0),
                       v = random_vector<double>(rng, n, 1.0);
  ASSERT_EQ(u.form(), vector_form::dense);
  vector<double> t(n);
  ewise_mult(t, no_mask, no_accum, times_op<double>{}, u, v);
  EXPECT_EQ(dot(plus_times<double>{}, u, v), reduce(plus_monoid<double>{}, t));  // bit for bit
  ewise_add(t, no_mask, no_accum, absolute_difference_op<double>{}, u, v);
  EXPECT_EQ(dot(plus_absolute_difference{}, u, v), reduce(plus_monoid<double>{}, t));
}

TEST(OpsDot, SizesMustAgree) {
  const vector<double> u(5), v(6);
  try {
    (void)dot(plus_times<double>{}, u, v);
    FAIL() << "no error";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::usage);
    EXPECT_NE(e.message().find("size"), std::string::npos) << e.message();
  }
}

}  // namespace
}  // namespace graphring::testing::ops

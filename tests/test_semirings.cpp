// Semiring algebra: the laws of every built-in monoid over every value type (identity on both
// sides, associativity, commutativity, idempotence exactly where tagged, terminal values), the
// operators' edge cases (wrapping integers, NaN, truth values, positions), the distributive and
// annihilator laws of every built-in semiring — checked both ways: a law the table below lists
// must hold on every sample, a law it leaves out must have a counterexample — and the two worked
// examples on small graphs computed by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "semirings/builtin.hpp"
#include "semirings/examples/shortest_path_count.hpp"
#include "semirings/examples/widest_path.hpp"

namespace graphring {
namespace {

using examples::no_parent;
using examples::path_count;
using examples::widest;

constexpr double inf = std::numeric_limits<double>::infinity();

// ---- Type lists: every built-in over every value type it is defined for.

template <class... Lists>
struct join;
template <class... A>
struct join<::testing::Types<A...>> {
  using type = ::testing::Types<A...>;
};
template <class... A, class... B, class... Rest>
struct join<::testing::Types<A...>, ::testing::Types<B...>, Rest...>
    : join<::testing::Types<A..., B...>, Rest...> {};

template <template <class> class F>
using over_index_types =
    ::testing::Types<F<std::int32_t>, F<std::int64_t>, F<std::uint32_t>, F<std::uint64_t>>;
template <template <class> class F>
using over_non_bool_types =
    typename join<over_index_types<F>, ::testing::Types<F<float>, F<double>>>::type;
template <template <class> class F>
using over_all_types = typename join<::testing::Types<F<bool>>, over_non_bool_types<F>>::type;

// ---- Values: samples, equality, printing.

template <class T>
std::string type_label() {
  if constexpr (std::is_same_v<T, bool>) return "bool";
  if constexpr (std::is_same_v<T, std::int32_t>) return "int32";
  if constexpr (std::is_same_v<T, std::int64_t>) return "int64";
  if constexpr (std::is_same_v<T, std::uint32_t>) return "uint32";
  if constexpr (std::is_same_v<T, std::uint64_t>) return "uint64";
  if constexpr (std::is_same_v<T, float>) return "float";
  if constexpr (std::is_same_v<T, double>) return "double";
  return "struct";
}

template <class T>
std::string show(const T& x) {
  std::ostringstream out;
  if constexpr (std::is_same_v<T, path_count>) {
    out << '{' << x.dist << ", " << x.count << '}';
  } else if constexpr (std::is_same_v<T, widest>) {
    out << '{' << x.width << ", " << x.parent << '}';
  } else if constexpr (std::is_same_v<T, bool>) {
    out << (x ? "true" : "false");
  } else {
    out << +x;
  }
  return out.str();
}

// Equal, with NaN equal to NaN.
template <class T>
bool same(const T& x, const T& y) {
  if constexpr (std::is_floating_point_v<T>) {
    return x == y || (std::isnan(x) && std::isnan(y));
  } else if constexpr (std::is_same_v<T, path_count>) {
    return same(x.dist, y.dist) && x.count == y.count;
  } else if constexpr (std::is_same_v<T, widest>) {
    return same(x.width, y.width) && x.parent == y.parent;
  } else {
    return x == y;
  }
}

// Floating values on which plus and times are exact: small integers, a half, signed zeros,
// infinities and NaN.
template <class T>
std::vector<T> exact_floats() {
  using lim = std::numeric_limits<T>;
  return {T(0),
          T(-0.0),
          T(1),
          T(-1),
          T(2),
          T(0.5),
          T(-3),
          lim::infinity(),
          -lim::infinity(),
          lim::quiet_NaN()};
}

// Samples for the monoid laws: negatives, zero, the limits, infinities and NaN where the type has
// them. The example structs get ties and their identity.
template <class T>
std::vector<T> law_samples() {
  using lim = std::numeric_limits<T>;
  if constexpr (std::is_same_v<T, bool>) {
    return {false, true};
  } else if constexpr (std::is_integral_v<T>) {
    std::vector<T> s = {0, 1, 2, 3, 7, 100, lim::max(), T(lim::max() - 1), lim::lowest()};
    if constexpr (std::is_signed_v<T>) s.insert(s.end(), {-1, -2, -7, -100, T(lim::lowest() + 1)});
    return s;
  } else if constexpr (std::is_floating_point_v<T>) {
    std::vector<T> s = exact_floats<T>();
    s.insert(s.end(), {lim::max(), lim::lowest(), lim::min(), -lim::min(), lim::denorm_min()});
    return s;
  } else if constexpr (std::is_same_v<T, path_count>) {
    return {{0, 1}, {1, 1}, {1, 2}, {2, 3}, {2, 1}, {inf, 0}, {inf, 3}};
  } else {
    static_assert(std::is_same_v<T, widest>);
    return {{-inf, no_parent}, {-inf, 4}, {0, 3}, {2, 1}, {2, 4}, {7, 0}, {inf, 2}, {inf, 0}};
  }
}

// Small integer samples for the semiring laws, where the arithmetic of every type is exact.
template <class T>
std::vector<T> semiring_samples(bool nonnegative) {
  if constexpr (std::is_same_v<T, bool>) {
    return {false, true};
  } else {
    std::vector<T> s = {0, 1, 2, 3, 5};
    if constexpr (std::is_signed_v<T>) {
      if (!nonnegative) s.insert(s.end(), {T(-1), T(-2), T(-4)});
    }
    return s;
  }
}

// ---- Laws, checked over every sample, pair or triple. Each returns the first values that break
// the law, as text, or "" when it holds throughout.

template <class T, class Law>
std::string breaks1(const std::vector<T>& s, Law holds) {
  for (const T& x : s) {
    if (!holds(x)) return show(x);
  }
  return "";
}

template <class T, class Law>
std::string breaks2(const std::vector<T>& s, Law holds) {
  for (const T& x : s) {
    for (const T& y : s) {
      if (!holds(x, y)) return show(x) + ", " + show(y);
    }
  }
  return "";
}

template <class T, class Law>
std::string breaks3(const std::vector<T>& s, Law holds) {
  for (const T& x : s) {
    for (const T& y : s) {
      for (const T& z : s) {
        if (!holds(x, y, z)) return show(x) + ", " + show(y) + ", " + show(z);
      }
    }
  }
  return "";
}

// A law that is claimed must hold on every sample; one that is not claimed must fail on some.
void expect_law(const char* law, bool claimed, const std::string& counterexample) {
  if (claimed) {
    EXPECT_EQ(counterexample, "") << law << " is claimed but fails at (" << counterexample << ")";
  } else {
    EXPECT_NE(counterexample, "") << law << " holds on every sample but is not claimed";
  }
}

// ---- Monoid laws.

// Floating min and max ignore NaN: NaN acts as the identity, so the laws hold once the two are
// taken as the same value.
template <class M>
constexpr bool ignores_nan = false;
template <class T>
constexpr bool ignores_nan<min_monoid<T>> = std::is_floating_point_v<T>;
template <class T>
constexpr bool ignores_nan<max_monoid<T>> = std::is_floating_point_v<T>;

template <class M, class T>
bool equivalent(const T& x, const T& y) {
  if constexpr (ignores_nan<M>) {
    const auto canonical = [](T v) { return std::isnan(v) ? M::identity() : v; };
    return same(canonical(x), canonical(y));
  } else {
    return same(x, y);
  }
}

template <class M>
struct monoid_name;
template <class T>
struct monoid_name<plus_monoid<T>> {
  static constexpr const char* value = "plus";
};
template <class T>
struct monoid_name<times_monoid<T>> {
  static constexpr const char* value = "times";
};
template <class T>
struct monoid_name<min_monoid<T>> {
  static constexpr const char* value = "min";
};
template <class T>
struct monoid_name<max_monoid<T>> {
  static constexpr const char* value = "max";
};
template <class T>
struct monoid_name<any_monoid<T>> {
  static constexpr const char* value = "any";
};
template <>
struct monoid_name<lor_monoid> {
  static constexpr const char* value = "lor";
};
template <>
struct monoid_name<land_monoid> {
  static constexpr const char* value = "land";
};
template <>
struct monoid_name<lxor_monoid> {
  static constexpr const char* value = "lxor";
};
template <>
struct monoid_name<examples::path_count_min> {
  static constexpr const char* value = "path_count_min";
};
template <>
struct monoid_name<examples::widest_max> {
  static constexpr const char* value = "widest_max";
};

struct monoid_names {
  template <class M>
  static std::string GetName(int) {
    return std::string(monoid_name<M>::value) + "_" + type_label<typename M::value_type>();
  }
};

using all_monoids =
    join<over_all_types<plus_monoid>, over_all_types<times_monoid>, over_all_types<min_monoid>,
         over_all_types<max_monoid>, over_all_types<any_monoid>,
         ::testing::Types<lor_monoid, land_monoid, lxor_monoid, examples::path_count_min,
                          examples::widest_max>>::type;

template <class M>
class MonoidLaws : public ::testing::Test {};
TYPED_TEST_SUITE(MonoidLaws, all_monoids, monoid_names);

TYPED_TEST(MonoidLaws, IdentityOnBothSides) {
  using M = TypeParam;
  using T = typename M::value_type;
  const M op;
  EXPECT_EQ(breaks1(law_samples<T>(),
                    [&](T x) {
                      return equivalent<M>(op(M::identity(), x), x) &&
                             equivalent<M>(op(x, M::identity()), x);
                    }),
            "");
}

TYPED_TEST(MonoidLaws, Associative) {
  using M = TypeParam;
  using T = typename M::value_type;
  const M op;
  // Floating plus and times round; their associativity is checked where every result is exact.
  std::vector<T> s = law_samples<T>();
  if constexpr (std::is_floating_point_v<T> && !is_idempotent_v<M>) s = exact_floats<T>();
  EXPECT_EQ(
      breaks3(s, [&](T x, T y, T z) { return equivalent<M>(op(op(x, y), z), op(x, op(y, z))); }),
      "");
}

TYPED_TEST(MonoidLaws, CommutativeAsTagged) {
  using M = TypeParam;
  using T = typename M::value_type;
  const M op;
  ASSERT_TRUE(is_commutative_v<M>) << "every monoid under test is tagged commutative";
  if constexpr (is_any_v<M>) {
    // Either order returns one of the operands, which is all ANY promises.
    EXPECT_EQ(breaks2(law_samples<T>(),
                      [&](T x, T y) {
                        const T xy = op(x, y);
                        const T yx = op(y, x);
                        return (same(xy, x) || same(xy, y)) && (same(yx, x) || same(yx, y));
                      }),
              "");
  } else {
    EXPECT_EQ(
        breaks2(law_samples<T>(), [&](T x, T y) { return equivalent<M>(op(x, y), op(y, x)); }), "");
  }
}

TYPED_TEST(MonoidLaws, IdempotentExactlyWhereTagged) {
  using M = TypeParam;
  using T = typename M::value_type;
  const M op;
  expect_law("idempotence", is_idempotent_v<M>,
             breaks1(law_samples<T>(), [&](T x) { return equivalent<M>(op(x, x), x); }));
}

TYPED_TEST(MonoidLaws, TerminalAbsorbs) {
  using M = TypeParam;
  using T = typename M::value_type;
  const M op;
  const std::vector<T> s = law_samples<T>();
  if constexpr (has_terminal_v<M>) {
    const T t = M::terminal();
    EXPECT_EQ(breaks1(s, [&](T x) { return same(op(t, x), t) && same(op(x, t), t); }), "");
  } else if constexpr (is_any_v<M>) {
    // No terminal value is declared, because every value found ends the search: the first
    // operand that is not the identity is kept.
    EXPECT_EQ(breaks2(s, [&](T x, T y) { return same(op(x, y), same(x, M::identity()) ? y : x); }),
              "");
  } else {
    // No terminal was forgotten: no value absorbs every other (NaN aside, which would be useless).
    const auto absorbs = [&](T t) {
      return breaks1(s, [&](T x) { return same(op(t, x), t) && same(op(x, t), t); }).empty();
    };
    EXPECT_EQ(breaks1(s,
                      [&](T t) {
                        if constexpr (std::is_floating_point_v<T>) {
                          if (std::isnan(t)) return true;
                        }
                        return !absorbs(t);
                      }),
              "")
        << "absorbs every value but is not declared terminal";
  }
}

TEST(MonoidBounds, IdentitiesAndTerminalsAreTheTypeBounds) {
  static_assert(min_monoid<float>::identity() == std::numeric_limits<float>::infinity());
  static_assert(min_monoid<double>::terminal() == -inf);
  static_assert(max_monoid<float>::identity() == -std::numeric_limits<float>::infinity());
  static_assert(max_monoid<double>::terminal() == inf);
  static_assert(max_monoid<std::int32_t>::identity() == INT32_MIN);
  static_assert(max_monoid<std::int64_t>::identity() == INT64_MIN);
  static_assert(max_monoid<std::uint64_t>::identity() == 0);
  static_assert(min_monoid<std::uint32_t>::identity() == UINT32_MAX);
  static_assert(min_monoid<std::uint32_t>::terminal() == 0);
  static_assert(min_monoid<bool>::identity() && !max_monoid<bool>::identity());
  static_assert(times_monoid<std::int32_t>::terminal() == 0);
  static_assert(plus_monoid<bool>::terminal());
  static_assert(!has_terminal_v<times_monoid<float>> && !has_terminal_v<plus_monoid<int>>);
  static_assert(greatest_v<std::int32_t> == INT32_MAX && least_v<std::int32_t> == INT32_MIN);
  static_assert(least_v<double> == -inf && least_v<double> != std::numeric_limits<double>::min());
}

TEST(MonoidNanPolicy, FloatingMinAndMaxIgnoreNan) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const min_monoid<float> min;
  const max_monoid<float> max;
  EXPECT_EQ(min(nan, 3.0f), 3.0f);
  EXPECT_EQ(min(3.0f, nan), 3.0f);
  EXPECT_EQ(max(nan, -3.0f), -3.0f);
  EXPECT_EQ(max(-3.0f, nan), -3.0f);
  EXPECT_TRUE(std::isnan(min(nan, nan)));
  EXPECT_EQ(min(min_monoid<float>::identity(), nan), min_monoid<float>::identity());
  EXPECT_EQ(min(min_monoid<float>::terminal(), nan), min_monoid<float>::terminal());
  // A reduction gives the same answer in any order.
  EXPECT_EQ(min(min(nan, 2.0f), nan), 2.0f);
  EXPECT_EQ(min(nan, min(nan, 2.0f)), 2.0f);
  // Plus and times propagate NaN as IEEE arithmetic does.
  EXPECT_TRUE(std::isnan(plus_monoid<double>()(1.0, std::nan(""))));
}

// ---- Operators.

TEST(SemiringBinaryOps, IntegerPlusAndTimesWrapAround) {
  static_assert(plus_op<std::int32_t>()(INT32_MAX, 1) == INT32_MIN);
  static_assert(plus_op<std::int64_t>()(INT64_MIN, -1) == INT64_MAX);
  static_assert(plus_op<std::uint32_t>()(UINT32_MAX, 2) == 1);
  static_assert(times_op<std::int64_t>()(INT64_MIN, -1) == INT64_MIN);
  static_assert(times_op<std::int32_t>()(65536, 65536) == 0);
  static_assert(times_op<std::uint64_t>()(UINT64_MAX, UINT64_MAX) == 1);
  static_assert(plus_op<std::int32_t>()(-7, 3) == -4 && times_op<std::int32_t>()(-7, 3) == -21);
}

TEST(SemiringBinaryOps, BoolPlusIsOrAndTimesIsAnd) {
  static_assert(plus_op<bool>()(true, true) && plus_op<bool>()(false, true));
  static_assert(!plus_op<bool>()(false, false));
  static_assert(times_op<bool>()(true, true) && !times_op<bool>()(true, false));
}

TEST(SemiringBinaryOps, MinAndMaxOnOrdinaryValues) {
  static_assert(min_op<std::int32_t>()(-3, 2) == -3 && max_op<std::int32_t>()(-3, 2) == 2);
  static_assert(min_op<std::uint64_t>()(UINT64_MAX, 0) == 0);
  static_assert(min_op<double>()(-inf, 1.0) == -inf && max_op<double>()(1.0, inf) == inf);
  static_assert(!min_op<bool>()(true, false) && max_op<bool>()(false, true));
}

TEST(SemiringBinaryOps, LogicalOperatorsReadTruthValues) {
  const double nan = std::nan("");
  static_assert(land_op<double>()(0.5, -2.0) && !land_op<double>()(0.5, 0.0));
  static_assert(lor_op<std::int32_t>()(0, -1) && !lor_op<std::int32_t>()(0, 0));
  static_assert(lxor_op<std::uint64_t>()(7, 0) && !lxor_op<std::uint64_t>()(7, 1));
  EXPECT_TRUE(land_op<double>()(nan, 1.0));  // NaN != 0, as in C
  EXPECT_FALSE(lxor_op<double>()(nan, 2.0));
}

TEST(SemiringBinaryOps, StructuralOperators) {
  static_assert(first_op<std::int32_t>()(4, 9) == 4 && second_op<std::int32_t>()(4, 9) == 9);
  static_assert(pair_op<float>()(0.0f, -2.0f) == 1.0f && pair_op<bool>()(false, false));
  static_assert(any_op<std::int32_t>()(0, 5) == 5 && any_op<std::int32_t>()(3, 5) == 3);
  EXPECT_EQ(pair_op<double>()(std::nan(""), std::nan("")), 1.0);
}

TEST(SemiringBinaryOps, PositionalOperatorsGetIndicesThroughTheSemiring) {
  static_assert(is_positional_v<firsti_op<std::int64_t>> && is_positional_v<secondi_op<int>>);
  static_assert(!is_positional_v<plus_op<int>> && !is_positional_v<pair_op<int>>);
  // a = A(i,k), b = B(k,j) with i = 3, k = 8, j = 5.
  static_assert(firsti_op<std::int64_t>()(10, 20, 3, 8, 5) == 3);
  static_assert(secondi_op<std::uint32_t>()(10, 20, 3, 8, 5) == 8);
  static_assert(any_secondi<std::int64_t>::positional && !min_plus<float>::positional);
  static_assert(any_secondi<std::int64_t>::multiply(10, 20, 3, 8, 5) == 8);
  static_assert(min_secondi<std::uint64_t>::add(8, 4) == 4);
  // Non-positional multiplies take the same call and drop the indices.
  static_assert(min_plus<std::int32_t>::multiply(2, 3, 3, 8, 5) == 5);
  static_assert(min_plus<std::int32_t>::multiply(2, 3) == 5);
}

// ---- Semiring laws.

enum class sides { none, left, right, both };

constexpr bool covers_left(sides s) { return s == sides::left || s == sides::both; }
constexpr bool covers_right(sides s) { return s == sides::right || s == sides::both; }
constexpr sides both_if(bool c) { return c ? sides::both : sides::none; }

// What each built-in satisfies, on small integer values:
//   distributes: left  a ⊗ (b ⊕ c) == (a ⊗ b) ⊕ (a ⊗ c);  right  (b ⊕ c) ⊗ a == (b ⊗ a) ⊕ (c ⊗ a)
//   annihilates: left  0 ⊗ a == 0;                         right  a ⊗ 0 == 0   (0 = zero())
//   nonnegative: the laws are claimed for values >= 0 only.
// Positional multiplies are checked at fixed indices. Logical semirings are listed for bool; over
// other types they act on truth values (SemiringTruthValues).
template <sides distributive, sides annihilator, bool nonnegative_only = false>
struct claims {
  static constexpr sides distributes = distributive;
  static constexpr sides annihilates = annihilator;
  static constexpr bool nonnegative = nonnegative_only;
};

template <class T>
constexpr bool is_float = std::is_floating_point_v<T>;
template <class T>
constexpr bool is_bool = std::is_same_v<T, bool>;
template <class T>
constexpr bool is_unsigned = std::is_unsigned_v<T>;  // bool too

template <class S>
struct laws;
template <class T>
struct laws<plus_times<T>> : claims<sides::both, sides::both> {
  static constexpr const char* name = "plus_times";
};
// Integer max() + 1 wraps, so over integers min_plus and max_plus have no annihilator.
template <class T>
struct laws<min_plus<T>> : claims<sides::both, both_if(is_float<T> || is_bool<T>)> {
  static constexpr const char* name = "min_plus";
};
template <class T>
struct laws<max_plus<T>> : claims<sides::both, both_if(is_float<T>)> {
  static constexpr const char* name = "max_plus";
};
// -inf * 0 is NaN and lowest() * 0 is 0: only unsigned types annihilate.
template <class T>
struct laws<max_times<T>> : claims<sides::both, both_if(is_unsigned<T>), true> {
  static constexpr const char* name = "max_times";
};
template <class T>
struct laws<min_times<T>> : claims<sides::both, sides::none, true> {
  static constexpr const char* name = "min_times";
};
template <class T>
struct laws<max_min<T>> : claims<sides::both, sides::both> {
  static constexpr const char* name = "max_min";
};
template <class T>
struct laws<min_max<T>> : claims<sides::both, sides::both> {
  static constexpr const char* name = "min_max";
};
// min does not distribute over + (min(1, 1 + 1) != 1 + 1) except over bool, where it is lor_land.
template <class T>
struct laws<plus_min<T>> : claims<both_if(is_bool<T>), both_if(is_unsigned<T>)> {
  static constexpr const char* name = "plus_min";
};
template <class T>
struct laws<lor_land<T>> : claims<sides::both, sides::both> {
  static constexpr const char* name = "lor_land";
};
template <class T>
struct laws<land_lor<T>> : claims<sides::both, sides::both> {
  static constexpr const char* name = "land_lor";
};
template <class T>
struct laws<lxor_land<T>> : claims<sides::both, sides::both> {
  static constexpr const char* name = "lxor_land";
};
template <class T>
struct laws<any_pair<T>> : claims<sides::both, sides::none> {
  static constexpr const char* name = "any_pair";
};
// pair(a, b + c) is 1 but pair(a, b) + pair(a, c) is 2, except over bool.
template <class T>
struct laws<plus_pair<T>> : claims<both_if(is_bool<T>), sides::none> {
  static constexpr const char* name = "plus_pair";
};
template <class T>
struct laws<min_first<T>> : claims<sides::both, sides::left> {
  static constexpr const char* name = "min_first";
};
template <class T>
struct laws<min_second<T>> : claims<sides::both, sides::right> {
  static constexpr const char* name = "min_second";
};
// first(a, b + c) is a but first(a, b) + first(a, c) is 2a, except over bool.
template <class T>
struct laws<plus_first<T>> : claims<is_bool<T> ? sides::both : sides::right, sides::left> {
  static constexpr const char* name = "plus_first";
};
template <class T>
struct laws<plus_second<T>> : claims<is_bool<T> ? sides::both : sides::left, sides::right> {
  static constexpr const char* name = "plus_second";
};
template <class T>
struct laws<any_secondi<T>> : claims<sides::both, sides::none> {
  static constexpr const char* name = "any_secondi";
};
template <class T>
struct laws<min_secondi<T>> : claims<sides::both, sides::none> {
  static constexpr const char* name = "min_secondi";
};

struct semiring_names {
  template <class S>
  static std::string GetName(int) {
    return std::string(laws<S>::name) + "_" + type_label<typename S::a_type>();
  }
};

// Every built-in whose operands and result share one type.
using closed_semirings =
    join<over_all_types<plus_times>, over_all_types<min_plus>, over_all_types<max_plus>,
         over_all_types<max_times>, over_all_types<min_times>, over_all_types<max_min>,
         over_all_types<min_max>, over_all_types<plus_min>, over_all_types<any_pair>,
         over_all_types<plus_pair>, over_all_types<min_first>, over_all_types<min_second>,
         over_all_types<plus_first>, over_all_types<plus_second>,
         ::testing::Types<lor_land<bool>, land_lor<bool>, lxor_land<bool>>,
         over_index_types<any_secondi>, over_index_types<min_secondi>>::type;

template <class S>
class SemiringLaws : public ::testing::Test {
 protected:
  using T = typename S::c_type;
  static_assert(std::is_same_v<typename S::a_type, T> && std::is_same_v<typename S::b_type, T>);
  // Fixed positions for the positional multiplies: a = A(2,5), b = B(5,7).
  static T mul(T a, T b) { return S::multiply(a, b, 2, 5, 7); }
  static std::vector<T> samples() { return semiring_samples<T>(laws<S>::nonnegative); }
};
TYPED_TEST_SUITE(SemiringLaws, closed_semirings, semiring_names);

TYPED_TEST(SemiringLaws, DistributesExactlyWhereClaimed) {
  using S = TypeParam;
  using T = typename S::c_type;
  const auto mul = TestFixture::mul;
  const std::vector<T> s = TestFixture::samples();
  expect_law("left distributivity", covers_left(laws<S>::distributes),
             breaks3(s, [&](T a, T b, T c) {
               return same(mul(a, S::add(b, c)), S::add(mul(a, b), mul(a, c)));
             }));
  expect_law("right distributivity", covers_right(laws<S>::distributes),
             breaks3(s, [&](T a, T b, T c) {
               return same(mul(S::add(b, c), a), S::add(mul(b, a), mul(c, a)));
             }));
}

TYPED_TEST(SemiringLaws, ZeroAnnihilatesExactlyWhereClaimed) {
  using S = TypeParam;
  using T = typename S::c_type;
  const auto mul = TestFixture::mul;
  const std::vector<T> s = TestFixture::samples();
  expect_law("left annihilation", covers_left(laws<S>::annihilates),
             breaks1(s, [&](T a) { return same(mul(S::zero(), a), S::zero()); }));
  expect_law("right annihilation", covers_right(laws<S>::annihilates),
             breaks1(s, [&](T a) { return same(mul(a, S::zero()), S::zero()); }));
}

TYPED_TEST(SemiringLaws, ZeroIsTheAddIdentity) {
  using S = TypeParam;
  using T = typename S::c_type;
  EXPECT_EQ(breaks1(TestFixture::samples(), [](T x) { return same(S::add(S::zero(), x), x); }), "");
}

// A logical semiring over a non-bool type is the bool one applied to truth values (x != 0).
template <class Op>
struct over_bool;
template <template <class> class Op, class T>
struct over_bool<Op<T>> {
  using type = Op<bool>;
};

template <class S>
class SemiringTruthValues : public ::testing::Test {};
using logical_semirings = join<over_non_bool_types<lor_land>, over_non_bool_types<land_lor>,
                               over_non_bool_types<lxor_land>>::type;
TYPED_TEST_SUITE(SemiringTruthValues, logical_semirings, semiring_names);

TYPED_TEST(SemiringTruthValues, ActLikeTheBoolSemiringOnTruthValues) {
  using S = TypeParam;
  using T = typename S::a_type;
  using on_bool =
      semiring<typename S::add_monoid, typename over_bool<typename S::multiply_op>::type>;
  static_assert(std::is_same_v<typename S::c_type, bool>);
  EXPECT_EQ(breaks2(law_samples<T>(),
                    [](T a, T b) {
                      return S::multiply(a, b) == on_bool::multiply(a != T(0), b != T(0));
                    }),
            "");
}

TEST(SemiringBuiltins, AreConstexpr) {
  static_assert(plus_times<std::int32_t>::add(plus_times<std::int32_t>::multiply(3, 4), 5) == 17);
  static_assert(min_plus<double>::zero() == inf);
  static_assert(max_plus<std::int64_t>::zero() == INT64_MIN);
  static_assert(lor_land<double>::multiply(0.5, 2.0) && !lor_land<double>::zero());
  static_assert(plus_pair<std::uint64_t>::add(plus_pair<std::uint64_t>::multiply(9, 9), 1) == 2);
}

// ---- The worked examples: u = e_s ⊕ u ⊕.⊗ A iterated on small graphs, by a dense loop.

struct edge {
  std::uint32_t from, to;
  double weight;
};

template <class S>
std::vector<typename S::c_type> iterate_from(std::size_t n, const std::vector<edge>& edges,
                                             std::uint32_t source, typename S::c_type start) {
  using C = typename S::c_type;
  std::vector<C> u(n, S::zero());
  u[source] = start;
  for (std::size_t round = 0; round < n; ++round) {
    std::vector<C> next(n, S::zero());
    next[source] = start;
    // next(j) ⊕= u(k) ⊗ A(k,j): in u ⊕.⊗ A, u(k) sits at (0, k), so i = 0.
    for (const edge& e : edges) {
      next[e.to] = S::add(next[e.to], S::multiply(u[e.from], e.weight, 0, e.from, e.to));
    }
    u = next;
  }
  return u;
}

TEST(SemiringExamples, ShortestPathCountOnADiamond) {
  using S = examples::shortest_path_count;
  // 0 -> 1 -> 3, 0 -> 2 -> 3 and 0 -> 3 all have length 2; 0 -> 4 directly (5) is longer than
  // through 3 (3); 5 is unreachable.
  const std::vector<edge> edges = {{0, 1, 1}, {0, 2, 1}, {1, 3, 1}, {2, 3, 1},
                                   {0, 3, 2}, {3, 4, 1}, {0, 4, 5}};
  const std::vector<path_count> u = iterate_from<S>(6, edges, 0, {0, 1});
  const std::vector<path_count> expected = {{0, 1}, {1, 1}, {1, 1}, {2, 3}, {3, 3}, {inf, 0}};
  ASSERT_EQ(u.size(), expected.size());
  for (std::size_t v = 0; v < u.size(); ++v) {
    EXPECT_TRUE(same(u[v], expected[v])) << "vertex " << v << ": " << show(u[v]);
  }
}

TEST(SemiringExamples, ShortestPathCountLaws) {
  using S = examples::shortest_path_count;
  const std::vector<path_count> s = law_samples<path_count>();
  // Edge weights are finite: an infinite one would make unequal distances equal.
  for (const double w : {0.0, 1.0, 2.5}) {
    // The paths reaching k, extended by one edge: (x ⊕ y) ⊗ w == (x ⊗ w) ⊕ (y ⊗ w).
    EXPECT_EQ(breaks2(s,
                      [&](path_count x, path_count y) {
                        return same(S::multiply(S::add(x, y), w),
                                    S::add(S::multiply(x, w), S::multiply(y, w)));
                      }),
              "")
        << "w = " << w;
    EXPECT_TRUE(same(S::multiply(S::zero(), w), S::zero()));
  }
}

TEST(SemiringExamples, WidestPathWithParents) {
  using S = examples::widest_path;
  // Widths: 1 = 5 from 0; 2 = min(5, 4) = 4 through 1 beats 3 directly; 3 = min(4, 3) = 3 through
  // 2 beats min(5, 2) through 1; 5 = min(3, 10) through 3; 6 ties at 4 through 1 and through 2
  // and takes the smaller parent; 4 is unreachable.
  const std::vector<edge> edges = {{0, 1, 5}, {0, 2, 3},  {1, 3, 2}, {2, 3, 3},
                                   {1, 2, 4}, {3, 5, 10}, {1, 6, 4}, {2, 6, 4}};
  const std::vector<widest> u = iterate_from<S>(7, edges, 0, {inf, 0});
  const std::vector<widest> expected = {{inf, 0},          {5, 0}, {4, 1}, {3, 2},
                                        {-inf, no_parent}, {3, 3}, {4, 1}};
  ASSERT_EQ(u.size(), expected.size());
  for (std::size_t v = 0; v < u.size(); ++v) {
    EXPECT_TRUE(same(u[v], expected[v])) << "vertex " << v << ": " << show(u[v]);
  }
}

TEST(SemiringExamples, WidestPathLaws) {
  using S = examples::widest_path;
  static_assert(S::positional && has_terminal_v<S::add_monoid> && is_idempotent_v<S::add_monoid>);
  const std::vector<widest> s = law_samples<widest>();
  for (const double capacity : {0.0, 2.0, 6.0, inf}) {
    EXPECT_EQ(breaks2(s,
                      [&](widest x, widest y) {
                        return same(S::multiply(S::add(x, y), capacity, 0, 9, 4),
                                    S::add(S::multiply(x, capacity, 0, 9, 4),
                                           S::multiply(y, capacity, 0, 9, 4)));
                      }),
              "")
        << "capacity " << capacity;
    EXPECT_TRUE(same(S::multiply(S::zero(), capacity, 0, 9, 4), S::zero()));
  }
  EXPECT_TRUE(same(S::multiply({6, 2}, 4, 0, 9, 4), widest{4, 9}));  // the parent is k
}

}  // namespace
}  // namespace graphring

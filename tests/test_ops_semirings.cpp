// Every built-in semiring over the types GraphBLAS predefines it for, mxv and vxm held against
// GrB_mxv and GrB_vxm (tests/test_ops_products.hpp) under a value or structural mask, possibly
// complemented, with and without replace. The other write modes are the same code whatever the
// semiring and run in tests/test_ops_products.cpp.
#include <gtest/gtest.h>

#include <cstdint>

#include "tests/test_ops_products.hpp"

namespace graphring::testing::ops {
namespace {

using K = gb::semiring_kind;

// Shorthand: the semiring S over T, compared with GraphBLAS's `kind`.
template <class T, class S>
void sweep(K kind, bool big = false) {
  check_products_on_every_shape<T, S>({kind, gb::binary_kind::none, false, big});
}

TEST(OpsSemirings, ArithmeticAndTropicalInt32) {
  sweep<std::int32_t, min_plus<std::int32_t>>(K::min_plus);
  sweep<std::int32_t, max_plus<std::int32_t>>(K::max_plus);
  sweep<std::int32_t, max_times<std::int32_t>>(K::max_times);
  sweep<std::int32_t, min_times<std::int32_t>>(K::min_times);
  sweep<std::int32_t, max_min<std::int32_t>>(K::max_min);
  sweep<std::int32_t, min_max<std::int32_t>>(K::min_max);
  sweep<std::int32_t, plus_min<std::int32_t>>(K::plus_min);
}

TEST(OpsSemirings, StructuralInt32) {
  sweep<std::int32_t, plus_pair<std::int32_t>>(K::plus_pair, true);
  sweep<std::int32_t, any_pair<std::int32_t>>(K::any_pair, true);
  sweep<std::int32_t, min_first<std::int32_t>>(K::min_first);
  sweep<std::int32_t, min_second<std::int32_t>>(K::min_second);
  sweep<std::int32_t, plus_first<std::int32_t>>(K::plus_first);
  sweep<std::int32_t, plus_second<std::int32_t>>(K::plus_second);
}

TEST(OpsSemirings, Int64) {
  sweep<std::int64_t, min_secondi<std::int64_t>>(K::min_secondi, true);
  sweep<std::int64_t, plus_times<std::int64_t>>(K::plus_times);
  sweep<std::int64_t, max_plus<std::int64_t>>(K::max_plus);
}

TEST(OpsSemirings, Unsigned) {
  sweep<std::uint32_t, plus_times<std::uint32_t>>(K::plus_times);
  sweep<std::uint64_t, min_plus<std::uint64_t>>(K::min_plus);
  sweep<std::uint64_t, plus_pair<std::uint64_t>>(K::plus_pair);
}

TEST(OpsSemirings, Floating) {
  sweep<float, plus_times<float>>(K::plus_times, true);
  sweep<float, max_plus<float>>(K::max_plus);
  sweep<float, max_times<float>>(K::max_times);
  sweep<double, plus_times<double>>(K::plus_times);
  sweep<double, min_max<double>>(K::min_max);
  sweep<double, min_times<double>>(K::min_times);
}

TEST(OpsSemirings, Boolean) {
  sweep<bool, land_lor<bool>>(K::land_lor);
  sweep<bool, lxor_land<bool>>(K::lxor_land);
  sweep<bool, any_pair<bool>>(K::any_pair);
}

}  // namespace
}  // namespace graphring::testing::ops

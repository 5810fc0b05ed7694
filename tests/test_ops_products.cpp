// mxv and vxm held against SuiteSparse:GraphBLAS's GrB_mxv and GrB_vxm in every write mode:
// no mask, value and structural masks, complemented, with and without accumulator and replace,
// for one semiring of each kind (arithmetic, tropical, positional, ANY, boolean). The other
// semirings are swept in tests/test_ops_semirings.cpp.
#include "tests/test_ops_products.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <cstdint>

namespace graphring::testing::ops {
namespace {

using K = gb::semiring_kind;

TEST(OpsProducts, PlusTimesInt32InEveryWriteMode) {
  check_products_on_every_shape<std::int32_t, plus_times<std::int32_t>, true>(
      {K::plus_times, gb::binary_kind::plus, true, true});
}

TEST(OpsProducts, MinPlusFloatInEveryWriteMode) {
  check_products_on_every_shape<float, min_plus<float>, true>(
      {K::min_plus, gb::binary_kind::min, true, true});
}

TEST(OpsProducts, AnySecondiInt64InEveryWriteMode) {
  // "second" as accumulator keeps the chosen index checkable.
  check_products_on_every_shape<std::int64_t, any_secondi<std::int64_t>, true>(
      {K::any_secondi, gb::binary_kind::second, true, true, true});
}

TEST(OpsProducts, LorLandBoolInEveryWriteMode) {
  check_products_on_every_shape<bool, lor_land<bool>, true>(
      {K::lor_land, gb::binary_kind::plus, true, true});
}

TEST(OpsProducts, MaxMinUint32WithSomeWriteModes) {
  check_products_on_every_shape<std::uint32_t, max_min<std::uint32_t>, true>(
      {K::max_min, gb::binary_kind::max, false, true});
}

// A parallel push cuts the index range into four buckets per thread; with many threads the last
// ones lie past n (the big shape's 6000, not a multiple of 64) and must stay empty, or the word
// holding n's last indices is folded (exact monoids: dense copies) or listed (others: lists) twice.
// More threads than cores, as on a 16-core machine where the GPU tests first caught it.
TEST(OpsProducts, PushOnManyThreadsFoldsEachIndexOnce) {
  struct restore_threads {
    int threads = omp_get_max_threads();
    ~restore_threads() { omp_set_num_threads(threads); }
  } restore;
  gb::graphblas_start(2);
  for (const int threads : {16, 37}) {
    SCOPED_TRACE(::testing::Message() << threads << " threads");
    omp_set_num_threads(threads);
    check_products<std::int32_t, plus_times<std::int32_t>, true>(
        {K::plus_times, gb::binary_kind::plus, true, true}, shapes().back());
    check_products<double, plus_times<double>, false>(
        {K::plus_times, gb::binary_kind::none, false, true}, shapes().back());
  }
}

}  // namespace
}  // namespace graphring::testing::ops

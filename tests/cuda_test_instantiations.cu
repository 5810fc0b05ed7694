// The device products the CUDA tests run (tests/test_cuda_device.cpp) beyond those the library
// compiles (engine/device/instantiate_*.cu): each test semiring's mxv and vxm without a mask, with
// a bool mask, and with a mask and its own ⊕ as the accumulator. This is also how a program
// compiles the GPU kernels of its own semiring (README "GPU backend").
#include "engine/device/operations.cuh"
#include "tests/cuda_test_semirings.hpp"

namespace graphring {

using mask = device_vector<bool>;
using examples::path_count;
using examples::shortest_path_count;
using testing::path_count_pull;

#define GRAPHRING_TEST_MXV_MASKED(S, AT, U)                    \
  GRAPHRING_DEVICE_MXV(S, S::c_type, mask, no_accum_t, AT, U); \
  GRAPHRING_DEVICE_MXV(S, S::c_type, mask, S::add_monoid, AT, U)
#define GRAPHRING_TEST_VXM(S, U, AT)                                \
  GRAPHRING_DEVICE_VXM(S, S::c_type, no_mask_t, no_accum_t, U, AT); \
  GRAPHRING_DEVICE_VXM(S, S::c_type, mask, no_accum_t, U, AT);      \
  GRAPHRING_DEVICE_VXM(S, S::c_type, mask, S::add_monoid, U, AT)

using plus_times_fp64 = plus_times<double>;
using min_plus_fp64 = min_plus<double>;
using max_min_fp64 = max_min<double>;
using lor_land_bool = lor_land<bool>;
using any_secondi_int64 = any_secondi<std::int64_t>;

// Unmasked mxv of these five is in the library (engine/device/instantiate_registry_*.cu).
GRAPHRING_TEST_MXV_MASKED(plus_times_fp64, double, double);
GRAPHRING_TEST_MXV_MASKED(min_plus_fp64, double, double);
GRAPHRING_TEST_MXV_MASKED(max_min_fp64, double, double);
GRAPHRING_TEST_MXV_MASKED(lor_land_bool, bool, bool);
GRAPHRING_TEST_MXV_MASKED(any_secondi_int64, std::int64_t, std::int64_t);
GRAPHRING_DEVICE_MXV(path_count_pull, path_count, no_mask_t, no_accum_t, double, path_count);
GRAPHRING_TEST_MXV_MASKED(path_count_pull, double, path_count);

GRAPHRING_TEST_VXM(plus_times_fp64, double, double);
// Unmasked vxm of min_plus is SSSP's (engine/device/instantiate_sssp.cu).
GRAPHRING_DEVICE_VXM(min_plus_fp64, double, mask, no_accum_t, double, double);
GRAPHRING_DEVICE_VXM(min_plus_fp64, double, mask, min_monoid<double>, double, double);
GRAPHRING_TEST_VXM(max_min_fp64, double, double);
GRAPHRING_TEST_VXM(lor_land_bool, bool, bool);
GRAPHRING_TEST_VXM(any_secondi_int64, std::int64_t, std::int64_t);
GRAPHRING_TEST_VXM(shortest_path_count, path_count, double);

}  // namespace graphring

// The device mxv behind `graphring spmv --backend cuda` (engine/device/device_registry.cpp) and
// the GPU kernel rows of the benchmark, one per semiring the device registry names: the (+, ×) and
// (min, +) ones, which the benchmark times too.
#include "engine/device/operations.cuh"
#include "semirings/builtin.hpp"

namespace graphring {

GRAPHRING_DEVICE_MXV(plus_times<double>, double, no_mask_t, no_accum_t, double, double);
GRAPHRING_DEVICE_MXV(plus_times<float>, float, no_mask_t, no_accum_t, float, float);
GRAPHRING_DEVICE_MXV(min_plus<double>, double, no_mask_t, no_accum_t, double, double);
GRAPHRING_DEVICE_MXV(min_plus<float>, float, no_mask_t, no_accum_t, float, float);

}  // namespace graphring

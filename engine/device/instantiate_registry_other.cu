// The device mxv behind `graphring spmv --backend cuda` (engine/device/device_registry.cpp) and
// the GPU kernel rows of the benchmark, one per semiring the device registry names: the bottleneck,
// logical and positional ones.
#include "engine/device/operations.cuh"
#include "semirings/builtin.hpp"

namespace graphring {

GRAPHRING_DEVICE_MXV(max_plus<double>, double, no_mask_t, no_accum_t, double, double);
GRAPHRING_DEVICE_MXV(max_min<double>, double, no_mask_t, no_accum_t, double, double);
GRAPHRING_DEVICE_MXV(lor_land<bool>, bool, no_mask_t, no_accum_t, bool, bool);
GRAPHRING_DEVICE_MXV(any_secondi<std::int64_t>, std::int64_t, no_mask_t, no_accum_t, std::int64_t,
                     std::int64_t);

}  // namespace graphring

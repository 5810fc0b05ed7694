// The device operations BFS uses (algorithms/device/bfs.cpp), compiled for its types.
#include "engine/device/operations.cuh"
#include "semirings/builtin.hpp"

namespace graphring {

using levels = device_vector<std::int64_t>;

GRAPHRING_DEVICE_VXM(any_secondi<std::int64_t>, std::int64_t, levels, no_accum_t, std::int64_t,
                     bool);
template std::int64_t reduce(plus_monoid<std::int64_t>, const levels&);
template void reduce_rows(levels&, const no_mask_t&, const no_accum_t&, plus_monoid<std::int64_t>,
                          const device_matrix<bool>&, const descriptor&);
template void assign_scalar(levels&, const levels&, const no_accum_t&, const std::int64_t&,
                            const descriptor&);
template void assign(levels&, const levels&, const no_accum_t&, const levels&, const descriptor&);

}  // namespace graphring

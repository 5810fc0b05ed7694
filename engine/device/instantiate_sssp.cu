// The device operations SSSP uses (algorithms/device/sssp.cpp), compiled for its types; the
// intersection of distances with a bool vector serves PageRank too.
#include "engine/device/operations.cuh"
#include "semirings/builtin.hpp"
#include "semirings/index_ops.hpp"
#include "semirings/named_ops.hpp"

namespace graphring {

using distances = device_vector<double>;
using flags = device_vector<bool>;
using weights = device_matrix<double>;

GRAPHRING_DEVICE_VXM(min_plus<double>, double, no_mask_t, no_accum_t, double, double);
template void ewise_mult(flags&, const no_mask_t&, const no_accum_t&, const less_op<double>&,
                         const distances&, const distances&, const descriptor&);
template void ewise_mult(distances&, const no_mask_t&, const no_accum_t&, const first_op<double>&,
                         const distances&, const flags&, const descriptor&);
template void ewise_add(distances&, const no_mask_t&, const no_accum_t&, const second_op<double>&,
                        const distances&, const distances&, const descriptor&);
template void select(flags&, const no_mask_t&, const no_accum_t&, const value_eq_op<bool>&,
                     const flags&, const descriptor&);
template void select(distances&, const no_mask_t&, const no_accum_t&, const value_lt_op<double>&,
                     const distances&, const descriptor&);
template void select(distances&, const no_mask_t&, const no_accum_t&, const value_ge_op<double>&,
                     const distances&, const descriptor&);
template void select(weights&, const no_mask_t&, const no_accum_t&, const value_le_op<double>&,
                     const weights&, const descriptor&);
template void select(weights&, const no_mask_t&, const no_accum_t&, const value_gt_op<double>&,
                     const weights&, const descriptor&);
template void assign(distances&, const distances&, const no_accum_t&, const distances&,
                     const descriptor&);
template double reduce(min_monoid<double>, const distances&);
template double reduce(min_monoid<double>, const weights&);

}  // namespace graphring

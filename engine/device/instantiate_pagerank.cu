// The device operations PageRank uses (algorithms/pagerank_steps.hpp on the GPU), compiled for
// its types.
#include "engine/device/operations.cuh"
#include "semirings/builtin.hpp"
#include "semirings/index_ops.hpp"
#include "semirings/named_ops.hpp"

namespace graphring {

using ranks = device_vector<double>;
using share_of_degree = bound_first<divide_op<double>, double>;

GRAPHRING_DEVICE_VXM(plus_first<double>, double, no_mask_t, plus_op<double>, double, bool);
GRAPHRING_DEVICE_VXM(plus_first<double>, double, no_mask_t, plus_monoid<double>, double, bool);
template void apply(ranks&, const no_mask_t&, const no_accum_t&,
                    const bound_first<plus_op<double>, double>&, const ranks&, const descriptor&);
template void reduce_rows(ranks&, const no_mask_t&, const no_accum_t&, plus_monoid<double>,
                          const device_matrix<bool>&, const descriptor&);
template void apply(ranks&, const ranks&, const no_accum_t&, const share_of_degree&, const ranks&,
                    const descriptor&);
template void assign_scalar(ranks&, const ranks&, const no_accum_t&, const double&,
                            const descriptor&);
template void assign_scalar(ranks&, const no_mask_t&, const no_accum_t&, const double&,
                            const descriptor&);
template void ewise_mult(ranks&, const no_mask_t&, const no_accum_t&, const times_op<double>&,
                         const ranks&, const ranks&, const descriptor&);
template void ewise_mult(ranks&, const no_mask_t&, const no_accum_t&,
                         const absolute_difference_op<double>&, const ranks&, const ranks&,
                         const descriptor&);
template double reduce(plus_monoid<double>, const ranks&);

}  // namespace graphring

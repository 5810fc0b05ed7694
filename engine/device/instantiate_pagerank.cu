// The device operations PageRank uses (algorithms/pagerank_steps.hpp on the GPU), compiled for
// its rank types, double and float (pagerank_options::precision).
#include "engine/device/operations.cuh"
#include "semirings/builtin.hpp"
#include "semirings/index_ops.hpp"
#include "semirings/named_ops.hpp"

// The operations for ranks of type T.
#define GRAPHRING_DEVICE_PAGERANK(T)                                                             \
  GRAPHRING_DEVICE_VXM(plus_first<T>, T, no_mask_t, plus_op<T>, T, bool);                        \
  GRAPHRING_DEVICE_VXM(plus_first<T>, T, no_mask_t, plus_monoid<T>, T, bool);                    \
  template void apply(device_vector<T>&, const no_mask_t&, const no_accum_t&,                    \
                      const bound_first<plus_op<T>, T>&, const device_vector<T>&,                \
                      const descriptor&);                                                        \
  template void reduce_rows(device_vector<T>&, const no_mask_t&, const no_accum_t&,              \
                            plus_monoid<T>, const device_matrix<bool>&, const descriptor&);      \
  template void apply(device_vector<T>&, const device_vector<T>&, const no_accum_t&,             \
                      const bound_first<divide_op<T>, T>&, const device_vector<T>&,              \
                      const descriptor&);                                                        \
  template void assign_scalar(device_vector<T>&, const device_vector<T>&, const no_accum_t&,     \
                              const T&, const descriptor&);                                      \
  template void assign_scalar(device_vector<T>&, const no_mask_t&, const no_accum_t&, const T&,  \
                              const descriptor&);                                                \
  template void ewise_mult(device_vector<T>&, const no_mask_t&, const no_accum_t&,               \
                           const times_op<T>&, const device_vector<T>&, const device_vector<T>&, \
                           const descriptor&);                                                   \
  template void ewise_mult(device_vector<T>&, const no_mask_t&, const no_accum_t&,               \
                           const absolute_difference_op<T>&, const device_vector<T>&,            \
                           const device_vector<T>&, const descriptor&);                          \
  template T reduce(plus_monoid<T>, const device_vector<T>&)

namespace graphring {

GRAPHRING_DEVICE_PAGERANK(double);
GRAPHRING_DEVICE_PAGERANK(float);

}  // namespace graphring

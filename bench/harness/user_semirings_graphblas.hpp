// The user-defined min_plus of bench/harness/user_semirings.hpp written for GraphBLAS the way a
// user of its C API would: a GrB_Type for the `distance` struct, ⊕ and ⊗ as C functions behind
// GrB_BinaryOp, a monoid with identity {+inf}. Without a JIT (SuiteSparse:GraphBLAS 7.x) GraphBLAS
// runs such a semiring through its generic kernels, one call through a function pointer per
// operator application; the benchmark times it next to the built-in GrB_MIN_PLUS_SEMIRING_FP32.
#pragma once

#include <cstdint>
#include <vector>

#include "bench/baselines/graphblas_matrix.hpp"
#include "bench/baselines/graphblas_user_semiring.hpp"
#include "bench/harness/user_semirings.hpp"

namespace graphring::bench {

// (shorter_distance, extend_by_edge): FP32 edge ⊗ distance -> distance. Created once per process,
// after graphblas_start; the objects live as long as the process.
const baselines::graphblas_user_semiring& graphblas_user_min_plus_semiring();

// A GrB_Vector of that type holding every entry of `dense`.
baselines::grb_vector graphblas_distance_vector(const std::vector<distance>& dense);

// The entries of a GrB_Vector of that type, as (index, distance) in ascending index order.
void graphblas_distance_entries(GrB_Vector v, std::vector<std::uint64_t>& indices,
                                std::vector<distance>& values);

}  // namespace graphring::bench

// A semiring over a user's own struct type, declared to GraphBLAS the way its C API asks for one:
// a GrB_Type of the struct's size, ⊕ and ⊗ as C functions behind GrB_BinaryOp, a monoid from ⊕
// and its identity, the semiring from that monoid and ⊗, whose other operand is the matrix's
// predefined entry type. The benchmark's user-defined rows (path count, struct min_plus) use it.
#pragma once

#include <cstddef>

#include "bench/baselines/graphblas_session.hpp"

namespace graphring::baselines {

struct graphblas_user_semiring {
  GrB_Type type;          // the struct
  GrB_BinaryOp add;       // ⊕, also the dup operator for building vectors of the type
  GrB_Semiring semiring;  // (⊕, ⊗)
};

// Which operand of ⊗ is the matrix entry.
enum class edge_operand { first, second };

// Creates the objects; they live as long as the process (call after graphblas_start).
graphblas_user_semiring make_graphblas_user_semiring(std::size_t type_size, GxB_binary_function add,
                                                     const void* identity,
                                                     GxB_binary_function times, GrB_Type edge_type,
                                                     edge_operand edge);

}  // namespace graphring::baselines

// GraphBLAS objects of a user-defined semiring (see the header).
#include "bench/baselines/graphblas_user_semiring.hpp"

namespace graphring::baselines {

graphblas_user_semiring make_graphblas_user_semiring(std::size_t type_size, GxB_binary_function add,
                                                     const void* identity,
                                                     GxB_binary_function times, GrB_Type edge_type,
                                                     edge_operand edge) {
  graphblas_user_semiring a{};
  GrB_BinaryOp times_op = nullptr;
  GrB_Monoid monoid = nullptr;
  GRAPHRING_GRB(GrB_Type_new(&a.type, type_size));
  GRAPHRING_GRB(GrB_BinaryOp_new(&a.add, add, a.type, a.type, a.type));
  GrB_Type x = edge == edge_operand::first ? edge_type : a.type;
  GrB_Type y = edge == edge_operand::first ? a.type : edge_type;
  GRAPHRING_GRB(GrB_BinaryOp_new(&times_op, times, a.type, x, y));
  // GraphBLAS copies the identity's bytes; its C signature takes a non-const pointer.
  GRAPHRING_GRB(GrB_Monoid_new_UDT(&monoid, a.add, const_cast<void*>(identity)));
  GRAPHRING_GRB(GrB_Semiring_new(&a.semiring, monoid, times_op));
  return a;
}

}  // namespace graphring::baselines

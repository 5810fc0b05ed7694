// Unary operators z = f(x) for apply (GraphBLAS's GrB_UnaryOp). Binary operators with one operand
// bound to a scalar (bind_first / bind_second, index_ops.hpp) give the rest.
#pragma once

#include "semirings/hd.hpp"

namespace graphring {

// z = x (GrB_IDENTITY): with an accumulator, apply(w, no_mask, op, identity_op<T>{}, u) folds u
// into w entry by entry, w = op(w, u), in w's own storage.
template <class T>
struct identity_op {
  GRAPHRING_HD constexpr T operator()(const T& x) const { return x; }
};

}  // namespace graphring

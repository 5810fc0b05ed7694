// mult_dot_after: the second half of a fused vxm_apply_dot (engine/ops/vxm_apply_dot.hpp and the
// device engine's engine/device/operations.hpp): over the w that the product has just formed,
//     s = w ⊙ v                 under op, every entry (w is dense)
//     and ⊕_E w(j) ⊗_E y(j)     a second inner product, E a semiring
// which is ewise_mult_dot(s, op, w, v, E, y) (engine/ops/ewise_mult_dot.hpp) run in the same pass.
// A power iteration forms its next input so as it forms each iterate: PageRank's next
// w = r' .* share and the next dangling rank r' · dangling (algorithms/pagerank_steps.hpp).
// The operands are held by reference: a then_mult_dot lives for the one call it is passed to.
#pragma once

namespace graphring {

template <class SVector, class Op, class VVector, class E, class YVector>
struct then_mult_dot {
  SVector& s;
  Op op;
  const VVector& v;
  const YVector& y;
};

template <class E, class SVector, class Op, class VVector, class YVector>
then_mult_dot<SVector, Op, VVector, E, YVector> mult_dot_after(SVector& s, const Op& op,
                                                               const VVector& v, E,
                                                               const YVector& y) {
  return {s, op, v, y};
}

}  // namespace graphring

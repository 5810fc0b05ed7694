#include "algorithms/graph_matrices.hpp"

namespace graphring::algorithms {

namespace {

csr_matrix pattern(const csr_matrix& a) { return {a.nrows, a.ncols, a.offsets, a.cols, {}}; }

}  // namespace

matrix<bool> structure_of(graph& g, bool with_transpose) {
  const csr_matrix a = pattern(g.adjacency());
  if (!with_transpose) return matrix<bool>::from_csr(a, true);
  const csr_matrix at = pattern(g.transpose());
  return matrix<bool>::from_csr(a, true, &at);
}

matrix<double> weights_of(const graph& g) { return matrix<double>::from_csr(g.adjacency(), 1.0); }

}  // namespace graphring::algorithms

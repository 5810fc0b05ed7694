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

namespace {

template <class T>
std::optional<formatted_matrix<T>> stored_as(const graph& g, const adjacency_format& f) {
  const auto& a = g.stored_adjacency();
  if (!a || f.kind != a->kind() || f.order != vertex_order::original) return std::nullopt;
  return formatted_matrix<T>::stored(a, g.stored_transpose(), T(1));
}

}  // namespace

std::optional<formatted_matrix<bool>> stored_structure(const graph& g, const adjacency_format& f) {
  return stored_as<bool>(g, f);
}

std::optional<formatted_matrix<double>> stored_weights(const graph& g, const adjacency_format& f) {
  return stored_as<double>(g, f);
}

matrix<double> weights_of(const graph& g) { return matrix<double>::from_csr(g.adjacency(), 1.0); }

}  // namespace graphring::algorithms

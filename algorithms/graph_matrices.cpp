#include "algorithms/graph_matrices.hpp"

#include <string>

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

namespace {

// The formatted matrix g keeps under `what` and f's names, or the one `make` gives (then kept,
// where g keeps its formats); with `pulls`, Aᵀ's format built before the algorithm starts.
template <class T, class Make>
formatted_matrix<T> kept_or_made(const graph& g, const char* what, const adjacency_format& f,
                                 bool pulls, Make make) {
  const std::string key = std::string(what) + " " +
                          std::string(f.kind ? format_name(*f.kind) : "auto") + " " +
                          std::string(vertex_order_name(f.order));
  if (const auto kept = g.kept_format(key)) {
    formatted_matrix<T> m = *static_cast<const formatted_matrix<T>*>(kept.get());
    if (pulls) m.transposed();
    return m;
  }
  formatted_matrix<T> m = formatted_for_vxm(make(), f, pulls);
  g.keep_format(key, std::make_shared<const formatted_matrix<T>>(m));
  return m;
}

}  // namespace

formatted_matrix<bool> formatted_structure(graph& g, const adjacency_format& f, bool pulls,
                                           bool with_transpose) {
  return kept_or_made<bool>(g, "structure", f, pulls,
                            [&] { return structure_of(g, with_transpose); });
}

formatted_matrix<double> formatted_weights(const graph& g, const adjacency_format& f, bool pulls) {
  return kept_or_made<double>(g, "weights", f, pulls, [&] { return weights_of(g); });
}

}  // namespace graphring::algorithms

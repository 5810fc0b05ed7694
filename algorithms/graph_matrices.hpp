// The matrices the algorithms read, taken from a graph object without copying its arrays:
// the structure of A (an iso matrix of `true`, whatever the weights) and A's weights as double
// (1 for an unweighted graph). Both share the graph's CSR; when asked, Aᵀ is taken from the
// graph's cache so that pull steps find it ready.
#pragma once

#include <optional>

#include "engine/formatted_matrix.hpp"
#include "engine/graph.hpp"
#include "engine/matrix.hpp"

namespace graphring::algorithms {

// A's pattern; with `with_transpose`, Aᵀ (from g's cache, computed there when absent) too.
matrix<bool> structure_of(graph& g, bool with_transpose);

// a for products of the vxm orientation (u ⊕.⊗ A) in format f: those pull over Aᵀ, so only
// Aᵀ's format is built, now when `pulls` (a refusal such as ELL's padding limit is thrown before
// the algorithm starts), and A's never (push steps scatter A's CSR rows).
template <class T>
formatted_matrix<T> formatted_for_vxm(matrix<T> a, const adjacency_format& f, bool pulls) {
  formatted_matrix<T> m(std::move(a), f, format_build::on_first_use);
  if (pulls) m.transposed();
  return m;
}

// g's structure for products of the vxm orientation in format f (formatted_for_vxm), Aᵀ's CSR
// taken from g's cache when `with_transpose`. While g keeps its formats (graph::keep_formats), the
// first call for f keeps what it made with g and later calls share it, formats built once.
formatted_matrix<bool> formatted_structure(graph& g, const adjacency_format& f, bool pulls,
                                           bool with_transpose);
inline formatted_matrix<bool> formatted_structure(graph& g, const adjacency_format& f, bool pulls) {
  return formatted_structure(g, f, pulls, pulls);
}

// g's structure held in its stored format, without a CSR (formatted_matrix::stored), when g was
// read from a compressed .grb in the format f names, in the original order; else std::nullopt.
std::optional<formatted_matrix<bool>> stored_structure(const graph& g, const adjacency_format& f);

// A's weights as double, 1 where the graph has none. Aᵀ is computed on first use.
matrix<double> weights_of(const graph& g);

// A's weights in format f for vxm products, kept with g as formatted_structure.
formatted_matrix<double> formatted_weights(const graph& g, const adjacency_format& f, bool pulls);

// g's weights held in its stored format (1 where it stores none), as stored_structure.
std::optional<formatted_matrix<double>> stored_weights(const graph& g, const adjacency_format& f);

}  // namespace graphring::algorithms

// The matrices the algorithms read, taken from a graph object without copying its arrays:
// the structure of A (an iso matrix of `true`, whatever the weights) and A's weights as double
// (1 for an unweighted graph). Both share the graph's CSR; when asked, Aᵀ is taken from the
// graph's cache so that pull steps find it ready.
#pragma once

#include "engine/graph.hpp"
#include "engine/matrix.hpp"

namespace graphring::algorithms {

// A's pattern; with `with_transpose`, Aᵀ (from g's cache, computed there when absent) too.
matrix<bool> structure_of(graph& g, bool with_transpose);

// A's weights as double, 1 where the graph has none. Aᵀ is computed on first use.
matrix<double> weights_of(const graph& g);

}  // namespace graphring::algorithms

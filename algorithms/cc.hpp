// Weakly connected components.
#pragma once

#include <cstdint>

#include "engine/formatted_matrix.hpp"
#include "engine/graph.hpp"
#include "engine/matrix.hpp"
#include "engine/vector.hpp"

namespace graphring::algorithms {

// component(v) = the smallest vertex id in v's component (dense). `s` must be symmetric.
vector<std::uint64_t> connected_components(const matrix<bool>& s);
// The same with the products over s pulled through its format.
vector<std::uint64_t> connected_components(const formatted_matrix<bool>& s);

// Weak components of any graph: the edges of A and of Aᵀ (its cached transpose) together when it
// is not symmetric, without forming A ∪ Aᵀ. `format`: the storage the products over the graph's
// own edges pull through (those over the sampled and remaining edges read CSR).
vector<std::uint64_t> connected_components(graph& g, const adjacency_format& format = {});

}  // namespace graphring::algorithms

// Weakly connected components.
#pragma once

#include <cstdint>

#include "engine/graph.hpp"
#include "engine/matrix.hpp"
#include "engine/vector.hpp"

namespace graphring::algorithms {

// component(v) = the smallest vertex id in v's component (dense). `s` must be symmetric.
vector<std::uint64_t> connected_components(const matrix<bool>& s);

// Weak components of any graph: its structure, symmetrized (A ∪ Aᵀ) when it is not symmetric.
vector<std::uint64_t> connected_components(graph& g);

// A ∪ Aᵀ for a graph that is not symmetric, A itself otherwise.
matrix<bool> symmetric_structure(graph& g);

}  // namespace graphring::algorithms

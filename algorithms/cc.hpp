// Weakly connected components.
#pragma once

#include <cstdint>

#include "engine/graph.hpp"
#include "engine/matrix.hpp"
#include "engine/vector.hpp"

namespace graphring::algorithms {

// component(v) = the smallest vertex id in v's component (dense). `s` must be symmetric.
vector<std::uint64_t> connected_components(const matrix<bool>& s);

// Weak components of any graph: the edges of A and of Aᵀ (its cached transpose) together when it
// is not symmetric, without forming A ∪ Aᵀ.
vector<std::uint64_t> connected_components(graph& g);

}  // namespace graphring::algorithms

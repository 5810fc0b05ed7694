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

// P(f(u), u) = 1 for a dense parent vector f: row p lists the vertices whose parent is p, so
// P ⊕.⊗ x combines x over each parent's children (the scatter f(f(u)) = min(...) of FastSV).
matrix<bool> parent_matrix(const vector<std::uint64_t>& f);

// A ∪ Aᵀ for a graph that is not symmetric, A itself otherwise.
matrix<bool> symmetric_structure(graph& g);

}  // namespace graphring::algorithms

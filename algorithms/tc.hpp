// Triangle counting.
#pragma once

#include <cstdint>

#include "engine/graph.hpp"
#include "engine/matrix.hpp"

namespace graphring::algorithms {

// Triangles of a symmetric structure without self-loops or duplicate entries.
std::uint64_t triangle_count(const matrix<bool>& s);

// Triangles of g taken as undirected: edges symmetrized, self-loops and duplicates dropped.
// Uses (and caches) g's transpose when g is not symmetric.
std::uint64_t triangle_count(graph& g);
std::uint64_t triangle_count(graph&& g);

}  // namespace graphring::algorithms

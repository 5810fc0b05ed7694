// Triangle counting.
#pragma once

#include <cstdint>

#include "engine/graph.hpp"
#include "engine/matrix.hpp"
#include "engine/vector.hpp"

namespace graphring::algorithms {

// Triangles of a symmetric structure without self-loops or duplicate entries.
std::uint64_t triangle_count(const matrix<bool>& s);

// Triangles of g taken as undirected: edges symmetrized, self-loops and duplicates dropped.
// Uses (and caches) g's transpose when g is not symmetric.
std::uint64_t triangle_count(graph& g);
std::uint64_t triangle_count(graph&& g);

// The triangles each vertex is in, g taken as undirected as above (NetworkX's `triangles`).
// The result is dense.
vector<std::uint64_t> triangles_per_vertex(graph& g);

}  // namespace graphring::algorithms

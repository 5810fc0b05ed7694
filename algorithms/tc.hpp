// Triangle counting.
#pragma once

#include <cstdint>

#include "engine/formatted_matrix.hpp"
#include "engine/graph.hpp"
#include "engine/matrix.hpp"
#include "engine/vector.hpp"

namespace graphring::algorithms {

// Triangles of a symmetric structure without self-loops or duplicate entries.
std::uint64_t triangle_count(const matrix<bool>& s);

// Triangles of A ∪ Aᵀ for A held in a storage format without repeated entries (self-loops are
// ignored): the lower triangle is selected from the format's rows (from A's alone when
// `symmetric` says A = Aᵀ, else from A's and Aᵀ's), so a matrix kept compressed is never decoded
// whole.
std::uint64_t triangle_count(const formatted_matrix<bool>& a, bool symmetric = true);

// Triangles of g taken as undirected: edges symmetrized, self-loops and duplicates dropped.
// Uses (and caches) g's transpose when g is not symmetric. With a format, the lower triangle is
// read from A (and Aᵀ) in that format; a graph read from a compressed .grb in that format is
// never decoded to CSR (one with repeated edges is rebuilt first).
std::uint64_t triangle_count(graph& g, const adjacency_format& format = {});
std::uint64_t triangle_count(graph&& g, const adjacency_format& format = {});

// The triangles each vertex is in, g taken as undirected as above (NetworkX's `triangles`).
// The result is dense.
vector<std::uint64_t> triangles_per_vertex(graph& g);

}  // namespace graphring::algorithms

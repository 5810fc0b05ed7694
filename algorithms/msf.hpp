// Minimum spanning forest.
#pragma once

#include <vector>

#include "engine/formatted_matrix.hpp"
#include "engine/graph.hpp"
#include "engine/matrix.hpp"

namespace graphring::algorithms {

struct msf_edge {
  vertex_id u, v;  // u < v
  double weight;
};

struct msf_result {
  std::vector<msf_edge> edges;  // ascending (u, v)
  double total_weight = 0;      // summed in that order
};

// The minimum spanning forest of a symmetric weighted matrix (self-loops are ignored). Among
// edges of equal weight the one with the smaller (u, v) is preferred, so the forest is unique.
msf_result minimum_spanning_forest(const matrix<double>& s);

// The same for s held in a storage format: the edge keys are built from the format's rows.
msf_result minimum_spanning_forest(const formatted_matrix<double>& s);

// The same for g taken as undirected: edges symmetrized, the lightest of parallel edges kept;
// an unweighted graph has weight 1 everywhere. With a format, the weights are read from it. A
// graph known to be symmetric (graph::known_symmetric) is read as it is, and one read from a
// compressed .grb in that format is never decoded to CSR; others are rebuilt as undirected
// first (and that CSR is then held in the format).
msf_result minimum_spanning_forest(const graph& g, const adjacency_format& format = {});

}  // namespace graphring::algorithms

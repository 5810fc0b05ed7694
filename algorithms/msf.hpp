// Minimum spanning forest.
#pragma once

#include <vector>

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

// The same for g taken as undirected: edges symmetrized, the lightest of parallel edges kept;
// an unweighted graph has weight 1 everywhere.
msf_result minimum_spanning_forest(const graph& g);

}  // namespace graphring::algorithms

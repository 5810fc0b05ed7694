// Single-source shortest paths over the min_plus semiring.
#pragma once

#include <optional>

#include "engine/formatted_matrix.hpp"
#include "engine/graph.hpp"
#include "engine/matrix.hpp"
#include "engine/vector.hpp"

namespace graphring::algorithms {

// Each returns the distances from `source` as a dense vector, +infinity where unreached.
// A weighted graph's weights are used as double; an unweighted graph has weight 1 everywhere.

// Delta-stepping; every weight must be >= 0. delta <= 0 picks the mean edge weight.
vector<double> sssp_delta_stepping(const matrix<double>& a, vertex_id source, double delta = 0);
// The same through a format: only the rounds of one uniform weight pull, through Aᵀ's format;
// the buckets' relaxations push over A's CSR rows and its light/heavy split.
vector<double> sssp_delta_stepping(const formatted_matrix<double>& a, vertex_id source,
                                   double delta = 0);

// Bellman-Ford; any weights. Throws error_kind::bad_input when a negative cycle is reachable.
vector<double> sssp_bellman_ford(const matrix<double>& a, vertex_id source);
// The same with its pull rounds run through Aᵀ's format.
vector<double> sssp_bellman_ford(const formatted_matrix<double>& a, vertex_id source);

// Delta-stepping (with `delta` when given) unless a weight is negative, then Bellman-Ford.
// A delta with negative weights is a usage error. `format`: the storage the products pull through.
vector<double> sssp(const graph& g, vertex_id source, std::optional<double> delta = std::nullopt,
                    const adjacency_format& format = {});

// The mean edge weight (1 when there are no edges or it is 0): the automatic delta.
double automatic_delta(const matrix<double>& a);

}  // namespace graphring::algorithms

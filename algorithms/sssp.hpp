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

// Delta-stepping; every weight must be >= 0. delta <= 0 picks automatic_delta(a).
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

// The automatic delta: the mean edge weight over the mean out-degree, at most the mean weight
// (Meyer and Sanders' Δ = Θ(largest weight / largest degree) for random weights, in means; 1 when
// there are no edges or it is not a positive number). A vertex then rarely improves twice within
// its bucket, and one weight on every edge still runs as breadth-first rounds; on graphs of long
// paths (grids, roads), whose buckets stay small, delta-stepping grows it as it runs.
double automatic_delta(const matrix<double>& a);

// The mean edge weight (1 when there are no edges or it is 0): the GPU's delta, whose buckets
// each cost kernel launches and host round trips, so fewer and wider ones.
double mean_weight_delta(const matrix<double>& a);

}  // namespace graphring::algorithms

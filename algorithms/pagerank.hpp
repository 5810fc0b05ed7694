// PageRank with dangling vertices' rank spread uniformly.
#pragma once

#include "engine/formatted_matrix.hpp"
#include "engine/graph.hpp"
#include "engine/matrix.hpp"
#include "engine/value_type.hpp"
#include "engine/vector.hpp"

namespace graphring::algorithms {

struct pagerank_options {
  double damping = 0.85;
  double tolerance = 1e-7;  // stop when ‖r - r_prev‖₁ < tolerance (0: run max_iterations)
  int max_iterations = 100;
  // The storage a graph's products read Aᵀ from (pagerank(graph&, ...) only; default CSR).
  adjacency_format format = {};
  // The ranks' and the sums' type: float64, or float32 as GAP's pr_spmv and LAGraph keep them
  // (half the bytes each product gathers; the change ‖r - r_prev‖₁ then stops falling near float's
  // rounding of the ranks, so a tolerance below about 1e-7 may run max_iterations). Results are
  // double either way.
  value_type precision = value_type::float64;
};

struct pagerank_result {
  vector<double> ranks;  // dense, sums to 1
  int iterations = 0;
  double change = 0;  // ‖r - r_prev‖₁ of the last iteration (0 when none ran)
};

// Edge weights are ignored; a duplicate edge counts twice. Reads Aᵀ (cached in a).
pagerank_result pagerank(const matrix<bool>& a, const pagerank_options& options = {});
// The same with every product pulled through Aᵀ's format.
pagerank_result pagerank(const formatted_matrix<bool>& a, const pagerank_options& options = {});
// On a graph: its structure in options.format.
pagerank_result pagerank(graph& g, const pagerank_options& options = {});

}  // namespace graphring::algorithms

// Betweenness centrality.
#pragma once

#include <cstdint>
#include <span>

#include "engine/formatted_matrix.hpp"
#include "engine/graph.hpp"
#include "engine/matrix.hpp"
#include "engine/vector.hpp"

namespace graphring::algorithms {

// Brandes' dependencies summed over `sources` (internal ids, no repeats): bc(v) = Σ_s δ_s(v),
// unnormalized, paths directed as A stores them, edge weights ignored (every edge counts 1).
// Every vertex as a source gives exact centrality (each unordered pair counted in both
// directions on an undirected graph). Sources are processed in batches of `batch` at once.
// The result is dense.
vector<double> betweenness(const matrix<bool>& a, std::span<const vertex_id> sources,
                           std::uint64_t batch = 64);

// The same with A's rows (and Aᵀ's, backwards) gathered from its format by each product (CSR,
// CCI and CSR-dtANS in the original order; other formats and orders read A's CSR); the same
// centralities as over a's CSR.
vector<double> betweenness(const formatted_matrix<bool>& a, std::span<const vertex_id> sources,
                           std::uint64_t batch = 64);

// The same on a graph (repeated edges count once); no sources means every vertex. `format`: the
// storage the products read A from; a graph read from a compressed .grb in that format is read
// from it without a CSR.
vector<double> betweenness(graph& g, std::span<const vertex_id> sources = {},
                           const adjacency_format& format = {});

}  // namespace graphring::algorithms

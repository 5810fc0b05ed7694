// Betweenness centrality.
#pragma once

#include <cstdint>
#include <span>

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

// The same on a graph (repeated edges count once); no sources means every vertex.
vector<double> betweenness(graph& g, std::span<const vertex_id> sources = {});

}  // namespace graphring::algorithms

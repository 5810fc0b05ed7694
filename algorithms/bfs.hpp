// Breadth-first search: levels and, optionally, parents from one source.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/formatted_matrix.hpp"
#include "engine/graph.hpp"
#include "engine/matrix.hpp"
#include "engine/vector.hpp"

namespace graphring::algorithms {

enum class bfs_direction : std::uint8_t { automatic, push, pull };

struct bfs_result {
  // levels(v): hops from the source (the source has 0); no entry for an unreached vertex. Size 0
  // when not asked for.
  vector<std::int64_t> levels;
  // parents(v): the vertex whose edge first reached v (the source is its own parent); no entry
  // for an unreached vertex. Any valid BFS tree may come out. Size 0 unless asked for.
  vector<std::int64_t> parents;
  // The direction each step's product took (push or pull): step d expands level d - 1 into
  // level d, the last one finding nothing new.
  std::vector<bfs_direction> steps;
};

struct bfs_options {
  // What the search keeps: the levels, the parents, or both (at least one; a usage error
  // otherwise). Parents alone, as GAP's BFS and NetworkX's BFS trees give, save the levels'
  // writes: the parents then mark the visited vertices.
  bool levels = true;
  bool parents = false;
  bfs_direction direction = bfs_direction::automatic;
  double alpha = 15;  // push -> pull when the frontier's edges exceed the unexplored edges / alpha
  double beta = 18;   // pull -> push when a shrinking frontier holds fewer than n / beta vertices
  // The storage a graph's pull steps read Aᵀ from (bfs(graph&, ...) only; default CSR).
  adjacency_format format = {};
};

// Direction-optimizing BFS over A (row u holds u's out-edges). Pull steps read Aᵀ (cached in a).
bfs_result bfs(const matrix<bool>& a, vertex_id source, const bfs_options& options = {});
// The same with the pull steps run through Aᵀ's format (push steps scatter A's CSR rows).
bfs_result bfs(const formatted_matrix<bool>& a, vertex_id source, const bfs_options& options = {});

// The same on a graph: its structure with Aᵀ taken from the graph's cache, in options.format.
bfs_result bfs(graph& g, vertex_id source, const bfs_options& options = {});
// Push steps only (needs no transpose) and pull steps only.
bfs_result bfs_push(graph& g, vertex_id source, bool parents = false);
bfs_result bfs_pull(graph& g, vertex_id source, bool parents = false);

}  // namespace graphring::algorithms

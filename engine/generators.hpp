// Deterministic graph generators, named like files so every command accepts them as GRAPH:
//   rmat:SCALE[:EDGEFACTOR]   Graph500 Kronecker/R-MAT (A=0.57, B=C=0.19), 2^SCALE vertices,
//                             EDGEFACTOR (default 16) x 2^SCALE generated edges, ids permuted
//   urand:SCALE[:EDGEFACTOR]  uniform random endpoints (Erdős–Rényi-like), as in GAP
//   grid:SIDE                 SIDE x SIDE 4-neighbour grid with random weights 1..1000 (road-like)
// Options appended with ':': `seed=N` (default 1), `weighted` (rmat/urand: integer weights
// 1..255). rmat and urand graphs are symmetrized with self-loops and duplicates removed, as GAP
// builds them. Every random draw is a pure function of (seed, edge number), so a graph is the
// same on any number of threads.
#pragma once

#include <cstdint>
#include <string>

#include "core/buffer.hpp"
#include "engine/graph.hpp"

namespace graphring {

bool is_generator_name(const std::string& name);
// rmat:, kron: and urand: names: graphs an edge_generator makes one edge at a time.
bool is_edge_generator_name(const std::string& name);

// The edges of an rmat: (kron:) or urand: graph before it is built, edge k a pure function of
// (seed, k), so that any share of them can be made anywhere (graphring-dist's processes make
// their own). The graph generate() returns is these edges symmetrized, without self-loops, and of
// each duplicate (row, column) the first arc: edge k as made is arc 2k, its reverse arc 2k + 1.
class edge_generator {
 public:
  // Throws error_kind::usage for a malformed name or one of another generator.
  explicit edge_generator(const std::string& name);

  struct edge {
    vertex_id u, v;
    std::int32_t weight;  // 1..255 when weighted(), else 1
  };
  std::uint64_t vertices() const noexcept { return n_; }
  std::uint64_t edges() const noexcept { return m_; }
  bool weighted() const noexcept { return weighted_; }
  edge operator()(std::uint64_t k) const;

 private:
  std::uint64_t n_ = 0, m_ = 0, scale_ = 0, seed_ = 1;
  bool rmat_ = false, weighted_ = false;
  buffer<vertex_id> relabel_;  // rmat's permutation of the ids
};

// Throws error_kind::usage for a malformed name.
graph generate(const std::string& name);

}  // namespace graphring

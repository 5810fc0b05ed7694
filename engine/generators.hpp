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

#include <string>

#include "engine/graph.hpp"

namespace graphring {

bool is_generator_name(const std::string& name);

// Throws error_kind::usage for a malformed name.
graph generate(const std::string& name);

}  // namespace graphring

// Argument checks shared by the CPU and device algorithms (see checks.hpp).
#include "algorithms/checks.hpp"

#include <string>

#include "engine/error.hpp"

namespace graphring::algorithms {

void check_source(const char* algorithm, vertex_id source, std::uint64_t n) {
  if (source >= n)
    throw error(error_kind::usage, std::string(algorithm) + " source " + std::to_string(source) +
                                       " is not a vertex of a graph with " + std::to_string(n) +
                                       " vertices");
}

void check_pagerank_options(const pagerank_options& o) {
  if (!(o.damping >= 0 && o.damping <= 1))
    throw error(error_kind::usage, "the PageRank damping factor must lie in [0, 1]");
  if (!(o.tolerance >= 0)) throw error(error_kind::usage, "the PageRank tolerance must be >= 0");
  if (o.max_iterations < 0)
    throw error(error_kind::usage, "the PageRank iteration limit must be >= 0");
}

}  // namespace graphring::algorithms

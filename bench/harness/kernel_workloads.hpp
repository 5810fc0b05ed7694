// The kernel workloads of the benchmark: semiring products on one graph, by graphring and by
// GraphBLAS (GrB_mxv / GrB_vxm on the same matrix and vector), with the answers compared.
//  - mxv plus_times fp32 and min_plus fp32 with a dense x (pull), plus min_plus over a user-defined
//    struct semiring, by graphring (its user-defined path against its built-in) and by GraphBLAS
//    (the same struct as a user-defined type, against its built-in);
//  - the plus_times product through every compressed format (COO, ELL, HYB, SELL, CCI, dtANS),
//    each labelled with its bytes;
//  - vxm from sparse frontiers of 0.1%, 1% and 10% of the vertices (push) with plus_times fp32;
//    at 1% also any_secondi (a BFS parent step) and the user-defined shortest-path-count
//    semiring against GraphBLAS running the same operator as a user-defined type.
#pragma once

#include <string>
#include <vector>

#include "bench/harness/workload.hpp"
#include "engine/graph.hpp"

namespace graphring::bench {

struct kernel_options {
  unsigned seed = 1;
  double frontier_fraction = 0.01;
};

std::vector<workload> kernel_workloads(graph& g, const std::string& graph_name,
                                       const kernel_options& options = {});

}  // namespace graphring::bench

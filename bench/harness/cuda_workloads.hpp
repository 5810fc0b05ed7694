// The GPU rows of `graphring bench --backend cuda`, run beside the CPU systems in the same process:
//  - kernels: "mxv plus_times fp32 GPU F" and "mxv min_plus fp32 GPU F" for every GPU format F
//    (csr, coo, ell, hyb, sell, cci), the pattern matrix uploaded once and a dense random x, by
//    "graphring cuda"; the CSR row also by "graphring cuda values" (1s stored, the bytes cuSPARSE
//    reads) and by "cuSPARSE" (its CSR SpMV), the SELL row by "cuSPARSE" (its sliced-ELL SpMV,
//    slices of 32 rows). Every answer is checked against the CPU engine's. GB/s is the CPU
//    kernels' least traffic over the time, read against the device's copy bandwidth;
//  - algorithms: a "graphring cuda" system in the "bfs", "sssp delta-stepping" and
//    "pagerank N iterations" workloads, on a matrix uploaded before timing, each answer checked
//    against the CPU algorithm's (BFS levels equal and parents valid, distances equal, ranks
//    within 1e-6 relative), so its ratio to GraphBLAS sits beside the CPU's.
// In a build without the CUDA backend these add nothing (cuda_workloads_none.cpp); bench refuses
// --backend cuda there before any of them is asked for.
#pragma once

#include <string>
#include <vector>

#include "bench/harness/results.hpp"
#include "bench/harness/run_bench.hpp"
#include "bench/harness/workload.hpp"
#include "engine/graph.hpp"

namespace graphring::bench {

// The GPU's name and measured copy bandwidth into the machine line.
void describe_gpu(machine_line& machine);

void add_cuda_kernel_workloads(std::vector<workload>& out, graph& g, const std::string& name,
                               const bench_options& o);

// Adds the GPU system to the BFS, SSSP (delta-stepping) and PageRank workloads among `out`.
void add_cuda_algorithm_systems(std::vector<workload>& out, graph& g, const bench_options& o);

}  // namespace graphring::bench

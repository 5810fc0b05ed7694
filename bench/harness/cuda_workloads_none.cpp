// A build without the CUDA backend has no GPU rows (`bench --backend cuda` is refused first).
#include "bench/harness/cuda_workloads.hpp"

namespace graphring::bench {

void describe_gpu(machine_line&) {}
void add_cuda_kernel_workloads(std::vector<workload>&, graph&, const std::string&,
                               const bench_options&) {}
void add_cuda_algorithm_systems(std::vector<workload>&, graph&, const bench_options&) {}

}  // namespace graphring::bench

// The workload families `graphring bench --algos` can name, in the order they run.
#include "bench/harness/algorithm_workloads.hpp"
#include "bench/harness/cuda_workloads.hpp"
#include "bench/harness/kernel_workloads.hpp"
#include "bench/harness/run_bench.hpp"

namespace graphring::bench {

const std::vector<std::pair<std::string, workload_family>>& workload_families() {
  static const std::vector<std::pair<std::string, workload_family>> families = {
      {"kernels",
       [](graph& g, const std::string& name, const bench_options& o) {
         kernel_options k;
         k.seed = o.seed;
         auto w = kernel_workloads(g, name, k);
         if (o.on == backend::cuda) add_cuda_kernel_workloads(w, g, name, o);
         return w;
       }},
      {"convert", convert_workloads},
      {"bfs",
       [](graph& g, const std::string& name, const bench_options& o) {
         auto w = bfs_workloads(g, name, o);
         if (o.on == backend::cuda) add_cuda_algorithm_systems(w, g, o);
         return w;
       }},
      {"sssp",
       [](graph& g, const std::string& name, const bench_options& o) {
         auto w = sssp_workloads(g, name, o);
         if (o.on == backend::cuda) add_cuda_algorithm_systems(w, g, o);
         return w;
       }},
      {"pagerank",
       [](graph& g, const std::string& name, const bench_options& o) {
         auto w = pagerank_workloads(g, name, o);
         if (o.on == backend::cuda) add_cuda_algorithm_systems(w, g, o);
         return w;
       }},
      {"cc", cc_workloads},
      {"tc", tc_workloads},
      {"bc", [](graph& g, const std::string& name,
                const bench_options& o) { return bc_workloads(g, name, o); }},
      {"msf", [](graph& g, const std::string& name,
                 const bench_options& o) { return msf_workloads(g, name, o); }},
  };
  return families;
}

}  // namespace graphring::bench

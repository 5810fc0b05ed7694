// The workload families `graphring bench --algos` can name, in the order they run.
#include "bench/harness/algorithm_workloads.hpp"
#include "bench/harness/cuda_workloads.hpp"
#include "bench/harness/kernel_workloads.hpp"
#include "bench/harness/run_bench.hpp"

namespace graphring::bench {
namespace {

workload_family sssp_family(sssp_methods methods) {
  return [methods](graph& g, const std::string& name, const bench_options& o) {
    auto w = sssp_workloads(g, name, o, methods);
    if (o.on == backend::cuda) add_cuda_algorithm_systems(w, g, o);
    return w;
  };
}

}  // namespace

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
      {"sssp", sssp_family(sssp_methods::both)},
      {"delta-stepping", sssp_family(sssp_methods::delta_stepping)},
      {"bellman-ford", sssp_family(sssp_methods::bellman_ford)},
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

bool runs_by_default(const std::string& family) {
  return family != "delta-stepping" && family != "bellman-ford";
}

}  // namespace graphring::bench

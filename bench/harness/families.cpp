// The workload families `graphring bench --algos` can name, in the order they run.
#include "bench/harness/algorithm_workloads.hpp"
#include "bench/harness/kernel_workloads.hpp"
#include "bench/harness/run_bench.hpp"

namespace graphring::bench {

const std::vector<std::pair<std::string, workload_family>>& workload_families() {
  static const std::vector<std::pair<std::string, workload_family>> families = {
      {"kernels", [](graph& g, const std::string& name, const bench_options& o) {
         kernel_options k;
         k.seed = o.seed;
         return kernel_workloads(g, name, k);
       }},
      {"convert", convert_workloads},
      {"bfs", bfs_workloads},
      {"sssp", sssp_workloads},
      {"pagerank", [](graph& g, const std::string& name, const bench_options& o) {
         return pagerank_workloads(g, name, o);
       }},
      {"cc", cc_workloads},
      {"tc", tc_workloads},
      {"bc", [](graph& g, const std::string& name, const bench_options& o) {
         return bc_workloads(g, name, o);
       }},
      {"msf", [](graph& g, const std::string& name, const bench_options& o) {
         return msf_workloads(g, name, o);
       }},
  };
  return families;
}

}  // namespace graphring::bench

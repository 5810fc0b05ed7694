// GPU workloads of the benchmark: the device kernels per format beside cuSPARSE, and the device
// algorithms beside the CPU systems (see cuda_workloads.hpp).
#include "bench/harness/cuda_workloads.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>
#include <random>

#include "algorithms/bfs.hpp"
#include "algorithms/device/device_algorithms.hpp"
#include "algorithms/graph_matrices.hpp"
#include "algorithms/pagerank.hpp"
#include "algorithms/sssp.hpp"
#include "bench/baselines/cusparse_spmv.hpp"
#include "bench/harness/algorithm_workloads.hpp"
#include "engine/device/operations.hpp"
#include "engine/ops/mxv.hpp"
#include "semirings/builtin.hpp"

namespace graphring::bench {
namespace {

const std::string gpu_system = graphring_system + " cuda";

// "" when got has want's entries (absent ones read as `absent` when got is dense) with values
// within a relative tolerance, else the first difference.
template <class T>
std::string differences(const vector<T>& got, const vector<T>& want, double tolerance,
                        std::optional<T> absent = std::nullopt) {
  for (std::uint64_t i = 0; i < want.size(); ++i) {
    const std::optional<T> g = got.get(i), w = want.has(i) ? want.get(i) : absent;
    if (!g && !w) continue;
    if (!g || !w) return "entry " + std::to_string(i) + " is present on one side only";
    const double a = double(*g), b = double(*w);
    if (!(a == b || std::fabs(a - b) <= tolerance * std::max(std::fabs(a), std::fabs(b))))
      return "entry " + std::to_string(i) + ": " + std::to_string(a) + " vs " + std::to_string(b);
  }
  return "";
}

struct spmv_state {
  std::uint64_t n = 0;
  matrix<float> a;  // the pattern, every entry 1
  vector<float> x;  // dense, random in [0, 1)
  device_vector<float> dx, w;
  vector<float> want_plus, want_min;  // the CPU engine's answers
};

template <class S>
system_run device_spmv(const std::string& system, std::shared_ptr<spmv_state> s,
                       std::shared_ptr<const device_matrix<float>> m, const vector<float>* want,
                       double tolerance) {
  return {system,
          {},
          [s, m] {
            s->w = device_vector<float>(s->n);
            mxv(s->w, no_mask, no_accum, S{}, *m, s->dx);
          },
          [s, want, tolerance] { return differences(s->w.download(), *want, tolerance); },
          true};
}

system_run cusparse_spmv_run(const graph& g, const std::shared_ptr<spmv_state>& s,
                             baselines::cusparse_spmv::layout how) {
  auto c = std::make_shared<baselines::cusparse_spmv>(g.adjacency(), how, s->x);
  return {"cuSPARSE",
          {},
          [c] { c->multiply(); },
          [c, s] { return differences(c->result(), s->want_plus, 1e-4, std::optional(0.0f)); },
          true};
}

// Levels equal the CPU's; each parent one level up with an edge to its child.
std::string check_bfs(const algorithms::bfs_result& got, const algorithms::bfs_result& want,
                      vertex_id source, const csr_matrix& a) {
  if (got.levels.nvals() != want.levels.nvals()) return "reached sets differ";
  std::string problem;
  want.levels.for_each([&](std::uint64_t v, std::int64_t level) {
    if (!problem.empty()) return;
    const auto l = got.levels.get(v), p = got.parents.get(v);
    if (l != level) problem = "level of " + std::to_string(v) + " differs";
    if (!p) problem = "no parent for " + std::to_string(v);
    if (!problem.empty() || v == source) return;
    const auto parent = vertex_id(*p);
    const auto first = a.cols.begin() + std::ptrdiff_t(a.offsets[parent]);
    const auto last = a.cols.begin() + std::ptrdiff_t(a.offsets[parent + 1]);
    if (want.levels.get(parent) != level - 1 || !std::binary_search(first, last, vertex_id(v)))
      problem = "parent " + std::to_string(parent) + " of " + std::to_string(v) + " is not valid";
  });
  return problem;
}

}  // namespace

void describe_gpu(machine_line& machine) {
  machine.gpu = cuda::device_name();
  machine.gpu_copy_gbs = cuda::copy_bandwidth_gbs();
}

void add_cuda_kernel_workloads(std::vector<workload>& out, graph& g, const std::string& name,
                               const bench_options& o) {
  auto s = std::make_shared<spmv_state>();
  s->n = g.vertices();
  s->a = matrix<float>::from_csr(g.adjacency(), 1.0f);
  std::mt19937_64 random(o.seed);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  array<float> xs(s->n);
  for (auto& v : xs) v = unit(random);
  s->x = vector<float>::from_dense(std::move(xs));
  s->dx = device_vector<float>::upload(s->x);
  s->want_plus = vector<float>(s->n);
  s->want_min = vector<float>(s->n);
  mxv(s->want_plus, no_mask, no_accum, plus_times<float>{}, s->a, s->x);
  mxv(s->want_min, no_mask, no_accum, min_plus<float>{}, s->a, s->x);
  const double n = double(s->n), nnz = double(g.edges());
  // The least traffic of a pull SpMV on a pattern matrix, as the CPU kernel rows count it.
  const double bytes = 8 * (n + 1) + 4 * nnz + 4 * n + 4 * n;
  // --formats picks the formats beside CSR (the baseline, always run); without it, every one.
  auto wanted = [&](format_kind kind) {
    if (kind == format_kind::csr || o.formats.empty()) return true;
    return std::any_of(o.formats.begin(), o.formats.end(),
                       [&](const adjacency_format& f) { return f.kind == kind; });
  };
  for (format_kind kind : {format_kind::csr, format_kind::coo, format_kind::ell, format_kind::hyb,
                           format_kind::sell, format_kind::cci, format_kind::dtans}) {
    if (!wanted(kind)) continue;
    std::shared_ptr<const device_matrix<float>> m;
    try {
      m = std::make_shared<const device_matrix<float>>(s->a, kind);
    } catch (const error& e) {
      if (e.kind() != error_kind::limit) throw;
      continue;  // ELL refusing a power-law row
    }
    const std::string format(format_name(kind));
    workload plus{name, "mxv plus_times fp32 GPU " + format, nnz, bytes, {}};
    plus.systems.push_back(device_spmv<plus_times<float>>(gpu_system, s, m, &s->want_plus, 1e-4));
    if (kind == format_kind::csr) {
      const matrix<float> stored(s->n, s->n, s->a.offsets(), s->a.cols(),
                                 share(array<float>(s->a.nvals(), 1.0f)), 1.0f);
      plus.systems.push_back(device_spmv<plus_times<float>>(
          gpu_system + " values", s, std::make_shared<const device_matrix<float>>(stored),
          &s->want_plus, 1e-4));
      plus.systems.push_back(cusparse_spmv_run(g, s, baselines::cusparse_spmv::layout::csr));
    }
    if (kind == format_kind::sell) {
      // cuSPARSE's sliced ELL keeps rows in order, so one long row pads its whole slice of 32:
      // on a power-law graph the slots can pass its 32-bit offsets. Its row is then left out.
      try {
        plus.systems.push_back(cusparse_spmv_run(g, s, baselines::cusparse_spmv::layout::sell));
      } catch (const error& e) {
        if (e.kind() != error_kind::limit) throw;
        std::cerr << "graphring bench: " << name << ": no cuSPARSE sliced-ELL row: " << e.message()
                  << "\n";
      }
    }
    out.push_back(std::move(plus));
    workload min{name, "mxv min_plus fp32 GPU " + format, nnz, bytes, {}};
    min.systems.push_back(device_spmv<min_plus<float>>(gpu_system, s, m, &s->want_min, 0));
    out.push_back(std::move(min));
  }
}

// Whether workload w is of `kind` ("bfs", or "bfs from LABEL" with --sources).
bool is_kind(const workload& w, const std::string& kind) {
  return w.name == kind || w.name.rfind(kind + " from ", 0) == 0;
}

void add_cuda_algorithm_systems(std::vector<workload>& out, graph& g, const bench_options& o) {
  const std::vector<vertex_id> drawn = pick_sources(g, o.seed, 1);
  const int iterations = algorithm_limits{}.pagerank_iterations;
  for (workload& w : out) {
    // The CPU workload's own source when --sources gave it, else the one the CPU rows drew.
    const std::vector<vertex_id> sources = w.source ? std::vector<vertex_id>{*w.source} : drawn;
    if (is_kind(w, "bfs") && !sources.empty()) {
      struct state {
        device_matrix<bool> a;
        algorithms::bfs_result want, got;
      };
      auto s = std::make_shared<state>(
          state{device_matrix<bool>(algorithms::structure_of(g, true)), {}, {}});
      const vertex_id source = sources[0];
      s->want = algorithms::bfs(g, source, {.parents = true});
      w.systems.push_back(
          {gpu_system,
           {},
           [s, source] { s->got = algorithms::device::bfs(s->a, source, {.parents = true}); },
           [s, source, &g] { return check_bfs(s->got, s->want, source, g.adjacency()); },
           true});
    } else if (is_kind(w, "sssp delta-stepping") && !sources.empty()) {
      struct state {
        device_matrix<double> a;
        double delta;
        vector<double> want, got;
      };
      const matrix<double> weights = algorithms::weights_of(g);
      const vertex_id source = sources[0];
      auto s = std::make_shared<state>(
          state{device_matrix<double>(weights), algorithms::mean_weight_delta(weights), {}, {}});
      s->want = algorithms::sssp_delta_stepping(weights, source, s->delta);
      w.systems.push_back({gpu_system,
                           {},
                           [s, source] {
                             s->got =
                                 algorithms::device::sssp_delta_stepping(s->a, source, s->delta);
                           },
                           [s] { return differences(s->got, s->want, 1e-9); },
                           true});
    } else if (w.name == "pagerank " + std::to_string(iterations) + " iterations") {
      struct state {
        device_matrix<bool> a;
        algorithms::pagerank_result want, got;
      };
      const algorithms::pagerank_options fixed{
          .damping = 0.85, .tolerance = 0, .max_iterations = iterations};
      auto s = std::make_shared<state>(
          state{device_matrix<bool>(algorithms::structure_of(g, true)), {}, {}});
      s->want = algorithms::pagerank(g, fixed);
      w.systems.push_back({gpu_system,
                           {},
                           [s, fixed] { s->got = algorithms::device::pagerank(s->a, fixed); },
                           [s] { return differences(s->got.ranks, s->want.ranks, 1e-6); },
                           true});
    }
  }
}

}  // namespace graphring::bench

// Determinism, as docs/algorithms.md states it. Every algorithm with a deterministic definition
// runs on real and generated graphs at 1, 2, 3 and 7 threads, twice each, and all eight results
// must agree bit for bit: BFS levels (every direction), SSSP distances on integer weights (and on
// unit weights, where the buckets run as BFS rounds with the ANY monoid), CC labels, triangle
// counts, the MSF's edges and total weight (unit weights too, where only the tie-break decides).
// Results that may vary are checked for validity instead: BFS parents form a BFS tree, PageRank
// and betweenness match serial references within 1e-9. The engine's integer-semiring products
// (mxv and vxm, push and pull, with and without a complemented mask) agree across thread counts
// and with each other.
#include <gtest/gtest.h>
#include <omp.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "algorithms/bc.hpp"
#include "algorithms/bfs.hpp"
#include "algorithms/cc.hpp"
#include "algorithms/msf.hpp"
#include "algorithms/pagerank.hpp"
#include "algorithms/sssp.hpp"
#include "algorithms/tc.hpp"
#include "engine/generators.hpp"
#include "engine/io/load.hpp"
#include "engine/ops/operations.hpp"
#include "semirings/builtin.hpp"
#include "tests/test_algorithms_checkers.hpp"
#include "tests/test_support.hpp"

namespace graphring::testing {
namespace {

// A result as the bit patterns of its values: doubles compare by representation, so -0 and +0
// (or two NaNs) differ here even where == would say otherwise.
using bits = std::vector<std::uint64_t>;

bits bits_of(const std::vector<double>& x) {
  bits out;
  for (double v : x) out.push_back(std::bit_cast<std::uint64_t>(v));
  return out;
}
bits bits_of(const std::vector<std::int64_t>& x) { return bits(x.begin(), x.end()); }
bits bits_of(const std::vector<std::uint64_t>& x) { return x; }

// Restores the thread count the test started with.
class thread_count {
 public:
  thread_count() : saved_(omp_get_max_threads()) {}
  ~thread_count() { omp_set_num_threads(saved_); }
  thread_count(const thread_count&) = delete;
  thread_count& operator=(const thread_count&) = delete;

 private:
  int saved_;
};

// Runs `compute` at 1, 2, 3 and 7 threads (an odd count, and more threads than cores), twice
// each; every run must equal the first bit for bit.
// Returns the first run's result for further checks.
bits same_on_every_run(const std::string& what, const std::function<bits()>& compute) {
  SCOPED_TRACE(what);
  thread_count restore;
  bits first;
  bool have_first = false;
  for (int threads : {1, 2, 3, 7}) {
    omp_set_num_threads(threads);
    for (int run = 0; run < 2; ++run) {
      bits got = compute();
      if (!have_first) {
        first = std::move(got);
        have_first = true;
        continue;
      }
      EXPECT_TRUE(got == first) << "threads " << threads << ", run " << run;
    }
  }
  return first;
}

// The graphs: generated ones (any machine) and real ones, the repository's own and
// ../shared/datasets' (skipped when absent). Weighted ones have integer weights.
struct named_graph {
  std::string name;
  graph g;
};

std::vector<named_graph> graphs() {
  std::vector<named_graph> out;
  for (const char* name : {"rmat:12:weighted", "urand:12:4", "grid:40"})
    out.push_back({name, generate(name)});
  for (const char* file : {"karate.mtx", "rome99.gr", "email-Eu-core.txt.gz"})
    out.push_back({file, load_graph(own_datasets() + "/" + file)});
  if (!shared_datasets().empty())
    for (const char* file : {"internet/as20000102.txt.gz", "social/wiki-Vote.txt.gz"})
      out.push_back({file, load_graph(shared_datasets() + "/" + file)});
  return out;
}

const std::vector<named_graph>& all_graphs() {
  static std::vector<named_graph> loaded = graphs();
  return loaded;
}

// The sources each graph's searches start from: vertex 0 and the middle vertex.
std::vector<vertex_id> sources_of(const graph& g) { return {0, vertex_id(g.vertices() / 2)}; }

TEST(Determinism, BfsLevelsAreBitIdenticalAndParentsFormABfsTree) {
  using algorithms::bfs_direction;
  for (const named_graph& ng : all_graphs()) {
    graph g = ng.g;
    for (vertex_id s : sources_of(g)) {
      const std::vector<std::int64_t> expected = serial_bfs_levels(g, s);
      for (auto direction : {bfs_direction::automatic, bfs_direction::push, bfs_direction::pull}) {
        const std::string what = ng.name + " bfs from " + std::to_string(s) + " direction " +
                                 std::to_string(int(direction));
        const bits levels = same_on_every_run(what, [&] {
          return bits_of(
              plain(algorithms::bfs(g, s, {.direction = direction}).levels, std::int64_t(-1)));
        });
        EXPECT_TRUE(levels == bits_of(expected)) << what;
        // Parents may differ between runs (ANY monoid); each run's tree must be valid.
        thread_count restore;
        for (int threads : {1, 2}) {
          omp_set_num_threads(threads);
          const auto r = algorithms::bfs(g, s, {.parents = true, .direction = direction});
          const auto got_levels = plain(r.levels, std::int64_t(-1));
          EXPECT_EQ(got_levels, expected) << what;
          EXPECT_TRUE(valid_bfs_parents(g, s, got_levels, plain(r.parents, std::int64_t(-1))))
              << what << " threads " << threads;
        }
      }
    }
  }
}

TEST(Determinism, SsspDistancesOnIntegerAndUnitWeightsAreBitIdentical) {
  for (const named_graph& ng : all_graphs()) {
    for (vertex_id s : sources_of(ng.g)) {
      const std::string what = ng.name + " sssp from " + std::to_string(s);
      const bits dist = same_on_every_run(what, [&] {
        return bits_of(plain(algorithms::sssp(ng.g, s), std::numeric_limits<double>::infinity()));
      });
      EXPECT_TRUE(dist == bits_of(serial_dijkstra(ng.g, s))) << what;
    }
  }
}

TEST(Determinism, ComponentsAndTrianglesAreBitIdentical) {
  for (const named_graph& ng : all_graphs()) {
    graph g = ng.g;
    const bits labels = same_on_every_run(ng.name + " cc", [&] {
      return bits_of(plain(algorithms::connected_components(g), std::uint64_t(-1)));
    });
    EXPECT_TRUE(labels == bits_of(serial_components(g))) << ng.name;
    const bits triangles =
        same_on_every_run(ng.name + " tc", [&] { return bits{algorithms::triangle_count(g)}; });
    EXPECT_EQ(triangles, bits{serial_triangles(g)}) << ng.name;
  }
}

TEST(Determinism, SpanningForestEdgesAndWeightAreBitIdentical) {
  for (const named_graph& ng : all_graphs()) {
    const bits forest = same_on_every_run(ng.name + " msf", [&] {
      const auto f = algorithms::minimum_spanning_forest(ng.g);
      bits out{std::bit_cast<std::uint64_t>(f.total_weight)};
      for (const auto& e : f.edges)
        out.insert(out.end(), {e.u, e.v, std::bit_cast<std::uint64_t>(e.weight)});
      return out;
    });
    EXPECT_EQ(std::bit_cast<double>(forest[0]), serial_kruskal_weight(ng.g)) << ng.name;
  }
}

void expect_close(const std::vector<double>& got, const std::vector<double>& want, double tol,
                  const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  double worst = 0;
  for (std::size_t v = 0; v < got.size(); ++v)
    worst = std::max(worst, std::abs(got[v] - want[v]) / std::max(1.0, std::abs(want[v])));
  EXPECT_LE(worst, tol) << what;
}

TEST(Determinism, PagerankAndBetweennessMayVaryInTheLastBitsButStayValid) {
  for (const named_graph& ng : all_graphs()) {
    graph g = ng.g;
    const algorithms::pagerank_options o{
        .damping = 0.85, .tolerance = 1e-10, .max_iterations = 100};
    const std::vector<double> want_ranks =
        serial_pagerank(g, o.damping, o.tolerance, o.max_iterations);
    std::vector<vertex_id> sources = sources_of(g);
    const std::vector<double> want_bc = serial_betweenness(g, sources);
    thread_count restore;
    for (int threads : {1, 2}) {
      omp_set_num_threads(threads);
      const std::string what = ng.name + " threads " + std::to_string(threads);
      const std::vector<double> ranks = plain(algorithms::pagerank(g, o).ranks, 0.0);
      expect_close(ranks, want_ranks, 1e-9, what + " pagerank");
      EXPECT_NEAR(std::accumulate(ranks.begin(), ranks.end(), 0.0), 1.0, 1e-12) << what;
      expect_close(plain(algorithms::betweenness(g, sources), 0.0), want_bc, 1e-9, what + " bc");
    }
  }
}

// The engine: an integer semiring's product must agree bit for bit across thread counts and
// between push and pull, for mxv and for vxm (over Aᵀ), masked or not, sparse or dense u.
template <class S>
void products_agree(const std::string& name, const matrix<std::int64_t>& a) {
  const std::uint64_t n = a.nrows();
  std::mt19937_64 rng(7);
  // A sparse u (about 1 in 40 vertices) and a mask of about half the vertices.
  array<vertex_id> idx;
  array<std::int64_t> val;
  for (std::uint64_t i = 0; i < n; ++i)
    if (rng() % 40 == 0) idx.push_back(vertex_id(i)), val.push_back(std::int64_t(rng() % 9) - 3);
  const auto u = vector<std::int64_t>::from_sparse(n, idx, val);
  array<vertex_id> mask_idx;
  for (std::uint64_t i = 0; i < n; ++i)
    if (rng() % 2 == 0) mask_idx.push_back(vertex_id(i));
  const auto mask = vector<bool>::from_sparse(n, mask_idx, array<bool>(mask_idx.size(), true));
  const auto dense_u = vector<std::int64_t>::dense(n, 2);

  for (bool masked : {false, true}) {
    for (const auto* x : {&u, &dense_u}) {
      for (bool transposed : {false, true}) {
        bits first;  // push and pull must agree (mxv and vxm differ for positional semirings)
        for (product_method method : {product_method::push, product_method::pull}) {
          const std::string what =
              name + (masked ? " masked" : "") + (x == &u ? " sparse u" : " dense u") +
              (transposed ? " vxm" : " mxv") + (method == product_method::push ? " push" : " pull");
          const bits got = same_on_every_run(what, [&] {
            descriptor d;
            d.method = method;
            d.structural_mask = true;
            d.complement_mask = true;
            vector<std::int64_t> w(n);
            if (transposed) {
              // vxm over Aᵀ is mxv over A: the same result from the other side.
              d.transpose_second = true;
              if (masked)
                vxm(w, mask, no_accum, S{}, *x, a, d);
              else
                vxm(w, no_mask, no_accum, S{}, *x, a, d);
            } else if (masked) {
              mxv(w, mask, no_accum, S{}, a, *x, d);
            } else {
              mxv(w, no_mask, no_accum, S{}, a, *x, d);
            }
            bits out = bits_of(plain(w, std::int64_t(0)));
            for (std::uint64_t i = 0; i < n; ++i) out.push_back(w.has(i));
            return out;
          });
          if (first.empty()) first = got;
          EXPECT_TRUE(got == first) << what << " differs from the first method";
        }
      }
    }
  }
}

TEST(Determinism, IntegerSemiringProductsAgreeOnEveryPathAndThreadCount) {
  for (const char* name : {"rmat:13:weighted", "grid:60"}) {
    const graph g = generate(name);
    const auto a = matrix<std::int64_t>::from_csr(g.adjacency());
    products_agree<plus_times<std::int64_t>>(std::string(name) + " plus_times", a);
    products_agree<min_plus<std::int64_t>>(std::string(name) + " min_plus", a);
    products_agree<max_times<std::int64_t>>(std::string(name) + " max_times", a);
    products_agree<min_secondi<std::int64_t>>(std::string(name) + " min_secondi", a);
  }
}

}  // namespace
}  // namespace graphring::testing

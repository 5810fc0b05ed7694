// The baselines checked on their own: the GraphBLAS kernel wrappers against naive dense
// references (every mask / complement / structural / replace / accumulator combination), and
// the GraphBLAS and Boost.Graph algorithms against each other and against known answers
// (LAGraph's reference results, LDBC Graphalytics outputs). Real-graph tests skip without
// ../shared/datasets.
#include <gtest/gtest.h>

#include <boost/version.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <random>
#include <sstream>
#include <tuple>

#include "bench/baselines/boost_algorithms.hpp"
#include "bench/baselines/graphblas_algorithms.hpp"
#include "bench/baselines/graphblas_kernels.hpp"
#include "bench/machine_info.hpp"
#include "core/error.hpp"
#include "engine/builder.hpp"
#include "engine/io/load.hpp"
#include "tests/test_support.hpp"

namespace graphring::baselines {
namespace {

using weighted_edge = testing::test_edge;

csr_matrix csr_of(std::uint64_t n, const std::vector<weighted_edge>& edges, bool weighted = true) {
  return testing::csr_of(n, edges, weighted);
}

// A random n×n matrix with about `m` entries, integer weights in [1, 9] (exact in any type).
csr_matrix random_csr(std::mt19937_64& rng, std::uint64_t n, std::size_t m) {
  std::uniform_int_distribution<vertex_id> vertex(0, vertex_id(n - 1));
  std::uniform_int_distribution<int> weight(1, 9);
  std::vector<weighted_edge> edges;
  for (std::size_t k = 0; k < m; ++k)
    edges.push_back({vertex(rng), vertex(rng), double(weight(rng))});
  return csr_of(n, edges);
}

std::vector<std::vector<std::optional<double>>> dense_of(const csr_matrix& a) {
  std::vector<std::vector<std::optional<double>>> d(a.nrows,
                                                    std::vector<std::optional<double>>(a.ncols));
  for (std::uint64_t i = 0; i < a.nrows; ++i)
    for (edge_offset k = a.row_begin(i); k < a.row_end(i); ++k) {
      auto& x = d[i][a.cols[k]];
      x = x.value_or(0) + (a.has_values() ? testing::value_at(a.values, k) : 1.0);
    }
  return d;
}

template <class T>
sparse_vector<T> random_vector(std::mt19937_64& rng, std::uint64_t n, double density) {
  std::bernoulli_distribution present(density);
  std::uniform_int_distribution<int> value(0, 5);
  sparse_vector<T> v{n, {}, {}};
  for (std::uint64_t i = 0; i < n; ++i)
    if (present(rng)) {
      v.indices.push_back(i);
      v.values.push_back(T(value(rng)));
    }
  return v;
}

std::vector<std::optional<double>> dense_of(const sparse_vector<double>& v) {
  std::vector<std::optional<double>> d(v.size);
  for (std::size_t k = 0; k < v.indices.size(); ++k) d[v.indices[k]] = v.values[k];
  return d;
}

// The GraphBLAS specification's w<m, replace> = accum(w, t), written out one position at a time.
std::vector<std::optional<double>> masked_write(const std::vector<std::optional<double>>& w,
                                                const std::vector<std::optional<double>>& t,
                                                const sparse_vector<bool>* mask, bool accum,
                                                const descriptor& d) {
  std::vector<std::optional<double>> z = t;
  if (accum)
    for (std::size_t i = 0; i < w.size(); ++i)
      z[i] = w[i] && t[i] ? std::optional<double>(*w[i] + *t[i]) : (w[i] ? w[i] : t[i]);
  std::vector<bool> m(w.size(), mask == nullptr);
  if (mask)
    for (std::size_t k = 0; k < mask->indices.size(); ++k)
      m[mask->indices[k]] = d.structural || mask->values[k];
  std::vector<std::optional<double>> r(w.size());
  for (std::size_t i = 0; i < w.size(); ++i) {
    const bool in = d.complement ? !m[i] : m[i];  // no mask, complemented: nothing is written
    r[i] = in ? z[i] : (d.replace ? std::nullopt : w[i]);
  }
  return r;
}

TEST(BaselinesKernels, MxvPlusTimesMatchesAHandComputedProduct) {
  graphblas_start(2);
  // A = [0 2 0; 1 0 3; 0 0 0]
  const csr_matrix a = csr_of(3, {{0, 1, 2}, {1, 0, 1}, {1, 2, 3}});
  const sparse_vector<float> u{3, {1, 2}, {10, 100}};
  const sparse_vector<float> w = grb_mxv<float>(semiring_kind::plus_times, a, u);
  EXPECT_EQ(w, (sparse_vector<float>{3, {0, 1}, {20, 300}}));
  // u min.+ A: w(j) = min_i u(i) + A(i,j)
  const sparse_vector<float> x{3, {0, 1}, {5, 1}};
  EXPECT_EQ(grb_vxm<float>(semiring_kind::min_plus, x, a),
            (sparse_vector<float>{3, {0, 1, 2}, {2, 7, 4}}));
}

TEST(BaselinesKernels, MaskedMxvAndVxmFollowTheSpecificationInEveryCombination) {
  graphblas_start(2);
  std::mt19937_64 rng(7);
  const std::uint64_t n = 40;
  for (int trial = 0; trial < 4; ++trial) {
    const csr_matrix a = random_csr(rng, n, 200);
    const auto da = dense_of(a);
    const auto u = random_vector<double>(rng, n, 0.3);
    const auto w0 = random_vector<double>(rng, n, 0.4);
    const auto mask = random_vector<bool>(rng, n, 0.5);
    const auto du = dense_of(u);
    std::vector<std::optional<double>> au(n), ua(n);  // A plus_times u, u plus_times A
    for (std::uint64_t i = 0; i < n; ++i)
      for (std::uint64_t j = 0; j < n; ++j) {
        if (da[i][j] && du[j]) au[i] = au[i].value_or(0) + *da[i][j] * *du[j];
        if (da[i][j] && du[i]) ua[j] = ua[j].value_or(0) + *du[i] * *da[i][j];
      }
    for (int bits = 0; bits < 32; ++bits) {
      const bool use_mask = bits & 1, accum = bits & 16;
      const descriptor d{
          .complement = bool(bits & 2), .structural = bool(bits & 4), .replace = bool(bits & 8)};
      SCOPED_TRACE(::testing::Message() << "trial " << trial << " bits " << bits);
      const vector_options<double> o{.w = &w0,
                                     .mask = use_mask ? &mask : nullptr,
                                     .accum = accum ? binary_kind::plus : binary_kind::none,
                                     .desc = d};
      EXPECT_EQ(dense_of(grb_mxv<double>(semiring_kind::plus_times, a, u, o)),
                masked_write(dense_of(w0), au, o.mask, accum, d));
      EXPECT_EQ(dense_of(grb_vxm<double>(semiring_kind::plus_times, u, a, o)),
                masked_write(dense_of(w0), ua, o.mask, accum, d));
    }
  }
}

TEST(BaselinesKernels, AnySecondiGivesAParentInTheFrontier) {
  graphblas_start(2);
  std::mt19937_64 rng(3);
  const csr_matrix a = random_csr(rng, 60, 300);
  const auto da = dense_of(a);
  const auto q = random_vector<std::int64_t>(rng, 60, 0.2);
  const auto p = grb_vxm<std::int64_t>(semiring_kind::any_secondi, q, a);
  std::vector<bool> in_q(60);
  for (auto i : q.indices) in_q[i] = true;
  for (std::uint64_t j = 0; j < 60; ++j) {
    bool reachable = false;
    for (std::uint64_t i = 0; i < 60; ++i) reachable = reachable || (in_q[i] && da[i][j]);
    const auto it = std::find(p.indices.begin(), p.indices.end(), j);
    ASSERT_EQ(reachable, it != p.indices.end()) << j;
    if (reachable) {
      const auto parent = std::uint64_t(p.values[std::size_t(it - p.indices.begin())]);
      EXPECT_TRUE(in_q[parent] && da[parent][j]) << j;
    }
  }
}

TEST(BaselinesKernels, MaskedMxmMatchesANaiveProduct) {
  graphblas_start(2);
  std::mt19937_64 rng(11);
  const csr_matrix a = random_csr(rng, 30, 150), b = random_csr(rng, 30, 150);
  const csr_matrix m = random_csr(rng, 30, 300);
  const auto da = dense_of(a), db = dense_of(b), dm = dense_of(m);
  for (bool complement : {false, true}) {
    const auto c =
        grb_mxm<double>(semiring_kind::plus_times, a, b,
                        {.mask = &m, .desc = {.complement = complement, .structural = true}});
    std::map<std::pair<std::uint64_t, std::uint64_t>, double> got;
    for (std::uint64_t i = 0; i < c.nrows; ++i)
      for (std::uint64_t k = c.offsets[i]; k < c.offsets[i + 1]; ++k)
        got[{i, c.cols[k]}] = c.values[k];
    std::map<std::pair<std::uint64_t, std::uint64_t>, double> want;
    for (std::uint64_t i = 0; i < 30; ++i)
      for (std::uint64_t j = 0; j < 30; ++j) {
        if (bool(dm[i][j]) == complement) continue;
        std::optional<double> s;
        for (std::uint64_t k = 0; k < 30; ++k)
          if (da[i][k] && db[k][j]) s = s.value_or(0) + *da[i][k] * *db[k][j];
        if (s) want[{i, j}] = *s;
      }
    EXPECT_EQ(got, want) << complement;
  }
}

TEST(BaselinesKernels, DuplicateEntriesAreAddedAndPatternsAreOnes) {
  graphblas_start(2);
  const csr_matrix a = csr_of(2, {{0, 1, 2}, {0, 1, 5}, {1, 1, 4}});
  EXPECT_EQ(grb_mxv<double>(semiring_kind::plus_times, a, {2, {1}, {1}}),
            (sparse_vector<double>{2, {0, 1}, {7, 4}}));
  const csr_matrix p = csr_of(2, {{0, 1, 0}, {1, 0, 0}, {1, 1, 0}}, false);
  EXPECT_EQ(grb_mxv<std::int64_t>(semiring_kind::plus_pair, p, {2, {0, 1}, {5, 6}}),
            (sparse_vector<std::int64_t>{2, {0, 1}, {1, 2}}));
  EXPECT_EQ(grb_mxv<bool>(semiring_kind::lor_land, p, {2, {0}, {true}}),
            (sparse_vector<bool>{2, {1}, {true}}));
  EXPECT_THROW(grb_mxv<bool>(semiring_kind::plus_times, p, {2, {0}, {true}}), error);
}

TEST(BaselinesKernels, ElementWiseApplySelectReduceAssignExtractTranspose) {
  graphblas_start(2);
  const sparse_vector<double> u{5, {0, 2, 3}, {1, -2, 3}}, v{5, {2, 4}, {10, 20}};
  EXPECT_EQ(grb_ewise_add<double>(binary_kind::plus, u, v),
            (sparse_vector<double>{5, {0, 2, 3, 4}, {1, 8, 3, 20}}));
  EXPECT_EQ(grb_ewise_mult<double>(binary_kind::times, u, v),
            (sparse_vector<double>{5, {2}, {-20}}));
  EXPECT_EQ(grb_apply<double>(unary_kind::abs, u),
            (sparse_vector<double>{5, {0, 2, 3}, {1, 2, 3}}));
  EXPECT_EQ(grb_apply<double>(binary_kind::times, u, 2.0),
            (sparse_vector<double>{5, {0, 2, 3}, {2, -4, 6}}));
  EXPECT_EQ(grb_select<double>(select_kind::value_gt, u, 0.0),
            (sparse_vector<double>{5, {0, 3}, {1, 3}}));
  EXPECT_EQ(grb_reduce<double>(monoid_kind::plus, u), 2.0);
  EXPECT_EQ(grb_reduce<double>(monoid_kind::min, u), -2.0);
  // w(1, 4) = 7 with w = u
  EXPECT_EQ(grb_assign<double>(7.0, {1, 4}, {.w = &u}),
            (sparse_vector<double>{5, {0, 1, 2, 3, 4}, {1, 7, -2, 3, 7}}));
  // w<¬u> = 9: the scalar lands only where u has no entry
  const sparse_vector<bool> mask{5, {0, 2, 3}, {true, true, true}};
  EXPECT_EQ(grb_assign<double>(9.0, {}, {.w = &u, .mask = &mask, .desc = {.complement = true}}),
            (sparse_vector<double>{5, {0, 1, 2, 3, 4}, {1, 9, -2, 3, 9}}));
  EXPECT_EQ(grb_extract<double>(u, {3, 1, 0}), (sparse_vector<double>{3, {0, 2}, {3, 1}}));

  const csr_matrix a = csr_of(3, {{0, 1, 2}, {1, 0, 1}, {1, 2, 3}, {2, 2, 4}});
  const auto t = grb_transpose<double>(a);
  EXPECT_EQ(t.offsets, (std::vector<std::uint64_t>{0, 1, 2, 4}));
  EXPECT_EQ(t.cols, (std::vector<std::uint64_t>{1, 0, 1, 2}));
  EXPECT_EQ(t.values, (std::vector<double>{1, 2, 3, 4}));
  const auto lower = grb_select<double>(select_kind::tril, a, -1);
  EXPECT_EQ(lower.cols, (std::vector<std::uint64_t>{0}));
  EXPECT_EQ(grb_reduce<double>(monoid_kind::plus, a), 10.0);
  EXPECT_EQ(grb_reduce_rows<double>(monoid_kind::max, a),
            (sparse_vector<double>{3, {0, 1, 2}, {2, 3, 4}}));
  EXPECT_EQ(grb_ewise_add<double>(binary_kind::plus, a, a).values,
            (std::vector<double>{4, 2, 6, 8}));
  EXPECT_EQ(
      grb_ewise_mult<double>(binary_kind::times, a, a, {.desc = {.transpose_first = true}}).values,
      (std::vector<double>{2, 2, 16}));
}

// ---- algorithms ------------------------------------------------------------------------------

// A file of LAGraph's test data or answers: the shared copy, else the bundled one ("" if neither).
std::string lagraph(const std::string& name) {
  return testing::dataset("matrices/lagraph/" + name);
}

std::vector<double> numbers(const std::string& path) {
  std::istringstream in(testing::read_file(path));
  std::vector<double> v;
  for (double x; in >> x;) v.push_back(x);
  return v;
}

// Every vertex's level equals the reference, and every parent is one level up and an in-neighbour.
void expect_valid_bfs(const csr_matrix& a, std::uint64_t source,
                      const std::vector<std::int64_t>& levels,
                      const std::vector<std::int64_t>& parents,
                      const std::vector<std::int64_t>& want_levels) {
  ASSERT_EQ(levels, want_levels);
  for (std::uint64_t v = 0; v < a.nrows; ++v) {
    if (levels[v] < 0 || v == source) {
      EXPECT_EQ(parents[v], levels[v] < 0 ? -1 : std::int64_t(source)) << v;
      continue;
    }
    const auto p = std::uint64_t(parents[v]);
    EXPECT_EQ(levels[p] + 1, levels[v]) << v;
    EXPECT_TRUE(std::binary_search(a.cols.begin() + std::ptrdiff_t(a.row_begin(p)),
                                   a.cols.begin() + std::ptrdiff_t(a.row_end(p)), vertex_id(v)))
        << v;
  }
}

void expect_near_all(const std::vector<double>& got, const std::vector<double>& want, double rel) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (std::isinf(want[i])) {
      EXPECT_TRUE(std::isinf(got[i])) << i;
    } else {
      EXPECT_NEAR(got[i], want[i], rel * std::max(1.0, std::abs(want[i]))) << i;
    }
  }
}

TEST(BaselinesAlgorithms, KarateBfsMatchesLagraphReferenceBothWays) {  // bundled data
  graphblas_start(2);
  const graph g = load_graph(lagraph("data/karate.mtx"));
  const csr_matrix& a = g.adjacency();
  std::vector<std::int64_t> want;
  for (double x : numbers(lagraph("reference/LEVELS30.txt"))) want.push_back(std::int64_t(x));
  graphblas_graph gg(a, GrB_BOOL);
  for (double alpha : {15.0, 0.01}) {  // 0.01 forces pull steps
    const bfs_result r = graphblas_bfs(gg, 30, alpha);
    expect_valid_bfs(a, 30, r.levels, r.parents, want);
  }
  const bfs_result push = graphblas_bfs_push(gg, 30);
  expect_valid_bfs(a, 30, push.levels, push.parents, want);
  const boost_bfs_result b = boost_bfs(to_boost_graph(a), 30);
  expect_valid_bfs(a, 30, b.levels, b.parents, want);
  // the parents the reference allows (up to three per vertex, -1 padded)
  const std::vector<double> allowed = numbers(lagraph("reference/PARENT30.txt"));
  const bfs_result r = graphblas_bfs(gg, 30);
  for (std::uint64_t v = 0; v < 34; ++v) {
    const auto* row = &allowed[3 * v];
    EXPECT_TRUE(r.parents[v] == row[0] || r.parents[v] == row[1] || r.parents[v] == row[2]) << v;
  }
}

TEST(BaselinesAlgorithms, TriangleAndComponentCountsMatchLagraphTables) {
  GRAPHRING_REQUIRE_SHARED_DATASETS();
  graphblas_start(2);
  for (const char* table : {"test_TriangleCount_table.tsv", "test_ConnectedComponents_table.tsv"}) {
    std::istringstream lines(testing::read_file(lagraph("reference/") + table));
    std::string header, name;
    std::getline(lines, header);
    for (std::uint64_t want; lines >> want >> name;) {
      const std::string path = lagraph("data/" + name);
      if (!std::filesystem::exists(path)) continue;
      SCOPED_TRACE(name);
      const graph g = load_graph(path);
      graphblas_graph gg(g.adjacency(), GrB_BOOL);
      if (table[5] == 'T') {
        EXPECT_EQ(graphblas_triangle_count(gg), want);
      } else {
        const auto cc = graphblas_connected_components(gg);
        EXPECT_EQ(cc, boost_connected_components(to_boost_undirected(g.adjacency())));
        std::uint64_t roots = 0;
        for (std::uint64_t v = 0; v < cc.size(); ++v) roots += cc[v] == v;
        EXPECT_EQ(roots, want);
      }
    }
  }
}

TEST(BaselinesAlgorithms, KaratePageRankAndBetweennessMatchLagraphReferences) {  // bundled data
  graphblas_start(2);
  const graph g = load_graph(lagraph("data/karate.mtx"));
  graphblas_graph gg(g.adjacency(), GrB_FP64);
  const auto want = numbers(lagraph("reference/karate_rank.txt"));
  const pagerank_result pr = graphblas_pagerank(gg, 0.85, 1e-10, 1000);
  expect_near_all(pr.ranks, want, 1e-4);  // MATLAB's values, within LAGraph's own test bound
  const boost_pagerank_result bpr =
      boost_pagerank(to_boost_graph(g.adjacency()), 0.85, 1e-10, 1000);
  expect_near_all(bpr.ranks, pr.ranks, 1e-9);
  EXPECT_EQ(bpr.iterations, pr.iterations);

  std::vector<std::uint64_t> sources;
  for (double s : numbers(lagraph("reference/karate_sources.txt")))
    sources.push_back(std::uint64_t(s));
  expect_near_all(graphblas_betweenness(gg, sources), numbers(lagraph("reference/karate_bc.txt")),
                  1e-5);
}

TEST(BaselinesAlgorithms, GraphblasAndBoostAgreeOnRealGraphs) {
  GRAPHRING_DATASET(email, "social/email-Eu-core.txt.gz");
  GRAPHRING_DATASET(rome, "road/rome99.gr");
  graphblas_start(2);
  {
    SCOPED_TRACE("email-Eu-core");
    const graph g = load_graph(email);
    const csr_matrix& a = g.adjacency();
    graphblas_graph gg(a, GrB_FP64);
    const boost_csr_graph bg = to_boost_graph(a);
    const bfs_result r = graphblas_bfs(gg, 0);
    const boost_bfs_result b = boost_bfs(bg, 0);
    expect_valid_bfs(a, 0, r.levels, r.parents, b.levels);
    const pagerank_result pr = graphblas_pagerank(gg);
    double sum = 0;
    for (double x : pr.ranks) sum += x;
    EXPECT_NEAR(sum, 1.0, 1e-9);
    expect_near_all(pr.ranks, boost_pagerank(bg).ranks, 1e-6);
    std::vector<std::uint64_t> all(a.nrows);
    std::iota(all.begin(), all.end(), 0);
    expect_near_all(graphblas_betweenness(gg, all), boost_betweenness(bg), 1e-6);
    EXPECT_EQ(graphblas_connected_components(gg),
              boost_connected_components(to_boost_undirected(a)));
  }
  {
    SCOPED_TRACE("rome99");
    const graph g = load_graph(rome);
    graphblas_graph gg(g.adjacency(), GrB_FP64, dup_policy::min);
    const boost_csr_graph bg = to_boost_graph(g.adjacency());
    const std::vector<double> want = boost_dijkstra(bg, 0);
    expect_near_all(graphblas_sssp_delta_stepping(gg, 0), want, 1e-9);
    expect_near_all(graphblas_sssp_delta_stepping(gg, 0, 50), want, 1e-9);
    expect_near_all(graphblas_sssp_bellman_ford(gg, 0), want, 1e-9);
    expect_near_all(boost_bellman_ford(bg, 0), want, 1e-9);
    const auto msf = boost_kruskal(to_boost_undirected(g.adjacency()));
    EXPECT_EQ(msf.edges.size(), g.vertices() - 1);  // rome99 is connected
  }
}

// LDBC Graphalytics: NAME.properties gives the parameters, NAME-ALGO the expected output.
std::map<std::string, std::string> properties(const std::string& path, const std::string& name) {
  std::map<std::string, std::string> p;
  std::istringstream lines(testing::read_file(path));
  const std::string prefix = "graph." + name + ".";
  for (std::string line; std::getline(lines, line);) {
    const auto eq = line.find('=');
    if (line.rfind(prefix, 0) != 0 || eq == std::string::npos) continue;
    auto trim = [](std::string s) {
      s.erase(0, s.find_first_not_of(" \t"));
      s.erase(s.find_last_not_of(" \t\r") + 1);
      return s;
    };
    p[trim(line.substr(prefix.size(), eq - prefix.size()))] = trim(line.substr(eq + 1));
  }
  return p;
}

// Every LDBC example data set in ../shared/datasets, else the bundled example-directed.
TEST(BaselinesAlgorithms, LdbcExampleOutputsForBfsPageRankSsspWcc) {
  const bool shared = !testing::shared_datasets().empty();
  if (!shared && testing::shared_datasets_required()) FAIL() << "../shared/datasets is absent";
  graphblas_start(2);
  const std::string dir = shared ? testing::shared_datasets() + "/ldbc/example-data-sets/"
                                 : testing::own_datasets() + "/ldbc/";
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".properties") continue;
    const std::string name = entry.path().stem().string();
    const auto p = properties(entry.path().string(), name);
    load_options lo;
    lo.build.symmetrize = p.at("directed") == "false";
    const graph g = load_graph(dir + name + ".e", lo);
    const vertex_labels& labels = g.labels();
    graphblas_graph gg(g.adjacency(), GrB_FP64, dup_policy::min);
    const boost_csr_graph bg = to_boost_graph(g.adjacency());
    for (const std::string algo : {"BFS", "PR", "SSSP", "WCC"}) {
      const std::string out = dir + name + "-" + algo;
      if (!std::filesystem::exists(out)) continue;
      SCOPED_TRACE(name + "-" + algo);
      ++checked;
      std::vector<double> got;
      std::vector<double> got_boost;
      if (algo == "BFS") {
        const auto source = *labels.find(std::stoll(p.at("bfs.source-vertex")));
        const auto r = graphblas_bfs(gg, source);
        for (auto l : r.levels) got.push_back(l < 0 ? 9223372036854775807.0 : double(l));
        for (auto l : boost_bfs(bg, source).levels)
          got_boost.push_back(l < 0 ? 9223372036854775807.0 : double(l));
      } else if (algo == "PR") {
        const double d = std::stod(p.at("pr.damping-factor"));
        const int iters = std::stoi(p.at("pr.num-iterations"));
        got = graphblas_pagerank(gg, d, 0, iters).ranks;
        got_boost = boost_pagerank(bg, d, 0, iters).ranks;
      } else if (algo == "SSSP") {
        const auto source = *labels.find(std::stoll(p.at("sssp.source-vertex")));
        got = graphblas_sssp_delta_stepping(gg, source);
        got_boost = boost_dijkstra(bg, source);
      } else {
        for (auto c : graphblas_connected_components(gg))
          got.push_back(double(labels.label(vertex_id(c))));
        for (auto c : boost_connected_components(to_boost_undirected(g.adjacency())))
          got_boost.push_back(double(labels.label(vertex_id(c))));
      }
      std::vector<double> want(g.vertices());
      std::istringstream lines(testing::read_file(out));
      std::string value;
      for (std::int64_t label; lines >> label >> value;)
        want[*labels.find(label)] =
            value == "infinity" ? std::numeric_limits<double>::infinity() : std::stod(value);
      // Graphalytics validates PageRank to a relative 1e-4 (its test-pr-directed output differs
      // from the definition by about 1e-6 relative); the others are exact
      expect_near_all(got, want, algo == "PR" ? 1e-6 : 1e-9);
      expect_near_all(got_boost, got, 1e-9);
    }
  }
  EXPECT_GE(checked, shared ? 12 : 4);
}

TEST(BaselinesAlgorithms, EdgeCasesAndNegativeCycles) {
  graphblas_start(2);
  // 0 → 1 (2), 1 → 2 (-1), 2 → 1 (0.5): a negative cycle? -1 + 0.5 < 0, yes
  const csr_matrix cyc = csr_of(4, {{0, 1, 2}, {1, 2, -1}, {2, 1, 0.5}});
  graphblas_graph gc(cyc, GrB_FP64);
  EXPECT_THROW(graphblas_sssp_bellman_ford(gc, 0), error);
  EXPECT_THROW(boost_bellman_ford(to_boost_graph(cyc), 0), error);
  EXPECT_THROW(graphblas_bfs(gc, 4), error);
  // negative edge, no negative cycle; vertex 3 isolated; a self-loop and a duplicate edge
  const csr_matrix a = csr_of(4, {{0, 1, 2}, {1, 2, -1}, {2, 2, 3}, {0, 2, 4}, {0, 2, 5}});
  graphblas_graph ga(a, GrB_FP64, dup_policy::min);
  const std::vector<double> want{0, 2, 1, std::numeric_limits<double>::infinity()};
  EXPECT_EQ(graphblas_sssp_bellman_ford(ga, 0), want);
  EXPECT_EQ(boost_bellman_ford(to_boost_graph(a), 0), want);
  EXPECT_EQ(graphblas_bfs(ga, 3).levels, (std::vector<std::int64_t>{-1, -1, -1, 0}));
  EXPECT_EQ(graphblas_connected_components(ga), (std::vector<std::uint64_t>{0, 0, 0, 3}));
  EXPECT_EQ(graphblas_triangle_count(ga), 1u);
  const auto f = boost_kruskal(to_boost_undirected(a));
  EXPECT_EQ(f.weight, 1.0);  // {0,1} 2 and {1,2} -1
  EXPECT_EQ(f.edges.size(), 2u);
  // a triangle of equal weights and a pendant edge: taken in pair order, {0,1} and {0,2}
  const auto tied =
      boost_kruskal(to_boost_undirected(csr_of(4, {{2, 1, 1}, {1, 0, 1}, {0, 2, 1}, {3, 2, 0.5}})),
                    kruskal_ties::smaller_pair);
  ASSERT_EQ(tied.edges.size(), 3u);
  EXPECT_EQ(std::tuple(tied.edges[0].u, tied.edges[0].v, tied.edges[0].w), std::tuple(2u, 3u, 0.5));
  EXPECT_EQ(std::tuple(tied.edges[1].u, tied.edges[1].v), std::tuple(0u, 1u));
  EXPECT_EQ(std::tuple(tied.edges[2].u, tied.edges[2].v), std::tuple(0u, 2u));
  // sinks (vertex 3): PageRank still sums to 1 and both systems agree (without the duplicate,
  // which GraphBLAS merges and Boost keeps as a second edge)
  const csr_matrix b = csr_of(4, {{0, 1, 2}, {1, 2, -1}, {2, 2, 3}, {0, 2, 4}});
  graphblas_graph gb(b, GrB_FP64);
  const pagerank_result pr = graphblas_pagerank(gb, 0.85, 1e-12, 500);
  double sum = 0;
  for (double x : pr.ranks) sum += x;
  EXPECT_NEAR(sum, 1.0, 1e-12);
  expect_near_all(pr.ranks, boost_pagerank(to_boost_graph(b), 0.85, 1e-12, 500).ranks, 1e-9);
  // with the duplicate, handed to GraphBLAS as multiplicities: the same ranks as Boost's, which
  // keeps it as a second edge (and not those of the simple graph)
  graphblas_graph multi = edge_multiplicities(a);
  const pagerank_result with_copies = graphblas_pagerank(multi, 0.85, 1e-12, 500, true);
  const std::vector<double> boost_copies =
      boost_pagerank(to_boost_graph(a), 0.85, 1e-12, 500).ranks;
  expect_near_all(with_copies.ranks, boost_copies, 1e-9);
  EXPECT_GT(std::fabs(boost_copies[2] - pr.ranks[2]), 1e-3);
}

TEST(BaselinesAlgorithms, UserDefinedPathCountSemiringInGraphblas) {
  graphblas_start(2);
  // two shortest paths 0→1→3 and 0→2→3 of length 2, one longer 0→3 of length 5
  const csr_matrix a = csr_of(4, {{0, 1, 1}, {0, 2, 1}, {1, 3, 1}, {2, 3, 1}, {0, 3, 5}});
  grb_matrix ga = to_grb_matrix(a, GrB_FP64);
  using examples::path_count;
  sparse_vector<path_count> u{4, {0}, {{0.0, 1}}};
  // u = e_s ⊕ u ⊕.⊗ A, iterated three times
  for (int k = 0; k < 3; ++k) {
    const auto step = graphblas_path_count_vxm(u, ga.get());
    std::map<std::uint64_t, path_count> merged{{0, {0.0, 1}}};
    for (std::size_t i = 0; i < step.indices.size(); ++i) {
      auto [it, fresh] = merged.try_emplace(step.indices[i], step.values[i]);
      if (!fresh) it->second = examples::path_count_min{}(it->second, step.values[i]);
    }
    u.indices.clear();
    u.values.clear();
    for (const auto& [i, x] : merged) {
      u.indices.push_back(i);
      u.values.push_back(x);
    }
  }
  ASSERT_EQ(u.indices, (std::vector<std::uint64_t>{0, 1, 2, 3}));
  EXPECT_EQ(u.values[3].dist, 2.0);
  EXPECT_EQ(u.values[3].count, 2u);
  EXPECT_EQ(u.values[1].count, 1u);
}

TEST(BaselinesMachineInfo, DescribesTheMachineAndLibraries) {
  const bench::machine_info m = bench::probe_machine(false);
  EXPECT_FALSE(m.cpu_model.empty());
  EXPECT_GE(m.logical_cores, 1u);
  EXPECT_GE(m.openmp_threads, 1);
  EXPECT_GT(m.last_level_cache_bytes, 0u);
  EXPECT_NE(m.graphblas.find(std::to_string(GxB_IMPLEMENTATION_MAJOR) + "." +
                             std::to_string(GxB_IMPLEMENTATION_MINOR)),
            std::string::npos)
      << m.graphblas;
  EXPECT_EQ(m.boost, std::to_string(BOOST_VERSION / 100000) + "." +
                         std::to_string(BOOST_VERSION / 100 % 1000));
  EXPECT_GT(bench::stream_triad_gb_per_s(1 << 20, 2), 0.0);
}

}  // namespace
}  // namespace graphring::baselines

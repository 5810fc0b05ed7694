// Every algorithm (BFS, PageRank, SSSP, CC, BC, TC, MSF) crossed with every format (and the auto
// rule) and two vertex orders, against the same algorithm on CSR: BFS levels equal and parents a
// valid BFS tree, SSSP distances equal (minima of the same sums), CC labels, triangle counts and
// spanning forests equal, PageRank and BC within floating-point reordering. Tiny edge cases (empty
// rows, isolated vertices, one huge row, self-loops, repeated edges, negative weights) and real
// graphs (soc-Epinions1 and rome99 bundled, web-NotreDame from ../shared/datasets). ELL's refusal
// of a padded graph reaches the caller as error_kind::limit, which also shows that the format is
// built. A graph that keeps its formats gives the same answers on the copies it kept.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/bc.hpp"
#include "algorithms/bfs.hpp"
#include "algorithms/cc.hpp"
#include "algorithms/msf.hpp"
#include "algorithms/pagerank.hpp"
#include "algorithms/sssp.hpp"
#include "algorithms/tc.hpp"
#include "core/error.hpp"
#include "engine/formats/any_format.hpp"
#include "engine/io/load.hpp"
#include "tests/test_algorithms_checkers.hpp"
#include "tests/test_support.hpp"

namespace graphring::testing {
namespace {

constexpr double unreached = std::numeric_limits<double>::infinity();

// The storages an algorithm may run on: each format and auto, in the original order and (all of
// them on the tiny graphs, CCI alone on the real ones) in degree order, relabelled inside the
// format with answers in the caller's ids.
std::vector<adjacency_format> storages(bool every_reordering) {
  std::vector<adjacency_format> out;
  for (vertex_order order : {vertex_order::original, vertex_order::degree}) {
    for (format_kind k : all_format_kinds)
      if (order == vertex_order::original || every_reordering || k == format_kind::cci)
        out.push_back({k, order});
    out.push_back({std::nullopt, order});
  }
  return out;
}

bool tiny(const graph& g) { return g.vertices() < 10000; }

std::string name_of(const adjacency_format& f) {
  return std::string(f.kind ? format_name(*f.kind) : "auto") + "+" +
         std::string(vertex_order_name(f.order));
}

// Runs `body` for every storage; ELL may refuse a graph whose padding is too large (and nothing
// else may refuse).
template <class Body>
void for_every_storage(const graph& g, const Body& body) {
  for (const adjacency_format& f : storages(tiny(g))) {
    SCOPED_TRACE(name_of(f));
    try {
      body(f);
    } catch (const error& e) {
      EXPECT_TRUE(e.kind() == error_kind::limit && f.kind == format_kind::ell) << e.what();
    }
  }
}

void check_bfs_in_every_format(graph& g, vertex_id source) {
  const auto want = algorithms::bfs(g, source);
  const auto want_levels = plain(want.levels, std::int64_t(-1));
  for_every_storage(g, [&](const adjacency_format& f) {
    for (auto direction : {algorithms::bfs_direction::automatic, algorithms::bfs_direction::pull}) {
      const auto got =
          algorithms::bfs(g, source, {.parents = true, .direction = direction, .format = f});
      const auto levels = plain(got.levels, std::int64_t(-1));
      EXPECT_EQ(levels, want_levels);
      EXPECT_TRUE(valid_bfs_parents(g, source, levels, plain(got.parents, std::int64_t(-1))));
    }
  });
}

void check_pagerank(graph& g) {
  const algorithms::pagerank_options o{.tolerance = 0, .max_iterations = 25};
  const auto want = plain(algorithms::pagerank(g, o).ranks, 0.0);
  for_every_storage(g, [&](const adjacency_format& f) {
    auto with_format = o;
    with_format.format = f;
    const auto got = algorithms::pagerank(g, with_format);
    EXPECT_EQ(got.iterations, 25);
    const auto ranks = plain(got.ranks, 0.0);
    ASSERT_EQ(ranks.size(), want.size());
    for (std::size_t v = 0; v < ranks.size(); ++v)
      EXPECT_NEAR(ranks[v], want[v], 1e-12 * std::max(want[v], 1e-300) + 1e-18) << "vertex " << v;
  });
}

void check_sssp(const graph& g, vertex_id source) {
  const auto want = plain(algorithms::sssp(g, source), unreached);
  for_every_storage(g, [&](const adjacency_format& f) {
    EXPECT_EQ(plain(algorithms::sssp(g, source, std::nullopt, f), unreached), want);
  });
}

void check_cc(graph& g) {
  const auto want = plain(algorithms::connected_components(g), std::uint64_t(0));
  for_every_storage(g, [&](const adjacency_format& f) {
    EXPECT_EQ(plain(algorithms::connected_components(g, f), std::uint64_t(0)), want);
  });
}

// Betweenness from a few sources: the products gather A's and Aᵀ's rows from CSR, CCI and
// CSR-dtANS and read the CSR otherwise; the same sums in the same order, so equal up to rounding.
void check_bc(graph& g, std::vector<vertex_id> sources) {
  const auto want = plain(algorithms::betweenness(g, sources), 0.0);
  for_every_storage(g, [&](const adjacency_format& f) {
    const auto got = plain(algorithms::betweenness(g, sources, f), 0.0);
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t v = 0; v < got.size(); ++v)
      EXPECT_NEAR(got[v], want[v], 1e-12 * want[v]) << "vertex " << v;
  });
}

void check_tc(graph& g) {
  const std::uint64_t want = algorithms::triangle_count(g);
  for_every_storage(
      g, [&](const adjacency_format& f) { EXPECT_EQ(algorithms::triangle_count(g, f), want); });
}

void check_msf(const graph& g) {
  const algorithms::msf_result want = algorithms::minimum_spanning_forest(g);
  for_every_storage(g, [&](const adjacency_format& f) {
    const algorithms::msf_result got = algorithms::minimum_spanning_forest(g, f);
    EXPECT_EQ(got.total_weight, want.total_weight);
    ASSERT_EQ(got.edges.size(), want.edges.size());
    for (std::size_t e = 0; e < got.edges.size(); ++e) {
      EXPECT_EQ(got.edges[e].u, want.edges[e].u) << e;
      EXPECT_EQ(got.edges[e].v, want.edges[e].v) << e;
      EXPECT_EQ(got.edges[e].weight, want.edges[e].weight) << e;
    }
  });
}

void check_all(graph& g, vertex_id source) {
  check_cc(g);
  check_tc(g);
  check_msf(g);
  check_bc(g, {source, vertex_id(g.vertices() - 1)});
  check_bfs_in_every_format(g, source);
  check_pagerank(g);
  check_sssp(g, source);
}

TEST(AlgorithmsFormats, EdgeCasesMatchCsr) {
  // Isolated vertices 3 and 7, empty rows, a self-loop, a repeated edge.
  graph small = make_graph(
      9, {{0, 1}, {1, 2}, {2, 0}, {1, 1}, {4, 5}, {5, 6}, {5, 6}, {6, 4}, {0, 4}, {8, 0}});
  check_all(small, 0);
  check_all(small, 3);  // a source with no edges
  // One huge row among short ones: vertex 0 points at every other vertex, which ELL refuses to
  // pad; a chain through the rest.
  std::vector<test_edge> star;
  for (vertex_id v = 1; v < 300; ++v) star.push_back({0, v});
  for (vertex_id v = 1; v + 1 < 300; v += 7) star.push_back({v, v + 1});
  graph hub = make_graph(300, star);
  check_all(hub, 0);
  check_all(hub, 8);
  // No edges at all.
  graph empty = make_graph(4, {});
  check_all(empty, 2);
}

// A graph that keeps its formats (graph::keep_formats, as the Python package's graphs do): every
// algorithm in every storage, then again on the formats the first round kept, equal to CSR's
// answers; each kept copy is named by what it holds, the second round reuses the same objects,
// and release_formats frees them. A graph that does not keep them (the default) holds none. The
// directed graph repeats an edge (TC, BC and MSF rebuild it first); the undirected one does not,
// so all seven read the kept copies.
void check_kept_formats(graph& g) {
  check_all(g, 0);
  EXPECT_TRUE(g.kept_format_keys().empty());
  g.keep_formats(true);
  check_all(g, 0);
  const std::vector<std::string> keys = g.kept_format_keys();
  for (const char* key :
       {"structure sell original", "structure cci degree", "structure auto degree",
        "weights dtans original", "weights csr degree", "weights csr original"})
    EXPECT_NE(std::find(keys.begin(), keys.end(), key), keys.end()) << key;
  std::vector<const void*> first;
  for (const std::string& key : keys) first.push_back(g.kept_format(key).get());
  check_all(g, 3);
  EXPECT_EQ(g.kept_format_keys(), keys);
  for (std::size_t k = 0; k < keys.size(); ++k)
    EXPECT_EQ(g.kept_format(keys[k]).get(), first[k]) << keys[k];
  g.release_formats();
  EXPECT_TRUE(g.kept_format_keys().empty());
  check_pagerank(g);
  EXPECT_FALSE(g.kept_format_keys().empty());
  g.keep_formats(false);
  EXPECT_TRUE(g.kept_format_keys().empty());
}

TEST(AlgorithmsFormats, KeptFormatsAreReusedAndMatchCsr) {
  graph directed = make_graph(
      9, {{0, 1}, {1, 2}, {2, 0}, {1, 1}, {4, 5}, {5, 6}, {5, 6}, {6, 4}, {0, 4}, {8, 0}});
  check_kept_formats(directed);
  // Two triangles sharing vertex 2, a pendant vertex 5, vertex 6 isolated; both directions.
  std::vector<test_edge> both;
  for (auto [u, v] : {std::pair{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}, {4, 2}, {4, 5}}) {
    both.push_back({vertex_id(u), vertex_id(v)});
    both.push_back({vertex_id(v), vertex_id(u)});
  }
  graph undirected = make_graph(7, both);
  check_kept_formats(undirected);
  // Each algorithm alone keeps the copy it read (SSSP on CSR: the weights as double).
  const adjacency_format sell{format_kind::sell, vertex_order::original};
  auto alone = [&](const char* key, const auto& run) {
    graph h = make_graph(7, both);
    h.keep_formats(true);
    h.symmetric();  // known, so that MSF reads it as it is
    run(h);
    EXPECT_EQ(h.kept_format_keys(), std::vector<std::string>{key});
  };
  const std::vector<vertex_id> sources{0, 5};
  alone("structure sell original", [&](graph& h) { algorithms::bfs(h, 0, {.format = sell}); });
  alone("structure sell original", [&](graph& h) { algorithms::pagerank(h, {.format = sell}); });
  alone("structure sell original", [&](graph& h) { algorithms::connected_components(h, sell); });
  alone("structure sell original", [&](graph& h) { algorithms::triangle_count(h, sell); });
  alone("structure sell original", [&](graph& h) { algorithms::betweenness(h, sources, sell); });
  alone("weights sell original", [&](graph& h) { algorithms::sssp(h, 0, std::nullopt, sell); });
  alone("weights csr original", [&](graph& h) { algorithms::sssp(h, 0); });
  alone("weights sell original", [&](graph& h) { algorithms::minimum_spanning_forest(h, sell); });
}

TEST(AlgorithmsFormats, WeightedAndNegativeWeightsMatchCsr) {
  // Delta-stepping over positive weights, including a zero-weight edge and a repeated edge.
  const graph positive = make_graph(
      6, {{0, 1, 2.5}, {1, 2, 0}, {0, 2, 4}, {2, 3, 1}, {3, 4, 7}, {3, 4, 2}, {1, 4, 9}}, true);
  check_sssp(positive, 0);
  // Bellman-Ford, whose rounds pull through the format when the frontier is wide.
  const graph negative =
      make_graph(5, {{0, 1, 4}, {0, 2, 1}, {2, 1, -2}, {1, 3, 1}, {2, 3, 5}, {3, 4, -1}}, true);
  check_sssp(negative, 0);
  check_msf(positive);
  check_msf(negative);
  // Two triangles sharing an edge, both ways round, with a chord one way only.
  graph kite = make_graph(5, {{0, 1}, {1, 2}, {2, 0}, {1, 3}, {3, 2}, {2, 1}, {4, 0}, {3, 0}});
  check_tc(kite);
}

TEST(AlgorithmsFormats, PaddedGraphIsRefusedByEll) {
  std::vector<test_edge> star;
  // Both ways between 0 and every other vertex: the second step's frontier is wide, so it pulls
  // over Aᵀ, whose row 0 is far longer than the others.
  for (vertex_id v = 1; v < 2000; ++v) {
    star.push_back({v, 0});
    star.push_back({0, v});
  }
  graph g = make_graph(2000, star);
  const adjacency_format ell{format_kind::ell, vertex_order::original};
  auto refused = [](const auto& run) {
    try {
      run();
    } catch (const error& e) {
      return e.kind() == error_kind::limit;
    }
    return false;
  };
  EXPECT_TRUE(refused([&] { algorithms::bfs(g, 1, {.format = ell}); }));
  EXPECT_TRUE(refused([&] { algorithms::pagerank(g, {.format = ell}); }));
  EXPECT_TRUE(refused([&] { algorithms::sssp(g, 1, std::nullopt, ell); }));  // uniform rounds
  EXPECT_TRUE(refused([&] { algorithms::connected_components(g, ell); }));
  // Push-only BFS never pulls, so it never builds the format.
  EXPECT_FALSE(refused([&] {
    algorithms::bfs(g, 1, {.direction = algorithms::bfs_direction::push, .format = ell});
  }));
}

TEST(AlgorithmsFormats, RealGraphsMatchCsr) {
  GRAPHRING_DATASET(epinions, "social/soc-Epinions1.txt.gz");
  graph social = load_graph(epinions);
  check_bfs_in_every_format(social, 0);
  check_pagerank(social);
  check_sssp(social, 0);
  check_cc(social);  // directed: A and Aᵀ, sampled
  check_bc(social, {0, 1, 2, 100, 5000});
  check_tc(social);  // directed, 75,879 rows: L is selected from A's and Aᵀ's rows in blocks
  check_msf(social);
  GRAPHRING_DATASET(rome, "road/rome99.gr");
  graph road = load_graph(rome);
  check_sssp(road, 0);
  check_cc(road);  // few edges per vertex: every round over the graph's own edges
  check_msf(road);
  GRAPHRING_DATASET(notre_dame, "web/web-NotreDame.txt.gz");
  graph web = load_graph(notre_dame);
  check_bfs_in_every_format(web, 0);
  check_pagerank(web);
}

TEST(AlgorithmsFormats, CommandLineTakesFormat) {
  GRAPHRING_DATASET(karate, "matrices/lagraph/data/karate.mtx");
  for (const std::string command : {"bfs", "sssp", "pagerank", "cc", "bc", "tc", "msf"}) {
    std::vector<std::string> args{command, karate, "--quiet"};
    if (command == "bfs" || command == "sssp") args.insert(args.end(), {"--source", "1"});
    const cli_result csr = run_cli(args);
    ASSERT_EQ(csr.status, 0) << csr.err;
    for (const char* format : {"cci", "dtans", "sell", "auto"}) {
      std::vector<std::string> with = args;
      with.insert(with.end(), {"--format", format, "--order", "rcm", "--stats"});
      const cli_result got = run_cli(with);
      EXPECT_EQ(got.status, 0) << got.err;
      const std::string reported = "\"format\": \"" + std::string(format) + "+rcm\"";
      EXPECT_NE(got.err.find(reported), std::string::npos) << got.err;
      if (command != "pagerank") {
        EXPECT_EQ(got.out, csr.out) << command << " " << format;
      }
    }
    std::vector<std::string> bad = args;
    bad.insert(bad.end(), {"--format", "zip"});
    const cli_result refused = run_cli(bad);
    EXPECT_EQ(refused.status, 2);
    EXPECT_NE(refused.err.find("unknown format 'zip'"), std::string::npos) << refused.err;
  }
}

}  // namespace
}  // namespace graphring::testing

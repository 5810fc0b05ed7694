// Context of docs/algorithms.md's calls on a format: g (soc-Epinions1, bundled) and a source s;
// each answer through CCI must equal the one through CSR (ranks to rounding).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <graphring/graphring.hpp>
#include <optional>

int main() {
  graphring::graph g = graphring::load_graph("datasets/soc-Epinions1.txt.gz");
  const graphring::vertex_id s = graphring::vertex_of(g, 0);
  // snippet
  const auto r0 = graphring::algorithms::bfs(g, s);
  const auto pr0 = graphring::algorithms::pagerank(g);
  const auto d0 = graphring::algorithms::sssp(g, s, std::nullopt);
  const auto c0 = graphring::algorithms::connected_components(g);
  const auto t0 = graphring::algorithms::triangle_count(g);
  const auto f0 = graphring::algorithms::minimum_spanning_forest(g);
  bool same = r.levels.nvals() == r0.levels.nvals() && pr.iterations == pr0.iterations && t == t0 &&
              f.total_weight == f0.total_weight && f.edges.size() == f0.edges.size();
  for (std::uint64_t v = 0; same && v < g.vertices(); ++v)
    same = r.levels.get(v) == r0.levels.get(v) && d.get(v) == d0.get(v) && c.get(v) == c0.get(v) &&
           std::abs(*pr.ranks.get(v) - *pr0.ranks.get(v)) <= 1e-12 * (1 + *pr0.ranks.get(v));
  std::printf("CCI answers %s\n", same ? "equal CSR's" : "DIFFER");
  return same ? 0 : 1;
}

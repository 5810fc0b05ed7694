#include "tests/test_algorithms_checkers.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <fstream>
#include <functional>
#include <limits>
#include <numeric>
#include <queue>
#include <set>
#include <sstream>

#include "engine/builder.hpp"
#include "engine/io/load.hpp"
#include "tests/test_support.hpp"

namespace graphring::testing {

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

struct arc {
  vertex_id to;
  double w;
};

std::vector<std::vector<arc>> out_arcs(const graph& g) {
  const csr_matrix& a = g.adjacency();
  std::vector<std::vector<arc>> out(a.nrows);
  for (std::uint64_t u = 0; u < a.nrows; ++u)
    for (edge_offset p = a.row_begin(u); p < a.row_end(u); ++p)
      out[u].push_back({a.cols[p], a.has_values() ? value_at(a.values, p) : 1.0});
  return out;
}

std::vector<std::uint64_t> union_find(std::uint64_t n,
                                      const std::vector<std::pair<vertex_id, vertex_id>>& e) {
  std::vector<std::uint64_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  std::function<std::uint64_t(std::uint64_t)> find = [&](std::uint64_t x) {
    return parent[x] == x ? x : parent[x] = find(parent[x]);
  };
  for (auto [u, v] : e) {
    const auto a = find(u), b = find(v);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);
  }
  for (std::uint64_t v = 0; v < n; ++v) parent[v] = find(v);
  return parent;
}

}  // namespace

graph make_graph(std::uint64_t n, const std::vector<test_edge>& edges, bool weighted) {
  return graph(csr_of(n, edges, weighted), vertex_labels::with_offset(n, 0));
}

std::vector<std::int64_t> serial_bfs_levels(const graph& g, vertex_id source) {
  const auto out = out_arcs(g);
  std::vector<std::int64_t> level(out.size(), -1);
  std::deque<vertex_id> queue{source};
  level[source] = 0;
  while (!queue.empty()) {
    const vertex_id u = queue.front();
    queue.pop_front();
    for (const arc& a : out[u])
      if (level[a.to] < 0) {
        level[a.to] = level[u] + 1;
        queue.push_back(a.to);
      }
  }
  return level;
}

std::vector<double> serial_dijkstra(const graph& g, vertex_id source) {
  const auto out = out_arcs(g);
  std::vector<double> dist(out.size(), inf);
  using item = std::pair<double, vertex_id>;
  std::priority_queue<item, std::vector<item>, std::greater<>> heap;
  dist[source] = 0;
  heap.push({0, source});
  while (!heap.empty()) {
    const auto [d, u] = heap.top();
    heap.pop();
    if (d > dist[u]) continue;
    for (const arc& a : out[u])
      if (d + a.w < dist[a.to]) {
        dist[a.to] = d + a.w;
        heap.push({dist[a.to], a.to});
      }
  }
  return dist;
}

std::vector<double> serial_bellman_ford(const graph& g, vertex_id source) {
  const auto out = out_arcs(g);
  std::vector<double> dist(out.size(), inf);
  dist[source] = 0;
  for (std::size_t round = 0; round + 1 < out.size(); ++round)
    for (std::size_t u = 0; u < out.size(); ++u)
      for (const arc& a : out[u])
        if (dist[u] + a.w < dist[a.to]) dist[a.to] = dist[u] + a.w;
  return dist;
}

std::vector<double> serial_pagerank(const graph& g, double damping, double tol, int max_iters) {
  const auto out = out_arcs(g);
  const std::size_t n = out.size();
  std::vector<double> r(n, 1.0 / double(n)), next(n);
  for (int it = 0; it < max_iters; ++it) {
    double lost = 0;
    for (std::size_t u = 0; u < n; ++u)
      if (out[u].empty()) lost += r[u];
    std::fill(next.begin(), next.end(), (1 - damping) / double(n) + damping * lost / double(n));
    for (std::size_t u = 0; u < n; ++u)
      for (const arc& a : out[u]) next[a.to] += damping * r[u] / double(out[u].size());
    double change = 0;
    for (std::size_t v = 0; v < n; ++v) change += std::abs(next[v] - r[v]);
    r.swap(next);
    if (change < tol) break;
  }
  return r;
}

std::vector<std::uint64_t> serial_components(const graph& g) {
  std::vector<std::pair<vertex_id, vertex_id>> e;
  const auto out = out_arcs(g);
  for (std::size_t u = 0; u < out.size(); ++u)
    for (const arc& a : out[u]) e.push_back({vertex_id(u), a.to});
  return union_find(out.size(), e);
}

std::uint64_t serial_triangles(const graph& g) {
  std::uint64_t at_vertices = 0;
  for (std::uint64_t t : serial_triangles_per_vertex(g)) at_vertices += t;
  return at_vertices / 3;
}

std::vector<std::uint64_t> serial_triangles_per_vertex(const graph& g) {
  const auto out = out_arcs(g);
  std::vector<std::set<vertex_id>> adj(out.size());
  for (std::size_t u = 0; u < out.size(); ++u)
    for (const arc& a : out[u])
      if (a.to != u) {
        adj[u].insert(a.to);
        adj[a.to].insert(vertex_id(u));
      }
  std::vector<std::uint64_t> count(adj.size(), 0);
  for (std::size_t u = 0; u < adj.size(); ++u)
    for (vertex_id v : adj[u])
      if (v > u)
        for (vertex_id w : adj[v])
          if (w > v && adj[u].count(w)) {
            ++count[u];
            ++count[v];
            ++count[w];
          }
  return count;
}

std::vector<double> serial_betweenness(const graph& g, const std::vector<vertex_id>& sources) {
  auto out = out_arcs(g);
  const std::size_t n = out.size();
  for (auto& row : out) {  // repeated edges count once
    std::sort(row.begin(), row.end(), [](const arc& x, const arc& y) { return x.to < y.to; });
    row.erase(std::unique(row.begin(), row.end(),
                          [](const arc& x, const arc& y) { return x.to == y.to; }),
              row.end());
  }
  std::vector<double> bc(n, 0);
  for (vertex_id s : sources) {
    std::vector<double> sigma(n, 0), delta(n, 0);
    std::vector<std::int64_t> dist(n, -1);
    std::vector<vertex_id> order;
    std::deque<vertex_id> queue{s};
    sigma[s] = 1;
    dist[s] = 0;
    while (!queue.empty()) {
      const vertex_id u = queue.front();
      queue.pop_front();
      order.push_back(u);
      for (const arc& a : out[u]) {
        if (dist[a.to] < 0) {
          dist[a.to] = dist[u] + 1;
          queue.push_back(a.to);
        }
        if (dist[a.to] == dist[u] + 1) sigma[a.to] += sigma[u];
      }
    }
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      const vertex_id u = *it;
      for (const arc& a : out[u])
        if (dist[a.to] == dist[u] + 1) delta[u] += sigma[u] / sigma[a.to] * (1 + delta[a.to]);
      if (u != s) bc[u] += delta[u];
    }
  }
  return bc;
}

double serial_kruskal_weight(const graph& g) {
  const auto out = out_arcs(g);
  struct wedge {
    double w;
    vertex_id u, v;
  };
  std::vector<wedge> e;
  for (std::size_t u = 0; u < out.size(); ++u)
    for (const arc& a : out[u])
      if (a.to != u) e.push_back({a.w, vertex_id(u), a.to});
  std::sort(e.begin(), e.end(), [](const wedge& x, const wedge& y) { return x.w < y.w; });
  std::vector<std::uint64_t> parent(out.size());
  std::iota(parent.begin(), parent.end(), 0);
  std::function<std::uint64_t(std::uint64_t)> find = [&](std::uint64_t x) {
    return parent[x] == x ? x : parent[x] = find(parent[x]);
  };
  double total = 0;
  for (const wedge& x : e) {
    const auto a = find(x.u), b = find(x.v);
    if (a == b) continue;
    parent[a] = b;
    total += x.w;
  }
  return total;
}

::testing::AssertionResult valid_bfs_parents(const graph& g, vertex_id source,
                                             const std::vector<std::int64_t>& levels,
                                             const std::vector<std::int64_t>& parents) {
  const csr_matrix& a = g.adjacency();
  for (std::uint64_t v = 0; v < levels.size(); ++v) {
    if ((levels[v] < 0) != (parents[v] < 0))
      return ::testing::AssertionFailure()
             << "vertex " << v << ": level and parent disagree on reach";
    if (levels[v] < 0) continue;
    if (v == source) {
      if (parents[v] != std::int64_t(source))
        return ::testing::AssertionFailure() << "the source's parent is " << parents[v];
      continue;
    }
    const auto p = std::uint64_t(parents[v]);
    if (p >= levels.size() || levels[p] != levels[v] - 1)
      return ::testing::AssertionFailure()
             << "vertex " << v << ": parent " << p << " is not one level up";
    bool edge = false;
    for (edge_offset k = a.row_begin(p); k < a.row_end(p); ++k) edge = edge || a.cols[k] == v;
    if (!edge) return ::testing::AssertionFailure() << "no edge " << p << " -> " << v;
  }
  return ::testing::AssertionSuccess();
}

namespace {
std::string ldbc_file(const std::string& name) { return dataset("ldbc/example-data-sets/" + name); }
}  // namespace

std::vector<std::string> available_ldbc(std::initializer_list<const char*> names) {
  std::vector<std::string> out;
  for (const char* name : names) {
    if (!ldbc_file(std::string(name) + ".e").empty())
      out.push_back(name);
    else if (shared_datasets_required())
      ADD_FAILURE() << "LDBC data set " << name << " is missing";
  }
  EXPECT_FALSE(out.empty()) << "no LDBC example data set at hand";
  return out;
}

ldbc_dataset load_ldbc(const std::string& name) {
  ldbc_dataset d;
  std::ifstream in(ldbc_file(name + ".properties"));
  std::string line;
  const std::string prefix = "graph." + name + ".";
  while (std::getline(in, line)) {
    const auto eq = line.find(" = ");
    if (line.rfind(prefix, 0) != 0 || eq == std::string::npos) continue;
    d.properties[line.substr(prefix.size(), eq - prefix.size())] = line.substr(eq + 3);
  }
  load_options options;
  options.build.symmetrize = d.properties.at("directed") == "false";
  d.g = load_graph(ldbc_file(name + ".e"), options);
  return d;
}

std::map<std::int64_t, std::string> ldbc_reference(const std::string& name,
                                                   const std::string& algo) {
  std::ifstream in(ldbc_file(name + "-" + algo));
  std::map<std::int64_t, std::string> out;
  std::int64_t id;
  std::string value;
  while (in >> id >> value) out[id] = value;
  return out;
}

}  // namespace graphring::testing

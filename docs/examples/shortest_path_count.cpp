// The README's worked example: a user-defined semiring over a struct. Each entry is
// (length of the shortest paths to v, how many there are); iterating u = e_s ⊕ u ⊕.⊗ A from the
// source s until nothing changes gives both for every vertex (positive edge weights).
// Build: link graphring::graphring from CMake (find_package(graphring)), or by hand:
//   c++ -std=c++20 -O2 -fopenmp -I<source> shortest_path_count.cpp <build>/libgraphring.a -lz
// Run:   shortest_path_count GRAPH SOURCE_ID
#include <cstdio>
#include <cstdlib>
#include <string>

#include "graphring.hpp"

namespace {

struct paths {
  double length;
  std::uint64_t count;
};

// ⊕ keeps the shorter; equally short paths add their counts. Its identity is "no path".
struct shorter {
  using value_type = paths;
  static constexpr bool commutative = true;
  static constexpr paths identity() { return {graphring::greatest_v<double>, 0}; }
  constexpr paths operator()(paths x, paths y) const {
    if (x.length != y.length) return x.length < y.length ? x : y;
    return {x.length, x.count + y.count};
  }
};

// ⊗ extends the paths to k by the edge k -> j of weight w (vxm: u(k) ⊗ A(k,j)).
struct extend : graphring::binary_op_types<paths, double, paths> {
  constexpr paths operator()(paths p, double w) const { return {p.length + w, p.count}; }
};

using shortest_path_count = graphring::semiring<shorter, extend>;

}  // namespace

int main(int argc, char** argv) try {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s GRAPH SOURCE_ID\n", argv[0]);
    return 2;
  }
  graphring::graph g = graphring::load_graph(argv[1]);
  const auto a = graphring::matrix<double>::from_csr(g.adjacency());  // unweighted: every edge 1
  const graphring::vertex_id s = graphring::vertex_of(g, std::stoll(argv[2]));

  graphring::vector<paths> u(g.vertices());
  u.set(s, {0, 1});
  const graphring::vector<paths> start = u;
  for (bool changed = true; changed;) {
    // next = start ⊕ (u ⊕.⊗ A)
    graphring::vector<paths> next(g.vertices());
    graphring::vxm(next, graphring::no_mask, graphring::no_accum, shortest_path_count{}, u, a);
    graphring::ewise_add(next, graphring::no_mask, graphring::no_accum, shorter{}, start, next);
    changed = next.nvals() != u.nvals();
    next.for_each([&](std::uint64_t v, const paths& p) {
      const auto old = u.get(v);
      changed = changed || !old || old->length != p.length || old->count != p.count;
    });
    u = std::move(next);
  }
  u.for_each([&](std::uint64_t v, const paths& p) {
    std::printf("%lld %g %llu\n", static_cast<long long>(g.labels().label(graphring::vertex_id(v))),
                p.length, static_cast<unsigned long long>(p.count));
  });
  return 0;
} catch (const graphring::error& e) {
  std::fprintf(stderr, "graphring: %s\n", e.what());
  return graphring::exit_status(e.kind());
}

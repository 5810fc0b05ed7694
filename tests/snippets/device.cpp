// Context of the README's GPU fragment: a graph g (rmat:10), a source and an input x; the
// product on the GPU must equal the CPU's.
#include <cstdint>
#include <cstdio>
#include <graphring/graphring.hpp>

int main() {
  graphring::graph g = graphring::generate("rmat:10");
  const graphring::vertex_id source = 0;
  const auto x = graphring::vector<double>::dense(g.vertices(), 1.0);
  // snippet
  const auto cpu_a = graphring::matrix<double>::from_csr(g.adjacency());
  graphring::vector<double> want(cpu_a.nrows());
  graphring::mxv(want, graphring::no_mask, graphring::no_accum, graphring::min_plus<double>{},
                 cpu_a, x);
  bool same = result.nvals() == want.nvals() && r.levels.nvals() > 0;
  for (std::uint64_t i = 0; same && i < want.size(); ++i) same = result.get(i) == want.get(i);
  std::printf("GPU product %s\n", same ? "equals the CPU's" : "DIFFERS");
  return same ? 0 : 1;
}

// Context of the README's BFS step: a frontier q at the source of grid:4 (vertex 0, whose
// neighbours are 1 and 4), one step, and a check that q then holds exactly those two, with
// parent 0.
#include <cstdint>
#include <cstdio>
#include <graphring/graphring.hpp>

int main() {
  graphring::graph g = graphring::generate("grid:4");
  const auto a = graphring::matrix<bool>::from_csr(g.adjacency());
  graphring::vector<std::int64_t> q(a.nrows());
  graphring::vector<bool> visited(a.nrows());
  q.set(0, 0);
  visited.set(0, true);
  // snippet
  const bool right = q.nvals() == 2 && q.get(1) == 0 && q.get(4) == 0;
  std::printf("frontier of %llu vertices\n", (unsigned long long)q.nvals());
  return right ? 0 : 1;
}

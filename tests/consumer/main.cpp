// Uses the installed library: generate a graph, write and reload it, print its size.
#include <cstdio>
#include <graphring/graphring.hpp>

int main(int argc, char** argv) {
  if (argc != 2) return 1;
  graphring::graph g = graphring::generate("grid:10");
  graphring::io::write_grb(g, argv[1]);
  graphring::graph h = graphring::load_graph(argv[1]);
  std::printf("%llu vertices, %llu edges\n", (unsigned long long)h.vertices(),
              (unsigned long long)h.edges());
  return h.edges() == 360 ? 0 : 1;
}

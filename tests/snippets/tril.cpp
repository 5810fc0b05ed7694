// Context of docs/operations.md's triangle mask: A (a directed rmat:8) and an empty L; L must
// then hold, below the diagonal, exactly the pairs {i, j} joined by an edge either way.
#include <cstdint>
#include <cstdio>
#include <graphring/graphring.hpp>
#include <set>
#include <utility>

using namespace graphring;

int main() {
  graph g = generate("rmat:8");
  const auto a = matrix<bool>::from_csr(g.adjacency());
  matrix<bool> l(a.nrows(), a.ncols());
  // snippet
  std::set<std::pair<std::uint64_t, std::uint64_t>> want, got;
  for (std::uint64_t i = 0; i < a.nrows(); ++i)
    for (std::uint64_t p = a.offsets()[i]; p < a.offsets()[i + 1]; ++p) {
      const std::uint64_t j = a.cols()[p];
      if (i != j) want.insert({std::max(i, j), std::min(i, j)});
    }
  for (std::uint64_t i = 0; i < l.nrows(); ++i)
    for (std::uint64_t p = l.offsets()[i]; p < l.offsets()[i + 1]; ++p)
      got.insert({i, l.cols()[p]});
  std::printf("L holds %zu entries, %s\n", got.size(), got == want ? "as expected" : "WRONG");
  return got == want ? 0 : 1;
}

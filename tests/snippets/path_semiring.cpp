// Context of the README's shortest-path-count semiring: the fragment's types and `step` at
// namespace scope, then u = e_s ⊕ step(u) iterated n times from vertex 0 of rmat:6 (unweighted:
// every edge weighs 1), and every vertex's (length, count) compared with a queue BFS that counts
// shortest paths.
#include <cstdint>
#include <cstdio>
#include <deque>
#include <graphring/graphring.hpp>
#include <limits>
#include <vector>

// snippet

int main() {
  graphring::graph g = graphring::generate("rmat:6");
  const auto a = graphring::matrix<double>::from_csr(g.adjacency());
  const std::uint64_t n = a.nrows();
  graphring::vector<paths> e(n), u(n);
  e.set(0, {0, 1});
  u = e;
  for (std::uint64_t round = 0; round < n; ++round) {
    graphring::vector<paths> next(n);
    step(next, u, a);
    graphring::ewise_add(u, graphring::no_mask, graphring::no_accum, shorter{}, next, e);
  }
  const double unreached = std::numeric_limits<double>::infinity();
  std::vector<double> length(n, unreached);
  std::vector<std::uint64_t> count(n, 0);
  std::deque<std::uint64_t> queue{0};
  length[0] = 0;
  count[0] = 1;
  while (!queue.empty()) {
    const std::uint64_t k = queue.front();
    queue.pop_front();
    for (std::uint64_t p = a.offsets()[k]; p < a.offsets()[k + 1]; ++p) {
      const std::uint64_t j = a.cols()[p];
      if (length[j] == unreached) {
        length[j] = length[k] + 1;
        queue.push_back(j);
      }
      if (length[j] == length[k] + 1) count[j] += count[k];
    }
  }
  std::uint64_t wrong = 0, reached = 0;
  for (std::uint64_t v = 0; v < n; ++v) {
    const auto got = u.get(v);
    reached += got.has_value();
    if (length[v] == unreached ? got.has_value()
                               : !got || got->length != length[v] || got->count != count[v])
      ++wrong;
  }
  std::printf("%llu vertices reached, %llu differ from the BFS count\n",
              (unsigned long long)reached, (unsigned long long)wrong);
  return wrong == 0 && reached > 1 ? 0 : 1;
}

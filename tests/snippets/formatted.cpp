// Context of the README's product through a format: A (rmat:10, unit weights), a dense u, w and
// a mask; the product through CCI must equal the same product over the plain CSR matrix.
#include <cstdint>
#include <cstdio>
#include <graphring/graphring.hpp>

int main() {
  graphring::graph g = graphring::generate("rmat:10");
  const auto a = graphring::matrix<double>::from_csr(g.adjacency());
  const std::uint64_t n = a.nrows();
  const auto u = graphring::vector<double>::dense(n, 1.0);
  graphring::vector<double> w(n), want(n);
  graphring::vector<bool> mask(n);
  for (std::uint64_t i = 0; i < n; i += 2) mask.set(i, true);
  // snippet
  graphring::mxv(want, mask, graphring::no_accum, graphring::min_plus<double>{}, a, u);
  bool same = w.nvals() == want.nvals();
  for (std::uint64_t i = 0; same && i < n; ++i) same = w.get(i) == want.get(i);
  std::printf("%llu entries, %s\n", (unsigned long long)w.nvals(), same ? "as CSR" : "DIFFER");
  return same ? 0 : 1;
}

// More than 2^32 edges: a synthetic CSR whose column array is a 16 GiB anonymous mapping that
// the kernel backs with zero pages only where touched, so the test needs little real memory:
// the accessors index past 2^32, and a pull (mxv) and a push (vxm) product run over the row of
// more than 2^32 entries (each reads all 16 GiB: a few seconds).
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <memory>
#include <optional>

#include "core/sanitizers.hpp"
#include "engine/graph.hpp"
#include "engine/matrix.hpp"
#include "engine/ops/operations.hpp"

namespace graphring {
namespace {

struct anonymous_region {
  anonymous_region(void* a, std::size_t n) : address(a), length(n) {}
  ~anonymous_region() { munmap(address, length); }
  void* address;
  std::size_t length;
};

constexpr edge_offset big = (edge_offset(1) << 32) + 5;  // row 0 alone holds more than 2^32 entries
constexpr edge_offset nnz = big + 10;

// 3 x 3: row 0 holds big entries, all column 0 but the last (column 2, just past 2^32); row 1
// holds entries big .. big+9, pointing at columns 0, 1, 2, 0, ...; row 2 is empty. Empty when
// the address space cannot be reserved.
std::optional<csr_matrix> matrix_with_a_huge_row() {
  const std::size_t bytes = nnz * sizeof(vertex_id);
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return std::nullopt;
  auto region = std::make_shared<anonymous_region>(p, bytes);  // unmapped when the last user goes
  auto* cols = static_cast<vertex_id*>(p);
  for (edge_offset k = big; k < nnz; ++k) cols[k] = vertex_id((k - big) % 3);
  cols[big - 1] = 2;
  csr_matrix a;
  a.nrows = a.ncols = 3;
  a.offsets = shared_array<edge_offset>(std::vector<edge_offset>{0, big, nnz, nnz});
  a.cols = shared_array<vertex_id>(region, cols, nnz);
  return a;
}

TEST(LargeOffsets, RowsBeyondTwoToThe32EntriesIndexCorrectly) {
  auto a = matrix_with_a_huge_row();
  if (!a) GTEST_SKIP() << "cannot reserve 16 GiB of address space here";
  graph g(std::move(*a), vertex_labels::with_offset(3, 0));

  EXPECT_EQ(g.edges(), nnz);
  EXPECT_EQ(g.adjacency().row_length(0), big);
  EXPECT_EQ(g.adjacency().row_begin(1), big);
  EXPECT_EQ(g.adjacency().cols[g.adjacency().row_end(0) - 1], 2u);
  EXPECT_EQ(g.adjacency().cols[g.adjacency().row_begin(1) + 4], 1u);
  const auto& degrees = g.out_degrees();
  EXPECT_EQ(degrees[0], big);
  EXPECT_EQ(degrees[1], 10u);
  EXPECT_EQ(degrees[2], 0u);
  EXPECT_EQ(g.adjacency().bytes(), 4 * sizeof(edge_offset) + nnz * sizeof(vertex_id));
}

// Sums of whole numbers below 2^53: exact in double whatever the order.
TEST(LargeOffsets, ProductsOverARowOfMoreThanTwoToThe32Entries) {
  if (built_with_sanitizer)
    GTEST_SKIP()
        << "2^33 checked loads take over 5 minutes under a sanitizer; the ordinary build runs it";
  const auto a = matrix_with_a_huge_row();
  if (!a) GTEST_SKIP() << "cannot reserve 16 GiB of address space here";
  const auto m = matrix<double>::from_csr(*a);  // a pattern: every entry 1
  const double row0_zeros = double(big - 1);
  // pull: y(i) = Σ_k A(i, k) x(k), row by row
  const double xs[] = {1, 10, 100};
  const auto x = vector<double>::from_dense(array<double>(xs, 3));
  vector<double> y(3);
  mxv(y, no_mask, no_accum, plus_times<double>{}, m, x, descriptor{.method = product_method::pull});
  EXPECT_EQ(y.nvals(), 2u);
  EXPECT_EQ(y.get(0), row0_zeros + 100);
  EXPECT_EQ(y.get(1), 4 + 3 * 10 + 3 * 100.0);
  EXPECT_EQ(y.get(2), std::nullopt);
  // push: z(j) = Σ_k u(k) A(k, j), scattering row 0's and row 1's entries
  const vertex_id u_at[] = {0, 1};
  const auto u = vector<double>::from_sparse(3, array<vertex_id>(u_at, 2), array<double>(xs, 2));
  vector<double> z(3);
  vxm(z, no_mask, no_accum, plus_times<double>{}, u, m, descriptor{.method = product_method::push});
  EXPECT_EQ(z.get(0), row0_zeros + 4 * 10);
  EXPECT_EQ(z.get(1), 3 * 10.0);
  EXPECT_EQ(z.get(2), 1 + 3 * 10.0);
}

}  // namespace
}  // namespace graphring

// More than 2^32 edges: a synthetic CSR whose column array is a 16 GiB anonymous mapping that
// the kernel backs with zero pages only where touched, so the test needs little real memory.
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <memory>

#include "engine/graph.hpp"

namespace graphring {
namespace {

struct anonymous_region {
  anonymous_region(void* a, std::size_t n) : address(a), length(n) {}
  ~anonymous_region() { munmap(address, length); }
  void* address;
  std::size_t length;
};

TEST(LargeOffsets, RowsBeyondTwoToThe32EntriesIndexCorrectly) {
  const edge_offset big = (edge_offset(1) << 32) + 5;  // row 0 alone holds more than 2^32 entries
  const edge_offset nnz = big + 10;
  const std::size_t bytes = nnz * sizeof(vertex_id);
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) GTEST_SKIP() << "cannot reserve 16 GiB of address space here";
  auto region = std::make_shared<anonymous_region>(p, bytes);  // unmapped when the last user goes
  auto* cols = static_cast<vertex_id*>(p);
  // Row 1 holds entries big .. big+9, pointing at vertices 0, 1, 2, 0, ...
  for (edge_offset k = big; k < nnz; ++k) cols[k] = vertex_id((k - big) % 3);
  cols[big - 1] = 2;  // last entry of row 0, just past 2^32

  csr_matrix a;
  a.nrows = a.ncols = 3;
  a.offsets = shared_array<edge_offset>(std::vector<edge_offset>{0, big, nnz, nnz});
  a.cols = shared_array<vertex_id>(region, cols, nnz);
  graph g(std::move(a), vertex_labels::with_offset(3, 0));

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

}  // namespace
}  // namespace graphring

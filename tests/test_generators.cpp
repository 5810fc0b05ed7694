// Generators: sizes, structure (symmetric, no self-loops or duplicates, grid degrees), the same
// graph on any number of threads, and different graphs for different seeds.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <variant>

#include "core/error.hpp"
#include "engine/generators.hpp"

namespace graphring {
namespace {

// The same vertices, edges and weights (values compared by their bits).
bool identical(const graph& x, const graph& y) {
  const csr_matrix &a = x.adjacency(), &b = y.adjacency();
  const bool same_values = std::visit(
      [](const auto& u, const auto& v) {
        using U = std::decay_t<decltype(u)>;
        if constexpr (!std::is_same_v<U, std::decay_t<decltype(v)>>) {
          return false;
        } else if constexpr (std::is_same_v<U, std::monostate>) {
          return true;
        } else {
          return std::ranges::equal(u, v);
        }
      },
      a.values, b.values);
  return a.nrows == b.nrows && std::ranges::equal(a.offsets, b.offsets) &&
         std::ranges::equal(a.cols, b.cols) && same_values;
}

TEST(Generators, RmatIsSymmetricSimpleAndSkewed) {
  graph g = generate("rmat:12");
  EXPECT_EQ(g.vertices(), 4096u);
  EXPECT_TRUE(g.symmetric());
  EXPECT_EQ(g.self_loops(), 0u);
  EXPECT_EQ(g.duplicate_edges(), 0u);
  EXPECT_GT(g.edges(), 4096u * 16);  // 16 x n generated, most survive deduplication, doubled
  const auto& d = g.out_degrees();
  EXPECT_GT(*std::max_element(d.begin(), d.end()), 20 * g.edges() / g.vertices());  // power-law hub
}

TEST(Generators, UniformRandomHasNoHubs) {
  graph g = generate("urand:12:8");
  EXPECT_TRUE(g.symmetric());
  const auto& d = g.out_degrees();
  EXPECT_LT(*std::max_element(d.begin(), d.end()), 60u);
}

TEST(Generators, GridIsA4NeighbourMeshWithSymmetricWeights) {
  graph g = generate("grid:30");
  EXPECT_EQ(g.vertices(), 900u);
  EXPECT_EQ(g.edges(), 4u * 30 * 29);
  EXPECT_TRUE(g.symmetric());  // structure and weights
  EXPECT_EQ(type_of(g.adjacency().values), value_type::int32);
  const auto& d = g.out_degrees();
  EXPECT_EQ(*std::max_element(d.begin(), d.end()), 4u);
  EXPECT_EQ(*std::min_element(d.begin(), d.end()), 2u);
}

TEST(Generators, SameGraphOnAnyThreadCountDifferentPerSeed) {
  const int saved = omp_get_max_threads();
  for (const char* name : {"rmat:11:weighted", "urand:11:weighted", "grid:50"}) {
    SCOPED_TRACE(name);
    omp_set_num_threads(1);
    graph one = generate(name);
    ASSERT_TRUE(one.adjacency().has_values());
    for (int threads : {2, 3, 7}) {
      omp_set_num_threads(threads);
      EXPECT_TRUE(identical(one, generate(name))) << threads << " threads";
    }
    EXPECT_TRUE(one.symmetric());  // weights too
  }
  omp_set_num_threads(saved);
  const graph one = generate("rmat:11:weighted");
  EXPECT_FALSE(identical(one, generate("rmat:11:weighted:seed=2")));
  // The comparison sees weights: a grid's structure is the same for every seed, its weights not.
  const graph grid = generate("grid:50");
  const graph other = generate("grid:50:seed=2");
  EXPECT_TRUE(std::ranges::equal(grid.adjacency().cols, other.adjacency().cols));
  EXPECT_FALSE(identical(grid, other));
}

TEST(Generators, BadNamesAreUsageErrors) {
  for (const char* name : {"rmat:", "rmat:x", "rmat:40", "grid:0", "urand:10:0", "kron:10:5:9"}) {
    try {
      generate(name);
      ADD_FAILURE() << name;
    } catch (const error& e) {
      EXPECT_EQ(e.kind(), error_kind::usage) << name;
    }
  }
}

}  // namespace
}  // namespace graphring

// union_find_link and union_find_compress (engine/ops/union_find.hpp, union_find_format.hpp)
// against a serial disjoint-set union: after linking a set of edges and compressing, every vertex
// holds the smallest vertex of its component over those edges. The edges a select operator keeps
// (every entry, a triangle, a row's first k, chosen rows, rows chosen by reading the forest as it
// is linked), a forest linked in two steps, small and large random graphs (one huge row, empty
// rows, chains whose links go through many roots), one and two threads, every format;
// and the errors: a parent above its vertex (a cycle too) stops the walks and throws instead of
// looping or reading out of bounds, as a forest that is not dense or not of the matrix's size does.
#include <gtest/gtest.h>
#include <omp.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <numeric>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "engine/ops/operations.hpp"
#include "engine/ops/union_find_format.hpp"
#include "tests/format_storages.hpp"

namespace graphring {
namespace {

using label = std::uint32_t;
using edge_filter = std::function<bool(std::uint64_t i, std::uint64_t j, std::uint64_t rank)>;

// The smallest vertex of each vertex's component over the entries of a that `keep` admits, by a
// serial union-find, from the components `start` already joins (none when empty).
std::vector<label> reference_labels(const matrix<bool>& a, const edge_filter& keep,
                                    std::vector<label> start = {}) {
  const std::uint64_t n = a.nrows();
  std::vector<label> f = start;
  if (f.empty()) {
    f.resize(n);
    std::iota(f.begin(), f.end(), label(0));
  }
  auto find = [&](label x) {
    while (f[x] != x) x = f[x];
    return x;
  };
  for (std::uint64_t i = 0; i < n; ++i)
    for (std::uint64_t p = a.offsets()[i]; p < a.offsets()[i + 1]; ++p)
      if (keep(i, a.cols()[p], p - a.offsets()[i])) {
        const label r = find(label(i)), s = find(a.cols()[p]);
        if (r < s) f[s] = r;
        if (s < r) f[r] = s;
      }
  for (std::uint64_t i = 0; i < n; ++i) f[i] = find(label(i));
  return f;
}

vector<label> identity_forest(std::uint64_t n) {
  std::vector<label> v(n);
  std::iota(v.begin(), v.end(), label(0));
  return vector<label>::from_dense(array<label>(v.data(), v.size()));
}

std::vector<label> values_of(const vector<label>& f) {
  return std::vector<label>(f.values(), f.values() + f.size());
}

// n vertices, about m random edges as directed entries, plus row 0 joined to `hub` vertices and a
// chain n-1 -> n-2 -> ... over the last `chain` vertices, whose links run through many roots; the
// odd rows past n/2 left empty.
matrix<bool> random_graph(std::uint64_t n, std::uint64_t m, std::uint64_t hub, std::uint64_t chain,
                          std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<vertex_id> vertex(0, vertex_id(n - 1));
  std::set<std::pair<vertex_id, vertex_id>> entries;
  for (std::uint64_t e = 0; e < m; ++e) {
    const vertex_id r = vertex(rng), c = vertex(rng);
    if (r <= n / 2 || r % 2 == 0) entries.insert({r, c});
  }
  for (std::uint64_t k = 0; k < hub; ++k) entries.insert({0, vertex(rng)});
  for (std::uint64_t k = 1; k < chain && k < n; ++k)
    entries.insert({vertex_id(n - k), vertex_id(n - k - 1)});
  array<vertex_id> r(entries.size()), c(entries.size());
  std::size_t e = 0;
  for (const auto& [i, j] : entries) r[e] = i, c[e] = j, ++e;
  return matrix<bool>::from_tuples(n, n, r, c, array<bool>(entries.size(), true));
}

std::vector<matrix<bool>> graphs() {
  return {random_graph(1, 0, 0, 0, 1),
          random_graph(2, 1, 0, 0, 2),
          random_graph(50, 30, 5, 10, 3),
          random_graph(3000, 2000, 40, 500, 4),
          random_graph(200000, 150000, 20000, 3000, 5),
          random_graph(200000, 600000, 0, 0, 6)};
}

template <class Matrix, class Keep>
std::vector<label> linked(const Matrix& a, const Keep& keep) {
  vector<label> f = identity_forest(a.nrows());
  union_find_link(f, keep, a);
  union_find_compress(f);
  return values_of(f);
}

TEST(OpsUnionFind, EveryEntryLinkedGivesEachComponentsSmallestVertex) {
  for (const matrix<bool>& a : graphs()) {
    const std::vector<label> want = reference_labels(a, [](auto, auto, auto) { return true; });
    for (int threads : {1, 2}) {
      omp_set_num_threads(threads);
      EXPECT_EQ(linked(a, offdiag_op{}), want) << a.nrows() << " vertices, " << threads;
    }
    omp_set_num_threads(omp_get_num_procs());
  }
}

TEST(OpsUnionFind, OnlyTheEntriesTheSelectOperatorKeepsAreLinked) {
  for (const matrix<bool>& a : graphs()) {
    const std::uint64_t n = a.nrows();
    EXPECT_EQ(linked(a, tril_op{-1}),
              reference_labels(a, [](auto i, auto j, auto) { return j < i; }));
    for (std::uint64_t k : {1, 2})
      EXPECT_EQ(linked(a, row_rank_lt_op{k}),
                reference_labels(a, [k](auto, auto, auto rank) { return rank < k; }))
          << n << " vertices, first " << k;
    auto third = [](std::uint64_t i) { return i % 3 == 0; };
    EXPECT_EQ(linked(a, row_where_op{third}),
              reference_labels(a, [&](auto i, auto, auto) { return third(i); }))
        << n << " vertices";
  }
}

TEST(OpsUnionFind, AForestLinkedInStepsAndRowsChosenByReadingItMeetEveryComponent) {
  // The sample-then-outside order of connected components: a row's first entry, then every
  // entry of the rows whose root is not the sample's largest tree, read as the links go on.
  for (const matrix<bool>& a : graphs()) {
    const std::uint64_t n = a.nrows();
    vector<label> f = identity_forest(n);
    union_find_link(f, row_rank_lt_op{1}, a);
    union_find_link(f, row_rank_lt_op{1}, a.transposed());
    union_find_compress(f);
    const std::vector<label> sampled = values_of(f);
    EXPECT_EQ(sampled, reference_labels(
                           a.transposed(), [](auto, auto, auto rank) { return rank < 1; },
                           reference_labels(a, [](auto, auto, auto rank) { return rank < 1; })));
    const label key = sampled[n / 2];
    label* const parent = f.values();
    const auto outside = [parent, key](std::uint64_t i) {
      return std::atomic_ref<label>(parent[i]).load(std::memory_order_relaxed) != key;
    };
    union_find_link(f, row_where_op{outside}, a);
    union_find_link(f, row_where_op{outside}, a.transposed());
    union_find_compress(f);
    EXPECT_EQ(values_of(f), reference_labels(a, [](auto, auto, auto) { return true; })) << n;
  }
}

TEST(OpsUnionFind, EveryFormatLinksAsTheCsrDoes) {
  const matrix<bool> a = random_graph(140000, 600000, 0, 2000, 7);
  auto chosen = [](std::uint64_t i) { return i % 5 != 1; };
  const std::vector<label> all = linked(a, offdiag_op{}), first = linked(a, row_rank_lt_op{2}),
                           rows = linked(a, row_where_op{chosen});
  for (const auto& [name, f] : testing::storages(a)) {
    EXPECT_EQ(linked(f, offdiag_op{}), all) << name;
    EXPECT_EQ(linked(f, row_rank_lt_op{2}), first) << name;
    EXPECT_EQ(linked(f, row_where_op{chosen}), rows) << name;
  }
}

TEST(OpsUnionFind, AParentAboveItsVertexThrowsInsteadOfLoopingOrReadingPastTheEnd) {
  const matrix<bool> a = random_graph(3000, 4000, 0, 0, 8);
  for (const std::vector<label>& bad : std::vector<std::vector<label>>{{1, 0},     // a cycle
                                                                       {0, 7, 1},  // past the end
                                                                       {0, 0, 2, 3, 5, 5}}) {
    vector<label> f = vector<label>::from_dense(array<label>(bad.data(), bad.size()));
    EXPECT_THROW(union_find_compress(f), error) << bad.size();
    f = vector<label>::from_dense(array<label>(bad.data(), bad.size()));
    const matrix<bool> ring = random_graph(bad.size(), 3 * bad.size(), 0, bad.size(), 9);
    EXPECT_THROW(union_find_link(f, offdiag_op{}, ring), error) << bad.size();
  }
  // a large forest with one bad parent, in the parallel loops
  std::vector<label> big(a.nrows());
  std::iota(big.begin(), big.end(), label(0));
  big[1234] = 2999;
  vector<label> f = vector<label>::from_dense(array<label>(big.data(), big.size()));
  try {
    union_find_link(f, offdiag_op{}, a);
    union_find_compress(f);
    FAIL() << "no error";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::usage);
    EXPECT_NE(std::string(e.what()).find("f(i) <= i"), std::string::npos) << e.what();
  }
}

TEST(OpsUnionFind, AForestNotDenseOrOfAnotherSizeIsRefused) {
  const matrix<bool> a = random_graph(50, 60, 0, 0, 10);
  vector<label> sparse(50);
  sparse.set(3, 3);
  EXPECT_THROW(union_find_link(sparse, offdiag_op{}, a), error);
  EXPECT_THROW(union_find_compress(sparse), error);
  vector<label> small = identity_forest(49);
  EXPECT_THROW(union_find_link(small, offdiag_op{}, a), error);
  const matrix<bool> wide = matrix<bool>::from_tuples(
      50, 60, array<vertex_id>(1, 1), array<vertex_id>(1, 59), array<bool>(1, true));
  vector<label> f = identity_forest(50);
  EXPECT_THROW(union_find_link(f, offdiag_op{}, wide), error);
  vector<std::uint8_t> narrow = vector<std::uint8_t>::dense(300, 0);
  const matrix<bool> big = random_graph(300, 10, 0, 0, 11);
  EXPECT_THROW(union_find_link(narrow, offdiag_op{}, big), error);
}

}  // namespace
}  // namespace graphring

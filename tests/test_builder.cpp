// Builder: build_csr against a serial reference (sort the edge triples, then merge), over random
// edge lists with every option combination, both key paths, and 1 vs 2 threads.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <map>
#include <random>
#include <tuple>

#include "core/error.hpp"
#include "core/prefix_sum.hpp"
#include "engine/builder.hpp"
#include "engine/csr_transpose.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

using row_entries = std::vector<std::pair<vertex_id, double>>;

// The serial reference: every arc in input order (reverse arcs right after their edge), stably
// sorted by (row, column), duplicates merged by the policy.
std::vector<row_entries> reference(const edge_list& e, const std::vector<double>& w,
                                   const build_options& o) {
  std::vector<std::tuple<vertex_id, vertex_id, double>> arcs;
  for (std::size_t k = 0; k < e.src.size(); ++k) {
    const double weight = w.empty() ? 0 : w[k];
    if (o.drop_self_loops && e.src[k] == e.dst[k]) continue;
    arcs.emplace_back(e.src[k], e.dst[k], weight);
    if (o.symmetrize && e.src[k] != e.dst[k]) arcs.emplace_back(e.dst[k], e.src[k], weight);
  }
  std::stable_sort(arcs.begin(), arcs.end(), [](const auto& x, const auto& y) {
    return std::tie(std::get<0>(x), std::get<1>(x)) < std::tie(std::get<0>(y), std::get<1>(y));
  });
  duplicate_policy policy = o.duplicates;
  if (o.symmetrize && policy == duplicate_policy::keep) policy = duplicate_policy::first;
  std::vector<row_entries> rows(e.nrows);
  for (const auto& [r, c, x] : arcs) {
    row_entries& row = rows[r];
    if (policy != duplicate_policy::keep && !row.empty() && row.back().first == c) {
      if (policy == duplicate_policy::min) row.back().second = std::min(row.back().second, x);
      if (policy == duplicate_policy::sum) row.back().second += x;
      continue;
    }
    row.emplace_back(c, x);
  }
  return rows;
}

std::vector<row_entries> rows_of(const csr_matrix& a) {
  std::vector<row_entries> rows(a.nrows);
  for (std::uint64_t r = 0; r < a.nrows; ++r)
    for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) {
      rows[r].emplace_back(a.cols[k], testing::value_at(a.values, k));
    }
  return rows;
}

edge_list random_edges(std::mt19937_64& rng, std::uint64_t n, std::size_t m, bool weighted,
                       std::vector<double>& w) {
  edge_list e;
  e.nrows = e.ncols = n;
  std::uniform_int_distribution<vertex_id> vertex(0, vertex_id(n - 1));
  std::uniform_int_distribution<int> weight(-5, 20);
  w.clear();
  for (std::size_t k = 0; k < m; ++k) {
    e.src.push_back(vertex(rng));
    e.dst.push_back(vertex(rng));
    if (weighted) w.push_back(weight(rng));
  }
  if (weighted) e.weights = buffer<std::int64_t>(w.begin(), w.end());
  return e;
}

TEST(Builder, MatchesSerialReferenceForEveryOption) {
  std::mt19937_64 rng(42);
  for (int trial = 0; trial < 40; ++trial) {
    const std::uint64_t n = 1 + rng() % 60;
    const std::size_t m = rng() % 400;
    std::vector<double> w;
    const edge_list e = random_edges(rng, n, m, trial % 2 == 0, w);
    for (int sym = 0; sym < 2; ++sym)
      for (int loops = 0; loops < 2; ++loops)
        for (auto policy : {duplicate_policy::keep, duplicate_policy::first, duplicate_policy::min,
                            duplicate_policy::sum}) {
          build_options o{sym == 1, loops == 1, policy};
          const auto expected = reference(e, w, o);
          EXPECT_EQ(rows_of(build_csr(e, o)), expected) << "trial " << trial;
          EXPECT_EQ(rows_of(detail::build_csr_wide_keys(e, o)), expected) << "trial " << trial;
        }
  }
}

TEST(Builder, SameResultOnOneTwoThreeAndSevenThreads) {
  std::mt19937_64 rng(7);
  std::vector<double> w;
  const edge_list e = random_edges(rng, 5000, 200000, true, w);
  const int saved = omp_get_max_threads();
  omp_set_num_threads(1);
  const csr_matrix one = build_csr(e, {true, false, duplicate_policy::keep});
  const auto& v1 = std::get<shared_array<std::int64_t>>(one.values);
  for (int threads : {2, 3, 7}) {
    SCOPED_TRACE(threads);
    omp_set_num_threads(threads);
    const csr_matrix two = build_csr(e, {true, false, duplicate_policy::keep});
    EXPECT_TRUE(std::ranges::equal(one.offsets, two.offsets));
    EXPECT_TRUE(std::ranges::equal(one.cols, two.cols));
    EXPECT_TRUE(std::ranges::equal(v1, std::get<shared_array<std::int64_t>>(two.values)));
  }
  omp_set_num_threads(saved);
}

TEST(Builder, EmptyGraphAndIsolatedVertices) {
  edge_list e;
  e.nrows = e.ncols = 3;
  const csr_matrix a = build_csr(e);
  EXPECT_EQ(a.nrows, 3u);
  EXPECT_EQ(a.nnz(), 0u);
  EXPECT_EQ(a.offsets.size(), 4u);
  EXPECT_EQ(a.offsets[3], 0u);
}

TEST(Builder, RejectsVertexOutsideTheList) {
  edge_list e;
  e.nrows = e.ncols = 2;
  e.src = {0, 5};
  e.dst = {1, 1};
  EXPECT_THROW(build_csr(e), error);
}

TEST(Builder, RectangularMatrixCannotBeSymmetrized) {
  edge_list e;
  e.nrows = 2;
  e.ncols = 3;
  e.src = {0};
  e.dst = {2};
  EXPECT_EQ(build_csr(e).ncols, 3u);
  EXPECT_THROW(build_csr(e, {true, false, duplicate_policy::keep}), error);
}

TEST(Builder, TransposeSwapsEveryEntry) {
  std::mt19937_64 rng(3);
  std::vector<double> w;
  edge_list e = random_edges(rng, 50, 300, true, w);
  e.ncols = 70;  // rectangular
  const csr_matrix a = build_csr(e);
  const csr_matrix at = transpose(a);
  ASSERT_EQ(at.nrows, 70u);
  ASSERT_EQ(at.ncols, 50u);
  std::multiset<std::tuple<vertex_id, vertex_id, double>> forward, backward;
  const auto ra = rows_of(a), rt = rows_of(at);
  for (vertex_id r = 0; r < ra.size(); ++r)
    for (auto [c, x] : ra[r]) forward.emplace(r, c, x);
  for (vertex_id r = 0; r < rt.size(); ++r)
    for (auto [c, x] : rt[r]) backward.emplace(c, r, x);
  EXPECT_EQ(forward, backward);
  EXPECT_EQ(rows_of(transpose(at)), ra);
}

// The serial reference for Aᵀ: A's entries in storage order appended to the rows of Aᵀ, so each
// row ends sorted and repeated entries keep A's order; (row of A, A's value, A's position).
std::vector<std::vector<std::tuple<vertex_id, double, std::uint64_t>>> serial_transpose(
    const csr_matrix& a) {
  std::vector<std::vector<std::tuple<vertex_id, double, std::uint64_t>>> rows(a.ncols);
  for (std::uint64_t r = 0; r < a.nrows; ++r)
    for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k)
      rows[a.cols[k]].emplace_back(vertex_id(r), testing::value_at(a.values, k), k);
  return rows;
}

// The blocked transpose (one block per thread, blocks cut by rows + entries) against the serial
// one, with and without values, on 1 to 3 threads: a square matrix with repeated entries and a
// 20 000-entry row, a wide one with fewer entries than columns (one block), and empty ones.
TEST(Builder, BlockedTransposeEqualsSerialOnEveryThreadCount) {
  std::mt19937_64 rng(11);
  std::vector<double> w;
  edge_list square = random_edges(rng, 30000, 200000, true, w);
  for (vertex_id k = 0; k < 20000; ++k) {  // a hub row, and repeats of one entry
    square.src.push_back(77);
    square.dst.push_back(k % 2 ? k : 5);
    w.push_back(double(k % 7));
  }
  square.weights = buffer<std::int64_t>(w.begin(), w.end());
  edge_list wide = random_edges(rng, 500, 3000, false, w);
  wide.ncols = 100000;
  for (vertex_id& d : wide.dst) d = vertex_id(d * 199);
  edge_list empty;
  empty.nrows = 3;
  empty.ncols = 40000;
  const int saved = omp_get_max_threads();
  for (const edge_list* e : {&square, &wide, &empty}) {
    const csr_matrix a = build_csr(*e);
    const auto expected = serial_transpose(a);
    for (int threads = 1; threads <= 3; ++threads) {
      omp_set_num_threads(threads);
      const csr_matrix at = transpose(a);
      buffer<std::uint64_t> sources;
      const csr_matrix pattern = transpose_with_sources(a, sources);
      ASSERT_EQ(at.nrows, a.ncols);
      ASSERT_EQ(at.ncols, a.nrows);
      ASSERT_EQ(at.values_type(), a.values_type());
      EXPECT_FALSE(pattern.has_values());
      ASSERT_EQ(sources.size(), a.nnz());
      bool equal = at.offsets[at.nrows] == a.nnz();
      for (std::uint64_t r = 0; equal && r < at.nrows; ++r) {
        equal = at.row_length(r) == expected[r].size() && pattern.row_length(r) == at.row_length(r);
        for (edge_offset k = at.row_begin(r); equal && k < at.row_end(r); ++k) {
          const auto& [row, value, position] = expected[r][k - at.row_begin(r)];
          equal = at.cols[k] == row && pattern.cols[k] == row &&
                  testing::value_at(at.values, k) == value && sources[k] == position;
        }
      }
      EXPECT_TRUE(equal) << a.nrows << " x " << a.ncols << " on " << threads << " threads";
    }
  }
  omp_set_num_threads(saved);
}

TEST(PrefixSum, SumsPast32BitsWithoutOverflow) {
  std::vector<std::uint64_t> counts(1 << 17, std::uint64_t(1) << 31);  // 2^17 rows of 2^31
  const std::uint64_t total = kernels::exclusive_prefix_sum(counts.data(), counts.size());
  EXPECT_EQ(total, std::uint64_t(1) << 48);
  EXPECT_EQ(counts[0], 0u);
  EXPECT_EQ(counts[2], std::uint64_t(1) << 32);
  EXPECT_EQ(counts.back(), (std::uint64_t(1) << 48) - (std::uint64_t(1) << 31));
}

}  // namespace
}  // namespace graphring

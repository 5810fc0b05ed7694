// Builder: build_csr against a serial reference (sort the edge triples, then merge), over random
// edge lists with every option combination, both key paths, and 1 vs 2 threads.
#include <gtest/gtest.h>
#include <omp.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <tuple>

#include "core/error.hpp"
#include "core/memory_budget.hpp"
#include "core/prefix_sum.hpp"
#include "core/sanitizers.hpp"
#include "engine/builder.hpp"
#include "engine/csr_transpose.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

using row_entries = std::vector<std::pair<vertex_id, double>>;

// The serial reference: every arc in input order (reverse arcs right after their edge), stably
// sorted by (row, column), duplicates merged by the policy.
std::vector<row_entries> reference_rows(const edge_list& e, const std::vector<double>& w,
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
          const auto expected = reference_rows(e, w, o);
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

// Whether a read of an untouched huge-page mapping maps the shared huge zero page (else the
// kernel would fill a real 2 MiB page for it).
bool huge_zero_page() {
  std::ifstream f("/sys/kernel/mm/transparent_hugepage/use_zero_page");
  int on = 0;
  return f >> on && on == 1;
}

// Reads of `b` see zero pages until written and fault in no memory: its pages are dropped (a read
// of a private anonymous mapping then maps a shared zero page), and huge pages (a fault per 2 MiB)
// are kept only where their zero page exists.
template <class T>
void to_zero_pages(buffer<T>& b) {
  const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
  const std::size_t bytes = (b.size() * sizeof(T) + page - 1) / page * page;
  if (!huge_zero_page()) madvise(b.data(), bytes, MADV_NOHUGEPAGE);
  madvise(b.data(), bytes, MADV_DONTNEED);
}

// The memory budget raised for a test whose arrays are mostly zero pages, and put back.
struct raised_memory_budget {
  explicit raised_memory_budget(std::uint64_t bytes) { set_memory_budget(bytes); }
  ~raised_memory_budget() { set_memory_budget(0); }
};

// The path build_csr takes past 2^31 edges (64-bit arc numbers, the column looked up through the
// edge arrays) on a real list of 2^31 + 16 edges: src, dst and weights are 8 GiB each of zero
// pages (the edge (0, 0), a self-loop that drop_self_loops removes) with four real edges written
// on either side of edge 2^31, among them a repeated edge and reverse arcs numbered past 2^32.
// The result must equal the serial reference over those four edges in their input order.
TEST(Builder, MoreThanTwoToThe31EdgesOnASparseMapping) {
  if (built_with_sanitizer)
    GTEST_SKIP() << "three passes over 2^32 checked loads take minutes under a sanitizer; the "
                    "ordinary build runs it";
  const std::uint64_t m = (std::uint64_t(1) << 31) + 16;
  const raised_memory_budget budget(std::uint64_t(1) << 40);
  edge_list e;
  try {
    e.src = buffer<vertex_id>(m);
    e.dst = buffer<vertex_id>(m);
    e.weights = buffer<std::uint32_t>(m);  // src's type: its constructor is the library's, at -O3
  } catch (const std::bad_alloc&) {
    GTEST_SKIP() << "cannot map 24 GiB of address space here";
  }
  auto& w = std::get<buffer<std::uint32_t>>(e.weights);
  to_zero_pages(e.src);
  to_zero_pages(e.dst);
  to_zero_pages(w);
  e.nrows = e.ncols = 4;
  // (index, source, destination, weight), in input order
  const std::tuple<std::uint64_t, vertex_id, vertex_id, std::uint32_t> real[] = {
      {3, 1, 2, 10},
      {(std::uint64_t(1) << 31) - 1, 3, 1, 40},
      {(std::uint64_t(1) << 31) + 1, 1, 2, 20},
      {m - 1, 2, 3, 30}};
  edge_list few;
  few.nrows = few.ncols = 4;
  std::vector<double> few_weights;
  for (const auto& [k, s, d, x] : real) {
    e.src[k] = s, e.dst[k] = d, w[k] = x;
    few.src.push_back(s), few.dst.push_back(d), few_weights.push_back(x);
  }
  few.weights = buffer<std::uint32_t>(few_weights.begin(), few_weights.end());

  for (const build_options o : {build_options{false, true, duplicate_policy::keep},
                                build_options{true, true, duplicate_policy::sum}}) {
    SCOPED_TRACE(::testing::Message()
                 << "symmetrize " << o.symmetrize << ", policy " << int(o.duplicates));
    const auto rows = rows_of(build_csr(e, o));
    EXPECT_EQ(rows, reference_rows(few, few_weights, o));
    EXPECT_EQ(rows, rows_of(build_csr(few, o)));
    if (!o.symmetrize) {  // spelled out: edge 3's weight before edge 2^31 + 1's (input order)
      EXPECT_EQ(rows, (std::vector<row_entries>{{}, {{2, 10}, {2, 20}}, {{3, 30}}, {{1, 40}}}));
    }
  }
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

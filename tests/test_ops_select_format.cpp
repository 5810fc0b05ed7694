// select and apply_index over a formatted matrix (engine/ops/select_format.hpp), held against a
// serial loop over the CSR entries: a lower triangle, a predicate on values, an index function
// and a transposed input, over a matrix of 140,000 rows (three of the blocks the format's rows
// are read in, with empty rows between), valued and pattern, in every format, in degree order
// (read from the CSR) and held only compressed (formatted_matrix::stored). A mask and an
// accumulator give what the CSR operation gives.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <set>
#include <tuple>
#include <type_traits>
#include <vector>

#include "engine/formats/any_format.hpp"
#include "engine/formatted_matrix.hpp"
#include "engine/ops/operations.hpp"
#include "engine/ops/select_format.hpp"
#include "semirings/named_ops.hpp"
#include "tests/format_storages.hpp"

namespace graphring {
namespace {

constexpr std::uint64_t n = 140000;

// n x n with m distinct positions in the even rows (the odd ones empty), values 1..8.
matrix<double> random_matrix(std::uint64_t m) {
  std::mt19937_64 rng(11);
  std::set<std::pair<vertex_id, vertex_id>> taken;
  std::uniform_int_distribution<vertex_id> vertex(0, vertex_id(n - 1));
  array<vertex_id> rows(m), cols(m);
  array<double> values(m);
  for (std::uint64_t e = 0; e < m;) {
    const vertex_id r = vertex(rng) & ~vertex_id(1), c = vertex(rng);
    if (!taken.insert({r, c}).second) continue;
    rows[e] = r, cols[e] = c, values[e] = double(1 + rng() % 8);
    ++e;
  }
  return matrix<double>::from_tuples(n, n, rows, cols, values);
}

template <class T>
using entries = std::vector<std::tuple<std::uint64_t, std::uint64_t, T>>;

template <class T>
entries<T> entries_of(const matrix<T>& a) {
  entries<T> out;
  for (std::uint64_t i = 0; i < a.nrows(); ++i)
    for (std::uint64_t p = a.offsets()[i]; p < a.offsets()[i + 1]; ++p)
      out.emplace_back(i, a.cols()[p], a.value(p));
  return out;
}

// The entries (i, j, x) of a (or of aᵀ) with f(x, i, j) = (keep, out), by a serial loop.
template <class R, class T, class F>
entries<R> serial(const matrix<T>& a, bool transpose, const F& f) {
  entries<R> out;
  for (auto [i, j, x] : entries_of(a)) {
    if (transpose) std::swap(i, j);
    const auto [keep, value] = f(x, i, j);
    if (keep) out.emplace_back(i, j, value);
  }
  std::sort(out.begin(), out.end());
  return out;
}

using testing::storages;

TEST(OpsSelectFormat, LowerTriangleAndValuePredicateMatchASerialLoop) {
  const matrix<double> a = random_matrix(300000);
  std::vector<entries<double>> lower;  // of A, of Aᵀ
  for (bool transpose : {false, true})
    lower.push_back(serial<double>(a, transpose, [](double x, std::uint64_t i, std::uint64_t j) {
      return std::pair{j < i, x};
    }));
  const entries<double> heavy =
      serial<double>(a, false, [](double x, std::uint64_t, std::uint64_t) {
        return std::pair{x > 5, x};
      });
  for (const auto& [name, f] : storages(a)) {
    SCOPED_TRACE(name);
    for (bool transpose : {false, true}) {
      matrix<double> l(n, n);
      // L = tril(A, -1)
      select(l, no_mask, no_accum, tril_op{-1}, f, {.transpose_first = transpose});
      EXPECT_EQ(entries_of(l), lower[transpose]);
    }
    matrix<double> h(n, n);
    // H = A⟨x > 5⟩
    select(
        h, no_mask, no_accum, [](double x, std::uint64_t, std::uint64_t) { return x > 5; }, f);
    EXPECT_EQ(entries_of(h), heavy);
  }
}

TEST(OpsSelectFormat, IndexFunctionMatchesASerialLoop) {
  const matrix<double> a = random_matrix(300000);
  auto code = [](double x, std::uint64_t i, std::uint64_t j) {
    return std::uint64_t(x) * 1000003u * 1000003u + i * 1000003u + j;
  };
  std::vector<entries<std::uint64_t>> coded;  // of A, of Aᵀ
  for (bool transpose : {false, true})
    coded.push_back(
        serial<std::uint64_t>(a, transpose, [&](double x, std::uint64_t i, std::uint64_t j) {
          return std::pair{true, code(x, i, j)};
        }));
  for (const auto& [name, f] : storages(a)) {
    SCOPED_TRACE(name);
    for (bool transpose : {false, true}) {
      matrix<std::uint64_t> c(n, n);
      // C(i, j) = code(A(i, j), i, j)
      apply_index(c, no_mask, no_accum, code, f, {.transpose_first = transpose});
      EXPECT_EQ(entries_of(c), coded[transpose]);
    }
  }
}

TEST(OpsSelectFormat, PatternStaysIsoAndMaskAndAccumulatorAct) {
  const matrix<double> weighted = random_matrix(250000);
  const auto s = matrix<bool>::from_csr(
      {weighted.nrows(), weighted.ncols(), weighted.offsets(), weighted.cols(), {}}, true);
  const matrix<double> m = random_matrix(100000);
  for (const auto& [name, f] : storages(s)) {
    SCOPED_TRACE(name);
    matrix<bool> l(n, n);
    select(l, no_mask, no_accum, tril_op{-1}, f);
    EXPECT_TRUE(l.is_iso() || l.nvals() == 0);
    EXPECT_EQ(entries_of(l), serial<bool>(s, false, [](bool x, auto i, auto j) {
                return std::pair{j < i, x};
              }));
  }
  for (const auto& [name, f] : storages(weighted)) {
    SCOPED_TRACE(name);
    // C<M> += triu(A, 1), from C = M: against the same operation on A's CSR
    matrix<double> got = m, want = m;
    select(got, m, plus_op<double>{}, triu_op{1}, f);
    select(want, m, plus_op<double>{}, triu_op{1}, weighted);
    EXPECT_EQ(entries_of(got), entries_of(want));
  }
}

}  // namespace
}  // namespace graphring

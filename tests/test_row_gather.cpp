// Push steps over a matrix held only compressed (engine/formats/row_gather.hpp and the push of
// engine/ops/mxv_format.hpp): gathered rows equal the CSR's rows for every row set (none, all,
// one at either end, group and slice boundaries, random) in CSR, CCI (one slice, interleaved,
// groups cut by symbols) and CSR-dtANS (small and default lanes), weighted and pattern; and the
// push products over a stored() matrix equal the CSR ones bit for bit (the same kernel over the
// same rows in the same order), positional multiplies included, without decoding the matrix.
#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "core/error.hpp"
#include "engine/formats/row_gather.hpp"
#include "engine/ops/mxv_format.hpp"
#include "tests/ops_random.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

using testing::ops::random_matrix;
using testing::ops::random_vector;
using testing::ops::rng_t;
using testing::ops::same_value;

template <class T>
csr_matrix csr_from(const matrix<T>& a) {
  csr_matrix c;
  c.nrows = a.nrows();
  c.ncols = a.ncols();
  c.offsets = a.offsets();
  c.cols = a.cols();
  if constexpr (detail::format_storable_v<T>)
    if (!a.values().empty()) c.values = a.values();
  return c;
}

// The stored forms a push may read: every way the formats lay out rows.
std::vector<std::pair<std::string, any_format>> stored_forms(const csr_matrix& c) {
  std::vector<std::pair<std::string, any_format>> f;
  f.emplace_back("csr", any_format::build(c, format_kind::csr));
  f.emplace_back("cci", any_format::stored(cci_matrix::from_csr(c)));
  f.emplace_back("cci interleaved", any_format::stored(cci_matrix::from_csr(c, {.slices = 4})));
  f.emplace_back("cci by symbols",
                 any_format::stored(cci_matrix::from_csr(c, {.group_symbols = 40})));
  f.emplace_back("dtans", any_format::stored(dtans_matrix::from_csr(c)));
  f.emplace_back("dtans small lanes",
                 any_format::stored(dtans_matrix::from_csr(c, {.lane_symbols = 3, .max_run = 2})));
  f.emplace_back("svb", any_format::stored(svb_matrix::from_csr(c)));
  return f;
}

// Row sets: none, all, either end, the rows around group (64) and slice boundaries, random.
std::vector<std::vector<vertex_id>> row_sets(std::uint64_t n, rng_t& rng) {
  std::vector<std::vector<vertex_id>> sets(1);
  std::vector<vertex_id> all(n);
  for (std::uint64_t r = 0; r < n; ++r) all[r] = vertex_id(r);
  sets.push_back(all);
  if (n == 0) return sets;
  sets.push_back({0});
  sets.push_back({vertex_id(n - 1)});
  std::vector<vertex_id> edges;
  for (std::uint64_t r : {63, 64, 65, 127, 128, 1000, 4095, 4096})
    if (r < n) edges.push_back(vertex_id(r));
  sets.push_back(edges);
  for (double share : {0.01, 0.3}) {
    std::vector<vertex_id> some;
    for (std::uint64_t r = 0; r < n; ++r)
      if (std::uniform_real_distribution<double>()(rng) < share) some.push_back(vertex_id(r));
    sets.push_back(some);
  }
  return sets;
}

template <class T>
void check_gather(const matrix<T>& a, std::uint64_t seed) {
  const csr_matrix c = csr_from(a);
  rng_t rng(seed);
  for (const auto& [name, f] : stored_forms(c)) {
    SCOPED_TRACE(name);
    ASSERT_TRUE(gathers_rows(f.kind()));
    for (const auto& rows : row_sets(c.nrows, rng)) {
      SCOPED_TRACE(::testing::Message() << rows.size() << " rows");
      const csr_matrix g = gather_rows(f, rows.data(), rows.size());
      ASSERT_EQ(g.nrows, rows.size());
      ASSERT_EQ(g.ncols, c.ncols);
      ASSERT_EQ(g.values.index(), c.values.index());
      for (std::uint64_t i = 0; i < rows.size(); ++i) {
        const std::uint64_t r = rows[i];
        ASSERT_EQ(g.row_end(i) - g.row_begin(i), c.row_end(r) - c.row_begin(r)) << "row " << r;
        for (std::uint64_t t = 0; t < g.row_end(i) - g.row_begin(i); ++t) {
          ASSERT_EQ(g.cols[g.row_begin(i) + t], c.cols[c.row_begin(r) + t]) << "row " << r;
          ASSERT_EQ(testing::value_at(g.values, g.row_begin(i) + t),
                    testing::value_at(c.values, c.row_begin(r) + t))
              << "row " << r;
        }
      }
    }
  }
}

const testing::ops::shape gather_shapes[] = {
    {"empty", 7, 5, 0.0},
    {"rect", 23, 41, 0.15, true},
    {"square", 300, 300, 0.05, true, true},
    {"big", 6000, 6000, 6.0 / 6000, true, true},
};

TEST(RowGather, GatheredRowsAreTheCsrRows) {
  std::uint64_t seed = 11;
  for (const testing::ops::shape& s : gather_shapes) {
    SCOPED_TRACE(s.name);
    rng_t rng(seed++);
    check_gather(random_matrix<double>(rng, s), seed);
    check_gather(random_matrix<std::int32_t>(rng, s), seed);
    // A pattern matrix: the formats keep no values.
    const matrix<double> w = random_matrix<double>(rng, s);
    check_gather(matrix<double>(w.nrows(), w.ncols(), w.offsets(), w.cols(), {}, 1.0), seed);
  }
}

TEST(RowGather, OtherFormatsAreRefused) {
  const csr_matrix c = testing::csr_of(3, {{0, 1}, {2, 2}}, false);
  const vertex_id rows[] = {0};
  for (format_kind kind :
       {format_kind::coo, format_kind::ell, format_kind::hyb, format_kind::sell}) {
    EXPECT_FALSE(gathers_rows(kind));
    EXPECT_THROW(gather_rows(any_format::build(c, kind), rows, 1), error);
  }
}

template <class T>
formatted_matrix<T> stored_of(const matrix<T>& a, format_kind kind) {
  auto build = [&](const matrix<T>& m) {
    return std::make_shared<const any_format>(any_format::build(csr_from(m), kind));
  };
  return formatted_matrix<T>::stored(build(a), build(a.transposed()));
}

template <class C>
void expect_same_vectors(const vector<C>& got, const vector<C>& want) {
  ASSERT_EQ(got.size(), want.size());
  ASSERT_EQ(got.nvals(), want.nvals());
  want.for_each([&](std::uint64_t i, const C& w) {
    const std::optional<C> g = got.get(i);
    ASSERT_TRUE(g.has_value()) << "entry " << i << " missing";
    ASSERT_TRUE(same_value(*g, w)) << "entry " << i;
  });
}

// vxm and mxv (plain and transposed) pushed over the stored matrix against the CSR matrix:
// unmasked, and under a complemented structural mask with replace, as BFS runs it.
template <class S, class T>
void check_push(const matrix<T>& a, format_kind kind, std::uint64_t seed) {
  using C = typename S::c_type;
  const formatted_matrix<T> fa = stored_of(a, kind);
  rng_t rng(seed);
  for (int trial = 0; trial < 8; ++trial) {
    SCOPED_TRACE(::testing::Message() << "trial " << trial);
    const bool vxm_call = trial & 1, transpose = (trial >> 1) & 1;
    const double density = trial < 4 ? 0.01 : 0.05;
    const std::uint64_t in = (vxm_call != transpose) ? a.nrows() : a.ncols();
    const std::uint64_t out = (vxm_call != transpose) ? a.ncols() : a.nrows();
    descriptor d{.method = product_method::push};
    d.transpose_first = !vxm_call && transpose;
    d.transpose_second = vxm_call && transpose;
    const vector<std::int32_t> mask = random_vector<std::int32_t>(rng, out, 0.5);
    descriptor masked = d;
    masked.structural_mask = masked.complement_mask = masked.replace = true;
    auto run = [&](const auto& u, const auto& call) {
      vector<C> want(out), got(out);
      call(want, a, no_mask, d, u);
      call(got, fa, no_mask, d, u);
      expect_same_vectors(got, want);
      want = vector<C>(out);
      got = vector<C>(out);
      call(want, a, mask, masked, u);
      call(got, fa, mask, masked, u);
      expect_same_vectors(got, want);
    };
    if (vxm_call) {
      run(random_vector<typename S::a_type>(rng, in, density),
          [](auto& w, const auto& m, const auto& mk, const descriptor& dd, const auto& u) {
            vxm(w, mk, no_accum, S{}, u, m, dd);
          });
    } else {
      run(random_vector<typename S::b_type>(rng, in, density),
          [](auto& w, const auto& m, const auto& mk, const descriptor& dd, const auto& u) {
            mxv(w, mk, no_accum, S{}, m, u, dd);
          });
    }
  }
  EXPECT_FALSE(fa.decoded());
  EXPECT_FALSE(fa.transposed().decoded());
}

TEST(RowGather, PushOverAStoredMatrixIsTheCsrPush) {
  rng_t rng(5);
  const testing::ops::shape s{"big", 6000, 5000, 6.0 / 5000, true, true};
  const matrix<double> a = random_matrix<double>(rng, s);
  const matrix<bool> pattern(a.nrows(), a.ncols(), a.offsets(), a.cols(), {}, true);
  for (format_kind kind : stored_format_kinds) {
    SCOPED_TRACE(std::string(format_name(kind)));
    check_push<plus_times<double>>(a, kind, 1);
    check_push<min_plus<double>>(a, kind, 2);
    check_push<any_secondi<std::int64_t>>(pattern, kind, 3);  // positional: BFS's parents
    check_push<min_secondi<std::int64_t>>(pattern, kind, 4);
    check_push<plus_pair<std::int64_t>>(pattern, kind, 5);
  }
}

// A format gather_rows does not read pushes over the decoded CSR, as before.
TEST(RowGather, OtherStoredFormatsPushOverTheirCsr) {
  rng_t rng(9);
  const matrix<double> a = random_matrix<double>(rng, {"square", 300, 300, 0.05, true, true});
  const formatted_matrix<double> fa = stored_of(a, format_kind::sell);
  const vector<double> u = random_vector<double>(rng, 300, 0.02);
  vector<double> want(300), got(300);
  vxm(want, no_mask, no_accum, plus_times<double>{}, u, a, {.method = product_method::push});
  vxm(got, no_mask, no_accum, plus_times<double>{}, u, fa, {.method = product_method::push});
  expect_same_vectors(got, want);
  EXPECT_TRUE(fa.decoded());
}

}  // namespace
}  // namespace graphring

// The baselines checked on their own: the GraphBLAS kernel wrappers against naive dense
// references (every mask / complement / structural / replace / accumulator combination), and
// the GraphBLAS and Boost.Graph algorithms against each other and against known answers
// (LAGraph's reference results, LDBC Graphalytics outputs). Real-graph tests skip without
// ../shared/datasets.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <sstream>

#include "bench/baselines/graphblas_kernels.hpp"
#include "engine/builder.hpp"
#include "engine/error.hpp"
#include "tests/test_support.hpp"

namespace graphring::baselines {
namespace {

struct weighted_edge {
  vertex_id u, v;
  double w;
};

csr_matrix csr_of(std::uint64_t n, const std::vector<weighted_edge>& edges, bool weighted = true) {
  edge_list e;
  e.nrows = e.ncols = n;
  buffer<double> w;
  for (const weighted_edge& x : edges) {
    e.src.push_back(x.u);
    e.dst.push_back(x.v);
    w.push_back(x.w);
  }
  if (weighted) e.weights = std::move(w);
  return build_csr(e);
}

// A random n×n matrix with about `m` entries, integer weights in [1, 9] (exact in any type).
csr_matrix random_csr(std::mt19937_64& rng, std::uint64_t n, std::size_t m) {
  std::uniform_int_distribution<vertex_id> vertex(0, vertex_id(n - 1));
  std::uniform_int_distribution<int> weight(1, 9);
  std::vector<weighted_edge> edges;
  for (std::size_t k = 0; k < m; ++k) edges.push_back({vertex(rng), vertex(rng), double(weight(rng))});
  return csr_of(n, edges);
}

std::vector<std::vector<std::optional<double>>> dense_of(const csr_matrix& a) {
  std::vector<std::vector<std::optional<double>>> d(a.nrows, std::vector<std::optional<double>>(a.ncols));
  for (std::uint64_t i = 0; i < a.nrows; ++i)
    for (edge_offset k = a.row_begin(i); k < a.row_end(i); ++k) {
      auto& x = d[i][a.cols[k]];
      x = x.value_or(0) + (a.has_values() ? testing::value_at(a.values, k) : 1.0);
    }
  return d;
}

template <class T>
sparse_vector<T> random_vector(std::mt19937_64& rng, std::uint64_t n, double density) {
  std::bernoulli_distribution present(density);
  std::uniform_int_distribution<int> value(0, 5);
  sparse_vector<T> v{n, {}, {}};
  for (std::uint64_t i = 0; i < n; ++i)
    if (present(rng)) {
      v.indices.push_back(i);
      v.values.push_back(T(value(rng)));
    }
  return v;
}

std::vector<std::optional<double>> dense_of(const sparse_vector<double>& v) {
  std::vector<std::optional<double>> d(v.size);
  for (std::size_t k = 0; k < v.indices.size(); ++k) d[v.indices[k]] = v.values[k];
  return d;
}

// The GraphBLAS specification's w<m, replace> = accum(w, t), written out one position at a time.
std::vector<std::optional<double>> masked_write(const std::vector<std::optional<double>>& w,
                                                const std::vector<std::optional<double>>& t,
                                                const sparse_vector<bool>* mask, bool accum,
                                                const descriptor& d) {
  std::vector<std::optional<double>> z = t;
  if (accum)
    for (std::size_t i = 0; i < w.size(); ++i)
      z[i] = w[i] && t[i] ? std::optional<double>(*w[i] + *t[i]) : (w[i] ? w[i] : t[i]);
  std::vector<bool> m(w.size(), mask == nullptr);
  if (mask)
    for (std::size_t k = 0; k < mask->indices.size(); ++k)
      m[mask->indices[k]] = d.structural || mask->values[k];
  std::vector<std::optional<double>> r(w.size());
  for (std::size_t i = 0; i < w.size(); ++i) {
    const bool in = d.complement ? !m[i] : m[i];  // no mask, complemented: nothing is written
    r[i] = in ? z[i] : (d.replace ? std::nullopt : w[i]);
  }
  return r;
}

TEST(BaselinesKernels, MxvPlusTimesMatchesAHandComputedProduct) {
  graphblas_start(2);
  // A = [0 2 0; 1 0 3; 0 0 0]
  const csr_matrix a = csr_of(3, {{0, 1, 2}, {1, 0, 1}, {1, 2, 3}});
  const sparse_vector<float> u{3, {1, 2}, {10, 100}};
  const sparse_vector<float> w = grb_mxv<float>(semiring_kind::plus_times, a, u);
  EXPECT_EQ(w, (sparse_vector<float>{3, {0, 1}, {20, 300}}));
  // u min.+ A: w(j) = min_i u(i) + A(i,j)
  const sparse_vector<float> x{3, {0, 1}, {5, 1}};
  EXPECT_EQ(grb_vxm<float>(semiring_kind::min_plus, x, a),
            (sparse_vector<float>{3, {0, 1, 2}, {2, 7, 4}}));
}

TEST(BaselinesKernels, MaskedMxvAndVxmFollowTheSpecificationInEveryCombination) {
  graphblas_start(2);
  std::mt19937_64 rng(7);
  const std::uint64_t n = 40;
  for (int trial = 0; trial < 4; ++trial) {
    const csr_matrix a = random_csr(rng, n, 200);
    const auto da = dense_of(a);
    const auto u = random_vector<double>(rng, n, 0.3);
    const auto w0 = random_vector<double>(rng, n, 0.4);
    const auto mask = random_vector<bool>(rng, n, 0.5);
    const auto du = dense_of(u);
    std::vector<std::optional<double>> au(n), ua(n);  // A plus_times u, u plus_times A
    for (std::uint64_t i = 0; i < n; ++i)
      for (std::uint64_t j = 0; j < n; ++j) {
        if (da[i][j] && du[j]) au[i] = au[i].value_or(0) + *da[i][j] * *du[j];
        if (da[i][j] && du[i]) ua[j] = ua[j].value_or(0) + *du[i] * *da[i][j];
      }
    for (int bits = 0; bits < 32; ++bits) {
      const bool use_mask = bits & 1, accum = bits & 16;
      const descriptor d{.complement = bool(bits & 2), .structural = bool(bits & 4),
                         .replace = bool(bits & 8)};
      SCOPED_TRACE(::testing::Message() << "trial " << trial << " bits " << bits);
      const vector_options<double> o{.w = &w0, .mask = use_mask ? &mask : nullptr,
                                     .accum = accum ? binary_kind::plus : binary_kind::none,
                                     .desc = d};
      EXPECT_EQ(dense_of(grb_mxv<double>(semiring_kind::plus_times, a, u, o)),
                masked_write(dense_of(w0), au, o.mask, accum, d));
      EXPECT_EQ(dense_of(grb_vxm<double>(semiring_kind::plus_times, u, a, o)),
                masked_write(dense_of(w0), ua, o.mask, accum, d));
    }
  }
}

TEST(BaselinesKernels, AnySecondiGivesAParentInTheFrontier) {
  graphblas_start(2);
  std::mt19937_64 rng(3);
  const csr_matrix a = random_csr(rng, 60, 300);
  const auto da = dense_of(a);
  const auto q = random_vector<std::int64_t>(rng, 60, 0.2);
  const auto p = grb_vxm<std::int64_t>(semiring_kind::any_secondi, q, a);
  std::vector<bool> in_q(60);
  for (auto i : q.indices) in_q[i] = true;
  for (std::uint64_t j = 0; j < 60; ++j) {
    bool reachable = false;
    for (std::uint64_t i = 0; i < 60; ++i) reachable = reachable || (in_q[i] && da[i][j]);
    const auto it = std::find(p.indices.begin(), p.indices.end(), j);
    ASSERT_EQ(reachable, it != p.indices.end()) << j;
    if (reachable) {
      const auto parent = std::uint64_t(p.values[std::size_t(it - p.indices.begin())]);
      EXPECT_TRUE(in_q[parent] && da[parent][j]) << j;
    }
  }
}

TEST(BaselinesKernels, MaskedMxmMatchesANaiveProduct) {
  graphblas_start(2);
  std::mt19937_64 rng(11);
  const csr_matrix a = random_csr(rng, 30, 150), b = random_csr(rng, 30, 150);
  const csr_matrix m = random_csr(rng, 30, 300);
  const auto da = dense_of(a), db = dense_of(b), dm = dense_of(m);
  for (bool complement : {false, true}) {
    const auto c = grb_mxm<double>(semiring_kind::plus_times, a, b,
                                   {.mask = &m, .desc = {.complement = complement, .structural = true}});
    std::map<std::pair<std::uint64_t, std::uint64_t>, double> got;
    for (std::uint64_t i = 0; i < c.nrows; ++i)
      for (std::uint64_t k = c.offsets[i]; k < c.offsets[i + 1]; ++k) got[{i, c.cols[k]}] = c.values[k];
    std::map<std::pair<std::uint64_t, std::uint64_t>, double> want;
    for (std::uint64_t i = 0; i < 30; ++i)
      for (std::uint64_t j = 0; j < 30; ++j) {
        if (bool(dm[i][j]) == complement) continue;
        std::optional<double> s;
        for (std::uint64_t k = 0; k < 30; ++k)
          if (da[i][k] && db[k][j]) s = s.value_or(0) + *da[i][k] * *db[k][j];
        if (s) want[{i, j}] = *s;
      }
    EXPECT_EQ(got, want) << complement;
  }
}

TEST(BaselinesKernels, DuplicateEntriesAreAddedAndPatternsAreOnes) {
  graphblas_start(2);
  const csr_matrix a = csr_of(2, {{0, 1, 2}, {0, 1, 5}, {1, 1, 4}});
  EXPECT_EQ(grb_mxv<double>(semiring_kind::plus_times, a, {2, {1}, {1}}),
            (sparse_vector<double>{2, {0, 1}, {7, 4}}));
  const csr_matrix p = csr_of(2, {{0, 1, 0}, {1, 0, 0}, {1, 1, 0}}, false);
  EXPECT_EQ(grb_mxv<std::int64_t>(semiring_kind::plus_pair, p, {2, {0, 1}, {5, 6}}),
            (sparse_vector<std::int64_t>{2, {0, 1}, {1, 2}}));
  EXPECT_EQ(grb_mxv<bool>(semiring_kind::lor_land, p, {2, {0}, {true}}),
            (sparse_vector<bool>{2, {1}, {true}}));
  EXPECT_THROW(grb_mxv<bool>(semiring_kind::plus_times, p, {2, {0}, {true}}), error);
}

TEST(BaselinesKernels, ElementWiseApplySelectReduceAssignExtractTranspose) {
  graphblas_start(2);
  const sparse_vector<double> u{5, {0, 2, 3}, {1, -2, 3}}, v{5, {2, 4}, {10, 20}};
  EXPECT_EQ(grb_ewise_add<double>(binary_kind::plus, u, v),
            (sparse_vector<double>{5, {0, 2, 3, 4}, {1, 8, 3, 20}}));
  EXPECT_EQ(grb_ewise_mult<double>(binary_kind::times, u, v), (sparse_vector<double>{5, {2}, {-20}}));
  EXPECT_EQ(grb_apply<double>(unary_kind::abs, u), (sparse_vector<double>{5, {0, 2, 3}, {1, 2, 3}}));
  EXPECT_EQ(grb_apply<double>(binary_kind::times, u, 2.0),
            (sparse_vector<double>{5, {0, 2, 3}, {2, -4, 6}}));
  EXPECT_EQ(grb_select<double>(select_kind::value_gt, u, 0.0),
            (sparse_vector<double>{5, {0, 3}, {1, 3}}));
  EXPECT_EQ(grb_reduce<double>(monoid_kind::plus, u), 2.0);
  EXPECT_EQ(grb_reduce<double>(monoid_kind::min, u), -2.0);
  // w(1, 4) = 7 with w = u
  EXPECT_EQ(grb_assign<double>(7.0, {1, 4}, {.w = &u}),
            (sparse_vector<double>{5, {0, 1, 2, 3, 4}, {1, 7, -2, 3, 7}}));
  // w<¬u> = 9: the scalar lands only where u has no entry
  const sparse_vector<bool> mask{5, {0, 2, 3}, {true, true, true}};
  EXPECT_EQ(grb_assign<double>(9.0, {}, {.w = &u, .mask = &mask, .desc = {.complement = true}}),
            (sparse_vector<double>{5, {0, 1, 2, 3, 4}, {1, 9, -2, 3, 9}}));
  EXPECT_EQ(grb_extract<double>(u, {3, 1, 0}), (sparse_vector<double>{3, {0, 2}, {3, 1}}));

  const csr_matrix a = csr_of(3, {{0, 1, 2}, {1, 0, 1}, {1, 2, 3}, {2, 2, 4}});
  const auto t = grb_transpose<double>(a);
  EXPECT_EQ(t.offsets, (std::vector<std::uint64_t>{0, 1, 2, 4}));
  EXPECT_EQ(t.cols, (std::vector<std::uint64_t>{1, 0, 1, 2}));
  EXPECT_EQ(t.values, (std::vector<double>{1, 2, 3, 4}));
  const auto lower = grb_select<double>(select_kind::tril, a, -1);
  EXPECT_EQ(lower.cols, (std::vector<std::uint64_t>{0}));
  EXPECT_EQ(grb_reduce<double>(monoid_kind::plus, a), 10.0);
  EXPECT_EQ(grb_reduce_rows<double>(monoid_kind::max, a), (sparse_vector<double>{3, {0, 1, 2}, {2, 3, 4}}));
  EXPECT_EQ(grb_ewise_add<double>(binary_kind::plus, a, a).values, (std::vector<double>{4, 2, 6, 8}));
  EXPECT_EQ(grb_ewise_mult<double>(binary_kind::times, a, a, {.desc = {.transpose_first = true}}).values,
            (std::vector<double>{2, 2, 16}));
}

}  // namespace
}  // namespace graphring::baselines

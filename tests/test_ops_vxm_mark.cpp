// vxm_mark (engine/ops/vxm_mark.hpp): w<¬s(m), replace> = u ⊕.⊗ A, then m<s(w)> = mark(w), held
// against a serial loop over A's entries: min_plus and plus_times over int64 (exact, so w and m
// must equal the loop's), and any_secondi (BFS's step, whose ANY result must be a valid one: an
// in-neighbour in u), with the marks BFS uses (identity, a constant) and another unary op; by
// pull (fused into the kernel when m is a bitmap), push and the automatic choice, with m sparse,
// a bitmap (one nearly full, as in a BFS's last levels) or dense, u sparse, a bitmap or
// dense, on 1 and 3 threads, over a matrix large enough for the parallel kernel paths and one row
// longer than a thread's share; also with w being u (BFS's q), u being m, d.transpose_second, a
// matrix held in CCI, the push that writes m as it goes against the composed one (bit for bit on
// one thread; the same indices, each a valid product, where threads claim them), and the usage
// errors.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/error.hpp"
#include "engine/formatted_matrix.hpp"
#include "engine/ops/mxv_format.hpp"
#include "engine/ops/vxm_mark.hpp"
#include "kernels/cpu/push_marked.hpp"
#include "tests/ops_random.hpp"

namespace graphring {
namespace {

using testing::ops::random_matrix;
using testing::ops::random_vector;
using testing::ops::rng_t;
using dense_entries = std::vector<std::optional<std::int64_t>>;

dense_entries entries_of(const vector<std::int64_t>& v) {
  dense_entries e(v.size());
  for (std::uint64_t i = 0; i < v.size(); ++i) e[i] = v.get(i);
  return e;
}

// The serial loop over u ⊕.⊗ A's entries (A's transpose when `t`): t(j) where m has no entry j.
template <class S>
dense_entries serial_product(const matrix<std::int64_t>& a, const dense_entries& u,
                             const dense_entries& m, bool t) {
  dense_entries w(m.size());
  for (std::uint64_t r = 0; r < a.nrows(); ++r)
    for (std::uint64_t p = a.offsets()[r]; p < a.offsets()[r + 1]; ++p) {
      const std::uint64_t k = t ? a.cols()[p] : r, j = t ? r : a.cols()[p];
      if (!u[k] || m[j]) continue;
      const std::int64_t x = S::multiply(*u[k], a.value(p), k, j, 0);
      w[j] = w[j] ? S::add(*w[j], x) : x;
    }
  return w;
}

struct case_options {
  product_method method;
  double m_density, u_density;
  bool transpose;
};

template <class S, class Mark>
void check_case(const matrix<std::int64_t>& a, const case_options& c, const Mark& mark, rng_t& rng,
                bool any) {
  const std::uint64_t n = a.nrows();
  vector<std::int64_t> m = random_vector<std::int64_t>(rng, n, c.m_density);
  const vector<std::int64_t> u = random_vector<std::int64_t>(rng, n, c.u_density);
  const dense_entries m_before = entries_of(m), u_entries = entries_of(u);
  const dense_entries want = serial_product<S>(a, u_entries, m_before, c.transpose);
  vector<std::int64_t> w(n);
  vxm_mark(w, m, mark, S{}, u, a, {.transpose_second = c.transpose, .method = c.method});
  const dense_entries got = entries_of(w), m_after = entries_of(m);
  std::uint64_t found = 0;
  for (std::uint64_t j = 0; j < n; ++j) {
    ASSERT_EQ(bool(got[j]), bool(want[j])) << "w(" << j << ")";
    if (m_before[j]) {
      ASSERT_EQ(m_after[j], m_before[j]) << "m(" << j << ") was there before";
    } else if (got[j]) {
      ASSERT_EQ(m_after[j], std::optional<std::int64_t>(mark(*got[j]))) << "m(" << j << ")";
    } else {
      ASSERT_FALSE(m_after[j]) << "m(" << j << ") with no product";
    }
    if (!got[j]) continue;
    ++found;
    if (!any) {
      ASSERT_EQ(*got[j], *want[j]) << "w(" << j << ")";
      continue;
    }
    // any.secondi: w(j) is some k with u(k) and A(k, j)
    const std::uint64_t k = std::uint64_t(*got[j]);
    ASSERT_LT(k, n);
    ASSERT_TRUE(u_entries[k]) << "w(" << j << ") = " << k << ", not in u";
    const std::uint64_t r = c.transpose ? j : k, col = c.transpose ? k : j;
    bool edge = false;
    for (std::uint64_t p = a.offsets()[r]; p < a.offsets()[r + 1]; ++p) edge |= a.cols()[p] == col;
    ASSERT_TRUE(edge) << "w(" << j << ") = " << k << ", no edge";
  }
  EXPECT_EQ(w.nvals(), found);
  std::uint64_t marked = 0;
  for (const auto& e : m_after) marked += bool(e);
  EXPECT_EQ(m.nvals(), marked);
}

template <class S>
void check_semiring(bool any) {
  rng_t rng(testing::ops::seed_of(any ? "vxm_mark any" : "vxm_mark"));
  // 6,000 x 6,000 with a full row and column: the kernels' parallel paths and a long row.
  const matrix<std::int64_t> a = random_matrix<std::int64_t>(
      rng, testing::ops::shape{"big", 6000, 6000, 6.0 / 6000, true, true});
  const auto identity = identity_op<std::int64_t>{};
  const auto level = bind_first(first_op<std::int64_t>{}, std::int64_t(7));
  const auto shifted = bind_second(plus_op<std::int64_t>{}, std::int64_t(100));
  int k = 0;  // each case takes the next of the three marks
  for (int threads : {1, 3}) {
    omp_set_num_threads(threads);
    for (product_method method :
         {product_method::pull, product_method::push, product_method::automatic})
      for (double m_density : {0.0, 0.01, 0.4, 0.97, 1.0})
        for (double u_density : {0.01, 0.4, 1.0})
          for (bool transpose : {false, true}) {
            SCOPED_TRACE(::testing::Message()
                         << threads << " threads, method " << int(method) << ", m density "
                         << m_density << ", u density " << u_density << ", transpose " << transpose
                         << ", mark " << k % 3);
            const case_options c{method, m_density, u_density, transpose};
            if (k % 3 == 0) check_case<S>(a, c, identity, rng, any);
            if (k % 3 == 1) check_case<S>(a, c, level, rng, any);
            if (k % 3 == 2) check_case<S>(a, c, shifted, rng, any);
            ++k;
          }
  }
  omp_set_num_threads(2);
}

TEST(OpsVxmMark, MinPlusEqualsTheSerialLoop) { check_semiring<min_plus<std::int64_t>>(false); }
TEST(OpsVxmMark, PlusTimesEqualsTheSerialLoop) { check_semiring<plus_times<std::int64_t>>(false); }
TEST(OpsVxmMark, AnySecondiFindsValidParents) { check_semiring<any_secondi<std::int64_t>>(true); }

// BFS's form: q<¬parents> = q any.secondi A, parents<q> = q, level after level, by pull (fused)
// and by push, reaches every vertex a serial BFS reaches, each parent an in-neighbour one level up.
TEST(OpsVxmMark, BreadthFirstLevelsWithWBeingU) {
  rng_t rng(testing::ops::seed_of("vxm_mark bfs"));
  const matrix<std::int64_t> a = random_matrix<std::int64_t>(
      rng, testing::ops::shape{"big", 6000, 6000, 3.0 / 6000, true, true});
  const std::uint64_t n = a.nrows();
  std::vector<std::int64_t> depth(n, -1);  // a serial BFS from 0
  std::vector<std::uint64_t> frontier{0};
  depth[0] = 0;
  while (!frontier.empty()) {
    std::vector<std::uint64_t> next;
    for (std::uint64_t k : frontier)
      for (std::uint64_t p = a.offsets()[k]; p < a.offsets()[k + 1]; ++p)
        if (depth[a.cols()[p]] < 0) {
          depth[a.cols()[p]] = depth[k] + 1;
          next.push_back(a.cols()[p]);
        }
    frontier = next;
  }
  for (product_method method : {product_method::pull, product_method::push}) {
    vector<std::int64_t> q(n), parents(n), levels(n);
    q.set(0, 0);
    parents.set(0, 0);
    levels.set(0, 0);
    for (std::int64_t level = 1; q.nvals() > 0; ++level) {
      vxm_mark(q, levels, bind_first(first_op<std::int64_t>{}, level), any_secondi<std::int64_t>{},
               q, a, {.method = method});
      // parents<q> = q, one by one: no vertex reached twice
      const vector<std::int64_t> found = q;
      found.for_each([&](std::uint64_t j, const std::int64_t& k) {
        ASSERT_FALSE(parents.get(j)) << "reached twice: " << j;
        parents.set(j, k);
      });
    }
    for (std::uint64_t v = 0; v < n; ++v) {
      const auto l = levels.get(v);
      ASSERT_EQ(l ? *l : -1, depth[v]) << "vertex " << v;
      if (!l || v == 0) continue;
      const std::uint64_t k = std::uint64_t(*parents.get(v));
      ASSERT_EQ(depth[k], depth[v] - 1) << "parent of " << v;
    }
  }
}

// The same push step twice from m (random, of the given density): m held as a bitmap (the
// marked push) and m held sparse (vxm and the assignment composed), w and m after each, and
// what each step reported of w's row entries.
struct two_pushes {
  vector<std::int64_t> m_before, w_marked, marked, w_composed, composed;
  step_report marked_report, composed_report;
};

// Σ_{j ∈ w} |P(j,:)|, P the matrix a push over a (transposed or not) reads: the row entries a
// step reports.
std::uint64_t row_entries_of(const vector<std::int64_t>& w, const matrix<std::int64_t>& a,
                             bool transpose) {
  const matrix<std::int64_t>& p = transpose ? a.transposed() : a;
  std::uint64_t sum = 0;
  for (std::uint64_t j = 0; j < w.size(); ++j)
    if (w.get(j)) sum += p.offsets()[j + 1] - p.offsets()[j];
  return sum;
}

// The marked push's report holds w's row entries exactly when its edges are fewer than n / 16
// (else it is empty); the composed step's is empty. Returns whether the marked push counted.
bool expect_reports(const two_pushes& r, const vector<std::int64_t>& u,
                    const matrix<std::int64_t>& a, bool transpose) {
  // u's edges: the rows of the same matrix at u's indices
  const bool sparse = row_entries_of(u, a, transpose) * sparse_density_divisor < a.nrows();
  EXPECT_EQ(r.marked_report.counted, sparse);
  EXPECT_EQ(r.marked_report.w_row_entries, sparse ? row_entries_of(r.w_marked, a, transpose) : 0u);
  EXPECT_FALSE(r.composed_report.counted) << "the composed step counts nothing";
  EXPECT_EQ(r.composed_report.w_row_entries, 0u);
  return sparse;
}

template <class Mark>
two_pushes push_both_ways(const matrix<std::int64_t>& a, const vector<std::int64_t>& u,
                          const Mark& mark, double m_density, bool transpose, rng_t& rng) {
  using S = any_secondi<std::int64_t>;
  const std::uint64_t n = a.nrows();
  two_pushes r{random_vector<std::int64_t>(rng, n, m_density),
               vector<std::int64_t>(n),
               {},
               vector<std::int64_t>(n),
               {},
               {},
               {}};
  r.marked = r.m_before;
  r.composed = r.m_before;
  r.marked.to_bitmap();
  r.composed.to_sparse();
  const descriptor d{.transpose_second = transpose, .method = product_method::push};
  r.composed_report = {true, 1};  // a stale figure, which the step must clear
  vxm_mark(r.w_marked, r.marked, mark, S{}, u, a, d, &r.marked_report);
  vxm_mark(r.w_composed, r.composed, mark, S{}, u, a, d, &r.composed_report);
  return r;
}

// The push that writes m as it reaches each j (m a bitmap, ⊕ ANY: kernels' push_marked) on one
// thread keeps the first entry of u for each j, as the composed push does: w and m equal bit for
// bit those of the same step with m held sparse (which composes vxm and the assignment), from m
// nearly empty to nearly full, u from one entry to thousands (results sparse and, past n / 16
// entries, a bitmap), with and without the transpose and with a constant mark; its report adds
// up the row lengths of w's indices.
TEST(OpsVxmMark, MarkedPushEqualsTheComposedPush) {
  rng_t rng(testing::ops::seed_of("vxm_mark marked push"));
  const matrix<std::int64_t> a = random_matrix<std::int64_t>(
      rng, testing::ops::shape{"big", 6000, 6000, 4.0 / 6000, true, true});
  const std::uint64_t n = a.nrows();
  const auto level = bind_first(first_op<std::int64_t>{}, std::int64_t(3));
  std::uint64_t bitmaps = 0, sparse = 0, counted = 0;
  omp_set_num_threads(1);
  for (double m_density : {0.001, 0.2, 0.9})
    for (double u_density : {0.0002, 0.01, 0.3})
      for (bool transpose : {false, true}) {
        SCOPED_TRACE(::testing::Message() << "m density " << m_density << ", u density "
                                          << u_density << ", transpose " << transpose);
        const vector<std::int64_t> u = random_vector<std::int64_t>(rng, n, u_density);
        const two_pushes r = push_both_ways(a, u, level, m_density, transpose, rng);
        ASSERT_EQ(entries_of(r.w_marked), entries_of(r.w_composed));
        ASSERT_EQ(entries_of(r.marked), entries_of(r.composed));
        EXPECT_EQ(r.marked.nvals(), r.composed.nvals());
        EXPECT_NE(r.marked.form(), vector_form::sparse) << "m only gained entries";
        counted += expect_reports(r, u, a, transpose);
        (r.w_marked.form() == vector_form::sparse ? sparse : bitmaps) += r.w_marked.nvals() > 0;
      }
  omp_set_num_threads(2);
  EXPECT_GT(bitmaps, 0u) << "no case made a bitmap result";
  EXPECT_GT(sparse, 0u) << "no case made a sparse result";
  EXPECT_GT(counted, 0u) << "no push counted its reached rows";
}

// On several threads a marked push of more than kernels::marked_push_serial_work edges lets each
// thread claim the indices it reaches first: w and m hold exactly the indices of the composed
// push (m sparse), none lost or taken twice, and each w(j) is an entry k of u with an edge to j,
// m(j) its mark (here the parent itself), m's earlier entries untouched, and the threads' sums of
// row lengths add up to w's where the push counts them; on 2, 3 and 16 threads, results sparse
// and a bitmap, from u of a few hundred entries (a push counted) to most of them, with the
// transpose.
TEST(OpsVxmMark, MarkedPushOnSeveralThreadsReachesWhatTheComposedPushReaches) {
  rng_t rng(testing::ops::seed_of("vxm_mark parallel marked push"));
  const matrix<std::int64_t> a = random_matrix<std::int64_t>(
      rng, testing::ops::shape{"big", 50000, 50000, 4.0 / 50000, true, true});
  const std::uint64_t n = a.nrows();
  std::uint64_t bitmaps = 0, sparse = 0, counted_in_parallel = 0;
  for (int threads : {2, 3, 16})
    for (double m_density : {0.001, 0.5, 0.95})
      for (double u_density : {0.01, 0.05, 0.6})
        for (bool transpose : {false, true}) {
          SCOPED_TRACE(::testing::Message()
                       << threads << " threads, m density " << m_density << ", u density "
                       << u_density << ", transpose " << transpose);
          omp_set_num_threads(threads);
          const vector<std::int64_t> u = random_vector<std::int64_t>(rng, n, u_density);
          const two_pushes r =
              push_both_ways(a, u, identity_op<std::int64_t>{}, m_density, transpose, rng);
          const dense_entries m_before = entries_of(r.m_before), u_entries = entries_of(u);
          const dense_entries got = entries_of(r.w_marked), want = entries_of(r.w_composed),
                              m_after = entries_of(r.marked);
          std::uint64_t found = 0;
          for (std::uint64_t j = 0; j < n; ++j) {
            ASSERT_EQ(bool(got[j]), bool(want[j])) << "w(" << j << ")";
            if (m_before[j]) {
              ASSERT_EQ(m_after[j], m_before[j]) << "m(" << j << ") was there before";
              continue;
            }
            ASSERT_EQ(m_after[j], got[j]) << "m(" << j << ")";
            if (!got[j]) continue;
            ++found;
            const std::uint64_t k = std::uint64_t(*got[j]);
            ASSERT_LT(k, n);
            ASSERT_TRUE(u_entries[k]) << "w(" << j << ") = " << k << ", not in u";
            const std::uint64_t r = transpose ? j : k, col = transpose ? k : j;
            // a row's columns ascend (a full row is searched, not scanned, for each j)
            ASSERT_TRUE(std::binary_search(a.cols().data() + a.offsets()[r],
                                           a.cols().data() + a.offsets()[r + 1], vertex_id(col)))
                << "w(" << j << ") = " << k << ", no edge";
          }
          EXPECT_EQ(r.w_marked.nvals(), found);
          EXPECT_EQ(r.marked.nvals(), r.composed.nvals());
          const bool wide = row_entries_of(u, a, transpose) > kernels::marked_push_serial_work;
          counted_in_parallel += expect_reports(r, u, a, transpose) && wide;
          (r.w_marked.form() == vector_form::sparse ? sparse : bitmaps) += found > 0;
        }
  omp_set_num_threads(2);
  EXPECT_GT(bitmaps, 0u) << "no case made a bitmap result";
  EXPECT_GT(sparse, 0u) << "no case made a sparse result";
  EXPECT_GT(counted_in_parallel, 0u) << "no push on several threads counted its reached rows";
}

// Only the marked push over a square matrix, from a frontier of fewer than n / 16 edges, counts
// row entries: a pull, a push over a rectangular matrix, one over a formatted matrix and one of
// more edges leave the report empty, clearing a stale figure.
TEST(OpsVxmMark, ReportsOnlyWhatItCounted) {
  rng_t rng(testing::ops::seed_of("vxm_mark report"));
  using S = any_secondi<std::int64_t>;
  const std::uint64_t n = 4000;
  const matrix<std::int64_t> square =
      random_matrix<std::int64_t>(rng, testing::ops::shape{"square", n, n, 0.002, false, false});
  const matrix<std::int64_t> wide = random_matrix<std::int64_t>(
      rng, testing::ops::shape{"wide", n, n + 100, 0.002, false, false});
  const formatted_matrix<std::int64_t> cci(square, format_kind::cci);
  vector<std::int64_t> u(n);  // three rows: about 24 edges, far fewer than n / 16
  for (std::uint64_t k : {0, 1, 2}) u.set(k, std::int64_t(k));
  ASSERT_LT(row_entries_of(u, square, false) * sparse_density_divisor, n);
  const vector<std::int64_t> dense_u = random_vector<std::int64_t>(rng, n, 0.5);
  auto step = [&](const auto& a, product_method method, vector<std::int64_t>& w,
                  const vector<std::int64_t>& from) {
    vector<std::int64_t> m(a.ncols());
    m.to_bitmap();
    w = vector<std::int64_t>(a.ncols());
    step_report report{true, 1};
    vxm_mark(w, m, identity_op<std::int64_t>{}, S{}, from, a, {.method = method}, &report);
    EXPECT_GT(w.nvals(), 0u);
    if (!report.counted) {
      EXPECT_EQ(report.w_row_entries, 0u);
    }
    return report;
  };
  vector<std::int64_t> w;
  const step_report pushed = step(square, product_method::push, w, u);
  ASSERT_TRUE(pushed.counted);
  EXPECT_EQ(pushed.w_row_entries, row_entries_of(w, square, false));
  EXPECT_FALSE(step(square, product_method::pull, w, u).counted);
  EXPECT_FALSE(step(wide, product_method::push, w, u).counted);
  EXPECT_FALSE(step(cci, product_method::push, w, u).counted);
  EXPECT_FALSE(step(square, product_method::push, w, dense_u).counted);
}

TEST(OpsVxmMark, UBeingMAndAFormattedMatrix) {
  rng_t rng(testing::ops::seed_of("vxm_mark aliasing"));
  const matrix<std::int64_t> a =
      random_matrix<std::int64_t>(rng, testing::ops::shape{"square", 300, 300, 0.02, true, true});
  const std::uint64_t n = a.nrows();
  using S = min_plus<std::int64_t>;
  const auto mark = bind_second(plus_op<std::int64_t>{}, std::int64_t(100));
  for (product_method method : {product_method::pull, product_method::push}) {
    // u is m: w<¬m> = m min.+ A, then m<w> = w + 100
    vector<std::int64_t> m = random_vector<std::int64_t>(rng, n, 0.3);
    const dense_entries m_before = entries_of(m);
    const dense_entries want = serial_product<S>(a, m_before, m_before, false);
    vector<std::int64_t> w(n);
    vxm_mark(w, m, mark, S{}, m, a, {.method = method});
    ASSERT_EQ(entries_of(w), want);
    for (std::uint64_t j = 0; j < n; ++j)
      ASSERT_EQ(m.get(j), m_before[j] ? m_before[j]
                                      : (want[j] ? std::optional<std::int64_t>(*want[j] + 100)
                                                 : std::nullopt));
    // the same over A held in CCI, against the plain matrix's answer
    vector<std::int64_t> m2 = random_vector<std::int64_t>(rng, n, 0.3), m3 = m2;
    const vector<std::int64_t> u = random_vector<std::int64_t>(rng, n, 0.5);
    const formatted_matrix<std::int64_t> cci(a, format_kind::cci);
    vector<std::int64_t> w2(n), w3(n);
    vxm_mark(w2, m2, mark, S{}, u, cci, {.method = method});
    vxm_mark(w3, m3, mark, S{}, u, a, {.method = method});
    ASSERT_EQ(entries_of(w2), entries_of(w3));
    ASSERT_EQ(entries_of(m2), entries_of(m3));
  }
}

TEST(OpsVxmMark, UsageErrors) {
  array<vertex_id> rows, cols;
  array<std::int64_t> values;
  for (auto [r, c, v] : {std::tuple{0, 1, 1}, std::tuple{1, 3, 2}}) {
    rows.push_back(vertex_id(r));
    cols.push_back(vertex_id(c));
    values.push_back(v);
  }
  const matrix<std::int64_t> a = matrix<std::int64_t>::from_tuples(3, 4, rows, cols, values);
  const auto mark = identity_op<std::int64_t>{};
  vector<std::int64_t> w(4), m(4), u(3);
  EXPECT_THROW(vxm_mark(w, w, mark, min_plus<std::int64_t>{}, u, a), error);  // w is m
  vector<std::int64_t> small(3);
  EXPECT_THROW(vxm_mark(w, small, mark, min_plus<std::int64_t>{}, u, a), error);  // m's size
  EXPECT_THROW(vxm_mark(w, m, mark, min_plus<std::int64_t>{}, small, a.transposed()), error);
  vector<std::int64_t> w3(3);
  EXPECT_THROW(vxm_mark(w3, m, mark, min_plus<std::int64_t>{}, u, a), error);  // w's size
  vxm_mark(w, m, mark, min_plus<std::int64_t>{}, u, a);  // the right sizes: no entries
  EXPECT_EQ(w.nvals(), 0u);
}

}  // namespace
}  // namespace graphring

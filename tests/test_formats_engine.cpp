// The engine call over every format: mxv / vxm on a formatted_matrix (engine/ops/mxv_format.hpp)
// equals the same call on the CSR matrix — exactly for integer and boolean semirings, within 1e-6
// for floating point — for plus_times, min_plus, lor_land, max_min, any_pair and a user-defined
// semiring over a struct, with and without masks (value, structural, complemented, replace) and
// accumulators, on random matrices (empty rows, one huge row, n = 1, an empty matrix), stored
// values, iso values, and value types the formats store by position (bool, a struct's input); and
// on a matrix wide enough that the kernels prefetch x.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "engine/formats/dtans.hpp"
#include "engine/ops/mxv_format.hpp"
#include "engine/registry/semiring_registry.hpp"
#include "kernels/cpu/spmv_dtans.hpp"
#include "semirings/builtin.hpp"
#include "semirings/examples/shortest_path_count.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

using rng_t = std::mt19937_64;

struct shape {
  std::uint64_t nrows, ncols;
  double mean_degree;
  std::uint64_t huge_row;  // row 0's length when > 0
};

// The last one: a row of 20000 entries among short ones, in a wide matrix.
const shape shapes[] = {{300, 280, 6, 0},     {1, 1, 1, 0},        {0, 0, 0, 0},
                        {200, 4000, 3, 3000}, {2000, 2000, 12, 0}, {300, 40000, 5, 20000}};

// Sorted, distinct columns per row; about a fifth of the rows empty.
template <class T>
matrix<T> random_matrix(const shape& s, bool iso, rng_t& rng) {
  array<edge_offset> offsets(s.nrows + 1);
  std::vector<vertex_id> cols;
  std::vector<T> values;
  offsets[0] = 0;
  std::geometric_distribution<std::uint64_t> length(1.0 / (1.0 + s.mean_degree));
  for (std::uint64_t r = 0; r < s.nrows; ++r) {
    std::uint64_t len = rng() % 5 == 0 ? 0 : length(rng);
    if (r == 0 && s.huge_row) len = s.huge_row;
    len = std::min(len, s.ncols);
    std::vector<vertex_id> row;
    std::uint64_t c = rng() % (s.ncols / 2 + 1);
    while (row.size() < len && c < s.ncols) {
      row.push_back(vertex_id(c));
      c += rng() % 3 == 0 ? 1 : 1 + rng() % (2 * s.ncols / (len + 1) + 1);
    }
    for (vertex_id v : row) {
      cols.push_back(v);
      if constexpr (std::is_same_v<T, bool>) {
        values.push_back(rng() % 4 != 0);
      } else {
        values.push_back(T(int(rng() % 9) - 2));
      }
    }
    offsets[r + 1] = cols.size();
  }
  array<vertex_id> c(cols.size());
  std::copy(cols.begin(), cols.end(), c.begin());
  shared_array<T> v;
  if (!iso) {
    array<T> a(values.size());
    std::copy(values.begin(), values.end(), a.begin());
    v = share(std::move(a));
  }
  return matrix<T>(s.nrows, s.ncols, share(std::move(offsets)), share(std::move(c)), v, T(3));
}

template <class T>
T random_value(rng_t& rng) {
  if constexpr (std::is_same_v<T, bool>) {
    return rng() % 3 != 0;
  } else if constexpr (std::is_same_v<T, examples::path_count>) {
    return {double(rng() % 8) / 4, 1 + rng() % 3};
  } else {
    return T(int(rng() % 11) - 3);
  }
}

// Density: 1 dense, 0.5 bitmap, 0.02 sparse (pushed unless the method forces pull).
template <class T>
vector<T> random_vector(std::uint64_t n, double density, rng_t& rng) {
  if (density >= 1) {
    array<T> v(n);
    for (auto& x : v) x = random_value<T>(rng);
    return vector<T>::from_dense(std::move(v));
  }
  vector<T> out(n);
  std::uniform_real_distribution<double> u(0, 1);
  for (std::uint64_t i = 0; i < n; ++i)
    if (u(rng) < density) out.set(i, random_value<T>(rng));
  out.conform();
  return out;
}

template <class T>
bool close_enough(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, examples::path_count>) {
    return a.dist == b.dist && a.count == b.count;
  } else if constexpr (std::is_floating_point_v<T>) {
    if (std::isinf(a) || std::isinf(b)) return a == b;
    return std::abs(double(a) - double(b)) <= 1e-6 * std::max(1.0, std::abs(double(b)));
  } else {
    return a == b;
  }
}

template <class T>
void expect_same(const vector<T>& got, const vector<T>& want) {
  ASSERT_EQ(got.size(), want.size());
  ASSERT_EQ(got.nvals(), want.nvals());
  want.for_each([&](std::uint64_t i, const T& w) {
    const std::optional<T> g = got.get(i);
    ASSERT_TRUE(g.has_value()) << "entry " << i << " missing";
    ASSERT_TRUE(close_enough(*g, w)) << "entry " << i;
  });
}

const std::optional<format_kind> every_format[] = {
    format_kind::csr, format_kind::coo,   format_kind::ell, format_kind::hyb, format_kind::sell,
    format_kind::cci, format_kind::dtans, format_kind::svb, std::nullopt};

std::string name_of(std::optional<format_kind> k) {
  return k ? std::string(format_name(*k)) : std::string("auto");
}

// Every format × the write options × densities × mxv / vxm (plain and transposed): the
// formatted call against the CSR call, starting from the same w.
template <class S, class T>
void check_semiring(const matrix<T>& a, std::uint64_t seed,
                    vertex_order order = vertex_order::original) {
  using C = typename S::c_type;
  // vxm reads A's values as S's second operand and u as its first.
  constexpr bool vxm_applies = std::is_convertible_v<T, typename S::b_type>;
  rng_t rng(seed);
  for (std::optional<format_kind> kind : every_format) {
    SCOPED_TRACE("format " + name_of(kind));
    std::optional<formatted_matrix<T>> fa;
    try {
      fa.emplace(a, kind, order);
    } catch (const error& e) {
      ASSERT_EQ(e.kind(), error_kind::limit);  // ELL refusing a power-law row
      continue;
    }
    for (int trial = 0; trial < 8; ++trial) {
      SCOPED_TRACE(::testing::Message() << "trial " << trial);
      const bool vxm_call = trial & 1, transpose = (trial >> 1) & 1;
      if (vxm_call && !vxm_applies) continue;
      const double density = trial < 4 ? 1.0 : (trial < 6 ? 0.5 : 0.02);
      const std::uint64_t in = (vxm_call != transpose) ? a.nrows() : a.ncols();
      const std::uint64_t out = (vxm_call != transpose) ? a.ncols() : a.nrows();
      const vector<C> w0 = random_vector<C>(out, 0.3, rng);
      const vector<std::int32_t> mask = random_vector<std::int32_t>(out, 0.6, rng);
      descriptor d;
      d.transpose_first = !vxm_call && transpose;
      d.transpose_second = vxm_call && transpose;
      if (trial % 3 == 2) d.method = product_method::pull;
      auto run = [&](auto&& call) {
        // No mask; a value mask; a complemented structural mask with replace and an accumulator.
        vector<C> want = w0, got = w0;
        call(want, a, no_mask, no_accum, d);
        call(got, *fa, no_mask, no_accum, d);
        expect_same(got, want);
        want = w0;
        got = w0;
        call(want, a, mask, no_accum, d);
        call(got, *fa, mask, no_accum, d);
        expect_same(got, want);
        descriptor e = d;
        e.structural_mask = e.complement_mask = e.replace = true;
        want = w0;
        got = w0;
        const auto accum = typename S::add_monoid{};
        call(want, a, mask, accum, e);
        call(got, *fa, mask, accum, e);
        expect_same(got, want);
      };
      if constexpr (vxm_applies) {
        if (vxm_call) {
          const auto u = random_vector<typename S::a_type>(in, density, rng);
          run([&](vector<C>& w, const auto& m, const auto& mk, const auto& acc,
                  const descriptor& dd) { vxm(w, mk, acc, S{}, u, m, dd); });
          continue;
        }
      }
      const auto u = random_vector<typename S::b_type>(in, density, rng);
      run([&](vector<C>& w, const auto& m, const auto& mk, const auto& acc, const descriptor& dd) {
        mxv(w, mk, acc, S{}, m, u, dd);
      });
    }
  }
}

// shortest_path_count is written for u ⊕.⊗ A (path counts first); for A ⊕.⊗ u its operands flip.
struct path_extend_flipped : binary_op_types<double, examples::path_count, examples::path_count> {
  constexpr examples::path_count operator()(double w, examples::path_count p) const {
    return examples::path_count_extend()(p, w);
  }
};
using path_count_flipped = semiring<examples::path_count_min, path_extend_flipped>;

TEST(FormatEngine, MxvAndVxmEqualCsrOnEveryFormat) {
  std::uint64_t seed = 40;
  for (const shape& s : shapes) {
    for (bool iso : {false, true}) {
      SCOPED_TRACE(::testing::Message() << "rows " << s.nrows << " iso " << iso);
      rng_t rng(++seed);
      const matrix<std::int64_t> ai = random_matrix<std::int64_t>(s, iso, rng);
      const matrix<double> ad = random_matrix<double>(s, iso, rng);
      const matrix<std::int32_t> a32 = random_matrix<std::int32_t>(s, iso, rng);
      const matrix<bool> ab = random_matrix<bool>(s, iso, rng);
      check_semiring<plus_times<std::int64_t>>(ai, seed);
      check_semiring<plus_times<double>>(ad, seed);
      check_semiring<min_plus<std::int32_t>>(a32, seed);
      check_semiring<lor_land<bool>>(ab, seed);
      check_semiring<max_min<double>>(ad, seed);
      check_semiring<any_pair<std::int32_t>>(a32, seed);
      check_semiring<path_count_flipped>(ad, seed);
    }
  }
}

// An x larger than prefetch_above_bytes(), which the CSR and SELL kernels prefetch
// (kernels/cpu/prefetch.hpp): mxv on a wide matrix, every format against CSR.
template <class S, class T>
void check_wide_mxv(const matrix<T>& a, std::uint64_t seed) {
  rng_t rng(seed);
  for (std::optional<format_kind> kind : every_format) {
    SCOPED_TRACE("format " + name_of(kind));
    std::optional<formatted_matrix<T>> fa;
    try {
      fa.emplace(a, kind);
    } catch (const error& e) {
      ASSERT_EQ(e.kind(), error_kind::limit);  // ELL refusing the padding of a long row
      continue;
    }
    for (double density : {1.0, 0.5}) {
      const auto u = random_vector<typename S::b_type>(a.ncols(), density, rng);
      vector<typename S::c_type> want(a.nrows()), got(a.nrows());
      mxv(want, no_mask, no_accum, S{}, a, u, descriptor{.method = product_method::pull});
      mxv(got, no_mask, no_accum, S{}, *fa, u, descriptor{.method = product_method::pull});
      expect_same(got, want);
    }
  }
}

TEST(FormatEngine, WideMatrixWhoseXIsPrefetched) {
  constexpr shape wide{3000, 700000, 40, 0};
  const testing::scoped_prefetch_threshold low(testing::test_prefetch_above_bytes);
  ASSERT_GT(wide.ncols * sizeof(std::int32_t), prefetch_above_bytes());
  rng_t rng(61);
  check_wide_mxv<plus_times<double>>(random_matrix<double>(wide, false, rng), 62);
  check_wide_mxv<min_plus<std::int32_t>>(random_matrix<std::int32_t>(wide, true, rng), 63);
}

// CSR-dtANS pulls over an x larger than the caches in two phases (a slice decoded into a buffer,
// then its rows gathered), except a slice whose buffer would pass dtans_buffered_entries (here
// the lane of a row of 300,000 entries, in a code with runs), which goes in one phase: the
// matrix holds both kinds of slice, and both agree with CSR.
TEST(FormatEngine, WideMatrixWithAHugeRowPullsInBothPhases) {
  constexpr shape wide{3000, std::uint64_t(1) << 21, 40, 300000};
  static_assert(wide.ncols * sizeof(std::int32_t) > kernels::detail::dtans_two_phases_above_bytes);
  rng_t rng(64);
  const matrix<std::int32_t> a = random_matrix<std::int32_t>(wide, true, rng);
  const dtans_matrix d =
      dtans_matrix::from_csr(csr_matrix{a.nrows(), a.ncols(), a.offsets(), a.cols(), {}});
  const dtans_view<std::int32_t> v = d.view<std::int32_t>();
  const std::uint64_t most = kernels::detail::dtans_most_per_symbol(v.index_table);
  kernels::detail::dtans_decoded_slice<std::int32_t> layout;
  std::uint64_t largest = 0, smallest = ~std::uint64_t(0);
  for (std::uint64_t s = 0; s < v.slices; ++s) {
    const std::uint64_t room = layout.lay_out(v, s, most);
    largest = std::max(largest, room);
    smallest = std::min(smallest, room);
  }
  ASSERT_GT(largest, kernels::detail::dtans_buffered_entries);
  ASSERT_LE(smallest, kernels::detail::dtans_buffered_entries);
  check_wide_mxv<min_plus<std::int32_t>>(a, 65);
  check_wide_mxv<plus_times<std::int32_t>>(a, 66);
}

// The user-defined semiring in its own orientation: vxm pulls over Aᵀ with flipped<S>.
TEST(FormatEngine, UserSemiringVxm) {
  rng_t rng(7);
  const matrix<double> a = random_matrix<double>(shapes[4], false, rng);
  for (std::optional<format_kind> kind : every_format) {
    SCOPED_TRACE("format " + name_of(kind));
    const formatted_matrix<double> fa(a, kind == format_kind::ell ? format_kind::sell : kind);
    const vector<examples::path_count> u = random_vector<examples::path_count>(a.nrows(), 1.0, rng);
    vector<examples::path_count> want(a.ncols()), got(a.ncols());
    vxm(want, no_mask, no_accum, examples::shortest_path_count{}, u, a);
    vxm(got, no_mask, no_accum, examples::shortest_path_count{}, u, fa);
    expect_same(got, want);
  }
}

// Relabelled matrices (degree and RCM orders) give their results in the original ids.
TEST(FormatEngine, ReorderedMatricesAnswerInOriginalIds) {
  std::uint64_t seed = 90;
  for (const shape& s : shapes) {
    if (s.nrows != s.ncols) continue;
    for (vertex_order order : {vertex_order::degree, vertex_order::rcm}) {
      SCOPED_TRACE(::testing::Message()
                   << "rows " << s.nrows << " order " << vertex_order_name(order));
      rng_t rng(++seed);
      const matrix<std::int64_t> ai = random_matrix<std::int64_t>(s, false, rng);
      const matrix<bool> ab = random_matrix<bool>(s, true, rng);
      check_semiring<plus_times<std::int64_t>>(ai, seed, order);
      check_semiring<min_plus<std::int64_t>>(ai, seed, order);
      check_semiring<lor_land<bool>>(ab, seed, order);
      check_semiring<min_secondi<std::int64_t>>(ai, seed, order);  // positional: original ids
      check_semiring<path_count_flipped>(random_matrix<double>(s, false, rng), seed, order);
    }
  }
}

// A relabelled matrix takes x in its own ids in each of x's forms: dense, bitmap and sparse, the
// last only when pull is forced (a sparse x is otherwise pushed through CSR).
TEST(FormatEngine, ReorderedMatricesPullEveryFormOfX) {
  rng_t rng(17);
  const matrix<std::int64_t> a = random_matrix<std::int64_t>(shapes[4], false, rng);
  descriptor pull;
  pull.method = product_method::pull;
  for (vertex_order order : {vertex_order::degree, vertex_order::rcm}) {
    const formatted_matrix<std::int64_t> fa(a, format_kind::sell, order);
    for (double density : {1.0, 0.5, 0.02}) {
      SCOPED_TRACE(::testing::Message() << vertex_order_name(order) << " density " << density);
      const vector<std::int64_t> u = random_vector<std::int64_t>(a.ncols(), density, rng);
      vector<std::int64_t> want(a.nrows()), got(a.nrows());
      mxv(want, no_mask, no_accum, plus_times<std::int64_t>{}, a, u, pull);
      mxv(got, no_mask, no_accum, plus_times<std::int64_t>{}, fa, u, pull);
      expect_same(got, want);
    }
  }
}

TEST(FormatEngine, OrdersArePermutations) {
  rng_t rng(5);
  const matrix<double> m = random_matrix<double>(shapes[4], false, rng);
  const csr_matrix a{m.nrows(), m.ncols(), m.offsets(), m.cols(), m.values()};
  for (vertex_order order : {vertex_order::original, vertex_order::degree, vertex_order::rcm}) {
    const buffer<vertex_id> rank = order_ranks(a, order);
    std::vector<std::uint8_t> hit(a.nrows, 0);
    for (vertex_id r : rank) {
      ASSERT_LT(r, a.nrows);
      ASSERT_FALSE(hit[r]);
      hit[r] = 1;
    }
    const csr_matrix p = permuted(a, rank.data());
    ASSERT_EQ(p.nnz(), a.nnz());
    for (std::uint64_t i = 0; i < a.nrows; ++i)
      for (edge_offset k = a.row_begin(i); k < a.row_end(i); ++k) {
        const vertex_id r = rank[i], c = rank[a.cols[k]];
        const vertex_id* first = p.cols.data() + p.row_begin(r);
        const vertex_id* last = p.cols.data() + p.row_end(r);
        const vertex_id* at = std::lower_bound(first, last, c);
        ASSERT_TRUE(at != last && *at == c);
        EXPECT_EQ(std::get<shared_array<double>>(p.values)[at - p.cols.data()], m.values()[k]);
      }
  }
  EXPECT_THROW(parse_vertex_order("random"), error);
}

TEST(FormatEngine, FormattedMatrixKeepsItsKind) {
  rng_t rng(3);
  const matrix<float> a = random_matrix<float>(shapes[0], false, rng);
  const formatted_matrix<float> f(a, format_kind::cci);
  EXPECT_EQ(f.kind(), format_kind::cci);
  EXPECT_EQ(f.transposed().kind(), format_kind::cci);
  EXPECT_EQ(&f.transposed(), &formatted_matrix<float>(f).transposed());  // shared by copies
  EXPECT_EQ(f.transposed().nrows(), a.ncols());
}

// The registry's multiply takes the format and the vertex order too, and every format in either
// order gives the same vector.
TEST(FormatEngine, RegistryFormatParameter) {
  rng_t rng(11);
  const matrix<double> m = random_matrix<double>(shapes[4], false, rng);
  csr_matrix a{m.nrows(), m.ncols(), m.offsets(), m.cols(), m.values()};
  const any_vector x = random_vector<double>(a.ncols, 0.5, rng);
  for (const char* name : {"plus_times", "min_plus", "lor_land", "max_min", "any_secondi"}) {
    SCOPED_TRACE(name);
    const semiring_entry& s = semiring_registry::global().find(name);
    const any_vector want =
        s.mxv(a, nullptr, x, product_method::automatic, format_kind::csr, vertex_order::original);
    for (std::optional<format_kind> kind : every_format) {
      if (kind == format_kind::ell) continue;
      for (vertex_order order : {vertex_order::original, vertex_order::degree}) {
        SCOPED_TRACE("format " + name_of(kind) + " " + std::string(vertex_order_name(order)));
        const any_vector got = s.mxv(a, nullptr, x, product_method::automatic, kind, order);
        ASSERT_EQ(got.index(), want.index());
        std::visit(
            [&](const auto& g) {
              using V = std::decay_t<decltype(g)>;
              expect_same(g, std::get<V>(want));
            },
            got);
      }
    }
  }
}

// `graphring spmv --format F` prints the same vector for every format, and names the valid
// formats when given another.
TEST(FormatEngine, CliSpmvFormatOption) {
  const std::string graph = std::string(GRAPHRING_DATASETS) + "/email-Eu-core.txt.gz";
  for (const char* semiring : {"plus_times", "min_plus", "any_secondi"}) {
    SCOPED_TRACE(semiring);
    const auto want = testing::run_cli({"spmv", graph, "--semiring", semiring, "--quiet"});
    ASSERT_EQ(want.status, 0) << want.err;
    ASSERT_FALSE(want.out.empty());
    for (const char* format : {"csr", "coo", "hyb", "sell", "cci", "dtans", "auto"}) {
      SCOPED_TRACE(format);
      const auto got =
          testing::run_cli({"spmv", graph, "--semiring", semiring, "--format", format, "--quiet"});
      ASSERT_EQ(got.status, 0) << got.err;
      EXPECT_EQ(got.out, want.out);
    }
  }
  const auto bad = testing::run_cli({"spmv", graph, "--format", "csc"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("unknown format 'csc'; valid: csr|coo|ell|hyb|sell|cci|dtans|svb|auto"),
            std::string::npos)
      << bad.err;
}

// `graphring info GRAPH --formats --json` reports every format with its bytes split into bits
// per edge of index, values and row structure, which add up to the bytes.
TEST(FormatEngine, CliInfoFormatsPartsAddUp) {
  const std::string graph = std::string(GRAPHRING_DATASETS) + "/email-Eu-core.txt.gz";
  const auto info = testing::run_cli({"info", graph, "--json", "--quiet"});
  ASSERT_EQ(info.status, 0) << info.err;
  unsigned long long edges = 0;
  ASSERT_EQ(std::sscanf(info.out.c_str() + info.out.find("\"edges\""), "\"edges\": %llu", &edges),
            1);
  const auto got = testing::run_cli({"info", graph, "--formats", "--json", "--quiet"});
  ASSERT_EQ(got.status, 0) << got.err;
  int formats = 0;
  for (std::size_t at = got.out.find("\"bytes\""); at != std::string::npos;
       at = got.out.find("\"bytes\"", at + 1)) {
    unsigned long long bytes = 0;
    double index = 0, value = 0, structure = 0;
    ASSERT_EQ(
        std::sscanf(got.out.c_str() + at,
                    "\"bytes\": %llu, \"index_bits_per_edge\": %lf, \"value_bits_per_edge\": %lf, "
                    "\"structure_bits_per_edge\": %lf",
                    &bytes, &index, &value, &structure),
        4)
        << got.out.substr(at, 120);
    EXPECT_NEAR((index + value + structure) * double(edges) / 8, double(bytes),
                1e-3 * double(edges));
    ++formats;
  }
  EXPECT_GE(formats, 6);  // ELL may refuse a graph
  EXPECT_NE(got.out.find("\"entropy_index_bits_per_edge\""), std::string::npos);
}

}  // namespace
}  // namespace graphring

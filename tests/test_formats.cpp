// Compressed formats: lossless round trips (random matrices with empty rows, one huge row, n = 1,
// an empty matrix, duplicate edges and the largest jumps; every graph of ../shared/datasets
// weighted and unweighted) and pull SpMV over every format against a serial reference.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <random>

#include "core/error.hpp"
#include "engine/formats/any_format.hpp"
#include "engine/formats/cci.hpp"
#include "engine/formats/coo.hpp"
#include "engine/formats/dtans.hpp"
#include "engine/formats/ell.hpp"
#include "engine/formats/hyb.hpp"
#include "engine/formats/sell.hpp"
#include "engine/io/load.hpp"
#include "kernels/cpu/format_spmv.hpp"
#include "semirings/builtin.hpp"
#include "semirings/examples/shortest_path_count.hpp"
#include "tests/graphs_to_check.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

struct random_shape {
  std::uint64_t nrows = 100, ncols = 100;
  double mean_degree = 5;
  double empty_rows = 0.2;     // fraction of rows left empty
  double duplicates = 0.05;    // chance an entry repeats the previous column
  double contiguous = 0.4;     // chance an entry follows the previous column
  std::uint64_t huge_row = 0;  // if > 0, row 0 gets this many entries
  value_type values = value_type::none;
};

template <class T>
shared_array<T> random_values(std::uint64_t n, std::mt19937_64& rng) {
  buffer<T> v(n);
  std::uniform_int_distribution<int> w(-50, 50);
  for (auto& x : v) {
    // Not one conditional expression: its common type would be unsigned, wrapping the negatives.
    if constexpr (std::is_unsigned_v<T>) {
      x = T(w(rng) + 50);
    } else {
      x = T(w(rng));
    }
  }
  return shared_array<T>(std::move(v));
}

csr_matrix random_matrix(const random_shape& shape, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  std::geometric_distribution<std::uint64_t> length(1.0 / (1.0 + shape.mean_degree));
  buffer<edge_offset> offsets(shape.nrows + 1);
  buffer<vertex_id> cols;
  offsets[0] = 0;
  for (std::uint64_t r = 0; r < shape.nrows; ++r) {
    std::uint64_t len = u(rng) < shape.empty_rows ? 0 : length(rng);
    if (r == 0 && shape.huge_row) len = shape.huge_row;
    std::vector<vertex_id> row;
    std::uint64_t c = std::uniform_int_distribution<std::uint64_t>(0, shape.ncols - 1)(rng);
    for (std::uint64_t j = 0; j < len && shape.ncols > 0; ++j) {
      if (j > 0) {
        const double p = u(rng);
        if (p < shape.duplicates) {
        } else if (p < shape.duplicates + shape.contiguous) {
          c += 1;
        } else {
          // Jumps of every scale, up to the whole column range.
          const int bits = std::uniform_int_distribution<int>(1, 32)(rng);
          c += 1 + (rng() & ((std::uint64_t(1) << bits) - 1)) % shape.ncols;
        }
      }
      if (c >= shape.ncols) break;
      row.push_back(vertex_id(c));
    }
    cols.insert(cols.end(), row.begin(), row.end());
    offsets[r + 1] = cols.size();
  }
  csr_matrix a;
  a.nrows = shape.nrows;
  a.ncols = shape.ncols;
  const std::uint64_t nnz = cols.size();
  a.offsets = shared_array<edge_offset>(std::move(offsets));
  a.cols = shared_array<vertex_id>(std::move(cols));
  switch (shape.values) {
    case value_type::int32:
      a.values = random_values<std::int32_t>(nnz, rng);
      break;
    case value_type::int64:
      a.values = random_values<std::int64_t>(nnz, rng);
      break;
    case value_type::uint32:
      a.values = random_values<std::uint32_t>(nnz, rng);
      break;
    case value_type::uint64:
      a.values = random_values<std::uint64_t>(nnz, rng);
      break;
    case value_type::float32:
      a.values = random_values<float>(nnz, rng);
      break;
    case value_type::float64:
      a.values = random_values<double>(nnz, rng);
      break;
    case value_type::none:
      break;
  }
  return a;
}

template <class T>
bool same_array(const shared_array<T>& x, const shared_array<T>& y) {
  return x.size() == y.size() &&
         (x.empty() || std::memcmp(x.data(), y.data(), x.size() * sizeof(T)) == 0);
}

void expect_same(const csr_matrix& a, const csr_matrix& b) {
  EXPECT_EQ(a.nrows, b.nrows);
  EXPECT_EQ(a.ncols, b.ncols);
  EXPECT_TRUE(same_array(a.offsets, b.offsets));
  EXPECT_TRUE(same_array(a.cols, b.cols));
  ASSERT_EQ(a.values.index(), b.values.index());
  std::visit(
      [&](const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (!std::is_same_v<V, std::monostate>) {
          EXPECT_TRUE(same_array(v, std::get<V>(b.values)));
        }
      },
      a.values);
}

// Every format's round trip; ELL may refuse a graph whose padding would be too large.
void expect_round_trips(const csr_matrix& a) {
  expect_same(a, coo_matrix::from_csr(a).to_csr());
  try {
    expect_same(a, ell_matrix::from_csr(a).to_csr());
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::limit);
  }
  expect_same(a, hyb_matrix::from_csr(a).to_csr());
  expect_same(a, hyb_matrix::from_csr(a, 0).to_csr());
  expect_same(a, hyb_matrix::from_csr(a, 3).to_csr());
  expect_same(a, sell_matrix::from_csr(a).to_csr());
  expect_same(a, sell_matrix::from_csr(a, {32, 1}).to_csr());
  expect_same(a, sell_matrix::from_csr(a, {5, 7}).to_csr());
  expect_same(a, cci_matrix::from_csr(a).to_csr());
  expect_same(a, cci_matrix::from_csr(a, {8}).to_csr());
  expect_same(a, dtans_matrix::from_csr(a).to_csr());
  expect_same(a, dtans_matrix::from_csr(a, {1}).to_csr());  // a lane closes after each row
  expect_same(a, dtans_matrix::from_csr(a, {37}).to_csr());
}

std::vector<random_shape> edge_shapes() {
  std::vector<random_shape> shapes;
  random_shape s;
  shapes.push_back(s);
  s.nrows = s.ncols = 1;  // n = 1
  shapes.push_back(s);
  s.nrows = s.ncols = 0;  // empty matrix
  shapes.push_back(s);
  s.nrows = 2000, s.ncols = 5000000, s.huge_row = 30000;  // a single huge row
  shapes.push_back(s);
  s.huge_row = 0, s.nrows = 300, s.ncols = std::uint64_t(max_vertices),
  s.contiguous = 0.1;  // jumps to 2^32-2
  shapes.push_back(s);
  s.nrows = 500, s.ncols = 50, s.empty_rows = 0.9,
  s.duplicates = 0.5;  // mostly empty, many duplicates
  shapes.push_back(s);
  return shapes;
}

TEST(Formats, RoundTripRandomMatrices) {
  std::uint64_t seed = 1;
  for (random_shape shape : edge_shapes())
    for (value_type t : {value_type::none, value_type::int32, value_type::int64, value_type::uint32,
                         value_type::uint64, value_type::float32, value_type::float64}) {
      shape.values = t;
      SCOPED_TRACE(::testing::Message() << "rows " << shape.nrows << " type " << type_name(t));
      expect_round_trips(random_matrix(shape, seed++));
    }
}

// Fuzz-style: many random delta distributions, including the largest jump 2^32-2 (column 0
// followed by column 2^32-2) and a first column of 2^32-2.
TEST(Formats, RoundTripRandomDeltaDistributions) {
  for (std::uint64_t seed = 100; seed < 160; ++seed) {
    std::mt19937_64 rng(seed);
    random_shape s;
    s.nrows = 1 + rng() % 200;
    s.ncols = seed % 3 == 0 ? std::uint64_t(max_vertices) : 1 + rng() % 100000;
    s.mean_degree = double(rng() % 40);
    s.empty_rows = double(rng() % 100) / 100;
    s.duplicates = double(rng() % 30) / 100;
    s.contiguous = double(rng() % 70) / 100;
    s.values = seed % 2 ? value_type::float64 : value_type::none;
    expect_round_trips(random_matrix(s, seed));
  }
  csr_matrix a;
  a.nrows = 2;
  a.ncols = max_vertices;
  a.offsets = shared_array<edge_offset>(buffer<edge_offset>{0, 2, 3});
  a.cols = shared_array<vertex_id>(
      buffer<vertex_id>{0, vertex_id(max_vertices - 1), vertex_id(max_vertices - 1)});
  expect_round_trips(a);
}

TEST(Formats, SellAndCciRefuseBadParameters) {
  const csr_matrix a = random_matrix({}, 7);
  EXPECT_THROW(sell_matrix::from_csr(a, {0, 1}), error);
  EXPECT_THROW(cci_matrix::from_csr(a, {33}), error);
  EXPECT_THROW(cci_matrix::from_csr(a, {4, 32}), error);  // groups by symbols: one slice only
  EXPECT_THROW(dtans_matrix::from_csr(a, {0}), error);
}

// SELL-C-σ sorts rows longest first within each slice (also when C does not divide σ), so the
// rows still holding entries at any slot column are a prefix of the slice, as its kernel assumes.
TEST(Formats, SellSlicesAreSortedByLength) {
  const csr_matrix a = random_matrix({1000, 1000, 6, 0.3, 0.05, 0.4, 0, value_type::none}, 11);
  for (const sell_options o :
       {sell_options{}, sell_options{8, 12}, sell_options{5, 7}, sell_options{16, 1}}) {
    const sell_matrix m = sell_matrix::from_csr(a, o);
    const auto v = m.view<pattern_value>(nullptr);
    for (std::uint64_t s = 0; s < v.slices; ++s)
      for (std::uint64_t j = 0; j < v.width(s); ++j)
        for (std::uint64_t p = 1; p < v.chunk; ++p) {
          const std::uint64_t k = v.slice_offsets[s] + j * v.chunk + p;
          ASSERT_TRUE(v.cols[k] == padding_column || v.cols[k - 1] != padding_column)
              << "C " << o.chunk << " sigma " << o.sigma << " slice " << s << " column " << j;
        }
  }
}

// The exact bytes of the formats laid out in plain arrays, counted from their sizes.
TEST(Formats, ExactBytesOfPlainLayouts) {
  const csr_matrix a = random_matrix({300, 400, 5, 0.2, 0.05, 0.4, 0, value_type::float64}, 12);
  const std::uint64_t nnz = a.nnz();
  const formats::footprint coo = coo_matrix::from_csr(a).size();
  EXPECT_EQ(coo.index_bytes, 4 * nnz);
  EXPECT_EQ(coo.structure_bytes, 4 * nnz);
  EXPECT_EQ(coo.value_bytes, 8 * nnz);
  const sell_matrix s = sell_matrix::from_csr(a, {8, 64});
  const std::uint64_t slices = (a.nrows + 7) / 8;
  EXPECT_EQ(s.size().index_bytes, 4 * s.slots());
  EXPECT_EQ(s.size().value_bytes, 8 * s.slots());
  EXPECT_EQ(s.size().structure_bytes, 8 * (slices + 1) + 4 * slices * 8);
  const cci_matrix c = cci_matrix::from_csr(a);
  EXPECT_EQ(c.size().bytes(),
            8 * (c.code_bits() / 64 + 3) + 8 * 24 + 8 * nnz + 16 * ((a.nrows + 63) / 64 + 1));
}

// The auto rule: ELL for rows of nearly one length, SELL-C-σ where its padding stays small,
// CSR where a few very long rows among short ones would pad SELL's slices.
TEST(Formats, AutoRuleFollowsTheRowLengths) {
  buffer<edge_offset> offsets(1001);
  buffer<vertex_id> cols;
  for (std::uint64_t r = 0; r <= 1000; ++r) offsets[r] = 4 * r;
  for (std::uint64_t r = 0; r < 1000; ++r)
    for (vertex_id j = 0; j < 4; ++j) cols.push_back((vertex_id(r) + 7 * j) % 1000);
  for (std::uint64_t r = 0; r < 1000; ++r)
    std::sort(cols.begin() + std::ptrdiff_t(4 * r), cols.begin() + std::ptrdiff_t(4 * r + 4));
  csr_matrix uniform;
  uniform.nrows = uniform.ncols = 1000;
  uniform.offsets = shared_array<edge_offset>(std::move(offsets));
  uniform.cols = shared_array<vertex_id>(std::move(cols));
  EXPECT_EQ(choose_format(measure_features(uniform)), format_kind::ell);
  EXPECT_EQ(choose_format(measure_features(
                random_matrix({2000, 2000, 8, 0.2, 0, 0.3, 0, value_type::none}, 14))),
            format_kind::sell);
  // Row 0 holds columns 0 .. 29999, every other row one entry: SELL's first slice pads 7 rows.
  buffer<edge_offset> hub_offsets(2001);
  buffer<vertex_id> hub_cols(30000 + 1999);
  hub_offsets[0] = 0;
  for (std::uint64_t r = 0; r < 2000; ++r) hub_offsets[r + 1] = 30000 + r;
  for (vertex_id c = 0; c < 30000; ++c) hub_cols[c] = c;
  for (std::uint64_t r = 1; r < 2000; ++r) hub_cols[30000 + r - 1] = vertex_id(r);
  csr_matrix hub;
  hub.nrows = 2000;
  hub.ncols = 30000;
  hub.offsets = shared_array<edge_offset>(std::move(hub_offsets));
  hub.cols = shared_array<vertex_id>(std::move(hub_cols));
  EXPECT_GT(measure_features(hub).sell_padding, 0.25);
  EXPECT_EQ(choose_format(measure_features(hub)), format_kind::csr);
  // Nearly empty rows (one entry in 4096 rows): ELL's slots would be mostly padding, which its
  // builder refuses past 8 slots an entry; CSR, not the format that would refuse.
  csr_matrix lone;
  lone.nrows = lone.ncols = 4096;
  buffer<edge_offset> lone_offsets(4097, 1);
  lone_offsets[0] = 0;
  lone.offsets = shared_array<edge_offset>(std::move(lone_offsets));
  lone.cols = shared_array<vertex_id>(buffer<vertex_id>(1, 5));
  EXPECT_EQ(choose_format(measure_features(lone)), format_kind::csr);
}

// Several rows share a CSR-dtANS lane: a row of one entry costs a few bits of row structure
// (its end-of-row symbol and its share of the lane table), not the words and 32-bit length a
// stream of its own would take.
TEST(Formats, DtansShortRowsShareLanes) {
  const csr_matrix a = random_matrix({20000, 20000, 1, 0.3, 0, 0.9, 0, value_type::none}, 13);
  const dtans_matrix d = dtans_matrix::from_csr(a);
  expect_same(a, d.to_csr());
  EXPECT_LT(8.0 * double(d.size().structure_bytes) / double(a.nrows), 8.0);
  EXPECT_LT(double(d.bytes()), 0.5 * double(a.bytes()));
}

TEST(Formats, RoundTripSharedDatasets) {
  GRAPHRING_REQUIRE_SHARED_DATASETS();
  // Every graph in the ordinary build; under a sanitizer the bundled ones and the largest.
  for (const std::string& file : testing::graphs_to_check(
           {"web/web-NotreDame.txt.gz", "social/soc-Slashdot0902.txt.gz",
            "social/soc-Epinions1.txt.gz", "social/email-Enron.txt.gz",
            "social/ego-Facebook.txt.gz", "social/wiki-Vote.txt.gz", "social/email-Eu-core.txt.gz",
            "internet/oregon1_010331.txt.gz", "internet/as20000102.txt.gz",
            "road/luxembourg_osm.mtx.gz", "road/rome99.gr"})) {
    SCOPED_TRACE(file);
    const graph g = load_graph(testing::shared_datasets() + "/" + file);
    csr_matrix a = g.adjacency();
    expect_round_trips(a);
    // The other weighting: a weighted graph without its values, a pattern graph with weights.
    std::mt19937_64 rng(5);
    if (a.has_values()) {
      a.values = std::monostate{};
    } else {
      a.values = random_values<double>(a.nnz(), rng);
    }
    expect_round_trips(a);
  }
}

// ---- SpMV --------------------------------------------------------------------------------------

// shortest_path_count written for u ⊕.⊗ A has the path counts first; a pull over A's rows
// (y = A x) has the edge weight first, so the test flips the operands of its multiply.
struct extend_flipped : binary_op_types<double, examples::path_count, examples::path_count> {
  constexpr examples::path_count operator()(double w, examples::path_count p) const {
    return examples::path_count_extend()(p, w);
  }
};
using path_count_pull = semiring<examples::path_count_min, extend_flipped>;

template <class C>
bool same_value(const C& a, const C& b) {
  if constexpr (std::is_same_v<C, examples::path_count>) {
    return a.dist == b.dist && a.count == b.count;
  } else if constexpr (std::is_floating_point_v<C>) {
    return std::abs(a - b) <= 1e-6 * std::max<C>(1, std::abs(b));
  } else {
    return a == b;
  }
}

template <class S, class X>
void reference_spmv(const csr_matrix& a, const std::vector<X>& x,
                    const std::vector<std::uint8_t>& xp, typename S::c_type* y,
                    std::vector<std::uint8_t>& yp) {
  for (std::uint64_t i = 0; i < a.nrows; ++i) {
    yp[i] = 0;
    if (i % 7 == 3) continue;  // the test's allowed(i)
    for (edge_offset k = a.row_begin(i); k < a.row_end(i); ++k) {
      const vertex_id c = a.cols[k];
      if (!xp[c]) continue;
      const typename S::a_type v = a.has_values()
                                       ? typename S::a_type(testing::value_at(a.values, k))
                                       : typename S::a_type(1);
      const auto p = S::multiply(v, x[c], i, c, 0);
      y[i] = yp[i] ? S::add(y[i], p) : p;
      yp[i] = 1;
    }
  }
}

// Calls f(const T* values) for the value types this file's products meet: pattern, int32 and
// float64 (the random matrices) and int64 (integral weights as the text readers store them).
// Dispatching over these four, not all seven, keeps this object's kernel instantiations, most of
// its compile time, to the ones its tests run; another type fails the test.
template <class F>
void with_tested_values(const value_array& values, F&& f) {
  if (std::holds_alternative<std::monostate>(values)) {
    f(static_cast<const pattern_value*>(nullptr));
  } else if (const auto* v32 = std::get_if<shared_array<std::int32_t>>(&values)) {
    f(v32->data());
  } else if (const auto* v64 = std::get_if<shared_array<std::int64_t>>(&values)) {
    f(v64->data());
  } else if (const auto* f64 = std::get_if<shared_array<double>>(&values)) {
    f(f64->data());
  } else {
    ADD_FAILURE() << "no product test for values of type " << type_name(type_of(values));
  }
}

template <class S, class X>
void check_formats(const csr_matrix& a, const std::vector<X>& x,
                   const std::vector<std::uint8_t>& xp) {
  using C = typename S::c_type;
  SCOPED_TRACE(::testing::internal::GetTypeName<S>());
  // Not std::vector: C may be bool.
  std::unique_ptr<C[]> want(new C[a.nrows + 1]()), got(new C[a.nrows + 1]());
  std::vector<std::uint8_t> want_p(a.nrows), got_p(a.nrows);
  reference_spmv<S>(a, x, xp, want.get(), want_p);
  const auto allowed = [](std::uint64_t i) { return i % 7 != 3; };
  auto compare = [&](const char* name) {
    SCOPED_TRACE(name);
    for (std::uint64_t i = 0; i < a.nrows; ++i) {
      ASSERT_EQ(got_p[i], want_p[i]) << "row " << i;
      if (want_p[i]) {
        ASSERT_TRUE(same_value(got[i], want[i]))
            << "row " << i << ": " << ::testing::PrintToString(got[i]) << ", want "
            << ::testing::PrintToString(want[i]);
      }
    }
  };
  auto run = [&](const auto& m, auto kernel, const char* name) {
    with_tested_values(m.values(), [&](const auto* v) {
      std::fill(got_p.begin(), got_p.end(), 2);
      kernel(m.view(v));
      compare(name);
    });
  };
  const X* xs = x.data();
  const std::uint8_t* xps = xp.data();
  run(
      coo_matrix::from_csr(a),
      [&](const auto& v) {
        kernels::spmv_pull_stored<S>(v, xs, xps, got.get(), got_p.data(), allowed);
      },
      "coo");
  run(
      ell_matrix::from_csr(a, {1e9}),
      [&](const auto& v) {
        kernels::spmv_pull_stored<S>(v, xs, xps, got.get(), got_p.data(), allowed);
      },
      "ell");
  run(
      sell_matrix::from_csr(a),
      [&](const auto& v) {
        kernels::spmv_pull_stored<S>(v, xs, xps, got.get(), got_p.data(), allowed);
      },
      "sell");
  run(
      sell_matrix::from_csr(a, {20, 3}),
      [&](const auto& v) {
        kernels::spmv_pull_stored<S>(v, xs, xps, got.get(), got_p.data(), allowed);
      },
      "sell-20-3");
  run(
      cci_matrix::from_csr(a),
      [&](const auto& v) {
        kernels::spmv_pull_stored<S>(v, xs, xps, got.get(), got_p.data(), allowed);
      },
      "cci");
  run(
      cci_matrix::from_csr(a, {8}),
      [&](const auto& v) {
        kernels::spmv_pull_stored<S>(v, xs, xps, got.get(), got_p.data(), allowed);
      },
      "cci-8");
  for (const std::uint32_t lane_symbols : {512u, 5u}) {
    const dtans_matrix d = dtans_matrix::from_csr(a, {lane_symbols});
    with_tested_values(a.values, [&](const auto* v) {
      using V = std::remove_const_t<std::remove_pointer_t<decltype(v)>>;
      std::fill(got_p.begin(), got_p.end(), 2);
      kernels::spmv_pull_stored<S>(d.view<V>(), xs, xps, got.get(), got_p.data(), allowed);
      compare("dtans");
    });
  }
  for (std::uint64_t width : {std::uint64_t(0), std::uint64_t(2), ell_options::whole_rows}) {
    const hyb_matrix h = hyb_matrix::from_csr(a, width);
    with_tested_values(h.ell().values(), [&](const auto* ev) {
      with_tested_values(h.overflow().values(), [&](const auto* cv) {
        if constexpr (std::is_same_v<decltype(ev), decltype(cv)>) {
          std::fill(got_p.begin(), got_p.end(), 2);
          kernels::spmv_pull_stored<S>(h.view(ev, cv), xs, xps, got.get(), got_p.data(), allowed);
          compare("hyb");
        }
      });
    });
  }
}

template <class X>
std::vector<X> random_x(std::uint64_t n, std::mt19937_64& rng) {
  std::vector<X> x(n);
  std::uniform_int_distribution<int> d(-20, 20);
  for (auto& v : x) {
    if constexpr (std::is_same_v<X, examples::path_count>) {
      v = {double(d(rng) + 20) / 4, std::uint64_t(d(rng) + 21)};
    } else {
      v = X(d(rng));
    }
  }
  return x;
}

void check_semirings(const csr_matrix& a, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint8_t> xp(a.ncols);
  for (auto& p : xp) p = rng() % 5 != 0;
  check_formats<plus_times<std::int64_t>>(a, random_x<std::int64_t>(a.ncols, rng), xp);
  check_formats<plus_times<double>>(a, random_x<double>(a.ncols, rng), xp);
  check_formats<plus_times<float>>(a, random_x<float>(a.ncols, rng), xp);
  check_formats<min_plus<std::int32_t>>(a, random_x<std::int32_t>(a.ncols, rng), xp);
  check_formats<lor_land<std::int32_t>>(a, random_x<std::int32_t>(a.ncols, rng), xp);
  check_formats<max_min<double>>(a, random_x<double>(a.ncols, rng), xp);
  check_formats<path_count_pull>(a, random_x<examples::path_count>(a.ncols, rng), xp);
}

TEST(FormatSpmv, RandomMatricesEveryFormatAndSemiring) {
  std::uint64_t seed = 500;
  for (random_shape shape : edge_shapes()) {
    if (shape.ncols > 10000000) shape.ncols = 20000;  // x is dense here
    for (value_type t : {value_type::none, value_type::int32, value_type::float64}) {
      shape.values = t;
      SCOPED_TRACE(::testing::Message() << "rows " << shape.nrows << " type " << type_name(t));
      check_semirings(random_matrix(shape, seed), seed);
      ++seed;
    }
  }
}

// A dense x larger than kernels::prefetch_above_bytes is prefetched by the SELL kernel, for the
// slots of each slice only: slices of 4, 8 and 12 rows on a 700 000-column matrix, against the
// reference (under the sanitizers, a prefetch slot read past the column array would show).
TEST(FormatSpmv, SellPrefetchingALargeXAtEverySliceHeight) {
  random_shape shape;
  shape.nrows = 30000;  // enough entries (about 110 000) for several blocks of slices
  shape.ncols = 700000;
  shape.mean_degree = 12;
  ASSERT_GT(shape.ncols * sizeof(float), kernels::prefetch_above_bytes);
  const csr_matrix a = random_matrix(shape, 77);
  std::mt19937_64 rng(78);
  const std::vector<float> x = random_x<float>(a.ncols, rng);
  using S = plus_times<float>;
  std::vector<float> want(a.nrows), got(a.nrows);
  std::vector<std::uint8_t> want_p(a.nrows), got_p(a.nrows);
  reference_spmv<S>(a, x, std::vector<std::uint8_t>(a.ncols, 1), want.data(), want_p);
  const auto allowed = [](std::uint64_t i) { return i % 7 != 3; };
  for (const std::uint64_t chunk : {4u, 8u, 12u}) {
    SCOPED_TRACE(::testing::Message() << "C " << chunk);
    const sell_matrix m = sell_matrix::from_csr(a, {chunk, std::uint64_t(1) << 20});
    std::fill(got_p.begin(), got_p.end(), 2);
    kernels::spmv_pull_stored<S>(m.view(static_cast<const float*>(nullptr)), x.data(), nullptr,
                                 got.data(), got_p.data(), allowed);
    for (std::uint64_t i = 0; i < a.nrows; ++i) {
      ASSERT_EQ(got_p[i], want_p[i]) << "row " << i;
      if (want_p[i]) {
        ASSERT_TRUE(same_value(got[i], want[i])) << "row " << i;
      }
    }
  }
}

// The size targets on the web and social graphs: CCI's column code under half of CSR's
// 32 bits per entry, and CSR-dtANS's index code (its table included; row structure is reported
// apart) within 10% of the order-0 entropy of the delta-coded indices.
TEST(Formats, CompressionTargetsOnSharedDatasets) {
  GRAPHRING_REQUIRE_SHARED_DATASETS();
  for (const char* file : {"web/web-NotreDame.txt.gz", "social/soc-Slashdot0902.txt.gz",
                           "social/soc-Epinions1.txt.gz"}) {
    SCOPED_TRACE(file);
    csr_matrix a = load_graph(testing::shared_datasets() + "/" + file).adjacency();
    a.values = std::monostate{};
    const double nnz = double(a.nnz());
    EXPECT_LE(double(cci_matrix::from_csr(a).column_bits()) / nnz, 16.0);
    const entropy_bound h = order0_entropy(a);
    EXPECT_LE(8.0 * double(dtans_matrix::from_csr(a).size().index_bytes) / nnz, 1.1 * h.index_bits);
  }
}

TEST(FormatSpmv, SharedDatasets) {
  GRAPHRING_REQUIRE_SHARED_DATASETS();
  for (const char* file :
       {"social/email-Enron.txt.gz", "road/rome99.gr", "internet/as20000102.txt.gz"}) {
    SCOPED_TRACE(file);
    check_semirings(load_graph(testing::shared_datasets() + "/" + file).adjacency(), 9);
  }
}

}  // namespace
}  // namespace graphring

// Compressed formats: lossless round trips (random matrices with empty rows, one huge row, n = 1,
// an empty matrix, duplicate edges and the largest jumps; every graph of ../shared/datasets
// weighted and unweighted), the automatic format rule and the size targets. Pull SpMV over every
// format: tests/test_format_spmv.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <vector>

#include "core/error.hpp"
#include "engine/formats/any_format.hpp"
#include "engine/formats/cci.hpp"
#include "engine/formats/coo.hpp"
#include "engine/formats/dtans.hpp"
#include "engine/formats/ell.hpp"
#include "engine/formats/hyb.hpp"
#include "engine/formats/sell.hpp"
#include "engine/formats/svb.hpp"
#include "engine/io/load.hpp"
#include "tests/graphs_to_check.hpp"
#include "tests/random_csr.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

using testing::edge_shapes;
using testing::random_matrix;
using testing::random_shape;
using testing::random_values;

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
  const svb_matrix v = svb_matrix::from_csr(a);
  EXPECT_TRUE(v.validate());
  expect_same(a, v.to_csr());
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
  // Stream VByte: a length byte per row (rows below 128 entries), a control byte per four
  // entries, each delta in its bytes, 16 padding bytes and two 8-byte starts per group.
  std::uint64_t data = 0, controls = 0;
  for (std::uint64_t r = 0; r < a.nrows; ++r) {
    controls += (a.row_length(r) + 3) / 4;
    std::uint32_t last = 0xffffffffu;
    for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) {
      const std::uint32_t d = a.cols[k] - last;
      data += d < 256 ? 1 : d < 65536 ? 2 : d < (1u << 24) ? 3 : 4;
      last = a.cols[k];
    }
  }
  const svb_matrix v = svb_matrix::from_csr(a);
  EXPECT_EQ(v.size().index_bytes, controls + data);
  EXPECT_EQ(v.size().structure_bytes, a.nrows + 16 + 16 * ((a.nrows + 63) / 64 + 1));
  EXPECT_EQ(v.size().value_bytes, 8 * nnz);
}

// Stream VByte's row lengths past one byte (128 entries and more, LEB128) and deltas of every
// byte count, in a row that crosses a group and a row of 2^14 entries.
TEST(Formats, SvbLongRowsAndWideDeltas) {
  buffer<edge_offset> offsets{0};
  buffer<vertex_id> cols;
  const std::uint64_t lengths[] = {0, 1, 127, 128, 129, 16384, 3, 0, 5};
  std::mt19937_64 rng(3);
  for (std::uint64_t length : lengths) {
    std::vector<vertex_id> row;
    for (std::uint64_t i = 0; i < length; ++i) {
      const std::uint32_t width = 8 * std::uint32_t(1 + rng() % 4);  // 1 to 4 bytes' deltas
      row.push_back(vertex_id(rng() % (width == 32 ? max_vertices : (1ull << width))));
    }
    std::sort(row.begin(), row.end());
    cols.insert(cols.end(), row.begin(), row.end());
    offsets.push_back(cols.size());
  }
  for (std::uint64_t r = 9; r < 200; ++r) offsets.push_back(cols.size());  // empty rows
  csr_matrix a;
  a.nrows = offsets.size() - 1;
  a.ncols = max_vertices;
  a.offsets = shared_array<edge_offset>(std::move(offsets));
  a.cols = shared_array<vertex_id>(std::move(cols));
  const svb_matrix v = svb_matrix::from_csr(a);
  EXPECT_TRUE(v.validate());
  expect_same(a, v.to_csr());
  EXPECT_EQ(v.length_bytes(), a.nrows + 4);  // 128 and 129 take two bytes, 16384 three
}

// validate() on Stream VByte codes damaged one way at a time: each is refused, the code itself
// accepted. Rows: 0 -> {1, 5}, 1 -> {}, 2 -> {0, 300, 70000}, ncols 70001, one group.
TEST(Formats, SvbValidateRefusesDamagedCodes) {
  const std::vector<std::uint8_t> good = {0x02, 0x00, 0x02, 0x04,  // row 0: deltas 2, 4
                                          0x00,                    // row 1: empty
                                          0x03, 0x24, 0x01, 0x2c, 0x01, 0x44, 0x10, 0x01};
  auto valid = [](std::vector<std::uint8_t> bytes, std::uint64_t ncols = 70001,
                  std::uint64_t nbytes = 13, edge_offset entries = 5) {
    const std::uint64_t group_byte[2] = {0, nbytes};
    const edge_offset group_entry[2] = {0, entries};
    bytes.resize(bytes.size() + svb_padding, 0);
    svb_view<pattern_value> v;
    v.nrows = 3;
    v.ncols = ncols;
    v.group_byte = group_byte;
    v.group_entry = group_entry;
    v.bytes = bytes.data();
    v.nbytes = nbytes;
    return validate(v, entries);
  };
  EXPECT_TRUE(valid(good));
  EXPECT_FALSE(valid(good, 70000));  // the last column is 70000
  std::vector<std::uint8_t> b = good;
  b[2] = 0x00;  // row 0's first delta 0: column -1
  EXPECT_FALSE(valid(b));
  EXPECT_FALSE(valid(good, 70001, 12));     // the group's bytes end inside row 2's last delta
  EXPECT_FALSE(valid(good, 70001, 13, 4));  // one entry fewer than the code holds
  b = good;
  b[6] = 0x34;  // row 2's last delta in 4 bytes: its data would run past the group's end
  EXPECT_FALSE(valid(b));
  b = good;
  b[4] = 0x80;  // row 1's length goes on into row 2's bytes
  EXPECT_FALSE(valid(b));
  b = good;
  b.push_back(0x00);  // a byte after the last row inside the group
  EXPECT_FALSE(valid(b, 70001, 14));
  // and the matrix the good code is decodes back
  const std::uint64_t group_byte[2] = {0, 13};
  const edge_offset group_entry[2] = {0, 5};
  std::vector<std::uint8_t> padded = good;
  padded.resize(13 + svb_padding, 0);
  svb_view<pattern_value> v;
  v.nrows = 3;
  v.ncols = 70001;
  v.group_byte = group_byte;
  v.group_entry = group_entry;
  v.bytes = padded.data();
  v.nbytes = 13;
  std::vector<vertex_id> row2;
  v.for_each_in_row(2, [&](vertex_id c, edge_offset) { return row2.push_back(c), false; });
  EXPECT_EQ(row2, (std::vector<vertex_id>{0, 300, 70000}));
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

}  // namespace
}  // namespace graphring

// CSR-dtANS [Schätzle, Pegolotti, Püschel, "Fast Entropy Decoding for Sparse MVM on GPUs", 2026]
// decoded slice by slice, as a warp does, on codes built to reach every branch: deltas of every
// bit length (1 to 32; escaped with 6 to 29 raw bits from 9 bits on), escaped values of 32 and
// 64 bits (NaN payloads, -0, denormals kept bit for bit), a symbol at the largest multiplicity M,
// lanes closed by the 65535-row limit, lanes whose last segment holds 1 to 8 symbols, and runs
// cut at every longest run from none to 32, each lane's events the same from the CPU's decoder as
// from the GPU's lane steps; and the CCI and dtANS encoders give the same code on
// one thread as on several.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "core/error.hpp"
#include "engine/formats/cci.hpp"
#include "engine/formats/dtans.hpp"
#include "kernels/cpu/dtans_slice_decoder.hpp"

namespace graphring {
namespace {

using entry = std::tuple<std::uint64_t, vertex_id, std::uint64_t>;  // row, column, value bits

template <class V>
std::uint64_t bits_of(V v) {
  if constexpr (std::is_same_v<V, pattern_value>) {
    return 0;
  } else {
    std::uint64_t b = 0;
    std::memcpy(&b, &v, sizeof(V));
    return b;
  }
}

// One lane's events as a slice decoder gives them: (false, row, column, value bits) for an entry,
// (true, row, 0, 0) for the end of a row.
using lane_events = std::vector<std::tuple<bool, std::uint64_t, vertex_id, std::uint64_t>>;

// Slice s as `decode(s, on_entry, on_row_end)` gives it, lane by lane.
template <class V, class Decode>
std::vector<lane_events> events_of(std::uint64_t s, const Decode& decode) {
  std::vector<lane_events> lanes(dtans_lanes);
  decode(
      s,
      [&](std::uint32_t lane, std::uint64_t row, vertex_id col, V x) {
        lanes[lane].emplace_back(false, row, col, bits_of(x));
      },
      [&](std::uint32_t lane, std::uint64_t row) { lanes[lane].emplace_back(true, row, 0, 0); });
  return lanes;
}

// Every entry of the matrix as the slice decoder gives it, and the rows it closes, in order.
// The CPU's decoder (kernels/cpu/dtans_slice_decoder.hpp) must give each lane's events exactly
// as the view's lockstep decoder (the GPU's lane steps) does.
template <class V>
std::vector<entry> decoded(const dtans_matrix& m, std::vector<std::uint64_t>& rows_closed) {
  const dtans_view<V> v = m.view<V>();
  std::vector<entry> out;
  for (std::uint64_t s = 0; s < v.slices; ++s) {
    const std::vector<lane_events> warp =
        events_of<V>(s, [&](std::uint64_t t, auto&& e, auto&& r) { v.for_each_in_slice(t, e, r); });
    const std::vector<lane_events> cpu = events_of<V>(s, [&](std::uint64_t t, auto&& e, auto&& r) {
      kernels::for_each_in_dtans_slice(v, t, e, r);
    });
    EXPECT_EQ(cpu, warp) << "slice " << s;
    for (const lane_events& lane : warp)
      for (const auto& [row_end, row, col, bits] : lane) {
        if (row_end)
          rows_closed.push_back(row);
        else
          out.emplace_back(row, col, bits);
      }
  }
  std::sort(out.begin(), out.end());
  std::sort(rows_closed.begin(), rows_closed.end());
  return out;
}

template <class V>
std::vector<entry> entries_of(const csr_matrix& a) {
  std::vector<entry> out;
  for (std::uint64_t r = 0; r < a.nrows; ++r)
    for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) {
      std::uint64_t b = 0;
      if constexpr (!std::is_same_v<V, pattern_value>)
        b = bits_of(std::get<shared_array<V>>(a.values)[k]);
      out.emplace_back(r, a.cols[k], b);
    }
  std::sort(out.begin(), out.end());
  return out;
}

// The decoder gives back exactly A's entries (value bits included) and closes every row once.
template <class V>
void expect_decodes(const csr_matrix& a, const dtans_matrix& m) {
  std::vector<std::uint64_t> closed;
  EXPECT_EQ(decoded<V>(m, closed), entries_of<V>(a));
  std::vector<std::uint64_t> every(a.nrows);
  for (std::uint64_t r = 0; r < a.nrows; ++r) every[r] = r;
  EXPECT_EQ(closed, every);
}

csr_matrix from_rows(std::uint64_t ncols, const std::vector<std::vector<vertex_id>>& rows) {
  buffer<edge_offset> offsets(rows.size() + 1);
  buffer<vertex_id> cols;
  offsets[0] = 0;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (vertex_id c : rows[r]) cols.push_back(c);
    offsets[r + 1] = cols.size();
  }
  csr_matrix a;
  a.nrows = rows.size();
  a.ncols = ncols;
  a.offsets = shared_array<edge_offset>(std::move(offsets));
  a.cols = shared_array<vertex_id>(std::move(cols));
  return a;
}

// The raw-bit widths the index table's escape buckets carry.
std::set<unsigned> escape_widths(const dtans_matrix& m) {
  const auto v = m.view<pattern_value>();
  std::set<unsigned> widths;
  for (std::uint32_t s = 0; s < dtans_slots; ++s)
    if (v.index_table[s].count == 1 && v.index_table[s].raw_bits > 0)
      widths.insert(v.index_table[s].raw_bits);
  return widths;
}

std::uint64_t escape_bits(const dtans_matrix& m) {
  const auto v = m.view<pattern_value>();
  return (v.escape_start[v.slices] - v.escape_start[0]) * 32;
}

TEST(DtansDecode, DeltasOfEveryBitLengthAreEscapedAndDecoded) {
  // Each row: jumps of one bit length w, several distinct ones, so that no delta is common
  // enough for its own slots and each goes to its bucket (bit length, two bits after the lead).
  std::mt19937_64 random(5);
  std::vector<std::vector<vertex_id>> rows;
  for (unsigned w = 1; w <= 32; ++w)
    for (int copy = 0; copy < 3; ++copy) {
      std::vector<vertex_id> row;
      std::uint64_t col = random() % 4;
      while (col < max_vertices && row.size() < 200) {
        row.push_back(vertex_id(col));
        const std::uint64_t low = w == 1 ? 0 : random() % (std::uint64_t(1) << (w - 1));
        col += (std::uint64_t(1) << (w - 1)) + low;  // a delta of exactly w bits
      }
      rows.push_back(row);
    }
  const csr_matrix a = from_rows(max_vertices, rows);
  const dtans_matrix m = dtans_matrix::from_csr(a);
  EXPECT_GT(escape_bits(m), 0u);
  // A bucket of deltas of w >= 3 bits keeps w - 3 raw bits. Deltas of up to 8 bits (at most 128
  // values each) are common enough here to keep slots of their own; from 9 bits on (raw 6 to 29)
  // they are rare and escaped.
  const std::set<unsigned> widths = escape_widths(m);
  for (unsigned raw = 6; raw <= 29; ++raw) EXPECT_TRUE(widths.count(raw)) << raw << " raw bits";
  expect_decodes<pattern_value>(a, m);
}

// Values with no repeats: every one is the value escape symbol and its bits in the escape stream.
template <class V>
void expect_escaped_values_round_trip(const std::vector<V>& special, unsigned width) {
  SCOPED_TRACE(width);
  std::mt19937_64 random(width);
  std::vector<std::vector<vertex_id>> rows(300);
  buffer<V> values;
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (vertex_id c = vertex_id(r % 7); c < 5000; c += vertex_id(1 + random() % 400))
      rows[r].push_back(c);
  csr_matrix a = from_rows(5000, rows);
  for (edge_offset k = 0; k < a.nnz(); ++k) {
    std::uint64_t b = random();
    V x;
    std::memcpy(&x, &b, sizeof(V));
    values.push_back(k < special.size() ? special[k] : x);
  }
  a.values = shared_array<V>(std::move(values));
  const dtans_matrix m = dtans_matrix::from_csr(a);
  const auto v = m.view<V>();
  bool escape = false;
  for (std::uint32_t s = 0; s < dtans_slots; ++s)
    escape = escape || v.value_table[s].raw_bits == width;
  EXPECT_TRUE(escape);
  // distinct values: at most K - 1 of them keep slots, every other one is escaped, all its bits raw
  EXPECT_GE(escape_bits(m), (a.nnz() - (dtans_slots - 1)) * width);
  expect_decodes<V>(a, m);
}

TEST(DtansDecode, EscapedValuesOf32And64BitsKeepEveryBit) {
  const double nan_payload = std::bit_cast<double>(std::uint64_t(0x7ff8000000abcdefULL));
  expect_escaped_values_round_trip<double>(
      {-0.0, nan_payload, std::numeric_limits<double>::denorm_min(),
       -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::max()},
      64);
  expect_escaped_values_round_trip<float>({-0.0f, std::bit_cast<float>(std::uint32_t(0x7fc01234)),
                                           std::numeric_limits<float>::denorm_min()},
                                          32);
  expect_escaped_values_round_trip<std::int64_t>(
      {std::numeric_limits<std::int64_t>::min(), -1, std::numeric_limits<std::int64_t>::max()}, 64);
  expect_escaped_values_round_trip<std::uint32_t>({0xffffffffu, 0}, 32);
}

TEST(DtansDecode, ACommonSymbolTakesTheLargestMultiplicity) {
  // Deltas of 2 only (no runs, which take deltas of 1): one symbol and end-of-row, so the
  // delta's multiplicity is capped at M = 256.
  std::vector<std::vector<vertex_id>> rows(400);
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (vertex_id c = 1; c < 2 * (50 + r % 13); c += 2) rows[r].push_back(c);
  const csr_matrix a = from_rows(2000, rows);
  const dtans_matrix m = dtans_matrix::from_csr(a);
  const auto v = m.view<pattern_value>();
  bool capped = false;
  for (std::uint32_t s = 0; s < dtans_slots; ++s)
    capped = capped || (v.index_table[s].symbol == 2 &&
                        v.index_table[s].base_minus_1 == dtans_max_multiplicity - 1);
  EXPECT_TRUE(capped);
  expect_decodes<pattern_value>(a, m);
}

TEST(DtansDecode, LanesClosedByTheRowLimitAndEveryLastSegmentLength) {
  // 200,000 rows, almost all empty: with lanes of 2^20 symbols, the 65535-row limit closes them.
  std::vector<std::vector<vertex_id>> rows(200000);
  rows[7] = {3, 4, 5};
  rows[65535] = {0};
  rows[199999] = {99};
  const csr_matrix a = from_rows(100, rows);
  const dtans_matrix m = dtans_matrix::from_csr(a, {1u << 20});
  const auto v = m.view<pattern_value>();
  std::uint64_t lanes = 0;
  for (std::uint64_t l = 0; l < v.slices * dtans_lanes; ++l) {
    EXPECT_LE(v.lane_rows[l], dtans_max_lane_rows);
    lanes += v.lane_rows[l] > 0;
  }
  EXPECT_EQ(lanes, (200000 + dtans_max_lane_rows - 1) / dtans_max_lane_rows);
  expect_decodes<pattern_value>(a, m);
  // A lane closes after each row (lane_symbols 1): rows of 0 to 9 entries give lanes of 1 to 10
  // symbols, so last segments of every length from 1 to 8 and lanes of one and two segments.
  std::vector<std::vector<vertex_id>> short_rows;
  for (int r = 0; r < 100; ++r) {
    short_rows.emplace_back();
    for (int c = 0; c < r % 10; ++c) short_rows.back().push_back(vertex_id(3 * c + r % 3));
  }
  const csr_matrix b = from_rows(40, short_rows);
  expect_decodes<pattern_value>(b, dtans_matrix::from_csr(b, {1}));
  std::set<std::uint32_t> symbols;
  const auto w = dtans_matrix::from_csr(b, {1});
  const auto wv = w.view<pattern_value>();
  for (std::uint64_t l = 0; l < wv.slices * dtans_lanes; ++l)
    if (wv.lane_rows[l]) symbols.insert(wv.lane_symbols[l]);
  for (std::uint32_t n = 1; n <= 9; ++n) EXPECT_TRUE(symbols.count(n)) << n << " symbols";
}

template <class T>
std::vector<T> copy_of(const shared_array<T>& a) {
  return std::vector<T>(a.data(), a.data() + a.size());
}

// The encoders count symbols and encode blocks in parallel: the code must not depend on the
// number of threads. 4000 rows over 2^20 columns: short deltas (counted in the dense array), long
// ones (in the map beside it), runs of consecutive columns, empty rows; enough entries for the
// parallel paths.
TEST(FormatEncoders, TheCodeIsTheSameOnAnyNumberOfThreads) {
  std::mt19937_64 random(11);
  std::vector<std::vector<vertex_id>> rows(4000);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (r % 13 == 0) continue;
    std::uint64_t col = random() % 64;
    while (col < (1u << 20) && rows[r].size() < 80) {
      rows[r].push_back(vertex_id(col));
      const std::uint64_t kind = random() % 4;
      col += kind == 0 ? 1 : kind == 1 ? 1 + random() % 100 : 1 + random() % 200000;
    }
  }
  const csr_matrix a = from_rows(1u << 20, rows);
  ASSERT_GT(a.nnz(), 65536u);
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  const dtans_parts one = dtans_matrix::from_csr(a).parts();
  const cci_matrix cci_one = cci_matrix::from_csr(a);
  omp_set_num_threads(std::max(threads, 3));
  const dtans_matrix m = dtans_matrix::from_csr(a);
  const cci_matrix cci_many = cci_matrix::from_csr(a);
  omp_set_num_threads(threads);
  const dtans_parts many = m.parts();
  EXPECT_EQ(copy_of(one.words), copy_of(many.words));
  EXPECT_EQ(copy_of(one.escapes), copy_of(many.escapes));
  EXPECT_EQ(copy_of(one.word_start), copy_of(many.word_start));
  EXPECT_EQ(0, std::memcmp(one.index_table.data(), many.index_table.data(),
                           dtans_slots * sizeof(dtans_index_entry)));
  EXPECT_EQ(one.index_share, many.index_share);
  expect_decodes<pattern_value>(a, m);
  EXPECT_EQ(cci_one.parts().words.size(), cci_many.parts().words.size());
  EXPECT_EQ(copy_of(cci_one.parts().words), copy_of(cci_many.parts().words));
  EXPECT_EQ(cci_many.to_csr().cols.size(), a.nnz());
  EXPECT_TRUE(std::equal(a.cols.begin(), a.cols.end(), cci_many.to_csr().cols.begin()));
}

TEST(DtansDecode, RunsAreCutAtTheLongestRunAsked) {
  // Rows of consecutive columns (runs of 1 to 70 deltas of 1) with gaps: every max_run from
  // none (1) to the format's 32 decodes them, and no run symbol stands for more than asked.
  std::vector<std::vector<vertex_id>> rows;
  for (vertex_id length = 1; length <= 70; ++length) {
    rows.emplace_back();
    for (vertex_id c = 0; c < length; ++c) rows.back().push_back(c + length % 5);
    rows.back().push_back(200 + length);
  }
  const csr_matrix a = from_rows(300, rows);
  std::uint64_t previous = 0;
  for (std::uint32_t max_run : {32u, 8u, 4u, 2u, 1u}) {
    SCOPED_TRACE(max_run);
    const dtans_matrix m = dtans_matrix::from_csr(a, {512, max_run});
    expect_decodes<pattern_value>(a, m);
    const auto v = m.view<pattern_value>();
    std::uint32_t longest = 1;
    for (std::uint32_t s = 0; s < dtans_slots; ++s)
      if (v.index_table[s].symbol == 1)
        longest = std::max<std::uint32_t>(longest, v.index_table[s].count);
    EXPECT_EQ(longest, max_run);
    std::uint64_t symbols = 0;
    for (std::uint64_t l = 0; l < v.slices * dtans_lanes; ++l) symbols += v.lane_symbols[l];
    EXPECT_GT(symbols, previous);  // shorter runs: more symbols
    previous = symbols;
  }
  for (std::uint32_t bad : {0u, dtans_max_run + 1}) {
    try {
      dtans_matrix::from_csr(a, {512, bad});
      ADD_FAILURE() << "no error for max_run " << bad;
    } catch (const error& e) {
      EXPECT_EQ(e.kind(), error_kind::usage);
    }
  }
}

}  // namespace
}  // namespace graphring

// dtans_matrix::validate (engine/formats/dtans_validate.cpp): true for every matrix the encoder
// builds (empty ones, empty rows, one long row, self loops, pattern and weighted of every value
// type, lanes of 1 to 512 symbols, runs of 1 to 32), false for each kind of damage a file could
// hold (one test per check), and, on parts with random bits flipped, either false or a matrix
// that to_csr and the pull SpMV decode inside its bounds (run under AddressSanitizer).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <vector>

#include "engine/formats/dtans.hpp"
#include "kernels/cpu/format_spmv.hpp"
#include "semirings/builtin.hpp"

namespace graphring {
namespace {

csr_matrix matrix_of_rows(std::uint64_t ncols, const std::vector<std::vector<vertex_id>>& rows) {
  std::vector<edge_offset> offsets(rows.size() + 1, 0);
  std::vector<vertex_id> cols;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    cols.insert(cols.end(), rows[r].begin(), rows[r].end());
    offsets[r + 1] = cols.size();
  }
  csr_matrix a;
  a.nrows = rows.size();
  a.ncols = ncols;
  a.offsets = shared_array<edge_offset>(std::move(offsets));
  a.cols = shared_array<vertex_id>(std::move(cols));
  return a;
}

// nrows rows of about `degree` distinct ascending columns below ncols; every 7th row runs of
// consecutive columns, every 11th empty.
csr_matrix random_csr(std::uint64_t nrows, std::uint64_t ncols, std::uint64_t degree,
                      std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<std::vector<vertex_id>> rows(nrows);
  for (std::uint64_t r = 0; r < nrows; ++r) {
    if (r % 11 == 3) continue;
    const std::uint64_t n = random() % (2 * degree + 1);
    for (std::uint64_t k = 0; k < n; ++k) rows[r].push_back(vertex_id(random() % ncols));
    if (r % 7 == 0)
      for (std::uint64_t c = random() % ncols, k = 0; k < 40 && c < ncols; ++k, ++c)
        rows[r].push_back(vertex_id(c));
    std::sort(rows[r].begin(), rows[r].end());
    rows[r].erase(std::unique(rows[r].begin(), rows[r].end()), rows[r].end());
  }
  return matrix_of_rows(ncols, rows);
}

// a with values of type T: half from a few hundred (slots of their own), half from a million
// (the most frequent with slots, the others escaped once more than K - 1 are distinct).
template <class T>
csr_matrix weighted(csr_matrix a, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<T> values(a.nnz());
  for (T& v : values) v = T(random() % 2 ? random() % 300 : random() % 1000000);
  a.values = shared_array<T>(std::move(values));
  return a;
}

// Rows whose deltas have every bit length (1 to 32), rare enough to be escaped.
csr_matrix wide_deltas() {
  std::mt19937_64 random(5);
  std::vector<std::vector<vertex_id>> rows;
  for (unsigned w = 1; w <= 32; ++w) {
    rows.emplace_back();
    for (std::uint64_t col = random() % 4; col < max_vertices && rows.back().size() < 50;) {
      rows.back().push_back(vertex_id(col));
      col += (std::uint64_t(1) << (w - 1)) + random() % (std::uint64_t(1) << (w - 1));
    }
  }
  return matrix_of_rows(max_vertices, rows);
}

// The matrix with edit(parts) applied, every array copied to the heap (so that AddressSanitizer
// sees one past its end).
template <class T>
void own(shared_array<T>& a) {
  a = shared_array<T>(std::vector<T>(a.begin(), a.end()));
}
template <class Edit>
dtans_matrix edited(const dtans_matrix& m, Edit&& edit) {
  dtans_parts p = m.parts();
  own(p.slice_row), own(p.word_start), own(p.escape_start), own(p.lane_rows);
  own(p.lane_symbols), own(p.words), own(p.escapes), own(p.index_table), own(p.value_table);
  edit(p);
  return dtans_matrix::from_parts(std::move(p));
}
template <class Edit>
bool valid_after(const dtans_matrix& m, Edit&& edit) {
  return edited(m, edit).validate();
}

// Array a with f(vector) applied, copied to storage of its exact size.
template <class T, class F>
void change(shared_array<T>& a, F&& f) {
  std::vector<T> v(a.begin(), a.end());
  f(v);
  a = shared_array<T>(std::vector<T>(v.begin(), v.end()));
}
template <class T>
void set(shared_array<T>& a, std::size_t i, T value) {
  change(a, [&](std::vector<T>& v) { v[i] = value; });
}
template <class T>
void shorten(shared_array<T>& a) {
  change(a, [](std::vector<T>& v) { v.pop_back(); });
}

// A pattern matrix of several slices and a weighted one with escaped values.
dtans_matrix pattern_matrix() { return dtans_matrix::from_csr(random_csr(600, 900, 6, 1), {64}); }
dtans_matrix double_matrix() {
  return dtans_matrix::from_csr(weighted<double>(random_csr(1500, 900, 6, 2), 3), {64});
}

// The first slot of the index table's first symbol with the given count (0: end of row) and at
// least least_m slots.
std::uint32_t index_slot(const dtans_matrix& m, std::uint8_t count, std::uint32_t least_m = 1) {
  const auto v = m.view<pattern_value>();
  for (std::uint32_t k = 0; k < dtans_slots; ++k)
    if (v.index_table[k].count == count && v.index_table[k].digit == 0 &&
        v.index_table[k].base_minus_1 + 1u >= least_m)
      return k;
  ADD_FAILURE() << "no slot of count " << int(count);
  return 0;
}

TEST(DtansValidate, AcceptsEveryEncodedShape) {
  std::vector<csr_matrix> shapes = {
      matrix_of_rows(0, {}),
      matrix_of_rows(5, {}),
      matrix_of_rows(10, std::vector<std::vector<vertex_id>>(100)),
      wide_deltas(),
      random_csr(3000, 3000, 8, 7),
      random_csr(200, 100000, 30, 8),
  };
  std::vector<vertex_id> long_row;
  for (vertex_id c = 0; c < 60000; c += 1 + c % 3) long_row.push_back(c);
  shapes.push_back(matrix_of_rows(60000, {{}, long_row, {}, {5}}));
  std::vector<std::vector<vertex_id>> loops(1000);
  for (vertex_id r = 0; r < 1000; ++r) loops[r] = {r};
  shapes.push_back(matrix_of_rows(1000, loops));
  // Duplicate edges (the builder may keep them): deltas of 0, also first in a row.
  const csr_matrix duplicates = matrix_of_rows(20, {{0, 0, 0, 3, 3, 4, 5, 5}, {}, {19, 19}, {7}});
  shapes.push_back(duplicates);
  const csr_matrix base = random_csr(700, 700, 5, 9);
  shapes.push_back(weighted<float>(base, 1));
  shapes.push_back(weighted<double>(base, 2));
  shapes.push_back(weighted<std::int32_t>(base, 3));
  shapes.push_back(weighted<std::int64_t>(base, 4));
  shapes.push_back(weighted<std::uint32_t>(base, 5));
  shapes.push_back(weighted<std::uint64_t>(base, 6));
  shapes.push_back(weighted<double>(matrix_of_rows(1000, loops), 7));
  shapes.push_back(weighted<float>(duplicates, 8));
  for (std::size_t i = 0; i < shapes.size(); ++i)
    for (std::uint32_t lane_symbols : {1u, 7u, 512u})
      for (std::uint32_t max_run : {1u, 32u}) {
        SCOPED_TRACE(::testing::Message() << "shape " << i << ", lane_symbols " << lane_symbols
                                          << ", max_run " << max_run);
        const dtans_matrix m = dtans_matrix::from_csr(shapes[i], {lane_symbols, max_run});
        EXPECT_TRUE(m.validate());
        EXPECT_TRUE(dtans_matrix::from_parts(m.parts()).validate());
        EXPECT_TRUE(valid_after(m, [](dtans_parts&) {}));
      }
}

TEST(DtansValidate, RejectsEachArrayShortenedByOne) {
  for (const dtans_matrix& m : {pattern_matrix(), double_matrix()}) {
    EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { shorten(p.slice_row); }));
    EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { shorten(p.word_start); }));
    EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { shorten(p.escape_start); }));
    EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { shorten(p.lane_rows); }));
    EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { shorten(p.lane_symbols); }));
    EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { shorten(p.words); }));
    EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { shorten(p.escapes); }));
    EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { shorten(p.index_table); }));
    EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { p.word_start = {}; }));
  }
  EXPECT_FALSE(valid_after(double_matrix(), [](dtans_parts& p) { shorten(p.value_table); }));
}

TEST(DtansValidate, RejectsAStartPastTheEnd) {
  const dtans_matrix m = double_matrix();
  const auto v = m.view<pattern_value>();
  ASSERT_GT(v.slices, 2u);
  const std::uint64_t words = m.stream_words(), escapes = m.escape_words();
  for (std::uint64_t s : {std::uint64_t(1), v.slices}) {
    EXPECT_FALSE(valid_after(m, [&](dtans_parts& p) { set(p.word_start, s, words + 1); }));
    EXPECT_FALSE(valid_after(m, [&](dtans_parts& p) { set(p.escape_start, s, escapes); }));
    EXPECT_FALSE(valid_after(m, [&](dtans_parts& p) { set(p.slice_row, s, m.nrows() + 1); }));
  }
  // Starts out of order, or a slice's first word moved by one.
  EXPECT_FALSE(valid_after(m, [&](dtans_parts& p) { set(p.word_start, 1, v.word_start[2] + 1); }));
  EXPECT_FALSE(valid_after(m, [&](dtans_parts& p) { set(p.word_start, 1, v.word_start[1] + 1); }));
  EXPECT_FALSE(valid_after(m, [&](dtans_parts& p) { set(p.word_start, 0, std::uint64_t(1)); }));
}

TEST(DtansValidate, RejectsLaneRowsNotSumming) {
  const dtans_matrix m = pattern_matrix();
  const auto v = m.view<pattern_value>();
  EXPECT_FALSE(valid_after(
      m, [&](dtans_parts& p) { set(p.lane_rows, 3, std::uint16_t(v.lane_rows[3] + 1)); }));
  EXPECT_FALSE(valid_after(
      m, [&](dtans_parts& p) { set(p.lane_rows, 3, std::uint16_t(v.lane_rows[3] - 1)); }));
  // The slice's sum kept: a row moved from lane 3 to lane 4.
  EXPECT_FALSE(valid_after(m, [&](dtans_parts& p) {
    set(p.lane_rows, 3, std::uint16_t(v.lane_rows[3] - 1));
    set(p.lane_rows, 4, std::uint16_t(v.lane_rows[4] + 1));
  }));
  // A slice's first row moved.
  EXPECT_FALSE(valid_after(m, [&](dtans_parts& p) { set(p.slice_row, 1, v.slice_row[1] + 1); }));
}

TEST(DtansValidate, RejectsLaneSymbolsInflatedOrDeflated) {
  for (const dtans_matrix& m : {pattern_matrix(), double_matrix()}) {
    const auto v = m.view<pattern_value>();
    for (std::uint32_t l : {0u, 5u, 31u, 40u})
      for (std::int64_t by : {-8, -2, -1, 1, 2, 8}) {
        SCOPED_TRACE(::testing::Message() << "lane " << l << " by " << by);
        EXPECT_FALSE(valid_after(m, [&](dtans_parts& p) {
          set(p.lane_symbols, l, std::uint32_t(v.lane_symbols[l] + by));
        }));
      }
    EXPECT_FALSE(valid_after(m, [&](dtans_parts& p) { set(p.lane_symbols, 7, 0xffffffffu); }));
    EXPECT_FALSE(valid_after(m, [&](dtans_parts& p) { set(p.lane_symbols, 7, 0u); }));
  }
}

TEST(DtansValidate, RejectsIndexTableEntriesOutOfRange) {
  const dtans_matrix m = pattern_matrix();
  const std::uint32_t delta = index_slot(m, 1, 2), run = index_slot(m, 2), end = index_slot(m, 0);
  auto entry_edit = [&](std::uint32_t k, auto f) {
    return valid_after(m, [&](dtans_parts& p) {
      change(p.index_table, [&](std::vector<dtans_index_entry>& t) { f(t[k]); });
    });
  };
  EXPECT_FALSE(entry_edit(delta, [](dtans_index_entry& e) { e.digit = e.base_minus_1 + 1; }));
  EXPECT_FALSE(entry_edit(delta + 1, [](dtans_index_entry& e) { e.digit = 0; }));
  EXPECT_FALSE(entry_edit(delta, [](dtans_index_entry& e) { e.base_minus_1 += 1; }));
  EXPECT_FALSE(entry_edit(delta, [](dtans_index_entry& e) { e.base_minus_1 = 255; }));
  EXPECT_FALSE(entry_edit(delta, [](dtans_index_entry& e) { e.count = dtans_max_run + 1; }));
  EXPECT_FALSE(entry_edit(run, [](dtans_index_entry& e) { e.count = 255; }));
  EXPECT_FALSE(entry_edit(delta, [](dtans_index_entry& e) { e.raw_bits = 33; }));
  EXPECT_FALSE(entry_edit(delta, [](dtans_index_entry& e) { e.raw_bits = 64; }));
  EXPECT_FALSE(entry_edit(end, [](dtans_index_entry& e) { e.raw_bits = 3; }));
  EXPECT_FALSE(entry_edit(delta + 1, [](dtans_index_entry& e) { e.symbol += 1; }));
  // The last slot claiming more slots than the table has left.
  EXPECT_FALSE(entry_edit(dtans_slots - 1, [](dtans_index_entry& e) { e.base_minus_1 = 1; }));
  // A base above M cannot be stored: base - 1 is 8 bits.
  static_assert(std::numeric_limits<decltype(dtans_index_entry::base_minus_1)>::max() + 1u ==
                dtans_max_multiplicity);
}

TEST(DtansValidate, RejectsRunsAndValueEntriesOfAWeightedTable) {
  const dtans_matrix m = double_matrix();
  const std::uint32_t delta = index_slot(m, 1);
  EXPECT_FALSE(valid_after(m, [&](dtans_parts& p) {
    change(p.index_table, [&](std::vector<dtans_index_entry>& t) { t[delta].count = 2; });
  }));
  const auto v = m.view<double>();
  std::uint32_t escape = dtans_slots;
  for (std::uint32_t k = 0; k < dtans_slots && escape == dtans_slots; ++k)
    if (v.value_table[k].raw_bits) escape = k;
  ASSERT_LT(escape, dtans_slots);
  auto value_edit = [&](std::uint32_t k, auto f) {
    return valid_after(m, [&](dtans_parts& p) {
      change(p.value_table, [&](std::vector<dtans_value_entry>& t) { f(t[k]); });
    });
  };
  EXPECT_FALSE(value_edit(escape, [](dtans_value_entry& e) { e.raw_bits = 32; }));
  EXPECT_FALSE(value_edit(escape, [](dtans_value_entry& e) { e.raw_bits = 16; }));
  EXPECT_FALSE(value_edit(0, [](dtans_value_entry& e) { e.raw_bits = 64; }));
  EXPECT_FALSE(value_edit(0, [](dtans_value_entry& e) { e.digit = e.base_minus_1 + 1; }));
  EXPECT_FALSE(value_edit(0, [](dtans_value_entry& e) { e.base_minus_1 += 1; }));
  // The value table's size: K entries for a weighted matrix, none for a pattern one.
  EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { p.value_table = {}; }));
  EXPECT_FALSE(valid_after(pattern_matrix(),
                           [&](dtans_parts& p) { p.value_table = m.parts().value_table; }));
}

TEST(DtansValidate, RejectsWrongCountsAndTypes) {
  const dtans_matrix m = double_matrix(), pattern = pattern_matrix();
  EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { p.nnz += 1; }));
  EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { p.nnz -= 1; }));
  EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { p.nrows += 1; }));
  EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { p.nrows -= 1; }));
  const csr_matrix a = pattern.to_csr();
  const vertex_id largest = *std::max_element(a.cols.begin(), a.cols.end());
  EXPECT_TRUE(valid_after(pattern, [&](dtans_parts& p) { p.ncols = largest + 1; }));
  EXPECT_FALSE(valid_after(pattern, [&](dtans_parts& p) { p.ncols = largest; }));
  EXPECT_FALSE(valid_after(pattern, [&](dtans_parts& p) { p.ncols = max_vertices + 1; }));
  EXPECT_FALSE(valid_after(pattern, [](dtans_parts& p) { p.values_type = value_type::float32; }));
  EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { p.values_type = value_type::none; }));
  EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { p.values_type = value_type::float32; }));
  EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { p.values_type = value_type(7); }));
  EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { p.index_share = 1.5; }));
  EXPECT_FALSE(valid_after(m, [](dtans_parts& p) { p.value_share = std::nan(""); }));
}

TEST(DtansValidate, RejectsColumnsThatWrapPast32Bits) {
  // A run's delta made 2^32 - 1: its columns step down by one, modulo 2^32.
  const dtans_matrix m = pattern_matrix();
  const std::uint32_t run = index_slot(m, 2);
  EXPECT_TRUE(valid_after(m, [](dtans_parts& p) { p.ncols = max_vertices; }));
  EXPECT_FALSE(valid_after(m, [&](dtans_parts& p) {
    p.ncols = max_vertices;
    change(p.index_table, [&](std::vector<dtans_index_entry>& t) {
      for (std::uint32_t k = run; k <= run + t[run].base_minus_1; ++k) t[k].symbol = 0xffffffffu;
    });
  }));
}

TEST(DtansValidate, RejectsAnArrayAtAnUnalignedAddress) {
  const dtans_matrix m = pattern_matrix();
  EXPECT_FALSE(valid_after(m, [](dtans_parts& p) {
    const std::size_t n = p.word_start.size();
    auto bytes = std::make_shared<std::vector<unsigned char>>(n * 8 + 8);
    std::memcpy(bytes->data() + 4, p.word_start.data(), n * 8);
    const void* at = bytes->data() + 4;
    p.word_start = shared_array<std::uint64_t>(bytes, static_cast<const std::uint64_t*>(at), n);
  }));
}

// Slice s's stream (words or escapes) one word shorter, the starts after it moved to match: the
// structure fits, the decode would read past the slice's words or escape bits.
void cut_slice_word(shared_array<std::uint32_t>& stream, shared_array<std::uint64_t>& start,
                    std::uint64_t s) {
  const std::uint64_t end = start[s + 1];
  change(stream, [&](std::vector<std::uint32_t>& w) { w.erase(w.begin() + end - 1); });
  change(start, [&](std::vector<std::uint64_t>& v) {
    for (std::uint64_t k = s + 1; k < v.size(); ++k) --v[k];
  });
}

TEST(DtansValidate, RejectsStreamsThatEndBeforeTheirLoads) {
  for (const dtans_matrix& m : {pattern_matrix(), double_matrix()}) {
    const auto v = m.view<pattern_value>();
    for (std::uint64_t s : {std::uint64_t(0), v.slices / 2, v.slices - 1}) {
      SCOPED_TRACE(s);
      EXPECT_FALSE(
          valid_after(m, [&](dtans_parts& p) { cut_slice_word(p.words, p.word_start, s); }));
      if (v.escape_start[s + 1] == v.escape_start[s]) continue;
      EXPECT_FALSE(
          valid_after(m, [&](dtans_parts& p) { cut_slice_word(p.escapes, p.escape_start, s); }));
    }
  }
  const dtans_matrix m = double_matrix();
  const auto v = m.view<pattern_value>();
  ASSERT_GT(v.escape_start[v.slices], 0u);
  // A slice's escape words moved to the next: each keeps the slice's bits, misplaced.
  EXPECT_FALSE(
      valid_after(m, [&](dtans_parts& p) { set(p.escape_start, 1, v.escape_start[1] + 1); }));
}

// Flips a random bit of a random element (of a table entry's fields, not its padding).
template <class T>
void flip_bit(shared_array<T>& a, std::mt19937_64& random) {
  if (a.empty()) return;
  change(a, [&](std::vector<T>& v) {
    T& x = v[random() % v.size()];
    if constexpr (std::is_same_v<T, dtans_value_entry>) {
      const unsigned bit = unsigned(random() % 88);
      std::uint8_t* small[] = {&x.raw_bits, &x.digit, &x.base_minus_1};
      if (bit < 64)
        x.symbol ^= std::uint64_t(1) << bit;
      else
        *small[(bit - 64) / 8] ^= std::uint8_t(1u << (bit % 8));
    } else {
      static_assert(std::has_unique_object_representations_v<T>);
      unsigned char bytes[sizeof(T)];
      std::memcpy(bytes, &x, sizeof(T));
      bytes[random() % sizeof(T)] ^= std::uint8_t(1u << (random() % 8));
      std::memcpy(&x, bytes, sizeof(T));
    }
  });
}

// Flips a random bit of one of the parts' arrays, the streams more often.
void flip_any(dtans_parts& p, std::mt19937_64& random) {
  // clang-format off
  switch (random() % 12) {
    case 0: flip_bit(p.slice_row, random); break;
    case 1: flip_bit(p.word_start, random); break;
    case 2: flip_bit(p.escape_start, random); break;
    case 3: flip_bit(p.lane_rows, random); break;
    case 4: flip_bit(p.lane_symbols, random); break;
    case 5: case 6: flip_bit(p.escapes, random); break;
    case 7: flip_bit(p.index_table, random); break;
    case 8: flip_bit(p.value_table, random); break;
    default: flip_bit(p.words, random); break;
  }
  // clang-format on
}

// What an accepted matrix must give: to_csr's rows not descending, below ncols, nnz entries,
// and (when x fits) the pull SpMV over its slices equal to the CSR loop.
void expect_decodes_in_bounds(const dtans_matrix& m) {
  const std::uint64_t ncols = m.parts().ncols;
  const csr_matrix a = m.to_csr();
  ASSERT_EQ(a.offsets.size(), m.nrows() + 1);
  ASSERT_EQ(a.offsets[m.nrows()], m.nnz());
  ASSERT_EQ(a.cols.size(), m.nnz());
  for (std::uint64_t r = 0; r < m.nrows(); ++r)
    for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) {
      ASSERT_LT(a.cols[k], ncols);
      if (k > a.row_begin(r)) {
        ASSERT_LE(a.cols[k - 1], a.cols[k]);
      }
    }
  if (ncols > (1u << 20)) return;
  std::vector<double> x(ncols), want(m.nrows(), 0), y(m.nrows());
  std::vector<std::uint8_t> present(m.nrows());
  for (std::uint64_t k = 0; k < ncols; ++k) x[k] = double(k % 7);
  for (std::uint64_t r = 0; r < m.nrows(); ++r)
    for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) want[r] += x[a.cols[k]];
  const auto all = [](std::uint64_t) { return true; };
  kernels::spmv_pull_stored<plus_times<double>>(m.view<pattern_value>(), x.data(), nullptr,
                                                y.data(), present.data(), all);
  for (std::uint64_t r = 0; r < m.nrows(); ++r) {
    EXPECT_EQ(present[r], a.row_length(r) > 0) << "row " << r;
    if (present[r]) {
      EXPECT_EQ(y[r], want[r]) << "row " << r;
    }
  }
}

TEST(DtansValidate, FlippedBitsAreRejectedOrDecodeInBounds) {
  const std::vector<dtans_matrix> bases = {
      pattern_matrix(),
      double_matrix(),
      dtans_matrix::from_csr(weighted<float>(random_csr(300, 5000, 4, 11), 12), {16}),
      dtans_matrix::from_csr(wide_deltas(), {32}),
      dtans_matrix::from_csr(random_csr(800, 400, 3, 13), {1, 4}),  // 25 slices
  };
  std::uint64_t accepted = 0, rejected = 0;
  for (std::uint64_t seed = 0; seed < 3000; ++seed) {
    std::mt19937_64 random(seed);
    const dtans_matrix& base = bases[seed % bases.size()];
    const int flips = 1 + int(random() % 3);
    const dtans_matrix m = edited(base, [&](dtans_parts& p) {
      for (int f = 0; f < flips; ++f) flip_any(p, random);
    });
    if (!m.validate()) {
      ++rejected;
      continue;
    }
    ++accepted;
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    expect_decodes_in_bounds(m);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(rejected, 2000u);
  RecordProperty("accepted", int(accepted));
  RecordProperty("rejected", int(rejected));
}

}  // namespace
}  // namespace graphring

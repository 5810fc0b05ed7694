// CCI [Lawlor, "In-memory data compression for sparse matrices", IA^3 2013] decoders on codes
// that reach every branch: the buffered reader's refill for 35-bit codewords (column jumps of
// 2^29 and more, which only matrices of over 2^29 columns hold), read by the CPU kernel's
// byte-wise reader too, and validate()'s refusals, one per check, of views that a damaged file or
// a fuzzer could hand it, with one and with several slices; and groups cut by symbols (the GPU's
// layout), walked in order and sought into.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <type_traits>
#include <vector>

#include "engine/formats/cci.hpp"
#include "kernels/cpu/spmv_cci.hpp"

namespace graphring {
namespace {

// nrows rows over ncols columns; each row's columns sorted, drawn so that the gaps between them
// take every width up to the column count.
csr_matrix wide_matrix(std::uint64_t nrows, std::uint64_t ncols, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  buffer<edge_offset> offsets(nrows + 1);
  buffer<vertex_id> cols;
  offsets[0] = 0;
  for (std::uint64_t r = 0; r < nrows; ++r) {
    std::vector<std::uint64_t> row;
    const std::uint64_t length = random() % 12;
    for (std::uint64_t j = 0; j < length; ++j) {
      const unsigned bits = unsigned(random() % 33);
      row.push_back(
          bits == 0 ? 0 : random() % std::min<std::uint64_t>(ncols, std::uint64_t(1) << bits));
    }
    if (r % 3 == 0)
      row.insert(row.end(), {0, ncols - 1, ncols / 2, (std::uint64_t(1) << 29) % ncols});
    std::sort(row.begin(), row.end());
    row.erase(std::unique(row.begin(), row.end()), row.end());
    for (std::uint64_t c : row) cols.push_back(vertex_id(c));
    offsets[r + 1] = cols.size();
  }
  csr_matrix a;
  a.nrows = nrows;
  a.ncols = ncols;
  a.offsets = shared_array<edge_offset>(std::move(offsets));
  a.cols = shared_array<vertex_id>(std::move(cols));
  return a;
}

// Every row of a one-slice CCI view decoded by a reader: cci_reader (buffered, the GPU's) or
// cci_byte_reader (byte-wise loads, the CPU kernel's).
template <class Reader>
std::vector<std::vector<vertex_id>> rows_by_reader(const cci_view<pattern_value>& v) {
  std::vector<std::vector<vertex_id>> rows(v.nrows);
  for (std::uint64_t g = 0; g < v.group_count(); ++g) {
    Reader in(v, v.group_start(g));
    auto next = [&](std::uint32_t& delta, std::uint32_t& count) {
      if constexpr (std::is_same_v<Reader, cci_reader>) {
        in.next_code(v, delta, count);
      } else {
        in.next_code(delta, count);
      }
    };
    for (std::uint64_t r = v.group_first_row(g); r < v.group_first_row(g + 1); ++r) {
      std::uint32_t length = 0, col = 0xffffffffu, delta = 0, count = 0;
      next(length, count);
      for (std::uint64_t left = length; left > 0;) {
        next(delta, count);
        for (std::uint32_t i = 0; i < count && left > 0; ++i, --left) {
          col += delta;
          rows[r].push_back(col);
        }
      }
    }
  }
  return rows;
}

// Both readers decode the CSR's rows.
void expect_readers_decode(const cci_view<pattern_value>& v, const csr_matrix& a) {
  const auto buffered = rows_by_reader<cci_reader>(v);
  const auto bytewise = rows_by_reader<kernels::cci_byte_reader>(v);
  for (std::uint64_t r = 0; r < a.nrows; ++r) {
    const std::vector<vertex_id> want(a.cols.begin() + std::ptrdiff_t(a.row_begin(r)),
                                      a.cols.begin() + std::ptrdiff_t(a.row_end(r)));
    EXPECT_EQ(buffered[r], want) << "row " << r << ", cci_reader";
    EXPECT_EQ(bytewise[r], want) << "row " << r << ", cci_byte_reader";
  }
}

TEST(CciDecode, JumpsOf2To29AndMoreTakeTheReadersRefill) {
  for (const std::uint64_t ncols : {std::uint64_t(1) << 30, std::uint64_t(max_vertices)}) {
    SCOPED_TRACE(ncols);
    const csr_matrix a = wide_matrix(300, ncols, ncols);
    const cci_matrix m = cci_matrix::from_csr(a);
    const cci_view<pattern_value> v = m.view<pattern_value>(nullptr);
    ASSERT_EQ(v.max_code_bits(), 35u);  // the wide immediate: the refill branch is live
    EXPECT_TRUE(validate(v, a.nnz()));
    expect_readers_decode(v, a);
    const csr_matrix back = m.to_csr();
    EXPECT_TRUE(std::ranges::equal(back.offsets, a.offsets));
    EXPECT_TRUE(std::ranges::equal(back.cols, a.cols));
  }
}

// A view's arrays copied, so that a test can damage them one at a time.
struct view_copy {
  std::vector<edge_offset> offsets, group_entry;
  std::vector<std::uint64_t> code_start, words;
  std::vector<std::uint32_t> group_row, group_bit;
  cci_view<pattern_value> v;

  explicit view_copy(const cci_matrix& m) : v(m.view<pattern_value>(nullptr)) {
    const std::uint64_t groups = v.group_count();
    if (v.offsets) offsets.assign(v.offsets, v.offsets + v.nrows + 1);
    if (v.group_entry) group_entry.assign(v.group_entry, v.group_entry + groups + 1);
    if (v.group_row) group_row.assign(v.group_row, v.group_row + groups + 1);
    if (v.group_bit) group_bit.assign(v.group_bit, v.group_bit + groups + 1);
    code_start.assign(v.code_start, v.code_start + v.start_count());
    words.assign(v.words, v.words + v.nwords);
    v.offsets = offsets.empty() ? nullptr : offsets.data();
    v.group_entry = group_entry.empty() ? nullptr : group_entry.data();
    v.group_row = group_row.empty() ? nullptr : group_row.data();
    v.group_bit = group_bit.empty() ? nullptr : group_bit.data();
    v.code_start = code_start.data();
    v.words = words.data();
  }
  view_copy(const view_copy&) = delete;
};

TEST(CciDecode, ValidateRefusesEachKindOfDamageWithOneSlice) {
  const csr_matrix a = wide_matrix(200, 5000, 3);
  const cci_matrix m = cci_matrix::from_csr(a);
  const std::uint64_t nnz = a.nnz();
  {
    view_copy c(m);
    ASSERT_TRUE(validate(c.v, nnz));
    EXPECT_FALSE(validate(c.v, nnz + 1));  // more values than the code holds
    EXPECT_FALSE(validate(c.v, nnz - 1));
  }
  const std::vector<std::pair<const char*, std::function<void(view_copy&)>>> damage = {
      {"no slices", [](view_copy& c) { c.v.slices = 0; }},
      {"too many slices", [](view_copy& c) { c.v.slices = cci_max_slices + 1; }},
      {"no padding words", [](view_copy& c) { c.v.nwords = 2; }},
      {"a column past ncols", [](view_copy& c) { c.v.ncols = 4000; }},
      {"more rows than ids", [](view_copy& c) { c.v.nrows = std::uint64_t(max_vertices) + 1; }},
      {"no group entries", [](view_copy& c) { c.v.group_entry = nullptr; }},
      {"no code starts", [](view_copy& c) { c.v.code_start = nullptr; }},
      {"no code", [](view_copy& c) { c.v.words = nullptr; }},
      {"first group entry not 0", [](view_copy& c) { c.group_entry[0] = 1; }},
      {"a group's first entry moved", [](view_copy& c) { c.group_entry[1] += 1; }},
      {"a group's first entry past the values",
       [](view_copy& c) { c.group_entry[2] = c.group_entry.back() + 5; }},
      {"a group starting past the code",
       [](view_copy& c) { c.code_start[1] = (c.v.nwords - 2) * 64; }},
      {"a group starting mid-code", [](view_copy& c) { c.code_start[2] += 3; }},
      {"the code cut short", [](view_copy& c) { c.v.nwords = 3; }},
  };
  for (const auto& [what, damage_it] : damage) {
    SCOPED_TRACE(what);
    view_copy c(m);
    damage_it(c);
    EXPECT_FALSE(validate(c.v, nnz));
  }
}

TEST(CciDecode, GroupsCutBySymbolsHoldAtMostThatManyAndDecodeAsTheRows) {
  csr_matrix a = wide_matrix(200, 5000, 5);
  const std::uint64_t symbols = 16;
  const cci_matrix m = cci_matrix::from_csr(a, cci_options{1, symbols});
  const cci_view<pattern_value> v = m.view<pattern_value>(nullptr);
  ASSERT_NE(v.group_row, nullptr);
  ASSERT_GT(v.group_count(), cci_start_every);  // starts stored as offsets from two blocks'.
  EXPECT_EQ(v.group_first_row(0), 0u);
  EXPECT_EQ(v.group_first_row(v.group_count()), a.nrows);
  for (std::uint64_t g = 0; g < v.group_count(); ++g) {
    const std::uint64_t first = v.group_first_row(g), last = v.group_first_row(g + 1);
    ASSERT_LT(first, last) << "group " << g;
    EXPECT_EQ(v.group_entry[g], a.offsets[first]) << "group " << g;
    const std::uint64_t taken = last - first + a.offsets[last] - a.offsets[first];
    EXPECT_TRUE(taken <= symbols || last == first + 1) << "group " << g;  // else one long row
    if (last < a.nrows) {  // the next row would not have fitted
      EXPECT_GT(taken + 1 + a.row_length(last), symbols) << "group " << g;
    }
    for (std::uint64_t r = first; r < last; ++r) EXPECT_EQ(v.group_of(r), g) << "row " << r;
  }
  expect_readers_decode(v, a);
  for (std::uint64_t r = 0; r < a.nrows; ++r) {
    const std::vector<vertex_id> want(a.cols.begin() + std::ptrdiff_t(a.row_begin(r)),
                                      a.cols.begin() + std::ptrdiff_t(a.row_end(r)));
    std::vector<vertex_id> sought;  // by random access: seek through the row's group
    v.for_each_in_row(r, [&](vertex_id c, edge_offset k) {
      EXPECT_EQ(k, a.row_begin(r) + sought.size());
      sought.push_back(c);
      return false;
    });
    EXPECT_EQ(sought, want) << "row " << r;
  }
  const csr_matrix back = m.to_csr();
  EXPECT_TRUE(std::ranges::equal(back.offsets, a.offsets));
  EXPECT_TRUE(std::ranges::equal(back.cols, a.cols));
  EXPECT_TRUE(validate(v, a.nnz()));
  std::uint64_t moved = 1;  // a group whose first row has entries: moving it shows in the entries
  while (a.row_length(v.group_first_row(moved)) == 0) ++moved;
  const std::vector<std::pair<const char*, std::function<void(view_copy&)>>> damage = {
      {"first group row not 0", [](view_copy& c) { c.group_row[0] = 1; }},
      {"last group row not nrows", [](view_copy& c) { c.group_row.back() -= 1; }},
      {"an empty group", [](view_copy& c) { c.group_row[2] = c.group_row[1]; }},
      {"a group row moved", [&](view_copy& c) { c.group_row[moved] += 1; }},
      {"no group offsets", [](view_copy& c) { c.v.group_bit = nullptr; }},
      {"a group starting mid-code", [](view_copy& c) { c.group_bit[5] += 3; }},
      {"a block's start moved", [](view_copy& c) { c.code_start[1] += 1; }},
  };
  for (const auto& [what, damage_it] : damage) {
    SCOPED_TRACE(what);
    view_copy c(m);
    damage_it(c);
    EXPECT_FALSE(validate(c.v, a.nnz()));
  }
}

TEST(CciDecode, ValidateRefusesEachKindOfDamageWithSeveralSlices) {
  const csr_matrix a = wide_matrix(100, 5000, 4);
  const cci_matrix m = cci_matrix::from_csr(a, {.slices = 4});
  const std::uint64_t nnz = a.nnz();
  {
    view_copy c(m);
    ASSERT_EQ(c.v.slices, 4u);
    ASSERT_TRUE(validate(c.v, nnz));
    EXPECT_FALSE(validate(c.v, nnz + 1));
  }
  // Row 3 (a row of every third with the four fixed columns) has entries in every slice.
  const std::vector<std::pair<const char*, std::function<void(view_copy&)>>> damage = {
      {"no offsets", [](view_copy& c) { c.v.offsets = nullptr; }},
      {"first offset not 0", [](view_copy& c) { c.offsets[0] = 1; }},
      {"offsets descending", [](view_copy& c) { std::swap(c.offsets[3], c.offsets[4]); }},
      {"a longer row than its streams hold", [](view_copy& c) { c.offsets[4] += 1; }},
      {"stream starts descending",
       [](view_copy& c) { std::swap(c.code_start[13], c.code_start[14]); }},
      {"the last stream ending past the code",
       [](view_copy& c) { c.code_start.back() = (c.v.nwords - 2) * 64 + 1; }},
      {"a stream cut short", [](view_copy& c) { c.code_start[13] = c.code_start[12]; }},
      // The last row (99, every third) has entries in its last stream: that stream is cut to end
      // one bit before its last codeword does, which only the check after each codeword sees.
      {"the last codeword ending past its stream",
       [](view_copy& c) {
         const edge_offset length = c.offsets[c.v.nrows] - c.offsets[c.v.nrows - 1];
         std::uint64_t end = c.code_start[c.code_start.size() - 2];
         c.v.skip_entries(end, (length - 3 + c.v.slices - 1) / c.v.slices);
         c.code_start.back() = end - 1;
       }},
      {"a column past ncols", [](view_copy& c) { c.v.ncols = 4000; }},
  };
  for (const auto& [what, damage_it] : damage) {
    SCOPED_TRACE(what);
    view_copy c(m);
    damage_it(c);
    EXPECT_FALSE(validate(c.v, nnz));
  }
}

}  // namespace
}  // namespace graphring

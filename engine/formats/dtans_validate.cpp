// dtans_matrix::validate (engine/formats/dtans.hpp): whether parts read from a file decode safely.
// Method: the structure first (array sizes, where slices start, each slice's rows and each lane's
// symbol counts, the tables laid out as the encoder lays them out), then every slice decoded once
// by the view's own lane steps in for_each_in_slice's lockstep order, each word load and each
// segment's escape bits checked against the slice's range before the decoder takes them, each
// entry's column and each row's end checked as they come. Slices run in parallel.
// Invariants then held by every decoder (the CPU slice decoder, to_csr, the pull kernels, the
// GPU's lanes, which find their escape bits by segment_escape_bits): reads stay inside the arrays,
// each row below nrows is closed exactly once, its columns do not descend (a delta may be 0: the
// builder may keep duplicate edges) and stay below ncols, and the entries number nnz. Shifts stay
// below 64 (raw bits <= 32), and the state's radix stays below W between segments (digit < base <=
// M, so M^8 = W^2 bounds it, as dtans.hpp explains).
#include <algorithm>
#include <cstdint>
#include <limits>

#include "engine/formats/dtans.hpp"

namespace graphring {
namespace {

template <class T>
bool aligned(const shared_array<T>& a) {
  return reinterpret_cast<std::uintptr_t>(a.data()) % alignof(T) == 0;
}

// starts[0] == 0, ascending, starts[n] == last.
bool ascends(const shared_array<std::uint64_t>& starts, std::uint64_t last) {
  if (starts[0] != 0 || starts[starts.size() - 1] != last) return false;
  for (std::size_t s = 1; s < starts.size(); ++s)
    if (starts[s] < starts[s - 1]) return false;
  return true;
}

// A table as the encoder lays it out: consecutive groups, one a symbol, of m slots (m its base,
// at most M), digits 0 .. m - 1 in order, the same symbol in each; so the bases sum to K.
template <class Entry, class Same>
bool groups_fit(const Entry* table, Same&& same) {
  for (std::uint32_t k = 0; k < dtans_slots;) {
    const std::uint32_t m = 1u + table[k].base_minus_1;
    if (m > dtans_max_multiplicity || m > dtans_slots - k) return false;
    for (std::uint32_t i = 0; i < m; ++i) {
      const Entry& e = table[k + i];
      if (e.digit != i || e.base_minus_1 != m - 1 || !same(e, table[k])) return false;
    }
    k += m;
  }
  return true;
}

// Index slots: an end of row without raw bits, runs only in a pattern matrix (up to the longest
// run), raw bits that read_raw can read (it shifts by them).
bool index_table_fits(const dtans_index_entry* table, bool weighted) {
  const std::uint32_t longest = weighted ? 1 : dtans_max_run;
  for (std::uint32_t k = 0; k < dtans_slots; ++k) {
    const dtans_index_entry& e = table[k];
    if (e.count > longest || e.raw_bits > 32 || (e.count == 0 && e.raw_bits != 0)) return false;
  }
  return groups_fit(table, [](const dtans_index_entry& a, const dtans_index_entry& b) {
    return a.symbol == b.symbol && a.raw_bits == b.raw_bits && a.count == b.count;
  });
}

// Value slots: a value, or the escape with all the value's bits raw.
bool value_table_fits(const dtans_value_entry* table, std::uint32_t width) {
  for (std::uint32_t k = 0; k < dtans_slots; ++k)
    if (table[k].raw_bits != 0 && table[k].raw_bits != width) return false;
  return groups_fit(table, [](const dtans_value_entry& a, const dtans_value_entry& b) {
    return a.symbol == b.symbol && a.raw_bits == b.raw_bits;
  });
}

// Slice s's lanes: rows summing to the slice's, symbols enough for their rows' ends (and fillers),
// none in a lane without rows; an even count in a weighted matrix (index, value, ...).
bool lanes_fit(const dtans_view<pattern_value>& v, std::uint64_t s) {
  const bool weighted = v.value_table != nullptr;
  std::uint64_t rows = 0;
  for (std::uint64_t l = s * dtans_lanes; l < (s + 1) * dtans_lanes; ++l) {
    const std::uint64_t r = v.lane_rows[l], n = v.lane_symbols[l];
    if ((r == 0 && n != 0) || n < (weighted ? 2 * r : r) || (weighted && n % 2)) return false;
    rows += r;
  }
  return v.slice_row[s + 1] - v.slice_row[s] == rows;
}

// Escape bits a segment reads at most: 8 symbols of 64 (a value escape; index raw bits <= 32).
constexpr std::uint64_t most_segment_bits = dtans_segment * 64;

// Slice s decoded as for_each_in_slice decodes it, each load checked first; adds its entries
// (stopping once they pass `most`). Near the end of the slice's escape bits a segment's reads are
// counted first: segment_escape_bits counts exactly what decode_segment reads (the GPU's lanes
// sum it to find where each lane's bits start).
bool slice_decodes(const dtans_view<pattern_value>& v, std::uint64_t s, std::uint64_t most,
                   std::uint64_t& entries) {
  std::uint64_t pos = v.word_start[s], esc = v.escape_start[s] * 32;
  const std::uint64_t word_end = v.word_start[s + 1], escape_end = v.escape_start[s + 1] * 32;
  dtans_lane lane[dtans_lanes];
  std::uint64_t row_end[dtans_lanes];
  // The last column in the lane's current row: -1 at its start, past any after its last row.
  std::int64_t last_col[dtans_lanes];
  std::uint64_t segments = 0, row = v.slice_row[s], count = 0;
  for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
    v.start_lane(s, l, row, lane[l]);
    row += v.lane_rows[s * dtans_lanes + l];
    row_end[l] = row;
    last_col[l] = -1;
    segments = std::max(segments, lane[l].segments);
  }
  // A column below the one before it is a delta that wrapped past 2^32; the rest do not descend,
  // so a row's last column is below ncols when they all are. An entry after a lane's last row
  // finds no column at or above the last.
  bool ok = true;
  auto on_entry = [&](std::uint32_t l, std::uint64_t, vertex_id col, pattern_value) {
    ok &= std::int64_t(col) >= last_col[l];
    last_col[l] = col;
    ++count;
  };
  auto on_row_end = [&](std::uint32_t l, std::uint64_t r) {
    ok &= (r < row_end[l]) & (last_col[l] < std::int64_t(v.ncols));
    last_col[l] = r + 1 < row_end[l] ? -1 : std::numeric_limits<std::int64_t>::max();
  };
  auto load = [&](std::uint32_t& w) {  // the slice's next word, if it has one
    if (pos == word_end) return false;
    w = v.words[pos++];
    return true;
  };
  for (int j = 0; j < 3; ++j)
    for (std::uint32_t l = 0; l < dtans_lanes; ++l)
      if (v.first_loads(lane[l], j) && !load(lane[l].w[j])) return false;
  for (std::uint64_t t = 0; t < segments; ++t) {
    for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
      if (t >= lane[l].segments) continue;
      if (escape_end - esc < most_segment_bits &&
          v.segment_escape_bits(lane[l], t) > escape_end - esc)
        return false;
      v.decode_segment(l, lane[l], t, esc, on_entry, on_row_end);
    }
    if (!ok || entries + count > most) return false;
    for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
      const bool loads = v.check_loads<0>(lane[l], t);
      if (loads && pos == word_end) return false;
      v.check_word<0>(lane[l], t, pos);
      pos += loads;
    }
    for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
      const bool loads = v.check_loads<1>(lane[l], t);
      if (loads && pos == word_end) return false;
      v.check_word<1>(lane[l], t, pos);
      pos += loads;
    }
    for (std::uint32_t l = 0; l < dtans_lanes; ++l)
      if (v.third_loads(lane[l], t) && !load(lane[l].w[2])) return false;
  }
  for (std::uint32_t l = 0; l < dtans_lanes; ++l)
    if (lane[l].row != row_end[l]) return false;  // every row closed
  entries += count;
  // All the slice's words loaded, its escape words ending in the word of its last raw bit.
  return pos == word_end && escape_end - esc < 32;
}

}  // namespace

bool dtans_matrix::validate() const noexcept {
  if (values_type_ > value_type::float64) return false;
  const bool weighted = values_type_ != value_type::none;
  if (nrows_ > max_vertices || ncols_ > max_vertices || word_start_.empty()) return false;
  const std::uint64_t slices = word_start_.size() - 1;
  if (slice_row_.size() != slices + 1 || escape_start_.size() != slices + 1 ||
      lane_rows_.size() != slices * dtans_lanes || lane_symbols_.size() != slices * dtans_lanes ||
      index_table_.size() != dtans_slots || value_table_.size() != (weighted ? dtans_slots : 0) ||
      escapes_.size() < 2)
    return false;
  // A mapped file could place an array at any byte.
  if (!aligned(slice_row_) || !aligned(word_start_) || !aligned(escape_start_) ||
      !aligned(lane_rows_) || !aligned(lane_symbols_) || !aligned(words_) || !aligned(escapes_) ||
      !aligned(index_table_) || !aligned(value_table_))
    return false;
  // The escapes end in two words of read_raw's reach.
  if (!ascends(slice_row_, nrows_) || !ascends(word_start_, words_.size()) ||
      !ascends(escape_start_, escapes_.size() - 2))
    return false;
  if (!index_table_fits(index_table_.data(), weighted) ||
      (weighted &&
       !value_table_fits(value_table_.data(), std::uint32_t(8 * type_size(values_type_)))))
    return false;
  // size()'s split of the stream bytes.
  if (!(index_share_ >= 0 && value_share_ >= 0 && index_share_ + value_share_ <= 1 + 1e-9))
    return false;
  const dtans_view<pattern_value> v = view<pattern_value>();
  bool ok = true;
  std::uint64_t entries = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(&& : ok) reduction(+ : entries) \
    if (slices > 16)
  for (std::int64_t s = 0; s < std::int64_t(slices); ++s)
    ok = ok && lanes_fit(v, std::uint64_t(s)) && slice_decodes(v, std::uint64_t(s), nnz_, entries);
  return ok && entries == nnz_;
}

}  // namespace graphring

// CSR-dtANS (Schätzle, Pegolotti, Püschel, "Fast Entropy Decoding for Sparse MVM on GPUs", 2026,
// seeds/003): per-row delta coding of the column ids (first delta from -1), then decoupled
// tabled ANS over the symbol stream d0 v0 d1 v1 ... (deltas only for a pattern matrix), with one
// coding table per domain (index, values).
//  - Tables of K = 4096 slots; a symbol owns m <= M = 256 slots; slot j gives the symbol, a
//    digit in [0, m) and the base m. Rare symbols are escaped to a separate escape stream (the
//    paper's alternative to in-stream escapes): a rare delta to the escape symbol of its bucket
//    (its bit length and the two bits after its leading one), its low bits raw; a rare value to
//    the value escape symbol, all its bits raw.
//  - The code is a stream of 32-bit words (W = 2^32). A segment of l = 8 symbols is unpacked from
//    o = 3 words (8 slots of 12 bits = 96 bits, so unpack is a bijection). The 8 returned digits
//    are added to the decoder state (d, r) in two groups of 4 (a group's radix is <= 2^32); after
//    each group a check either extracts the next word from the state (r >= W) or loads it from
//    the stream (f = 2 conditional loads); the third word is loaded unconditionally. With
//    M^8 = W^2, r stays below 2^32 between segments, so everything fits 64-bit integers. A
//    lane's last segment neither accumulates nor loads; its padding symbols are ignored, and
//    the words that hold only padding slots are never loaded.
//  - Several rows per lane (the paper's conclusion names it as the cure for short rows, whose
//    streams would otherwise cost at least a word each plus a stored length): a lane is one
//    stream over consecutive rows, each closed by an end-of-row symbol of the index table (an
//    empty row is that symbol alone; in a weighted matrix a filler value slot follows it, coded
//    as the cheapest value symbol and ignored). So row structure is entropy coded like the rest.
//    For a pattern matrix the index alphabet also holds runs of 2..32 deltas of 1 (consecutive
//    columns, as CCI's run codes), which matter on web graphs where most deltas are 1.
//  - Rows go to lanes in order, a lane closing once it holds `lane_symbols` symbols (or 65535
//    rows); 32 lanes form a slice (a warp). Per lane the row count (16 bits) and symbol count
//    (32 bits); per slice its first row and where its words and escape bits start. In every
//    load round the lanes that load take consecutive words in lane order, which is how a warp's
//    loads coalesce (on the GPU by ballot and popc). The escape stream of a slice is ordered by
//    (segment, lane, symbol).
// The decoder below walks a whole slice in lockstep, as a warp does, so the CPU tests run the
// same decode the GPU runs.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "engine/csr.hpp"
#include "engine/formats/format_support.hpp"
#include "engine/formats/format_view.hpp"

namespace graphring {

inline constexpr std::uint32_t dtans_slots = 4096;  // K
inline constexpr std::uint32_t dtans_slot_bits = 12;
inline constexpr std::uint32_t dtans_max_multiplicity = 256;  // M
inline constexpr std::uint32_t dtans_lanes = 32;
inline constexpr std::uint32_t dtans_segment = 8;  // l
inline constexpr std::uint32_t dtans_max_run = 32;
inline constexpr std::uint32_t dtans_max_lane_rows = 0xffff;

// A slot of the index table.
struct dtans_index_entry {
  std::uint32_t symbol;       // the delta; a run's delta (1); an escape bucket's smallest delta
  std::uint8_t raw_bits;      // delta bits read from the escape stream and added to symbol
  std::uint8_t count;         // deltas the symbol stands for: 1, a run's length, 0: end of row
  std::uint8_t digit;         // 0 .. m - 1
  std::uint8_t base_minus_1;  // the symbol's multiplicity m, less one
};

// A slot of the value table.
struct dtans_value_entry {
  std::uint64_t symbol;   // the value's bits (0 for the escape)
  std::uint8_t raw_bits;  // 0, or the value's width for the escape
  std::uint8_t digit;
  std::uint8_t base_minus_1;
};

// A value's raw bits as V.
template <class V>
GRAPHRING_HD inline V value_from_bits(std::uint64_t bits) {
  if constexpr (std::is_same_v<V, pattern_value>) {
    return V{};
  } else if constexpr (sizeof(V) == 4) {
    const std::uint32_t b = std::uint32_t(bits);
    V v;
    std::memcpy(&v, &b, 4);
    return v;
  } else {
    V v;
    std::memcpy(&v, &bits, 8);
    return v;
  }
}

// Words of a lane's last segment that hold real slots (the rest is padding, never loaded).
GRAPHRING_HD inline std::uint32_t dtans_last_words(std::uint64_t symbols) {
  const std::uint64_t in_last = symbols - (symbols - 1) / dtans_segment * dtans_segment;
  return std::uint32_t((in_last * dtans_slot_bits + 31) / 32);
}

// Whether round j of segment t (t = -1: the first three words) loads a word for a lane with
// `segments` segments, when the check did not extract it.
GRAPHRING_HD inline bool dtans_round_loads(std::uint64_t t_plus_1, std::uint64_t segments,
                                           std::uint64_t symbols, int j) {
  if (t_plus_1 >= segments) return false;
  return t_plus_1 + 1 < segments || std::uint32_t(j) < dtans_last_words(symbols);
}

// The per-lane state of the slice decoder.
struct dtans_lane {
  std::uint32_t w[3];
  std::uint64_t d, r;    // digit accumulator and its radix
  std::uint64_t d2, r2;  // the second digit group of the current segment
  std::uint64_t symbols, segments;
  std::uint64_t row;  // the row being decoded
  std::uint32_t col;  // its last column (-1 at the row's start)
  bool filler;        // the next value slot is the filler after an end of row
};

template <class V>
struct dtans_view {
  using value_type = V;
  std::uint64_t nrows = 0, ncols = 0, slices = 0;
  const std::uint64_t* slice_row = nullptr;     // slices + 1: each slice's first row
  const std::uint64_t* word_start = nullptr;    // slices + 1
  const std::uint64_t* escape_start = nullptr;  // slices + 1, in 32-bit words
  const std::uint16_t* lane_rows = nullptr;     // slices * 32
  const std::uint32_t* lane_symbols = nullptr;  // slices * 32
  const std::uint32_t* words = nullptr;
  const std::uint32_t* escapes = nullptr;          // two padding words after the last
  const dtans_index_entry* index_table = nullptr;  // K entries
  const dtans_value_entry* value_table = nullptr;  // K entries; null for a pattern matrix

  // `bits` (at most 32) raw bits of the escape stream at bit `at`, which moves past them.
  GRAPHRING_HD std::uint64_t read_raw(std::uint64_t& at, std::uint32_t bits) const {
    if (bits == 0) return 0;
    const std::uint64_t both = escapes[at >> 5] | std::uint64_t(escapes[(at >> 5) + 1]) << 32;
    const std::uint64_t v = (both >> (at & 31)) & ((std::uint64_t(1) << bits) - 1);
    at += bits;
    return v;
  }

  // Decodes slice s: on_entry(lane, row, column, value) for every entry, within a row in
  // column order, and on_row_end(lane, row) after each row's last entry (empty rows too).
  template <class OnEntry, class OnRowEnd>
  GRAPHRING_HD void for_each_in_slice(std::uint64_t s, OnEntry&& on_entry,
                                      OnRowEnd&& on_row_end) const {
    dtans_lane lane[dtans_lanes];
    const bool weighted = value_table != nullptr;
    std::uint64_t pos = word_start[s], esc = escape_start[s] * 32, segments = 0, row = slice_row[s];
    for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
      dtans_lane& a = lane[l];
      a.symbols = lane_symbols[s * dtans_lanes + l];
      a.segments = (a.symbols + dtans_segment - 1) / dtans_segment;
      a.d = a.d2 = 0;
      a.r = a.r2 = 1;
      a.row = row;
      a.col = 0xffffffffu;
      a.filler = false;
      a.w[0] = a.w[1] = a.w[2] = 0;
      row += lane_rows[s * dtans_lanes + l];
      if (a.segments > segments) segments = a.segments;
    }
    for (int j = 0; j < 3; ++j)
      for (std::uint32_t l = 0; l < dtans_lanes; ++l)
        if (dtans_round_loads(0, lane[l].segments, lane[l].symbols, j)) lane[l].w[j] = words[pos++];
    for (std::uint64_t t = 0; t < segments; ++t) {
      for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
        dtans_lane& a = lane[l];
        if (t >= a.segments) continue;
        std::uint64_t d1 = 0, r1 = 1, d2 = 0, r2 = 1;
        for (std::uint32_t i = 0; i < dtans_segment; ++i) {
          const std::uint32_t bit = i * dtans_slot_bits, word = bit >> 5, off = bit & 31;
          std::uint64_t both = a.w[word];
          if (word < 2) both |= std::uint64_t(a.w[word + 1]) << 32;
          const std::uint32_t slot = std::uint32_t(both >> off) & (dtans_slots - 1);
          const bool is_value = weighted && (i & 1);
          const dtans_index_entry& e = index_table[slot];
          const dtans_value_entry* ev = is_value ? value_table + slot : nullptr;
          const std::uint64_t base =
              1 + std::uint64_t(is_value ? ev->base_minus_1 : e.base_minus_1);
          const std::uint64_t digit = is_value ? ev->digit : e.digit;
          if (i < 4) {
            d1 = d1 * base + digit;
            r1 *= base;
          } else {
            d2 = d2 * base + digit;
            r2 *= base;
          }
          if (t * dtans_segment + i >= a.symbols) continue;  // padding of the last segment
          if (is_value) {
            if (a.filler) {
              a.filler = false;
            } else {
              std::uint64_t bits = ev->symbol;
              if (ev->raw_bits) {
                bits = read_raw(esc, 32);
                if (ev->raw_bits == 64) bits |= read_raw(esc, 32) << 32;
              }
              on_entry(l, a.row, vertex_id(a.col), value_from_bits<V>(bits));
            }
          } else if (e.count == 0) {
            on_row_end(l, a.row);
            ++a.row;
            a.col = 0xffffffffu;
            a.filler = weighted;
          } else {
            const std::uint32_t delta = e.symbol + std::uint32_t(read_raw(esc, e.raw_bits));
            for (std::uint32_t c = 0; c < e.count; ++c) {
              a.col += delta;
              if (!weighted) on_entry(l, a.row, vertex_id(a.col), V{});
            }
          }
        }
        if (t + 1 < a.segments) {
          a.d = a.d * r1 + d1;
          a.r *= r1;
          a.d2 = d2;
          a.r2 = r2;
        }
      }
      for (std::uint32_t l = 0; l < dtans_lanes; ++l) {  // check 1: extract or load w[0]
        dtans_lane& a = lane[l];
        if (t + 1 >= a.segments) continue;
        if (a.r >> 32) {
          a.w[0] = std::uint32_t(a.d);
          a.d >>= 32;
          a.r >>= 32;
        } else if (dtans_round_loads(t + 1, a.segments, a.symbols, 0)) {
          a.w[0] = words[pos++];
        }
        a.d = a.d * a.r2 + a.d2;
        a.r *= a.r2;
      }
      for (std::uint32_t l = 0; l < dtans_lanes; ++l) {  // check 2: extract or load w[1]
        dtans_lane& a = lane[l];
        if (t + 1 >= a.segments) continue;
        if (a.r >> 32) {
          a.w[1] = std::uint32_t(a.d);
          a.d >>= 32;
          a.r >>= 32;
        } else if (dtans_round_loads(t + 1, a.segments, a.symbols, 1)) {
          a.w[1] = words[pos++];
        }
      }
      for (std::uint32_t l = 0; l < dtans_lanes; ++l)  // the unconditional load of w[2]
        if (dtans_round_loads(t + 1, lane[l].segments, lane[l].symbols, 2))
          lane[l].w[2] = words[pos++];
    }
  }
};

struct dtans_options {
  // Symbols a lane takes before it closes (at a row's end): larger lanes cost less row structure
  // (6 bytes a lane), smaller ones give more slices to spread over threads or warps.
  std::uint32_t lane_symbols = 512;
};

class dtans_matrix {
 public:
  static dtans_matrix from_csr(const csr_matrix& a, const dtans_options& options = {});
  csr_matrix to_csr() const;

  std::uint64_t nrows() const noexcept { return nrows_; }
  edge_offset nnz() const noexcept { return nnz_; }
  value_type values_type() const noexcept { return values_type_; }
  // Exact bytes. The stream and escape words are split between index, value and row structure
  // in proportion to the information each symbol carries under its table (log2(K / m) bits,
  // plus raw bits for an escape): deltas and runs are index, values value, end-of-row and filler
  // symbols structure; the index table is index, the value table value, and the lane and slice
  // tables structure.
  formats::footprint size() const noexcept;
  std::uint64_t bytes() const noexcept { return size().bytes(); }

  template <class V>
  dtans_view<V> view() const {
    dtans_view<V> v;
    v.nrows = nrows_;
    v.ncols = ncols_;
    v.slices = word_start_.size() - 1;
    v.slice_row = slice_row_.data();
    v.word_start = word_start_.data();
    v.escape_start = escape_start_.data();
    v.lane_rows = lane_rows_.data();
    v.lane_symbols = lane_symbols_.data();
    v.words = words_.data();
    v.escapes = escapes_.data();
    v.index_table = index_table_.data();
    v.value_table = values_type_ == value_type::none ? nullptr : value_table_.data();
    return v;
  }

 private:
  std::uint64_t nrows_ = 0, ncols_ = 0;
  edge_offset nnz_ = 0;
  value_type values_type_ = value_type::none;
  shared_array<std::uint64_t> slice_row_, word_start_, escape_start_;
  shared_array<std::uint16_t> lane_rows_;
  shared_array<std::uint32_t> lane_symbols_;
  shared_array<std::uint32_t> words_, escapes_;
  shared_array<dtans_index_entry> index_table_;
  shared_array<dtans_value_entry> value_table_;  // empty for a pattern matrix
  double index_share_ = 1, value_share_ = 0;     // of the stream bits; the rest is structure
};

}  // namespace graphring

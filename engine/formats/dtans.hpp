// CSR-dtANS (Schätzle, Pegolotti, Püschel, "Fast Entropy Decoding for Sparse MVM on GPUs", 2026,
// seeds/003): per-row delta coding of the column ids (first delta from -1), then decoupled
// tabled ANS over the symbol stream d0 v0 d1 v1 ... (deltas only for a pattern matrix), with one
// coding table per domain (index deltas, values).
//  - Tables of K = 4096 slots; a symbol owns m <= M = 256 slots; slot j gives the symbol, a
//    digit in [0, m) and the base m. Rare symbols share an escape symbol whose raw bits go to a
//    separate escape stream (the paper's alternative to in-stream escapes).
//  - The code is a stream of 32-bit words (W = 2^32). A segment of l = 8 symbols is unpacked from
//    o = 3 words (8 slots of 12 bits = 96 bits, so unpack is a bijection). The 8 returned digits
//    are added to the decoder state (d, r) in two groups of 4 (a group's radix is <= 2^32); after
//    each group a check either extracts the next word from the state (r >= W) or loads it from
//    the stream (f = 2 conditional loads); the third word is loaded unconditionally. With
//    M^8 = W^2, r stays below 2^32 between segments, so everything fits 64-bit integers. The last
//    segment of a row neither accumulates nor loads; its padding symbols are ignored, and the
//    words that hold only padding slots are never loaded (a row of one entry costs one word).
//  - Rows are taken 32 at a time (a slice = a warp); in every load round the lanes that load take
//    consecutive words in lane order, which is how a warp's loads coalesce (on the GPU by ballot
//    and popc). The escape stream of a slice is ordered by (segment, lane, symbol).
// The decoder below walks a whole slice in lockstep, as a warp does, so the CPU tests run the
// same decode the GPU runs.
#pragma once

#include <cstdint>
#include <cstring>

#include "engine/csr.hpp"
#include "engine/formats/format_support.hpp"
#include "engine/formats/format_view.hpp"

namespace graphring {

inline constexpr std::uint32_t dtans_slots = 4096;  // K
inline constexpr std::uint32_t dtans_slot_bits = 12;
inline constexpr std::uint32_t dtans_max_multiplicity = 256;  // M
inline constexpr std::uint32_t dtans_lanes = 32;
inline constexpr std::uint32_t dtans_segment = 8;  // l

struct dtans_entry {
  std::uint64_t symbol;  // the raw symbol (a delta, or a value's bits); unused for the escape
  std::uint32_t base;    // the symbol's multiplicity m, 1 .. M
  std::uint16_t digit;   // 0 .. m - 1
  std::uint16_t escape;  // 1: the symbol is read from the escape stream
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

// Words of a row's last segment that hold real slots (the rest is padding, never loaded).
GRAPHRING_HD inline std::uint32_t dtans_last_words(std::uint64_t symbols) {
  const std::uint64_t in_last = symbols - (symbols - 1) / dtans_segment * dtans_segment;
  return std::uint32_t((in_last * dtans_slot_bits + 31) / 32);
}

// Whether round j of segment t (t = -1: the first three words) loads a word for a lane with
// `segments` segments, when the check did not extract it.
GRAPHRING_HD inline bool dtans_round_loads(std::uint64_t t_plus_1, std::uint64_t segments, std::uint64_t symbols, int j) {
  if (t_plus_1 >= segments) return false;
  return t_plus_1 + 1 < segments || std::uint32_t(j) < dtans_last_words(symbols);
}

// The per-lane state of the slice decoder.
struct dtans_lane {
  std::uint32_t w[3];
  std::uint64_t d, r;      // digit accumulator and its radix
  std::uint64_t d2, r2;    // the second digit group of the current segment
  std::uint64_t symbols, segments;
  std::uint32_t col;
};

template <class V>
struct dtans_view {
  using value_type = V;
  std::uint64_t nrows = 0, ncols = 0, slices = 0;
  const std::uint32_t* row_length = nullptr;    // nrows
  const std::uint64_t* word_start = nullptr;    // slices + 1
  const std::uint32_t* words = nullptr;
  const std::uint64_t* escape_start = nullptr;  // slices + 1
  const std::uint32_t* escapes = nullptr;
  const dtans_entry* index_table = nullptr;     // K entries
  const dtans_entry* value_table = nullptr;     // K entries; null for a pattern matrix
  std::uint32_t value_words = 0;                // 32-bit words of an escaped value (0: pattern)

  // Calls f(row, column, value) for every entry of slice s; within a row in column order.
  template <class F>
  GRAPHRING_HD void for_each_in_slice(std::uint64_t s, F&& f) const {
    dtans_lane lane[dtans_lanes];
    const std::uint64_t first = s * dtans_lanes;
    const std::uint64_t lanes = nrows - first < dtans_lanes ? nrows - first : dtans_lanes;
    const std::uint64_t per_entry = value_table ? 2 : 1;
    std::uint64_t pos = word_start[s], esc = escape_start[s], segments = 0;
    for (std::uint64_t l = 0; l < lanes; ++l) {
      lane[l].symbols = row_length[first + l] * per_entry;
      lane[l].segments = (lane[l].symbols + dtans_segment - 1) / dtans_segment;
      lane[l].d = 0;
      lane[l].r = 1;
      lane[l].col = 0xffffffffu;
      lane[l].w[0] = lane[l].w[1] = lane[l].w[2] = 0;
      if (lane[l].segments > segments) segments = lane[l].segments;
    }
    for (int j = 0; j < 3; ++j)
      for (std::uint64_t l = 0; l < lanes; ++l)
        if (dtans_round_loads(0, lane[l].segments, lane[l].symbols, j)) lane[l].w[j] = words[pos++];
    for (std::uint64_t t = 0; t < segments; ++t) {
      for (std::uint64_t l = 0; l < lanes; ++l) {
        dtans_lane& a = lane[l];
        if (t >= a.segments) continue;
        const bool more = t + 1 < a.segments;
        std::uint64_t d1 = 0, r1 = 1, d2 = 0, r2 = 1;
        for (std::uint32_t i = 0; i < dtans_segment; ++i) {
          const std::uint32_t bit = i * dtans_slot_bits, word = bit >> 5, off = bit & 31;
          std::uint64_t both = a.w[word];
          if (word < 2) both |= std::uint64_t(a.w[word + 1]) << 32;
          const std::uint32_t slot = std::uint32_t(both >> off) & (dtans_slots - 1);
          const bool is_value = per_entry == 2 && (i & 1);
          const dtans_entry& e = is_value ? value_table[slot] : index_table[slot];
          if (i < 4) { d1 = d1 * e.base + e.digit; r1 *= e.base; }
          else { d2 = d2 * e.base + e.digit; r2 *= e.base; }
          if (t * dtans_segment + i >= a.symbols) continue;  // padding of the last segment
          std::uint64_t symbol = e.symbol;
          if (e.escape) {
            symbol = escapes[esc++];
            if (is_value && value_words == 2) symbol |= std::uint64_t(escapes[esc++]) << 32;
          }
          if (!is_value) {
            a.col += std::uint32_t(symbol);
            if (per_entry == 1) f(first + l, a.col, V{});
          } else {
            f(first + l, a.col, value_from_bits<V>(symbol));
          }
        }
        if (more) {
          a.d = a.d * r1 + d1;
          a.r *= r1;
          a.d2 = d2;
          a.r2 = r2;
        }
      }
      for (std::uint64_t l = 0; l < lanes; ++l) {  // check 1: extract or load w[0]
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
      for (std::uint64_t l = 0; l < lanes; ++l) {  // check 2: extract or load w[1]
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
      for (std::uint64_t l = 0; l < lanes; ++l)  // the unconditional load of w[2]
        if (dtans_round_loads(t + 1, lane[l].segments, lane[l].symbols, 2)) lane[l].w[2] = words[pos++];
    }
  }
};

class dtans_matrix {
 public:
  static dtans_matrix from_csr(const csr_matrix& a);
  csr_matrix to_csr() const;

  std::uint64_t nrows() const noexcept { return nrows_; }
  edge_offset nnz() const noexcept { return nnz_; }
  value_type values_type() const noexcept { return values_type_; }
  // Exact bytes; the stream and escape words are split between index and value in proportion
  // to the information each symbol carries under the table (log2(K / m) bits, plus raw bits
  // for an escape).
  formats::footprint size() const noexcept;
  std::uint64_t bytes() const noexcept { return size().bytes(); }

  template <class V>
  dtans_view<V> view() const {
    dtans_view<V> v;
    v.nrows = nrows_;
    v.ncols = ncols_;
    v.slices = word_start_.size() - 1;
    v.row_length = row_length_.data();
    v.word_start = word_start_.data();
    v.words = words_.data();
    v.escape_start = escape_start_.data();
    v.escapes = escapes_.data();
    v.index_table = tables_.data();
    v.value_table = values_type_ == value_type::none ? nullptr : tables_.data() + dtans_slots;
    v.value_words = std::uint32_t(type_size(values_type_) / 4);
    return v;
  }

 private:
  std::uint64_t nrows_ = 0, ncols_ = 0;
  edge_offset nnz_ = 0;
  value_type values_type_ = value_type::none;
  shared_array<std::uint32_t> row_length_;
  shared_array<std::uint64_t> word_start_, escape_start_;
  shared_array<std::uint32_t> words_, escapes_;
  shared_array<dtans_entry> tables_;  // K index entries, then K value entries when weighted
  double index_share_ = 1;            // the index part of the stream bits
};

}  // namespace graphring

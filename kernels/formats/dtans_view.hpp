// The non-owning view of a CSR-dtANS matrix and its decoder, host/device clean so that CPU and CUDA
// kernels share it; the format, its builder and its owning class are engine/formats/dtans.hpp.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/ids.hpp"
#include "kernels/formats/format_view.hpp"

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
  } else if constexpr (sizeof(V) == 8) {
    V v;
    std::memcpy(&v, &bits, 8);
    return v;
  } else {
    return V{};  // no such matrix is coded (formats store 4- and 8-byte values)
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
  // Segment by segment, as a warp does: every lane decodes its segment, then the two checks and
  // the load of the third word run over the lanes in lane order, the order of the slice's words.
  // A warp runs the same lane steps (below), one lane a thread, finding by ballot where each
  // lane's words and escape bits start (kernels/cuda/dtans_lane.hpp).
  template <class OnEntry, class OnRowEnd>
  GRAPHRING_HD void for_each_in_slice(std::uint64_t s, OnEntry&& on_entry,
                                      OnRowEnd&& on_row_end) const {
    dtans_lane lane[dtans_lanes];
    std::uint64_t pos = word_start[s], esc = escape_start[s] * 32;
    std::uint64_t segments = 0, row = slice_row[s];
    for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
      start_lane(s, l, row, lane[l]);
      row += lane_rows[s * dtans_lanes + l];
      if (lane[l].segments > segments) segments = lane[l].segments;
    }
    for (int j = 0; j < 3; ++j)
      for (std::uint32_t l = 0; l < dtans_lanes; ++l)
        if (first_loads(lane[l], j)) lane[l].w[j] = words[pos++];
    for (std::uint64_t t = 0; t < segments; ++t) {
      for (std::uint32_t l = 0; l < dtans_lanes; ++l)
        if (t < lane[l].segments) decode_segment(l, lane[l], t, esc, on_entry, on_row_end);
      for (std::uint32_t l = 0; l < dtans_lanes; ++l) {  // check 1: extract or load w[0]
        const bool loads = check_loads<0>(lane[l], t);
        check_word<0>(lane[l], t, pos);
        pos += loads;
      }
      for (std::uint32_t l = 0; l < dtans_lanes; ++l) {  // check 2: extract or load w[1]
        const bool loads = check_loads<1>(lane[l], t);
        check_word<1>(lane[l], t, pos);
        pos += loads;
      }
      for (std::uint32_t l = 0; l < dtans_lanes; ++l)  // the unconditional load of w[2]
        if (third_loads(lane[l], t)) lane[l].w[2] = words[pos++];
    }
  }

  // The lane steps, in the order a lane takes them: start_lane; the three first loads (j = 0,
  // 1, 2: first_loads, then w[j] = the next word); then for each segment t < segments:
  // decode_segment (escape bits from where the lanes before it in the slice stop: each takes
  // segment_escape_bits), check_word<0>, check_word<1> (each loading at the slice's next word
  // when check_loads says so), and the load of w[2] when third_loads says so.

  // Lane l of slice s, whose first row is `first_row`, at the start of its stream.
  GRAPHRING_HD void start_lane(std::uint64_t s, std::uint32_t l, std::uint64_t first_row,
                               dtans_lane& a) const {
    a.symbols = lane_symbols[s * dtans_lanes + l];
    a.segments = (a.symbols + dtans_segment - 1) / dtans_segment;
    a.d = a.d2 = 0;
    a.r = a.r2 = 1;
    a.row = first_row;
    a.col = 0xffffffffu;
    a.filler = false;
    a.w[0] = a.w[1] = a.w[2] = 0;
  }

  // Whether the lane loads w[j] before its first segment.
  static GRAPHRING_HD bool first_loads(const dtans_lane& a, int j) {
    return dtans_round_loads(0, a.segments, a.symbols, j);
  }

  // Escape-stream bits segment t of the lane reads: its escaped deltas' low bits and escaped
  // values' raw bits (the padding and the filler after an end of row read none).
  GRAPHRING_HD std::uint64_t segment_escape_bits(const dtans_lane& a, std::uint64_t t) const {
    const bool weighted = value_table != nullptr;
    bool filler = a.filler;
    std::uint64_t bits = 0;
    for (std::uint32_t i = 0; i < dtans_segment; ++i) {
      if (t * dtans_segment + i >= a.symbols) break;
      const std::uint32_t slot = slot_of(a, i);
      if (weighted && (i & 1)) {
        const std::uint8_t raw = value_table[slot].raw_bits;
        if (!filler && raw) bits += raw == 64 ? 64 : 32;
        filler = false;
      } else {
        const dtans_index_entry& e = index_table[slot];
        if (e.count == 0)
          filler = weighted;
        else
          bits += e.raw_bits;
      }
    }
    return bits;
  }

  // Segment t of lane l (a): each slot's symbol is taken (but the last segment's padding) and
  // its digit added to the segment's first or second group of 4; unless this is the lane's last
  // segment, the first group joins the state and the second waits for check 1. Escape bits are
  // read from `esc` on.
  template <class OnEntry, class OnRowEnd>
  GRAPHRING_HD void decode_segment(std::uint32_t l, dtans_lane& a, std::uint64_t t,
                                   std::uint64_t& esc, OnEntry& on_entry,
                                   OnRowEnd& on_row_end) const {
    const bool weighted = value_table != nullptr;
    std::uint64_t d1 = 0, r1 = 1, d2 = 0, r2 = 1;
    for (std::uint32_t i = 0; i < dtans_segment; ++i) {
      const std::uint32_t slot = slot_of(a, i);
      const bool is_value = weighted && (i & 1);
      const dtans_index_entry& e = index_table[slot];
      const dtans_value_entry* ev = is_value ? value_table + slot : nullptr;
      const std::uint64_t base = 1 + std::uint64_t(is_value ? ev->base_minus_1 : e.base_minus_1);
      const std::uint64_t digit = is_value ? ev->digit : e.digit;
      if (i < 4) {
        d1 = d1 * base + digit;
        r1 *= base;
      } else {
        d2 = d2 * base + digit;
        r2 *= base;
      }
      if (t * dtans_segment + i >= a.symbols) continue;  // padding of the last segment
      if (is_value)
        take_value(l, a, *ev, esc, on_entry);
      else
        take_index(l, a, e, weighted, esc, on_entry, on_row_end);
    }
    if (t + 1 < a.segments) {
      a.d = a.d * r1 + d1;
      a.r *= r1;
      a.d2 = d2;
      a.r2 = r2;
    }
  }

  // Whether the check after segment t that refills w[j] (check 1: w[0], check 2: w[1]) loads
  // the word from the stream rather than extracting it from the state.
  template <int j>
  static GRAPHRING_HD bool check_loads(const dtans_lane& a, std::uint64_t t) {
    return t + 1 < a.segments && !(a.r >> 32) && dtans_round_loads(t + 1, a.segments, a.symbols, j);
  }

  // That check: the word is extracted from the state when its radix has reached W, else loaded
  // from the stream at word `at`; after check 1 the segment's second digit group joins the state.
  template <int j>
  GRAPHRING_HD void check_word(dtans_lane& a, std::uint64_t t, std::uint64_t at) const {
    if (t + 1 >= a.segments) return;
    if (a.r >> 32) {
      a.w[j] = std::uint32_t(a.d);
      a.d >>= 32;
      a.r >>= 32;
    } else if (dtans_round_loads(t + 1, a.segments, a.symbols, j)) {
      a.w[j] = words[at];
    }
    if constexpr (j == 0) {
      a.d = a.d * a.r2 + a.d2;
      a.r *= a.r2;
    }
  }

  // Whether the lane loads w[2] after segment t.
  static GRAPHRING_HD bool third_loads(const dtans_lane& a, std::uint64_t t) {
    return dtans_round_loads(t + 1, a.segments, a.symbols, 2);
  }

 private:
  // Slot i of a segment: 12 bits at bit 12 i of the lane's three words (chosen by value, not by
  // index, so that a GPU lane keeps its words in registers).
  static GRAPHRING_HD std::uint32_t slot_of(const dtans_lane& a, std::uint32_t i) {
    const std::uint32_t bit = i * dtans_slot_bits, word = bit >> 5, off = bit & 31;
    const std::uint64_t low = std::uint64_t(a.w[0]) | std::uint64_t(a.w[1]) << 32;
    const std::uint64_t high = std::uint64_t(a.w[1]) | std::uint64_t(a.w[2]) << 32;
    const std::uint64_t both = word == 0 ? low : word == 1 ? high : a.w[2];
    return std::uint32_t(both >> off) & (dtans_slots - 1);
  }

  // A value slot: the entry's value (escaped: its bits raw from the escape stream), or nothing
  // for the filler after an end of row.
  template <class OnEntry>
  GRAPHRING_HD void take_value(std::uint32_t l, dtans_lane& a, const dtans_value_entry& ev,
                               std::uint64_t& esc, OnEntry& on_entry) const {
    if (a.filler) {
      a.filler = false;
      return;
    }
    std::uint64_t bits = ev.symbol;
    if (ev.raw_bits) {
      bits = read_raw(esc, 32);
      if (ev.raw_bits == 64) bits |= read_raw(esc, 32) << 32;
    }
    on_entry(l, a.row, vertex_id(a.col), value_from_bits<V>(bits));
  }

  // An index slot: the end of the row, or e.count deltas (a run, or one delta whose low bits,
  // when escaped, come raw from the escape stream); a pattern matrix's entries are taken here.
  template <class OnEntry, class OnRowEnd>
  GRAPHRING_HD void take_index(std::uint32_t l, dtans_lane& a, const dtans_index_entry& e,
                               bool weighted, std::uint64_t& esc, OnEntry& on_entry,
                               OnRowEnd& on_row_end) const {
    if (e.count == 0) {
      on_row_end(l, a.row);
      ++a.row;
      a.col = 0xffffffffu;
      a.filler = weighted;
      return;
    }
    const std::uint32_t delta = e.symbol + std::uint32_t(read_raw(esc, e.raw_bits));
    for (std::uint32_t c = 0; c < e.count; ++c) {
      a.col += delta;
      if (!weighted) on_entry(l, a.row, vertex_id(a.col), V{});
    }
  }
};

}  // namespace graphring

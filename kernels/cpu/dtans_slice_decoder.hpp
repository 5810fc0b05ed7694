// The CPU's decoder of one CSR-dtANS slice (Schätzle, Pegolotti, Püschel, "Fast Entropy Decoding
// for Sparse MVM on GPUs", 2026, seeds/003; the format: kernels/formats/dtans_view.hpp). It yields
// what the view's lockstep decoder (dtans_view::for_each_in_slice, built from the GPU's lane
// steps) yields, lane by lane in the same order, but is written for a CPU core:
//  - the lanes' states are arrays (structure of arrays) local to the call, and whether the matrix
//    is weighted is a template parameter, so the eight slots of a segment unroll into straight
//    code: which word a slot sits in and whether it is a value slot are constants;
//  - a lane's row, column, filler flag and words are locals while it takes a segment's slots, and
//    the steps are forced inline, so that they stay in registers through the callbacks;
//  - only a lane's last segment checks for padding slots, and only the other segments add digits
//    to the state (the last one's state is never read again);
//  - a segment's checks are decided per lane from its own state, so a lane decodes, extracts or
//    marks its loads in one pass; a second pass hands out the stream's words in the warp's order
//    (every check-1 load in lane order, then every check-2 load, then the third word), visiting
//    only the lanes that load, found from a bit mask rather than by a branch per lane;
//  - raw escape bits are read without a branch (a read of 0 bits reads 0: the escape stream
//    keeps two padding words after its last).
#pragma once

#include <bit>
#include <cstdint>

#include "core/ids.hpp"
#include "core/parallel.hpp"
#include "kernels/formats/dtans_view.hpp"

namespace graphring::kernels {

namespace detail {

// The lanes of one slice, each field an array over the 32 lanes.
struct dtans_lanes_state {
  std::uint32_t w0[dtans_lanes], w1[dtans_lanes], w2[dtans_lanes];
  std::uint64_t d[dtans_lanes], r[dtans_lanes];
  std::uint64_t symbols[dtans_lanes], segments[dtans_lanes];
  std::uint64_t row[dtans_lanes];
  std::uint32_t col[dtans_lanes];
  bool filler[dtans_lanes];
  // This segment's loads: bit 0 check 1 (w0), bit 1 check 2 (w1), bit 2 the third word (w2).
  std::uint8_t loads[dtans_lanes];
};

// `bits` (0 .. 32) raw bits of the escape stream at bit `at`, which moves past them.
GRAPHRING_INLINE std::uint64_t dtans_raw_bits(const std::uint32_t* escapes, std::uint64_t& at,
                                              std::uint32_t bits) {
  const std::uint64_t both = escapes[at >> 5] | std::uint64_t(escapes[(at >> 5) + 1]) << 32;
  const std::uint64_t v = (both >> (at & 31)) & ((std::uint64_t(1) << bits) - 1);
  at += bits;
  return v;
}

template <class V, bool Weighted>
class dtans_slice_decoder {
 public:
  explicit dtans_slice_decoder(const dtans_view<V>& v) : v_(v) {}

  template <class OnEntry, class OnRowEnd>
  void run(std::uint64_t s, OnEntry& on_entry, OnRowEnd& on_row_end) {
    std::uint64_t pos = v_.word_start[s], segments = 0, row = v_.slice_row[s];
    // The tables and the escape stream's position, local so that they stay in registers when
    // the callbacks store through pointers that could alias the view.
    tables tb{v_.index_table, v_.value_table, v_.escapes, v_.escape_start[s] * 32};
    for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
      const std::uint64_t symbols = v_.lane_symbols[s * dtans_lanes + l];
      st_.symbols[l] = symbols;
      st_.segments[l] = (symbols + dtans_segment - 1) / dtans_segment;
      st_.d[l] = 0;
      st_.r[l] = 1;
      st_.row[l] = row;
      st_.col[l] = 0xffffffffu;
      st_.filler[l] = false;
      st_.w0[l] = st_.w1[l] = st_.w2[l] = 0;
      st_.loads[l] = 0;
      for (int j = 0; j < 3; ++j)
        st_.loads[l] |= std::uint8_t(dtans_round_loads(0, st_.segments[l], symbols, j) << j);
      row += v_.lane_rows[s * dtans_lanes + l];
      if (st_.segments[l] > segments) segments = st_.segments[l];
    }
    hand_out_words(pos);
    for (std::uint64_t t = 0; t < segments; ++t) {
      for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
        if (t + 1 < st_.segments[l]) {
          full_segment(l, t, tb, on_entry, on_row_end);
        } else {
          st_.loads[l] = 0;
          if (t + 1 == st_.segments[l]) last_segment(l, t, tb, on_entry, on_row_end);
        }
      }
      hand_out_words(pos);
    }
  }

 private:
  const dtans_view<V>& v_;
  dtans_lanes_state st_;

  struct tables {
    const dtans_index_entry* index;
    const dtans_value_entry* value;
    const std::uint32_t* escapes;
    std::uint64_t esc;  // the next bit of the escape stream
  };

  // One lane's position while it takes a segment's slots, held in registers: its row and last
  // column, whether a filler value slot comes next, and its three words.
  struct cursor {
    std::uint64_t row;
    std::uint32_t col;
    bool filler;
    std::uint64_t low, high;  // w0 | w1 << 32, w1 | w2 << 32
  };

  GRAPHRING_INLINE cursor load_cursor(std::uint32_t l) const {
    return {st_.row[l], st_.col[l], st_.filler[l],
            std::uint64_t(st_.w0[l]) | std::uint64_t(st_.w1[l]) << 32,
            std::uint64_t(st_.w1[l]) | std::uint64_t(st_.w2[l]) << 32};
  }
  GRAPHRING_INLINE void store_cursor(std::uint32_t l, const cursor& c) {
    st_.row[l] = c.row;
    st_.col[l] = c.col;
    st_.filler[l] = c.filler;
  }

  // Slot i (constant) of the lane's three words.
  template <std::uint32_t i>
  GRAPHRING_INLINE static std::uint32_t slot(const cursor& c) {
    constexpr std::uint32_t bit = i * dtans_slot_bits, word = bit >> 5, off = bit & 31;
    const std::uint64_t both = word == 0 ? c.low : word == 1 ? c.high : c.high >> 32;
    return std::uint32_t(both >> off) & (dtans_slots - 1);
  }

  // Words the lanes marked in `loads`, from `pos` on, in the warp's order. Whether a lane loads
  // follows its data, so a branch per lane is mispredicted often: the lanes that load in each
  // round are gathered into a bit mask first, and only they are visited, lowest lane first.
  GRAPHRING_INLINE void hand_out_words(std::uint64_t& pos) {
    std::uint32_t m0 = 0, m1 = 0, m2 = 0;
    for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
      const std::uint32_t b = st_.loads[l];
      m0 |= (b & 1u) << l;
      m1 |= ((b >> 1) & 1u) << l;
      m2 |= ((b >> 2) & 1u) << l;
    }
    const std::uint32_t* words = v_.words;
    for (; m0; m0 &= m0 - 1) st_.w0[std::countr_zero(m0)] = words[pos++];
    for (; m1; m1 &= m1 - 1) st_.w1[std::countr_zero(m1)] = words[pos++];
    for (; m2; m2 &= m2 - 1) st_.w2[std::countr_zero(m2)] = words[pos++];
  }

  // Slot i's symbol taken (a value slot: i odd in a weighted matrix), its digit and base
  // returned through `digit` and `base`.
  template <std::uint32_t i, class OnEntry, class OnRowEnd>
  GRAPHRING_INLINE static void take(std::uint32_t l, cursor& c, tables& tb, std::uint64_t& digit,
                                    std::uint64_t& base, OnEntry& on_entry, OnRowEnd& on_row_end) {
    const std::uint32_t k = slot<i>(c);
    if constexpr (Weighted && (i & 1)) {
      const dtans_value_entry& e = tb.value[k];
      digit = e.digit;
      base = std::uint64_t(e.base_minus_1) + 1;
      if (c.filler) {
        c.filler = false;
        return;
      }
      std::uint64_t bits = e.symbol;
      if (e.raw_bits) [[unlikely]] {
        bits = dtans_raw_bits(tb.escapes, tb.esc, 32);
        if (e.raw_bits == 64) bits |= dtans_raw_bits(tb.escapes, tb.esc, 32) << 32;
      }
      on_entry(l, c.row, vertex_id(c.col), value_from_bits<V>(bits));
    } else {
      const dtans_index_entry& e = tb.index[k];
      digit = e.digit;
      base = std::uint64_t(e.base_minus_1) + 1;
      if (e.count == 0) {
        on_row_end(l, c.row);
        ++c.row;
        c.col = 0xffffffffu;
        c.filler = Weighted;
        return;
      }
      const std::uint32_t delta =
          e.symbol + std::uint32_t(dtans_raw_bits(tb.escapes, tb.esc, e.raw_bits));
      if constexpr (Weighted) {
        c.col += delta * e.count;  // a weighted matrix codes no runs: e.count is 1
      } else {
        c.col += delta;
        on_entry(l, c.row, vertex_id(c.col), V{});
        for (std::uint32_t n = 1; n < e.count; ++n)
          on_entry(l, c.row, vertex_id(c.col += delta), V{});
      }
    }
  }

  // A segment that is not the lane's last: eight slots taken, their digits joined to the state,
  // then the two checks (extract the word from the state, or mark it to load) and the third word.
  template <class OnEntry, class OnRowEnd>
  GRAPHRING_INLINE void full_segment(std::uint32_t l, std::uint64_t t, tables& tb,
                                     OnEntry& on_entry, OnRowEnd& on_row_end) {
    cursor c = load_cursor(l);
    std::uint64_t g[8], b[8];
    take<0>(l, c, tb, g[0], b[0], on_entry, on_row_end);
    take<1>(l, c, tb, g[1], b[1], on_entry, on_row_end);
    take<2>(l, c, tb, g[2], b[2], on_entry, on_row_end);
    take<3>(l, c, tb, g[3], b[3], on_entry, on_row_end);
    take<4>(l, c, tb, g[4], b[4], on_entry, on_row_end);
    take<5>(l, c, tb, g[5], b[5], on_entry, on_row_end);
    take<6>(l, c, tb, g[6], b[6], on_entry, on_row_end);
    take<7>(l, c, tb, g[7], b[7], on_entry, on_row_end);
    store_cursor(l, c);
    const std::uint64_t d1 = ((g[0] * b[1] + g[1]) * b[2] + g[2]) * b[3] + g[3];
    const std::uint64_t r1 = b[0] * b[1] * b[2] * b[3];
    const std::uint64_t d2 = ((g[4] * b[5] + g[5]) * b[6] + g[6]) * b[7] + g[7];
    const std::uint64_t r2 = b[4] * b[5] * b[6] * b[7];
    std::uint64_t d = st_.d[l] * r1 + d1, r = st_.r[l] * r1;
    const std::uint64_t symbols = st_.symbols[l], segments = st_.segments[l];
    std::uint8_t loads = 0;
    if (r >> 32) {  // check 1
      st_.w0[l] = std::uint32_t(d);
      d >>= 32;
      r >>= 32;
    } else {
      loads |= std::uint8_t(dtans_round_loads(t + 1, segments, symbols, 0));
    }
    d = d * r2 + d2;
    r *= r2;
    if (r >> 32) {  // check 2
      st_.w1[l] = std::uint32_t(d);
      d >>= 32;
      r >>= 32;
    } else {
      loads |= std::uint8_t(dtans_round_loads(t + 1, segments, symbols, 1) << 1);
    }
    loads |= std::uint8_t(dtans_round_loads(t + 1, segments, symbols, 2) << 2);
    st_.d[l] = d;
    st_.r[l] = r;
    st_.loads[l] = loads;
  }

  // The lane's last segment: its real slots taken, the padding after them ignored; the state is
  // not read again.
  template <class OnEntry, class OnRowEnd>
  GRAPHRING_INLINE void last_segment(std::uint32_t l, std::uint64_t t, tables& tb,
                                     OnEntry& on_entry, OnRowEnd& on_row_end) {
    const std::uint64_t real = st_.symbols[l] - t * dtans_segment;
    cursor c = load_cursor(l);
    std::uint64_t g, b;
    take<0>(l, c, tb, g, b, on_entry, on_row_end);
    if (real > 1) take<1>(l, c, tb, g, b, on_entry, on_row_end);
    if (real > 2) take<2>(l, c, tb, g, b, on_entry, on_row_end);
    if (real > 3) take<3>(l, c, tb, g, b, on_entry, on_row_end);
    if (real > 4) take<4>(l, c, tb, g, b, on_entry, on_row_end);
    if (real > 5) take<5>(l, c, tb, g, b, on_entry, on_row_end);
    if (real > 6) take<6>(l, c, tb, g, b, on_entry, on_row_end);
    if (real > 7) take<7>(l, c, tb, g, b, on_entry, on_row_end);
    store_cursor(l, c);
  }
};

}  // namespace detail

// Decodes slice s of `v`: on_entry(lane, row, column, value) for every entry, within a row in
// column order, and on_row_end(lane, row) after each row's last entry (empty rows too), as
// dtans_view::for_each_in_slice; lanes may interleave in another order.
template <class V, class OnEntry, class OnRowEnd>
void for_each_in_dtans_slice(const dtans_view<V>& v, std::uint64_t s, OnEntry&& on_entry,
                             OnRowEnd&& on_row_end) {
  if (v.value_table) {
    detail::dtans_slice_decoder<V, true>(v).run(s, on_entry, on_row_end);
  } else {
    detail::dtans_slice_decoder<V, false>(v).run(s, on_entry, on_row_end);
  }
}

}  // namespace graphring::kernels

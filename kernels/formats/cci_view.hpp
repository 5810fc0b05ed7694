// The non-owning view of a CCI matrix and its decoder, host/device clean so that CPU and CUDA
// kernels share it; the format, its builder and its owning class are engine/formats/cci.hpp.
#pragma once

#include <cstdint>

#include "core/ids.hpp"
#include "kernels/formats/format_view.hpp"

namespace graphring {

// One decode table entry.
struct cci_code {
  std::uint32_t length;      // bits the codeword takes
  std::uint32_t shift;       // opcode bits below the immediate
  std::uint32_t data_mask;   // immediate bits
  std::uint32_t delta_mask;  // ~0 for a jump (delta = immediate), 0 for a run
  std::uint32_t delta_add;   // the stride for a run, 0 for a jump
  std::uint32_t count_mask;  // 0xf for a run (count = immediate + 1), 0 for a jump (count 1)
};

inline constexpr std::uint64_t cci_max_slices = 32;
// One slice: rows per group, the unit of random access (a group's start is stored; a row inside
// it is reached by skipping the rows before it), unless the groups are cut by symbols
// (cci_options::group_symbols, the GPU's layout), whose first rows are then stored.
inline constexpr std::uint64_t cci_group = 64;
// Groups cut by symbols: a full start bit is stored for every this many groups, the others as
// 32-bit offsets from it (and their first rows in 32 bits), 8 bytes a group where 16 would be.
inline constexpr std::uint64_t cci_start_every = 64;

// The state of one stream: the next bit, the last column and the current codeword's deltas.
struct cci_cursor {
  std::uint64_t bit = 0;
  std::uint32_t col = 0xffffffffu;  // column -1: the first delta is column + 1
  std::uint32_t delta = 0, left = 0;
};

template <class V>
struct cci_view {
  using value_type = V;
  std::uint64_t nrows = 0, ncols = 0, slices = 1;
  // slices == 1: null (row lengths are in the code). slices > 1: nrows + 1, as in CSR.
  const edge_offset* offsets = nullptr;
  // slices == 1: the bit where each group of cci_group rows starts (groups + 1; the last is the
  // code's end), or with groups cut by symbols that of every cci_start_every-th group (groups /
  // cci_start_every + 1), group_bit holding each group's bits from there. slices > 1: the bit
  // where each of the nrows * slices streams starts (+ 1).
  const std::uint64_t* code_start = nullptr;
  // slices == 1: the first entry (value index) of each group (groups + 1; the last is nnz).
  const edge_offset* group_entry = nullptr;
  // slices == 1: null where group g holds rows g·cci_group .. (the CPU layout); else the first
  // row of each group (groups + 1; the last is nrows), and group_bit as above (groups + 1).
  const std::uint32_t* group_row = nullptr;
  const std::uint32_t* group_bit = nullptr;
  std::uint64_t groups = 0;              // with group_row: the groups it starts
  const std::uint64_t* words = nullptr;  // the code, plus three padding words
  std::uint64_t nwords = 0;
  const V* values = nullptr;  // in CSR order: entry k's value is values[k]
  cci_code table[8] = {};

  // Bits of the longest codeword (32, or 35 with the wide 111 immediate).
  GRAPHRING_HD std::uint32_t max_code_bits() const { return table[7].length; }

  // 64 bits of code from bit position `bit` (reads words[bit / 64] and the word after it).
  GRAPHRING_HD std::uint64_t peek(std::uint64_t bit) const {
    const std::uint64_t w = bit >> 6, off = bit & 63;
    return (words[w] >> off) | ((words[w + 1] << 1) << (63 - off));
  }

  // Decodes the codeword at the cursor into its delta and count (no branches).
  GRAPHRING_HD void next_code(cci_cursor& c) const {
    const std::uint64_t bits = peek(c.bit);
    const cci_code& e = table[bits & 7];
    const std::uint32_t data = std::uint32_t(bits >> e.shift) & e.data_mask;
    c.delta = (data & e.delta_mask) + e.delta_add;
    c.left = (data & e.count_mask) + 1;
    c.bit += e.length;
  }

  // slices == 1: a row's code is its length (one jump codeword) and then its column codewords.
  // Reads the length at `bit`.
  GRAPHRING_HD std::uint64_t read_length(std::uint64_t& bit) const {
    cci_cursor c;
    c.bit = bit;
    next_code(c);
    bit = c.bit;
    return c.delta;
  }
  // Moves `bit` over the column codewords of `length` entries.
  GRAPHRING_HD void skip_entries(std::uint64_t& bit, std::uint64_t length) const {
    cci_cursor c;
    c.bit = bit;
    while (length > 0) {
      next_code(c);
      length -= c.left < length ? c.left : length;
    }
    bit = c.bit;
  }
  // slices == 1: the groups of rows.
  GRAPHRING_HD std::uint64_t group_count() const {
    return group_row ? groups : (nrows + cci_group - 1) / cci_group;
  }
  // slices == 1: the first row of group g (g = group_count(): nrows).
  GRAPHRING_HD std::uint64_t group_first_row(std::uint64_t g) const {
    if (group_row) return group_row[g];
    return g * cci_group < nrows ? g * cci_group : nrows;
  }
  // slices == 1: the group that holds row r < nrows.
  GRAPHRING_HD std::uint64_t group_of(std::uint64_t r) const {
    if (!group_row) return r / cci_group;
    std::uint64_t lo = 0, hi = groups;  // the last g with group_row[g] <= r
    while (hi - lo > 1) {
      const std::uint64_t mid = (lo + hi) / 2;
      if (group_row[mid] <= r)
        lo = mid;
      else
        hi = mid;
    }
    return lo;
  }
  // slices == 1: the bit where group g starts (g = group_count(): the code's end).
  GRAPHRING_HD std::uint64_t group_start(std::uint64_t g) const {
    return group_bit ? code_start[g / cci_start_every] + group_bit[g] : code_start[g];
  }
  // The entries of code_start.
  GRAPHRING_HD std::uint64_t start_count() const {
    if (slices > 1) return nrows * slices + 1;
    return group_bit ? group_count() / cci_start_every + 1 : group_count() + 1;
  }
  // slices == 1: the bit and first entry of row r (its length codeword's position).
  GRAPHRING_HD void seek(std::uint64_t r, std::uint64_t& bit, edge_offset& k) const {
    const std::uint64_t g = group_of(r);
    bit = group_start(g);
    k = group_entry[g];
    for (std::uint64_t i = group_first_row(g); i < r; ++i) {
      const std::uint64_t length = read_length(bit);
      skip_entries(bit, length);
      k += length;
    }
  }

  // Calls f(column, k) for the entries of row r in column order until f returns true.
  template <class F>
  GRAPHRING_HD void for_each_in_row(std::uint64_t r, F&& f) const {
    if (slices == 1) {
      std::uint64_t bit = 0;
      edge_offset k = 0;
      seek(r, bit, k);
      const edge_offset end = k + read_length(bit);
      cci_cursor c;
      c.bit = bit;
      while (k < end) {
        next_code(c);
        for (std::uint32_t i = 0; i < c.left && k < end; ++i, ++k) {
          c.col += c.delta;
          if (f(vertex_id(c.col), k)) return;
        }
      }
      return;
    }
    edge_offset k = offsets[r];
    const edge_offset end = offsets[r + 1];
    cci_cursor cursors[cci_max_slices];
    for (std::uint64_t s = 0; s < slices; ++s) {
      cursors[s] = cci_cursor{};
      cursors[s].bit = code_start[r * slices + s];
    }
    for (std::uint64_t i = 0; k < end; ++i, ++k) {
      cci_cursor& c = cursors[i % slices];
      if (c.left == 0) next_code(c);
      --c.left;
      c.col += c.delta;
      if (f(vertex_id(c.col), k)) return;
    }
  }
};

// Reads a stream of codewords through a 64-bit buffer refilled 32 bits at a time from a position
// that runs ahead of the decode, so one codeword's decode waits only for the previous one's
// length (a shift of the buffer), not for loads of the code as view.peek does; the refill is
// computed every time and applied by masks, since whether it is due follows the code lengths,
// which a branch would mispredict. Reads at most 128 bits past the last codeword (the code's
// padding words).
struct cci_reader {
  std::uint64_t buf = 0;   // the next `avail` bits of code, lowest first
  std::uint64_t next = 0;  // the bit after those in buf
  std::uint32_t avail = 0;

  template <class V>
  GRAPHRING_HD cci_reader(const cci_view<V>& v, std::uint64_t bit)
      : buf(v.peek(bit)), next(bit + 64), avail(64) {}

  // The bit after the last codeword read.
  GRAPHRING_HD std::uint64_t position() const { return next - avail; }

  // Decodes the next codeword into its delta and count (no branches but the refills').
  template <class V>
  GRAPHRING_HD void next_code(const cci_view<V>& v, std::uint32_t& delta, std::uint32_t& count) {
    const std::uint64_t due = std::uint64_t(0) - std::uint64_t(avail < 32);  // all ones or zero
    buf |= ((v.peek(next) & 0xffffffffu) << (avail & 31)) & due;
    next += 32 & due;
    avail += std::uint32_t(32 & due);
    if (avail < v.max_code_bits()) {  // only with 35-bit codewords: start over from the position
      const std::uint64_t at = position();
      buf = v.peek(at);
      next = at + 64;
      avail = 64;
    }
    const cci_code& e = v.table[buf & 7];
    const std::uint32_t data = std::uint32_t(buf >> e.shift) & e.data_mask;
    delta = (data & e.delta_mask) + e.delta_add;
    count = (data & e.count_mask) + 1;
    buf >>= e.length;
    avail -= e.length;
  }

  // A row's length codeword (slices == 1).
  template <class V>
  GRAPHRING_HD std::uint64_t read_length(const cci_view<V>& v) {
    std::uint32_t length = 0, count = 0;
    next_code(v, length, count);
    return length;
  }

  // Moves over the column codewords of `length` entries.
  template <class V>
  GRAPHRING_HD void skip_entries(const cci_view<V>& v, std::uint64_t length) {
    std::uint32_t delta = 0, count = 0;
    while (length > 0) {
      next_code(v, delta, count);
      length -= count < length ? count : length;
    }
  }
};

}  // namespace graphring

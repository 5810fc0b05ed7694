// The non-owning view of a Stream VByte matrix and its scalar decoder, host/device clean; the
// format, its builder and its owning class are engine/formats/svb.hpp, the CPU kernel that
// decodes four ids at a time with one byte shuffle kernels/cpu/spmv_svb.hpp.
//
// Layout (Lemire, Kurz, Rupp, "Stream VByte: faster byte-oriented integer compression", IPL
// 2018, applied to each row's column deltas): rows in groups of svb_group, each group's first
// byte and first entry stored. A row is its length (LEB128: 7 bits a byte, low first, the top
// bit set on all but the last byte), then its control bytes, one per four deltas (delta i of
// the row takes bits 2(i mod 4) .. 2(i mod 4) + 1 of control byte i / 4: its byte count less
// one; the codes past the row's last delta are 0), then its data bytes: each delta in that many
// bytes, least significant first. The first delta is the first column + 1, each next one the
// column less the previous (0 for a repeated column), so every delta fits 32 bits.
#pragma once

#include <cstdint>

#include "core/ids.hpp"
#include "kernels/formats/format_view.hpp"

namespace graphring {

// Rows per group: the unit of random access (a row is reached by skipping the rows before it in
// its group).
inline constexpr std::uint64_t svb_group = 64;
// Bytes past the last data byte that readers may load (four ids' data in one 16-byte load).
inline constexpr std::uint64_t svb_padding = 16;

// The data bytes of the first `n` (1 .. 4) deltas of control byte c: n plus the codes' sum.
GRAPHRING_HD inline std::uint32_t svb_data_bytes(std::uint32_t c, std::uint32_t n) {
  const std::uint32_t used = n >= 4 ? c & 0xffu : c & ((1u << (2 * n)) - 1);
  return n + (used & 3u) + ((used >> 2) & 3u) + ((used >> 4) & 3u) + ((used >> 6) & 3u);
}

template <class V>
struct svb_view {
  using value_type = V;
  std::uint64_t nrows = 0, ncols = 0;
  const std::uint64_t* group_byte = nullptr;  // groups + 1: where each group starts (last: end)
  const edge_offset* group_entry = nullptr;   // groups + 1: each group's first entry (last: nnz)
  const std::uint8_t* bytes = nullptr;        // the code, then svb_padding zero bytes
  std::uint64_t nbytes = 0;                   // without the padding
  const V* values = nullptr;                  // in CSR order

  GRAPHRING_HD std::uint64_t group_count() const { return (nrows + svb_group - 1) / svb_group; }
  GRAPHRING_HD std::uint64_t group_first_row(std::uint64_t g) const {
    return g * svb_group < nrows ? g * svb_group : nrows;
  }

  // The row length at byte `at`, which moves past it.
  GRAPHRING_HD std::uint64_t read_length(std::uint64_t& at) const {
    std::uint64_t length = 0;
    for (std::uint32_t shift = 0;; shift += 7) {
      const std::uint8_t b = bytes[at++];
      length |= std::uint64_t(b & 0x7fu) << shift;
      if (!(b & 0x80u) || shift >= 63) return length;
    }
  }
  // The bytes of a row's control and data bytes, for a row of `length` deltas whose control
  // bytes start at `at`.
  GRAPHRING_HD std::uint64_t row_code_bytes(std::uint64_t at, std::uint64_t length) const {
    const std::uint64_t controls = (length + 3) / 4;
    std::uint64_t data = 0;
    for (std::uint64_t i = 0; i < controls; ++i) {
      const std::uint64_t left = length - 4 * i;
      data += svb_data_bytes(bytes[at + i], left < 4 ? std::uint32_t(left) : 4u);
    }
    return controls + data;
  }
  // Delta i of a row whose control bytes start at `control`, read at data byte `data`, which
  // moves past it.
  GRAPHRING_HD std::uint32_t read_delta(std::uint64_t control, std::uint64_t i,
                                        std::uint64_t& data) const {
    const std::uint32_t code = (bytes[control + i / 4] >> (2 * (i % 4))) & 3u;
    std::uint32_t d = 0;
    for (std::uint32_t b = 0; b <= code; ++b) d |= std::uint32_t(bytes[data + b]) << (8 * b);
    data += code + 1;
    return d;
  }
  // The byte where row r's length starts and its first entry.
  GRAPHRING_HD void seek(std::uint64_t r, std::uint64_t& at, edge_offset& k) const {
    const std::uint64_t g = r / svb_group;
    at = group_byte[g];
    k = group_entry[g];
    for (std::uint64_t i = group_first_row(g); i < r; ++i) {
      const std::uint64_t length = read_length(at);
      at += row_code_bytes(at, length);
      k += length;
    }
  }

  // Calls f(column, k) for the entries of row r in column order until f returns true.
  template <class F>
  GRAPHRING_HD void for_each_in_row(std::uint64_t r, F&& f) const {
    std::uint64_t at = 0;
    edge_offset k = 0;
    seek(r, at, k);
    const std::uint64_t length = read_length(at);
    std::uint64_t data = at + (length + 3) / 4;
    std::uint32_t col = 0xffffffffu;
    for (std::uint64_t i = 0; i < length; ++i, ++k) {
      col += read_delta(at, i, data);
      if (f(vertex_id(col), k)) return;
    }
  }
};

}  // namespace graphring

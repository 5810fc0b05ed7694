// Pull SpMV over Stream VByte rows (Lemire, Kurz, Rupp, "Stream VByte: faster byte-oriented
// integer compression", IPL 2018; engine/formats/svb.hpp), with the contract of
// kernels/cpu/spmv_format_common.hpp. Four column ids at a time: their control byte names a
// byte-shuffle mask (a 256-entry table) that spreads their data bytes into four 32-bit lanes,
// which a prefix sum turns from deltas into ids; the ids are then gathered and accumulated as a
// CSR row's are. No id waits on the one before it for its bytes (the control byte says where each
// one's bytes lie), so the decode keeps no chain of bit positions as CCI's does. Rows go in
// blocks of whole groups of about equal entries. An x larger than the caches is gathered in a
// second phase, a group behind the decode: group g's ids are decoded into a buffer, x prefetched
// into L2 for each (kernels/cpu/prefetch.hpp), then group g - 1's rows are summed from its
// buffer, their x by then on its way (prefetching as the CSR kernel does, 128 entries ahead of
// the sums, was slower; summing each group right after its decode, slower still).
// On x86-64 the decode uses SSSE3's byte shuffle and SSE4.1's lane extracts (every x86-64 CPU
// since 2008 and 2011, Intel and AMD, has both; spmv_pull_svb refuses to run without them);
// elsewhere it reads each id's bytes by a plain load and mask (svb_decode_four_portable).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/error.hpp"
#include "kernels/cpu/prefetch.hpp"
#include "kernels/cpu/spmv_format_common.hpp"
#include "kernels/formats/svb_view.hpp"

#if defined(__x86_64__) && !defined(__CUDACC__) && (defined(__GNUC__) || defined(__clang__))
#define GRAPHRING_SVB_SHUFFLE 1
#include <immintrin.h>
#endif

namespace graphring::kernels {

namespace detail {

// Per control byte: where each of its four deltas' bytes start among its data bytes, how many
// data bytes it takes, and the byte-shuffle mask that spreads them into four 32-bit lanes (0x80:
// a zero byte).
struct svb_control_tables {
  std::uint8_t offset[256][4] = {};
  std::uint8_t bytes[256] = {};
  alignas(16) std::uint8_t shuffle[256][16] = {};
};

constexpr svb_control_tables make_svb_control_tables() {
  svb_control_tables t;
  for (int c = 0; c < 256; ++c) {
    int at = 0;
    for (int i = 0; i < 4; ++i) {
      const int n = ((c >> (2 * i)) & 3) + 1;
      t.offset[c][i] = std::uint8_t(at);
      for (int b = 0; b < 4; ++b) t.shuffle[c][4 * i + b] = b < n ? std::uint8_t(at + b) : 0x80;
      at += n;
    }
    t.bytes[c] = std::uint8_t(at);
  }
  return t;
}

inline constexpr svb_control_tables svb_tables = make_svb_control_tables();

// The four ids of control byte c, whose data bytes start at `data`, after column `col` (the
// row's last so far, which becomes the fourth id), without a byte shuffle: each delta a 4-byte
// load cut to its bytes. Reads at most 3 bytes past the four deltas' data (the code's padding
// covers the last row's).
GRAPHRING_INLINE void svb_decode_four_portable(const std::uint8_t* data, std::uint32_t c,
                                               std::uint32_t& col, std::uint32_t* ids) {
  constexpr std::uint32_t keep[4] = {0xffu, 0xffffu, 0xffffffu, 0xffffffffu};
  for (std::uint32_t i = 0; i < 4; ++i) {
    std::uint32_t d;
    std::memcpy(&d, data + svb_tables.offset[c][i], sizeof d);
    ids[i] = col += d & keep[(c >> (2 * i)) & 3u];
  }
}

// Whether this CPU can run the shuffle decoder (always true off x86-64, where it is not used).
inline bool svb_cpu_ready() {
#ifdef GRAPHRING_SVB_SHUFFLE
  static const bool ready = __builtin_cpu_supports("ssse3") && __builtin_cpu_supports("sse4.1");
  return ready;
#else
  return true;
#endif
}

}  // namespace detail

// What follows is compiled for SSSE3 and SSE4.1 on x86-64 (entered only after svb_cpu_ready()).
#ifdef GRAPHRING_SVB_SHUFFLE
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("ssse3,sse4.1"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("ssse3,sse4.1")
#endif
#endif

namespace detail {

// Four ids at a time, the running column in a register as the last of four lanes.
struct svb_four_decoder {
#ifdef GRAPHRING_SVB_SHUFFLE
  __m128i last = _mm_set1_epi32(-1);  // every lane the row's last column so far (-1 at its start)

  GRAPHRING_INLINE void start_row() { last = _mm_set1_epi32(-1); }
  // Decodes control byte c's four ids from `data` into ids[0..3].
  GRAPHRING_INLINE void four(const std::uint8_t* data, std::uint32_t c, std::uint32_t* ids) {
    __m128i d =
        _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data)),
                         _mm_load_si128(reinterpret_cast<const __m128i*>(svb_tables.shuffle[c])));
    d = _mm_add_epi32(d, _mm_slli_si128(d, 4));  // prefix sum of the four deltas
    d = _mm_add_epi32(d, _mm_slli_si128(d, 8));
    d = _mm_add_epi32(d, _mm_shuffle_epi32(last, 0xff));
    last = d;
    ids[0] = std::uint32_t(_mm_cvtsi128_si32(d));
    ids[1] = std::uint32_t(_mm_extract_epi32(d, 1));
    ids[2] = std::uint32_t(_mm_extract_epi32(d, 2));
    ids[3] = std::uint32_t(_mm_extract_epi32(d, 3));
  }
#else
  std::uint32_t col = 0xffffffffu;

  GRAPHRING_INLINE void start_row() { col = 0xffffffffu; }
  GRAPHRING_INLINE void four(const std::uint8_t* data, std::uint32_t c, std::uint32_t* ids) {
    svb_decode_four_portable(data, c, col, ids);
  }
#endif
};

// A row's first four ids (control byte c, data bytes at `data`) by the kernel's decoder, as a
// function of its own (tests compare it with svb_decode_four_portable; the kernel inlines the
// decoder instead). Only after svb_cpu_ready().
inline void svb_decode_first_four(const std::uint8_t* data, std::uint32_t c, std::uint32_t* ids) {
  svb_four_decoder d;
  d.start_row();
  d.four(data, c, ids);
}

// A row's code being read: its control bytes, its data bytes, and what is left of it.
struct svb_row_reader {
  const std::uint8_t* control;
  const std::uint8_t* data;
  std::uint64_t left;
  svb_four_decoder dec;

  // The next min(left, 4) ids into ids (the lanes past `left` hold ids of no entry); returns how
  // many are the row's.
  GRAPHRING_INLINE std::uint32_t next(std::uint32_t* ids) {
    const std::uint32_t c = *control++;
    dec.four(data, c, ids);
    const std::uint32_t n = left < 4 ? std::uint32_t(left) : 4u;
    data += n == 4 ? svb_tables.bytes[c] : svb_data_bytes(c, n);
    left -= n;
    return n;
  }
  // Moves past the ids left.
  GRAPHRING_INLINE void skip() {
    for (; left >= 4; left -= 4) data += svb_tables.bytes[*control++];
    if (left > 0) data += svb_data_bytes(*control++, std::uint32_t(left));
    left = 0;
  }
};

// Reads the row length at p (which moves past it) and starts a reader over the row.
GRAPHRING_INLINE svb_row_reader svb_start_row(const std::uint8_t*& p) {
  std::uint64_t length = *p++;
  if (length & 0x80u) [[unlikely]] {
    length &= 0x7fu;
    for (std::uint32_t shift = 7;; shift += 7) {
      const std::uint8_t b = *p++;
      length |= std::uint64_t(b & 0x7fu) << shift;
      if (!(b & 0x80u) || shift >= 63) break;
    }
  }
  svb_row_reader row{p, p + (length + 3) / 4, length, {}};
  row.dec.start_row();
  return row;
}

// Folds row r (its reader, its first entry k) into acc; returns whether a product was taken.
// With every x present and a commutative monoid that seldom stops a row early (as in the CSR
// kernel), four running sums, one per lane of four ids; otherwise one sum in column order with
// the presence, terminal and ANY checks per entry. Leaves the reader past the row.
template <class S, class Values, class X>
GRAPHRING_INLINE bool fold_svb_row(svb_row_reader& row, const Values& values, const X* x,
                                   const std::uint8_t* x_present, std::uint64_t r, edge_offset k,
                                   typename S::c_type& acc) {
  using B = typename S::b_type;
  using C = typename S::c_type;
  using M = typename S::add_monoid;
  const std::uint64_t length = row.left;
  alignas(16) std::uint32_t ids[4];
  if constexpr (is_commutative_v<M> && !stops_rows_early_v<M>) {
    if (!x_present) {
      C s[4] = {S::zero(), S::zero(), S::zero(), S::zero()};
      while (row.left >= 4) {
        row.next(ids);
        for (std::uint32_t i = 0; i < 4; ++i)
          s[i] = S::accumulate(s[i], S::multiply(values.at(k + i), B(x[ids[i]]), r, ids[i], 0));
        k += 4;
      }
      if (row.left > 0) {
        const std::uint32_t n = row.next(ids);
        for (std::uint32_t i = 0; i < n; ++i)
          s[0] = S::accumulate(s[0], S::multiply(values.at(k + i), B(x[ids[i]]), r, ids[i], 0));
      }
      acc = S::accumulate(acc, four_sums_combined<S>(s));
      return length > 0;
    }
  }
  bool taken = false;
  while (row.left > 0) {
    const std::uint32_t n = row.next(ids);
    const bool final_sum = fold_checked_piece<S>(ids, n, k, values, x, x_present, r, acc, taken);
    k += n;
    if (final_sum) {
      row.skip();
      return true;
    }
  }
  return taken;
}

// Group g of the view in one phase: each row's products taken as its ids are decoded.
template <class S, class V, class Values, class X, class Allowed>
std::uint64_t pull_svb_group(const svb_view<V>& a, std::uint64_t g, const Values& values,
                             const X* x, const std::uint8_t* x_present, typename S::c_type* y,
                             std::uint8_t* y_present, const Allowed& allowed) {
  using C = typename S::c_type;
  const std::uint8_t* p = a.bytes + a.group_byte[g];
  edge_offset k = a.group_entry[g];
  std::uint64_t found = 0;
  for (std::uint64_t r = a.group_first_row(g); r < a.group_first_row(g + 1); ++r) {
    svb_row_reader row = svb_start_row(p);
    const edge_offset length = row.left;
    y_present[r] = 0;
    if (allowed(r)) {
      C acc = S::zero();
      if (fold_svb_row<S>(row, values, x, x_present, r, k, acc)) {
        y[r] = acc;
        y_present[r] = 1;
        ++found;
      }
    }
    row.skip();
    p = row.data;
    k += length;
  }
  return found;
}

// A thread's buffer for a group decoded before its rows are summed: the group's ids (four slots
// more: the decoder writes four at a time) and each row's end among them.
struct svb_decoded_group {
  std::vector<vertex_id> cols;
  std::vector<std::uint32_t> row_end;
  std::uint64_t group = 0;
};

// The most entries a group decoded in two phases may take: a larger group (a hub's) goes in one
// phase.
inline constexpr std::uint64_t svb_buffered_entries = std::uint64_t(1) << 16;

// Group g's ids decoded into d (each row's end recorded), x prefetched into L2 for each id as it
// is decoded, so that the loads find it there when the group is summed, a group later.
template <class V, class X>
void decode_svb_group(const svb_view<V>& a, std::uint64_t g, svb_decoded_group& d, const X* x) {
  const std::uint64_t rows = a.group_first_row(g + 1) - a.group_first_row(g);
  const std::uint64_t entries = a.group_entry[g + 1] - a.group_entry[g];
  if (d.cols.size() < entries + 4) d.cols.resize(entries + 4);
  if (d.row_end.size() < rows) d.row_end.resize(rows);
  d.group = g;
  vertex_id* const cols = d.cols.data();
  const std::uint8_t* p = a.bytes + a.group_byte[g];
  std::uint64_t at = 0;
  for (std::uint64_t i = 0; i < rows; ++i) {
    svb_row_reader row = svb_start_row(p);
    while (row.left > 0) {
      const std::uint64_t n = row.next(cols + at);  // ids past the row's end are overwritten
      for (std::uint64_t j = 0; j < n; ++j) prefetch_into_l2(x + cols[at + j]);
      at += n;
    }
    p = row.data;
    d.row_end[i] = std::uint32_t(at);
  }
}

// The rows of the group decoded in d, each allowed one summed as a CSR row.
template <class S, class V, class Values, class X, class Allowed>
std::uint64_t sum_decoded_svb_group(const svb_view<V>& a, const svb_decoded_group& d,
                                    const Values& values, const X* x, const std::uint8_t* x_present,
                                    typename S::c_type* y, std::uint8_t* y_present,
                                    const Allowed& allowed) {
  using B = typename S::b_type;
  using C = typename S::c_type;
  using M = typename S::add_monoid;
  const std::uint64_t g = d.group;
  const std::uint64_t first = a.group_first_row(g), rows = a.group_first_row(g + 1) - first;
  const edge_offset k0 = a.group_entry[g];
  const vertex_id* const cols = d.cols.data();
  std::uint64_t found = 0, begin = 0;
  for (std::uint64_t i = 0; i < rows; ++i) {
    const std::uint64_t r = first + i, end = d.row_end[i];
    y_present[r] = 0;
    if (allowed(r)) {
      bool taken = false, summed = false;
      C acc = S::zero();
      auto product = [&](std::uint64_t e) {
        return S::multiply(values.at(k0 + e), B(x[cols[e]]), r, cols[e], 0);
      };
      if constexpr (is_commutative_v<M> && !stops_rows_early_v<M>) {
        if (!x_present) {
          C s[4] = {S::zero(), S::zero(), S::zero(), S::zero()};
          accumulate_in_four<S>(s, begin, end, product);
          acc = four_sums_combined<S>(s);
          taken = end > begin;
          summed = true;
        }
      }
      if (!summed)
        fold_checked_piece<S>(cols + begin, end - begin, k0 + begin, values, x, x_present, r, acc,
                              taken);
      if (taken) {
        y[r] = acc;
        y_present[r] = 1;
        ++found;
      }
    }
    begin = end;
  }
  return found;
}

// The kernel, once svb_cpu_ready() holds.
template <class S, class V, class Values, class X, class Allowed>
std::uint64_t spmv_pull_svb_ready(const svb_view<V>& a, const Values& values, const X* x,
                                  const std::uint8_t* x_present, typename S::c_type* y,
                                  std::uint8_t* y_present, const Allowed& allowed) {
  const std::uint64_t groups = a.group_count();
  const std::uint64_t blocks = block_count(a.group_entry[groups] + a.nrows);
  const std::vector<std::uint64_t> bounds = balanced_blocks(a.group_entry, groups, blocks);
  // (a monoid that stops rows early, ANY's BFS steps, reads few of a row's x: one phase)
  const bool two_phases =
      a.ncols * sizeof(X) > prefetch_above_bytes() && !stops_rows_early_v<typename S::add_monoid>;
  // Copies, so that the stores to y and y_present (which may alias anything) do not make the
  // loops reload them.
  const Values vals = values;
  const X* const xs = x;
  const std::uint8_t* const xp = x_present;
  std::uint64_t found = 0;
#pragma omp parallel reduction(+ : found) if (blocks > 1)
  {
    // Two phases, a group apart: group g decoded (its x prefetched), then group g - 1 summed.
    svb_decoded_group decoded[2];
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t b = 0; b < std::int64_t(blocks); ++b) {
      svb_decoded_group* pending = nullptr;
      for (std::uint64_t g = bounds[b]; g < bounds[b + 1]; ++g) {
        if (!two_phases || a.group_entry[g + 1] - a.group_entry[g] > svb_buffered_entries) {
          if (pending)
            found += sum_decoded_svb_group<S>(a, *pending, vals, xs, xp, y, y_present, allowed);
          pending = nullptr;
          found += pull_svb_group<S>(a, g, vals, xs, xp, y, y_present, allowed);
          continue;
        }
        svb_decoded_group& next = pending == &decoded[0] ? decoded[1] : decoded[0];
        decode_svb_group(a, g, next, xs);
        if (pending)
          found += sum_decoded_svb_group<S>(a, *pending, vals, xs, xp, y, y_present, allowed);
        pending = &next;
      }
      if (pending)
        found += sum_decoded_svb_group<S>(a, *pending, vals, xs, xp, y, y_present, allowed);
    }
  }
  return found;
}

}  // namespace detail

#ifdef GRAPHRING_SVB_SHUFFLE
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif

template <class S, class V, class Values, class X, class Allowed>
std::uint64_t spmv_pull_svb(const svb_view<V>& a, const Values& values, const X* x,
                            const std::uint8_t* x_present, typename S::c_type* y,
                            std::uint8_t* y_present, const Allowed& allowed) {
  if (!detail::svb_cpu_ready())
    throw error(error_kind::limit,
                "the svb format decodes with SSSE3 and SSE4.1, which this CPU lacks; use cci, "
                "dtans or csr");
  return detail::spmv_pull_svb_ready<S>(a, values, x, x_present, y, y_present, allowed);
}

}  // namespace graphring::kernels

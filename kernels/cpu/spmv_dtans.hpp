// Pull SpMV over CSR-dtANS (Schätzle, Pegolotti, Püschel, "Fast Entropy Decoding for Sparse MVM
// on GPUs", 2026, seeds/003; engine/formats/dtans.hpp), with the contract of
// kernels/cpu/spmv_format_common.hpp, over the CPU's slice decoder
// (kernels/cpu/dtans_slice_decoder.hpp). Two ways, chosen by the size of x: each product taken
// as its entry is decoded, or (x larger than the caches) each slice decoded into a buffer of the
// thread's first and its rows then gathered and summed from the buffer as CSR rows are: kept
// apart, the gathers of x do not wait behind the decode's instructions, so many are in flight
// at once.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "kernels/cpu/dtans_slice_decoder.hpp"
#include "kernels/cpu/prefetch.hpp"
#include "kernels/cpu/spmv_format_common.hpp"
#include "kernels/formats/dtans_view.hpp"

namespace graphring::kernels {

namespace detail {

// One slice decoded: lane l's entries, in row order, at cols[first[l]] on (and their values at
// the same places of vals), and its rows (each row and its end in cols) at rows[first_row[l]]
// on. Each lane's room is its symbols times the most entries one symbol stands for (a run), so
// the decoder writes without a check; the buffers grow, and are kept, as slices need.
template <class V>
struct dtans_decoded_slice {
  static constexpr bool keeps_values = !std::is_same_v<V, pattern_value>;
  struct row_end {
    std::uint64_t row;
    std::uint64_t end;  // past the row's last entry in cols
  };
  std::vector<vertex_id> cols;
  std::vector<std::conditional_t<keeps_values, V, char>> vals;
  std::vector<row_end> rows;
  std::uint64_t first[dtans_lanes], first_row[dtans_lanes + 1];

  // Lays out the rooms for slice s; returns the entries they hold in all.
  std::uint64_t lay_out(const dtans_view<V>& a, std::uint64_t s, std::uint64_t most_per_symbol) {
    std::uint64_t room = 0, row_room = 0;
    for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
      first[l] = room;
      first_row[l] = row_room;
      // (and one cache line more, so that the lanes' write positions do not share a cache set)
      room += std::uint64_t(a.lane_symbols[s * dtans_lanes + l]) * most_per_symbol + 16;
      row_room += a.lane_rows[s * dtans_lanes + l];
    }
    first_row[dtans_lanes] = row_room;
    return room;
  }

  // Decodes slice s into the rooms lay_out made (`room` entries).
  void decode(const dtans_view<V>& a, std::uint64_t s, std::uint64_t room) {
    const std::uint64_t row_room = first_row[dtans_lanes];
    if (cols.size() < room) cols.resize(room);
    const bool weighted = keeps_values && a.value_table;
    if constexpr (keeps_values)
      if (weighted && vals.size() < room) vals.resize(room);
    if (rows.size() < row_room) rows.resize(row_room);
    std::uint64_t at[dtans_lanes], row_at[dtans_lanes];
    for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
      at[l] = first[l];
      row_at[l] = first_row[l];
    }
    vertex_id* const c = cols.data();
    auto* const v = vals.data();
    row_end* const r = rows.data();
    for_each_in_dtans_slice(
        a, s,
        [&](std::uint32_t lane, std::uint64_t, vertex_id k, const V& value)
            GRAPHRING_INLINE_LAMBDA {
              if constexpr (keeps_values)
                if (weighted) v[at[lane]] = value;
              c[at[lane]++] = k;
            },
        [&](std::uint32_t lane, std::uint64_t row) GRAPHRING_INLINE_LAMBDA {
          r[row_at[lane]++] = {row, at[lane]};
        });
  }
};

// The most column ids one symbol of the index table stands for (the longest run; 1 without).
inline std::uint64_t dtans_most_per_symbol(const dtans_index_entry* table) {
  std::uint64_t most = 1;
  for (std::uint32_t k = 0; k < dtans_slots; ++k)
    most = table[k].count > most ? table[k].count : most;
  return most;
}

// ⊕ over the products of entries [begin, end) of a decoded lane (row r) into sum, in column
// order; with every x present and a commutative monoid that seldom stops a row early (its
// terminal, if any, rarely reached and so unchecked, as in the CSR kernel), four running sums hide
// the latency of ⊕.
template <class S, class V, class Values, class X>
void fold_dtans_row(const vertex_id* cols, const V* vals, std::uint64_t begin, std::uint64_t end,
                    const Values& values, const X* x, const std::uint8_t* x_present,
                    std::uint64_t r, row_sum<S>& sum) {
  using B = typename S::b_type;
  using C = typename S::c_type;
  using M = typename S::add_monoid;
  auto product = [&](std::uint64_t i) {
    if constexpr (std::is_same_v<V, pattern_value>) {
      return S::multiply(values.decoded(V{}), B(x[cols[i]]), r, cols[i], 0);
    } else {
      return S::multiply(values.decoded(vals ? vals[i] : V{}), B(x[cols[i]]), r, cols[i], 0);
    }
  };
  if constexpr (is_commutative_v<M> && !stops_rows_early_v<M>) {
    if (!x_present) {
      if (begin == end) return;
      C s[4] = {S::zero(), S::zero(), S::zero(), S::zero()};
      accumulate_in_four<S>(s, begin, end, product);
      sum.add(four_sums_combined<S>(s));
      return;
    }
  }
  for (std::uint64_t i = begin; i < end && !sum.done(); ++i) {
    if (x_present && !x_present[cols[i]]) continue;
    sum.add(product(i));
  }
}

// Slice s in one phase: each entry's product taken as it is decoded, into its lane's running
// sum, which goes to y at each of the lane's row ends; returns the rows present.
template <class S, class V, class Values, class X, class Allowed>
std::uint64_t pull_dtans_slice(const dtans_view<V>& a, std::uint64_t s, const Values& values,
                               const X* x, const std::uint8_t* x_present, typename S::c_type* y,
                               std::uint8_t* y_present, const Allowed& allowed) {
  using B = typename S::b_type;
  std::uint64_t found = 0;
  row_sum<S> sums[dtans_lanes];
  for_each_in_dtans_slice(
      a, s,
      [&](std::uint32_t lane, std::uint64_t r, vertex_id k, const V& v) {
        row_sum<S>& sum = sums[lane];
        if (sum.done() || (x_present && !x_present[k])) return;
        sum.add(S::multiply(values.decoded(v), B(x[k]), r, k, 0));
      },
      [&](std::uint32_t lane, std::uint64_t r) {
        const bool take = sums[lane].present && allowed(r);
        y_present[r] = take;
        if (take) y[r] = sums[lane].value;
        found += take;
        sums[lane] = {};
      });
  return found;
}

// Slice s in two phases: decoded into d's buffers, then its rows gathered from them, each lane's
// entries `gather_lookahead` places ahead prefetched (kernels/cpu/prefetch.hpp: x is larger than
// the caches on this path).
template <class S, class V, class Values, class X, class Allowed>
std::uint64_t pull_decoded_dtans_slice(const dtans_view<V>& a, std::uint64_t s,
                                       dtans_decoded_slice<V>& d, std::uint64_t room,
                                       const Values& values, const X* x,
                                       const std::uint8_t* x_present, typename S::c_type* y,
                                       std::uint8_t* y_present, const Allowed& allowed) {
  d.decode(a, s, room);
  const vertex_id* cols = d.cols.data();
  const V* vals = nullptr;
  if constexpr (dtans_decoded_slice<V>::keeps_values)
    if (a.value_table) vals = d.vals.data();
  std::uint64_t found = 0;
  for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
    std::uint64_t begin = d.first[l];
    const std::uint64_t lane_end =
        d.first_row[l + 1] > d.first_row[l] ? d.rows[d.first_row[l + 1] - 1].end : begin;
    std::uint64_t prefetched = begin;
    for (std::uint64_t i = d.first_row[l]; i < d.first_row[l + 1]; ++i) {
      const std::uint64_t r = d.rows[i].row, end = d.rows[i].end;
      const std::uint64_t ahead = std::min(end + gather_lookahead, lane_end);
      for (; prefetched < ahead; ++prefetched) prefetch_into_l2(x + cols[prefetched]);
      row_sum<S> sum;
      if (allowed(r)) fold_dtans_row<S>(cols, vals, begin, end, values, x, x_present, r, sum);
      y_present[r] = sum.present;
      if (sum.present) y[r] = sum.value;
      found += sum.present;
      begin = end;
    }
  }
  return found;
}

// The most entries a slice decoded in two phases may take in the buffers: a thread's buffers stay
// within this many column ids and values, and as many row records (each row takes a symbol, and
// a lane's room is at least its symbols); a larger slice (a lane with a huge row) goes in one
// phase.
inline constexpr std::uint64_t dtans_buffered_entries = std::uint64_t(1) << 20;

// An x of more than this many bytes is gathered in a second phase. Not the prefetch's threshold
// (four times L2): the decode, not the gathers' latency alone, is what the second phase keeps
// apart, and it gains on an x the CSR kernel is faster without prefetching
// (docs/kernel-speed-log.md, 2026-12-03).
inline constexpr std::uint64_t dtans_two_phases_above_bytes = std::uint64_t(2) << 20;

}  // namespace detail

// Slices of 32 lanes, handed out to threads dynamically (their entry counts differ). Where x fits
// the caches (at most detail::dtans_two_phases_above_bytes) a product is taken as its entry is
// decoded; a larger x is gathered in a second phase over each decoded slice, so that
// the gathers, which then wait on memory, are not held back by the decode.
template <class S, class V, class Values, class X, class Allowed>
std::uint64_t spmv_pull_dtans(const dtans_view<V>& a, const Values& values, const X* x,
                              const std::uint8_t* x_present, typename S::c_type* y,
                              std::uint8_t* y_present, const Allowed& allowed) {
  const bool two_phases = a.ncols * sizeof(X) > detail::dtans_two_phases_above_bytes;
  const std::uint64_t most_per_symbol =
      two_phases ? detail::dtans_most_per_symbol(a.index_table) : 1;
  // Copies, so that the stores to y and y_present (which may alias anything) do not make the
  // loops reload them for every entry.
  const Values vals = values;
  const X* const xs = x;
  const std::uint8_t* const xp = x_present;
  std::uint64_t found = 0;
#pragma omp parallel reduction(+ : found) if (a.slices > 1)
  {
    detail::dtans_decoded_slice<V> d;
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t s = 0; s < std::int64_t(a.slices); ++s) {
      const std::uint64_t room = two_phases ? d.lay_out(a, std::uint64_t(s), most_per_symbol) : 0;
      if (two_phases && room <= detail::dtans_buffered_entries)
        found += detail::pull_decoded_dtans_slice<S>(a, std::uint64_t(s), d, room, vals, xs, xp, y,
                                                     y_present, allowed);
      else
        found +=
            detail::pull_dtans_slice<S>(a, std::uint64_t(s), vals, xs, xp, y, y_present, allowed);
    }
  }
  return found;
}

}  // namespace graphring::kernels

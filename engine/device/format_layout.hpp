// The host-side half of putting a matrix<T> on the GPU in a compressed format: the CPU format
// object (engine/formats/) is built over the positions of A's entries rather than their values,
// so one build serves every value type, a struct too; each stored slot's value is then fetched
// by its position (padding slots get T{}). SELL-C-σ is built with C = 32, one warp per slice,
// over the rows of up to 32 entries; the longer ones stay in CSR for the CSR kernels' bins.
// CSR-dtANS codes the values themselves (a matrix of the arithmetic types, or none), with lanes
// short enough that a graph gives the GPU a few thousand slices (warps) to run, and longer rows
// coded in pieces of a lane's share, so that no lane holds up its warp. CCI likewise: groups of
// rows cut by symbols, a thread's each, longer rows in pieces.
// host_rows() gives the kernels' view of it over host memory: what the device upload copies
// (engine/device/device_matrix.hpp), and what the host tests run the kernels' steps over.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/array.hpp"
#include "core/error.hpp"
#include "engine/csr.hpp"
#include "engine/formats/any_format.hpp"
#include "engine/formatted_matrix.hpp"
#include "engine/matrix.hpp"
#include "kernels/cuda/views.hpp"

namespace graphring::device_layout {

// C = 32: the 32 rows of a slice are the 32 lanes of a warp; σ as on the CPU.
inline constexpr sell_options gpu_sell_options{32, 256};

// Symbols a dtANS lane takes on the GPU: a power of two from 32 to 512 (the CPU's), the largest
// that still gives about 8192 slices of 32 lanes, a warp each.
inline std::uint32_t gpu_dtans_lane_symbols(std::uint64_t symbols) {
  std::uint32_t lane = 512;
  while (lane > 32 && symbols / (std::uint64_t(lane) * dtans_lanes) < 8192) lane /= 2;
  return lane;
}

// Symbols (row lengths and entries) a CCI group takes on the GPU, a thread's work; a longer row is
// coded in pieces of one symbol less. Fewer symbols give more threads and less waiting for the
// longest group of a warp, more groups cost 8 bytes each (its start, 32 bits from every 64th
// group's, and its first row).
inline constexpr std::uint64_t gpu_cci_group_symbols = 32;

// The longest run of deltas of 1 a dtANS symbol stands for on the GPU: a warp's lanes decode in
// lockstep, so each symbol costs the warp the longest run among its lanes' symbols.
inline constexpr std::uint32_t gpu_dtans_max_run = 4;

// A's pattern with values 0 .. nnz-1, the entries' positions; no values when A is iso.
template <class T>
csr_matrix positions_of(const matrix<T>& a) {
  csr_matrix c{a.nrows(), a.ncols(), a.offsets(), a.cols(), {}};
  if (!a.values().empty()) {
    buffer<std::uint64_t> positions(a.nvals());
    for (std::uint64_t p = 0; p < positions.size(); ++p) positions[p] = p;
    c.values = shared_array<std::uint64_t>(std::move(positions));
  }
  return c;
}

// The values of a format's `slots` stored slots, from the positions it holds (empty when it
// holds none: A is iso); slots whose column is padding_column get T{}.
template <class T>
array<T> slot_values(const value_array& positions, const vertex_id* cols, std::uint64_t slots,
                     const matrix<T>& a) {
  if (std::holds_alternative<std::monostate>(positions)) return {};
  const auto& from = std::get<shared_array<std::uint64_t>>(positions);
  array<T> values(slots);
  for (std::uint64_t k = 0; k < slots; ++k)
    values[k] = cols[k] == padding_column ? T{} : a.values()[from[k]];
  return values;
}

// A in COO, ELL, HYB, SELL-32, CCI or CSR-dtANS, with its slot values. ELL may refuse
// (error_kind::limit); dtANS refuses the values of a type it cannot code (error_kind::usage).
template <class T>
class format_layout {
 public:
  format_layout(const matrix<T>& a, format_kind kind)
      : kind_(kind), nrows_(a.nrows()), ncols_(a.ncols()), iso_(a.iso_value()) {
    const csr_matrix p = positions_of(a);
    switch (kind) {
      case format_kind::coo:
        put_coo(coo_matrix::from_csr(p), a);
        break;
      case format_kind::ell:
        put_ell(ell_matrix::from_csr(p), a);
        break;
      case format_kind::hyb: {
        hyb_matrix h = hyb_matrix::from_csr(p);
        put_ell(h.ell(), a);
        put_coo(h.overflow(), a);
        break;
      }
      case format_kind::sell: {
        sell_matrix s = sell_matrix::from_csr(put_long_rows(p, a), gpu_sell_options);
        const auto v = s.view(static_cast<const std::uint64_t*>(nullptr));
        values_ = slot_values(s.values(), v.cols, s.slots(), a);
        sell_ = std::move(s);
        break;
      }
      case format_kind::cci:
        put_cci(a);
        break;
      case format_kind::dtans:
        put_dtans(a);
        break;
      case format_kind::svb:
        throw error(error_kind::usage,
                    "the svb format has no GPU kernels (its decode is the CPU's byte shuffle); "
                    "on the GPU use csr, coo, ell, hyb, sell, cci or dtans");
      default:
        throw error(error_kind::usage, "CSR needs no format layout");
    }
  }

  format_kind kind() const noexcept { return kind_; }
  // The dtANS matrix (kind() dtans), whose stream lengths the upload needs.
  const dtans_matrix& dtans() const { return *dtans_; }

  // The kernels' view of the format over host memory.
  cuda::pull_rows<T> host_rows() const {
    cuda::pull_rows<T> r;
    r.kind = kind_;
    r.nrows = nrows_;
    r.ncols = ncols_;
    r.iso = iso_;
    if (ell_) r.ell = ell_->view(or_null(values_));
    if (coo_) r.coo = coo_->view(or_null(coo_values_));
    r.hyb = {r.ell, r.coo};
    if (cci_) r.cci = cci_->view(or_null(values_));
    if (dtans_) r.dtans = dtans_->view<T>();
    if (cci_ || dtans_) {
      r.split = {split_count_, 0, split_rows_.data(), split_coded_rows_.data()};
      r.split.partial_slots = r.split.partial(split_count_);
    }
    if (sell_) {
      r.sell = sell_->view(or_null(values_));
      r.csr = {nrows_, ncols_, long_offsets_.data(), long_cols_.data(), or_null(long_values_),
               iso_};
      for (int b = 0; b < cuda::row_bin_count; ++b) {
        r.bin_rows[b] = long_rows_[b].data();
        r.bin_sizes[b] = long_rows_[b].size();
      }
    }
    return r;
  }

 private:
  static const T* or_null(const array<T>& a) { return a.empty() ? nullptr : a.data(); }
  void put_ell(const ell_matrix& e, const matrix<T>& a) {
    const auto v = e.view(static_cast<const std::uint64_t*>(nullptr));
    values_ = slot_values(e.values(), v.cols, e.width() * e.nrows(), a);
    ell_ = e;
  }
  // dtANS over A's rows, a row of more than a lane's share of entries coded as pieces.
  void put_dtans(const matrix<T>& a) {
    const bool weighted = !a.values().empty();
    csr_matrix c{a.nrows(), a.ncols(), a.offsets(), a.cols(), {}};
    if (weighted) {
      if constexpr (detail::format_storable_v<T>) {
        c.values = a.values();
      } else {
        throw error(error_kind::usage,
                    "the dtans format on the GPU codes values of int32, int64, uint32, uint64, "
                    "float32 or float64 (or none: an iso matrix); this matrix holds other values");
      }
    }
    const std::uint64_t symbols = a.nvals() * (weighted ? 2 : 1) + a.nrows();
    const std::uint32_t lane = gpu_dtans_lane_symbols(symbols);
    dtans_ = dtans_matrix::from_csr(cut_long_rows(c, weighted ? lane / 2 : lane),
                                    dtans_options{lane, gpu_dtans_max_run});
  }
  // CCI over A's rows in groups of a thread's share of symbols, longer rows coded as pieces;
  // the values stay in CSR order (entry k's value is A's k-th), which the pieces keep.
  void put_cci(const matrix<T>& a) {
    const csr_matrix c{a.nrows(), a.ncols(), a.offsets(), a.cols(), {}};
    cci_ = cci_matrix::from_csr(cut_long_rows(c, gpu_cci_group_symbols - 1),
                                cci_options{1, gpu_cci_group_symbols});
    values_ = array<T>(a.values().data(), a.values().size());
  }
  // c with its rows of more than `piece` entries coded as pieces of that many (cuda::row_pieces,
  // whose arrays are kept here): the coded rows have c's columns and values in c's order, only
  // their offsets differ.
  csr_matrix cut_long_rows(csr_matrix c, std::uint64_t piece) {
    std::vector<std::uint64_t> rows, coded_rows;
    std::uint64_t coded = 0;
    for (std::uint64_t i = 0; i < c.nrows; ++i) {
      const std::uint64_t pieces =
          std::max<std::uint64_t>(1, (c.row_length(i) + piece - 1) / piece);
      if (pieces > 1) {
        rows.push_back(i);
        coded_rows.push_back(coded);
      }
      coded += pieces;
    }
    split_count_ = rows.size();
    rows.push_back(c.nrows);
    coded_rows.push_back(coded);
    if (split_count_ > 0) {
      buffer<edge_offset> offsets(coded + 1);
      std::uint64_t v = 0;
      offsets[0] = 0;
      for (std::uint64_t i = 0; i < c.nrows; ++i) {
        std::uint64_t left = c.row_length(i);
        do {
          const std::uint64_t take = std::min(left, piece);
          offsets[v + 1] = offsets[v] + take;
          ++v;
          left -= take;
        } while (left > 0);
      }
      c.nrows = coded;
      c.offsets = shared_array<edge_offset>(std::move(offsets));
    }
    split_rows_ = array<std::uint64_t>(rows.data(), rows.size());
    split_coded_rows_ = array<std::uint64_t>(coded_rows.data(), coded_rows.size());
    return c;
  }
  void put_coo(const coo_matrix& c, const matrix<T>& a) {
    const auto v = c.view(static_cast<const std::uint64_t*>(nullptr));
    coo_values_ = slot_values(c.values(), v.cols, v.nnz, a);
    coo_ = c;
  }

  // SELL-32 takes the rows of up to cuda::sell_row_limit entries: A's positions with the longer
  // rows emptied are returned, and the longer rows are kept here as a CSR over all rows (the
  // others empty), binned for the CSR kernels.
  csr_matrix put_long_rows(const csr_matrix& p, const matrix<T>& a) {
    const std::uint64_t n = p.nrows;
    buffer<edge_offset> short_offsets(n + 1);
    long_offsets_ = array<edge_offset>(n + 1);
    short_offsets[0] = long_offsets_[0] = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
      const std::uint64_t length = p.row_length(i);
      const bool long_row = length > cuda::sell_row_limit;
      short_offsets[i + 1] = short_offsets[i] + (long_row ? 0 : length);
      long_offsets_[i + 1] = long_offsets_[i] + (long_row ? length : 0);
      if (long_row) long_rows_[int(cuda::bin_of_row(length))].push_back(std::uint32_t(i));
    }
    buffer<vertex_id> short_cols(short_offsets[n]);
    long_cols_ = array<vertex_id>(long_offsets_[n]);
    const bool valued = !a.values().empty();
    buffer<std::uint64_t> short_positions(valued ? short_cols.size() : 0);
    if (valued) long_values_ = array<T>(long_cols_.size());
    for (std::uint64_t i = 0; i < n; ++i) {
      const bool long_row = long_offsets_[i + 1] > long_offsets_[i];
      std::uint64_t to = long_row ? long_offsets_[i] : short_offsets[i];
      for (std::uint64_t q = p.row_begin(i); q < p.row_end(i); ++q, ++to) {
        (long_row ? long_cols_[to] : short_cols[to]) = p.cols[q];
        if (!valued) continue;
        if (long_row)
          long_values_[to] = a.values()[q];
        else
          short_positions[to] = q;
      }
    }
    csr_matrix rest{n,
                    p.ncols,
                    shared_array<edge_offset>(std::move(short_offsets)),
                    shared_array<vertex_id>(std::move(short_cols)),
                    {}};
    if (valued) rest.values = shared_array<std::uint64_t>(std::move(short_positions));
    return rest;
  }

  format_kind kind_;
  std::uint64_t nrows_, ncols_;
  T iso_;
  std::optional<ell_matrix> ell_;  // ELL, or HYB's ELL part
  std::optional<coo_matrix> coo_;  // COO, or HYB's overflow
  std::optional<sell_matrix> sell_;
  std::optional<cci_matrix> cci_;
  std::optional<dtans_matrix> dtans_;
  std::uint64_t split_count_ = 0;  // CCI's or dtANS's rows coded in pieces (cuda::row_pieces)
  array<std::uint64_t> split_rows_, split_coded_rows_;
  array<T> values_;                  // of the ELL or SELL slots, or CCI's entries
  array<edge_offset> long_offsets_;  // SELL's long rows (put_long_rows)
  array<vertex_id> long_cols_;
  array<T> long_values_;
  std::array<std::vector<std::uint32_t>, cuda::row_bin_count> long_rows_;
  array<T> coo_values_;
};

}  // namespace graphring::device_layout

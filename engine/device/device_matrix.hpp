// graphring::device_matrix<T>: a matrix<T> resident in device memory, uploaded once and reused by
// every operation. A's CSR, and A in the pull format (csr, coo, ell, hyb or sell;
// engine/device/format_layout.hpp), go up when the matrix is made; Aᵀ (for vxm's pull and mxv's
// push) in both forms on first use, from the host matrix. Everything uploaded is cached and
// shared by copies ("if present, valid").
// A matrix an operation builds on the device (select) has no host copy until one is asked for:
// then it is downloaded once (its transpose and formats are made on the host from it).
//
//   device_matrix<double> a(matrix<double>::from_csr(g.adjacency()), format_kind::sell);
//   mxv(w, no_mask, no_accum, min_plus<double>{}, a, u);   // w, u: device_vector<double>
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>

#include "engine/device/format_layout.hpp"
#include "engine/device/memory.hpp"
#include "engine/matrix.hpp"
#include "kernels/cuda/views.hpp"

namespace graphring {

// CSR arrays in device memory.
template <class T>
struct device_csr {
  std::uint64_t nrows = 0, ncols = 0;
  device_array<edge_offset> offsets;  // nrows + 1
  device_array<vertex_id> cols;
  device_array<T> values;  // empty: every entry is `iso`
  T iso{};

  static device_csr upload(const matrix<T>& a) {
    device_csr c{a.nrows(),
                 a.ncols(),
                 device_array<edge_offset>::upload(a.offsets().data(), a.offsets().size()),
                 device_array<vertex_id>::upload(a.cols().data(), a.cols().size()),
                 device_array<T>::upload(a.values().data(), a.values().size()),
                 a.iso_value()};
    return c;
  }
  matrix<T> download() const {
    array<edge_offset> o(offsets.size());
    array<vertex_id> c(cols.size());
    array<T> v(values.size());
    offsets.download(o.data());
    cols.download(c.data());
    values.download(v.data());
    return matrix<T>(nrows, ncols, share(std::move(o)), share(std::move(c)), share(std::move(v)),
                     iso);
  }
  kernels::csr_view<T> view() const {
    return {nrows, ncols, offsets.data(), cols.data(), values.empty() ? nullptr : values.data(),
            iso};
  }
};

template <class T>
class device_matrix {
 public:
  using value_type = T;

  device_matrix() : device_matrix(matrix<T>()) {}
  // Uploads A's CSR and, unless it is CSR, A in `format`, which pull products read (ELL may
  // refuse: error_kind::limit; dtANS a matrix of values it cannot code: error_kind::usage).
  explicit device_matrix(matrix<T> a, format_kind format = format_kind::csr)
      : state_(std::make_shared<state>()) {
    state_->format = format;
    state_->csr[0] = std::make_unique<device_csr<T>>(device_csr<T>::upload(a));
    if (format != format_kind::csr)  // now, so that ELL's refusal comes here
      state_->formats[0] =
          std::make_unique<device_format>(device_layout::format_layout<T>(a, format));
    state_->host = std::move(a);
  }
  // A matrix built on the device (by an operation), read through CSR.
  explicit device_matrix(device_csr<T> a) : state_(std::make_shared<state>()) {
    state_->csr[0] = std::make_unique<device_csr<T>>(std::move(a));
  }

  std::uint64_t nrows() const noexcept { return state_->csr[0]->nrows; }
  std::uint64_t ncols() const noexcept { return state_->csr[0]->ncols; }
  std::uint64_t nvals() const noexcept { return state_->csr[0]->cols.size(); }
  format_kind format() const noexcept { return state_->format; }
  T iso_value() const noexcept { return state_->csr[0]->iso; }

  // The host copy (downloaded once when the matrix was built on the device).
  const matrix<T>& host() const {
    std::lock_guard<std::mutex> lock(state_->mutex);
    return host_locked();
  }

  // A's CSR (transposed: Aᵀ's), the rows a push scatters over.
  kernels::csr_view<T> csr(bool transposed) const {
    std::lock_guard<std::mutex> lock(state_->mutex);
    return csr_locked(transposed).view();
  }

  // The rows a pull gathers over: A's (transposed: Aᵀ's), in the matrix's format.
  cuda::pull_rows<T> rows(bool transposed) const {
    std::lock_guard<std::mutex> lock(state_->mutex);
    const int t = transposed;
    cuda::pull_rows<T> r;
    r.kind = state_->format;
    r.nrows = transposed ? ncols() : nrows();
    r.ncols = transposed ? nrows() : ncols();
    r.iso = iso_value();
    if (r.kind == format_kind::csr) {
      r.csr = csr_locked(transposed).view();
      if (!state_->bins[t]) {
        const matrix<T>& h = transposed ? host_locked().transposed() : host_locked();
        const auto lists = cuda::plan_row_bins(h.offsets().data(), h.nrows());
        state_->bins[t] = std::make_unique<bin_arrays>();
        for (int b = 0; b < cuda::row_bin_count; ++b)
          (*state_->bins[t])[b] =
              device_array<std::uint32_t>::upload(lists[b].data(), lists[b].size());
      }
      for (int b = 0; b < cuda::row_bin_count; ++b) {
        r.bin_rows[b] = (*state_->bins[t])[b].data();
        r.bin_sizes[b] = (*state_->bins[t])[b].size();
      }
      return r;
    }
    if (!state_->formats[t])
      state_->formats[t] = std::make_unique<device_format>(device_layout::format_layout<T>(
          transposed ? host_locked().transposed() : host_locked(), r.kind));
    return state_->formats[t]->rows;
  }

 private:
  using bin_arrays = std::array<device_array<std::uint32_t>, cuda::row_bin_count>;

  // One compressed format in device memory: COO, ELL, HYB (ELL + COO), SELL, CCI or CSR-dtANS,
  // copied from the host layout's arrays.
  struct device_format {
    cuda::pull_rows<T> rows;  // the layout's views, pointing here
    device_array<vertex_id> cols, row_of, coo_rows, coo_cols;
    device_array<edge_offset> slice_offsets, long_offsets;  // SELL; its long rows in CSR
    device_array<vertex_id> long_cols;
    device_array<T> values, coo_values, long_values;
    bin_arrays long_rows;
    device_array<std::uint64_t> code_start, words;  // CCI
    device_array<std::uint32_t> group_row, group_bit;
    device_array<edge_offset> group_entry;
    device_array<std::uint64_t> slice_row, word_start, escape_start;  // dtANS
    device_array<std::uint16_t> lane_rows;
    device_array<std::uint32_t> lane_symbols, stream, escapes;
    device_array<dtans_index_entry> index_table;
    device_array<dtans_value_entry> value_table;
    device_array<std::uint64_t> split_rows, split_coded_rows;  // CCI and dtANS (row_pieces)

    explicit device_format(const device_layout::format_layout<T>& layout)
        : rows(layout.host_rows()) {
      auto& r = rows;
      if (r.kind == format_kind::ell || r.kind == format_kind::hyb) {
        const std::uint64_t slots = r.ell.width * r.ell.nrows;
        r.ell.cols = put(cols, r.ell.cols, slots);
        r.ell.values = put(values, r.ell.values, slots);
      }
      if (r.kind == format_kind::coo || r.kind == format_kind::hyb) {
        r.coo.rows = put(coo_rows, r.coo.rows, r.coo.nnz);
        r.coo.cols = put(coo_cols, r.coo.cols, r.coo.nnz);
        r.coo.values = put(coo_values, r.coo.values, r.coo.nnz);
      }
      r.hyb = {r.ell, r.coo};
      if (r.kind == format_kind::cci) {
        const std::uint64_t groups = r.cci.group_count();
        const std::uint64_t entries = r.cci.group_entry[groups];
        r.cci.values = put(values, r.cci.values, entries);
        r.cci.code_start = put(code_start, r.cci.code_start, r.cci.start_count());
        // A group's first entry indexes the values: not needed without them.
        r.cci.group_entry =
            r.cci.values ? put(group_entry, r.cci.group_entry, groups + 1) : nullptr;
        r.cci.group_row = put(group_row, r.cci.group_row, groups + 1);
        r.cci.group_bit = put(group_bit, r.cci.group_bit, groups + 1);
        r.cci.words = put(words, r.cci.words, r.cci.nwords);
      }
      if (r.kind == format_kind::cci || r.kind == format_kind::dtans) {
        r.split.row = put(split_rows, r.split.row, r.split.count + 1);
        r.split.vrow = put(split_coded_rows, r.split.vrow, r.split.count + 1);
      }
      if (r.kind == format_kind::dtans) {
        auto& d = r.dtans;
        const std::uint64_t lanes = d.slices * dtans_lanes;
        d.slice_row = put(slice_row, d.slice_row, d.slices + 1);
        d.word_start = put(word_start, d.word_start, d.slices + 1);
        d.escape_start = put(escape_start, d.escape_start, d.slices + 1);
        d.lane_rows = put(lane_rows, d.lane_rows, lanes);
        d.lane_symbols = put(lane_symbols, d.lane_symbols, lanes);
        d.words = put(stream, d.words, layout.dtans().stream_words());
        d.escapes = put(escapes, d.escapes, layout.dtans().escape_words());
        d.index_table = put(index_table, d.index_table, dtans_slots);
        d.value_table = put(value_table, d.value_table, dtans_slots);
      }
      if (r.kind == format_kind::sell) {
        const std::uint64_t slots = r.sell.slices ? r.sell.slice_offsets[r.sell.slices] : 0;
        r.sell.values = put(values, r.sell.values, slots);
        r.sell.cols = put(cols, r.sell.cols, slots);
        r.sell.row_of = put(row_of, r.sell.row_of, r.sell.slices * r.sell.chunk);
        r.sell.slice_offsets = put(slice_offsets, r.sell.slice_offsets, r.sell.slices + 1);
        const std::uint64_t long_entries = r.csr.offsets[r.nrows];
        r.csr.offsets = put(long_offsets, r.csr.offsets, r.nrows + 1);
        r.csr.cols = put(long_cols, r.csr.cols, long_entries);
        r.csr.values = put(long_values, r.csr.values, long_entries);
        for (int b = 0; b < cuda::row_bin_count; ++b)
          r.bin_rows[b] = put(long_rows[b], r.bin_rows[b], r.bin_sizes[b]);
      }
    }

    // Uploads n elements from `host` (null: none) into `to`; returns the device pointer or null.
    template <class V>
    static const V* put(device_array<V>& to, const V* host, std::uint64_t n) {
      if (!host) return nullptr;
      to = device_array<V>::upload(host, n);
      return to.data();
    }
  };

  struct state {
    std::mutex mutex;
    format_kind format = format_kind::csr;
    std::optional<matrix<T>> host;
    std::unique_ptr<device_csr<T>> csr[2];  // A, Aᵀ
    std::unique_ptr<bin_arrays> bins[2];
    std::unique_ptr<device_format> formats[2];
  };

  const matrix<T>& host_locked() const {
    if (!state_->host) state_->host = state_->csr[0]->download();
    return *state_->host;
  }
  const device_csr<T>& csr_locked(bool transposed) const {
    const int t = transposed;
    if (!state_->csr[t])
      state_->csr[t] =
          std::make_unique<device_csr<T>>(device_csr<T>::upload(host_locked().transposed()));
    return *state_->csr[t];
  }

  std::shared_ptr<state> state_;
};

}  // namespace graphring

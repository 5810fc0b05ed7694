// graphring::device_matrix<T>: a matrix<T> resident in device memory, uploaded once and reused by
// every operation. A's CSR goes up when the matrix is made; Aᵀ (for vxm's pull and mxv's push)
// and the pull format (csr, coo, ell, hyb or sell; engine/device/format_layout.hpp) are uploaded
// on first use from the host matrix and cached, shared by copies ("if present, valid").
// A matrix an operation builds on the device (select) has no host copy until one is asked for:
// then it is downloaded once (its transpose and formats are made on the host from it).
//
//   device_matrix<double> a(matrix<double>::from_csr(g.adjacency()), format_kind::sell);
//   mxv(w, no_mask, no_accum, min_plus<double>{}, a, u);   // w, u: device_vector<double>
#pragma once

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
  // Uploads A's CSR; `format` is what pull products read (CCI and dtANS have no GPU kernel yet:
  // error_kind::usage).
  explicit device_matrix(matrix<T> a, format_kind format = format_kind::csr)
      : state_(std::make_shared<state>()) {
    device_layout::require_gpu_kernel(format);
    state_->format = format;
    state_->csr[0] = std::make_unique<device_csr<T>>(device_csr<T>::upload(a));
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
  bool is_iso() const noexcept { return state_->csr[0]->values.empty() && nvals() > 0; }
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
      state_->formats[t] = std::make_unique<device_format>(
          device_format::upload(transposed ? host_locked().transposed() : host_locked(), r.kind));
    state_->formats[t]->fill(r);
    return r;
  }

 private:
  // One compressed format in device memory: COO, ELL, HYB (ELL + COO) or SELL.
  struct device_format {
    std::uint64_t nrows = 0, ncols = 0;
    format_kind kind = format_kind::coo;
    // ELL (HYB's ELL part): width and column-major slots. SELL: its slots, in `cols` too.
    std::uint64_t width = 0, chunk = 0;
    device_array<vertex_id> cols, row_of;
    device_array<edge_offset> slice_offsets;
    device_array<T> values;
    // COO (HYB's overflow).
    device_array<vertex_id> coo_rows, coo_cols;
    device_array<T> coo_values;

    static device_format upload(const matrix<T>& a, format_kind kind) {
      device_format f;
      f.nrows = a.nrows();
      f.ncols = a.ncols();
      f.kind = kind;
      const csr_matrix p = device_layout::positions_of(a);
      switch (kind) {
        case format_kind::coo:
          f.put_coo(coo_matrix::from_csr(p), a);
          break;
        case format_kind::ell:
          f.put_ell(ell_matrix::from_csr(p), a);
          break;
        case format_kind::hyb: {
          const hyb_matrix h = hyb_matrix::from_csr(p);
          f.put_ell(h.ell(), a);
          f.put_coo(h.overflow(), a);
          break;
        }
        default: {
          const sell_matrix s = sell_matrix::from_csr(p, device_layout::gpu_sell_options);
          const auto v = s.view(static_cast<const std::uint64_t*>(nullptr));
          const std::uint64_t slots = s.slots();
          f.chunk = v.chunk;
          f.slice_offsets = device_array<edge_offset>::upload(v.slice_offsets, v.slices + 1);
          f.row_of = device_array<vertex_id>::upload(v.row_of, v.slices * v.chunk);
          f.cols = device_array<vertex_id>::upload(v.cols, slots);
          const auto values = device_layout::slot_values(s.values(), v.cols, slots, a);
          f.values = device_array<T>::upload(values.data(), values.size());
        }
      }
      return f;
    }
    void put_ell(const ell_matrix& e, const matrix<T>& a) {
      const auto v = e.view(static_cast<const std::uint64_t*>(nullptr));
      width = e.width();
      const std::uint64_t slots = width * e.nrows();
      cols = device_array<vertex_id>::upload(v.cols, slots);
      const auto host_values = device_layout::slot_values(e.values(), v.cols, slots, a);
      values = device_array<T>::upload(host_values.data(), host_values.size());
    }
    void put_coo(const coo_matrix& c, const matrix<T>& a) {
      const auto v = c.view(static_cast<const std::uint64_t*>(nullptr));
      coo_rows = device_array<vertex_id>::upload(v.rows, v.nnz);
      coo_cols = device_array<vertex_id>::upload(v.cols, v.nnz);
      const auto host_values = device_layout::slot_values(c.values(), v.cols, v.nnz, a);
      coo_values = device_array<T>::upload(host_values.data(), host_values.size());
    }
    static const T* or_null(const device_array<T>& a) { return a.empty() ? nullptr : a.data(); }
    void fill(cuda::pull_rows<T>& r) const {
      r.coo = {nrows,           ncols,           coo_rows.size(),
               coo_rows.data(), coo_cols.data(), or_null(coo_values)};
      r.ell = {nrows, ncols, width, cols.data(), or_null(values)};
      r.hyb = {r.ell, r.coo};
      const std::uint64_t slices = slice_offsets.empty() ? 0 : slice_offsets.size() - 1;
      r.sell = {nrows,         ncols,       chunk,          slices, slice_offsets.data(),
                row_of.data(), cols.data(), or_null(values)};
    }
  };

  using bin_arrays = std::array<device_array<std::uint32_t>, cuda::row_bin_count>;

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

// The pull product on the GPU: t<mask> = rows ⊕.⊗ x for a bitmap or dense x (x_present null when
// dense), S in the mxv orientation (vxm passes Aᵀ's rows and flipped<S>). The format's kernel is
// chosen here at run time; the result is counted and held in the form its density calls for.
// A format's GPU kernel is added with one more case below.
#pragma once

#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "engine/device/device_vector.hpp"
#include "kernels/cuda/csr_pull.cuh"
#include "kernels/cuda/format_pull.cuh"

namespace graphring::cuda {

template <class S, class T, class U>
device_vector<typename S::c_type> pull_product(const pull_rows<T>& rows, const U* x,
                                               const std::uint8_t* x_present,
                                               const mask_view& mask) {
  using C = typename S::c_type;
  const std::uint64_t n = rows.nrows;
  device_array<C> y(n);
  device_array<std::uint8_t> y_present(n);
  if (n > 0) {
    switch (rows.kind) {
      case format_kind::csr:
        csr_pull<S>(rows, x, x_present, mask, y.data(), y_present.data());
        break;
      case format_kind::coo:
        coo_pull<S>(rows.coo, rows.iso, x, x_present, mask, y.data(), y_present.data(), false);
        break;
      case format_kind::ell:
        ell_pull_rows<S>(rows.ell, rows.iso, x, x_present, mask, y.data(), y_present.data());
        break;
      case format_kind::hyb:
        ell_pull_rows<S>(rows.hyb.ell, rows.iso, x, x_present, mask, y.data(), y_present.data());
        coo_pull<S>(rows.hyb.coo, rows.iso, x, x_present, mask, y.data(), y_present.data(), true);
        break;
      case format_kind::sell:
        sell_pull_rows<S>(rows.sell, rows.iso, x, x_present, mask, y.data(), y_present.data());
        csr_pull_bins<S>(rows, x, x_present, mask, y.data(), y_present.data());  // long rows
        break;
      case format_kind::cci:
      case format_kind::dtans: {  // rows coded in pieces leave their sums in partial slots
        device_array<C> partial(rows.split.partial_slots);
        device_array<std::uint8_t> partial_present(rows.split.partial_slots);
        if (rows.kind == format_kind::cci)
          cci_pull_rows<S>(rows.cci, rows.split, rows.iso, x, x_present, mask, y.data(),
                           y_present.data(), partial.data(), partial_present.data());
        else
          dtans_pull_rows<S>(rows.dtans, rows.split, rows.iso, x, x_present, mask, y.data(),
                             y_present.data(), partial.data(), partial_present.data());
        break;
      }
      default:
        throw error(error_kind::usage, "the " + std::string(format_name(rows.kind)) +
                                           " format has no CUDA kernel yet");
    }
  }
  return from_presence(n, std::move(y), std::move(y_present));
}

}  // namespace graphring::cuda

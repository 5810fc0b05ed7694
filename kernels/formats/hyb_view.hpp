// The non-owning view of a HYB matrix and its decoder, host/device clean so that CPU and CUDA
// kernels share it; the format, its builder and its owning class are engine/formats/hyb.hpp.
#pragma once

#include <cstdint>

#include "kernels/formats/coo_view.hpp"
#include "kernels/formats/ell_view.hpp"

namespace graphring {

template <class V>
struct hyb_view {
  using value_type = V;
  ell_view<V> ell;
  coo_view<V> coo;  // overflow; value k of it is coo.values[k]

  // Calls f(column, value_index, in_coo) for each entry of row r in column order until f
  // returns true. ELL entries come first: they are the row's smallest columns.
  template <class F>
  GRAPHRING_HD void for_each_in_row(std::uint64_t r, F&& f) const {
    bool stop = false;
    ell.for_each_in_row(r, [&](vertex_id c, std::uint64_t k) { return stop = f(c, k, false); });
    if (!stop) coo.for_each_in_row(r, [&](vertex_id c, std::uint64_t k) { return f(c, k, true); });
  }
};

}  // namespace graphring

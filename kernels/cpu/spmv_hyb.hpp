// Pull SpMV over hybrid ELL + COO (HYB, seeds/001, 002; engine/formats/hyb.hpp), with the
// contract of kernels/cpu/spmv_format_common.hpp: the ELL part by the ELL kernel, then the COO
// overflow through the view's per-entry decoder, combined with what the ELL part left in y.
#pragma once

#include <cstdint>

#include "kernels/cpu/spmv_coo.hpp"
#include "kernels/cpu/spmv_ell.hpp"
#include "kernels/formats/hyb_view.hpp"

namespace graphring::kernels {

template <class S, class V, class Values, class X, class Allowed>
std::uint64_t spmv_pull_hyb(const hyb_view<V>& a, const Values& ell_values,
                            const Values& coo_values, const X* x, const std::uint8_t* x_present,
                            typename S::c_type* y, std::uint8_t* y_present,
                            const Allowed& allowed) {
  spmv_pull_ell<S>(a.ell, ell_values, x, x_present, y, y_present, allowed);
  detail::coo_accumulate<S>(a.coo, coo_values, x, x_present, y, y_present, allowed);
  return detail::count_present(y_present, a.ell.nrows);
}

}  // namespace graphring::kernels

// Pull SpMV over the compressed formats (COO, ELL, HYB, SELL-C-σ, CCI, CSR-dtANS, Stream VByte),
// one template per format over the semiring S, each in its own header with the contract of the
// CSR kernel (stated in kernels/cpu/spmv_format_common.hpp, with what the kernels share):
// spmv_coo.hpp, spmv_ell.hpp, spmv_hyb.hpp, spmv_sell.hpp, spmv_cci.hpp, spmv_dtans.hpp and
// spmv_svb.hpp (four ids decoded by one byte shuffle, then gathered as a CSR row's).
// The CCI, ELL and SELL loops are written out per format (CCI: decode a piece of column ids,
// then gather and accumulate; SELL: eight rows per slot column, one running sum each); COO,
// HYB's overflow and dtANS's lockstep slice decoder go through the views' per-entry decoders.
// Work is balanced by nonzeros: COO by equal entry ranges, CCI by blocks of row groups of equal
// entries, SELL by slice ranges of equal slots, ELL (all rows one width) by blocks of rows, and
// dtANS slice by slice, handed out dynamically.
// This header includes them all and adds spmv_pull_stored.
#pragma once

#include <type_traits>

#include "kernels/cpu/spmv_cci.hpp"
#include "kernels/cpu/spmv_coo.hpp"
#include "kernels/cpu/spmv_dtans.hpp"
#include "kernels/cpu/spmv_ell.hpp"
#include "kernels/cpu/spmv_format_common.hpp"
#include "kernels/cpu/spmv_hyb.hpp"
#include "kernels/cpu/spmv_sell.hpp"
#include "kernels/cpu/spmv_svb.hpp"

namespace graphring::kernels {

// ---- any format's kernel over the values its view holds (A(1) for a pattern view) ------------

template <class S, class View, class X, class Allowed>
std::uint64_t spmv_pull_stored(const View& a, const X* x, const std::uint8_t* x_present,
                               typename S::c_type* y, std::uint8_t* y_present,
                               const Allowed& allowed) {
  using A = typename S::a_type;
  using V = typename View::value_type;
  if constexpr (std::is_same_v<View, hyb_view<V>>) {
    return spmv_pull_hyb<S>(a, own_values<A>(a.ell.values), own_values<A>(a.coo.values), x,
                            x_present, y, y_present, allowed);
  } else if constexpr (std::is_same_v<View, dtans_view<V>>) {
    format_values<A, V> values;
    values.has_values = a.value_table != nullptr;
    if constexpr (std::is_constructible_v<A, int>) values.iso = A(1);
    return spmv_pull_dtans<S>(a, values, x, x_present, y, y_present, allowed);
  } else if constexpr (std::is_same_v<View, coo_view<V>>) {
    return spmv_pull_coo<S>(a, own_values<A>(a.values), x, x_present, y, y_present, allowed);
  } else if constexpr (std::is_same_v<View, ell_view<V>>) {
    return spmv_pull_ell<S>(a, own_values<A>(a.values), x, x_present, y, y_present, allowed);
  } else if constexpr (std::is_same_v<View, sell_view<V>>) {
    return spmv_pull_sell<S>(a, own_values<A>(a.values), x, x_present, y, y_present, allowed);
  } else if constexpr (std::is_same_v<View, svb_view<V>>) {
    return spmv_pull_svb<S>(a, own_values<A>(a.values), x, x_present, y, y_present, allowed);
  } else {
    return spmv_pull_cci<S>(a, own_values<A>(a.values), x, x_present, y, y_present, allowed);
  }
}

}  // namespace graphring::kernels

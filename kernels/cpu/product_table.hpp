// One semiring's products over every format's view, as plain function pointers: the pull kernel
// of each format (kernels/cpu/spmv_pull.hpp for CSR, kernels/cpu/format_spmv.hpp for the others)
// and the push kernel (kernels/cpu/spmspv_push.hpp), instantiated for S where this header is
// compiled. A semiring compiled at run time (engine/registry/compiled_semiring.hpp) hands the
// engine such a table from its shared library, so that it multiplies through the same templates,
// inlined, as a built-in one, and the engine chooses the format, the direction and the vertex
// order around it. The matrix's values are double (A(1) for a pattern view); x and y are T, the
// semiring's b and c type. Every row is allowed (no mask): the engine masks on the way back.
#pragma once

#include <cstdint>

#include "kernels/cpu/format_spmv.hpp"
#include "kernels/cpu/spmspv_push.hpp"
#include "kernels/cpu/spmv_pull.hpp"
#include "semirings/flipped.hpp"

namespace graphring::kernels {

template <class View, class T>
using pull_kernel = std::uint64_t (*)(const View& a, const T* x, const std::uint8_t* x_present,
                                      T* y, std::uint8_t* y_present);

template <class T>
struct product_table {
  pull_kernel<csr_view<double>, T> csr = nullptr;
  pull_kernel<coo_view<double>, T> coo = nullptr;
  pull_kernel<ell_view<double>, T> ell = nullptr;
  pull_kernel<hyb_view<double>, T> hyb = nullptr;
  pull_kernel<sell_view<double>, T> sell = nullptr;
  pull_kernel<cci_view<double>, T> cci = nullptr;
  pull_kernel<dtans_view<double>, T> dtans = nullptr;
  pull_kernel<svb_view<double>, T> svb = nullptr;
  // t(i) ⊕= A(i,k) ⊗ x(k) scattered over the rows of Aᵀ that x's entries name (the mxv
  // orientation; u_row as in spmspv_push).
  void (*push)(const csr_view<double>& at, const std::uint32_t* u_index, const std::uint32_t* u_row,
               const T* u_value, std::uint64_t u_nvals, scatter_workspace<T>& w) = nullptr;
};

namespace detail {
struct every_row {
  constexpr bool operator()(std::uint64_t) const { return true; }
};
}  // namespace detail

template <class S>
product_table<typename S::c_type> product_table_of() {
  using T = typename S::c_type;
  static_assert(std::is_same_v<typename S::b_type, T>, "x and y share the semiring's type");
  product_table<T> t;
  t.csr = [](const csr_view<double>& a, const T* x, const std::uint8_t* xp, T* y,
             std::uint8_t* yp) { return spmv_pull<S>(a, x, xp, y, yp, detail::every_row{}); };
  auto stored = []<class View>(View*) -> pull_kernel<View, T> {
    return [](const View& a, const T* x, const std::uint8_t* xp, T* y, std::uint8_t* yp) {
      return spmv_pull_stored<S>(a, x, xp, y, yp, detail::every_row{});
    };
  };
  t.coo = stored(static_cast<coo_view<double>*>(nullptr));
  t.ell = stored(static_cast<ell_view<double>*>(nullptr));
  t.hyb = stored(static_cast<hyb_view<double>*>(nullptr));
  t.sell = stored(static_cast<sell_view<double>*>(nullptr));
  t.cci = stored(static_cast<cci_view<double>*>(nullptr));
  t.dtans = stored(static_cast<dtans_view<double>*>(nullptr));
  t.svb = stored(static_cast<svb_view<double>*>(nullptr));
  t.push = [](const csr_view<double>& at, const std::uint32_t* u_index, const std::uint32_t* u_row,
              const T* u_value, std::uint64_t u_nvals, scatter_workspace<T>& w) {
    spmspv_push<flipped<S>>(at, u_index, u_row, u_value, u_nvals, w, detail::every_row{});
  };
  return t;
}

}  // namespace graphring::kernels

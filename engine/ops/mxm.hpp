// Matrix-matrix product over a semiring, GraphBLAS's GrB_mxm:
//   C<M> = accum(C, A ⊕.⊗ B)      C(i,j) = ⊕_k A(i,k) ⊗ B(k,j)
// Two methods (kernels/cpu/spgemm.hpp): Gustavson's row-by-row saxpy (push), which forms only
// the products a mask allows, and masked dot products (pull) over Bᵀ, used by default when a
// non-complemented mask is given and Bᵀ is at hand (transpose_second, or already cached) — the
// triangle-counting shape C<L> = L ⊕.⊗ Lᵀ. descriptor.method forces either (dot needs a mask).
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/matrix.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/matrix_write_back.hpp"
#include "engine/ops/row_builder.hpp"
#include "kernels/cpu/spgemm.hpp"

namespace graphring {

template <class S, class W, class Mask, class Accum, class AT, class BT>
void mxm(matrix<W>& c, const Mask& mask, const Accum& accum, S, const matrix<AT>& a_in,
         const matrix<BT>& b_in, const descriptor& d = {}) {
  using C = typename S::c_type;
  constexpr bool masked = !std::is_same_v<Mask, no_mask_t>;
  const matrix<AT>& a = d.transpose_first ? a_in.transposed() : a_in;
  detail::check_dimension(d.transpose_second ? b_in.ncols() : b_in.nrows(), a.ncols(),
                          "the inner dimension of B");
  const std::uint64_t ncols = d.transpose_second ? b_in.nrows() : b_in.ncols();
  detail::check_dimension(c.nrows(), a.nrows(), "the output matrix's rows");
  detail::check_dimension(c.ncols(), ncols, "the output matrix's columns");
  const auto* m = detail::mask_pointer(mask);
  using MV = std::remove_cv_t<std::remove_pointer_t<decltype(m)>>;
  using mask_type = typename MV::value_type;
  const bool value_mask = masked && !d.structural_mask;
  // Whether mask entry p marks its column (a value mask ignores explicit zeros).
  auto marks = [&](std::uint64_t p) {
    if constexpr (std::is_arithmetic_v<mask_type>) {
      return !value_mask || m->value(p) != mask_type(0);
    } else {
      return true;
    }
  };

  const bool b_transpose_at_hand = d.transpose_second || b_in.has_cached_transpose();
  const bool dot = masked && !d.complement_mask &&
                   (d.method == product_method::pull ||
                    (d.method == product_method::automatic && b_transpose_at_hand));
  matrix<C> t;
  if (dot) {
    const matrix<BT>& bt = d.transpose_second ? b_in : b_in.transposed();
    const auto av = a.view();
    const auto btv = bt.view();
    t = detail::build_by_rows<C>(a.nrows(), ncols, m->nvals(), [&](std::uint64_t i, auto&& emit) {
      for (std::uint64_t p = m->offsets()[i]; p < m->offsets()[i + 1]; ++p) {
        if (!marks(p)) continue;
        C value;
        if (kernels::dot_entry<S>(av, btv, i, m->cols()[p], value)) emit(m->cols()[p], value);
      }
    });
  } else {
    const matrix<BT>& b = d.transpose_second ? b_in.transposed() : b_in;
    const auto av = a.view();
    const auto bv = b.view();
    const int mask_kind = masked ? (d.complement_mask ? 2 : 1) : (d.complement_mask ? -1 : 0);
    t = detail::build_by_rows<C>(a.nrows(), ncols, a.nvals(), [&](std::uint64_t i, auto&& emit) {
      if (mask_kind == -1) return;  // the complement of no mask allows nothing
      static thread_local kernels::row_workspace<C> w;
      w.prepare(ncols);
      kernels::gustavson_row<S>(av, bv, i, mask_kind, [&](auto&& mark) {
        if constexpr (masked)
          for (std::uint64_t p = m->offsets()[i]; p < m->offsets()[i + 1]; ++p)
            if (marks(p)) mark(m->cols()[p]);
      }, w, emit);
    });
  }
  detail::write_back(c, mask, accum, t, d, true);
}

}  // namespace graphring

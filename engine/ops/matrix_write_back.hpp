// The last step of every matrix operation: C<M> = accum(C, T), row by row. Each row merges the
// old row of C, the row of T and the row of the mask M (all ascending): where M allows (by value
// or structure, optionally complemented) C(i,j) becomes accum(C(i,j), T(i,j)) over the union of
// both patterns, or T(i,j) without an accumulator; elsewhere C(i,j) is kept, or deleted under
// `replace`.
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/matrix.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/row_builder.hpp"

namespace graphring::detail {

// Walks one mask row in step with ascending column queries.
template <class M>
class mask_row_cursor {
 public:
  mask_row_cursor(const matrix<M>* mask, std::uint64_t i, const descriptor& d)
      : mask_(mask), structural_(d.structural_mask), complement_(d.complement_mask) {
    if (mask_) {
      p_ = mask_->offsets()[i];
      end_ = mask_->offsets()[i + 1];
    }
  }
  // Whether column j may be written; queries must come in ascending j.
  bool allows(std::uint64_t j) {
    if (!mask_) return !complement_;
    while (p_ < end_ && mask_->cols()[p_] < j) ++p_;
    bool in = p_ < end_ && mask_->cols()[p_] == j;
    if constexpr (std::is_arithmetic_v<M>) {
      if (in && !structural_) in = mask_->value(p_) != M(0);
    }
    return in != complement_;
  }

 private:
  const matrix<M>* mask_;
  bool structural_, complement_;
  std::uint64_t p_ = 0, end_ = 0;
};

template <class Mask>
auto mask_pointer(const Mask& mask) {
  if constexpr (std::is_same_v<Mask, no_mask_t>) {
    return static_cast<const matrix<bool>*>(nullptr);
  } else {
    return &mask;
  }
}

template <class W, class Mask, class Accum, class C>
void write_back(matrix<W>& c, const Mask& mask, const Accum& accum, const matrix<C>& t,
                const descriptor& d, bool t_within_mask) {
  constexpr bool accumulate = !std::is_same_v<Accum, no_accum_t>;
  constexpr bool masked = !std::is_same_v<Mask, no_mask_t>;
  check_dimension(t.nrows(), c.nrows(), "the output matrix's rows");
  check_dimension(t.ncols(), c.ncols(), "the output matrix's columns");
  if constexpr (masked) {
    check_dimension(mask.nrows(), c.nrows(), "the mask's rows");
    check_dimension(mask.ncols(), c.ncols(), "the mask's columns");
    if constexpr (!std::is_arithmetic_v<typename Mask::value_type>) {
      if (!d.structural_mask)
        throw error(error_kind::usage, "a mask of a non-arithmetic type must be structural");
    }
  }
  if constexpr (!accumulate && std::is_same_v<W, C>) {
    // t replaces C: no mask, or t lies within the mask and nothing of the old C survives.
    if ((!masked && !d.complement_mask) ||
        (masked && t_within_mask && (d.replace || c.nvals() == 0))) {
      c = t;
      return;
    }
  }
  const auto* m = mask_pointer(mask);
  const matrix<W> old = c;
  c = build_rows_counted<W>(c.nrows(), c.ncols(), old.nvals() + t.nvals(),
                            [&](std::uint64_t i, auto&& emit) {
                              mask_row_cursor cursor(m, i, d);
                              std::uint64_t p = old.offsets()[i], pe = old.offsets()[i + 1];
                              std::uint64_t q = t.offsets()[i], qe = t.offsets()[i + 1];
                              while (p < pe || q < qe) {
                                const std::uint64_t jo = p < pe ? old.cols()[p] : ~std::uint64_t(0);
                                const std::uint64_t jt = q < qe ? t.cols()[q] : ~std::uint64_t(0);
                                const std::uint64_t j = std::min(jo, jt);
                                const bool has_old = jo == j, has_t = jt == j;
                                if (cursor.allows(j)) {
                                  if (has_t && has_old && accumulate) {
                                    if constexpr (accumulate)
                                      emit(j, W(accum(old.value(p), t.value(q))));
                                  } else if (has_t) {
                                    emit(j, W(t.value(q)));
                                  } else if (has_old && accumulate) {
                                    emit(j, old.value(p));
                                  }
                                } else if (has_old && !d.replace) {
                                  emit(j, old.value(p));
                                }
                                p += has_old;
                                q += has_t;
                              }
                            });
}

}  // namespace graphring::detail

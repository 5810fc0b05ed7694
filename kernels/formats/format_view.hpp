// Pieces shared by the views of every compressed format (COO, ELL, HYB, SELL-C-σ, CCI,
// CSR-dtANS, Stream VByte): the tag for pattern matrices, reading a stored value as a semiring's
// input type, and the padding marker. Host/device clean (C++17, no std containers) so CUDA kernels
// reuse it.
#pragma once

#include <cstdint>
#include <type_traits>

#include "semirings/hd.hpp"

namespace graphring {

// Stands for the value type of a pattern matrix: the view's value pointer is null and every
// entry reads as A(1).
struct pattern_value {};

// The k-th stored value as the semiring's input type A.
template <class A, class V>
GRAPHRING_HD inline A stored_value(const V* values, std::uint64_t k) {
  if constexpr (std::is_same_v<V, pattern_value>) {
    return A(1);
  } else {
    return static_cast<A>(values[k]);
  }
}

// The storage formats, as a tag that views and kernels dispatch on at run time (the owning
// matrices and the choice among them: engine/formats/any_format.hpp).
enum class format_kind { csr, coo, ell, hyb, sell, cci, dtans, svb };

// Column id marking a padding slot of ELL and SELL (never a vertex: ids stop at 2^32-2).
inline constexpr std::uint32_t padding_column = 0xffffffffu;

}  // namespace graphring

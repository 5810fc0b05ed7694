// The host-side half of putting a matrix<T> on the GPU in a compressed format: the CPU format
// object (engine/formats/) is built over the positions of A's entries rather than their values,
// so one build serves every value type, a struct too; each stored slot's value is then fetched
// by its position (padding slots get T{}). SELL-C-σ is built with C = 32, one warp per slice.
// Host code only, kept apart from the uploads so the host tests check these layouts.
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "engine/array.hpp"
#include "engine/csr.hpp"
#include "engine/error.hpp"
#include "engine/formats/any_format.hpp"
#include "engine/matrix.hpp"

namespace graphring::device_layout {

// C = 32: the 32 rows of a slice are the 32 lanes of a warp; σ as on the CPU.
inline constexpr sell_options gpu_sell_options{32, 256};

// The formats with a GPU kernel. CCI and CSR-dtANS come later, each as one kernel file and one
// dispatch case (kernels/cuda/pull.cuh).
inline bool has_gpu_kernel(format_kind kind) noexcept {
  return kind != format_kind::cci && kind != format_kind::dtans;
}

inline void require_gpu_kernel(format_kind kind) {
  if (!has_gpu_kernel(kind))
    throw error(error_kind::usage, "the " + std::string(format_name(kind)) +
                                       " format has no CUDA kernel yet (GPU formats: csr, coo, "
                                       "ell, hyb, sell)");
}

// A's pattern with values 0 .. nnz-1, the entries' positions; no values when A is iso.
template <class T>
csr_matrix positions_of(const matrix<T>& a) {
  csr_matrix c{a.nrows(), a.ncols(), a.offsets(), a.cols(), {}};
  if (!a.values().empty()) {
    buffer<std::uint64_t> positions(a.nvals());
    for (std::uint64_t p = 0; p < positions.size(); ++p) positions[p] = p;
    c.values = shared_array<std::uint64_t>(std::move(positions));
  }
  return c;
}

// The values of a format's `slots` stored slots, from the positions it holds (empty when it
// holds none: A is iso); slots whose column is padding_column get T{}.
template <class T>
array<T> slot_values(const value_array& positions, const vertex_id* cols, std::uint64_t slots,
                     const matrix<T>& a) {
  if (std::holds_alternative<std::monostate>(positions)) return {};
  const auto& from = std::get<shared_array<std::uint64_t>>(positions);
  array<T> values(slots);
  for (std::uint64_t k = 0; k < slots; ++k)
    values[k] = cols[k] == padding_column ? T{} : a.values()[from[k]];
  return values;
}

}  // namespace graphring::device_layout

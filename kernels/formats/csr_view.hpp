// Non-owning, trivially copyable view of a CSR matrix, the form in which kernels (CPU and CUDA)
// receive one: row i holds columns cols[offsets[i] .. offsets[i+1]) in ascending order. A matrix
// whose entries all share one value (a pattern graph) has no value array, only `iso`.
// Host/device-clean: no standard-library containers, so nvcc can compile it as C++17.
#pragma once

#include <cstdint>

#include "semirings/hd.hpp"

namespace graphring::kernels {

template <class V>
struct csr_view {
  std::uint64_t nrows = 0;
  std::uint64_t ncols = 0;
  const std::uint64_t* offsets = nullptr;  // nrows + 1
  const std::uint32_t* cols = nullptr;     // offsets[nrows]
  const V* values = nullptr;               // nullptr: every entry equals `iso`
  V iso{};

  GRAPHRING_HD std::uint64_t nnz() const { return offsets[nrows]; }
  GRAPHRING_HD V value(std::uint64_t p) const { return values ? values[p] : iso; }
};

}  // namespace graphring::kernels

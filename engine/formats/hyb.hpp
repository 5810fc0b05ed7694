// Hybrid ELL + COO (HYB): the first w entries of every row in ELL, the overflow of longer rows in
// COO (seeds/001, 002). The width w is the one that minimizes bytes for the row-length
// distribution: ELL column j costs one slot per row, and saves a COO triple for every row with
// more than j entries, so w is the largest j with rows(len >= j) * (8 + v) >= nrows * (4 + v),
// v the value size. (This is Bell and Garland's "a third of the rows fill column j" rule made
// exact for our 32-bit ids; for pattern graphs it asks for half the rows.)
#pragma once

#include <cstdint>

#include "engine/formats/coo.hpp"
#include "engine/formats/ell.hpp"
#include "kernels/formats/hyb_view.hpp"

namespace graphring {

class hyb_matrix {
 public:
  // width: ell_options::whole_rows (the default) picks it from the row lengths as above.
  static hyb_matrix from_csr(const csr_matrix& a, std::uint64_t width = ell_options::whole_rows);
  csr_matrix to_csr() const;

  // The width that minimizes bytes (see the file comment).
  static std::uint64_t best_width(const csr_matrix& a);

  std::uint64_t width() const noexcept { return ell_.width(); }
  const ell_matrix& ell() const noexcept { return ell_; }
  const coo_matrix& overflow() const noexcept { return coo_; }
  edge_offset nnz() const noexcept { return ell_.nnz() + coo_.nnz(); }
  formats::footprint size() const noexcept;
  std::uint64_t bytes() const noexcept { return size().bytes(); }

  // ell_values and coo_values are the stored values of the two parts (null for a pattern).
  template <class V>
  hyb_view<V> view(const V* ell_values, const V* coo_values) const {
    return {ell_.view(ell_values), coo_.view(coo_values)};
  }

 private:
  ell_matrix ell_;
  coo_matrix coo_;
};

}  // namespace graphring

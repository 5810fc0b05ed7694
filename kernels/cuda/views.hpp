// The non-owning, trivially copyable views the CUDA kernels receive (host-safe: no CUDA headers):
//  - mask_view: which outputs a mask allows, read straight from the mask vector's device arrays;
//  - pull_rows<T>: the rows a pull product gathers over, in one format chosen at run time, with
//    the CSR rows binned by length (launch_geometry.hpp); SELL keeps its long rows as such a CSR.
//    Adding a format's GPU kernel means a view here, one kernel file, and one case in
//    engine/device/pull_product.cuh.
#pragma once

#include <cstdint>

#include "kernels/cuda/launch_geometry.hpp"
#include "kernels/formats/cci_view.hpp"
#include "kernels/formats/coo_view.hpp"
#include "kernels/formats/csr_view.hpp"
#include "kernels/formats/dtans_view.hpp"
#include "kernels/formats/ell_view.hpp"
#include "kernels/formats/format_view.hpp"
#include "kernels/formats/hyb_view.hpp"
#include "kernels/formats/sell_view.hpp"
#include "semirings/hd.hpp"

namespace graphring::cuda {

// allows(i) = ((present == null or present[i]) and (truth == null or truth[i])) != complement.
// No mask at all is both pointers null (a complemented no-mask allows nothing, as on the CPU);
// a dense mask has no presence bytes; a structural mask has no truth bytes; a sparse mask is
// spread into presence bytes first (engine/device/device_mask.hpp).
struct mask_view {
  const std::uint8_t* present = nullptr;
  const std::uint8_t* truth = nullptr;
  bool complement = false;

  GRAPHRING_HD bool allows(std::uint64_t i) const {
    const bool in = (!present || present[i]) && (!truth || truth[i]);
    return in != complement;
  }
};

// The rows the GPU's CCI and dtANS layouts code in pieces of at most a thread's (a lane's) share
// of entries, so that no thread of a warp holds up the others with a long row: each piece is a
// row of the coded matrix (a "coded row"). Split k is row row[k], whose pieces are the coded
// rows vrow[k] .. end(k) - 1; row[count] = nrows and vrow[count] = the coded rows, so the arrays
// are never empty. Coded row v of an unsplit row is row v - offset(k), k the splits that end at
// or before v. Piece j of split k leaves its sum in partial slot partial(k) + j, and the join
// folds a split's partials in order (row_pieces.hpp).
struct row_pieces {
  std::uint64_t count = 0;
  std::uint64_t partial_slots = 0;      // partial(count), kept here for the host (row, vrow may be
                                        // device memory)
  const std::uint64_t* row = nullptr;   // count + 1
  const std::uint64_t* vrow = nullptr;  // count + 1

  // Coded rows before split k's first piece, less the rows before it: the extra pieces.
  GRAPHRING_HD std::uint64_t offset(std::uint64_t k) const { return vrow[k] - row[k]; }
  GRAPHRING_HD std::uint64_t pieces(std::uint64_t k) const { return offset(k + 1) - offset(k) + 1; }
  // The coded row after split k's last piece.
  GRAPHRING_HD std::uint64_t end(std::uint64_t k) const { return vrow[k] + pieces(k); }
  GRAPHRING_HD std::uint64_t partial(std::uint64_t k) const { return offset(k) + k; }
};

template <class T>
struct pull_rows {
  format_kind kind = format_kind::csr;
  std::uint64_t nrows = 0, ncols = 0;
  T iso{};  // every entry's value when the format holds no values
  // CSR: the matrix. SELL: its rows longer than sell_row_limit, the others empty.
  kernels::csr_view<T> csr;
  // The rows of csr by bin: bin_rows[b][0 .. bin_sizes[b]) (empty for COO, ELL, HYB).
  const std::uint32_t* bin_rows[row_bin_count] = {};
  std::uint64_t bin_sizes[row_bin_count] = {};
  coo_view<T> coo;
  ell_view<T> ell;
  hyb_view<T> hyb;
  sell_view<T> sell;
  cci_view<T> cci;      // one slice, groups cut by symbols; its rows are coded rows
  dtans_view<T> dtans;  // values coded (T arithmetic) or none (iso); its rows are coded rows
  row_pieces split;     // which of cci's or dtans' coded rows are pieces of a longer row
};

// The entry's value as the semiring's input type A: the stored one, or the iso value.
template <class A, class T>
GRAPHRING_HD inline A entry_value(const T* values, const T& iso, std::uint64_t k) {
  return values ? A(values[k]) : A(iso);
}

}  // namespace graphring::cuda

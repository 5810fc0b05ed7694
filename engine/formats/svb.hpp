// Stream VByte rows (Lemire, Kurz, Rupp, "Stream VByte: faster byte-oriented integer
// compression", IPL 2018): each row's column ids delta-coded (the first from -1), each delta in
// one to four whole bytes, the byte counts two bits each in control bytes kept apart from the
// data, so that a CPU decodes four ids with one byte shuffle whose mask a 256-entry table gives
// by the control byte (kernels/cpu/spmv_svb.hpp). A byte-aligned code: it takes more bytes than
// CCI's bit code where rows are runs of consecutive columns (web graphs) and about as many
// elsewhere, and decodes without a chain of bit positions. Rows go in groups of svb_group, each
// group's first byte and first entry stored (16 bytes per 64 rows); a row opens with its length.
// Values stay uncompressed, in CSR order. Layout details: kernels/formats/svb_view.hpp.
#pragma once

#include <cstdint>

#include "engine/csr.hpp"
#include "engine/formats/format_support.hpp"
#include "kernels/formats/svb_view.hpp"

namespace graphring {

// The arrays of an svb_matrix, for saving it and mapping it back (engine/io/grb_compressed.cpp).
struct svb_parts {
  std::uint64_t nrows = 0, ncols = 0, length_bytes = 0;
  edge_offset nnz = 0;
  shared_array<std::uint64_t> group_byte;
  shared_array<edge_offset> group_entry;
  shared_array<std::uint8_t> bytes;  // the code, then svb_padding zero bytes
  value_array values;
};

class svb_matrix {
 public:
  static svb_matrix from_csr(const csr_matrix& a);
  csr_matrix to_csr() const;

  svb_parts parts() const;
  // Trusts the parts: check with validate() before decoding parts from a file.
  static svb_matrix from_parts(svb_parts p);
  // Whether the arrays have the sizes the view reads and every group decodes inside its bytes to
  // exactly its entries, columns below ncols(); false for parts a damaged or crafted file holds.
  bool validate() const noexcept;

  std::uint64_t nrows() const noexcept { return nrows_; }
  std::uint64_t ncols() const noexcept { return ncols_; }
  edge_offset nnz() const noexcept { return nnz_; }
  const value_array& values() const noexcept { return values_; }
  // Bytes of the code (without its padding), of which length_bytes() hold the row lengths.
  std::uint64_t code_bytes() const noexcept { return bytes_.size() - svb_padding; }
  std::uint64_t length_bytes() const noexcept { return length_bytes_; }
  formats::footprint size() const noexcept;
  std::uint64_t bytes() const noexcept { return size().bytes(); }

  template <class V>
  svb_view<V> view(const V* values) const {
    svb_view<V> v;
    v.nrows = nrows_;
    v.ncols = ncols_;
    v.group_byte = group_byte_.data();
    v.group_entry = group_entry_.data();
    v.bytes = bytes_.data();
    v.nbytes = bytes_.empty() ? 0 : bytes_.size() - svb_padding;
    v.values = values;
    return v;
  }

 private:
  std::uint64_t nrows_ = 0, ncols_ = 0, length_bytes_ = 0;
  edge_offset nnz_ = 0;
  shared_array<std::uint64_t> group_byte_;
  shared_array<edge_offset> group_entry_;
  shared_array<std::uint8_t> bytes_;
  value_array values_;
};

// Checks a view built from untrusted data: group starts ascending inside the code, group
// entries ascending from 0 to nvalues, and every group's rows decoding inside its own bytes to
// its entries, every column below ncols. Returns false where decoding could read out of bounds
// or give a wrong matrix.
bool validate(const svb_view<pattern_value>& v, std::uint64_t nvalues);

}  // namespace graphring

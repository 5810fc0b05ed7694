// Compressed Column Indices (CCI; Lawlor, "In-memory Data Compression for Sparse Matrices",
// IA^3 2013, seeds/000 and slides seeds/004). Each row's column ids become deltas (the first from
// -1, so column c starts with c + 1; duplicate edges give 0), written into a bit stream of
// codewords with the opcode in the low bits:
//   0    + 4 bits  a run of 1..16 deltas equal to the stride (1: contiguous columns)   5 bits
//   001  + 5 bits  a jump of up to 31                                                  8 bits
//   011  + 15 bits, 101 + 20 bits, 111 + 29 bits                                18, 23, 32 bits
// Our ids are 32-bit, so a matrix with a jump of 2^29 or more widens the 111 immediate to 32
// bits (35-bit codeword); the width lives in the decode table. Decoding is branch-free: the low
// three bits index an 8-entry table (the run opcode fills its four entries) giving the codeword
// length, the immediate's shift and mask, and how to turn the immediate into (delta, count).
// Interleaved variant (slices S > 1, Lawlor's layout for GPUs): the entries of a row are dealt
// round-robin to S slices, each with its own stream, and the run opcode then means "jumps of S" —
// contiguous columns seen through a stride of S threads. Values stay uncompressed, in CSR order.
// Row structure. One slice (the CPU layout): each row's code opens with its length as a jump
// codeword (8 bits below 32 entries), and only every 64th row's start bit and first entry are
// stored — about 2 bits per row where CSR-style offsets and per-row starts cost 128; a row is
// reached by skipping the rows before it in its group, which a kernel walking rows in order
// never has to do. With group_symbols set, a group instead closes before the row that would take
// it past that many symbols (a row's length and its entries), and each group's first row is
// stored too: groups of even work, a GPU thread's each (engine/device/format_layout.hpp); their
// starts are 32-bit offsets from every 64th group's (8 bytes a group with the first row). Rows
// and a group's code then need to fit 32 bits (error_kind::limit otherwise).
// Interleaved variant: CSR offsets and one start per stream, for random access by thread.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/csr.hpp"
#include "engine/formats/format_support.hpp"
#include "kernels/formats/cci_view.hpp"

namespace graphring {

struct cci_options {
  std::uint64_t slices = 1;  // 1: one stream; S > 1 (at most 32): the interleaved variant
  // One slice: 0 for groups of cci_group rows; else the most symbols (rows and entries) a group
  // takes, a longer row making a group of its own.
  std::uint64_t group_symbols = 0;
};

// The arrays of a cci_matrix, for saving it and mapping it back (engine/io/grb_sections.cpp).
// The decode table is not among them: it follows from the slices and wide_jumps.
struct cci_parts {
  std::uint64_t nrows = 0, ncols = 0, slices = 1, code_bits = 0, length_bits = 0;
  edge_offset nnz = 0;
  bool wide_jumps = false;  // the 111 codeword's immediate is 32 bits, not 29
  shared_array<edge_offset> offsets;
  shared_array<std::uint64_t> code_start;
  shared_array<edge_offset> group_entry;
  shared_array<std::uint32_t> group_row, group_bit;
  shared_array<std::uint64_t> words;
  value_array values;
};

class cci_matrix {
 public:
  static cci_matrix from_csr(const csr_matrix& a, const cci_options& options = {});
  csr_matrix to_csr() const;

  cci_parts parts() const;
  // Trusts the parts: check the view with validate() below before decoding parts from a file.
  // Throws error_kind::bad_input for slices outside 1 .. cci_max_slices.
  static cci_matrix from_parts(cci_parts p);
  // Whether the arrays have the sizes the view reads and the code decodes inside them to
  // exactly nnz() entries, columns below ncols() (validate() below): false for parts that a
  // damaged or crafted file could hold.
  bool validate() const noexcept;

  std::uint64_t nrows() const noexcept { return nrows_; }
  std::uint64_t ncols() const noexcept { return ncols_; }
  std::uint64_t slices() const noexcept { return slices_; }
  edge_offset nnz() const noexcept { return nnz_; }
  const value_array& values() const noexcept { return values_; }
  // Bits of the code: with one slice it holds the row lengths too (length_bits of it), which
  // CSR keeps in its offsets; column_bits is the counterpart of CSR's 32 bits per column id.
  std::uint64_t code_bits() const noexcept { return code_bits_; }
  std::uint64_t length_bits() const noexcept { return length_bits_; }
  std::uint64_t column_bits() const noexcept { return code_bits_ - length_bits_; }
  formats::footprint size() const noexcept;
  std::uint64_t bytes() const noexcept { return size().bytes(); }

  template <class V>
  cci_view<V> view(const V* values) const {
    cci_view<V> v;
    v.nrows = nrows_;
    v.ncols = ncols_;
    v.slices = slices_;
    v.offsets = offsets_.empty() ? nullptr : offsets_.data();
    v.code_start = code_start_.data();
    v.group_entry = group_entry_.empty() ? nullptr : group_entry_.data();
    v.group_row = group_row_.empty() ? nullptr : group_row_.data();
    v.group_bit = group_bit_.empty() ? nullptr : group_bit_.data();
    v.groups = group_row_.empty() ? 0 : group_row_.size() - 1;
    v.words = words_.data();
    v.nwords = words_.size();
    v.values = values;
    for (int i = 0; i < 8; ++i) v.table[i] = table_[i];
    return v;
  }

  // The decode table for a stride and a widest immediate of 29 or 32 bits.
  static void make_table(cci_code* table, std::uint32_t stride, std::uint32_t wide_bits);

 private:
  static buffer<std::uint64_t> compact_starts(const buffer<std::uint64_t>& start,
                                              const std::vector<std::uint64_t>& group_first,
                                              cci_matrix& m);

  std::uint64_t nrows_ = 0, ncols_ = 0, slices_ = 1, code_bits_ = 0, length_bits_ = 0;
  edge_offset nnz_ = 0;
  shared_array<edge_offset> offsets_;       // slices > 1 only
  shared_array<std::uint64_t> code_start_;  // per group (slices == 1) or per stream
  shared_array<edge_offset> group_entry_;   // slices == 1 only
  shared_array<std::uint32_t> group_row_;   // slices == 1 with group_symbols only
  shared_array<std::uint32_t> group_bit_;   // likewise
  shared_array<std::uint64_t> words_;
  value_array values_;
  cci_code table_[8] = {};
};

// Checks a view built from untrusted data (the fuzz target's bytes). One slice: every group
// decodes from its start inside the code, to the next group's first entry, every column below
// ncols, nvalues entries in all. More slices: offsets ascending up to the value count, every
// stream decoding inside its own bit range, every column below ncols. Returns false where
// decoding could read out of bounds or give a wrong matrix.
bool validate(const cci_view<pattern_value>& v, std::uint64_t nvalues);

}  // namespace graphring

// CSR-dtANS (Schätzle, Pegolotti, Püschel, "Fast Entropy Decoding for Sparse MVM on GPUs", 2026,
// seeds/003): per-row delta coding of the column ids (first delta from -1), then decoupled
// tabled ANS over the symbol stream d0 v0 d1 v1 ... (deltas only for a pattern matrix), with one
// coding table per domain (index, values).
//  - Tables of K = 4096 slots; a symbol owns m <= M = 256 slots; slot j gives the symbol, a
//    digit in [0, m) and the base m. Rare symbols are escaped to a separate escape stream (the
//    paper's alternative to in-stream escapes): a rare delta to the escape symbol of its bucket
//    (its bit length and the two bits after its leading one), its low bits raw; a rare value to
//    the value escape symbol, all its bits raw.
//  - The code is a stream of 32-bit words (W = 2^32). A segment of l = 8 symbols is unpacked from
//    o = 3 words (8 slots of 12 bits = 96 bits, so unpack is a bijection). The 8 returned digits
//    are added to the decoder state (d, r) in two groups of 4 (a group's radix is <= 2^32); after
//    each group a check either extracts the next word from the state (r >= W) or loads it from
//    the stream (f = 2 conditional loads); the third word is loaded unconditionally. With
//    M^8 = W^2, r stays below 2^32 between segments, so everything fits 64-bit integers. A
//    lane's last segment neither accumulates nor loads; its padding symbols are ignored, and
//    the words that hold only padding slots are never loaded.
//  - Several rows per lane (the paper's conclusion names it as the cure for short rows, whose
//    streams would otherwise cost at least a word each plus a stored length): a lane is one
//    stream over consecutive rows, each closed by an end-of-row symbol of the index table (an
//    empty row is that symbol alone; in a weighted matrix a filler value slot follows it, coded
//    as the cheapest value symbol and ignored). So row structure is entropy coded like the rest.
//    For a pattern matrix the index alphabet also holds runs of 2..32 deltas of 1 (consecutive
//    columns, as CCI's run codes), which matter on web graphs where most deltas are 1.
//  - Rows go to lanes in order, a lane closing once it holds `lane_symbols` symbols (or 65535
//    rows); 32 lanes form a slice (a warp). Per lane the row count (16 bits) and symbol count
//    (32 bits); per slice its first row and where its words and escape bits start. In every
//    load round the lanes that load take consecutive words in lane order, which is how a warp's
//    loads coalesce (on the GPU by ballot and popc). The escape stream of a slice is ordered by
//    (segment, lane, symbol).
// The decoder below walks a whole slice in lockstep, as a warp does, so the CPU tests run the
// same decode the GPU runs.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "engine/csr.hpp"
#include "engine/formats/format_support.hpp"
#include "kernels/formats/dtans_view.hpp"

namespace graphring {

struct dtans_options {
  // Symbols a lane takes before it closes (at a row's end): larger lanes cost less row structure
  // (6 bytes a lane), smaller ones give more slices to spread over threads or warps.
  std::uint32_t lane_symbols = 512;
  // A pattern matrix's longest run of deltas of 1 that one symbol stands for (1 .. 32; 1: no
  // runs). Longer runs cost fewer symbols; shorter ones even out the work of lanes decoded in
  // lockstep, where a warp waits for its longest run.
  std::uint32_t max_run = dtans_max_run;
};

// The arrays of a dtans_matrix, for saving it and mapping it back (engine/io/grb_sections.cpp).
// index_share and value_share only split size()'s stream bytes between index and values.
struct dtans_parts {
  std::uint64_t nrows = 0, ncols = 0;
  edge_offset nnz = 0;
  value_type values_type = value_type::none;
  shared_array<std::uint64_t> slice_row, word_start, escape_start;
  shared_array<std::uint16_t> lane_rows;
  shared_array<std::uint32_t> lane_symbols;
  shared_array<std::uint32_t> words, escapes;
  shared_array<dtans_index_entry> index_table;
  shared_array<dtans_value_entry> value_table;
  double index_share = 1, value_share = 0;
};

class dtans_matrix {
 public:
  static dtans_matrix from_csr(const csr_matrix& a, const dtans_options& options = {});
  csr_matrix to_csr() const;

  dtans_parts parts() const;
  // Trusts the parts: call validate() before decoding parts read from a file.
  static dtans_matrix from_parts(dtans_parts p);
  // Whether every decoder (the CPU slice decoder, to_csr, the pull kernels, the GPU's) stays
  // inside the arrays and yields exactly nnz() entries, rows below nrows() and columns below
  // ncols(): false for parts that a damaged or crafted file could hold.
  bool validate() const noexcept;

  std::uint64_t nrows() const noexcept { return nrows_; }
  std::uint64_t ncols() const noexcept { return ncols_; }
  edge_offset nnz() const noexcept { return nnz_; }
  value_type values_type() const noexcept { return values_type_; }
  // Exact bytes. The stream and escape words are split between index, value and row structure
  // in proportion to the information each symbol carries under its table (log2(K / m) bits,
  // plus raw bits for an escape): deltas and runs are index, values value, end-of-row and filler
  // symbols structure; the index table is index, the value table value, and the lane and slice
  // tables structure.
  formats::footprint size() const noexcept;
  std::uint64_t bytes() const noexcept { return size().bytes(); }
  // 32-bit words of the symbol stream and of the escape stream (its padding words included).
  std::uint64_t stream_words() const noexcept { return words_.size(); }
  std::uint64_t escape_words() const noexcept { return escapes_.size(); }

  template <class V>
  dtans_view<V> view() const {
    dtans_view<V> v;
    v.nrows = nrows_;
    v.ncols = ncols_;
    v.slices = word_start_.size() - 1;
    v.slice_row = slice_row_.data();
    v.word_start = word_start_.data();
    v.escape_start = escape_start_.data();
    v.lane_rows = lane_rows_.data();
    v.lane_symbols = lane_symbols_.data();
    v.words = words_.data();
    v.escapes = escapes_.data();
    v.index_table = index_table_.data();
    v.value_table = values_type_ == value_type::none ? nullptr : value_table_.data();
    return v;
  }

 private:
  std::uint64_t nrows_ = 0, ncols_ = 0;
  edge_offset nnz_ = 0;
  value_type values_type_ = value_type::none;
  shared_array<std::uint64_t> slice_row_, word_start_, escape_start_;
  shared_array<std::uint16_t> lane_rows_;
  shared_array<std::uint32_t> lane_symbols_;
  shared_array<std::uint32_t> words_, escapes_;
  shared_array<dtans_index_entry> index_table_;
  shared_array<dtans_value_entry> value_table_;  // empty for a pattern matrix
  double index_share_ = 1, value_share_ = 0;     // of the stream bits; the rest is structure
};

}  // namespace graphring

// CCI encoder (greedy: the shortest codeword for each delta, runs of up to 16 stride-deltas),
// decoder back to CSR, and validation of untrusted views.
#include "engine/formats/cci.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "engine/error.hpp"

namespace graphring {
namespace {

// Appends codewords to a bit stream of 64-bit words.
class bit_writer {
 public:
  explicit bit_writer(buffer<std::uint64_t>& words) : words_(words) {}
  void put(std::uint64_t value, std::uint32_t bits) {
    const std::uint64_t off = bit_ & 63;
    if (off == 0) words_.push_back(0);
    words_.back() |= value << off;
    if (off + bits > 64) words_.push_back(value >> (64 - off));
    bit_ += bits;
  }
  std::uint64_t bit() const noexcept { return bit_; }

 private:
  buffer<std::uint64_t>& words_;
  std::uint64_t bit_ = 0;
};

// The deltas of one stream: entries first, first + step, ... of a row, each against the last.
template <class F>
void for_each_delta(const vertex_id* cols, edge_offset length, std::uint64_t first, std::uint64_t step, F&& f) {
  std::uint32_t last = 0xffffffffu;
  for (edge_offset i = first; i < length; i += step) {
    f(std::uint32_t(cols[i] - last));
    last = cols[i];
  }
}

void encode_stream(bit_writer& out, const vertex_id* cols, edge_offset length, std::uint64_t first,
                   std::uint64_t step, std::uint32_t wide_bits) {
  std::uint32_t run = 0;
  auto flush_run = [&] {
    if (run) out.put(std::uint64_t(run - 1) << 1, 5);
    run = 0;
  };
  for_each_delta(cols, length, first, step, [&](std::uint32_t d) {
    if (d == step) {
      if (++run == 16) flush_run();
      return;
    }
    flush_run();
    if (d < (1u << 5)) out.put(1 | std::uint64_t(d) << 3, 8);
    else if (d < (1u << 15)) out.put(3 | std::uint64_t(d) << 3, 18);
    else if (d < (1u << 20)) out.put(5 | std::uint64_t(d) << 3, 23);
    else out.put(7 | std::uint64_t(d) << 3, 3 + wide_bits);
  });
  flush_run();
}

}  // namespace

void cci_matrix::make_table(cci_code* table, std::uint32_t stride, std::uint32_t wide_bits) {
  for (std::uint32_t i = 0; i < 8; i += 2) table[i] = {5, 1, 0xfu, 0, stride, 0xfu};
  const std::uint32_t jump_bits[4] = {5, 15, 20, wide_bits};
  for (std::uint32_t j = 0; j < 4; ++j) {
    const std::uint32_t mask = jump_bits[j] == 32 ? 0xffffffffu : (1u << jump_bits[j]) - 1;
    table[2 * j + 1] = {3 + jump_bits[j], 3, mask, 0xffffffffu, 0, 0};
  }
}

cci_matrix cci_matrix::from_csr(const csr_matrix& a, const cci_options& options) {
  if (options.slices < 1 || options.slices > cci_max_slices)
    throw error(error_kind::usage, "CCI slices must be 1 .. 32 (got " + std::to_string(options.slices) + ")");
  cci_matrix m;
  m.nrows_ = a.nrows;
  m.ncols_ = a.ncols;
  m.slices_ = options.slices;
  m.nnz_ = a.nnz();
  m.offsets_ = a.offsets;
  m.values_ = a.values;
  const std::uint64_t slices = options.slices, streams = a.nrows * slices;
  // The widest immediate: 29 bits unless some jump needs all 32.
  std::uint32_t wide_bits = 29;
  for (std::uint64_t r = 0; r < a.nrows && wide_bits == 29; ++r)
    for (std::uint64_t s = 0; s < slices; ++s)
      for_each_delta(a.cols.data() + a.row_begin(r), a.row_length(r), s, slices,
                     [&](std::uint32_t d) { if (d >= (1u << 29)) wide_bits = 32; });
  make_table(m.table_, std::uint32_t(slices), wide_bits);
  // Streams are encoded per block of rows in parallel and then concatenated at word boundaries
  // of each block; a stream's start is its bit position in the final code.
  const std::int64_t blocks = std::int64_t(std::min<std::uint64_t>(std::max<std::uint64_t>(a.nnz() / 65536, 1), 4096));
  std::vector<buffer<std::uint64_t>> block_words{std::size_t(blocks)};
  buffer<std::uint64_t> start(streams + 1);
  buffer<std::uint64_t> block_bits(std::size_t(blocks) + 1, 0);
#pragma omp parallel for schedule(dynamic, 1) if (blocks > 1)
  for (std::int64_t b = 0; b < blocks; ++b) {
    bit_writer out(block_words[b]);
    const std::uint64_t first = a.nrows * std::uint64_t(b) / std::uint64_t(blocks);
    const std::uint64_t last = a.nrows * std::uint64_t(b + 1) / std::uint64_t(blocks);
    for (std::uint64_t r = first; r < last; ++r)
      for (std::uint64_t s = 0; s < slices; ++s) {
        start[r * slices + s] = out.bit();
        encode_stream(out, a.cols.data() + a.row_begin(r), a.row_length(r), s, slices, wide_bits);
      }
    block_bits[b] = block_words[b].size() * 64;
  }
  std::uint64_t code_bits = 0;
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::uint64_t first = a.nrows * std::uint64_t(b) / std::uint64_t(blocks);
    const std::uint64_t last = a.nrows * std::uint64_t(b + 1) / std::uint64_t(blocks);
    for (std::uint64_t i = first * slices; i < last * slices; ++i) start[i] += code_bits;
    code_bits += block_bits[b];
  }
  start[streams] = code_bits;
  buffer<std::uint64_t> words(code_bits / 64 + 1, 0);  // + 1: the word peek reads past the end
  std::uint64_t w = 0;
  for (const auto& block : block_words) w = std::uint64_t(std::copy(block.begin(), block.end(), words.begin() + std::ptrdiff_t(w)) - words.begin());
  m.code_bits_ = code_bits;
  m.code_start_ = shared_array<std::uint64_t>(std::move(start));
  m.words_ = shared_array<std::uint64_t>(std::move(words));
  return m;
}

csr_matrix cci_matrix::to_csr() const {
  const cci_view<pattern_value> v = view<pattern_value>(nullptr);
  buffer<vertex_id> cols(nnz_);
#pragma omp parallel for schedule(dynamic, 256) if (nnz_ > (1u << 16))
  for (std::int64_t r = 0; r < std::int64_t(nrows_); ++r)
    v.for_each_in_row(std::uint64_t(r), [&](vertex_id c, edge_offset k) { return cols[k] = c, false; });
  csr_matrix a;
  a.nrows = nrows_;
  a.ncols = ncols_;
  a.offsets = offsets_;
  a.cols = shared_array<vertex_id>(std::move(cols));
  a.values = values_;
  return a;
}

formats::footprint cci_matrix::size() const noexcept {
  return {offsets_.size() * sizeof(edge_offset) + code_start_.size() * sizeof(std::uint64_t) +
              words_.size() * sizeof(std::uint64_t) + sizeof table_,
          formats::value_bytes(values_, nnz_)};
}

bool validate(const cci_view<pattern_value>& v, std::uint64_t nvalues) {
  if (v.slices < 1 || v.slices > cci_max_slices || v.nwords == 0 || !v.offsets || !v.code_start || !v.words) return false;
  if (v.nrows > max_vertices || v.ncols > max_vertices) return false;
  if (v.offsets[0] != 0 || v.offsets[v.nrows] != nvalues) return false;
  const std::uint64_t streams = v.nrows * v.slices, limit = (v.nwords - 1) * 64;
  for (std::uint64_t i = 0; i < streams; ++i)
    if (v.code_start[i] > v.code_start[i + 1]) return false;
  if (v.code_start[streams] > limit) return false;
  for (std::uint64_t r = 0; r < v.nrows; ++r) {
    if (v.offsets[r] > v.offsets[r + 1]) return false;
    const edge_offset length = v.offsets[r + 1] - v.offsets[r];
    for (std::uint64_t s = 0; s < v.slices; ++s) {
      // The stream of slice s decodes the entries s, s + S, ... and must end inside its range.
      const std::uint64_t count = length > s ? (length - s + v.slices - 1) / v.slices : 0;
      cci_cursor c;
      c.bit = v.code_start[r * v.slices + s];
      const std::uint64_t end = v.code_start[r * v.slices + s + 1];
      std::uint64_t decoded = 0;
      std::uint64_t col = 0xffffffffu;
      while (decoded < count) {
        if (c.bit >= end) return false;
        v.next_code(c);
        if (c.bit > end) return false;
        for (std::uint32_t i = 0; i < c.left && decoded < count; ++i, ++decoded) {
          col = std::uint32_t(col + c.delta);
          if (col >= v.ncols) return false;
        }
      }
    }
  }
  return true;
}

}  // namespace graphring

// CCI encoder (greedy: the shortest codeword for each delta, runs of up to 16 stride-deltas),
// decoder back to CSR, and validation of untrusted views.
#include "engine/formats/cci.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/parallel.hpp"

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
void for_each_delta(const vertex_id* cols, edge_offset length, std::uint64_t first,
                    std::uint64_t step, F&& f) {
  std::uint32_t last = 0xffffffffu;
  for (edge_offset i = first; i < length; i += step) {
    f(std::uint32_t(cols[i] - last));
    last = cols[i];
  }
}

// The shortest jump codeword for d.
void put_jump(bit_writer& out, std::uint64_t d, std::uint32_t wide_bits) {
  if (d < (1u << 5))
    out.put(1 | d << 3, 8);
  else if (d < (1u << 15))
    out.put(3 | d << 3, 18);
  else if (d < (1u << 20))
    out.put(5 | d << 3, 23);
  else
    out.put(7 | d << 3, 3 + wide_bits);
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
    put_jump(out, d, wide_bits);
  });
  flush_run();
}

// The widest immediate: 29 bits unless some jump (or, with one slice, row length) needs 32.
std::uint32_t widest_immediate(const csr_matrix& a, std::uint64_t slices, bool grouped) {
  int wide = 0;  // or-reduced: each thread's copy starts at 0
  const std::int64_t nrows = std::int64_t(a.nrows);
  const bool parallel = a.nnz() > kernels::min_parallel_work;
#pragma omp parallel for schedule(dynamic, 1024) reduction(| : wide) if (parallel)
  for (std::int64_t r = 0; r < nrows; ++r) {
    if (wide) continue;
    const edge_offset length = a.row_length(std::uint64_t(r));
    if (grouped && length >= (1u << 29)) wide = 1;
    for (std::uint64_t s = 0; s < slices; ++s)
      for_each_delta(a.cols.data() + a.row_begin(std::uint64_t(r)), length, s, slices,
                     [&](std::uint32_t d) { wide |= d >= (1u << 29); });
  }
  return wide ? 32 : 29;
}

// The first row of each group of cci_group rows, and nrows.
std::vector<std::uint64_t> groups_of_rows(std::uint64_t nrows) {
  std::vector<std::uint64_t> first;
  for (std::uint64_t r = 0; r < nrows; r += cci_group) first.push_back(r);
  first.push_back(nrows);
  return first;
}

// The first row of each group of at most `symbols` symbols (a row's length and its entries; a
// longer row is a group of its own), and nrows.
std::vector<std::uint64_t> groups_by_symbols(const csr_matrix& a, std::uint64_t symbols) {
  std::vector<std::uint64_t> first;
  std::uint64_t taken = symbols;  // the first row opens a group
  for (std::uint64_t r = 0; r < a.nrows; ++r) {
    const std::uint64_t row = 1 + a.row_length(r);
    if (taken + row > symbols) {
      first.push_back(r);
      taken = 0;
    }
    taken += row;
  }
  first.push_back(a.nrows);
  return first;
}

}  // namespace

// Groups cut by symbols: every cci_start_every-th group's start bit (returned) and every group's
// 32-bit offset from it and first row (set in m).
buffer<std::uint64_t> cci_matrix::compact_starts(const buffer<std::uint64_t>& start,
                                                 const std::vector<std::uint64_t>& group_first,
                                                 cci_matrix& m) {
  const std::uint64_t groups = group_first.size() - 1;
  if (group_first.back() > 0xffffffffu)
    throw error(error_kind::limit, "CCI groups cut by symbols number rows in 32 bits; " +
                                       std::to_string(group_first.back()) + " rows");
  buffer<std::uint64_t> every(groups / cci_start_every + 1);
  buffer<std::uint32_t> bits(groups + 1), rows(groups + 1);
  for (std::uint64_t g = 0; g <= groups; ++g) {
    if (g % cci_start_every == 0) every[g / cci_start_every] = start[g];
    const std::uint64_t offset = start[g] - every[g / cci_start_every];
    if (offset > 0xffffffffu)
      throw error(error_kind::limit,
                  "CCI groups cut by symbols keep the code of " + std::to_string(cci_start_every) +
                      " groups within 2^32 bits; a row this long must be cut first");
    bits[g] = std::uint32_t(offset);
    rows[g] = std::uint32_t(group_first[g]);
  }
  m.group_bit_ = shared_array<std::uint32_t>(std::move(bits));
  m.group_row_ = shared_array<std::uint32_t>(std::move(rows));
  return every;
}

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
    throw error(error_kind::usage,
                "CCI slices must be 1 .. 32 (got " + std::to_string(options.slices) + ")");
  if (options.slices > 1 && options.group_symbols > 0)
    throw error(error_kind::usage, "CCI groups by symbols (group_symbols) need one slice");
  cci_matrix m;
  m.nrows_ = a.nrows;
  m.ncols_ = a.ncols;
  m.slices_ = options.slices;
  m.nnz_ = a.nnz();
  m.values_ = a.values;
  const std::uint64_t slices = options.slices;
  const bool grouped = slices == 1;
  if (!grouped) m.offsets_ = a.offsets;
  if (grouped)
    for (std::uint64_t r = 0; r < a.nrows; ++r)
      if (a.row_length(r) > 0xffffffffu)
        throw error(error_kind::limit, "CCI codes a row length in at most 32 bits; row " +
                                           std::to_string(r) + " is longer");
  const std::uint32_t wide_bits = widest_immediate(a, slices, grouped);
  make_table(m.table_, std::uint32_t(slices), wide_bits);
  // Rows are encoded per block (a whole number of groups) in parallel and the blocks then
  // concatenated at word boundaries; a recorded start is a bit position in the final code. With
  // one slice the starts are per group, the rows of a group following each other bit by bit.
  // More slices cut the blocks at groups of cci_group rows too, without storing them.
  const bool by_symbols = grouped && options.group_symbols > 0;
  const std::vector<std::uint64_t> group_first =
      by_symbols ? groups_by_symbols(a, options.group_symbols) : groups_of_rows(a.nrows);
  const std::uint64_t groups = group_first.size() - 1;
  const std::uint64_t starts = grouped ? groups : a.nrows * slices;
  const std::uint64_t blocks = std::min<std::uint64_t>(std::max<std::uint64_t>(a.nnz() / 65536, 1),
                                                       std::max<std::uint64_t>(groups, 1));
  auto block_first_group = [&](std::uint64_t b) { return groups * b / blocks; };
  std::vector<buffer<std::uint64_t>> block_words{std::size_t(blocks)};
  buffer<std::uint64_t> start(starts + 1);
  buffer<std::uint64_t> block_bits(std::size_t(blocks) + 1, 0),
      block_length_bits(std::size_t(blocks), 0);
#pragma omp parallel for schedule(dynamic, 1) if (blocks > 1)
  for (std::int64_t b = 0; b < std::int64_t(blocks); ++b) {
    bit_writer out(block_words[b]);
    std::uint64_t g = block_first_group(std::uint64_t(b));
    const std::uint64_t first = group_first[g],
                        last = group_first[block_first_group(std::uint64_t(b) + 1)];
    for (std::uint64_t r = first; r < last; ++r) {
      if (grouped) {
        if (r == group_first[g]) start[g++] = out.bit();
        const std::uint64_t before = out.bit();
        put_jump(out, a.row_length(r), wide_bits);
        block_length_bits[b] += out.bit() - before;
        encode_stream(out, a.cols.data() + a.row_begin(r), a.row_length(r), 0, 1, wide_bits);
        continue;
      }
      for (std::uint64_t s = 0; s < slices; ++s) {
        start[r * slices + s] = out.bit();
        encode_stream(out, a.cols.data() + a.row_begin(r), a.row_length(r), s, slices, wide_bits);
      }
    }
    block_bits[b] = block_words[b].size() * 64;
  }
  std::uint64_t code_bits = 0;
  for (std::uint64_t b = 0; b < blocks; ++b) m.length_bits_ += block_length_bits[b];
  for (std::uint64_t b = 0; b < blocks; ++b) {
    const std::uint64_t g0 = block_first_group(b), g1 = block_first_group(b + 1);
    const std::uint64_t begin = grouped ? g0 : group_first[g0] * slices;
    const std::uint64_t end = grouped ? g1 : group_first[g1] * slices;
    for (std::uint64_t i = begin; i < end; ++i) start[i] += code_bits;
    code_bits += block_bits[b];
  }
  start[starts] = code_bits;
  if (grouped) {
    buffer<edge_offset> entry(groups + 1);
    for (std::uint64_t g = 0; g <= groups; ++g) entry[g] = a.offsets[group_first[g]];
    m.group_entry_ = shared_array<edge_offset>(std::move(entry));
  }
  if (by_symbols) start = compact_starts(start, group_first, m);
  // The blocks copied side by side, each to its word offset (+ 3: the words a reader's peeks run
  // ahead).
  buffer<std::uint64_t> words(code_bits / 64 + 3);
  std::fill(words.end() - 3, words.end(), 0);
  std::vector<std::uint64_t> word_at(std::size_t(blocks) + 1, 0);
  for (std::uint64_t b = 0; b < blocks; ++b) word_at[b + 1] = word_at[b] + block_words[b].size();
#pragma omp parallel for schedule(dynamic, 1) if (blocks > 1)
  for (std::int64_t b = 0; b < std::int64_t(blocks); ++b) {
    std::copy(block_words[std::size_t(b)].begin(), block_words[std::size_t(b)].end(),
              words.begin() + std::ptrdiff_t(word_at[std::size_t(b)]));
    buffer<std::uint64_t>().swap(block_words[std::size_t(b)]);
  }
  m.code_bits_ = code_bits;
  m.code_start_ = shared_array<std::uint64_t>(std::move(start));
  m.words_ = shared_array<std::uint64_t>(std::move(words));
  return m;
}

csr_matrix cci_matrix::to_csr() const {
  const cci_view<pattern_value> v = view<pattern_value>(nullptr);
  csr_matrix a;
  a.nrows = nrows_;
  a.ncols = ncols_;
  a.values = values_;
  buffer<vertex_id> cols(nnz_);
  if (slices_ > 1) {
    a.offsets = offsets_;
#pragma omp parallel for schedule(dynamic, 256) if (nnz_ > (1u << 16))
    for (std::int64_t r = 0; r < std::int64_t(nrows_); ++r)
      v.for_each_in_row(std::uint64_t(r),
                        [&](vertex_id c, edge_offset k) { return cols[k] = c, false; });
    a.cols = shared_array<vertex_id>(std::move(cols));
    return a;
  }
  // Group by group, each decoded in row order.
  buffer<edge_offset> offsets(nrows_ + 1);
  offsets[0] = 0;
  const std::int64_t groups = std::int64_t(v.group_count());
#pragma omp parallel for schedule(dynamic, 16) if (nnz_ > (1u << 16))
  for (std::int64_t g = 0; g < groups; ++g) {
    std::uint64_t bit = v.group_start(std::uint64_t(g));
    edge_offset k = v.group_entry[g];
    const std::uint64_t last = v.group_first_row(std::uint64_t(g) + 1);
    for (std::uint64_t r = v.group_first_row(std::uint64_t(g)); r < last; ++r) {
      const edge_offset end = k + v.read_length(bit);
      cci_cursor c;
      c.bit = bit;
      while (k < end) {
        v.next_code(c);
        for (std::uint32_t i = 0; i < c.left && k < end; ++i) cols[k++] = c.col += c.delta;
      }
      bit = c.bit;
      offsets[r + 1] = end;
    }
  }
  a.offsets = shared_array<edge_offset>(std::move(offsets));
  a.cols = shared_array<vertex_id>(std::move(cols));
  return a;
}

cci_parts cci_matrix::parts() const {
  return {nrows_,
          ncols_,
          slices_,
          code_bits_,
          length_bits_,
          nnz_,
          table_[7].length == 3 + 32,
          offsets_,
          code_start_,
          group_entry_,
          group_row_,
          group_bit_,
          words_,
          values_};
}

cci_matrix cci_matrix::from_parts(cci_parts p) {
  if (p.slices < 1 || p.slices > cci_max_slices)
    throw error(error_kind::bad_input,
                "CCI slices must be 1 .. 32 (got " + std::to_string(p.slices) + ")");
  cci_matrix m;
  m.nrows_ = p.nrows;
  m.ncols_ = p.ncols;
  m.slices_ = p.slices;
  m.code_bits_ = p.code_bits;
  m.length_bits_ = p.length_bits;
  m.nnz_ = p.nnz;
  m.offsets_ = std::move(p.offsets);
  m.code_start_ = std::move(p.code_start);
  m.group_entry_ = std::move(p.group_entry);
  m.group_row_ = std::move(p.group_row);
  m.group_bit_ = std::move(p.group_bit);
  m.words_ = std::move(p.words);
  m.values_ = std::move(p.values);
  make_table(m.table_, std::uint32_t(p.slices), p.wide_jumps ? 32 : 29);
  return m;
}

formats::footprint cci_matrix::size() const noexcept {
  const std::uint64_t code_bytes = words_.size() * sizeof(std::uint64_t),
                      length_bytes = length_bits_ / 8;
  return {code_bytes - length_bytes + sizeof table_, formats::value_bytes(values_, nnz_),
          length_bytes + offsets_.size() * sizeof(edge_offset) +
              code_start_.size() * sizeof(std::uint64_t) +
              group_entry_.size() * sizeof(edge_offset) +
              (group_row_.size() + group_bit_.size()) * sizeof(std::uint32_t)};
}

namespace {

bool validate_grouped(const cci_view<pattern_value>& v, std::uint64_t nvalues) {
  if (!v.group_entry) return false;
  const std::uint64_t groups = v.group_count(), limit = (v.nwords - 2) * 64;
  if (v.group_entry[0] != 0 || v.group_entry[groups] != nvalues) return false;
  // Groups cut by symbols have both tables, their first rows ascending from 0 to nrows (no group
  // empty).
  if (!v.group_row != !v.group_bit) return false;
  if (v.group_row) {
    if (v.group_row[0] != 0 || v.group_row[groups] != v.nrows) return false;
    for (std::uint64_t g = 0; g < groups; ++g)
      if (v.group_row[g] >= v.group_row[g + 1]) return false;
  }
  for (std::uint64_t g = 0; g < groups; ++g) {
    std::uint64_t bit = v.group_start(std::uint64_t(g));
    edge_offset k = v.group_entry[g];
    if (k > nvalues) return false;
    const std::uint64_t last = v.group_first_row(g + 1);
    for (std::uint64_t r = v.group_first_row(g); r < last; ++r) {
      // Every codeword must start where a reader's peeks, up to 128 bits ahead, stay inside.
      if (bit >= limit) return false;
      const std::uint64_t length = v.read_length(bit);
      if (length > nvalues - k) return false;
      const edge_offset end = k + length;
      cci_cursor c;
      c.bit = bit;
      std::uint64_t col = 0xffffffffu;
      while (k < end) {
        if (c.bit >= limit) return false;
        v.next_code(c);
        for (std::uint32_t i = 0; i < c.left && k < end; ++i, ++k) {
          col = std::uint32_t(col + c.delta);
          if (col >= v.ncols) return false;
        }
      }
      bit = c.bit;
    }
    if (k != v.group_entry[g + 1]) return false;
  }
  return true;
}

}  // namespace

bool validate(const cci_view<pattern_value>& v, std::uint64_t nvalues) {
  if (v.slices < 1 || v.slices > cci_max_slices || v.nwords < 3 || !v.code_start || !v.words)
    return false;
  if (v.nrows > max_vertices || v.ncols > max_vertices) return false;
  if (v.slices == 1) return validate_grouped(v, nvalues);
  if (!v.offsets) return false;
  if (v.offsets[0] != 0 || v.offsets[v.nrows] != nvalues) return false;
  const std::uint64_t streams = v.nrows * v.slices, limit = (v.nwords - 2) * 64;
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

bool cci_matrix::validate() const noexcept {
  if (slices_ < 1 || slices_ > cci_max_slices || nrows_ > max_vertices || ncols_ > max_vertices)
    return false;
  if (words_.size() < 3 || code_bits_ > (words_.size() - 2) * 64 || length_bits_ > code_bits_)
    return false;
  const std::uint64_t values = std::visit(
      [](const auto& held) -> std::uint64_t {
        if constexpr (std::is_same_v<std::decay_t<decltype(held)>, std::monostate>) {
          return 0;
        } else {
          return held.size();
        }
      },
      values_);
  if (values_.index() != 0 && values != nnz_) return false;
  const cci_view<pattern_value> v = view<pattern_value>(nullptr);
  if (slices_ > 1) {
    if (offsets_.size() != nrows_ + 1 || !group_entry_.empty() || !group_row_.empty()) return false;
  } else {
    if (!offsets_.empty() || group_row_.size() != group_bit_.size()) return false;
    if (!group_row_.empty() && group_row_.size() < 2) return false;
    if (group_entry_.size() != v.group_count() + 1) return false;
  }
  if (code_start_.size() != v.start_count()) return false;
  return graphring::validate(v, nnz_);
}

}  // namespace graphring

// Stream VByte encoder (groups sized, then written, in parallel), decoder back to CSR, and
// validation of untrusted views.
#include "engine/formats/svb.hpp"

#include <algorithm>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/buffer.hpp"
#include "core/error.hpp"
#include "core/parallel.hpp"

namespace graphring {
namespace {

std::uint64_t length_code_bytes(std::uint64_t length) {
  std::uint64_t n = 1;
  while (length >= 0x80) {
    length >>= 7;
    ++n;
  }
  return n;
}

// Bytes delta d takes: 1 .. 4.
std::uint32_t delta_bytes(std::uint32_t d) {
  return d < (1u << 8) ? 1 : d < (1u << 16) ? 2 : d < (1u << 24) ? 3 : 4;
}

// Bytes of row r's code: its length, control and data bytes.
std::uint64_t row_bytes(const csr_matrix& a, std::uint64_t r) {
  const edge_offset length = a.row_length(r);
  std::uint64_t bytes = length_code_bytes(length) + (length + 3) / 4;
  std::uint32_t last = 0xffffffffu;
  for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) {
    bytes += delta_bytes(a.cols[k] - last);
    last = a.cols[k];
  }
  return bytes;
}

// Writes row r's code at out; returns the byte after it.
std::uint8_t* write_row(const csr_matrix& a, std::uint64_t r, std::uint8_t* out) {
  std::uint64_t length = a.row_length(r);
  do {
    *out++ = std::uint8_t((length & 0x7fu) | (length >= 0x80 ? 0x80u : 0u));
    length >>= 7;
  } while (length > 0);
  length = a.row_length(r);
  std::uint8_t* control = out;
  std::uint8_t* data = out + (length + 3) / 4;
  std::fill(control, data, std::uint8_t(0));
  std::uint32_t last = 0xffffffffu;
  for (edge_offset i = 0; i < length; ++i) {
    const std::uint32_t col = a.cols[a.row_begin(r) + i], d = col - last;
    last = col;
    const std::uint32_t n = delta_bytes(d);
    control[i / 4] |= std::uint8_t((n - 1) << (2 * (i % 4)));
    for (std::uint32_t b = 0; b < n; ++b) *data++ = std::uint8_t(d >> (8 * b));
  }
  return data;
}

bool validate_group(const svb_view<pattern_value>& v, std::uint64_t g) {
  std::uint64_t at = v.group_byte[g];
  const std::uint64_t end = v.group_byte[g + 1];
  edge_offset k = v.group_entry[g];
  const edge_offset last_entry = v.group_entry[g + 1];
  for (std::uint64_t r = v.group_first_row(g); r < v.group_first_row(g + 1); ++r) {
    // The length's bytes (at most 10), then its control and data bytes, all before `end`.
    std::uint64_t length = 0;
    for (std::uint32_t shift = 0;; shift += 7) {
      if (at >= end || shift > 63) return false;
      const std::uint8_t b = v.bytes[at++];
      length |= std::uint64_t(b & 0x7fu) << shift;
      if (!(b & 0x80u)) break;
    }
    if (length > last_entry - k) return false;
    const std::uint64_t controls = (length + 3) / 4;
    if (controls > end - at) return false;
    std::uint64_t data = at + controls;
    std::uint64_t col = ~std::uint64_t(0);  // -1: the first delta is the column + 1
    for (std::uint64_t i = 0; i < length; ++i) {
      const std::uint32_t code = (v.bytes[at + i / 4] >> (2 * (i % 4))) & 3u;
      if (code + 1 > end - data) return false;
      std::uint64_t d = 0;
      for (std::uint32_t b = 0; b <= code; ++b) d |= std::uint64_t(v.bytes[data + b]) << (8 * b);
      data += code + 1;
      col += d;
      if (col >= v.ncols) return false;  // also a first delta of 0 (col wraps to 2^64 - 1)
    }
    at = data;
    k += length;
  }
  return at == end && k == last_entry;
}

}  // namespace

svb_matrix svb_matrix::from_csr(const csr_matrix& a) {
  svb_matrix m;
  m.nrows_ = a.nrows;
  m.ncols_ = a.ncols;
  m.nnz_ = a.nnz();
  m.values_ = a.values;
  const std::uint64_t groups = (a.nrows + svb_group - 1) / svb_group;
  auto first_row = [&](std::uint64_t g) { return std::min(g * svb_group, a.nrows); };
  // Each group's bytes, then their prefix sum, then every group written at its place.
  buffer<std::uint64_t> at(groups + 1);
  buffer<edge_offset> entry(groups + 1);
  std::uint64_t length_bytes = 0;
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : length_bytes) if (a.nnz() > (1u << 16))
  for (std::int64_t g = 0; g < std::int64_t(groups); ++g) {
    std::uint64_t bytes = 0;
    for (std::uint64_t r = first_row(std::uint64_t(g)); r < first_row(std::uint64_t(g) + 1); ++r) {
      bytes += row_bytes(a, r);
      length_bytes += length_code_bytes(a.row_length(r));
    }
    at[std::uint64_t(g)] = bytes;
  }
  std::uint64_t total = 0;
  for (std::uint64_t g = 0; g < groups; ++g) {
    const std::uint64_t bytes = at[g];
    at[g] = total;
    entry[g] = a.offsets[first_row(g)];
    total += bytes;
  }
  at[groups] = total;
  entry[groups] = a.nnz();
  buffer<std::uint8_t> code(total + svb_padding);
  std::fill(code.end() - svb_padding, code.end(), std::uint8_t(0));
#pragma omp parallel for schedule(dynamic, 64) if (a.nnz() > (1u << 16))
  for (std::int64_t g = 0; g < std::int64_t(groups); ++g) {
    std::uint8_t* out = code.data() + at[std::uint64_t(g)];
    for (std::uint64_t r = first_row(std::uint64_t(g)); r < first_row(std::uint64_t(g) + 1); ++r)
      out = write_row(a, r, out);
  }
  m.length_bytes_ = length_bytes;
  m.group_byte_ = shared_array<std::uint64_t>(std::move(at));
  m.group_entry_ = shared_array<edge_offset>(std::move(entry));
  m.bytes_ = shared_array<std::uint8_t>(std::move(code));
  return m;
}

csr_matrix svb_matrix::to_csr() const {
  const svb_view<pattern_value> v = view<pattern_value>(nullptr);
  csr_matrix a;
  a.nrows = nrows_;
  a.ncols = ncols_;
  a.values = values_;
  buffer<vertex_id> cols(nnz_);
  buffer<edge_offset> offsets(nrows_ + 1);
  offsets[0] = 0;
  const std::int64_t groups = std::int64_t(v.group_count());
#pragma omp parallel for schedule(dynamic, 16) if (nnz_ > (1u << 16))
  for (std::int64_t g = 0; g < groups; ++g) {
    std::uint64_t at = v.group_byte[g];
    edge_offset k = v.group_entry[g];
    for (std::uint64_t r = v.group_first_row(std::uint64_t(g));
         r < v.group_first_row(std::uint64_t(g) + 1); ++r) {
      const std::uint64_t length = v.read_length(at);
      std::uint64_t data = at + (length + 3) / 4;
      std::uint32_t col = 0xffffffffu;
      for (std::uint64_t i = 0; i < length; ++i) cols[k++] = col += v.read_delta(at, i, data);
      at = data;
      offsets[r + 1] = k;
    }
  }
  a.offsets = shared_array<edge_offset>(std::move(offsets));
  a.cols = shared_array<vertex_id>(std::move(cols));
  return a;
}

svb_parts svb_matrix::parts() const {
  return {nrows_, ncols_, length_bytes_, nnz_, group_byte_, group_entry_, bytes_, values_};
}

svb_matrix svb_matrix::from_parts(svb_parts p) {
  svb_matrix m;
  m.nrows_ = p.nrows;
  m.ncols_ = p.ncols;
  m.length_bytes_ = p.length_bytes;
  m.nnz_ = p.nnz;
  m.group_byte_ = std::move(p.group_byte);
  m.group_entry_ = std::move(p.group_entry);
  m.bytes_ = std::move(p.bytes);
  m.values_ = std::move(p.values);
  return m;
}

formats::footprint svb_matrix::size() const noexcept {
  return {bytes_.size() - svb_padding - length_bytes_, formats::value_bytes(values_, nnz_),
          length_bytes_ + svb_padding + group_byte_.size() * sizeof(std::uint64_t) +
              group_entry_.size() * sizeof(edge_offset)};
}

bool validate(const svb_view<pattern_value>& v, std::uint64_t nvalues) {
  if (v.nrows > max_vertices || v.ncols > max_vertices || !v.group_byte || !v.group_entry ||
      !v.bytes)
    return false;
  const std::uint64_t groups = v.group_count();
  if (v.group_byte[0] != 0 || v.group_byte[groups] != v.nbytes) return false;
  if (v.group_entry[0] != 0 || v.group_entry[groups] != nvalues) return false;
  for (std::uint64_t g = 0; g < groups; ++g)
    if (v.group_byte[g] > v.group_byte[g + 1] || v.group_entry[g] > v.group_entry[g + 1])
      return false;
  bool valid = true;
#pragma omp parallel for schedule(dynamic, 64) reduction(&& : valid) if (nvalues > (1u << 16))
  for (std::int64_t g = 0; g < std::int64_t(groups); ++g)
    valid = valid && validate_group(v, std::uint64_t(g));
  return valid;
}

bool svb_matrix::validate() const noexcept {
  if (nrows_ > max_vertices || ncols_ > max_vertices || bytes_.size() < svb_padding) return false;
  const std::uint64_t groups = (nrows_ + svb_group - 1) / svb_group;
  if (group_byte_.size() != groups + 1 || group_entry_.size() != groups + 1) return false;
  for (std::uint64_t i = bytes_.size() - svb_padding; i < bytes_.size(); ++i)
    if (bytes_[i] != 0) return false;
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
  if (length_bytes_ > bytes_.size() - svb_padding) return false;
  return graphring::validate(view<pattern_value>(nullptr), nnz_);
}

}  // namespace graphring

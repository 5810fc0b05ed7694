// libFuzzer target for the compressed-format decoders. The first byte picks what the rest is:
//   even (below 0xf0): a raw CCI view (header, row lengths, stream starts, code words) — validate()
//   must
//         refuse anything the decoder could read out of bounds on, and whatever it accepts must
//         decode (every row, and the pull SpMV) without a sanitizer report;
//   odd (below 0xf0): a matrix described by the bytes (row lengths and column deltas of every
//   scale, up
//         to the largest 32-bit jumps, duplicates included) encoded as CCI (1 and S slices),
//         CSR-dtANS (long and short lanes), SELL-C-σ and Stream VByte, each of which must decode
//         back to the same CSR and multiply like it;
//   0xf0 and above: a raw Stream VByte view (group starts and entries, then code bytes), as for
//         CCI.
// A graphring::error from a builder (a limit) is an accepted outcome; anything else is a bug.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

#include "core/error.hpp"
#include "engine/formats/cci.hpp"
#include "engine/formats/dtans.hpp"
#include "engine/formats/sell.hpp"
#include "engine/formats/svb.hpp"
#include "kernels/cpu/format_spmv.hpp"
#include "semirings/builtin.hpp"

namespace {

using namespace graphring;

// Reads little-endian integers from the input, 0 once it runs out.
class byte_reader {
 public:
  byte_reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  template <class T>
  T next() {
    T v = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) v |= T(at_ < size_ ? data_[at_++] : 0) << (8 * i);
    return v;
  }
  bool done() const { return at_ >= size_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_, at_ = 0;
};

void check(bool ok) {
  if (!ok) std::abort();
}

// y = A x with plus_times over int64 on CSR, the reference the formats must match.
std::vector<std::int64_t> reference(const csr_matrix& a, const std::vector<std::int64_t>& x) {
  std::vector<std::int64_t> y(a.nrows, 0);
  for (std::uint64_t r = 0; r < a.nrows; ++r)
    for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) y[r] += x[a.cols[k]];
  return y;
}

// A view validate() accepted: every row decodes to columns below ncols, and the pull SpMV with x
// all ones counts each row's entries.
template <class View>
void decodes_and_multiplies(const View& v) {
  const std::uint64_t nrows = v.nrows, ncols = v.ncols;
  std::vector<std::int64_t> lengths(nrows, 0);
  for (std::uint64_t r = 0; r < nrows; ++r)
    v.for_each_in_row(r, [&](vertex_id c, edge_offset) {
      check(c < ncols);
      ++lengths[r];
      return false;
    });
  std::vector<std::int64_t> x(ncols, 1), y(nrows);
  std::vector<std::uint8_t> yp(nrows);
  kernels::spmv_pull_stored<plus_times<std::int64_t>>(v, x.data(), nullptr, y.data(), yp.data(),
                                                      [](std::uint64_t) { return true; });
  for (std::uint64_t r = 0; r < nrows; ++r)
    check(yp[r] == (lengths[r] > 0) && (!yp[r] || y[r] == lengths[r]));
}

void raw_cci(byte_reader in) {
  const std::uint64_t nrows = in.next<std::uint8_t>() % 160;
  const std::uint64_t ncols = in.next<std::uint32_t>() % (std::uint64_t(1) << 20);
  const std::uint64_t slices = 1 + in.next<std::uint8_t>() % 4;
  const std::uint64_t groups = (nrows + cci_group - 1) / cci_group;
  // One slice: group starts and first entries. More: CSR offsets and one start per stream.
  std::vector<edge_offset> offsets(nrows + 1, 0), group_entry(groups + 1, 0);
  std::vector<std::uint64_t> code_start(slices == 1 ? groups + 1 : nrows * slices + 1, 0);
  for (std::uint64_t i = 0; i + 1 < code_start.size(); ++i)
    code_start[i + 1] = code_start[i] + in.next<std::uint16_t>() % 2048;
  if (slices == 1) {
    for (std::uint64_t g = 0; g < groups; ++g)
      group_entry[g + 1] = group_entry[g] + in.next<std::uint8_t>();
  } else {
    for (std::uint64_t r = 0; r < nrows; ++r)
      offsets[r + 1] = offsets[r] + in.next<std::uint8_t>() % 40;
  }
  const std::uint64_t nvalues = slices == 1 ? group_entry[groups] : offsets[nrows];
  std::vector<std::uint64_t> words;
  while (!in.done()) words.push_back(in.next<std::uint64_t>());
  words.insert(words.end(), 3, 0);  // the padding words every CCI code ends with
  cci_view<pattern_value> v;
  v.nrows = nrows;
  v.ncols = ncols;
  v.slices = slices;
  v.offsets = slices == 1 ? nullptr : offsets.data();
  v.group_entry = slices == 1 ? group_entry.data() : nullptr;
  v.code_start = code_start.data();
  v.words = words.data();
  v.nwords = words.size();
  cci_matrix::make_table(v.table, std::uint32_t(slices), 29);
  if (!validate(v, nvalues)) return;
  decodes_and_multiplies(v);
}

// Random bytes as a Stream VByte code: whatever validate() accepts decodes inside the code to
// columns below ncols, and the kernel's product counts each row's entries.
void raw_svb(byte_reader in) {
  const std::uint64_t nrows = in.next<std::uint8_t>() % 160;
  const std::uint64_t ncols = 1 + in.next<std::uint32_t>() % (std::uint64_t(1) << 20);
  const std::uint64_t groups = (nrows + svb_group - 1) / svb_group;
  std::vector<std::uint64_t> group_byte(groups + 1, 0);
  std::vector<edge_offset> group_entry(groups + 1, 0);
  for (std::uint64_t g = 0; g < groups; ++g) {
    group_byte[g + 1] = group_byte[g] + in.next<std::uint16_t>() % 1024;
    group_entry[g + 1] = group_entry[g] + in.next<std::uint8_t>();
  }
  std::vector<std::uint8_t> bytes;
  while (!in.done()) bytes.push_back(in.next<std::uint8_t>());
  const std::uint64_t nbytes = bytes.size();
  bytes.insert(bytes.end(), svb_padding, 0);
  svb_view<pattern_value> v;
  v.nrows = nrows;
  v.ncols = ncols;
  v.group_byte = group_byte.data();
  v.group_entry = group_entry.data();
  v.bytes = bytes.data();
  v.nbytes = nbytes;
  if (!validate(v, group_entry[groups])) return;
  decodes_and_multiplies(v);
}

csr_matrix matrix_from(byte_reader& in) {
  const std::uint64_t nrows = 1 + in.next<std::uint8_t>() % 200;
  const std::uint8_t wide = in.next<std::uint8_t>();
  const std::uint64_t ncols = wide & 1 ? std::uint64_t(max_vertices) : 1 + in.next<std::uint16_t>();
  buffer<edge_offset> offsets(nrows + 1);
  buffer<vertex_id> cols;
  offsets[0] = 0;
  for (std::uint64_t r = 0; r < nrows; ++r) {
    const std::uint64_t len = in.next<std::uint8_t>() % 48;
    std::uint64_t c = 0;
    for (std::uint64_t j = 0; j < len; ++j) {
      // A delta of any scale: the top bits of a byte pick its width (0: a duplicate).
      const std::uint8_t kind = in.next<std::uint8_t>();
      const std::uint32_t raw = in.next<std::uint32_t>();
      const std::uint32_t bits = kind % 33;
      const std::uint64_t delta =
          bits == 0 ? 0 : (raw & (bits == 32 ? 0xffffffffu : (1u << bits) - 1));
      c = j == 0 ? delta : c + delta;
      if (c >= ncols) break;
      cols.push_back(vertex_id(c));
    }
    offsets[r + 1] = cols.size();
  }
  csr_matrix a;
  a.nrows = nrows;
  a.ncols = ncols;
  a.offsets = shared_array<edge_offset>(std::move(offsets));
  a.cols = shared_array<vertex_id>(std::move(cols));
  if (wide & 2) {
    buffer<std::int32_t> values(a.nnz());
    for (auto& v : values) v = std::int32_t(in.next<std::uint8_t>()) - 100;
    a.values = shared_array<std::int32_t>(std::move(values));
  }
  return a;
}

void same_csr(const csr_matrix& a, const csr_matrix& b) {
  check(a.nrows == b.nrows && a.ncols == b.ncols && a.nnz() == b.nnz());
  check(std::memcmp(a.offsets.data(), b.offsets.data(), a.offsets.size() * sizeof(edge_offset)) ==
        0);
  check(a.nnz() == 0 ||
        std::memcmp(a.cols.data(), b.cols.data(), a.nnz() * sizeof(vertex_id)) == 0);
  check(a.values.index() == b.values.index());
  if (const auto* v = std::get_if<shared_array<std::int32_t>>(&a.values)) {
    const auto& w = std::get<shared_array<std::int32_t>>(b.values);
    check(v->empty() || std::memcmp(v->data(), w.data(), v->size() * 4) == 0);
  }
}

void round_trip(byte_reader in) {
  const csr_matrix a = matrix_from(in);
  csr_matrix pattern = a;
  pattern.values = std::monostate{};
  const cci_matrix c1 = cci_matrix::from_csr(a);
  same_csr(a, c1.to_csr());
  const cci_matrix c4 = cci_matrix::from_csr(a, {4});
  same_csr(a, c4.to_csr());
  const dtans_matrix d = dtans_matrix::from_csr(a);
  same_csr(a, d.to_csr());
  const dtans_matrix d1 =
      dtans_matrix::from_csr(a, {1 + std::uint32_t(a.nnz() % 37)});  // short lanes
  same_csr(a, d1.to_csr());
  const sell_matrix s = sell_matrix::from_csr(a, {4, 8});
  same_csr(a, s.to_csr());
  const svb_matrix v = svb_matrix::from_csr(a);
  check(v.validate());
  same_csr(a, v.to_csr());
  // SpMV with x(k) = k mod 7 - 3 over plus_times: every format against the CSR loop (for
  // matrices narrow enough to hold a dense x).
  if (a.ncols <= (1u << 16)) {
    std::vector<std::int64_t> xs(a.ncols);
    for (std::uint64_t k = 0; k < a.ncols; ++k) xs[k] = std::int64_t(k % 7) - 3;
    const std::vector<std::int64_t> want = reference(pattern, xs);
    std::vector<std::int64_t> y(a.nrows);
    std::vector<std::uint8_t> yp(a.nrows);
    const auto all = [](std::uint64_t) { return true; };
    using S = plus_times<std::int64_t>;
    auto expect = [&] {
      for (std::uint64_t r = 0; r < a.nrows; ++r)
        check(yp[r] == (a.row_length(r) > 0) && (!yp[r] || y[r] == want[r]));
    };
    kernels::spmv_pull_stored<S>(c1.view<pattern_value>(nullptr), xs.data(), nullptr, y.data(),
                                 yp.data(), all);
    expect();
    kernels::spmv_pull_stored<S>(c4.view<pattern_value>(nullptr), xs.data(), nullptr, y.data(),
                                 yp.data(), all);
    expect();
    // A pattern matrix's own encoding is the pattern's: no third encode.
    std::optional<dtans_matrix> dp;
    if (pattern.values.index() != a.values.index()) dp = dtans_matrix::from_csr(pattern);
    kernels::spmv_pull_stored<S>((dp ? *dp : d).view<pattern_value>(), xs.data(), nullptr, y.data(),
                                 yp.data(), all);
    expect();
    kernels::spmv_pull_stored<S>(
        sell_matrix::from_csr(pattern, {4, 8}).view<pattern_value>(nullptr), xs.data(), nullptr,
        y.data(), yp.data(), all);
    expect();
    kernels::spmv_pull_stored<S>(v.view<pattern_value>(nullptr), xs.data(), nullptr, y.data(),
                                 yp.data(), all);
    expect();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  byte_reader in(data + 1, size - 1);
  try {
    if (data[0] >= 0xf0) {
      raw_svb(in);
    } else if (data[0] % 2 == 0) {
      raw_cci(in);
    } else {
      round_trip(in);
    }
  } catch (const graphring::error&) {
    // A limit a builder states is an accepted outcome.
  }
  return 0;
}

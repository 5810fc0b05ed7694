// Gathering rows of a compressed matrix (row_gather.hpp): lengths first, offsets by a prefix sum,
// then each row's entries decoded into its place, rows in parallel (CCI, CSR) or slices in
// parallel (CSR-dtANS).
#include "engine/formats/row_gather.hpp"

#include <algorithm>
#include <type_traits>
#include <vector>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "kernels/cpu/dtans_slice_decoder.hpp"

namespace graphring {

namespace {

using formats::no_source;

// The CSR of `lengths.size()` rows and ncols columns whose entries are then written.
struct gathered {
  buffer<edge_offset> offsets;
  buffer<vertex_id> cols;

  gathered(const buffer<edge_offset>& lengths) : offsets(lengths.size() + 1) {
    offsets[0] = 0;
    for (std::size_t i = 0; i < lengths.size(); ++i) offsets[i + 1] = offsets[i] + lengths[i];
    cols = buffer<vertex_id>(offsets[lengths.size()]);
  }

  csr_matrix finish(std::uint64_t ncols, value_array values) {
    csr_matrix c;
    c.nrows = offsets.size() - 1;
    c.ncols = ncols;
    c.offsets = shared_array<edge_offset>(std::move(offsets));
    c.cols = shared_array<vertex_id>(std::move(cols));
    c.values = std::move(values);
    return c;
  }
};

bool parallel_for(std::uint64_t work) { return work > kernels::min_parallel_work; }

// CSR and CCI: each row's entries are positions first .. first + length of the value array.
csr_matrix gather_by_position(const value_array& values, std::uint64_t ncols,
                              const buffer<edge_offset>& lengths, const buffer<edge_offset>& first,
                              const auto& write_row) {
  gathered out(lengths);
  const std::int64_t count = std::int64_t(lengths.size());
  const bool valued = !std::holds_alternative<std::monostate>(values);
  buffer<std::uint64_t> source(valued ? out.cols.size() : 0);
#pragma omp parallel for schedule(dynamic, 64) if (parallel_for(out.cols.size()))
  for (std::int64_t i = 0; i < count; ++i) {
    const edge_offset at = out.offsets[i];
    write_row(std::uint64_t(i), out.cols.data() + at);
    if (valued)
      for (edge_offset t = 0; t < lengths[i]; ++t) source[at + t] = first[i] + t;
  }
  value_array gathered_values = valued ? formats::gather_values(values, source) : value_array{};
  return out.finish(ncols, std::move(gathered_values));
}

csr_matrix gather_csr(const csr_matrix& a, const vertex_id* rows, std::uint64_t count) {
  buffer<edge_offset> lengths(count), first(count);
  for (std::uint64_t i = 0; i < count; ++i) {
    first[i] = a.offsets[rows[i]];
    lengths[i] = a.offsets[rows[i] + 1] - first[i];
  }
  return gather_by_position(a.values, a.ncols, lengths, first,
                            [&](std::uint64_t i, vertex_id* out) {
                              std::copy_n(a.cols.data() + first[i], lengths[i], out);
                            });
}

csr_matrix gather_cci(const cci_matrix& m, const vertex_id* rows, std::uint64_t count) {
  const cci_view<pattern_value> v = m.view(static_cast<const pattern_value*>(nullptr));
  // Per row: its length, its first entry and (one slice) the bit after its length codeword.
  buffer<edge_offset> lengths(count), first(count);
  buffer<std::uint64_t> bits(v.slices == 1 ? count : 0);
  if (v.slices == 1) {
    // The wanted rows of one group are found in one walk from the group's start: a row after
    // another starts where that one's entries end, and the rows between them are skipped.
    std::vector<std::uint64_t> runs;  // where each group's wanted rows begin in `rows`
    for (std::uint64_t i = 0; i < count; ++i)
      if (i == 0 || v.group_of(rows[i]) != v.group_of(rows[i - 1])) runs.push_back(i);
    runs.push_back(count);
    const std::int64_t groups = std::int64_t(runs.size()) - 1;
#pragma omp parallel for schedule(dynamic, 16) if (parallel_for(count * cci_group))
    for (std::int64_t g = 0; g < groups; ++g) {
      std::uint64_t bit = 0;
      edge_offset k = 0;
      v.seek(rows[runs[g]], bit, k);
      for (std::uint64_t i = runs[g]; i < runs[g + 1]; ++i) {
        if (i > runs[g]) {
          v.skip_entries(bit, lengths[i - 1]);
          k += lengths[i - 1];
          for (std::uint64_t r = rows[i - 1] + 1; r < rows[i]; ++r) {
            const std::uint64_t length = v.read_length(bit);
            v.skip_entries(bit, length);
            k += length;
          }
        }
        lengths[i] = v.read_length(bit);
        first[i] = k;
        bits[i] = bit;
      }
    }
  } else {
    for (std::uint64_t i = 0; i < count; ++i) {
      first[i] = v.offsets[rows[i]];
      lengths[i] = v.offsets[rows[i] + 1] - first[i];
    }
  }
  return gather_by_position(m.values(), m.ncols(), lengths, first,
                            [&](std::uint64_t i, vertex_id* out) {
                              if (v.slices > 1) {
                                v.for_each_in_row(rows[i], [&](vertex_id col, edge_offset k) {
                                  out[k - first[i]] = col;
                                  return false;
                                });
                                return;
                              }
                              cci_cursor c;
                              c.bit = bits[i];
                              for (edge_offset t = 0; t < lengths[i];) {
                                v.next_code(c);
                                for (std::uint32_t j = 0; j < c.left && t < lengths[i]; ++j) {
                                  c.col += c.delta;
                                  out[t++] = vertex_id(c.col);
                                }
                              }
                            });
}

// Stream VByte: as CCI's one slice, the wanted rows of a group found in one walk from its start,
// a row's control and data bytes skipped by the byte counts its control bytes give.
csr_matrix gather_svb(const svb_matrix& m, const vertex_id* rows, std::uint64_t count) {
  const svb_view<pattern_value> v = m.view(static_cast<const pattern_value*>(nullptr));
  // Per row: its length, its first entry and where its control bytes start.
  buffer<edge_offset> lengths(count), first(count);
  buffer<std::uint64_t> control(count);
  std::vector<std::uint64_t> runs;  // where each group's wanted rows begin in `rows`
  for (std::uint64_t i = 0; i < count; ++i)
    if (i == 0 || rows[i] / svb_group != rows[i - 1] / svb_group) runs.push_back(i);
  runs.push_back(count);
  const std::int64_t groups = std::int64_t(runs.size()) - 1;
#pragma omp parallel for schedule(dynamic, 16) if (parallel_for(count * svb_group))
  for (std::int64_t g = 0; g < groups; ++g) {
    std::uint64_t at = 0;
    edge_offset k = 0;
    v.seek(rows[runs[g]], at, k);
    for (std::uint64_t i = runs[g]; i < runs[g + 1]; ++i) {
      if (i > runs[g]) {
        at = control[i - 1] + v.row_code_bytes(control[i - 1], lengths[i - 1]);
        k += lengths[i - 1];
        for (std::uint64_t r = rows[i - 1] + 1; r < rows[i]; ++r) {
          const std::uint64_t length = v.read_length(at);
          at += v.row_code_bytes(at, length);
          k += length;
        }
      }
      lengths[i] = v.read_length(at);
      first[i] = k;
      control[i] = at;
    }
  }
  return gather_by_position(m.values(), m.ncols(), lengths, first,
                            [&](std::uint64_t i, vertex_id* out) {
                              std::uint64_t data = control[i] + (lengths[i] + 3) / 4;
                              std::uint32_t col = 0xffffffffu;
                              for (edge_offset t = 0; t < lengths[i]; ++t)
                                out[t] = col += v.read_delta(control[i], t, data);
                            });
}

// CSR-dtANS with values of type V (pattern_value: none).
template <class V>
csr_matrix gather_dtans(const dtans_matrix& m, const vertex_id* rows, std::uint64_t count) {
  const dtans_view<V> v = m.template view<V>();
  // The slices that hold wanted rows, each with its range of `rows`.
  struct slice_rows {
    std::uint64_t slice, begin, end;
  };
  std::vector<slice_rows> touched;
  for (std::uint64_t i = 0; i < count;) {
    const std::uint64_t s =
        std::uint64_t(std::upper_bound(v.slice_row, v.slice_row + v.slices + 1, rows[i]) -
                      v.slice_row) -
        1;
    std::uint64_t end = i + 1;
    while (end < count && rows[end] < v.slice_row[s + 1]) ++end;
    touched.push_back({s, i, end});
    i = end;
  }
  struct entry {
    std::uint64_t at;  // the wanted row's index in `rows`
    vertex_id col;
    V value;
  };
  std::vector<std::vector<entry>> kept(touched.size());
  buffer<edge_offset> lengths(count, 0);
  const std::int64_t slices = std::int64_t(touched.size());
#pragma omp parallel
  {
    std::vector<std::int64_t> wanted;  // per row of the slice: its index in `rows`, or -1
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t t = 0; t < slices; ++t) {
      const slice_rows& sr = touched[t];
      const std::uint64_t base = v.slice_row[sr.slice];
      wanted.assign(v.slice_row[sr.slice + 1] - base, -1);
      for (std::uint64_t i = sr.begin; i < sr.end; ++i) wanted[rows[i] - base] = std::int64_t(i);
      std::vector<entry>& mine = kept[t];
      kernels::for_each_in_dtans_slice(
          v, sr.slice,
          [&](std::uint32_t, std::uint64_t row, vertex_id col, const V& value) {
            const std::int64_t at = wanted[row - base];
            if (at >= 0) mine.push_back({std::uint64_t(at), col, value});
          },
          [](std::uint32_t, std::uint64_t) {});
      for (const entry& e : mine) ++lengths[e.at];
    }
  }
  gathered out(lengths);
  buffer<V> values(std::is_same_v<V, pattern_value> ? 0 : out.cols.size());
#pragma omp parallel for schedule(dynamic, 1) if (parallel_for(out.cols.size()))
  for (std::int64_t t = 0; t < slices; ++t) {
    // A row's entries come from one lane, in column order.
    std::vector<edge_offset> next;
    const slice_rows& sr = touched[t];
    for (std::uint64_t i = sr.begin; i < sr.end; ++i) next.push_back(out.offsets[i]);
    for (const entry& e : kept[t]) {
      const edge_offset k = next[e.at - sr.begin]++;
      out.cols[k] = e.col;
      if constexpr (!std::is_same_v<V, pattern_value>) values[k] = e.value;
    }
  }
  value_array held;
  if constexpr (!std::is_same_v<V, pattern_value>) held = shared_array<V>(std::move(values));
  return out.finish(m.ncols(), std::move(held));
}

}  // namespace

bool gathers_rows(format_kind kind) noexcept {
  return kind == format_kind::csr || kind == format_kind::cci || kind == format_kind::dtans ||
         kind == format_kind::svb;
}

csr_matrix gather_rows(const any_format& f, const vertex_id* rows, std::uint64_t count) {
  if (const auto* a = std::get_if<csr_matrix>(&f.matrix())) return gather_csr(*a, rows, count);
  if (const auto* a = std::get_if<cci_matrix>(&f.matrix())) return gather_cci(*a, rows, count);
  if (const auto* a = std::get_if<svb_matrix>(&f.matrix())) return gather_svb(*a, rows, count);
  const auto* d = std::get_if<dtans_matrix>(&f.matrix());
  if (!d)
    throw error(error_kind::internal,
                "gather_rows reads CSR, CCI, CSR-dtANS and Stream VByte, not " +
                    std::string(format_name(f.kind())));
  // clang-format off
  switch (d->values_type()) {
    case value_type::none: return gather_dtans<pattern_value>(*d, rows, count);
    case value_type::int32: return gather_dtans<std::int32_t>(*d, rows, count);
    case value_type::int64: return gather_dtans<std::int64_t>(*d, rows, count);
    case value_type::uint32: return gather_dtans<std::uint32_t>(*d, rows, count);
    case value_type::uint64: return gather_dtans<std::uint64_t>(*d, rows, count);
    case value_type::float32: return gather_dtans<float>(*d, rows, count);
    case value_type::float64: return gather_dtans<double>(*d, rows, count);
  }
  // clang-format on
  throw error(error_kind::internal, "gather_rows: an unknown value type");
}

void for_each_row_block(const any_format& f,
                        const std::function<void(std::uint64_t, const csr_matrix&)>& each,
                        std::uint64_t block) {
  const std::uint64_t n = f.nrows();
  std::vector<vertex_id> rows;
  for (std::uint64_t first = 0; first < n; first += block) {
    const std::uint64_t count = std::min(block, n - first);
    rows.resize(count);
    for (std::uint64_t i = 0; i < count; ++i) rows[i] = vertex_id(first + i);
    each(first, gather_rows(f, rows.data(), count));
  }
}

edge_offset repeated_entries(const any_format& f) {
  edge_offset repeated = 0;
  for_each_row_block(f, [&](std::uint64_t, const csr_matrix& part) {
    for (std::uint64_t i = 0; i < part.nrows; ++i)
      for (edge_offset p = part.row_begin(i) + 1; p < part.row_end(i); ++p)
        repeated += part.cols[p] == part.cols[p - 1];
  });
  return repeated;
}

}  // namespace graphring

// .grb reader: validates header, sizes, checksum and structure, then hands out arrays that point
// into the mapped file (no copy).
#include <algorithm>
#include <cstring>

#include "core/error.hpp"
#include "engine/io/checksum.hpp"
#include "engine/io/grb_format.hpp"
#include "engine/io/readers.hpp"

namespace graphring::io {
namespace {

[[noreturn]] void corrupt(const std::string& file, const std::string& what) {
  throw error(error_kind::bad_input, "corrupt .grb file: " + what, file);
}

// A section of `count` items of `width` bytes at `at`, inside a file of `size` bytes.
void check_section(const std::string& file, const char* name, std::uint64_t at, std::uint64_t count,
                   std::uint64_t width, std::uint64_t size) {
  if (at % grb_alignment != 0 || at < sizeof(grb_header) || at > size ||
      count > (size - at) / width)
    corrupt(file, std::string("the ") + name + " section lies outside the file");
}

template <class T>
shared_array<T> section(const input_bytes& in, std::uint64_t at, std::uint64_t count) {
  return shared_array<T>(in.owner, reinterpret_cast<const T*>(in.data + at), count);
}

value_array values_section(const input_bytes& in, value_type type, std::uint64_t at,
                           std::uint64_t nnz) {
  switch (type) {
    case value_type::int32:
      return section<std::int32_t>(in, at, nnz);
    case value_type::int64:
      return section<std::int64_t>(in, at, nnz);
    case value_type::uint32:
      return section<std::uint32_t>(in, at, nnz);
    case value_type::uint64:
      return section<std::uint64_t>(in, at, nnz);
    case value_type::float32:
      return section<float>(in, at, nnz);
    case value_type::float64:
      return section<double>(in, at, nnz);
    default:
      return std::monostate{};
  }
}

}  // namespace

graph parse_grb(const input_bytes& in, const std::string& file) {
  grb_header h;
  if (in.size < sizeof h) corrupt(file, "shorter than its 128-byte header");
  std::memcpy(&h, in.data, sizeof h);
  if (std::memcmp(h.magic, grb_magic, sizeof grb_magic) != 0)
    throw error(error_kind::bad_input, "not a .grb file (wrong magic bytes)", file);
  if (h.version != grb_version)
    throw error(error_kind::bad_input,
                "unsupported .grb version " + std::to_string(h.version) +
                    " (this graphring reads version " + std::to_string(grb_version) + ")",
                file);
  if (h.header_checksum != checksum(&h, offsetof(grb_header, header_checksum)))
    corrupt(file, "header checksum mismatch");
  if (h.header_bytes != sizeof h) corrupt(file, "wrong header size");
  if (h.file_bytes != in.size)
    corrupt(file, "the header says " + std::to_string(h.file_bytes) + " bytes but the file has " +
                      std::to_string(in.size) + " (truncated?)");
  if (h.nrows != h.ncols) corrupt(file, "the adjacency matrix is not square");
  if (h.nrows > max_vertices) corrupt(file, "more vertices than 32-bit ids allow");
  if (h.value_type > std::uint32_t(value_type::float64)) corrupt(file, "unknown value type");
  const value_type type = value_type(h.value_type);
  check_section(file, "offsets", h.offsets_at, h.nrows + 1, 8, in.size);
  check_section(file, "columns", h.cols_at, h.nnz, 4, in.size);
  if (type != value_type::none)
    check_section(file, "values", h.values_at, h.nnz, type_size(type), in.size);
  if (h.explicit_labels) check_section(file, "labels", h.labels_at, h.nrows, 8, in.size);
  if (h.payload_checksum != checksum(in.data + sizeof h, in.size - sizeof h))
    corrupt(file, "payload checksum mismatch");

  csr_matrix a;
  a.nrows = a.ncols = h.nrows;
  a.offsets = section<edge_offset>(in, h.offsets_at, h.nrows + 1);
  a.cols = section<vertex_id>(in, h.cols_at, h.nnz);
  a.values = values_section(in, type, h.values_at, h.nnz);

  // Structure, so that no later kernel can read out of bounds even from a crafted file.
  if (a.offsets[0] != 0 || a.offsets[h.nrows] != h.nnz)
    corrupt(file, "row offsets do not span the columns");
  // Flat, vectorizable passes: offsets ascend; every column id is below ncols; and columns
  // ascend within rows, which holds exactly when every descent cols[k] < cols[k-1] sits at the
  // start of a row.
  const std::int64_t n = std::int64_t(h.nrows), nnz = std::int64_t(h.nnz);
  const edge_offset* offsets = a.offsets.data();
  const vertex_id* cols = a.cols.data();
  std::int64_t bad_offsets = 0, bad_cols = 0, descents = 0, descents_at_row_starts = 0;
#pragma omp parallel if (nnz > (1 << 18))
  {
#pragma omp for schedule(static) reduction(+ : bad_offsets) nowait
    for (std::int64_t r = 0; r < n; ++r) bad_offsets += offsets[r] > offsets[r + 1];
#pragma omp for schedule(static) reduction(+ : bad_cols, descents) nowait
    for (std::int64_t k = 1; k < nnz; ++k) {
      bad_cols += cols[k] >= h.ncols;
      descents += cols[k] < cols[k - 1];
    }
  }
  if (nnz > 0) bad_cols += cols[0] >= h.ncols;
  if (bad_offsets != 0) corrupt(file, "row offsets decrease");
  if (bad_cols != 0) corrupt(file, "a column id is out of range");
#pragma omp parallel for schedule(static) reduction(+ : descents_at_row_starts) if (nnz > (1 << 18))
  for (std::int64_t r = 1; r < n; ++r) {
    const edge_offset start = offsets[r];
    if (start > 0 && start < offsets[r + 1])
      descents_at_row_starts += cols[start] < cols[start - 1];
  }
  if (descents != descents_at_row_starts)
    corrupt(file, "column ids are not ascending within a row");

  vertex_labels labels;
  if (h.explicit_labels) {
    auto l = section<std::int64_t>(in, h.labels_at, h.nrows);
    if (std::adjacent_find(l.begin(), l.end(), std::greater_equal<>()) != l.end())
      corrupt(file, "vertex labels are not ascending");
    labels = vertex_labels::explicit_labels(std::move(l));
  } else {
    // Labels offset + 0 .. offset + n - 1 must all be 64-bit integers.
    std::int64_t last = 0;
    if (h.nrows > 0 &&
        __builtin_add_overflow(std::int64_t(h.label_offset), std::int64_t(h.nrows - 1), &last))
      corrupt(file, "the label offset " + std::to_string(std::int64_t(h.label_offset)) +
                        " puts the last of " + std::to_string(h.nrows) +
                        " vertices past the largest 64-bit label");
    labels = vertex_labels::with_offset(h.nrows, h.label_offset);
  }
  return graph(std::move(a), std::move(labels));
}

}  // namespace graphring::io

// .grb reader: validates header, sizes, checksum and structure, then hands out arrays that point
// into the mapped file (no copy). Version 2 (compressed) goes on in grb_compressed.cpp.
#include <algorithm>
#include <cstring>

#include "core/error.hpp"
#include "engine/io/checksum.hpp"
#include "engine/io/grb_format.hpp"
#include "engine/io/grb_parts.hpp"
#include "engine/io/readers.hpp"

namespace graphring::io {

graph parse_grb(const input_bytes& in, const std::string& file) {
  grb_header h;
  if (in.size < sizeof h) corrupt_grb(file, "shorter than its 128-byte header");
  std::memcpy(&h, in.data, sizeof h);
  if (std::memcmp(h.magic, grb_magic, sizeof grb_magic) != 0)
    throw error(error_kind::bad_input, "not a .grb file (wrong magic bytes)", file);
  if (h.version != grb_version && h.version != grb_compressed_version)
    throw error(error_kind::bad_input,
                "unsupported .grb version " + std::to_string(h.version) +
                    " (this graphring reads versions " + std::to_string(grb_version) + " and " +
                    std::to_string(grb_compressed_version) + ")",
                file);
  if (h.header_checksum != checksum(&h, offsetof(grb_header, header_checksum)))
    corrupt_grb(file, "header checksum mismatch");
  if (h.header_bytes != sizeof h) corrupt_grb(file, "wrong header size");
  if (h.file_bytes != in.size)
    corrupt_grb(file, "the header says " + std::to_string(h.file_bytes) +
                          " bytes but the file has " + std::to_string(in.size) + " (truncated?)");
  if (h.nrows != h.ncols) corrupt_grb(file, "the adjacency matrix is not square");
  if (h.nrows > max_vertices) corrupt_grb(file, "more vertices than 32-bit ids allow");
  if (h.value_type > std::uint32_t(value_type::float64)) corrupt_grb(file, "unknown value type");
  const value_type type = value_type(h.value_type);
  if (h.version == grb_compressed_version) return parse_compressed_grb(in, h, file);
  check_grb_section(file, "offsets", h.offsets_at, h.nrows + 1, 8, in.size);
  check_grb_section(file, "columns", h.cols_at, h.nnz, 4, in.size);
  if (type != value_type::none)
    check_grb_section(file, "values", h.values_at, h.nnz, type_size(type), in.size);
  if (h.explicit_labels) check_grb_section(file, "labels", h.labels_at, h.nrows, 8, in.size);
  if (h.payload_checksum != checksum(in.data + sizeof h, in.size - sizeof h))
    corrupt_grb(file, "payload checksum mismatch");

  csr_matrix a;
  a.nrows = a.ncols = h.nrows;
  a.offsets = grb_section<edge_offset>(in, h.offsets_at, h.nrows + 1);
  a.cols = grb_section<vertex_id>(in, h.cols_at, h.nnz);
  a.values = grb_values(in, type, h.values_at, h.nnz);

  // Structure, so that no later kernel can read out of bounds even from a crafted file.
  if (a.offsets[0] != 0 || a.offsets[h.nrows] != h.nnz)
    corrupt_grb(file, "row offsets do not span the columns");
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
  if (bad_offsets != 0) corrupt_grb(file, "row offsets decrease");
  if (bad_cols != 0) corrupt_grb(file, "a column id is out of range");
#pragma omp parallel for schedule(static) reduction(+ : descents_at_row_starts) if (nnz > (1 << 18))
  for (std::int64_t r = 1; r < n; ++r) {
    const edge_offset start = offsets[r];
    if (start > 0 && start < offsets[r + 1])
      descents_at_row_starts += cols[start] < cols[start - 1];
  }
  if (descents != descents_at_row_starts)
    corrupt_grb(file, "column ids are not ascending within a row");

  graph g(std::move(a), grb_labels(in, h, file));
  // Recorded by the writer (a crafted flag can only give wrong answers: Aᵀ is then taken as A,
  // which has its shape).
  if (h.reserved[0] & grb_symmetry_recorded) g.set_symmetric(h.reserved[0] & grb_symmetric);
  return g;
}

vertex_labels grb_labels(const input_bytes& in, const grb_header& h, const std::string& file) {
  vertex_labels labels;
  if (h.explicit_labels) {
    auto l = grb_section<std::int64_t>(in, h.labels_at, h.nrows);
    if (std::adjacent_find(l.begin(), l.end(), std::greater_equal<>()) != l.end())
      corrupt_grb(file, "vertex labels are not ascending");
    labels = vertex_labels::explicit_labels(std::move(l));
  } else {
    // Labels offset + 0 .. offset + n - 1 must all be 64-bit integers.
    std::int64_t last = 0;
    if (h.nrows > 0 &&
        __builtin_add_overflow(std::int64_t(h.label_offset), std::int64_t(h.nrows - 1), &last))
      corrupt_grb(file, "the label offset " + std::to_string(std::int64_t(h.label_offset)) +
                            " puts the last of " + std::to_string(h.nrows) +
                            " vertices past the largest 64-bit label");
    labels = vertex_labels::with_offset(h.nrows, h.label_offset);
  }
  return labels;
}

}  // namespace graphring::io

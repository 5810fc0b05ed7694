// .grb reader: validates header, sizes, checksum and structure, then hands out arrays that point
// into the mapped file (no copy).
#include <algorithm>
#include <cstring>

#include "engine/error.hpp"
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
  if (at % grb_alignment != 0 || at < sizeof(grb_header) || at > size || count > (size - at) / width)
    corrupt(file, std::string("the ") + name + " section lies outside the file");
}

template <class T>
shared_array<T> section(const input_bytes& in, std::uint64_t at, std::uint64_t count) {
  return shared_array<T>(in.owner, reinterpret_cast<const T*>(in.data + at), count);
}

value_array values_section(const input_bytes& in, value_type type, std::uint64_t at, std::uint64_t nnz) {
  switch (type) {
    case value_type::int32: return section<std::int32_t>(in, at, nnz);
    case value_type::int64: return section<std::int64_t>(in, at, nnz);
    case value_type::uint32: return section<std::uint32_t>(in, at, nnz);
    case value_type::uint64: return section<std::uint64_t>(in, at, nnz);
    case value_type::float32: return section<float>(in, at, nnz);
    case value_type::float64: return section<double>(in, at, nnz);
    default: return std::monostate{};
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
    throw error(error_kind::bad_input, "unsupported .grb version " + std::to_string(h.version) +
                                           " (this graphring reads version " + std::to_string(grb_version) + ")", file);
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
  if (type != value_type::none) check_section(file, "values", h.values_at, h.nnz, type_size(type), in.size);
  if (h.explicit_labels) check_section(file, "labels", h.labels_at, h.nrows, 8, in.size);
  if (h.payload_checksum != checksum(in.data + sizeof h, in.size - sizeof h))
    corrupt(file, "payload checksum mismatch");

  csr_matrix a;
  a.nrows = a.ncols = h.nrows;
  a.offsets = section<edge_offset>(in, h.offsets_at, h.nrows + 1);
  a.cols = section<vertex_id>(in, h.cols_at, h.nnz);
  a.values = values_section(in, type, h.values_at, h.nnz);

  // Structure, so that no later kernel can read out of bounds even from a crafted file.
  if (a.offsets[0] != 0 || a.offsets[h.nrows] != h.nnz) corrupt(file, "row offsets do not span the columns");
  bool ok = true;
#pragma omp parallel for schedule(static) reduction(&& : ok)
  for (std::int64_t r = 0; r < std::int64_t(h.nrows); ++r) ok = ok && a.offsets[r] <= a.offsets[r + 1];
  if (!ok) corrupt(file, "row offsets decrease");
#pragma omp parallel for schedule(dynamic, 4096) reduction(&& : ok)
  for (std::int64_t r = 0; r < std::int64_t(h.nrows); ++r) {
    const vertex_id* first = a.cols.data() + a.offsets[r];
    const vertex_id* last = a.cols.data() + a.offsets[r + 1];
    ok = ok && std::is_sorted(first, last) && (first == last || last[-1] < h.ncols);
  }
  if (!ok) corrupt(file, "a row's column ids are out of range or not ascending");

  vertex_labels labels;
  if (h.explicit_labels) {
    auto l = section<std::int64_t>(in, h.labels_at, h.nrows);
    if (std::adjacent_find(l.begin(), l.end(), std::greater_equal<>()) != l.end())
      corrupt(file, "vertex labels are not ascending");
    labels = vertex_labels::explicit_labels(std::move(l));
  } else {
    labels = vertex_labels::with_offset(h.nrows, h.label_offset);
  }
  return graph(std::move(a), std::move(labels));
}

}  // namespace graphring::io

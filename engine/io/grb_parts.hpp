// What the two .grb readers share (engine/io/grb_reader.cpp for CSR files, grb_compressed.cpp for
// compressed ones): sections checked to lie inside the file, arrays that point into it, the vertex
// labels, and the one error a damaged file gets.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/buffer.hpp"
#include "core/error.hpp"
#include "core/shared_array.hpp"
#include "engine/graph.hpp"
#include "engine/io/grb_format.hpp"
#include "engine/io/input_file.hpp"
#include "engine/labels.hpp"
#include "engine/value_type.hpp"

namespace graphring::io {

[[noreturn]] inline void corrupt_grb(const std::string& file, const std::string& what) {
  throw error(error_kind::bad_input, "corrupt .grb file: " + what, file);
}

// A section of `count` items of `width` bytes at `at`, inside a file of `size` bytes.
inline void check_grb_section(const std::string& file, const std::string& name, std::uint64_t at,
                              std::uint64_t count, std::uint64_t width, std::uint64_t size) {
  if (at % grb_alignment != 0 || at < sizeof(grb_header) || at > size ||
      count > (size - at) / width)
    corrupt_grb(file, "the " + name + " section lies outside the file");
}

template <class T>
shared_array<T> grb_section(const input_bytes& in, std::uint64_t at, std::uint64_t count) {
  return shared_array<T>(in.owner, reinterpret_cast<const T*>(in.data + at), count);
}

// `nnz` values of `type` at `at` (std::monostate for value_type::none).
inline value_array grb_values(const input_bytes& in, value_type type, std::uint64_t at,
                              std::uint64_t nnz) {
  switch (type) {
    case value_type::int32:
      return grb_section<std::int32_t>(in, at, nnz);
    case value_type::int64:
      return grb_section<std::int64_t>(in, at, nnz);
    case value_type::uint32:
      return grb_section<std::uint32_t>(in, at, nnz);
    case value_type::uint64:
      return grb_section<std::uint64_t>(in, at, nnz);
    case value_type::float32:
      return grb_section<float>(in, at, nnz);
    case value_type::float64:
      return grb_section<double>(in, at, nnz);
    default:
      return std::monostate{};
  }
}

// x rounded up to the sections' alignment.
inline std::uint64_t grb_aligned(std::uint64_t x) {
  return (x + grb_alignment - 1) / grb_alignment * grb_alignment;
}

// The header of a file holding g (its vertices and labels, its entries of its value type) in
// `version`, with no section placed yet (engine/io/writers.cpp).
grb_header grb_header_for(const graph& g, std::uint32_t version, value_type type);

// One array of a .grb's payload (every byte after the header) and where it goes in the file.
struct payload_piece {
  std::uint64_t at;  // file offset, past the header
  const void* data;
  std::size_t bytes;
};

// Writes h and a payload of `payload_bytes` atomically, with both checksums set: the pieces at
// their offsets, zeros between them. The payload is assembled 1 MiB at a time, never whole.
void write_grb_file(grb_header h, const std::vector<payload_piece>& pieces,
                    std::uint64_t payload_bytes, const std::string& path);

// The labels the header describes (explicit, ascending; or offset + id).
vertex_labels grb_labels(const input_bytes& in, const grb_header& h, const std::string& file);

// A compressed .grb (version 2): A and Aᵀ in the format the file names, no CSR built.
graph parse_compressed_grb(const input_bytes& in, const grb_header& h, const std::string& file);

}  // namespace graphring::io

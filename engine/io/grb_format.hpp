// The .grb binary graph format (version 1), little-endian, designed to load by memory-mapping:
//
//   bytes 0..127  header (grb_header below), its own checksum in the last 8 bytes
//   then, each starting at a multiple of 64 bytes: row offsets (u64 × (nrows+1)), column ids
//   (u32 × nnz), values (value type × nnz, absent for a pattern graph), labels (i64 × nrows,
//   absent when labels are id + label_offset).
//
// payload_checksum covers every byte after the header (padding included); see checksum.hpp.
// reserved[0] holds flags: grb_symmetry_recorded, with grb_symmetric when A = Aᵀ (a reader then
// takes Aᵀ as A, never computing it); a file written before the flags has 0 there, and the
// graph's symmetry is then checked when asked.
//
// Version 2, a compressed .grb (engine/io/grb_compressed.cpp): the same header with offsets_at,
// cols_at and values_at 0, reserved[0] the byte where a directory of parts starts and
// reserved[1] its entry count. The directory holds {u64 at, u64 bytes} per part, each part at a
// multiple of 64 bytes. Part 0 describes the graph (u64 × 8: the format kind (format_kind), the
// matrices stored (1: A, which is symmetric; 2: A then Aᵀ), the parts per matrix, then 0); then per
// matrix its scalars (u64 × 8) and its arrays in the order of grb_compressed.cpp. Labels as in
// version 1.
#pragma once

#include <cstdint>

namespace graphring::io {

inline constexpr char grb_magic[8] = {'G', 'R', 'P', 'H', 'R', 'I', 'N', 'G'};
inline constexpr std::uint32_t grb_version = 1;
inline constexpr std::uint32_t grb_compressed_version = 2;
inline constexpr std::uint64_t grb_alignment = 64;
// Version 1, reserved[0]: whether A = Aᵀ was recorded, and if so whether it holds.
inline constexpr std::uint64_t grb_symmetric = 1, grb_symmetry_recorded = 2;

struct grb_header {
  char magic[8];
  std::uint32_t version;
  std::uint32_t header_bytes;  // sizeof(grb_header)
  std::uint64_t nrows, ncols, nnz;
  std::uint32_t value_type;  // graphring::value_type
  std::uint32_t explicit_labels;
  std::int64_t label_offset;
  std::uint64_t offsets_at, cols_at, values_at, labels_at;  // byte positions, 0 when absent
  std::uint64_t file_bytes;
  std::uint64_t payload_checksum;
  std::uint64_t reserved[2];
  std::uint64_t header_checksum;  // over the bytes before this field
};
static_assert(sizeof(grb_header) == 128);

}  // namespace graphring::io

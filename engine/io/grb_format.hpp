// The .grb binary graph format (version 1), little-endian, designed to load by memory-mapping:
//
//   bytes 0..127  header (grb_header below), its own checksum in the last 8 bytes
//   then, each starting at a multiple of 64 bytes: row offsets (u64 × (nrows+1)), column ids
//   (u32 × nnz), values (value type × nnz, absent for a pattern graph), labels (i64 × nrows,
//   absent when labels are id + label_offset).
//
// payload_checksum covers every byte after the header (padding included); see checksum.hpp.
#pragma once

#include <cstdint>

namespace graphring::io {

inline constexpr char grb_magic[8] = {'G', 'R', 'P', 'H', 'R', 'I', 'N', 'G'};
inline constexpr std::uint32_t grb_version = 1;
inline constexpr std::uint64_t grb_alignment = 64;

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

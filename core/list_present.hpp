// The entries of a presence-byte array listed in order: how a bitmap vector becomes sparse.
#pragma once

#include <cstdint>

#include "core/ids.hpp"

namespace graphring {

// Writes the positions i < n with present[i] != 0 to `out`, ascending, and returns their number;
// `out` has room for all of them. Branch-free (a frontier's entries are scattered, and a branch
// per position mispredicts), and in parallel above kernels::min_parallel_work positions.
std::uint64_t list_present(const std::uint8_t* present, std::uint64_t n, vertex_id* out);

// The largest stretch list_present_offsets takes at once.
inline constexpr std::uint64_t present_offsets_span = 65536;

// Writes the offsets i - begin of the positions i in [begin, end) with present[i] != 0 to
// `offsets`, ascending, and returns their number; end - begin is at most present_offsets_span and
// `offsets` has room for end - begin of them. Sixteen bytes at a time, each half's pattern of
// present bytes looked up in a table of its positions and stored whole (eight offsets, of which
// the count's first are kept), with no branch on the bytes.
std::uint32_t list_present_offsets(const std::uint8_t* present, std::uint64_t begin,
                                   std::uint64_t end, std::uint16_t* offsets);

}  // namespace graphring

// The entries of a presence-byte array listed in order: how a bitmap vector becomes sparse.
#pragma once

#include <cstdint>

#include "core/ids.hpp"

namespace graphring {

// Writes the positions i < n with present[i] != 0 to `out`, ascending, and returns their number;
// `out` has room for all of them. Branch-free (a frontier's entries are scattered, and a branch
// per position mispredicts), and in parallel above kernels::min_parallel_work positions.
std::uint64_t list_present(const std::uint8_t* present, std::uint64_t n, vertex_id* out);

}  // namespace graphring

// Vertex and edge ids: 32-bit vertex (column) ids, 64-bit edge offsets so that a matrix may hold
// more than 2^32 entries.
#pragma once

#include <cstdint>
#include <limits>

namespace graphring {

using vertex_id = std::uint32_t;
using edge_offset = std::uint64_t;

// Largest vertex count: ids 0 .. 2^32-2, so that 2^32-1 stays free as a "none" marker.
inline constexpr std::uint64_t max_vertices = std::numeric_limits<vertex_id>::max();

}  // namespace graphring

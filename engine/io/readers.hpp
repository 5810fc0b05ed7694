// The text readers (Matrix Market, edge lists, DIMACS .gr) and the .grb binary reader. Each
// takes the file's bytes (see input_file.hpp) and throws graphring::error at FILE:LINE on bad
// input; none allocates from a header's word alone.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "core/buffer.hpp"
#include "engine/edge_list.hpp"
#include "engine/graph.hpp"
#include "engine/io/input_file.hpp"

namespace graphring::io {

struct parsed_edges {
  edge_list edges;
  std::string format;     // how it was read, for `info`: "matrix market coordinate real symmetric"
  bool mirrored = false;  // the file stored one triangle and the reader added the other
};

// Edge list: `source destination [weight]` per line, any whitespace, `#` and `%` comment lines,
// arbitrary integer labels (compacted in ascending order). Up to two leading lines holding one
// integer each are read as vertex and edge counts (the edge count is checked). `extra_vertices`
// adds vertices without edges (an LDBC .v file).
parsed_edges parse_edge_list(const input_bytes& in, const std::string& file, bool require_weights,
                             std::span<const std::int64_t> extra_vertices = {},
                             const progress_fn& progress = {});

// One vertex label per line (LDBC NAME.v).
buffer<std::int64_t> parse_vertex_list(const input_bytes& in, const std::string& file);

// Matrix Market: coordinate or array; real, integer or pattern; general, symmetric or
// skew-symmetric. A `%%GraphBLAS type T` line picks the value type and its range is checked.
parsed_edges parse_matrix_market(const input_bytes& in, const std::string& file,
                                 const progress_fn& progress = {});

// 1-based line of the `occurrence`-th (1 = first) entry (row, col) of a Matrix Market file, or
// also of its mirror (col, row) when `mirrored`; 0 if absent. Used to report a duplicate entry.
std::uint64_t matrix_market_entry_line(const input_bytes& in, std::uint64_t row, std::uint64_t col,
                                       bool mirrored, int occurrence);

// DIMACS shortest-path format: `c` comments, one `p sp N M` line, `a U V W` arcs.
parsed_edges parse_dimacs(const input_bytes& in, const std::string& file,
                          const progress_fn& progress = {});

// graphring binary format (see grb.hpp); the arrays point into `in` (no copy).
graph parse_grb(const input_bytes& in, const std::string& file);

}  // namespace graphring::io

// The text readers (Matrix Market, edge lists, DIMACS .gr) and the .grb binary reader. Each
// takes the file's bytes (see input_file.hpp) and throws graphring::error at FILE:LINE on bad
// input; none allocates from a header's word alone.
#pragma once

#include <cstdint>
#include <optional>
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

// One of `parts` pieces of a text graph file, for a program that reads a file in pieces, one per
// process (graphring-dist): each piece reads the header; the edge lines after it are cut at line
// starts into `parts` byte ranges of about equal size (text_scan.hpp's piece_begin), and piece
// `index` parses its range with the checks and messages, at the file's lines, of the whole-file
// reader. What needs every piece (the declared count, label compaction, duplicates) is the
// caller's: check_declared_count words the first as the whole-file readers do.
struct edges_piece {
  buffer<std::int64_t> src, dst;  // 0-based row and column (Matrix Market), or labels (edge lists)
  buffer<double> weights;         // one per edge, none for a pattern graph; a Matrix Market value
                                  // as its declared type stores it
  bool weighted = false;
  // A symmetric or skew-symmetric Matrix Market file's mirrors (column, row) of this piece's
  // off-diagonal entries, with their values (negated for skew-symmetric): the whole-file reader
  // adds them after all the file's entries.
  buffer<std::int64_t> mirror_src, mirror_dst;
  buffer<double> mirror_weights;
  bool mirrored = false;
  std::uint64_t vertices = 0;  // Matrix Market: the size line's; edge lists: 0 (labels to compact)
  std::optional<std::uint64_t> declared;  // the size line's entry count, or an edge count line
  std::uint64_t declared_line = 0;        // that line
  std::string format;                     // as parse_matrix_market or parse_edge_list names it
};

// A Matrix Market file's piece; its matrix must be square. An array (dense) file is all piece 0's.
edges_piece parse_matrix_market_piece(const input_bytes& in, const std::string& file,
                                      std::uint64_t index, std::uint64_t parts);

// An edge list's piece (no extra vertices: an LDBC .e with its .v is read whole).
edges_piece parse_edge_list_piece(const input_bytes& in, const std::string& file,
                                  bool require_weights, std::uint64_t index, std::uint64_t parts);

// Throws the whole-file reader's error when the pieces' edges together (`held`, mirrors left out)
// differ from the count the file declares.
void check_declared_count(const edges_piece& piece, std::uint64_t held, const std::string& file);

// error_kind::bad_input unless a graph's matrix is square.
void require_square(std::uint64_t rows, std::uint64_t columns, const std::string& file);

// graphring binary format (see grb.hpp); the arrays point into `in` (no copy).
graph parse_grb(const input_bytes& in, const std::string& file);

}  // namespace graphring::io

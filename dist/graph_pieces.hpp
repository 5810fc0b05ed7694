// A text graph file read in pieces, one per process, so that no process parses or holds the whole
// graph: each maps the file and parses its 1/P of the edge lines (engine/io/readers.hpp's
// pieces), then the processes agree on the vertices (an edge list's labels, merged across them;
// a Matrix Market file's size line) and send every arc to the process whose part of the vertices
// holds its row, which builds its rows as graphring's build would: duplicates kept, or of each
// (row, column) the first arc with --symmetrize, self-loops dropped with --drop-self-loops, and a
// Matrix Market file's duplicate entry refused at its line.
#pragma once

#include <string>

#include "dist/process_grid.hpp"
#include "engine/builder.hpp"
#include "engine/csr.hpp"
#include "engine/io/load.hpp"
#include "engine/io/readers.hpp"
#include "engine/labels.hpp"

namespace graphring::dist {

// This process's rows of a graph read in pieces.
struct graph_rows {
  vertex_labels labels;
  bool symmetric = false;  // A = Aᵀ is known (a symmetric Matrix Market file, --symmetrize)
  // Rows part(n) of A: part(n).length rows of n columns, ascending in each row; weights as
  // double, or none for a pattern graph.
  csr_matrix rows;
};

// Whether graphring-dist reads a file of this format in pieces: a Matrix Market file or an edge
// list (weighted or not) that is mapped (not gzip, not a stream). Other inputs are read whole by
// every process.
bool read_in_pieces(input_format format, const io::input_bytes& in);

// This process's piece of the file. Local: a failure names the file's line.
io::edges_piece read_piece(const process_grid& procs, input_format format,
                           const io::input_bytes& in, const std::string& file);

// Collective: every process's piece becomes its rows. The errors every process reaches together
// (a declared count that differs, too many vertices) are thrown by all; a duplicate Matrix Market
// entry, found where its row lands, is thrown by that process alone after the last collective
// step, for the caller to agree on.
graph_rows rows_from_pieces(const process_grid& procs, io::edges_piece piece,
                            const build_options& options, const io::input_bytes& in,
                            const std::string& file);

}  // namespace graphring::dist

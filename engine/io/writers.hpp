// Writers: Matrix Market (.mtx), edge lists (.el, .wel) and .grb, each optionally gzipped
// (name ending in .gz, except .grb). Every writer goes through atomic_output: a failure leaves
// any previous file at the path untouched.
#pragma once

#include <cstdint>
#include <string>

#include "engine/formats/any_format.hpp"
#include "engine/graph.hpp"
#include "engine/io/progress.hpp"

namespace graphring::io {

// Matrix Market coordinate general. Indices are 1-based internal ids + 1, which are the labels
// when the graph came from a Matrix Market or DIMACS file; other labels are renumbered 1..n in
// ascending order (a comment in the file says so). A graph with parallel edges is refused
// (error_kind::usage, before the file is made): the format holds each entry once.
void write_matrix_market(const graph& g, const std::string& path, const progress_fn& progress = {});

// `source destination [weight]` per line, with the graph's own labels. Vertices without edges
// are not representable in an edge list and are left out: returns how many. A graph without
// edges (whose edge list could not be read back) and an unweighted graph as .wel are usage
// errors.
std::uint64_t write_edge_list(const graph& g, const std::string& path,
                              const progress_fn& progress = {});

// LDBC Graphalytics: NAME.e holds the edges as an edge list, NAME.v every vertex, one per line,
// so that vertices without edges stay (the .v is written first).
void write_ldbc(const graph& g, const std::string& path, const progress_fn& progress = {});

void write_grb(const graph& g, const std::string& path);
// A compressed .grb (version 2): A, and Aᵀ unless g is symmetric, in `kind` (cci, dtans or svb;
// other kinds are a usage error). A graph read from such a file is written without building a CSR
// when the kind is its own.
void write_compressed_grb(graph& g, const std::string& path, format_kind kind);

// Picks the writer from the file name: .mtx, .el/.txt/.wel, .e (+ .v), .grb (each but .grb may
// end .gz). Returns the number of vertices the format could not hold (only an edge list leaves
// any out).
std::uint64_t write_graph(const graph& g, const std::string& path,
                          const progress_fn& progress = {});

}  // namespace graphring::io

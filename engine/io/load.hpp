// Loading a graph: from a file of any supported format (chosen by extension, or by content when
// the extension says nothing), or from a generator name such as "rmat:20" (see generators.hpp).
#pragma once

#include <string>

#include "engine/builder.hpp"
#include "engine/graph.hpp"
#include "engine/io/input_file.hpp"
#include "engine/io/progress.hpp"

namespace graphring {

struct load_options {
  build_options build;   // symmetrize, drop self-loops, duplicate policy
  progress_fn progress;  // called during long loads
  // The format when the name does not say it (standard input, a FIFO, another extension): one
  // of input_formats, with or without its dot. Empty: by the name's extension.
  std::string format;
};

// What `format` may name, and what each is.
inline constexpr const char* input_formats_text =
    ".mtx/.mm (Matrix Market), .el/.txt/.tsv/.edges (edge list), .wel (weighted edge list), "
    ".e (LDBC edges, a .v beside it), .gr (DIMACS), .grb (graphring binary); all but .grb may "
    "end .gz";

enum class input_format { matrix_market, edge_list, weighted_edge_list, ldbc_edges, dimacs, grb };

// The format load_graph reads `path` as, from the first bytes of `in`, else `format` (an
// --input-format value; error_kind::usage when it names none), else the name, as below.
input_format detect_input_format(const std::string& path, const std::string& format,
                                 const io::input_bytes& in);

// Formats: .mtx, .el/.txt (edge list), .wel (weighted edge list), .e (LDBC edge list; a .v
// file beside it adds its vertices), .gr (DIMACS), .grb; each but .grb optionally .gz. A Matrix
// Market or .grb file is known by its first bytes whatever its name. A name without an extension
// (a FIFO, /dev/stdin) or "-" (standard input) is read by content: DIMACS when it starts with a
// DIMACS line, else an edge list. Another extension is an error naming the formats, unless
// options.format says which it is.
// A Matrix Market file with duplicate entries is an error unless options.build.duplicates says
// how to merge them.
graph load_graph(const std::string& source, const load_options& options = {});

// The same for a file whose bytes `in` were read already (io::read_input(source)).
graph load_graph(const std::string& source, io::input_bytes in, const load_options& options);

// The graph rebuilt with other build options (symmetrize, drop self-loops, merge duplicates).
graph rebuild(const graph& g, const build_options& options);

}  // namespace graphring

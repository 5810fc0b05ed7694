// Loading a graph: from a file of any supported format (chosen by extension, or by content when
// the extension says nothing), or from a generator name such as "rmat:20" (see generators.hpp).
#pragma once

#include <string>

#include "engine/builder.hpp"
#include "engine/graph.hpp"
#include "engine/io/progress.hpp"

namespace graphring {

struct load_options {
  build_options build;   // symmetrize, drop self-loops, duplicate policy
  progress_fn progress;  // called during long loads
};

// Formats: .mtx, .el/.txt (edge list), .wel (weighted edge list), .e (LDBC edge list; a .v
// file beside it adds its vertices), .gr (DIMACS), .grb; each but .grb optionally .gz.
// A Matrix Market file with duplicate entries is an error unless options.build.duplicates says
// how to merge them.
graph load_graph(const std::string& source, const load_options& options = {});

// The graph rebuilt with other build options (symmetrize, drop self-loops, merge duplicates).
graph rebuild(const graph& g, const build_options& options);

}  // namespace graphring

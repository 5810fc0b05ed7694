// Where the bundled default graph (datasets/soc-Epinions1.txt.gz) is: beside the source tree the
// program was built from, or installed under share/graphring, or named by GRAPHRING_DATASETS.
#pragma once

#include <string>

namespace graphring::cli {

// The path of the bundled default graph; throws error_kind::io when it cannot be found.
std::string default_graph();

}  // namespace graphring::cli

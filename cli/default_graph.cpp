// Finding the bundled default graph: GRAPHRING_DATASETS, beside the running program, in the
// source tree it was built from, or under the working directory.
#include "cli/default_graph.hpp"

#include <cstdlib>
#include <filesystem>
#include <vector>

#include "core/error.hpp"

namespace graphring::cli {

std::string default_graph() {
  namespace fs = std::filesystem;
  const std::string file = "soc-Epinions1.txt.gz";
  std::vector<fs::path> places;
  if (const char* dir = std::getenv("GRAPHRING_DATASETS")) places.emplace_back(dir);
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    places.push_back(exe.parent_path().parent_path() / "datasets");
    places.push_back(exe.parent_path().parent_path() / "share" / "graphring" / "datasets");
  }
#ifdef GRAPHRING_SOURCE_DATASETS
  places.emplace_back(GRAPHRING_SOURCE_DATASETS);
#endif
  places.emplace_back("datasets");
  for (const fs::path& dir : places)
    if (fs::exists(dir / file, ec)) return (dir / file).string();
  throw error(error_kind::io, "cannot find the bundled graph " + file +
                                  " (set GRAPHRING_DATASETS to the folder that holds it)");
}

}  // namespace graphring::cli

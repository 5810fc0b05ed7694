// `graphring semirings [--json]`: every semiring `spmv --semiring NAME` can run (the built-ins and
// any a program registered), with its output type and what it computes.
#include <cstdio>

#include "cli/commands/commands.hpp"
#include "cli/commands/run_stats.hpp"
#include "engine/registry/semiring_registry.hpp"

namespace graphring::cli {

int semirings_command(const std::vector<std::string>& raw) {
  const arguments args(raw, {{"--json"}, {}, 0, 0, "graphring semirings [--json]"});
  const semiring_registry& registry = semiring_registry::global();
  const bool json = args.flag("--json");
  if (json) std::printf("[");
  bool first = true;
  for (const std::string& name : registry.names()) {
    const semiring_entry& s = registry.find(name);
    const std::string type = s.value_type_name + (s.returns_vertex ? " (vertex ids)" : "");
    if (json) {
      std::printf(
          "%s\n  {\"name\": %s, \"output_type\": %s, \"returns_vertex\": %s, \"description\": %s}",
          first ? "" : ",", json_string(name).c_str(), json_string(s.value_type_name).c_str(),
          s.returns_vertex ? "true" : "false", json_string(s.description).c_str());
    } else {
      std::printf("%-24s %-22s %s\n", name.c_str(), type.c_str(), s.description.c_str());
    }
    first = false;
  }
  if (json) std::printf("\n]\n");
  return 0;
}

}  // namespace graphring::cli

// Progress reporting for long work (loading, converting). The library never prints: it calls a
// reporter the caller supplies; the CLI's reporter draws a line on a terminal.
#pragma once

#include <functional>
#include <string_view>

namespace graphring {

// Called with the current stage ("decompressing", "parsing", "building CSR", ...) and the
// fraction of that stage done, in [0, 1].
using progress_fn = std::function<void(std::string_view stage, double fraction)>;

inline void report(const progress_fn& progress, std::string_view stage, double fraction) {
  if (progress) progress(stage, fraction);
}

}  // namespace graphring

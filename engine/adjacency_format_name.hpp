// The name of a storage choice as the CLI's --stats and the bench's system names show it: "cci",
// "dtans+degree", "auto" (the format, then the vertex order when it is not the original).
#pragma once

#include <string>

#include "engine/formatted_matrix.hpp"

namespace graphring {

inline std::string adjacency_format_name(const adjacency_format& format) {
  std::string text(format.kind ? format_name(*format.kind) : "auto");
  if (format.order != vertex_order::original)
    text.append("+").append(vertex_order_name(format.order));
  return text;
}

}  // namespace graphring

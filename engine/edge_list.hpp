// A list of edges over compacted vertex ids 0..n-1, as the readers and generators produce it and
// the builder consumes it.
#pragma once

#include <cstdint>
#include <vector>

#include "core/buffer.hpp"
#include "engine/csr.hpp"
#include "engine/labels.hpp"
#include "engine/value_type.hpp"

namespace graphring {

struct edge_list {
  std::uint64_t nrows = 0;  // vertex count for a graph; rows and columns of a general matrix
  std::uint64_t ncols = 0;
  buffer<vertex_id> src;
  buffer<vertex_id> dst;
  value_vector weights;  // one per edge, or std::monostate
  vertex_labels labels;  // labels of the rows (and columns) 0..n-1

  std::uint64_t size() const noexcept { return src.size(); }
};

}  // namespace graphring

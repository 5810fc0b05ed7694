// Compacts arbitrary integer vertex labels to ids 0..n-1 in ascending label order. Dense
// non-negative labels use a direct table (one pass); others are sorted and looked up.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/buffer.hpp"
#include "engine/csr.hpp"
#include "engine/labels.hpp"

namespace graphring::io {

// Labels of the edges of one parsed chunk.
struct labeled_edges {
  buffer<std::int64_t> src, dst;
};

struct compacted_edges {
  buffer<vertex_id> src, dst;
  vertex_labels labels;
};

// `extra` lists vertices that must exist even without edges (an LDBC .v file). `file` names
// the input in a limit error (more than 2^32-1 distinct labels).
compacted_edges compact_labels(std::span<const labeled_edges> chunks,
                               std::span<const std::int64_t> extra, const std::string& file);

}  // namespace graphring::io

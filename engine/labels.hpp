// Original vertex labels. Internally vertices are compacted to 0..n-1; every output uses the
// input's own labels. Labels are kept in ascending order of internal id, so that "ascending id"
// outputs are ascending internal ids and a label is found by binary search. Two forms:
// an offset (label = id + offset: a Matrix Market file's 1-based indices) or an explicit array
// (an edge list's arbitrary integers, compacted).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "core/shared_array.hpp"
#include "engine/csr.hpp"

namespace graphring {

class vertex_labels {
 public:
  vertex_labels() = default;
  static vertex_labels with_offset(std::uint64_t count, std::int64_t offset) {
    vertex_labels l;
    l.count_ = count;
    l.offset_ = offset;
    return l;
  }
  // `labels` must be strictly ascending.
  static vertex_labels explicit_labels(shared_array<std::int64_t> labels) {
    vertex_labels l;
    l.count_ = labels.size();
    l.explicit_ = std::move(labels);
    return l;
  }

  std::uint64_t size() const noexcept { return count_; }
  bool is_offset() const noexcept { return explicit_.empty(); }
  std::int64_t offset() const noexcept { return offset_; }
  const shared_array<std::int64_t>& explicit_array() const noexcept { return explicit_; }

  std::int64_t label(vertex_id v) const noexcept {
    return explicit_.empty() ? std::int64_t(v) + offset_ : explicit_[v];
  }

  // Internal id of a label, or nothing when no vertex has it.
  std::optional<vertex_id> find(std::int64_t label) const noexcept {
    if (explicit_.empty()) {
      if (label < offset_ || std::uint64_t(label - offset_) >= count_) return std::nullopt;
      return vertex_id(label - offset_);
    }
    auto it = std::lower_bound(explicit_.begin(), explicit_.end(), label);
    if (it == explicit_.end() || *it != label) return std::nullopt;
    return vertex_id(it - explicit_.begin());
  }

  friend bool operator==(const vertex_labels& a, const vertex_labels& b) {
    if (a.count_ != b.count_) return false;
    for (std::uint64_t v = 0; v < a.count_; ++v)
      if (a.label(vertex_id(v)) != b.label(vertex_id(v))) return false;
    return true;
  }

 private:
  std::uint64_t count_ = 0;
  std::int64_t offset_ = 0;
  shared_array<std::int64_t> explicit_;
};

}  // namespace graphring

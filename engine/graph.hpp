// The Graph object: adjacency matrix A (CSR, row u holds the out-edges of u), the vertices'
// original labels, and cached derived data (transpose Aᵀ, in/out degrees, symmetry, self-loop
// count). Rule, after LAGraph: a cached property, if present, is valid. Basic accessors compute
// what is missing; the `cached_*` accessors take a const graph and throw error_kind::not_cached
// instead of doing heavy work. Computing caches is not thread-safe on one graph object.
// A graph read from a compressed .grb holds A and Aᵀ in a format and no CSR: adjacency() and
// transpose() decode theirs on first use, which the algorithms that run in the stored format
// (stored_adjacency()) never ask for. A graph asked to keep its formats (keep_formats) holds
// the formatted copies of A the algorithms make for it, by key, so that the next call in the same
// format reuses them: off by default, since each is a copy of A (and Aᵀ) in memory.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/buffer.hpp"
#include "engine/csr.hpp"
#include "engine/formats/any_format.hpp"
#include "engine/labels.hpp"

namespace graphring {

class graph {
 public:
  graph() = default;
  // A must be square; `labels` names its n vertices.
  graph(csr_matrix a, vertex_labels labels);
  // A held in a format (not CSR) and Aᵀ in the same format; `at` is `a` for a symmetric graph.
  graph(std::shared_ptr<const any_format> a, std::shared_ptr<const any_format> at,
        vertex_labels labels);

  std::uint64_t vertices() const noexcept { return labels_.size(); }
  edge_offset edges() const noexcept { return stored_a_ ? stored_a_->nvals() : a_.nnz(); }
  // A in CSR (decoded from the stored format on the first call; not thread-safe then).
  const csr_matrix& adjacency() const;
  const vertex_labels& labels() const noexcept { return labels_; }
  bool weighted() const noexcept {
    return stored_a_ ? stored_a_->values_type() != value_type::none : a_.has_values();
  }
  // A and Aᵀ in the format a compressed .grb holds them in; null for a graph held in CSR.
  const std::shared_ptr<const any_format>& stored_adjacency() const noexcept { return stored_a_; }
  const std::shared_ptr<const any_format>& stored_transpose() const noexcept { return stored_at_; }
  // Whether A's CSR is in memory: always for a graph built in CSR, for a stored one once decoded.
  bool holds_csr() const noexcept { return !stored_a_ || decoded_; }

  // Aᵀ: row v holds the in-edges of v.
  const csr_matrix& transpose();
  const csr_matrix& cached_transpose() const;

  const buffer<edge_offset>& out_degrees();
  const buffer<edge_offset>& in_degrees();
  const buffer<edge_offset>& cached_in_degrees() const;

  // A = Aᵀ, structure and values: known from the file (a .grb records it), else checked by
  // looking each entry's mirror up (no transpose is built). A symmetric graph's transpose() is A.
  bool symmetric();
  // Whether A = Aᵀ is known (set by a reader that recorded it, or by symmetric()): nullopt if not
  // yet checked.
  std::optional<bool> known_symmetric() const noexcept { return symmetric_; }
  void set_symmetric(bool symmetric) noexcept { symmetric_ = symmetric; }
  edge_offset self_loops();
  // Entries equal to their predecessor in the row (rows are sorted, so duplicates are adjacent).
  edge_offset duplicate_edges() const;

  // Formatted copies of A kept for later calls (algorithms/graph_matrices.hpp makes and reads
  // them; the graph holds them type-erased). Turning keeping off releases those held.
  void keep_formats(bool keep);
  // The copy kept under `key`, null if none (or not keeping).
  std::shared_ptr<const void> kept_format(const std::string& key) const;
  // Keeps `value` under `key` when keeping is on; else does nothing.
  void keep_format(const std::string& key, std::shared_ptr<const void> value) const;
  // The keys of the copies held, in order.
  std::vector<std::string> kept_format_keys() const;
  void release_formats() noexcept { kept_formats_.clear(); }

  // Optional bookkeeping about where the graph came from (file name, format), for `info`.
  std::string source;
  std::string source_format;

 private:
  mutable csr_matrix a_;  // empty until decoded when stored_a_ is set
  mutable bool decoded_ = false;
  std::shared_ptr<const any_format> stored_a_, stored_at_;
  vertex_labels labels_;
  std::optional<csr_matrix> at_;
  std::optional<buffer<edge_offset>> out_degrees_, in_degrees_;
  std::optional<bool> symmetric_;
  std::optional<edge_offset> self_loops_;
  bool keep_formats_ = false;
  mutable std::map<std::string, std::shared_ptr<const void>> kept_formats_;
};

// Throws error_kind::usage unless `label` names a vertex of g; returns its internal id.
vertex_id vertex_of(const graph& g, std::int64_t label);
vertex_id vertex_of(const vertex_labels& labels, std::int64_t label);

}  // namespace graphring

// Graph object: lazily computed, always-valid caches over an immutable adjacency matrix.
#include "engine/graph.hpp"

#include <algorithm>
#include <cstring>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "engine/csr_transpose.hpp"
#include "engine/formats/row_gather.hpp"

namespace graphring {

graph::graph(csr_matrix a, vertex_labels labels) : a_(std::move(a)), labels_(std::move(labels)) {
  if (a_.nrows != a_.ncols)
    throw error(error_kind::usage, "a graph needs a square adjacency matrix, not " +
                                       std::to_string(a_.nrows) + " x " + std::to_string(a_.ncols));
  if (labels_.size() != a_.nrows)
    throw error(error_kind::internal, "vertex label count differs from the vertex count");
}

graph::graph(std::shared_ptr<const any_format> a, std::shared_ptr<const any_format> at,
             vertex_labels labels)
    : stored_a_(std::move(a)), stored_at_(std::move(at)), labels_(std::move(labels)) {
  if (!stored_a_ || !stored_at_ || stored_a_->nrows() != stored_a_->ncols() ||
      stored_at_->nrows() != stored_a_->nrows() || stored_at_->ncols() != stored_a_->ncols() ||
      stored_at_->nvals() != stored_a_->nvals())
    throw error(error_kind::internal, "a stored graph needs A and Aᵀ square and alike");
  if (labels_.size() != stored_a_->nrows())
    throw error(error_kind::internal, "vertex label count differs from the vertex count");
  // The writer stores Aᵀ apart exactly when A is not symmetric.
  symmetric_ = stored_at_ == stored_a_;
}

const csr_matrix& graph::adjacency() const {
  if (stored_a_ && !decoded_) {
    a_ = stored_a_->to_csr();
    decoded_ = true;
  }
  return a_;
}

const csr_matrix& graph::transpose() {
  if (!at_) {
    if ((stored_at_ == stored_a_ && stored_a_) || symmetric_.value_or(false))
      at_ = adjacency();
    else
      at_ = stored_at_ ? stored_at_->to_csr() : graphring::transpose(a_);
  }
  return *at_;
}

const csr_matrix& graph::cached_transpose() const {
  if (!at_) throw error(error_kind::not_cached, "the transpose of this graph is not cached");
  return *at_;
}

const buffer<edge_offset>& graph::out_degrees() {
  if (!out_degrees_) {
    const csr_matrix& a = adjacency();
    buffer<edge_offset> d(a.nrows);
#pragma omp parallel for schedule(static) if (a.nrows > kernels::min_parallel_work)
    for (std::int64_t v = 0; v < std::int64_t(a.nrows); ++v) d[v] = a.row_length(v);
    out_degrees_ = std::move(d);
  }
  return *out_degrees_;
}

const buffer<edge_offset>& graph::in_degrees() {
  if (!in_degrees_) {
    const csr_matrix& at = transpose();
    buffer<edge_offset> d(at.nrows);
#pragma omp parallel for schedule(static) if (at.nrows > kernels::min_parallel_work)
    for (std::int64_t v = 0; v < std::int64_t(at.nrows); ++v) d[v] = at.row_length(v);
    in_degrees_ = std::move(d);
  }
  return *in_degrees_;
}

const buffer<edge_offset>& graph::cached_in_degrees() const {
  if (!in_degrees_) throw error(error_kind::not_cached, "in-degrees of this graph are not cached");
  return *in_degrees_;
}

namespace {

bool same_values(const value_array& x, const value_array& y) {
  if (x.index() != y.index()) return false;
  return std::visit(
      [&](const auto& xv) {
        using V = std::decay_t<decltype(xv)>;
        if constexpr (std::is_same_v<V, std::monostate>) {
          return true;
        } else {
          const auto& yv = std::get<V>(y);
          return xv.size() == yv.size() &&
                 std::memcmp(xv.data(), yv.data(), xv.size() * sizeof(*xv.data())) == 0;
        }
      },
      x);
}

}  // namespace

bool graph::symmetric() {
  if (!symmetric_ && at_) {
    const csr_matrix& a = adjacency();
    symmetric_ = std::equal(a.offsets.begin(), a.offsets.end(), at_->offsets.begin()) &&
                 std::equal(a.cols.begin(), a.cols.end(), at_->cols.begin()) &&
                 same_values(a.values, at_->values);
  }
  if (!symmetric_) symmetric_ = is_symmetric(adjacency());
  return *symmetric_;
}

edge_offset graph::self_loops() {
  if (!self_loops_) {
    const csr_matrix& a = adjacency();
    edge_offset loops = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : loops) \
    if (a.nnz() + a.nrows > kernels::min_parallel_work)
    for (std::int64_t v = 0; v < std::int64_t(a.nrows); ++v) {
      const vertex_id* first = a.cols.data() + a.row_begin(v);
      const vertex_id* last = a.cols.data() + a.row_end(v);
      auto range = std::equal_range(first, last, vertex_id(v));
      loops += range.second - range.first;
    }
    self_loops_ = loops;
  }
  return *self_loops_;
}

void graph::keep_formats(bool keep) {
  keep_formats_ = keep;
  if (!keep) release_formats();
}

std::shared_ptr<const void> graph::kept_format(const std::string& key) const {
  const auto found = kept_formats_.find(key);
  return found == kept_formats_.end() ? nullptr : found->second;
}

void graph::keep_format(const std::string& key, std::shared_ptr<const void> value) const {
  if (keep_formats_) kept_formats_[key] = std::move(value);
}

std::vector<std::string> graph::kept_format_keys() const {
  std::vector<std::string> keys;
  for (const auto& kept : kept_formats_) keys.push_back(kept.first);
  return keys;
}

edge_offset graph::duplicate_edges() const {
  // A graph kept compressed is read a block of rows at a time rather than decoded whole.
  if (!holds_csr() && gathers_rows(stored_a_->kind())) return repeated_entries(*stored_a_);
  const csr_matrix& a = adjacency();
  edge_offset duplicates = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : duplicates) \
    if (a.nnz() + a.nrows > kernels::min_parallel_work)
  for (std::int64_t v = 0; v < std::int64_t(a.nrows); ++v)
    for (edge_offset i = a.row_begin(v) + 1; i < a.row_end(v); ++i)
      duplicates += a.cols[i] == a.cols[i - 1];
  return duplicates;
}

vertex_id vertex_of(const graph& g, std::int64_t label) { return vertex_of(g.labels(), label); }

vertex_id vertex_of(const vertex_labels& labels, std::int64_t label) {
  auto v = labels.find(label);
  if (!v) throw error(error_kind::usage, "no vertex has the id " + std::to_string(label));
  return *v;
}

}  // namespace graphring

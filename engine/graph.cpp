// Graph object: lazily computed, always-valid caches over an immutable adjacency matrix.
#include "engine/graph.hpp"

#include <algorithm>
#include <cstring>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "engine/csr_transpose.hpp"

namespace graphring {

graph::graph(csr_matrix a, vertex_labels labels) : a_(std::move(a)), labels_(std::move(labels)) {
  if (a_.nrows != a_.ncols)
    throw error(error_kind::usage, "a graph needs a square adjacency matrix, not " +
                                       std::to_string(a_.nrows) + " x " + std::to_string(a_.ncols));
  if (labels_.size() != a_.nrows)
    throw error(error_kind::internal, "vertex label count differs from the vertex count");
}

const csr_matrix& graph::transpose() {
  if (!at_) at_ = graphring::transpose(a_);
  return *at_;
}

const csr_matrix& graph::cached_transpose() const {
  if (!at_) throw error(error_kind::not_cached, "the transpose of this graph is not cached");
  return *at_;
}

const buffer<edge_offset>& graph::out_degrees() {
  if (!out_degrees_) {
    buffer<edge_offset> d(a_.nrows);
#pragma omp parallel for schedule(static) if (a_.nrows > kernels::min_parallel_work)
    for (std::int64_t v = 0; v < std::int64_t(a_.nrows); ++v) d[v] = a_.row_length(v);
    out_degrees_ = std::move(d);
  }
  return *out_degrees_;
}

const buffer<edge_offset>& graph::in_degrees() {
  if (!in_degrees_) {
    const csr_matrix& at = transpose();
    buffer<edge_offset> d(at.nrows);
#pragma omp parallel for schedule(static) if (a_.nrows > kernels::min_parallel_work)
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
  if (!symmetric_) {
    const csr_matrix& at = transpose();
    symmetric_ = std::equal(a_.offsets.begin(), a_.offsets.end(), at.offsets.begin()) &&
                 std::equal(a_.cols.begin(), a_.cols.end(), at.cols.begin()) &&
                 same_values(a_.values, at.values);
  }
  return *symmetric_;
}

edge_offset graph::self_loops() {
  if (!self_loops_) {
    edge_offset loops = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : loops) \
    if (a_.nnz() + a_.nrows > kernels::min_parallel_work)
    for (std::int64_t v = 0; v < std::int64_t(a_.nrows); ++v) {
      const vertex_id* first = a_.cols.data() + a_.row_begin(v);
      const vertex_id* last = a_.cols.data() + a_.row_end(v);
      auto range = std::equal_range(first, last, vertex_id(v));
      loops += range.second - range.first;
    }
    self_loops_ = loops;
  }
  return *self_loops_;
}

edge_offset graph::duplicate_edges() const {
  edge_offset duplicates = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : duplicates) \
    if (a_.nnz() + a_.nrows > kernels::min_parallel_work)
  for (std::int64_t v = 0; v < std::int64_t(a_.nrows); ++v)
    for (edge_offset i = a_.row_begin(v) + 1; i < a_.row_end(v); ++i)
      duplicates += a_.cols[i] == a_.cols[i - 1];
  return duplicates;
}

vertex_id vertex_of(const graph& g, std::int64_t label) {
  auto v = g.labels().find(label);
  if (!v) throw error(error_kind::usage, "no vertex has the id " + std::to_string(label));
  return *v;
}

}  // namespace graphring

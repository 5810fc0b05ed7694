// Degree and reverse Cuthill-McKee orders, and the symmetric relabelling of a CSR matrix.
#include "engine/formats/reorder.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "engine/csr_transpose.hpp"
#include "engine/formats/format_support.hpp"

namespace graphring {
namespace {

void check_square(const csr_matrix& a) {
  if (a.nrows != a.ncols)
    throw error(error_kind::usage, "vertex reordering needs a square matrix (got " +
                                       std::to_string(a.nrows) + " x " + std::to_string(a.ncols) +
                                       ")");
}

// Entries of row v of A plus those of column v (A ∪ Aᵀ counted with repeats).
buffer<edge_offset> total_degrees(const csr_matrix& a) {
  buffer<edge_offset> d(a.nrows);
  for (std::uint64_t v = 0; v < a.nrows; ++v) d[v] = a.row_length(v);
  for (edge_offset k = 0; k < a.nnz(); ++k) ++d[a.cols[k]];
  return d;
}

buffer<vertex_id> ranks_of(const std::vector<vertex_id>& sequence) {
  buffer<vertex_id> rank(sequence.size());
  for (std::size_t p = 0; p < sequence.size(); ++p) rank[sequence[p]] = vertex_id(p);
  return rank;
}

}  // namespace

vertex_order parse_vertex_order(std::string_view name) {
  if (name == "original") return vertex_order::original;
  if (name == "degree") return vertex_order::degree;
  if (name == "rcm") return vertex_order::rcm;
  throw error(error_kind::usage,
              "unknown vertex order '" + std::string(name) + "'; valid: original|degree|rcm");
}

std::string_view vertex_order_name(vertex_order order) noexcept {
  constexpr std::string_view names[] = {"original", "degree", "rcm"};
  return names[static_cast<int>(order)];
}

buffer<vertex_id> order_ranks(const csr_matrix& a, vertex_order order) {
  check_square(a);
  const std::uint64_t n = a.nrows;
  std::vector<vertex_id> sequence(n);
  std::iota(sequence.begin(), sequence.end(), vertex_id(0));
  if (order == vertex_order::original) return ranks_of(sequence);
  const buffer<edge_offset> degree = total_degrees(a);
  if (order == vertex_order::degree) {
    std::stable_sort(sequence.begin(), sequence.end(),
                     [&](vertex_id x, vertex_id y) { return degree[x] > degree[y]; });
    return ranks_of(sequence);
  }
  // Reverse Cuthill-McKee over A ∪ Aᵀ.
  const csr_matrix at = transpose(a);
  std::vector<vertex_id> by_degree = sequence;
  std::stable_sort(by_degree.begin(), by_degree.end(),
                   [&](vertex_id x, vertex_id y) { return degree[x] < degree[y]; });
  std::vector<std::uint8_t> seen(n, 0);
  std::vector<vertex_id> visit;
  visit.reserve(n);
  std::vector<vertex_id> next;
  for (vertex_id start : by_degree) {
    if (seen[start]) continue;
    seen[start] = 1;
    std::size_t head = visit.size();
    visit.push_back(start);
    while (head < visit.size()) {
      const vertex_id v = visit[head++];
      next.clear();
      for (const csr_matrix* m : {&a, &at})
        for (edge_offset k = m->row_begin(v); k < m->row_end(v); ++k) {
          const vertex_id u = m->cols[k];
          if (!seen[u]) {
            seen[u] = 1;
            next.push_back(u);
          }
        }
      std::stable_sort(next.begin(), next.end(),
                       [&](vertex_id x, vertex_id y) { return degree[x] < degree[y]; });
      visit.insert(visit.end(), next.begin(), next.end());
    }
  }
  std::reverse(visit.begin(), visit.end());
  return ranks_of(visit);
}

csr_matrix permuted(const csr_matrix& a, const vertex_id* rank) {
  check_square(a);
  const std::uint64_t n = a.nrows;
  buffer<vertex_id> old_of(n);
  for (std::uint64_t v = 0; v < n; ++v) old_of[rank[v]] = vertex_id(v);
  buffer<edge_offset> lengths(n);
  for (std::uint64_t r = 0; r < n; ++r) lengths[r] = a.row_length(old_of[r]);
  csr_matrix p;
  p.nrows = p.ncols = n;
  p.offsets = formats::offsets_from_lengths(lengths);
  buffer<vertex_id> cols(a.nnz());
  buffer<std::uint64_t> source(a.nnz());  // the old position of each new entry
#pragma omp parallel
  {
    std::vector<std::pair<vertex_id, edge_offset>> row;
#pragma omp for schedule(dynamic, 256)
    for (std::int64_t r = 0; r < std::int64_t(n); ++r) {
      const vertex_id old = old_of[r];
      row.clear();
      for (edge_offset k = a.row_begin(old); k < a.row_end(old); ++k)
        row.push_back({rank[a.cols[k]], k});
      std::stable_sort(row.begin(), row.end(),
                       [](const auto& x, const auto& y) { return x.first < y.first; });
      edge_offset at = p.offsets[std::uint64_t(r)];
      for (const auto& [c, k] : row) {
        cols[at] = c;
        source[at++] = k;
      }
    }
  }
  p.cols = shared_array<vertex_id>(std::move(cols));
  p.values = a.has_values() ? formats::gather_values(a.values, source) : value_array{};
  return p;
}

}  // namespace graphring

// Parallel CSR construction: count -> prefix sum -> scatter -> sort each row -> merge duplicates.
#include "engine/builder.hpp"

#include <algorithm>
#include <atomic>
#include <span>
#include <type_traits>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "core/prefix_sum.hpp"

namespace graphring {
namespace {

// The edges to place, seen as (row, column, weight) triples; with symmetrize every edge e also
// stands for its reverse. An "arc" is 2e for the edge as given and 2e+1 for its reverse.
template <class T>
struct arc_source {
  std::span<const vertex_id> src, dst;
  const T* weights;  // nullptr for a pattern matrix
  bool symmetrize, drop_self_loops;

  bool present(std::uint64_t arc) const {
    const std::uint64_t e = arc >> 1;
    if (drop_self_loops && src[e] == dst[e]) return false;
    if ((arc & 1) && (!symmetrize || src[e] == dst[e])) return false;
    return true;
  }
  vertex_id row(std::uint64_t arc) const { return (arc & 1) ? dst[arc >> 1] : src[arc >> 1]; }
  vertex_id col(std::uint64_t arc) const { return (arc & 1) ? src[arc >> 1] : dst[arc >> 1]; }
};

// An integer sum wraps modulo 2^bits, as GraphBLAS's integer plus does (a signed overflow would
// be undefined behaviour).
template <class T>
void merge_weight(T& kept, T incoming, duplicate_policy policy) {
  if (policy == duplicate_policy::min) kept = std::min(kept, incoming);
  if (policy != duplicate_policy::sum) return;
  if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    using U = std::make_unsigned_t<T>;
    kept = T(U(U(kept) + U(incoming)));
  } else {
    kept = T(kept + incoming);
  }
}

// How a scattered arc is stored while its row is sorted. Packed: (column << 32 | arc), which
// sorts by (column, arc) as a plain integer; possible while arc numbers fit in 32 bits. Wide: the
// arc number alone, its column looked up from the edge arrays.
template <class T, bool Packed>
struct arc_key {
  const arc_source<T>& in;
  std::uint64_t make(std::uint64_t arc) const {
    return Packed ? (std::uint64_t(in.col(arc)) << 32) | arc : arc;
  }
  std::uint64_t arc(std::uint64_t key) const { return Packed ? key & 0xffffffffu : key; }
  vertex_id col(std::uint64_t key) const { return Packed ? vertex_id(key >> 32) : in.col(key); }
  bool less(std::uint64_t x, std::uint64_t y) const {
    if constexpr (Packed) return x < y;
    const vertex_id cx = in.col(x), cy = in.col(y);
    return cx != cy ? cx < cy : x < y;
  }
};

// T is the weight type, or std::monostate for a pattern matrix.
template <class T, bool Packed>
csr_matrix build(std::uint64_t nrows, std::uint64_t ncols, const arc_source<T>& in,
                 duplicate_policy policy) {
  constexpr bool weighted = !std::is_same_v<T, std::monostate>;
  const arc_key<T, Packed> key{in};
  const std::int64_t narcs = std::int64_t(in.src.size()) * 2;
  const bool parallel = std::uint64_t(narcs) + nrows > kernels::min_parallel_work;

  // 1. count the arcs of every row
  buffer<edge_offset> offsets(nrows + 1, 0);
#pragma omp parallel for schedule(static) if (parallel)
  for (std::int64_t a = 0; a < narcs; ++a)
    if (in.present(a))
      std::atomic_ref<edge_offset>(offsets[in.row(a)]).fetch_add(1, std::memory_order_relaxed);

  // 2. prefix sum gives each row its place
  const edge_offset total = kernels::exclusive_prefix_sum(offsets.data(), nrows);
  offsets[nrows] = total;

  // 3. scatter arcs into their rows (order within a row is arbitrary here)
  buffer<std::uint64_t> keys(total);
  {
    buffer<edge_offset> cursor(offsets.begin(), offsets.end() - 1);
#pragma omp parallel for schedule(static) if (parallel)
    for (std::int64_t a = 0; a < narcs; ++a)
      if (in.present(a)) {
        auto slot = std::atomic_ref<edge_offset>(cursor[in.row(a)]);
        keys[slot.fetch_add(1, std::memory_order_relaxed)] = key.make(a);
      }
  }

  // 4. sort every row by (column, arc): deterministic, and keeps the input order among
  //    duplicates; then count what each row keeps after merging duplicates
  buffer<edge_offset> kept(nrows + 1, 0);
#pragma omp parallel for schedule(dynamic, 512) if (parallel)
  for (std::int64_t r = 0; r < std::int64_t(nrows); ++r) {
    auto first = keys.begin() + offsets[r], last = keys.begin() + offsets[r + 1];
    if (!std::is_sorted(first, last, [&](auto x, auto y) { return key.less(x, y); }))
      std::sort(first, last, [&](auto x, auto y) { return key.less(x, y); });
    edge_offset count = last - first;
    if (policy != duplicate_policy::keep)
      for (auto it = first; it != last && it + 1 != last; ++it)
        if (key.col(*it) == key.col(*(it + 1))) --count;
    kept[r] = count;
  }
  const edge_offset nnz = kernels::exclusive_prefix_sum(kept.data(), nrows);
  kept[nrows] = nnz;

  // 5. write columns and values, merging duplicates
  buffer<vertex_id> cols(nnz);
  buffer<std::conditional_t<weighted, T, char>> values(weighted ? nnz : 0);
#pragma omp parallel for schedule(dynamic, 512) if (parallel)
  for (std::int64_t r = 0; r < std::int64_t(nrows); ++r) {
    edge_offset out = kept[r];
    for (edge_offset i = offsets[r]; i < offsets[r + 1]; ++i) {
      const bool duplicate = policy != duplicate_policy::keep && i > offsets[r] &&
                             key.col(keys[i - 1]) == key.col(keys[i]);
      if (duplicate) {
        if constexpr (weighted)
          merge_weight(values[out - 1], in.weights[key.arc(keys[i]) >> 1], policy);
        continue;
      }
      cols[out] = key.col(keys[i]);
      if constexpr (weighted) values[out] = in.weights[key.arc(keys[i]) >> 1];
      ++out;
    }
  }

  csr_matrix m;
  m.nrows = nrows;
  m.ncols = ncols;
  m.offsets = shared_array<edge_offset>(nnz == total ? std::move(offsets) : std::move(kept));
  m.cols = shared_array<vertex_id>(std::move(cols));
  if constexpr (weighted) m.values = shared_array<T>(std::move(values));
  return m;
}

template <class T>
csr_matrix build_any(std::uint64_t nrows, std::uint64_t ncols, std::span<const vertex_id> src,
                     std::span<const vertex_id> dst, const T* weights, const build_options& o,
                     bool force_wide_keys = false) {
  if (o.symmetrize && nrows != ncols)
    throw error(error_kind::usage, "cannot symmetrize a " + std::to_string(nrows) + " x " +
                                       std::to_string(ncols) + " matrix: it is not square");
  duplicate_policy policy = o.duplicates;
  if (o.symmetrize && policy == duplicate_policy::keep) policy = duplicate_policy::first;
  arc_source<T> in{src, dst, weights, o.symmetrize, o.drop_self_loops};
  const bool arcs_fit_32_bits = !force_wide_keys && src.size() * 2 <= (std::uint64_t(1) << 32);
  return arcs_fit_32_bits ? build<T, true>(nrows, ncols, in, policy)
                          : build<T, false>(nrows, ncols, in, policy);
}

csr_matrix build_from_edges(const edge_list& edges, const build_options& options, bool wide_keys) {
  if (edges.src.size() != edges.dst.size())
    throw error(error_kind::internal, "edge list has unequal source and destination counts");
  bool in_range = true;
#pragma omp parallel for schedule(static) reduction(&& : in_range) \
    if (edges.src.size() > kernels::min_parallel_work)
  for (std::int64_t k = 0; k < std::int64_t(edges.src.size()); ++k)
    in_range = in_range && edges.src[k] < edges.nrows && edges.dst[k] < edges.ncols;
  if (!in_range)
    throw error(error_kind::usage, "an edge names a vertex outside the edge list's size");
  return std::visit(
      [&](const auto& w) {
        using W = std::decay_t<decltype(w)>;
        if constexpr (std::is_same_v<W, std::monostate>) {
          return build_any<std::monostate>(edges.nrows, edges.ncols, edges.src, edges.dst, nullptr,
                                           options, wide_keys);
        } else {
          if (w.size() != edges.src.size())
            throw error(error_kind::internal, "edge list has a weight count unequal to its edges");
          return build_any(edges.nrows, edges.ncols, edges.src, edges.dst, w.data(), options,
                           wide_keys);
        }
      },
      edges.weights);
}

}  // namespace

csr_matrix build_csr(const edge_list& edges, const build_options& options) {
  return build_from_edges(edges, options, false);
}

csr_matrix detail::build_csr_wide_keys(const edge_list& edges, const build_options& options) {
  return build_from_edges(edges, options, true);
}

buffer<vertex_id> row_ids(const csr_matrix& a) {
  buffer<vertex_id> rows(a.nnz());
#pragma omp parallel for schedule(dynamic, 1024) if (a.nnz() + a.nrows > kernels::min_parallel_work)
  for (std::int64_t r = 0; r < std::int64_t(a.nrows); ++r)
    std::fill(rows.begin() + a.offsets[r], rows.begin() + a.offsets[r + 1], vertex_id(r));
  return rows;
}

}  // namespace graphring

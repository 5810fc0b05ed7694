// A graph's Aᵀ as CombBLAS's 2-D distributed sparse matrix: process (r, c) of the √P x √P grid
// holds the block of rows R_r and columns C_c of Aᵀ, that is the edges k -> j of A with k in C_c
// and j in R_r. Each process reads them from A's own rows k in C_c alone (a memory-mapped .grb
// pages in only those rows), finds the columns in R_r by binary search in the sorted row, and
// builds its block locally: no process sends edges to another.
#pragma once

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <vector>

#include "dist/combblas_semiring.hpp"
#include "dist/process_grid.hpp"
#include "engine/csr.hpp"

namespace graphring::dist {

// A process's block: CSC, whose sparse products CombBLAS runs through its bucketed dense
// accumulator (SpMXSpV_Bucket), or doubly compressed DCSC, which its dense products need.
template <class T>
using csc_block = combblas::SpCCols<std::int64_t, T>;
template <class T>
using dcsc_block = combblas::SpDCCols<std::int64_t, T>;

template <class T, class Block = csc_block<T>>
using distributed_matrix = combblas::SpParMat<std::int64_t, T, Block>;

// What a block holds: A's edges, or A's and their reverses (the undirected graph).
enum class edge_directions { as_stored, both };

// Given as transpose_blocks' `combine`: parallel edges stay separate entries, each multiplied and
// added on its own, as in the single-machine engine's products.
struct keep_parallel_edges {};

// Aᵀ's blocks with entry value(k, j, p) for the edge k -> j at position p of A's CSR (and
// value(j, k, p) for its reverse when `directions` is both); duplicate entries (parallel edges, or
// an edge and its reverse) are combined by `combine`.
template <class T, class Block = csc_block<T>, class Value, class Combine>
distributed_matrix<T, Block> transpose_blocks(const process_grid& procs, const csr_matrix& a,
                                              edge_directions directions, Value value,
                                              Combine combine) {
  const std::uint64_t n = a.nrows;
  const local_part rows = procs.block_rows(n), columns = procs.block_columns(n);
  std::vector<std::tuple<std::int64_t, std::int64_t, T>> entries;
  // Every edge from a vertex in `from` to a vertex in `to`, as (to - to.offset, from - ...).
  const auto collect = [&](local_part from, local_part to, bool reversed) {
    for (std::uint64_t k = from.offset; k < from.offset + from.length; ++k) {
      const vertex_id* begin = a.cols.data() + a.row_begin(k);
      const vertex_id* end = a.cols.data() + a.row_end(k);
      const vertex_id* p = std::lower_bound(begin, end, vertex_id(to.offset));
      for (; p != end && *p < to.offset + to.length; ++p) {
        const auto position = edge_offset(p - a.cols.data());
        const std::uint64_t j = *p;
        if (!reversed)  // Aᵀ(j, k): row j in `rows`, column k in `columns`
          entries.emplace_back(std::int64_t(j - rows.offset), std::int64_t(k - columns.offset),
                               value(k, j, position));
        else  // the reverse edge j -> k: Aᵀ(k, j), row k in `rows`, column j in `columns`
          entries.emplace_back(std::int64_t(k - rows.offset), std::int64_t(j - columns.offset),
                               value(j, k, position));
      }
    }
  };
  collect(columns, rows, false);
  if (directions == edge_directions::both) collect(rows, columns, true);

  // Sorted by (column, row), as CombBLAS's column-major blocks want them: A's own edges come in
  // that order already (its rows k are Aᵀ's columns, each with ascending j); the reverses do not.
  const auto column_major = [](const auto& x, const auto& y) {
    return std::tie(std::get<1>(x), std::get<0>(x)) < std::tie(std::get<1>(y), std::get<0>(y));
  };
  if (!std::is_sorted(entries.begin(), entries.end(), column_major))
    std::sort(entries.begin(), entries.end(), column_major);
  std::size_t kept = entries.size();
  if constexpr (!std::is_same_v<Combine, keep_parallel_edges>) {
    kept = 0;
    for (std::size_t e = 0; e < entries.size(); ++e) {
      if (kept > 0 && std::get<0>(entries[kept - 1]) == std::get<0>(entries[e]) &&
          std::get<1>(entries[kept - 1]) == std::get<1>(entries[e]))
        std::get<2>(entries[kept - 1]) =
            combine(std::get<2>(entries[kept - 1]), std::get<2>(entries[e]));
      else
        entries[kept++] = entries[e];
    }
  }
  auto* tuples = new std::tuple<std::int64_t, std::int64_t, T>[kept];  // SpTuples deletes them
  std::copy(entries.begin(), entries.begin() + std::ptrdiff_t(kept), tuples);
  entries = {};
  combblas::SpTuples<std::int64_t, T> block(std::int64_t(kept), std::int64_t(rows.length),
                                            std::int64_t(columns.length), tuples,
                                            /*sorted=*/true);
  return distributed_matrix<T, Block>(new Block(block, false), procs.grid());
}

// A's weights as double, one per entry of its CSR: 1 for a pattern graph.
std::vector<double> edge_weights(const csr_matrix& a);

// Aᵀ for the products of the semiring S: A's weights as S's b_type (with each entry's column j
// for a positional multiply), parallel edges kept apart.
template <class S>
distributed_matrix<matrix_entry_t<S>> weighted_transpose(const process_grid& procs,
                                                         const csr_matrix& a) {
  using B = typename S::b_type;
  const std::vector<double> weight = edge_weights(a);
  return transpose_blocks<matrix_entry_t<S>>(
      procs, a, edge_directions::as_stored,
      [&](std::uint64_t, std::uint64_t j, edge_offset p) {
        if constexpr (S::positional)
          return matrix_entry_t<S>{static_cast<B>(weight[p]), j};
        else
          return static_cast<B>(weight[p]);
      },
      keep_parallel_edges{});
}

}  // namespace graphring::dist

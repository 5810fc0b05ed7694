// A graph's Aᵀ as CombBLAS's 2-D distributed sparse matrix: process (r, c) of the √P x √P grid
// holds the block of rows R_r and columns C_c of Aᵀ, that is the edges k -> j of A with k in C_c
// and j in R_r.
#pragma once

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/error.hpp"
#include "dist/combblas_semiring.hpp"
#include "dist/local_edges.hpp"
#include "dist/process_grid.hpp"

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

// Aᵀ's blocks with entry value(k, j, weight) for the arc k -> j (and value(j, k, weight) for its
// reverse when `directions` is both). Each process sends every entry its share of the arcs gives
// (local_edges.hpp) to the process whose block holds it, in one all-to-all exchange, and builds
// its block from what it receives: where the arcs still hold duplicates (a generated graph), the
// first arc of each (row, column), as graphring's build keeps it. Other parallel edges, and an
// edge of a symmetric A with its reverse, stay separate entries, each multiplied and added on its
// own, as in the single-machine engine's products.
template <class T, class Block = csc_block<T>, class Value>
distributed_matrix<T, Block> transpose_blocks(const process_grid& procs, const local_edges& edges,
                                              edge_directions directions, Value value) {
  static_assert(std::is_same_v<Block, csc_block<T>> || std::is_same_v<Block, dcsc_block<T>>);
  struct entry {
    vertex_id row, column;  // of Aᵀ
    T value;
    std::uint64_t arc;  // the arc it came from, which decides between duplicates
  };
  const std::uint64_t n = edges.vertices();
  // Calls send(entry) for every entry of Aᵀ this process's arcs give.
  const auto each_entry = [&](auto send) {
    edges.for_each([&](std::uint64_t k, std::uint64_t j, double weight, std::uint64_t arc) {
      send(entry{vertex_id(j), vertex_id(k), value(k, j, weight), arc});  // Aᵀ(j, k)
      if (directions == edge_directions::both)                            // the reverse j -> k
        send(entry{vertex_id(k), vertex_id(j), value(j, k, weight), arc});
    });
  };
  std::vector<std::uint64_t> counts(std::size_t(procs.size()), 0);
  each_entry([&](const entry& x) { ++counts[std::size_t(procs.owner(x.row, x.column, n))]; });
  std::vector<std::uint64_t> starts(counts.size() + 1, 0);
  for (std::size_t r = 0; r < counts.size(); ++r) starts[r + 1] = starts[r] + counts[r];
  std::vector<entry> outgoing(starts.back());
  {
    std::vector<std::uint64_t> at(starts.begin(), starts.end() - 1);
    each_entry(
        [&](const entry& x) { outgoing[at[std::size_t(procs.owner(x.row, x.column, n))]++] = x; });
  }
  std::vector<entry> incoming = procs.exchange(outgoing, counts);
  outgoing = {};

  // Column-major, as CombBLAS's blocks hold them; of duplicates the first arc, when asked.
  bool sorted = false;
  if (edges.merges_duplicates()) {
    std::sort(incoming.begin(), incoming.end(), [](const entry& x, const entry& y) {
      return std::tie(x.column, x.row, x.arc) < std::tie(y.column, y.row, y.arc);
    });
    std::size_t kept = 0;
    for (std::size_t e = 0; e < incoming.size(); ++e)
      if (kept == 0 || incoming[kept - 1].row != incoming[e].row ||
          incoming[kept - 1].column != incoming[e].column)
        incoming[kept++] = incoming[e];
    incoming.resize(kept);
    sorted = true;
  }
  const local_part rows = procs.block_rows(n), columns = procs.block_columns(n);
  auto* tuples = new std::tuple<std::int64_t, std::int64_t, T>[incoming.size()];
  for (std::size_t e = 0; e < incoming.size(); ++e)
    tuples[e] = {std::int64_t(incoming[e].row - rows.offset),
                 std::int64_t(incoming[e].column - columns.offset), incoming[e].value};
  // SpTuples deletes the tuples. A CSC block sorts its columns itself; for a DCSC block SpTuples
  // sorts them column-major, unless they are already.
  combblas::SpTuples<std::int64_t, T> block(std::int64_t(incoming.size()),
                                            std::int64_t(rows.length), std::int64_t(columns.length),
                                            tuples, sorted || std::is_same_v<Block, csc_block<T>>);
  return distributed_matrix<T, Block>(new Block(block, false), procs.grid());
}

// Aᵀ for the products of the semiring S: A's weights as S's b_type (with each entry's column j
// for a positional multiply).
template <class S>
distributed_matrix<matrix_entry_t<S>> weighted_transpose(const process_grid& procs,
                                                         const local_edges& edges) {
  using B = typename S::b_type;
  return transpose_blocks<matrix_entry_t<S>>(procs, edges, edge_directions::as_stored,
                                             [](std::uint64_t, std::uint64_t j, double w) {
                                               if constexpr (S::positional)
                                                 return matrix_entry_t<S>{static_cast<B>(w), j};
                                               else
                                                 return static_cast<B>(w);
                                             });
}

}  // namespace graphring::dist

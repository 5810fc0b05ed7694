// A graph's Aᵀ as CombBLAS's 2-D distributed sparse matrix: process (r, c) of the √P x √P grid
// holds the block of rows R_r and columns C_c of Aᵀ, that is the edges k -> j of A with k in C_c
// and j in R_r.
#pragma once

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>
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
namespace detail {

// An entry of Aᵀ on its way to its block; with the arc it came from where duplicates are merged.
template <class T>
struct block_entry {
  vertex_id row, column;
  T value;
};
template <class T>
struct arc_entry {
  vertex_id row, column;
  T value;
  std::uint64_t arc;
};

// Sends every entry make(row, column, k, j, weight, arc) of Aᵀ that this process's arcs give to
// the process whose block holds it; returns the entries this process receives.
template <class Entry, class Make>
std::vector<Entry> entries_to_owners(const process_grid& procs, const local_edges& edges,
                                     edge_directions directions, Make make) {
  const std::uint64_t n = edges.vertices();
  const auto each_entry = [&](auto send) {
    edges.for_each([&](std::uint64_t k, std::uint64_t j, double weight, std::uint64_t arc) {
      send(make(j, k, k, j, weight, arc));  // Aᵀ(j, k) for the edge k -> j
      if (directions == edge_directions::both) send(make(k, j, j, k, weight, arc));  // j -> k
    });
  };
  std::vector<std::uint64_t> counts(std::size_t(procs.size()), 0);
  each_entry([&](const Entry& x) { ++counts[std::size_t(procs.owner(x.row, x.column, n))]; });
  std::vector<std::uint64_t> at(counts.size() + 1, 0);
  for (std::size_t r = 0; r < counts.size(); ++r) at[r + 1] = at[r] + counts[r];
  std::vector<Entry> outgoing(at.back());
  each_entry(
      [&](const Entry& x) { outgoing[at[std::size_t(procs.owner(x.row, x.column, n))]++] = x; });
  return procs.exchange(std::move(outgoing), counts);
}

}  // namespace detail

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
  const std::uint64_t n = edges.vertices();
  const local_part rows = procs.block_rows(n), columns = procs.block_columns(n);
  using tuple = std::tuple<std::int64_t, std::int64_t, T>;
  tuple* tuples = nullptr;  // SpTuples deletes them
  std::size_t count = 0;
  const auto to_tuples = [&](const auto& entries, std::size_t size) {
    tuples = new tuple[size];
    for (std::size_t e = 0; e < size; ++e)
      tuples[e] = {std::int64_t(entries[e].row - rows.offset),
                   std::int64_t(entries[e].column - columns.offset), entries[e].value};
    count = size;
  };
  bool sorted = std::is_same_v<Block, csc_block<T>>;  // a CSC block sorts its columns itself
  if (edges.merges_duplicates()) {
    std::vector<detail::arc_entry<T>> in = detail::entries_to_owners<detail::arc_entry<T>>(
        procs, edges, directions,
        [&](std::uint64_t row, std::uint64_t column, std::uint64_t k, std::uint64_t j, double w,
            std::uint64_t arc) {
          return detail::arc_entry<T>{vertex_id(row), vertex_id(column), value(k, j, w), arc};
        });
    // Column-major, as CombBLAS's blocks hold them, and of duplicates the first arc.
    std::sort(in.begin(), in.end(), [](const auto& x, const auto& y) {
      return std::tie(x.column, x.row, x.arc) < std::tie(y.column, y.row, y.arc);
    });
    std::size_t kept = 0;
    for (std::size_t e = 0; e < in.size(); ++e)
      if (kept == 0 || in[kept - 1].row != in[e].row || in[kept - 1].column != in[e].column)
        in[kept++] = in[e];
    to_tuples(in, kept);
    sorted = true;
  } else {
    const std::vector<detail::block_entry<T>> in =
        detail::entries_to_owners<detail::block_entry<T>>(
            procs, edges, directions,
            [&](std::uint64_t row, std::uint64_t column, std::uint64_t k, std::uint64_t j, double w,
                std::uint64_t) {
              return detail::block_entry<T>{vertex_id(row), vertex_id(column), value(k, j, w)};
            });
    to_tuples(in, in.size());
  }
  // For a DCSC block, SpTuples sorts the tuples column-major unless they are already.
  combblas::SpTuples<std::int64_t, T> block(std::int64_t(count), std::int64_t(rows.length),
                                            std::int64_t(columns.length), tuples, sorted);
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

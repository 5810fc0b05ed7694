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
#include <variant>
#include <vector>

#include "core/error.hpp"
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

// Aᵀ's blocks with entry value(k, j, p) for the edge k -> j at position p of A's CSR (and
// value(j, k, p) for its reverse when `directions` is both). Parallel edges, and an edge of a
// symmetric A with its reverse, stay separate entries, each multiplied and added on its own, as in
// the single-machine engine's products. A CSC block sorts its columns itself; a DCSC block takes
// A's edges alone, which arrive in its column-major order (A's rows k are Aᵀ's columns).
template <class T, class Block = csc_block<T>, class Value>
distributed_matrix<T, Block> transpose_blocks(const process_grid& procs, const csr_matrix& a,
                                              edge_directions directions, Value value) {
  static_assert(std::is_same_v<Block, csc_block<T>> || std::is_same_v<Block, dcsc_block<T>>);
  const std::uint64_t n = a.nrows;
  const local_part rows = procs.block_rows(n), columns = procs.block_columns(n);
  if (std::is_same_v<Block, dcsc_block<T>> && directions == edge_directions::both)
    throw error(error_kind::internal, "a DCSC block of A and its reverse would need a sort");
  // Calls emit(row, column, k, j, p) for every edge k -> j with k in `from` and j in `to`.
  const auto edges = [&](local_part from, local_part to, auto emit) {
    for (std::uint64_t k = from.offset; k < from.offset + from.length; ++k) {
      const vertex_id* begin = a.cols.data() + a.row_begin(k);
      const vertex_id* end = a.cols.data() + a.row_end(k);
      for (const vertex_id* p = std::lower_bound(begin, end, vertex_id(to.offset));
           p != end && *p < to.offset + to.length; ++p)
        emit(k, std::uint64_t(*p), edge_offset(p - a.cols.data()));
    }
  };
  // Aᵀ(j, k) for A's edge k -> j: row j in `rows`, column k in `columns`; for the reverse j -> k
  // of an edge k -> j with k in `rows` and j in `columns`, Aᵀ(k, j).
  std::int64_t count = 0;
  const auto tally = [&](std::uint64_t, std::uint64_t, edge_offset) { ++count; };
  edges(columns, rows, tally);
  if (directions == edge_directions::both) edges(rows, columns, tally);
  auto* tuples = new std::tuple<std::int64_t, std::int64_t, T>[std::size_t(count)];
  std::int64_t at = 0;
  edges(columns, rows, [&](std::uint64_t k, std::uint64_t j, edge_offset p) {
    tuples[at++] = {std::int64_t(j - rows.offset), std::int64_t(k - columns.offset),
                    value(k, j, p)};
  });
  if (directions == edge_directions::both)
    edges(rows, columns, [&](std::uint64_t k, std::uint64_t j, edge_offset p) {
      tuples[at++] = {std::int64_t(k - rows.offset), std::int64_t(j - columns.offset),
                      value(j, k, p)};
    });
  // SpTuples deletes the tuples.
  combblas::SpTuples<std::int64_t, T> block(count, std::int64_t(rows.length),
                                            std::int64_t(columns.length), tuples,
                                            /*sorted=*/true);
  return distributed_matrix<T, Block>(new Block(block, false), procs.grid());
}

// A's weight at position p of its CSR as double (1 for a pattern graph), read in place.
class edge_weights {
 public:
  explicit edge_weights(const csr_matrix& a) : values_(&a.values) {}
  double operator()(edge_offset p) const {
    return std::visit(
        [p](const auto& values) {
          if constexpr (std::is_same_v<std::decay_t<decltype(values)>, std::monostate>)
            return 1.0;
          else
            return double(values[p]);
        },
        *values_);
  }

 private:
  const value_array* values_;
};

// Aᵀ for the products of the semiring S: A's weights as S's b_type (with each entry's column j
// for a positional multiply).
template <class S>
distributed_matrix<matrix_entry_t<S>> weighted_transpose(const process_grid& procs,
                                                         const csr_matrix& a) {
  using B = typename S::b_type;
  const edge_weights weight(a);
  return transpose_blocks<matrix_entry_t<S>>(
      procs, a, edge_directions::as_stored, [&](std::uint64_t, std::uint64_t j, edge_offset p) {
        if constexpr (S::positional)
          return matrix_entry_t<S>{static_cast<B>(weight(p)), j};
        else
          return static_cast<B>(weight(p));
      });
}

}  // namespace graphring::dist

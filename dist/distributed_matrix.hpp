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
// value(j, k, p) for its reverse when `directions` is both). Each process reads A's rows of its
// own vector part (n/P rows: a memory-mapped .grb pages in m/P edges a process), sends every entry
// to the process whose block holds it (one all-to-all exchange), and builds its block from what
// it receives. Parallel edges, and an edge of a symmetric A with its reverse, stay separate
// entries, each multiplied and added on its own, as in the single-machine engine's products.
template <class T, class Block = csc_block<T>, class Value>
distributed_matrix<T, Block> transpose_blocks(const process_grid& procs, const csr_matrix& a,
                                              edge_directions directions, Value value) {
  static_assert(std::is_same_v<Block, csc_block<T>> || std::is_same_v<Block, dcsc_block<T>>);
  struct entry {
    vertex_id row, column;  // of Aᵀ
    T value;
  };
  const std::uint64_t n = a.nrows;
  const local_part mine = procs.part(n);
  // Calls send(row, column, value) for every entry of Aᵀ that this process's rows of A give.
  const auto each_entry = [&](auto send) {
    for (std::uint64_t k = mine.offset; k < mine.offset + mine.length; ++k)
      for (edge_offset p = a.row_begin(k); p < a.row_end(k); ++p) {
        const std::uint64_t j = a.cols[p];
        send(j, k, value(k, j, p));  // Aᵀ(j, k) for the edge k -> j
        if (directions == edge_directions::both) send(k, j, value(j, k, p));  // its reverse
      }
  };
  std::vector<std::uint64_t> counts(std::size_t(procs.size()), 0);
  each_entry([&](std::uint64_t row, std::uint64_t column, const T&) {
    ++counts[std::size_t(procs.owner(row, column, n))];
  });
  std::vector<std::uint64_t> starts(counts.size() + 1, 0);
  for (std::size_t r = 0; r < counts.size(); ++r) starts[r + 1] = starts[r] + counts[r];
  std::vector<entry> outgoing(starts.back());
  {
    std::vector<std::uint64_t> at(starts.begin(), starts.end() - 1);
    each_entry([&](std::uint64_t row, std::uint64_t column, const T& x) {
      outgoing[at[std::size_t(procs.owner(row, column, n))]++] = {vertex_id(row), vertex_id(column),
                                                                  x};
    });
  }
  const std::vector<entry> incoming = procs.exchange(outgoing, counts);
  outgoing = {};

  const local_part rows = procs.block_rows(n), columns = procs.block_columns(n);
  auto* tuples = new std::tuple<std::int64_t, std::int64_t, T>[incoming.size()];
  for (std::size_t e = 0; e < incoming.size(); ++e)
    tuples[e] = {std::int64_t(incoming[e].row - rows.offset),
                 std::int64_t(incoming[e].column - columns.offset), incoming[e].value};
  // SpTuples deletes the tuples. A CSC block sorts its columns itself; for a DCSC block SpTuples
  // sorts them column-major first.
  combblas::SpTuples<std::int64_t, T> block(std::int64_t(incoming.size()),
                                            std::int64_t(rows.length), std::int64_t(columns.length),
                                            tuples, /*sorted=*/std::is_same_v<Block, csc_block<T>>);
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

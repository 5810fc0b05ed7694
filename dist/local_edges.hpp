// A process's share of A's edges, as arcs k -> j with a weight and, where the graph's build is
// still to finish, an arc number. From one of three places:
// - a graph held whole (a memory-mapped .grb, or a file every process parsed): A's rows of the
//   process's vector part, about m/P edges;
// - a text file read in pieces (graph_pieces.hpp): the same rows, which this process alone holds;
// - an rmat:, kron: or urand: name: the process's m/P of the generator's edges, made on the
//   spot, each as its two arcs (edge k is arc 2k, its reverse arc 2k + 1; engine/generators.hpp),
//   self-loops left out. Duplicates remain: the blocks' owners keep each (row, column)'s first arc,
//   which is what graphring's build of the same name keeps, so the graph is the same as on one
//   machine.
#pragma once

#include <cstdint>
#include <type_traits>
#include <variant>

#include "dist/process_grid.hpp"
#include "engine/csr.hpp"
#include "engine/generators.hpp"
#include "engine/graph.hpp"

namespace graphring::dist {

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

class local_edges {
 public:
  // A's rows of this process's part of g's vertices.
  local_edges(const process_grid& procs, const graph& g)
      : n_(g.vertices()),
        part_(procs.part(n_)),
        a_(&g.adjacency()),
        symmetric_(g.known_symmetric().value_or(false)) {}
  // A's rows of this process's part, held alone: `rows` holds rows part(n) of n columns.
  local_edges(const process_grid& procs, const csr_matrix& rows, bool symmetric)
      : n_(rows.ncols),
        part_(procs.part(n_)),
        a_(&rows),
        first_row_(part_.offset),
        symmetric_(symmetric) {}
  // This process's share of the generator's edges, each with both its arcs.
  local_edges(const process_grid& procs, const edge_generator& make)
      : n_(make.vertices()), make_(&make), symmetric_(true) {
    const std::uint64_t m = make.edges(), p = std::uint64_t(procs.size()),
                        r = std::uint64_t(procs.rank());
    first_edge_ = m / p * r;
    end_edge_ = r + 1 == p ? m : m / p * (r + 1);
  }

  std::uint64_t vertices() const noexcept { return n_; }
  // Whether A = Aᵀ is known (a generated graph's is; a file's when its reader recorded it).
  bool symmetric() const noexcept { return symmetric_; }
  // Whether the blocks' owners must keep the first arc of each duplicate (row, column).
  bool merges_duplicates() const noexcept { return make_ != nullptr; }

  // Calls f(k, j, weight, arc) for every arc k -> j of this process's share (arc 0 from a graph).
  template <class F>
  void for_each(F f) const {
    if (a_) {
      const edge_weights weight(*a_);
      for (std::uint64_t k = part_.offset; k < part_.offset + part_.length; ++k)
        for (edge_offset p = a_->row_begin(k - first_row_); p < a_->row_end(k - first_row_); ++p)
          f(k, std::uint64_t(a_->cols[p]), weight(p), std::uint64_t(0));
      return;
    }
    for (std::uint64_t k = first_edge_; k < end_edge_; ++k) {
      const edge_generator::edge e = (*make_)(k);
      if (e.u == e.v) continue;  // self-loops are dropped
      f(std::uint64_t(e.u), std::uint64_t(e.v), double(e.weight), 2 * k);
      f(std::uint64_t(e.v), std::uint64_t(e.u), double(e.weight), 2 * k + 1);
    }
  }

 private:
  std::uint64_t n_ = 0;
  local_part part_;
  const csr_matrix* a_ = nullptr;
  std::uint64_t first_row_ = 0;  // the vertex a_'s row 0 is
  const edge_generator* make_ = nullptr;
  std::uint64_t first_edge_ = 0, end_edge_ = 0;
  bool symmetric_ = false;
};

}  // namespace graphring::dist

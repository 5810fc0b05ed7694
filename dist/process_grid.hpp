// The MPI processes as CombBLAS's square 2-D grid [1], and how a vector of n entries is split
// over them: process p holds the contiguous part [offset, offset + length) that CombBLAS's
// FullyDistVec gives it, so a vector's local part is a plain array here and a FullyDistVec there.
//
// [1] Buluç, Gilbert, "The Combinatorial BLAS: design, implementation, and applications", IJHPCA
//     25(4), 2011.
#pragma once

#include <CombBLAS/CombBLAS.h>
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/error.hpp"

namespace graphring::dist {

// A vector's part on one process: global ids offset .. offset + length - 1.
struct local_part {
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
};

class process_grid {
 public:
  // Every process of `world` as a √P x √P grid; error_kind::usage when P is not a square (CombBLAS
  // runs on square grids only), on every process alike.
  explicit process_grid(MPI_Comm world);

  int rank() const noexcept { return rank_; }
  int size() const noexcept { return size_; }
  bool root() const noexcept { return rank_ == 0; }
  const std::shared_ptr<combblas::CommGrid>& grid() const noexcept { return grid_; }
  MPI_Comm world() const noexcept { return world_; }

  // This process's part of a vector of n entries.
  local_part part(std::uint64_t n) const;
  // The rows and columns of an n x n matrix's block on this process.
  local_part block_rows(std::uint64_t n) const;
  local_part block_columns(std::uint64_t n) const;
  // The process whose block of an n x n matrix holds entry (row, column).
  int owner(std::uint64_t row, std::uint64_t column, std::uint64_t n) const;

  // The parts of every process, gathered on the root, concatenated in global order: the whole
  // vector there, an empty one elsewhere. T is copied as bytes.
  template <class T>
  std::vector<T> gather(const std::vector<T>& mine, std::uint64_t n) const;

  // Every process sends counts[r] items of `outgoing` (grouped by destination, in rank order) to
  // process r; returns what this process received, grouped by source. T is copied as bytes.
  // error_kind::limit, on every process, when one sends or receives over 2^31 items.
  // With one process, `outgoing` itself comes back.
  template <class T>
  std::vector<T> exchange(std::vector<T> outgoing, const std::vector<std::uint64_t>& counts) const;

  // Σ over the processes, on every process.
  double sum(double x) const;
  std::uint64_t sum(std::uint64_t x) const;

 private:
  MPI_Comm world_;
  int rank_ = 0, size_ = 1, side_ = 1;
  std::shared_ptr<combblas::CommGrid> grid_;
};

template <class T>
std::vector<T> process_grid::gather(const std::vector<T>& mine, std::uint64_t n) const {
  if (n > std::uint64_t(INT32_MAX))  // MPI's int offsets, on every process alike
    throw error(error_kind::limit, "graphring-dist gathers results of at most 2^31 - 1 vertices");
  const local_part p = part(n);
  const long long here[2] = {static_cast<long long>(p.offset), static_cast<long long>(mine.size())};
  std::vector<long long> all(root() ? 2 * std::size_t(size_) : 2);
  MPI_Gather(here, 2, MPI_LONG_LONG, all.data(), 2, MPI_LONG_LONG, 0, world_);
  std::vector<T> whole(root() ? n : 0);
  std::vector<int> counts(size_), displacements(size_);
  if (root())
    for (int r = 0; r < size_; ++r) {
      displacements[r] = static_cast<int>(all[2 * r]);
      counts[r] = static_cast<int>(all[2 * r + 1]);
    }
  MPI_Datatype
      item;  // counts and offsets in items, as exchange's: n < 2^31 (vertex ids are 32-bit)
  MPI_Type_contiguous(int(sizeof(T)), MPI_BYTE, &item);
  MPI_Type_commit(&item);
  MPI_Gatherv(mine.data(), static_cast<int>(mine.size()), item, whole.data(), counts.data(),
              displacements.data(), item, 0, world_);
  MPI_Type_free(&item);
  return whole;
}

template <class T>
std::vector<T> process_grid::exchange(std::vector<T> outgoing,
                                      const std::vector<std::uint64_t>& counts) const {
  if (size_ == 1) return outgoing;
  std::vector<std::uint64_t> incoming_counts(counts.size());
  MPI_Alltoall(counts.data(), 1, MPI_UINT64_T, incoming_counts.data(), 1, MPI_UINT64_T, world_);
  std::vector<int> send_count(counts.size()), send_at(counts.size()), receive_count(counts.size()),
      receive_at(counts.size());
  std::uint64_t sent = 0, received = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    send_count[r] = int(counts[r]);
    send_at[r] = int(sent);
    receive_count[r] = int(incoming_counts[r]);
    receive_at[r] = int(received);
    sent += counts[r];
    received += incoming_counts[r];
  }
  // Counts and offsets are ints of items: every process checks the largest total, so all refuse
  // alike.
  std::uint64_t largest = std::max(sent, received);
  MPI_Allreduce(MPI_IN_PLACE, &largest, 1, MPI_UINT64_T, MPI_MAX, world_);
  if (largest > std::uint64_t(INT32_MAX))
    throw error(error_kind::limit,
                "a process's share of the graph is over 2^31 entries, more than one MPI exchange "
                "carries: run on more processes");
  MPI_Datatype item;
  MPI_Type_contiguous(int(sizeof(T)), MPI_BYTE, &item);
  MPI_Type_commit(&item);
  std::vector<T> incoming(received);
  MPI_Alltoallv(outgoing.data(), send_count.data(), send_at.data(), item, incoming.data(),
                receive_count.data(), receive_at.data(), item, world_);
  MPI_Type_free(&item);
  outgoing = {};
  return incoming;
}

}  // namespace graphring::dist

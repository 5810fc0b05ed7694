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
  // The process whose part of a vector of n entries holds entry v.
  int vertex_owner(std::uint64_t v, std::uint64_t n) const;

  // The parts of every process, gathered on the root, concatenated in global order: the whole
  // vector there, an empty one elsewhere. T is copied as bytes.
  template <class T>
  std::vector<T> gather(const std::vector<T>& mine, std::uint64_t n) const;

  // Every process's `mine`, concatenated in rank order, on every process. T is copied as bytes.
  // error_kind::limit, on every process, over 2^31 - 1 items in all.
  template <class T>
  std::vector<T> all_gather(const std::vector<T>& mine) const;

  // Every process sends counts[r] items of `outgoing` (grouped by destination, in rank order) to
  // process r; returns what this process received, grouped by source. T is copied as bytes.
  // One MPI_Alltoallv while every process sends and receives at most `most` items (MPI's int
  // counts and offsets), else messages of at most `most` items between every two processes.
  // With one process, `outgoing` itself comes back.
  template <class T>
  std::vector<T> exchange(std::vector<T> outgoing, const std::vector<std::uint64_t>& counts,
                          std::uint64_t most = INT32_MAX) const;

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
std::vector<T> process_grid::all_gather(const std::vector<T>& mine) const {
  std::vector<long long> sizes(std::size_t(size_), 0);
  const long long size = static_cast<long long>(mine.size());
  MPI_Allgather(&size, 1, MPI_LONG_LONG, sizes.data(), 1, MPI_LONG_LONG, world_);
  std::vector<int> counts(static_cast<std::size_t>(size_)),
      displacements(static_cast<std::size_t>(size_));
  long long total = 0;
  for (std::size_t r = 0; r < sizes.size(); ++r) {
    displacements[r] = static_cast<int>(std::min<long long>(total, INT32_MAX));
    counts[r] = static_cast<int>(std::min<long long>(sizes[r], INT32_MAX));
    total += sizes[r];
  }
  if (total > INT32_MAX)  // MPI's int counts and offsets, on every process alike
    throw error(error_kind::limit,
                "graphring-dist gathers at most 2^31 - 1 items on every process");
  MPI_Datatype item;
  MPI_Type_contiguous(int(sizeof(T)), MPI_BYTE, &item);
  MPI_Type_commit(&item);
  std::vector<T> all(static_cast<std::size_t>(total));
  MPI_Allgatherv(mine.data(), static_cast<int>(mine.size()), item, all.data(), counts.data(),
                 displacements.data(), item, world_);
  MPI_Type_free(&item);
  return all;
}

template <class T>
std::vector<T> process_grid::exchange(std::vector<T> outgoing,
                                      const std::vector<std::uint64_t>& counts,
                                      std::uint64_t most) const {
  if (size_ == 1) return outgoing;
  std::vector<std::uint64_t> incoming_counts(counts.size());
  MPI_Alltoall(counts.data(), 1, MPI_UINT64_T, incoming_counts.data(), 1, MPI_UINT64_T, world_);
  std::vector<std::uint64_t> send_at(counts.size() + 1, 0), receive_at(counts.size() + 1, 0);
  for (std::size_t r = 0; r < counts.size(); ++r) {
    send_at[r + 1] = send_at[r] + counts[r];
    receive_at[r + 1] = receive_at[r] + incoming_counts[r];
  }
  // Every process checks the largest total, so all take the same way.
  std::uint64_t largest = std::max(send_at.back(), receive_at.back());
  MPI_Allreduce(MPI_IN_PLACE, &largest, 1, MPI_UINT64_T, MPI_MAX, world_);
  MPI_Datatype item;
  MPI_Type_contiguous(int(sizeof(T)), MPI_BYTE, &item);
  MPI_Type_commit(&item);
  std::vector<T> incoming(receive_at.back());
  if (largest <= most) {
    const auto ints = [](const std::vector<std::uint64_t>& x, std::size_t n) {
      return std::vector<int>(x.begin(), x.begin() + std::ptrdiff_t(n));
    };
    const std::vector<int> send_count = ints(counts, counts.size()),
                           receive_count = ints(incoming_counts, counts.size());
    const std::vector<int> send_offset = ints(send_at, counts.size()),
                           receive_offset = ints(receive_at, counts.size());
    MPI_Alltoallv(outgoing.data(), send_count.data(), send_offset.data(), item, incoming.data(),
                  receive_count.data(), receive_offset.data(), item, world_);
  } else {
    std::vector<MPI_Request> requests;
    const auto each_message = [&](std::uint64_t at, std::uint64_t count, auto post) {
      for (std::uint64_t done = 0; done < count; done += most)
        post(at + done, int(std::min(most, count - done)));
    };
    for (int r = 0; r < size_; ++r)
      each_message(receive_at[r], incoming_counts[r], [&](std::uint64_t at, int n) {
        MPI_Irecv(incoming.data() + at, n, item, r, 0, world_, &requests.emplace_back());
      });
    for (int r = 0; r < size_; ++r)
      each_message(send_at[r], counts[r], [&](std::uint64_t at, int n) {
        MPI_Isend(outgoing.data() + at, n, item, r, 0, world_, &requests.emplace_back());
      });
    MPI_Waitall(int(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
  }
  MPI_Type_free(&item);
  outgoing = {};
  return incoming;
}

}  // namespace graphring::dist

// The bytes this process hands to MPI for other processes, counted through MPI's profiling
// interface (PMPI: graphring-dist defines the MPI calls CombBLAS makes and forwards each to its
// PMPI_ twin, MPI-3.1 §14.2). The count is the payload's logical volume, not what a particular
// MPI library's algorithms put on the wire:
//   Send, Isend, Sendrecv           count × size, when the peer is another process
//   Alltoall(v)                     what it sends to each other process
//   Allgather(v)                    its piece × (processes - 1): every other process receives it
//   Bcast, Scatter(v)               at the root, what the others receive; elsewhere 0
//   Reduce, Gather(v)               off the root, its vector; at the root 0
//   Allreduce                       its vector, when there are other processes
// Self-communication is not counted.
#pragma once

#include <cstdint>

namespace graphring::dist {

struct communication_volume {
  std::uint64_t bytes = 0;
  std::uint64_t calls = 0;  // communicating calls with another process
};

// This process's count since the program started.
communication_volume communicated();

}  // namespace graphring::dist

#include "dist/communication_volume.hpp"

#include <mpi.h>

namespace graphring::dist {
namespace {

communication_volume counted;

std::uint64_t bytes_of(int count, MPI_Datatype type) {
  int size = 0;
  PMPI_Type_size(type, &size);
  return std::uint64_t(count > 0 ? count : 0) * std::uint64_t(size > 0 ? size : 0);
}

int processes(MPI_Comm comm) {
  int size = 1;
  PMPI_Comm_size(comm, &size);
  return size;
}

int me(MPI_Comm comm) {
  int rank = 0;
  PMPI_Comm_rank(comm, &rank);
  return rank;
}

void count(std::uint64_t bytes, bool with_others) {
  if (!with_others) return;
  counted.bytes += bytes;
  ++counted.calls;
}

}  // namespace

communication_volume communicated() { return counted; }

}  // namespace graphring::dist

using graphring::dist::bytes_of;
using graphring::dist::count;
using graphring::dist::me;
using graphring::dist::processes;

extern "C" {

int MPI_Send(const void* buf, int n, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  count(bytes_of(n, type), dest != me(comm));
  return PMPI_Send(buf, n, type, dest, tag, comm);
}

int MPI_Isend(const void* buf, int n, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
              MPI_Request* request) {
  count(bytes_of(n, type), dest != me(comm));
  return PMPI_Isend(buf, n, type, dest, tag, comm, request);
}

int MPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void* recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status* status) {
  count(bytes_of(sendcount, sendtype), dest != me(comm));
  return PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype,
                       source, recvtag, comm, status);
}

int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  const int p = processes(comm);
  count(bytes_of(sendcount, sendtype) * std::uint64_t(p - 1), p > 1);
  return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[],
                  MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int rdispls[],
                  MPI_Datatype recvtype, MPI_Comm comm) {
  const int p = processes(comm), self = me(comm);
  std::uint64_t bytes = 0;
  if (sendbuf != MPI_IN_PLACE)
    for (int i = 0; i < p; ++i)
      if (i != self) bytes += bytes_of(sendcounts[i], sendtype);
  count(bytes, p > 1);
  return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                        recvtype, comm);
}

int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  const int p = processes(comm);
  const std::uint64_t piece =
      sendbuf == MPI_IN_PLACE ? bytes_of(recvcount, recvtype) : bytes_of(sendcount, sendtype);
  count(piece * std::uint64_t(p - 1), p > 1);
  return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                   MPI_Comm comm) {
  const int p = processes(comm);
  const std::uint64_t piece = sendbuf == MPI_IN_PLACE ? bytes_of(recvcounts[me(comm)], recvtype)
                                                      : bytes_of(sendcount, sendtype);
  count(piece * std::uint64_t(p - 1), p > 1);
  return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}

int MPI_Bcast(void* buffer, int n, MPI_Datatype type, int root, MPI_Comm comm) {
  const int p = processes(comm);
  count(bytes_of(n, type) * std::uint64_t(p - 1), p > 1 && root == me(comm));
  return PMPI_Bcast(buffer, n, type, root, comm);
}

int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[],
                 MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm) {
  const int p = processes(comm), self = me(comm);
  std::uint64_t bytes = 0;
  if (self == root)
    for (int i = 0; i < p; ++i)
      if (i != self) bytes += bytes_of(sendcounts[i], sendtype);
  count(bytes, p > 1 && self == root);
  return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                       comm);
}

int MPI_Reduce(const void* sendbuf, void* recvbuf, int n, MPI_Datatype type, MPI_Op op, int root,
               MPI_Comm comm) {
  count(bytes_of(n, type), processes(comm) > 1 && root != me(comm));
  return PMPI_Reduce(sendbuf, recvbuf, n, type, op, root, comm);
}

int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  count(bytes_of(sendcount, sendtype), processes(comm) > 1 && root != me(comm));
  return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                MPI_Comm comm) {
  count(bytes_of(sendcount, sendtype), processes(comm) > 1 && root != me(comm));
  return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root,
                      comm);
}

int MPI_Allreduce(const void* sendbuf, void* recvbuf, int n, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm) {
  count(bytes_of(n, type), processes(comm) > 1);
  return PMPI_Allreduce(sendbuf, recvbuf, n, type, op, comm);
}

}  // extern "C"

// w = u ⊕.⊗ A over any graphring semiring S, distributed: CombBLAS's sparse-matrix sparse-vector
// product (SpMSpV [1]) over the process grid, on Aᵀ's CSC blocks (distributed_matrix.hpp), with S
// adapted by combblas_semiring. Each process sums its block's products in a dense accumulator
// whose rows are split in buckets (SpMXSpV_Bucket, [1]), made once per matrix (vxm_accumulator). u
// and w hold plain a_type and c_type values; the index each of u's entries carries into the product
// is added here.
//
// [1] Azad, Buluç, "A work-efficient parallel sparse matrix-sparse vector multiplication
//     algorithm", IPDPS 2017.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "dist/combblas_semiring.hpp"
#include "dist/distributed_matrix.hpp"

namespace graphring::dist {

template <class T>
using sparse_vector = combblas::FullyDistSpVec<std::int64_t, T>;

// A sparse vector of n entries from this process's own entries: local indices (0 .. part
// length - 1), ascending, and their values. No process sends anything.
template <class T>
sparse_vector<T> local_entries(const process_grid& procs, std::uint64_t n,
                               const std::vector<std::int64_t>& indices,
                               const std::vector<T>& values) {
  sparse_vector<T> v(procs.grid(), std::int64_t(n));
  const std::uint64_t offset = procs.part(n).offset;
  for (std::size_t e = 0; e < indices.size(); ++e)
    v.SetElement(std::int64_t(offset) + indices[e], values[e]);  // appended: the owner is here
  return v;
}

// The dense accumulator of S's products over `at`, to be reused by every vxm over it: the
// block's rows in 4 buckets per thread, as CombBLAS advises (never more buckets than rows).
template <class S>
using vxm_accumulator = combblas::PreAllocatedSPA<typename S::c_type>;

template <class S>
vxm_accumulator<S> accumulator_for(distributed_matrix<matrix_entry_t<S>>& at) {
  const std::int64_t rows = at.seq().getnrow();
  const std::int64_t buckets = std::min<std::int64_t>(4 * omp_get_max_threads(), rows);
  return vxm_accumulator<S>(at.seq(), int(std::max<std::int64_t>(buckets, 1)));
}

template <class S>
sparse_vector<typename S::c_type> vxm(const process_grid& procs,
                                      const distributed_matrix<matrix_entry_t<S>>& at,
                                      sparse_vector<typename S::a_type>& u,
                                      vxm_accumulator<S>& accumulator) {
  const auto n = std::uint64_t(at.getncol());
  const std::uint64_t offset = procs.part(n).offset;
  const std::vector<std::int64_t> indices = u.GetLocalInd();
  const std::vector<typename S::a_type> values = u.GetLocalNum();
  std::vector<vector_entry_t<S>> with_index(values.size());
  for (std::size_t e = 0; e < values.size(); ++e)
    with_index[e] = {values[e], offset + std::uint64_t(indices[e])};
  sparse_vector<vector_entry_t<S>> x = local_entries(procs, n, indices, with_index);
  sparse_vector<typename S::c_type> w(procs.grid(), at.getnrow());
  combblas::SpMV<combblas_semiring<S>>(at, x, w, false, accumulator);
  return w;
}

}  // namespace graphring::dist

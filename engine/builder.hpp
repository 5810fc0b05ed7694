// Edge list -> CSR by parallel counting (count degrees -> prefix sum -> scatter, OpenMP), with
// options to symmetrize, drop self-loops and merge duplicate edges. Rows come out sorted by
// column; among equal columns the input order is kept, so the result does not depend on the
// number of threads.
#pragma once

#include "engine/csr.hpp"
#include "engine/edge_list.hpp"

namespace graphring {

enum class duplicate_policy {
  keep,   // store every edge, duplicates included
  first,  // keep the first occurrence (in input order) of each (row, column)
  min,    // keep the smallest weight
  sum,    // add the weights (integers wrap modulo 2^bits, as GraphBLAS's integer plus)
};

struct build_options {
  bool symmetrize = false;       // add (v, u) for every (u, v); merges duplicates (`first` if keep)
  bool drop_self_loops = false;  // drop every (v, v)
  duplicate_policy duplicates = duplicate_policy::keep;
};

csr_matrix build_csr(const edge_list& edges, const build_options& options = {});

// The row of every stored entry of A, in storage order (the row indices of A's COO form).
buffer<vertex_id> row_ids(const csr_matrix& a);

namespace detail {
// build_csr forced onto the path it takes for more than 2^31 edges (64-bit arc numbers sorted
// through the edge arrays), so that tests can check that path on small inputs.
csr_matrix build_csr_wide_keys(const edge_list& edges, const build_options& options);
}  // namespace detail

}  // namespace graphring

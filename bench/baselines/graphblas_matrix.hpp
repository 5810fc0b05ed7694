// graphring matrices and vectors as SuiteSparse:GraphBLAS objects: RAII handles, the value types
// mapped to GrB_Type, csr_matrix → GrB_Matrix (GxB_Matrix_import_CSR when the rows hold no
// duplicates, GrB_Matrix_build with a chosen dup operator otherwise; a pattern graph becomes an
// iso-valued matrix of 1), and a graph object that caches Aᵀ for pull steps, as LAGraph's Graph
// does. Building is a call of its own so that the harness can time it apart from the algorithms.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "bench/baselines/graphblas_session.hpp"
#include "engine/csr.hpp"

namespace graphring::baselines {

// Owns one GraphBLAS object and frees it with `Free`; move-only.
template <class Handle, GrB_Info (*Free)(Handle*)>
class grb_object {
 public:
  grb_object() = default;
  explicit grb_object(Handle h) noexcept : h_(h) {}
  grb_object(grb_object&& o) noexcept : h_(std::exchange(o.h_, nullptr)) {}
  grb_object& operator=(grb_object&& o) noexcept {
    if (this != &o) {
      reset();
      h_ = std::exchange(o.h_, nullptr);
    }
    return *this;
  }
  grb_object(const grb_object&) = delete;
  grb_object& operator=(const grb_object&) = delete;
  ~grb_object() { reset(); }

  Handle get() const noexcept { return h_; }
  Handle* out() noexcept {  // for GrB_*_new: frees what was held, hands out the slot
    reset();
    return &h_;
  }
  explicit operator bool() const noexcept { return h_ != nullptr; }
  void reset() noexcept {
    if (h_) Free(&h_);
    h_ = nullptr;
  }

 private:
  Handle h_ = nullptr;
};

using grb_matrix = grb_object<GrB_Matrix, GrB_Matrix_free>;
using grb_vector = grb_object<GrB_Vector, GrB_Vector_free>;
using grb_descriptor = grb_object<GrB_Descriptor, GrB_Descriptor_free>;

// The GrB_Type of a C++ value type: bool, the signed and unsigned 32/64-bit integers, float,
// double (a specialization per type; other types do not compile).
template <class T>
GrB_Type grb_type_of();

// How entries with equal (row, column) are merged, since a GrB_Matrix cannot hold duplicates.
enum class dup_policy { sum, min, max, first };

// A (n×m) as a GrB_Matrix of type `type` (GrB_BOOL … GrB_FP64), weights typecast; a pattern
// matrix becomes iso-valued 1. Stored by row.
grb_matrix to_grb_matrix(const csr_matrix& a, GrB_Type type, dup_policy dup = dup_policy::sum);

// Dimensions and entry count of a GraphBLAS matrix or vector.
std::uint64_t grb_nrows(GrB_Matrix a);
std::uint64_t grb_ncols(GrB_Matrix a);
std::uint64_t grb_nvals(GrB_Matrix a);
std::uint64_t grb_size(GrB_Vector v);
std::uint64_t grb_nvals(GrB_Vector v);

// Aᵀ as a new matrix, stored by row.
grb_matrix grb_transposed(GrB_Matrix a);

// An adjacency matrix A in GraphBLAS with the derived data that LAGraph caches on its Graph:
// Aᵀ and the out-degrees. Rule: a cached property, if present, is valid; at() computes it when
// absent, cached_at() throws error_kind::not_cached instead.
class graphblas_graph {
 public:
  graphblas_graph() = default;
  graphblas_graph(const csr_matrix& a, GrB_Type type, dup_policy dup = dup_policy::sum);

  std::uint64_t vertices() const { return n_; }
  GrB_Type type() const noexcept { return type_; }
  GrB_Matrix a() const noexcept { return a_.get(); }
  GrB_Matrix at();
  GrB_Matrix cached_at() const;
  // Out-degree of every vertex with out-edges (INT64; vertices without out-edges hold no entry).
  GrB_Vector out_degree();
  // Whether A's pattern equals Aᵀ's (LAGraph's is_symmetric_structure); computed once.
  bool symmetric();

 private:
  std::uint64_t n_ = 0;
  GrB_Type type_ = nullptr;
  grb_matrix a_, at_;
  grb_vector out_degree_;
  std::optional<bool> symmetric_;
};

// a's pattern as an FP64 graph whose entry (i, j) counts the edges i → j that a holds (its repeated
// edges merged into one entry valued by their number): a multigraph, for graphblas_pagerank.
graphblas_graph edge_multiplicities(const csr_matrix& a);

// The undirected structure of g as a BOOL pattern: A itself when it is symmetric, otherwise
// S = A ∪ Aᵀ made from the cached transpose (owned holds it).
struct undirected_structure {
  grb_matrix owned;
  GrB_Matrix s = nullptr;
};
undirected_structure undirected(graphblas_graph& g);

}  // namespace graphring::baselines

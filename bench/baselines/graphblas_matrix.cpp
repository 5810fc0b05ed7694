// csr_matrix → GrB_Matrix by import (no copy of the structure beyond widening the column ids to
// GrB_Index) or, when duplicates must be merged, by GrB_Matrix_build; the cached transpose.
#include "bench/baselines/graphblas_matrix.hpp"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#include "bench/baselines/graphblas_types.hpp"
#include "core/array.hpp"
#include "core/error.hpp"

namespace graphring::baselines {

template <>
GrB_Type grb_type_of<bool>() {
  return GrB_BOOL;
}
template <>
GrB_Type grb_type_of<std::int32_t>() {
  return GrB_INT32;
}
template <>
GrB_Type grb_type_of<std::int64_t>() {
  return GrB_INT64;
}
template <>
GrB_Type grb_type_of<std::uint32_t>() {
  return GrB_UINT32;
}
template <>
GrB_Type grb_type_of<std::uint64_t>() {
  return GrB_UINT64;
}
template <>
GrB_Type grb_type_of<float>() {
  return GrB_FP32;
}
template <>
GrB_Type grb_type_of<double>() {
  return GrB_FP64;
}

namespace {

// malloc'd storage handed over to GraphBLAS by import (it frees it with the matrix).
template <class T>
T* grb_alloc(std::uint64_t count) {
  void* p = std::malloc(sizeof(T) * (count == 0 ? 1 : count));
  if (!p) throw std::bad_alloc();
  return static_cast<T*>(p);
}

// Value k of `values` converted to T (1 for a pattern matrix).
template <class T>
void convert_values(const value_array& values, T* out, std::uint64_t nnz) {
  std::visit(
      [&](const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, std::monostate>) {
          for (std::uint64_t k = 0; k < nnz; ++k) out[k] = T(1);
        } else {
#pragma omp parallel for schedule(static) if (nnz > (1u << 16))
          for (std::uint64_t k = 0; k < nnz; ++k) {
            if constexpr (std::is_same_v<T, bool>) {
              out[k] = v[k] != 0;
            } else {
              out[k] = static_cast<T>(v[k]);
            }
          }
        }
      },
      values);
}

bool has_duplicates(const csr_matrix& a) {
  bool found = false;
#pragma omp parallel for schedule(dynamic, 1024) reduction(|| : found) if (a.nrows > 4096)
  for (std::uint64_t r = 0; r < a.nrows; ++r)
    for (edge_offset k = a.row_begin(r) + 1; k < a.row_end(r); ++k)
      if (a.cols[k] == a.cols[k - 1]) found = true;
  return found;
}

template <class T>
GrB_BinaryOp dup_operator(dup_policy dup) {
  switch (dup) {
    case dup_policy::sum:
      return grb_ops<T>::plus();
    case dup_policy::min:
      return grb_ops<T>::min();
    case dup_policy::max:
      return grb_ops<T>::max();
    case dup_policy::first:
      return grb_ops<T>::first();
  }
  return nullptr;
}

template <class T>
grb_matrix import_csr(const csr_matrix& a) {
  const std::uint64_t nnz = a.nnz();
  const bool iso = !a.has_values();
  GrB_Index* ap = grb_alloc<GrB_Index>(a.nrows + 1);
  GrB_Index* aj = grb_alloc<GrB_Index>(nnz);
  T* ax = grb_alloc<T>(iso ? 1 : nnz);
  std::memcpy(ap, a.offsets.data(), sizeof(GrB_Index) * (a.nrows + 1));
#pragma omp parallel for schedule(static) if (nnz > (1u << 16))
  for (std::uint64_t k = 0; k < nnz; ++k) aj[k] = a.cols[k];
  convert_values(a.values, ax, iso ? 1 : nnz);
  grb_matrix m;
  const GrB_Info info = GxB_Matrix_import_CSR(
      m.out(), grb_type_of<T>(), a.nrows, a.ncols, &ap, &aj, reinterpret_cast<void**>(&ax),
      sizeof(GrB_Index) * (a.nrows + 1), sizeof(GrB_Index) * (nnz == 0 ? 1 : nnz),
      sizeof(T) * (iso || nnz == 0 ? 1 : nnz), iso, false, nullptr);
  if (info != GrB_SUCCESS) {  // on failure the arrays are still ours
    std::free(ap);
    std::free(aj);
    std::free(ax);
    GRAPHRING_GRB(info);
  }
  return m;
}

template <class T>
grb_matrix build_merged(const csr_matrix& a, dup_policy dup) {
  const std::uint64_t nnz = a.nnz();
  std::vector<GrB_Index> rows(nnz), cols(nnz);
#pragma omp parallel for schedule(dynamic, 1024) if (a.nrows > 4096)
  for (std::uint64_t r = 0; r < a.nrows; ++r)
    for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) {
      rows[k] = r;
      cols[k] = a.cols[k];
    }
  grb_matrix m;
  GRAPHRING_GRB(GrB_Matrix_new(m.out(), grb_type_of<T>(), a.nrows, a.ncols));
  if (!a.has_values()) {
    grb_scalar one;
    GRAPHRING_GRB(GrB_Scalar_new(one.out(), grb_type_of<T>()));
    GRAPHRING_GRB(grb_ops<T>::scalar_set(one.get(), T(1)));
    GRAPHRING_GRB(GxB_Matrix_build_Scalar(m.get(), rows.data(), cols.data(), one.get(), nnz));
    return m;
  }
  std::unique_ptr<T[]> values(new T[nnz == 0 ? 1 : nnz]);  // a plain array, also for bool
  convert_values(a.values, values.get(), nnz);
  GRAPHRING_GRB(grb_ops<T>::matrix_build(m.get(), rows.data(), cols.data(), values.get(), nnz,
                                         dup_operator<T>(dup)));
  return m;
}

}  // namespace

grb_matrix to_grb_matrix(const csr_matrix& a, GrB_Type type, dup_policy dup) {
  return visit_grb_type(type, [&](auto tag) {
    using T = decltype(tag);
    return has_duplicates(a) ? build_merged<T>(a, dup) : import_csr<T>(a);
  });
}

namespace {

// The count that a GrB_*_nrows / ncols / size / nvals call reports.
template <class Handle>
std::uint64_t count(GrB_Info (*call)(GrB_Index*, Handle), Handle h) {
  GrB_Index n = 0;
  GRAPHRING_GRB(call(&n, h));
  return n;
}

}  // namespace

std::uint64_t grb_nrows(GrB_Matrix a) { return count(GrB_Matrix_nrows, a); }
std::uint64_t grb_ncols(GrB_Matrix a) { return count(GrB_Matrix_ncols, a); }
std::uint64_t grb_nvals(GrB_Matrix a) { return count(GrB_Matrix_nvals, a); }
std::uint64_t grb_size(GrB_Vector v) { return count(GrB_Vector_size, v); }
std::uint64_t grb_nvals(GrB_Vector v) { return count(GrB_Vector_nvals, v); }

grb_matrix grb_transposed(GrB_Matrix a) {
  GrB_Type type = nullptr;
  GRAPHRING_GRB(GxB_Matrix_type(&type, a));
  grb_matrix t;
  GRAPHRING_GRB(GrB_Matrix_new(t.out(), type, grb_ncols(a), grb_nrows(a)));
  // T = Aᵀ
  GRAPHRING_GRB(GrB_transpose(t.get(), nullptr, nullptr, a, nullptr));
  GRAPHRING_GRB(GrB_Matrix_wait(t.get(), GrB_MATERIALIZE));
  return t;
}

graphblas_graph::graphblas_graph(const csr_matrix& a, GrB_Type type, dup_policy dup)
    : n_(a.nrows), type_(type), a_(to_grb_matrix(a, type, dup)) {
  if (a.nrows != a.ncols) throw error(error_kind::usage, "an adjacency matrix must be square");
}

graphblas_graph edge_multiplicities(const csr_matrix& a) {
  const csr_matrix ones{a.nrows, a.ncols, a.offsets, a.cols, share(array<double>(a.nnz(), 1.0))};
  return graphblas_graph(ones, GrB_FP64, dup_policy::sum);
}

GrB_Matrix graphblas_graph::at() {
  if (!at_) at_ = grb_transposed(a_.get());
  return at_.get();
}

GrB_Matrix graphblas_graph::cached_at() const {
  if (!at_) throw error(error_kind::not_cached, "the GraphBLAS graph has no cached transpose");
  return at_.get();
}

GrB_Vector graphblas_graph::out_degree() {
  if (!out_degree_) {
    grb_vector ones, d;
    GRAPHRING_GRB(GrB_Vector_new(ones.out(), GrB_INT64, n_));
    GRAPHRING_GRB(GrB_Vector_assign_INT64(ones.get(), nullptr, nullptr, 1, GrB_ALL, n_, nullptr));
    GRAPHRING_GRB(GrB_Vector_new(d.out(), GrB_INT64, n_));
    // d = A plus.pair 1: the number of entries in each row
    GRAPHRING_GRB(
        GrB_mxv(d.get(), nullptr, nullptr, GxB_PLUS_PAIR_INT64, a_.get(), ones.get(), nullptr));
    out_degree_ = std::move(d);
  }
  return out_degree_.get();
}

bool graphblas_graph::symmetric() {
  if (!symmetric_) {
    grb_matrix both;
    GRAPHRING_GRB(GrB_Matrix_new(both.out(), GrB_BOOL, n_, n_));
    // both = A pair Aᵀ over the intersection: as many entries as A when the patterns agree
    GRAPHRING_GRB(GrB_Matrix_eWiseMult_BinaryOp(both.get(), nullptr, nullptr, GxB_PAIR_BOOL,
                                                a_.get(), at(), nullptr));
    symmetric_ = grb_nvals(both.get()) == grb_nvals(a_.get());
  }
  return *symmetric_;
}

undirected_structure undirected(graphblas_graph& g) {
  undirected_structure u;
  if (g.symmetric()) {
    u.s = g.a();
    return u;
  }
  const std::uint64_t n = g.vertices();
  GRAPHRING_GRB(GrB_Matrix_new(u.owned.out(), GrB_BOOL, n, n));
  // S = A pair Aᵀ over the union
  GRAPHRING_GRB(GrB_Matrix_eWiseAdd_BinaryOp(u.owned.get(), nullptr, nullptr, GxB_PAIR_BOOL, g.a(),
                                             g.at(), nullptr));
  u.s = u.owned.get();
  return u;
}

}  // namespace graphring::baselines

// The GraphBLAS operations themselves, one call each, on plain std::vector data: a test states
// "w<mask, complement, replace> = accum(w, A plus_times u) computed by GraphBLAS" in one line and
// compares graphring's result with it. Each function builds the GrB objects, makes exactly the
// named GraphBLAS call (GrB_mxv, GrB_vxm, GrB_mxm, GrB_eWiseAdd, GrB_eWiseMult, GrB_apply,
// GrB_select, GrB_reduce, GrB_assign, GrB_extract, GrB_transpose) with the mask, accumulator and
// descriptor asked for, and returns the result. Templates over the value type T (bool, int32,
// int64, uint32, uint64, float, double); u, A, w share T. Matrices come in as csr_matrix, with
// weights typecast to T (a pattern matrix has every entry 1) and duplicates added.
#pragma once

#include <cstdint>
#include <vector>

#include "bench/baselines/graphblas_matrix.hpp"
#include "engine/csr.hpp"

namespace graphring::baselines {

// A sparse vector: `size` positions, entries at ascending `indices` with `values`.
template <class T>
struct sparse_vector {
  std::uint64_t size = 0;
  std::vector<std::uint64_t> indices;
  std::vector<T> values;
  friend bool operator==(const sparse_vector&, const sparse_vector&) = default;
};

// A sparse matrix in CSR form with sorted rows and values of T.
template <class T>
struct sparse_matrix {
  std::uint64_t nrows = 0, ncols = 0;
  std::vector<std::uint64_t> offsets;  // nrows + 1
  std::vector<std::uint64_t> cols;
  std::vector<T> values;
  friend bool operator==(const sparse_matrix&, const sparse_matrix&) = default;
};

// The semirings graphring names, as GraphBLAS predefines them (⊕_⊗). Positional any_secondi and
// min_secondi are over int64 only; lor_land, land_lor, lxor_land over bool only; any_pair,
// any_first and any_second over every type; the rest over every type but bool.
enum class semiring_kind {
  plus_times,
  min_plus,
  max_plus,
  max_times,
  min_times,
  max_min,
  min_max,
  plus_min,
  lor_land,
  land_lor,
  lxor_land,
  any_pair,
  plus_pair,
  min_first,
  min_second,
  plus_first,
  plus_second,
  any_first,
  any_second,
  any_secondi,
  min_secondi,
};

// Binary operators for accumulators and element-wise operations; `none` = no accumulator.
enum class binary_kind {
  none,
  plus,
  times,
  min,
  max,
  first,
  second,
  minus,
  div,
  pair,
  eq,
  ne,
  lt,
  gt
};

// Monoids for reductions.
enum class monoid_kind { plus, times, min, max, any };

// Unary operators for apply.
enum class unary_kind { identity, ainv, abs };

// Index-unary operators for select; `thunk` is their parameter.
enum class select_kind {
  tril,
  triu,
  diag,
  offdiag,
  value_ne,
  value_lt,
  value_le,
  value_gt,
  value_ge
};

// The descriptor fields: mask complemented (¬m), mask structural (presence only), replace
// (clear w outside the mask), inputs transposed.
struct descriptor {
  bool complement = false;
  bool structural = false;
  bool replace = false;
  bool transpose_first = false;   // INP0: A of mxv, mxm, eWise, select, transpose
  bool transpose_second = false;  // INP1: A of vxm, B of mxm
};

// Output-side options of a vector operation: the initial w (empty when null), the mask m, the
// accumulator and the descriptor. A value mask selects entries whose value is true.
template <class T>
struct vector_options {
  const sparse_vector<T>* w = nullptr;
  const sparse_vector<bool>* mask = nullptr;
  binary_kind accum = binary_kind::none;
  descriptor desc{};
};

// The same for a matrix result: initial C and mask M as csr_matrix (a pattern mask is all true).
template <class T>
struct matrix_options {
  const csr_matrix* c = nullptr;
  const csr_matrix* mask = nullptr;
  binary_kind accum = binary_kind::none;
  descriptor desc{};
};

// The predefined GrB_Semiring / GrB_BinaryOp / GrB_Monoid for T; throws error_kind::usage
// where GraphBLAS has none for that type.
template <class T>
GrB_Semiring grb_semiring(semiring_kind s);
template <class T>
GrB_BinaryOp grb_binary_op(binary_kind op);  // nullptr for binary_kind::none
template <class T>
GrB_Monoid grb_monoid(monoid_kind m);

// Conversions between the plain forms and GraphBLAS objects.
template <class T>
grb_vector to_grb_vector(const sparse_vector<T>& v);
template <class T>
sparse_vector<T> from_grb_vector(GrB_Vector v);
template <class T>
sparse_matrix<T> from_grb_matrix(GrB_Matrix a);
template <class T>
sparse_matrix<T> to_sparse_matrix(const csr_matrix& a);  // typecast as to_grb_matrix does

// w<m> = accum(w, A ⊕.⊗ u)
template <class T>
sparse_vector<T> grb_mxv(semiring_kind s, const csr_matrix& a, const sparse_vector<T>& u,
                         const vector_options<T>& o = {});
// w<m> = accum(w, u ⊕.⊗ A)
template <class T>
sparse_vector<T> grb_vxm(semiring_kind s, const sparse_vector<T>& u, const csr_matrix& a,
                         const vector_options<T>& o = {});
// C<M> = accum(C, A ⊕.⊗ B)
template <class T>
sparse_matrix<T> grb_mxm(semiring_kind s, const csr_matrix& a, const csr_matrix& b,
                         const matrix_options<T>& o = {});
// w<m> = accum(w, u ⊕ v) (union) and w<m> = accum(w, u ⊗ v) (intersection)
template <class T>
sparse_vector<T> grb_ewise_add(binary_kind op, const sparse_vector<T>& u, const sparse_vector<T>& v,
                               const vector_options<T>& o = {});
template <class T>
sparse_vector<T> grb_ewise_mult(binary_kind op, const sparse_vector<T>& u,
                                const sparse_vector<T>& v, const vector_options<T>& o = {});
// C<M> = accum(C, A ⊕ B) and C<M> = accum(C, A ⊗ B)
template <class T>
sparse_matrix<T> grb_ewise_add(binary_kind op, const csr_matrix& a, const csr_matrix& b,
                               const matrix_options<T>& o = {});
template <class T>
sparse_matrix<T> grb_ewise_mult(binary_kind op, const csr_matrix& a, const csr_matrix& b,
                                const matrix_options<T>& o = {});
// w<m> = accum(w, f(u)) and w<m> = accum(w, op(u, y)) (scalar bound second)
template <class T>
sparse_vector<T> grb_apply(unary_kind f, const sparse_vector<T>& u,
                           const vector_options<T>& o = {});
template <class T>
sparse_vector<T> grb_apply(binary_kind op, const sparse_vector<T>& u, T y,
                           const vector_options<T>& o = {});
// w<m> = accum(w, u(i) where select(u(i), i, thunk)); C<M> = accum(C, select(A, thunk))
template <class T>
sparse_vector<T> grb_select(select_kind op, const sparse_vector<T>& u, T thunk,
                            const vector_options<T>& o = {});
template <class T>
sparse_matrix<T> grb_select(select_kind op, const csr_matrix& a, double thunk,
                            const matrix_options<T>& o = {});
// s = ⊕ u(i); s = ⊕ A(i,j) (the monoid's identity when empty); w<m> = accum(w, ⊕_j A(:,j))
template <class T>
T grb_reduce(monoid_kind m, const sparse_vector<T>& u);
template <class T>
T grb_reduce(monoid_kind m, const csr_matrix& a);
template <class T>
sparse_vector<T> grb_reduce_rows(monoid_kind m, const csr_matrix& a,
                                 const vector_options<T>& o = {});
// w<m>(I) = accum(w(I), u) and w<m>(I) = accum(w(I), x); an empty I means every index
// (GrB_ALL); w must be given (its size is the result's).
template <class T>
sparse_vector<T> grb_assign(const sparse_vector<T>& u, const std::vector<std::uint64_t>& indices,
                            const vector_options<T>& o);
template <class T>
sparse_vector<T> grb_assign(T x, const std::vector<std::uint64_t>& indices,
                            const vector_options<T>& o);
// w<m> = accum(w, u(I)); the result has |I| positions (|u| when I is empty: GrB_ALL)
template <class T>
sparse_vector<T> grb_extract(const sparse_vector<T>& u, const std::vector<std::uint64_t>& indices,
                             const vector_options<T>& o = {});
// C<M> = accum(C, Aᵀ)
template <class T>
sparse_matrix<T> grb_transpose(const csr_matrix& a, const matrix_options<T>& o = {});

}  // namespace graphring::baselines

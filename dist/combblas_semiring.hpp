// One generic adapter from a graphring semiring (semirings/semiring.hpp) to CombBLAS's semiring
// interface [1], so that any graphring semiring, a user's included, runs in CombBLAS's distributed
// sparse products unchanged.
//
// CombBLAS multiplies y = M x with M = Aᵀ: y(j) = ⊕_k Aᵀ(j,k) ⊗' x(k), calling
// SR::multiply(matrix value, vector value). graphring's vxm is w(j) = ⊕_k u(k) ⊗ A(k,j), so the
// adapter's multiply swaps the operands back: multiply(A(k,j), u(k)) = S::multiply(u(k), A(k,j)).
// CombBLAS's operators see no indices; a positional multiply (secondi for BFS parents, the
// widest-path example) gets them from the values instead: the vector's entries carry their index
// k and, for a positional multiply, the matrix's entries their column j (indexed), i being 0 in a
// vector product.
//
// [1] Buluç, Gilbert, "The Combinatorial BLAS: design, implementation, and applications", IJHPCA
//     25(4), 2011.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <type_traits>

namespace graphring::dist {

// A value with the index a positional multiply needs: k for a vector entry, j for a matrix entry.
template <class T>
struct indexed {
  T value;
  std::uint64_t index;
  // CombBLAS's SpMSpV compiles (and here never runs: graphring passes indexisvalue = false) a
  // path that fills the vector's values from their indices; this lets it compile for any T.
  indexed& operator=(std::int64_t i) {
    index = std::uint64_t(i);
    return *this;
  }
  // CombBLAS's CSC blocks sort each column's (row, value) pairs, so a matrix value needs an order
  // (for a plain b_type too: the numbers graphring's weights are have one).
  friend bool operator<(const indexed& x, const indexed& y) { return x.index < y.index; }
};

// What the distributed input vector and Aᵀ hold for the semiring S: the vector's entries always
// carry their index (any semiring's a_type then works as a vector value, see above); Aᵀ's carry
// theirs only for a positional multiply.
template <class S>
using vector_entry_t = indexed<typename S::a_type>;
template <class S>
using matrix_entry_t =
    std::conditional_t<S::positional, indexed<typename S::b_type>, typename S::b_type>;

// The adapter; with indexed_vector = false it takes plain a_type vector values (CombBLAS's dense
// SpMV, for a semiring whose multiply is not positional).
template <class S, bool indexed_vector = true>
struct combblas_semiring {
  static_assert(indexed_vector || !S::positional, "a positional multiply needs indexed vectors");
  using A = matrix_entry_t<S>;
  using X = std::conditional_t<indexed_vector, vector_entry_t<S>, typename S::a_type>;
  using C = typename S::c_type;

  static C id() { return S::zero(); }
  // Whether a product equal to id() is dropped: never; graphring keeps every computed entry.
  static bool returnedSAID() { return false; }
  static C add(const C& x, const C& y) { return S::add(x, y); }
  static C multiply(const A& a, const X& x) {
    if constexpr (S::positional) {
      return S::multiply(x.value, a.value, 0, x.index, a.index);
    } else if constexpr (indexed_vector) {
      return S::multiply(x.value, a);
    } else {
      return S::multiply(x, a);
    }
  }
  static void axpy(const A& a, const X& x, C& y) { y = add(y, multiply(a, x)); }

  // ⊕ as an MPI reduction over values sent as bytes (CombBLAS's MPIType for a type it does not
  // know is a contiguous run of sizeof(C) bytes, so *count counts values).
  static MPI_Op mpi_op() {
    static MPI_Op op = [] {
      MPI_Op created;
      MPI_Op_create(&reduce, /*commute=*/0, &created);
      return created;
    }();
    return op;
  }

 private:
  static void reduce(void* in, void* in_out, int* count, MPI_Datatype*) {
    const C* x = static_cast<const C*>(in);
    C* y = static_cast<C*>(in_out);
    for (int i = 0; i < *count; ++i) y[i] = S::add(x[i], y[i]);
  }
};

}  // namespace graphring::dist

// The per-type names of the GraphBLAS C API gathered in one place: for each C++ value type the
// typed build / extractTuples / assign / reduce calls and the predefined operators, monoids and
// semirings, so that the baselines are written once as templates. C++ has no _Generic, which
// is how GraphBLAS.h picks these names in C.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>

#include "bench/baselines/graphblas_matrix.hpp"
#include "core/error.hpp"

namespace graphring::baselines {

using grb_scalar = grb_object<GrB_Scalar, GrB_Scalar_free>;

template <class T>
struct grb_ops;

// Calls f(T{}) for the C++ type T of a predefined GrB_Type; throws for any other type.
template <class F>
decltype(auto) visit_grb_type(GrB_Type type, F&& f) {
  if (type == GrB_BOOL) return f(bool{});
  if (type == GrB_INT32) return f(std::int32_t{});
  if (type == GrB_INT64) return f(std::int64_t{});
  if (type == GrB_UINT32) return f(std::uint32_t{});
  if (type == GrB_UINT64) return f(std::uint64_t{});
  if (type == GrB_FP32) return f(float{});
  if (type == GrB_FP64) return f(double{});
  throw error(error_kind::usage, "the baselines support bool, int32/64, uint32/64, fp32, fp64");
}

template <>
struct grb_ops<bool> {
  static GrB_Type type() { return GrB_BOOL; }
  static GrB_BinaryOp plus() { return GrB_PLUS_BOOL; }
  static GrB_BinaryOp times() { return GrB_TIMES_BOOL; }
  static GrB_BinaryOp min() { return GrB_MIN_BOOL; }
  static GrB_BinaryOp max() { return GrB_MAX_BOOL; }
  static GrB_BinaryOp first() { return GrB_FIRST_BOOL; }
  static GrB_BinaryOp second() { return GrB_SECOND_BOOL; }
  static GrB_BinaryOp minus() { return GrB_MINUS_BOOL; }
  static GrB_BinaryOp div() { return GrB_DIV_BOOL; }
  static GrB_BinaryOp eq() { return GrB_EQ_BOOL; }
  static GrB_BinaryOp ne() { return GrB_NE_BOOL; }
  static GrB_BinaryOp lt() { return GrB_LT_BOOL; }
  static GrB_BinaryOp gt() { return GrB_GT_BOOL; }
  static GrB_BinaryOp le() { return GrB_LE_BOOL; }
  static GrB_BinaryOp ge() { return GrB_GE_BOOL; }
  static GrB_BinaryOp pair() { return GxB_PAIR_BOOL; }
  static GrB_UnaryOp identity() { return GrB_IDENTITY_BOOL; }
  static GrB_UnaryOp ainv() { return GrB_AINV_BOOL; }
  static GrB_UnaryOp abs() { return GrB_IDENTITY_BOOL; }
  static GrB_Monoid plus_monoid() { return GrB_LOR_MONOID_BOOL; }
  static GrB_Monoid times_monoid() { return GrB_LAND_MONOID_BOOL; }
  static GrB_Monoid min_monoid() { return GrB_LAND_MONOID_BOOL; }
  static GrB_Monoid max_monoid() { return GrB_LOR_MONOID_BOOL; }
  static GrB_Monoid any_monoid() { return GxB_ANY_BOOL_MONOID; }
  static GrB_Semiring semiring(std::string_view add, std::string_view mul) {
    if (add == "lor" && mul == "land") return GxB_LOR_LAND_BOOL;
    if (add == "land" && mul == "lor") return GxB_LAND_LOR_BOOL;
    if (add == "lxor" && mul == "land") return GxB_LXOR_LAND_BOOL;
    if (add == "any" && mul == "pair") return GxB_ANY_PAIR_BOOL;
    if (add == "any" && mul == "second") return GxB_ANY_SECOND_BOOL;
    return nullptr;
  }
  static GrB_Info scalar_set(GrB_Scalar s, bool x) { return GrB_Scalar_setElement_BOOL(s, x); }
  static GrB_Info vector_build(GrB_Vector w, const GrB_Index* i, const bool* x, GrB_Index n) {
    return GrB_Vector_build_BOOL(w, i, x, n, GrB_FIRST_BOOL);
  }
  static GrB_Info matrix_build(GrB_Matrix c, const GrB_Index* i, const GrB_Index* j, const bool* x,
                               GrB_Index n, GrB_BinaryOp dup) {
    return GrB_Matrix_build_BOOL(c, i, j, x, n, dup);
  }
  static GrB_Info vector_tuples(GrB_Index* i, bool* x, GrB_Index* n, GrB_Vector v) {
    return GrB_Vector_extractTuples_BOOL(i, x, n, v);
  }
  static GrB_Info matrix_tuples(GrB_Index* i, GrB_Index* j, bool* x, GrB_Index* n, GrB_Matrix a) {
    return GrB_Matrix_extractTuples_BOOL(i, j, x, n, a);
  }
  static GrB_Info vector_assign(GrB_Vector w, GrB_Vector mask, GrB_BinaryOp accum, bool x,
                                const GrB_Index* i, GrB_Index ni, GrB_Descriptor desc) {
    return GrB_Vector_assign_BOOL(w, mask, accum, x, i, ni, desc);
  }
  static GrB_Info vector_reduce(bool* c, GrB_Monoid monoid, GrB_Vector u) {
    return GrB_Vector_reduce_BOOL(c, nullptr, monoid, u, nullptr);
  }
  static GrB_Info matrix_reduce(bool* c, GrB_Monoid monoid, GrB_Matrix a) {
    return GrB_Matrix_reduce_BOOL(c, nullptr, monoid, a, nullptr);
  }
  static GrB_Info vector_select(GrB_Vector w, GrB_Vector mask, GrB_IndexUnaryOp op, GrB_Vector u,
                                bool thunk, GrB_Descriptor desc) {
    return GrB_Vector_select_BOOL(w, mask, nullptr, op, u, thunk, desc);
  }
  static GrB_Info matrix_select(GrB_Matrix c, GrB_Matrix mask, GrB_IndexUnaryOp op, GrB_Matrix a,
                                bool thunk, GrB_Descriptor desc) {
    return GrB_Matrix_select_BOOL(c, mask, nullptr, op, a, thunk, desc);
  }
  static GrB_IndexUnaryOp value_ge() { return GrB_VALUEGE_BOOL; }
  static GrB_IndexUnaryOp value_lt() { return GrB_VALUELT_BOOL; }
  static GrB_IndexUnaryOp value_le() { return GrB_VALUELE_BOOL; }
  static GrB_IndexUnaryOp value_gt() { return GrB_VALUEGT_BOOL; }
  static GrB_IndexUnaryOp value_ne() { return GrB_VALUENE_BOOL; }
};

template <>
struct grb_ops<std::int32_t> {
  static GrB_Type type() { return GrB_INT32; }
  static GrB_BinaryOp plus() { return GrB_PLUS_INT32; }
  static GrB_BinaryOp times() { return GrB_TIMES_INT32; }
  static GrB_BinaryOp min() { return GrB_MIN_INT32; }
  static GrB_BinaryOp max() { return GrB_MAX_INT32; }
  static GrB_BinaryOp first() { return GrB_FIRST_INT32; }
  static GrB_BinaryOp second() { return GrB_SECOND_INT32; }
  static GrB_BinaryOp minus() { return GrB_MINUS_INT32; }
  static GrB_BinaryOp div() { return GrB_DIV_INT32; }
  static GrB_BinaryOp eq() { return GrB_EQ_INT32; }
  static GrB_BinaryOp ne() { return GrB_NE_INT32; }
  static GrB_BinaryOp lt() { return GrB_LT_INT32; }
  static GrB_BinaryOp gt() { return GrB_GT_INT32; }
  static GrB_BinaryOp le() { return GrB_LE_INT32; }
  static GrB_BinaryOp ge() { return GrB_GE_INT32; }
  static GrB_BinaryOp pair() { return GxB_PAIR_INT32; }
  static GrB_UnaryOp identity() { return GrB_IDENTITY_INT32; }
  static GrB_UnaryOp ainv() { return GrB_AINV_INT32; }
  static GrB_UnaryOp abs() { return GrB_ABS_INT32; }
  static GrB_Monoid plus_monoid() { return GrB_PLUS_MONOID_INT32; }
  static GrB_Monoid times_monoid() { return GrB_TIMES_MONOID_INT32; }
  static GrB_Monoid min_monoid() { return GrB_MIN_MONOID_INT32; }
  static GrB_Monoid max_monoid() { return GrB_MAX_MONOID_INT32; }
  static GrB_Monoid any_monoid() { return GxB_ANY_INT32_MONOID; }
  static GrB_Semiring semiring(std::string_view add, std::string_view mul) {
    if (add == "plus" && mul == "times") return GxB_PLUS_TIMES_INT32;
    if (add == "min" && mul == "plus") return GxB_MIN_PLUS_INT32;
    if (add == "max" && mul == "plus") return GxB_MAX_PLUS_INT32;
    if (add == "max" && mul == "times") return GxB_MAX_TIMES_INT32;
    if (add == "min" && mul == "times") return GxB_MIN_TIMES_INT32;
    if (add == "max" && mul == "min") return GxB_MAX_MIN_INT32;
    if (add == "min" && mul == "max") return GxB_MIN_MAX_INT32;
    if (add == "plus" && mul == "min") return GxB_PLUS_MIN_INT32;
    if (add == "any" && mul == "pair") return GxB_ANY_PAIR_INT32;
    if (add == "plus" && mul == "pair") return GxB_PLUS_PAIR_INT32;
    if (add == "min" && mul == "first") return GxB_MIN_FIRST_INT32;
    if (add == "min" && mul == "second") return GxB_MIN_SECOND_INT32;
    if (add == "plus" && mul == "first") return GxB_PLUS_FIRST_INT32;
    if (add == "plus" && mul == "second") return GxB_PLUS_SECOND_INT32;
    if (add == "any" && mul == "second") return GxB_ANY_SECOND_INT32;
    if (add == "any" && mul == "first") return GxB_ANY_FIRST_INT32;
    return nullptr;
  }
  static GrB_Info scalar_set(GrB_Scalar s, std::int32_t x) {
    return GrB_Scalar_setElement_INT32(s, x);
  }
  static GrB_Info vector_build(GrB_Vector w, const GrB_Index* i, const std::int32_t* x,
                               GrB_Index n) {
    return GrB_Vector_build_INT32(w, i, x, n, GrB_FIRST_INT32);
  }
  static GrB_Info matrix_build(GrB_Matrix c, const GrB_Index* i, const GrB_Index* j,
                               const std::int32_t* x, GrB_Index n, GrB_BinaryOp dup) {
    return GrB_Matrix_build_INT32(c, i, j, x, n, dup);
  }
  static GrB_Info vector_tuples(GrB_Index* i, std::int32_t* x, GrB_Index* n, GrB_Vector v) {
    return GrB_Vector_extractTuples_INT32(i, x, n, v);
  }
  static GrB_Info matrix_tuples(GrB_Index* i, GrB_Index* j, std::int32_t* x, GrB_Index* n,
                                GrB_Matrix a) {
    return GrB_Matrix_extractTuples_INT32(i, j, x, n, a);
  }
  static GrB_Info vector_assign(GrB_Vector w, GrB_Vector mask, GrB_BinaryOp accum, std::int32_t x,
                                const GrB_Index* i, GrB_Index ni, GrB_Descriptor desc) {
    return GrB_Vector_assign_INT32(w, mask, accum, x, i, ni, desc);
  }
  static GrB_Info vector_reduce(std::int32_t* c, GrB_Monoid monoid, GrB_Vector u) {
    return GrB_Vector_reduce_INT32(c, nullptr, monoid, u, nullptr);
  }
  static GrB_Info matrix_reduce(std::int32_t* c, GrB_Monoid monoid, GrB_Matrix a) {
    return GrB_Matrix_reduce_INT32(c, nullptr, monoid, a, nullptr);
  }
  static GrB_Info vector_select(GrB_Vector w, GrB_Vector mask, GrB_IndexUnaryOp op, GrB_Vector u,
                                std::int32_t thunk, GrB_Descriptor desc) {
    return GrB_Vector_select_INT32(w, mask, nullptr, op, u, thunk, desc);
  }
  static GrB_Info matrix_select(GrB_Matrix c, GrB_Matrix mask, GrB_IndexUnaryOp op, GrB_Matrix a,
                                std::int32_t thunk, GrB_Descriptor desc) {
    return GrB_Matrix_select_INT32(c, mask, nullptr, op, a, thunk, desc);
  }
  static GrB_IndexUnaryOp value_ge() { return GrB_VALUEGE_INT32; }
  static GrB_IndexUnaryOp value_lt() { return GrB_VALUELT_INT32; }
  static GrB_IndexUnaryOp value_le() { return GrB_VALUELE_INT32; }
  static GrB_IndexUnaryOp value_gt() { return GrB_VALUEGT_INT32; }
  static GrB_IndexUnaryOp value_ne() { return GrB_VALUENE_INT32; }
};

template <>
struct grb_ops<std::int64_t> {
  static GrB_Type type() { return GrB_INT64; }
  static GrB_BinaryOp plus() { return GrB_PLUS_INT64; }
  static GrB_BinaryOp times() { return GrB_TIMES_INT64; }
  static GrB_BinaryOp min() { return GrB_MIN_INT64; }
  static GrB_BinaryOp max() { return GrB_MAX_INT64; }
  static GrB_BinaryOp first() { return GrB_FIRST_INT64; }
  static GrB_BinaryOp second() { return GrB_SECOND_INT64; }
  static GrB_BinaryOp minus() { return GrB_MINUS_INT64; }
  static GrB_BinaryOp div() { return GrB_DIV_INT64; }
  static GrB_BinaryOp eq() { return GrB_EQ_INT64; }
  static GrB_BinaryOp ne() { return GrB_NE_INT64; }
  static GrB_BinaryOp lt() { return GrB_LT_INT64; }
  static GrB_BinaryOp gt() { return GrB_GT_INT64; }
  static GrB_BinaryOp le() { return GrB_LE_INT64; }
  static GrB_BinaryOp ge() { return GrB_GE_INT64; }
  static GrB_BinaryOp pair() { return GxB_PAIR_INT64; }
  static GrB_UnaryOp identity() { return GrB_IDENTITY_INT64; }
  static GrB_UnaryOp ainv() { return GrB_AINV_INT64; }
  static GrB_UnaryOp abs() { return GrB_ABS_INT64; }
  static GrB_Monoid plus_monoid() { return GrB_PLUS_MONOID_INT64; }
  static GrB_Monoid times_monoid() { return GrB_TIMES_MONOID_INT64; }
  static GrB_Monoid min_monoid() { return GrB_MIN_MONOID_INT64; }
  static GrB_Monoid max_monoid() { return GrB_MAX_MONOID_INT64; }
  static GrB_Monoid any_monoid() { return GxB_ANY_INT64_MONOID; }
  static GrB_Semiring semiring(std::string_view add, std::string_view mul) {
    if (add == "plus" && mul == "times") return GxB_PLUS_TIMES_INT64;
    if (add == "min" && mul == "plus") return GxB_MIN_PLUS_INT64;
    if (add == "max" && mul == "plus") return GxB_MAX_PLUS_INT64;
    if (add == "max" && mul == "times") return GxB_MAX_TIMES_INT64;
    if (add == "min" && mul == "times") return GxB_MIN_TIMES_INT64;
    if (add == "max" && mul == "min") return GxB_MAX_MIN_INT64;
    if (add == "min" && mul == "max") return GxB_MIN_MAX_INT64;
    if (add == "plus" && mul == "min") return GxB_PLUS_MIN_INT64;
    if (add == "any" && mul == "pair") return GxB_ANY_PAIR_INT64;
    if (add == "plus" && mul == "pair") return GxB_PLUS_PAIR_INT64;
    if (add == "min" && mul == "first") return GxB_MIN_FIRST_INT64;
    if (add == "min" && mul == "second") return GxB_MIN_SECOND_INT64;
    if (add == "plus" && mul == "first") return GxB_PLUS_FIRST_INT64;
    if (add == "plus" && mul == "second") return GxB_PLUS_SECOND_INT64;
    if (add == "any" && mul == "second") return GxB_ANY_SECOND_INT64;
    if (add == "any" && mul == "first") return GxB_ANY_FIRST_INT64;
    return nullptr;
  }
  static GrB_Info scalar_set(GrB_Scalar s, std::int64_t x) {
    return GrB_Scalar_setElement_INT64(s, x);
  }
  static GrB_Info vector_build(GrB_Vector w, const GrB_Index* i, const std::int64_t* x,
                               GrB_Index n) {
    return GrB_Vector_build_INT64(w, i, x, n, GrB_FIRST_INT64);
  }
  static GrB_Info matrix_build(GrB_Matrix c, const GrB_Index* i, const GrB_Index* j,
                               const std::int64_t* x, GrB_Index n, GrB_BinaryOp dup) {
    return GrB_Matrix_build_INT64(c, i, j, x, n, dup);
  }
  static GrB_Info vector_tuples(GrB_Index* i, std::int64_t* x, GrB_Index* n, GrB_Vector v) {
    return GrB_Vector_extractTuples_INT64(i, x, n, v);
  }
  static GrB_Info matrix_tuples(GrB_Index* i, GrB_Index* j, std::int64_t* x, GrB_Index* n,
                                GrB_Matrix a) {
    return GrB_Matrix_extractTuples_INT64(i, j, x, n, a);
  }
  static GrB_Info vector_assign(GrB_Vector w, GrB_Vector mask, GrB_BinaryOp accum, std::int64_t x,
                                const GrB_Index* i, GrB_Index ni, GrB_Descriptor desc) {
    return GrB_Vector_assign_INT64(w, mask, accum, x, i, ni, desc);
  }
  static GrB_Info vector_reduce(std::int64_t* c, GrB_Monoid monoid, GrB_Vector u) {
    return GrB_Vector_reduce_INT64(c, nullptr, monoid, u, nullptr);
  }
  static GrB_Info matrix_reduce(std::int64_t* c, GrB_Monoid monoid, GrB_Matrix a) {
    return GrB_Matrix_reduce_INT64(c, nullptr, monoid, a, nullptr);
  }
  static GrB_Info vector_select(GrB_Vector w, GrB_Vector mask, GrB_IndexUnaryOp op, GrB_Vector u,
                                std::int64_t thunk, GrB_Descriptor desc) {
    return GrB_Vector_select_INT64(w, mask, nullptr, op, u, thunk, desc);
  }
  static GrB_Info matrix_select(GrB_Matrix c, GrB_Matrix mask, GrB_IndexUnaryOp op, GrB_Matrix a,
                                std::int64_t thunk, GrB_Descriptor desc) {
    return GrB_Matrix_select_INT64(c, mask, nullptr, op, a, thunk, desc);
  }
  static GrB_IndexUnaryOp value_ge() { return GrB_VALUEGE_INT64; }
  static GrB_IndexUnaryOp value_lt() { return GrB_VALUELT_INT64; }
  static GrB_IndexUnaryOp value_le() { return GrB_VALUELE_INT64; }
  static GrB_IndexUnaryOp value_gt() { return GrB_VALUEGT_INT64; }
  static GrB_IndexUnaryOp value_ne() { return GrB_VALUENE_INT64; }
};

template <>
struct grb_ops<std::uint32_t> {
  static GrB_Type type() { return GrB_UINT32; }
  static GrB_BinaryOp plus() { return GrB_PLUS_UINT32; }
  static GrB_BinaryOp times() { return GrB_TIMES_UINT32; }
  static GrB_BinaryOp min() { return GrB_MIN_UINT32; }
  static GrB_BinaryOp max() { return GrB_MAX_UINT32; }
  static GrB_BinaryOp first() { return GrB_FIRST_UINT32; }
  static GrB_BinaryOp second() { return GrB_SECOND_UINT32; }
  static GrB_BinaryOp minus() { return GrB_MINUS_UINT32; }
  static GrB_BinaryOp div() { return GrB_DIV_UINT32; }
  static GrB_BinaryOp eq() { return GrB_EQ_UINT32; }
  static GrB_BinaryOp ne() { return GrB_NE_UINT32; }
  static GrB_BinaryOp lt() { return GrB_LT_UINT32; }
  static GrB_BinaryOp gt() { return GrB_GT_UINT32; }
  static GrB_BinaryOp le() { return GrB_LE_UINT32; }
  static GrB_BinaryOp ge() { return GrB_GE_UINT32; }
  static GrB_BinaryOp pair() { return GxB_PAIR_UINT32; }
  static GrB_UnaryOp identity() { return GrB_IDENTITY_UINT32; }
  static GrB_UnaryOp ainv() { return GrB_AINV_UINT32; }
  static GrB_UnaryOp abs() { return GrB_ABS_UINT32; }
  static GrB_Monoid plus_monoid() { return GrB_PLUS_MONOID_UINT32; }
  static GrB_Monoid times_monoid() { return GrB_TIMES_MONOID_UINT32; }
  static GrB_Monoid min_monoid() { return GrB_MIN_MONOID_UINT32; }
  static GrB_Monoid max_monoid() { return GrB_MAX_MONOID_UINT32; }
  static GrB_Monoid any_monoid() { return GxB_ANY_UINT32_MONOID; }
  static GrB_Semiring semiring(std::string_view add, std::string_view mul) {
    if (add == "plus" && mul == "times") return GxB_PLUS_TIMES_UINT32;
    if (add == "min" && mul == "plus") return GxB_MIN_PLUS_UINT32;
    if (add == "max" && mul == "plus") return GxB_MAX_PLUS_UINT32;
    if (add == "max" && mul == "times") return GxB_MAX_TIMES_UINT32;
    if (add == "min" && mul == "times") return GxB_MIN_TIMES_UINT32;
    if (add == "max" && mul == "min") return GxB_MAX_MIN_UINT32;
    if (add == "min" && mul == "max") return GxB_MIN_MAX_UINT32;
    if (add == "plus" && mul == "min") return GxB_PLUS_MIN_UINT32;
    if (add == "any" && mul == "pair") return GxB_ANY_PAIR_UINT32;
    if (add == "plus" && mul == "pair") return GxB_PLUS_PAIR_UINT32;
    if (add == "min" && mul == "first") return GxB_MIN_FIRST_UINT32;
    if (add == "min" && mul == "second") return GxB_MIN_SECOND_UINT32;
    if (add == "plus" && mul == "first") return GxB_PLUS_FIRST_UINT32;
    if (add == "plus" && mul == "second") return GxB_PLUS_SECOND_UINT32;
    if (add == "any" && mul == "second") return GxB_ANY_SECOND_UINT32;
    if (add == "any" && mul == "first") return GxB_ANY_FIRST_UINT32;
    return nullptr;
  }
  static GrB_Info scalar_set(GrB_Scalar s, std::uint32_t x) {
    return GrB_Scalar_setElement_UINT32(s, x);
  }
  static GrB_Info vector_build(GrB_Vector w, const GrB_Index* i, const std::uint32_t* x,
                               GrB_Index n) {
    return GrB_Vector_build_UINT32(w, i, x, n, GrB_FIRST_UINT32);
  }
  static GrB_Info matrix_build(GrB_Matrix c, const GrB_Index* i, const GrB_Index* j,
                               const std::uint32_t* x, GrB_Index n, GrB_BinaryOp dup) {
    return GrB_Matrix_build_UINT32(c, i, j, x, n, dup);
  }
  static GrB_Info vector_tuples(GrB_Index* i, std::uint32_t* x, GrB_Index* n, GrB_Vector v) {
    return GrB_Vector_extractTuples_UINT32(i, x, n, v);
  }
  static GrB_Info matrix_tuples(GrB_Index* i, GrB_Index* j, std::uint32_t* x, GrB_Index* n,
                                GrB_Matrix a) {
    return GrB_Matrix_extractTuples_UINT32(i, j, x, n, a);
  }
  static GrB_Info vector_assign(GrB_Vector w, GrB_Vector mask, GrB_BinaryOp accum, std::uint32_t x,
                                const GrB_Index* i, GrB_Index ni, GrB_Descriptor desc) {
    return GrB_Vector_assign_UINT32(w, mask, accum, x, i, ni, desc);
  }
  static GrB_Info vector_reduce(std::uint32_t* c, GrB_Monoid monoid, GrB_Vector u) {
    return GrB_Vector_reduce_UINT32(c, nullptr, monoid, u, nullptr);
  }
  static GrB_Info matrix_reduce(std::uint32_t* c, GrB_Monoid monoid, GrB_Matrix a) {
    return GrB_Matrix_reduce_UINT32(c, nullptr, monoid, a, nullptr);
  }
  static GrB_Info vector_select(GrB_Vector w, GrB_Vector mask, GrB_IndexUnaryOp op, GrB_Vector u,
                                std::uint32_t thunk, GrB_Descriptor desc) {
    return GrB_Vector_select_UINT32(w, mask, nullptr, op, u, thunk, desc);
  }
  static GrB_Info matrix_select(GrB_Matrix c, GrB_Matrix mask, GrB_IndexUnaryOp op, GrB_Matrix a,
                                std::uint32_t thunk, GrB_Descriptor desc) {
    return GrB_Matrix_select_UINT32(c, mask, nullptr, op, a, thunk, desc);
  }
  static GrB_IndexUnaryOp value_ge() { return GrB_VALUEGE_UINT32; }
  static GrB_IndexUnaryOp value_lt() { return GrB_VALUELT_UINT32; }
  static GrB_IndexUnaryOp value_le() { return GrB_VALUELE_UINT32; }
  static GrB_IndexUnaryOp value_gt() { return GrB_VALUEGT_UINT32; }
  static GrB_IndexUnaryOp value_ne() { return GrB_VALUENE_UINT32; }
};

template <>
struct grb_ops<std::uint64_t> {
  static GrB_Type type() { return GrB_UINT64; }
  static GrB_BinaryOp plus() { return GrB_PLUS_UINT64; }
  static GrB_BinaryOp times() { return GrB_TIMES_UINT64; }
  static GrB_BinaryOp min() { return GrB_MIN_UINT64; }
  static GrB_BinaryOp max() { return GrB_MAX_UINT64; }
  static GrB_BinaryOp first() { return GrB_FIRST_UINT64; }
  static GrB_BinaryOp second() { return GrB_SECOND_UINT64; }
  static GrB_BinaryOp minus() { return GrB_MINUS_UINT64; }
  static GrB_BinaryOp div() { return GrB_DIV_UINT64; }
  static GrB_BinaryOp eq() { return GrB_EQ_UINT64; }
  static GrB_BinaryOp ne() { return GrB_NE_UINT64; }
  static GrB_BinaryOp lt() { return GrB_LT_UINT64; }
  static GrB_BinaryOp gt() { return GrB_GT_UINT64; }
  static GrB_BinaryOp le() { return GrB_LE_UINT64; }
  static GrB_BinaryOp ge() { return GrB_GE_UINT64; }
  static GrB_BinaryOp pair() { return GxB_PAIR_UINT64; }
  static GrB_UnaryOp identity() { return GrB_IDENTITY_UINT64; }
  static GrB_UnaryOp ainv() { return GrB_AINV_UINT64; }
  static GrB_UnaryOp abs() { return GrB_ABS_UINT64; }
  static GrB_Monoid plus_monoid() { return GrB_PLUS_MONOID_UINT64; }
  static GrB_Monoid times_monoid() { return GrB_TIMES_MONOID_UINT64; }
  static GrB_Monoid min_monoid() { return GrB_MIN_MONOID_UINT64; }
  static GrB_Monoid max_monoid() { return GrB_MAX_MONOID_UINT64; }
  static GrB_Monoid any_monoid() { return GxB_ANY_UINT64_MONOID; }
  static GrB_Semiring semiring(std::string_view add, std::string_view mul) {
    if (add == "plus" && mul == "times") return GxB_PLUS_TIMES_UINT64;
    if (add == "min" && mul == "plus") return GxB_MIN_PLUS_UINT64;
    if (add == "max" && mul == "plus") return GxB_MAX_PLUS_UINT64;
    if (add == "max" && mul == "times") return GxB_MAX_TIMES_UINT64;
    if (add == "min" && mul == "times") return GxB_MIN_TIMES_UINT64;
    if (add == "max" && mul == "min") return GxB_MAX_MIN_UINT64;
    if (add == "min" && mul == "max") return GxB_MIN_MAX_UINT64;
    if (add == "plus" && mul == "min") return GxB_PLUS_MIN_UINT64;
    if (add == "any" && mul == "pair") return GxB_ANY_PAIR_UINT64;
    if (add == "plus" && mul == "pair") return GxB_PLUS_PAIR_UINT64;
    if (add == "min" && mul == "first") return GxB_MIN_FIRST_UINT64;
    if (add == "min" && mul == "second") return GxB_MIN_SECOND_UINT64;
    if (add == "plus" && mul == "first") return GxB_PLUS_FIRST_UINT64;
    if (add == "plus" && mul == "second") return GxB_PLUS_SECOND_UINT64;
    if (add == "any" && mul == "second") return GxB_ANY_SECOND_UINT64;
    if (add == "any" && mul == "first") return GxB_ANY_FIRST_UINT64;
    return nullptr;
  }
  static GrB_Info scalar_set(GrB_Scalar s, std::uint64_t x) {
    return GrB_Scalar_setElement_UINT64(s, x);
  }
  static GrB_Info vector_build(GrB_Vector w, const GrB_Index* i, const std::uint64_t* x,
                               GrB_Index n) {
    return GrB_Vector_build_UINT64(w, i, x, n, GrB_FIRST_UINT64);
  }
  static GrB_Info matrix_build(GrB_Matrix c, const GrB_Index* i, const GrB_Index* j,
                               const std::uint64_t* x, GrB_Index n, GrB_BinaryOp dup) {
    return GrB_Matrix_build_UINT64(c, i, j, x, n, dup);
  }
  static GrB_Info vector_tuples(GrB_Index* i, std::uint64_t* x, GrB_Index* n, GrB_Vector v) {
    return GrB_Vector_extractTuples_UINT64(i, x, n, v);
  }
  static GrB_Info matrix_tuples(GrB_Index* i, GrB_Index* j, std::uint64_t* x, GrB_Index* n,
                                GrB_Matrix a) {
    return GrB_Matrix_extractTuples_UINT64(i, j, x, n, a);
  }
  static GrB_Info vector_assign(GrB_Vector w, GrB_Vector mask, GrB_BinaryOp accum, std::uint64_t x,
                                const GrB_Index* i, GrB_Index ni, GrB_Descriptor desc) {
    return GrB_Vector_assign_UINT64(w, mask, accum, x, i, ni, desc);
  }
  static GrB_Info vector_reduce(std::uint64_t* c, GrB_Monoid monoid, GrB_Vector u) {
    return GrB_Vector_reduce_UINT64(c, nullptr, monoid, u, nullptr);
  }
  static GrB_Info matrix_reduce(std::uint64_t* c, GrB_Monoid monoid, GrB_Matrix a) {
    return GrB_Matrix_reduce_UINT64(c, nullptr, monoid, a, nullptr);
  }
  static GrB_Info vector_select(GrB_Vector w, GrB_Vector mask, GrB_IndexUnaryOp op, GrB_Vector u,
                                std::uint64_t thunk, GrB_Descriptor desc) {
    return GrB_Vector_select_UINT64(w, mask, nullptr, op, u, thunk, desc);
  }
  static GrB_Info matrix_select(GrB_Matrix c, GrB_Matrix mask, GrB_IndexUnaryOp op, GrB_Matrix a,
                                std::uint64_t thunk, GrB_Descriptor desc) {
    return GrB_Matrix_select_UINT64(c, mask, nullptr, op, a, thunk, desc);
  }
  static GrB_IndexUnaryOp value_ge() { return GrB_VALUEGE_UINT64; }
  static GrB_IndexUnaryOp value_lt() { return GrB_VALUELT_UINT64; }
  static GrB_IndexUnaryOp value_le() { return GrB_VALUELE_UINT64; }
  static GrB_IndexUnaryOp value_gt() { return GrB_VALUEGT_UINT64; }
  static GrB_IndexUnaryOp value_ne() { return GrB_VALUENE_UINT64; }
};

template <>
struct grb_ops<float> {
  static GrB_Type type() { return GrB_FP32; }
  static GrB_BinaryOp plus() { return GrB_PLUS_FP32; }
  static GrB_BinaryOp times() { return GrB_TIMES_FP32; }
  static GrB_BinaryOp min() { return GrB_MIN_FP32; }
  static GrB_BinaryOp max() { return GrB_MAX_FP32; }
  static GrB_BinaryOp first() { return GrB_FIRST_FP32; }
  static GrB_BinaryOp second() { return GrB_SECOND_FP32; }
  static GrB_BinaryOp minus() { return GrB_MINUS_FP32; }
  static GrB_BinaryOp div() { return GrB_DIV_FP32; }
  static GrB_BinaryOp eq() { return GrB_EQ_FP32; }
  static GrB_BinaryOp ne() { return GrB_NE_FP32; }
  static GrB_BinaryOp lt() { return GrB_LT_FP32; }
  static GrB_BinaryOp gt() { return GrB_GT_FP32; }
  static GrB_BinaryOp le() { return GrB_LE_FP32; }
  static GrB_BinaryOp ge() { return GrB_GE_FP32; }
  static GrB_BinaryOp pair() { return GxB_PAIR_FP32; }
  static GrB_UnaryOp identity() { return GrB_IDENTITY_FP32; }
  static GrB_UnaryOp ainv() { return GrB_AINV_FP32; }
  static GrB_UnaryOp abs() { return GrB_ABS_FP32; }
  static GrB_Monoid plus_monoid() { return GrB_PLUS_MONOID_FP32; }
  static GrB_Monoid times_monoid() { return GrB_TIMES_MONOID_FP32; }
  static GrB_Monoid min_monoid() { return GrB_MIN_MONOID_FP32; }
  static GrB_Monoid max_monoid() { return GrB_MAX_MONOID_FP32; }
  static GrB_Monoid any_monoid() { return GxB_ANY_FP32_MONOID; }
  static GrB_Semiring semiring(std::string_view add, std::string_view mul) {
    if (add == "plus" && mul == "times") return GxB_PLUS_TIMES_FP32;
    if (add == "min" && mul == "plus") return GxB_MIN_PLUS_FP32;
    if (add == "max" && mul == "plus") return GxB_MAX_PLUS_FP32;
    if (add == "max" && mul == "times") return GxB_MAX_TIMES_FP32;
    if (add == "min" && mul == "times") return GxB_MIN_TIMES_FP32;
    if (add == "max" && mul == "min") return GxB_MAX_MIN_FP32;
    if (add == "min" && mul == "max") return GxB_MIN_MAX_FP32;
    if (add == "plus" && mul == "min") return GxB_PLUS_MIN_FP32;
    if (add == "any" && mul == "pair") return GxB_ANY_PAIR_FP32;
    if (add == "plus" && mul == "pair") return GxB_PLUS_PAIR_FP32;
    if (add == "min" && mul == "first") return GxB_MIN_FIRST_FP32;
    if (add == "min" && mul == "second") return GxB_MIN_SECOND_FP32;
    if (add == "plus" && mul == "first") return GxB_PLUS_FIRST_FP32;
    if (add == "plus" && mul == "second") return GxB_PLUS_SECOND_FP32;
    if (add == "any" && mul == "second") return GxB_ANY_SECOND_FP32;
    if (add == "any" && mul == "first") return GxB_ANY_FIRST_FP32;
    return nullptr;
  }
  static GrB_Info scalar_set(GrB_Scalar s, float x) { return GrB_Scalar_setElement_FP32(s, x); }
  static GrB_Info vector_build(GrB_Vector w, const GrB_Index* i, const float* x, GrB_Index n) {
    return GrB_Vector_build_FP32(w, i, x, n, GrB_FIRST_FP32);
  }
  static GrB_Info matrix_build(GrB_Matrix c, const GrB_Index* i, const GrB_Index* j, const float* x,
                               GrB_Index n, GrB_BinaryOp dup) {
    return GrB_Matrix_build_FP32(c, i, j, x, n, dup);
  }
  static GrB_Info vector_tuples(GrB_Index* i, float* x, GrB_Index* n, GrB_Vector v) {
    return GrB_Vector_extractTuples_FP32(i, x, n, v);
  }
  static GrB_Info matrix_tuples(GrB_Index* i, GrB_Index* j, float* x, GrB_Index* n, GrB_Matrix a) {
    return GrB_Matrix_extractTuples_FP32(i, j, x, n, a);
  }
  static GrB_Info vector_assign(GrB_Vector w, GrB_Vector mask, GrB_BinaryOp accum, float x,
                                const GrB_Index* i, GrB_Index ni, GrB_Descriptor desc) {
    return GrB_Vector_assign_FP32(w, mask, accum, x, i, ni, desc);
  }
  static GrB_Info vector_reduce(float* c, GrB_Monoid monoid, GrB_Vector u) {
    return GrB_Vector_reduce_FP32(c, nullptr, monoid, u, nullptr);
  }
  static GrB_Info matrix_reduce(float* c, GrB_Monoid monoid, GrB_Matrix a) {
    return GrB_Matrix_reduce_FP32(c, nullptr, monoid, a, nullptr);
  }
  static GrB_Info vector_select(GrB_Vector w, GrB_Vector mask, GrB_IndexUnaryOp op, GrB_Vector u,
                                float thunk, GrB_Descriptor desc) {
    return GrB_Vector_select_FP32(w, mask, nullptr, op, u, thunk, desc);
  }
  static GrB_Info matrix_select(GrB_Matrix c, GrB_Matrix mask, GrB_IndexUnaryOp op, GrB_Matrix a,
                                float thunk, GrB_Descriptor desc) {
    return GrB_Matrix_select_FP32(c, mask, nullptr, op, a, thunk, desc);
  }
  static GrB_IndexUnaryOp value_ge() { return GrB_VALUEGE_FP32; }
  static GrB_IndexUnaryOp value_lt() { return GrB_VALUELT_FP32; }
  static GrB_IndexUnaryOp value_le() { return GrB_VALUELE_FP32; }
  static GrB_IndexUnaryOp value_gt() { return GrB_VALUEGT_FP32; }
  static GrB_IndexUnaryOp value_ne() { return GrB_VALUENE_FP32; }
};

template <>
struct grb_ops<double> {
  static GrB_Type type() { return GrB_FP64; }
  static GrB_BinaryOp plus() { return GrB_PLUS_FP64; }
  static GrB_BinaryOp times() { return GrB_TIMES_FP64; }
  static GrB_BinaryOp min() { return GrB_MIN_FP64; }
  static GrB_BinaryOp max() { return GrB_MAX_FP64; }
  static GrB_BinaryOp first() { return GrB_FIRST_FP64; }
  static GrB_BinaryOp second() { return GrB_SECOND_FP64; }
  static GrB_BinaryOp minus() { return GrB_MINUS_FP64; }
  static GrB_BinaryOp div() { return GrB_DIV_FP64; }
  static GrB_BinaryOp eq() { return GrB_EQ_FP64; }
  static GrB_BinaryOp ne() { return GrB_NE_FP64; }
  static GrB_BinaryOp lt() { return GrB_LT_FP64; }
  static GrB_BinaryOp gt() { return GrB_GT_FP64; }
  static GrB_BinaryOp le() { return GrB_LE_FP64; }
  static GrB_BinaryOp ge() { return GrB_GE_FP64; }
  static GrB_BinaryOp pair() { return GxB_PAIR_FP64; }
  static GrB_UnaryOp identity() { return GrB_IDENTITY_FP64; }
  static GrB_UnaryOp ainv() { return GrB_AINV_FP64; }
  static GrB_UnaryOp abs() { return GrB_ABS_FP64; }
  static GrB_Monoid plus_monoid() { return GrB_PLUS_MONOID_FP64; }
  static GrB_Monoid times_monoid() { return GrB_TIMES_MONOID_FP64; }
  static GrB_Monoid min_monoid() { return GrB_MIN_MONOID_FP64; }
  static GrB_Monoid max_monoid() { return GrB_MAX_MONOID_FP64; }
  static GrB_Monoid any_monoid() { return GxB_ANY_FP64_MONOID; }
  static GrB_Semiring semiring(std::string_view add, std::string_view mul) {
    if (add == "plus" && mul == "times") return GxB_PLUS_TIMES_FP64;
    if (add == "min" && mul == "plus") return GxB_MIN_PLUS_FP64;
    if (add == "max" && mul == "plus") return GxB_MAX_PLUS_FP64;
    if (add == "max" && mul == "times") return GxB_MAX_TIMES_FP64;
    if (add == "min" && mul == "times") return GxB_MIN_TIMES_FP64;
    if (add == "max" && mul == "min") return GxB_MAX_MIN_FP64;
    if (add == "min" && mul == "max") return GxB_MIN_MAX_FP64;
    if (add == "plus" && mul == "min") return GxB_PLUS_MIN_FP64;
    if (add == "any" && mul == "pair") return GxB_ANY_PAIR_FP64;
    if (add == "plus" && mul == "pair") return GxB_PLUS_PAIR_FP64;
    if (add == "min" && mul == "first") return GxB_MIN_FIRST_FP64;
    if (add == "min" && mul == "second") return GxB_MIN_SECOND_FP64;
    if (add == "plus" && mul == "first") return GxB_PLUS_FIRST_FP64;
    if (add == "plus" && mul == "second") return GxB_PLUS_SECOND_FP64;
    if (add == "any" && mul == "second") return GxB_ANY_SECOND_FP64;
    if (add == "any" && mul == "first") return GxB_ANY_FIRST_FP64;
    return nullptr;
  }
  static GrB_Info scalar_set(GrB_Scalar s, double x) { return GrB_Scalar_setElement_FP64(s, x); }
  static GrB_Info vector_build(GrB_Vector w, const GrB_Index* i, const double* x, GrB_Index n) {
    return GrB_Vector_build_FP64(w, i, x, n, GrB_FIRST_FP64);
  }
  static GrB_Info matrix_build(GrB_Matrix c, const GrB_Index* i, const GrB_Index* j,
                               const double* x, GrB_Index n, GrB_BinaryOp dup) {
    return GrB_Matrix_build_FP64(c, i, j, x, n, dup);
  }
  static GrB_Info vector_tuples(GrB_Index* i, double* x, GrB_Index* n, GrB_Vector v) {
    return GrB_Vector_extractTuples_FP64(i, x, n, v);
  }
  static GrB_Info matrix_tuples(GrB_Index* i, GrB_Index* j, double* x, GrB_Index* n, GrB_Matrix a) {
    return GrB_Matrix_extractTuples_FP64(i, j, x, n, a);
  }
  static GrB_Info vector_assign(GrB_Vector w, GrB_Vector mask, GrB_BinaryOp accum, double x,
                                const GrB_Index* i, GrB_Index ni, GrB_Descriptor desc) {
    return GrB_Vector_assign_FP64(w, mask, accum, x, i, ni, desc);
  }
  static GrB_Info vector_reduce(double* c, GrB_Monoid monoid, GrB_Vector u) {
    return GrB_Vector_reduce_FP64(c, nullptr, monoid, u, nullptr);
  }
  static GrB_Info matrix_reduce(double* c, GrB_Monoid monoid, GrB_Matrix a) {
    return GrB_Matrix_reduce_FP64(c, nullptr, monoid, a, nullptr);
  }
  static GrB_Info vector_select(GrB_Vector w, GrB_Vector mask, GrB_IndexUnaryOp op, GrB_Vector u,
                                double thunk, GrB_Descriptor desc) {
    return GrB_Vector_select_FP64(w, mask, nullptr, op, u, thunk, desc);
  }
  static GrB_Info matrix_select(GrB_Matrix c, GrB_Matrix mask, GrB_IndexUnaryOp op, GrB_Matrix a,
                                double thunk, GrB_Descriptor desc) {
    return GrB_Matrix_select_FP64(c, mask, nullptr, op, a, thunk, desc);
  }
  static GrB_IndexUnaryOp value_ge() { return GrB_VALUEGE_FP64; }
  static GrB_IndexUnaryOp value_lt() { return GrB_VALUELT_FP64; }
  static GrB_IndexUnaryOp value_le() { return GrB_VALUELE_FP64; }
  static GrB_IndexUnaryOp value_gt() { return GrB_VALUEGT_FP64; }
  static GrB_IndexUnaryOp value_ne() { return GrB_VALUENE_FP64; }
};

}  // namespace graphring::baselines

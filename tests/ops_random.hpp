// Shared by the tests that hold graphring's operations against SuiteSparse:GraphBLAS
// (tests/test_ops_*.cpp): seeded generators of random matrices and vectors in several shapes,
// converters between graphring's vector / matrix and the baselines' sparse_vector / csr_matrix /
// sparse_matrix, comparisons (exact for integers and bool, relative 1e-6 for floating types),
// and the table of write options (mask kind, complement, replace, accumulator) every operation
// is run under.
//
// Values are small and, for floating types, multiples of 1/4, so that every sum formed here is
// exact in float and double whatever order the two libraries add in; the 1e-6 tolerance then
// only has to absorb what a different grouping could never change. Integer values stay small, so
// no product or sum overflows.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "bench/baselines/graphblas_kernels.hpp"
#include "engine/ops/operations.hpp"

namespace graphring::testing::ops {

namespace gb = graphring::baselines;

using rng_t = std::mt19937_64;

// ---- values ----

// A small random value: bool either way; signed integers in [-4, 6]; unsigned in [0, 7];
// floating types a multiple of 1/4 in [-2, 4]. Zero is among them (explicit zeros matter to
// value masks and to the ANY monoid).
template <class T>
T random_value(rng_t& rng) {
  if constexpr (std::is_same_v<T, bool>) {
    return (rng() & 1) != 0;
  } else if constexpr (std::is_floating_point_v<T>) {
    return T(int(rng() % 25) - 8) / T(4);
  } else if constexpr (std::is_signed_v<T>) {
    return T(int(rng() % 11) - 4);
  } else {
    return T(rng() % 8);
  }
}

template <class T>
bool same_value(T got, T want) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(got) || std::isnan(want)) return std::isnan(got) && std::isnan(want);
    if (got == want) return true;  // infinities
    return std::abs(double(got) - double(want)) <=
           1e-6 * std::max(std::abs(double(got)), std::abs(double(want)));
  } else {
    return got == want;
  }
}

// ---- shapes ----

struct shape {
  const char* name;
  std::uint64_t nrows, ncols;
  double density;           // chance of each entry outside the special rows and columns
  bool empty_rows = false;  // about a quarter of the rows hold nothing
  bool dense_row = false;   // row nrows/2 and column ncols/3 are full
};

// The shapes every operation runs on. "big" is large enough for the kernels' parallel paths (its
// dense row is longer than a pull chunk, so one row is reduced by the whole thread team).
inline const std::vector<shape>& shapes() {
  static const std::vector<shape> all = {
      {"1x1", 1, 1, 1.0},
      {"empty", 7, 5, 0.0},
      {"rect", 23, 41, 0.15, true},
      {"tall", 57, 8, 0.3, true},
      {"square", 64, 64, 0.06, true, true},
      {"big", 6000, 6000, 6.0 / 6000, true, true},
  };
  return all;
}
inline const std::vector<shape>& small_shapes() {
  static const std::vector<shape> some(shapes().begin(), shapes().end() - 1);
  return some;
}
inline shape square_of(const shape& s) {
  return {s.name, s.nrows, s.nrows, s.density, s.empty_rows, s.dense_row};
}

inline std::uint64_t seed_of(const std::string& what, std::uint64_t salt = 0) {
  std::uint64_t h = 1469598103934665603ull ^ salt;
  for (char c : what) h = (h ^ std::uint8_t(c)) * 1099511628211ull;
  return h;
}

// ---- generators ----

// A random nrows × ncols matrix of shape s.
template <class T>
matrix<T> random_matrix(rng_t& rng, const shape& s) {
  array<vertex_id> rows, cols;
  array<T> values;
  std::binomial_distribution<std::uint64_t> count(s.ncols, s.density);
  std::vector<vertex_id> picked;
  for (std::uint64_t i = 0; i < s.nrows; ++i) {
    picked.clear();
    if (s.dense_row && i == s.nrows / 2) {
      for (std::uint64_t j = 0; j < s.ncols; ++j) picked.push_back(vertex_id(j));
    } else if (!(s.empty_rows && rng() % 4 == 0)) {
      const std::uint64_t k = count(rng);
      for (std::uint64_t e = 0; e < k; ++e) picked.push_back(vertex_id(rng() % s.ncols));
      if (s.dense_row) picked.push_back(vertex_id(s.ncols / 3));
      std::sort(picked.begin(), picked.end());
      picked.erase(std::unique(picked.begin(), picked.end()), picked.end());
    }
    for (vertex_id j : picked) {
      rows.push_back(vertex_id(i));
      cols.push_back(j);
      values.push_back(random_value<T>(rng));
    }
  }
  return matrix<T>::from_tuples(s.nrows, s.ncols, rows, cols, values);
}

// A random vector of size n holding about density·n entries, in the form conform() picks.
template <class T>
vector<T> random_vector(rng_t& rng, std::uint64_t n, double density) {
  array<vertex_id> indices;
  array<T> values;
  std::bernoulli_distribution present(density);
  for (std::uint64_t i = 0; i < n; ++i)
    if (density >= 1 || present(rng)) {
      indices.push_back(vertex_id(i));
      values.push_back(random_value<T>(rng));
    }
  auto v = vector<T>::from_sparse(n, std::move(indices), std::move(values));
  v.conform();
  return v;
}

// The densities an input vector is drawn with: none, 1% (sparse), a third (bitmap), full (dense).
inline const std::vector<double>& vector_densities() {
  static const std::vector<double> all = {0.0, 0.01, 0.33, 1.0};
  return all;
}

// ---- converters ----

// An empty sparse_vector of size n whose arrays have storage: the baselines hand indices.data()
// to GrB_Vector_build, which refuses a null pointer even for zero entries (GrB_NULL_POINTER).
template <class T>
gb::sparse_vector<T> gb_vector(std::uint64_t n) {
  gb::sparse_vector<T> r;
  r.size = n;
  r.indices.reserve(1);
  r.values.reserve(1);
  return r;
}

// v's entries as a sparse_vector, each value passed through f.
template <class R, class T, class F>
gb::sparse_vector<R> to_gb_as(const vector<T>& v, const F& f) {
  gb::sparse_vector<R> r = gb_vector<R>(v.size());
  v.for_each([&](std::uint64_t i, const T& x) {
    r.indices.push_back(i);
    r.values.push_back(f(x));
  });
  return r;
}

template <class T>
gb::sparse_vector<T> to_gb(const vector<T>& v) {
  return to_gb_as<T>(v, [](const T& x) { return x; });
}

// A mask as GraphBLAS reads it: true where the value is nonzero.
template <class M>
gb::sparse_vector<bool> mask_to_gb(const vector<M>& v) {
  return to_gb_as<bool>(v, [](const M& x) { return x != M(0); });
}

// The matrix as a csr_matrix sharing its structure; values typed T (bool as int32 0/1, which the
// baselines typecast back to bool).
template <class T>
csr_matrix to_csr(const matrix<T>& a) {
  using V = std::conditional_t<std::is_same_v<T, bool>, std::int32_t, T>;
  buffer<V> values(a.nvals());
  for (std::uint64_t p = 0; p < a.nvals(); ++p) values[p] = V(a.value(p));
  return csr_matrix{a.nrows(), a.ncols(), a.offsets(), a.cols(),
                    shared_array<V>(std::move(values))};
}

// ---- comparisons ----

// The form conform() would pick: every operation returns a conformed vector.
template <class T>
void expect_conformed(const vector<T>& w) {
  vector<T> c = w;
  c.conform();
  EXPECT_EQ(int(w.form()), int(c.form())) << "the result is not in the form its density calls for";
}

template <class T>
void expect_equal(const vector<T>& got, const gb::sparse_vector<T>& want) {
  const gb::sparse_vector<T> g = to_gb(got);
  ASSERT_EQ(g.size, want.size);
  ASSERT_EQ(g.indices, want.indices) << "the patterns differ";
  for (std::size_t e = 0; e < g.values.size(); ++e)
    ASSERT_TRUE(same_value(g.values[e], want.values[e]))
        << "at index " << g.indices[e] << ": graphring " << +g.values[e] << ", GraphBLAS "
        << +want.values[e];
  expect_conformed(got);
}

template <class T>
void expect_equal(const matrix<T>& got, const gb::sparse_matrix<T>& want) {
  ASSERT_EQ(got.nrows(), want.nrows);
  ASSERT_EQ(got.ncols(), want.ncols);
  ASSERT_EQ(got.nvals(), want.cols.size());
  for (std::uint64_t i = 0; i < got.nrows(); ++i) {
    ASSERT_EQ(got.offsets()[i + 1], want.offsets[i + 1]) << "row " << i << " differs in length";
    for (std::uint64_t p = got.offsets()[i]; p < got.offsets()[i + 1]; ++p) {
      ASSERT_EQ(got.cols()[p], want.cols[p]) << "row " << i << " differs in pattern";
      ASSERT_TRUE(same_value(got.value(p), want.values[p]))
          << "at (" << i << ", " << got.cols()[p] << "): graphring " << +got.value(p)
          << ", GraphBLAS " << +want.values[p];
    }
  }
}

// ---- write options: w<mask> = accum(w, t) ----

enum class mask_kind { none, value, structural };

struct write_options {
  mask_kind mask = mask_kind::none;
  bool complement = false;
  bool replace = false;
  gb::binary_kind accum = gb::binary_kind::none;
  double w_density = 0.3;  // the initial w (or C)

  std::string describe() const {
    static const char* masks[] = {"no mask", "value mask", "structural mask"};
    std::ostringstream s;
    s << masks[int(mask)] << (complement ? ", complemented" : "") << (replace ? ", replace" : "")
      << ", accum " << int(accum) << ", w density " << w_density;
    return s.str();
  }
};

// Every combination of mask kind × complement × replace × accumulator (none or `accum`).
inline std::vector<write_options> all_write_options(gb::binary_kind accum) {
  std::vector<write_options> all;
  for (int m = 0; m < 3; ++m)
    for (int bits = 0; bits < 8; ++bits)
      all.push_back({mask_kind(m), bool(bits & 1), bool(bits & 2),
                     bits & 4 ? accum : gb::binary_kind::none, bits & 4 ? 0.5 : 0.2});
  return all;
}

// `count` of them, drawn with the generator.
inline std::vector<write_options> some_write_options(rng_t& rng, gb::binary_kind accum,
                                                     std::size_t count) {
  std::vector<write_options> all = all_write_options(accum);
  std::shuffle(all.begin(), all.end(), rng);
  all.resize(std::min(count, all.size()));
  return all;
}

inline gb::descriptor gb_descriptor(const write_options& o, bool t0 = false, bool t1 = false) {
  return {.complement = o.complement,
          .structural = o.mask == mask_kind::structural,
          .replace = o.replace,
          .transpose_first = t0,
          .transpose_second = t1};
}

inline descriptor gr_descriptor(const write_options& o, bool t0 = false, bool t1 = false,
                                product_method method = product_method::automatic) {
  return {.replace = o.replace,
          .structural_mask = o.mask == mask_kind::structural,
          .complement_mask = o.complement,
          .transpose_first = t0,
          .transpose_second = t1,
          .method = method};
}

// A binary operator chosen at run time, as graphring's accumulator or element-wise operator:
// one type for all of them, so each operation is instantiated once per value type. It computes
// what GraphBLAS's operator of that kind computes over T (over bool, plus is lor, times land).
template <class T>
struct runtime_binary {
  gb::binary_kind kind;
  T operator()(T x, T y) const {
    using K = gb::binary_kind;
    switch (kind) {
      case K::plus:
        return plus_op<T>()(x, y);
      case K::times:
        return times_op<T>()(x, y);
      case K::min:
        return min_op<T>()(x, y);
      case K::max:
        return max_op<T>()(x, y);
      case K::first:
        return x;
      case K::second:
        return y;
      case K::minus:
        if constexpr (std::is_same_v<T, bool>) {
          return x != y;
        } else if constexpr (std::is_integral_v<T>) {
          return T(std::make_unsigned_t<T>(x) - std::make_unsigned_t<T>(y));
        } else {
          return x - y;
        }
      case K::pair:
        return T(1);
      default:
        break;
    }
    ADD_FAILURE() << "runtime_binary has no operator " << int(kind);
    return x;
  }
};

// The comparisons return bool, as GraphBLAS's GrB_EQ_T and friends do.
template <class T>
struct runtime_compare {
  gb::binary_kind kind;
  bool operator()(T x, T y) const {
    using K = gb::binary_kind;
    switch (kind) {
      case K::eq:
        return x == y;
      case K::ne:
        return x != y;
      case K::lt:
        return x < y;
      case K::gt:
        return x > y;
      default:
        break;
    }
    ADD_FAILURE() << "runtime_compare has no operator " << int(kind);
    return false;
  }
};

// Calls f(mask, accum) with graphring's forms of the options: no_mask or a vector<bool> mask,
// no_accum or runtime_binary.
template <class T, class M, class F>
void with_write_options(const write_options& o, const M& mask, F&& f) {
  const bool accumulate = o.accum != gb::binary_kind::none;
  if (o.mask == mask_kind::none) {
    if (accumulate) {
      f(no_mask, runtime_binary<T>{o.accum});
    } else {
      f(no_mask, no_accum);
    }
  } else {
    if (accumulate) {
      f(mask, runtime_binary<T>{o.accum});
    } else {
      f(mask, no_accum);
    }
  }
}

// Random masks for a result of size n (vector) or nrows × ncols (matrix): about half the
// positions carry an entry, a third of those false, so value and structural masks differ.
inline vector<bool> random_mask(rng_t& rng, std::uint64_t n) {
  array<vertex_id> indices;
  array<bool> values;
  for (std::uint64_t i = 0; i < n; ++i)
    if (rng() % 2) {
      indices.push_back(vertex_id(i));
      values.push_back(rng() % 3 != 0);
    }
  auto m = vector<bool>::from_sparse(n, std::move(indices), std::move(values));
  m.conform();
  return m;
}

// A matrix mask holds about six entries per row (half of them for narrow matrices).
inline matrix<bool> random_mask(rng_t& rng, std::uint64_t nrows, std::uint64_t ncols) {
  array<vertex_id> rows, cols;
  array<bool> values;
  const std::uint64_t odds = std::max<std::uint64_t>(2, ncols / 6);
  for (std::uint64_t i = 0; i < nrows; ++i)
    for (std::uint64_t j = 0; j < ncols; ++j)
      if (rng() % odds == 0) {
        rows.push_back(vertex_id(i));
        cols.push_back(vertex_id(j));
        values.push_back(rng() % 3 != 0);
      }
  return matrix<bool>::from_tuples(nrows, ncols, rows, cols, values);
}

// The baselines' options for a vector result: initial w, mask (when used), accumulator, flags.
template <class T>
gb::vector_options<T> gb_options(const write_options& o, const gb::sparse_vector<T>& w,
                                 const gb::sparse_vector<bool>& mask, bool t0 = false,
                                 bool t1 = false) {
  return {.w = &w,
          .mask = o.mask == mask_kind::none ? nullptr : &mask,
          .accum = o.accum,
          .desc = gb_descriptor(o, t0, t1)};
}

// The options hold pointers: temporaries would dangle.
template <class T>
gb::vector_options<T> gb_options(const write_options&, gb::sparse_vector<T>&&,
                                 const gb::sparse_vector<bool>&, bool = false,
                                 bool = false) = delete;
template <class T>
gb::vector_options<T> gb_options(const write_options&, const gb::sparse_vector<T>&,
                                 gb::sparse_vector<bool>&&, bool = false, bool = false) = delete;

template <class T>
gb::matrix_options<T> gb_options(const write_options& o, const csr_matrix& c,
                                 const csr_matrix& mask, bool t0 = false, bool t1 = false) {
  return {.c = &c,
          .mask = o.mask == mask_kind::none ? nullptr : &mask,
          .accum = o.accum,
          .desc = gb_descriptor(o, t0, t1)};
}

// The accumulator a value type is tested with: plus, or lor (plus) for bool; min for floating
// types, so that both an arithmetic and a selecting accumulator are covered.
template <class T>
gb::binary_kind accum_for() {
  if constexpr (std::is_floating_point_v<T>) {
    return gb::binary_kind::min;
  } else {
    return gb::binary_kind::plus;
  }
}

}  // namespace graphring::testing::ops

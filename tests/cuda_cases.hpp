// What the CUDA tests share: the cases (random matrices of tests/ops_random.hpp in every GPU
// format, input vectors of each density, masks) and the CPU engine's answer each GPU path must
// give. Exact for integers, bool and the path-count struct; floating values are multiples of 1/4,
// so sums agree in any order up to ops::same_value's 1e-6. An ANY monoid may pick any product: a
// result passes when it has the same pattern and each value is a valid pick.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

#include "engine/ops/operations.hpp"
#include "tests/cuda_test_semirings.hpp"
#include "tests/ops_random.hpp"

namespace graphring::testing::cuda_cases {

using ops::rng_t;

inline constexpr format_kind gpu_formats[] = {
    format_kind::csr,  format_kind::coo, format_kind::ell,  format_kind::hyb,
    format_kind::sell, format_kind::cci, format_kind::dtans};

// A random input value, the path-count struct included.
template <class T>
T input_value(rng_t& rng) {
  if constexpr (std::is_same_v<T, examples::path_count>) {
    return {double(rng() % 9) / 4, 1 + rng() % 3};
  } else {
    return ops::random_value<T>(rng);
  }
}

// About density·n entries (all of them at 1), in the form conform() picks.
template <class T>
vector<T> input_vector(rng_t& rng, std::uint64_t n, double density) {
  vector<T> v(n);
  std::bernoulli_distribution present(density);
  for (std::uint64_t i = 0; i < n; ++i)
    if (density >= 1 || present(rng)) v.set(i, input_value<T>(rng));
  v.conform();
  return v;
}

// The three write configurations every product runs under: no mask; a value mask; a
// complemented structural mask with replace and the semiring's own ⊕ as accumulator.
enum class writes { unmasked, value_mask, complemented_accumulated };
inline constexpr writes all_writes[] = {writes::unmasked, writes::value_mask,
                                        writes::complemented_accumulated};

inline descriptor descriptor_of(writes w, product_method method) {
  descriptor d;
  d.method = method;
  if (w == writes::complemented_accumulated)
    d.structural_mask = d.complement_mask = d.replace = true;
  return d;
}

template <class T>
bool same(const T& got, const T& want) {
  if constexpr (std::is_same_v<T, examples::path_count>) {
    return got == want;
  } else {
    return ops::same_value(got, want);
  }
}

// The same entries, values equal (accept(i, got, want) may accept other values).
template <class T, class Accept>
void expect_entries(const vector<T>& got, const vector<T>& want, const Accept& accept) {
  ASSERT_EQ(got.size(), want.size());
  ASSERT_EQ(got.nvals(), want.nvals()) << "the patterns differ";
  want.for_each([&](std::uint64_t i, const T& w) {
    const std::optional<T> g = got.get(i);
    ASSERT_TRUE(g.has_value()) << "entry " << i << " is missing";
    ASSERT_TRUE(same(*g, w) || accept(i, *g, w)) << "entry " << i << " differs";
  });
}

template <class T>
void expect_same(const vector<T>& got, const vector<T>& want) {
  expect_entries(got, want, [](std::uint64_t, const T&, const T&) { return false; });
}

// got against want; for an ANY monoid, where they differ got(i) = k must be a valid pick:
// rows(i, k) stored (rows: the matrix in the pull orientation, A for mxv and Aᵀ for vxm) and
// u(k) present.
template <class S, class T, class U>
void expect_product(const vector<typename S::c_type>& got, const vector<typename S::c_type>& want,
                    const matrix<T>& rows, const vector<U>& u) {
  using C = typename S::c_type;
  expect_entries(got, want, [&](std::uint64_t i, const C& g, const C&) {
    if constexpr (is_any_v<typename S::add_monoid> && S::positional) {
      const auto k = std::uint64_t(g);
      return g >= 0 && k < rows.ncols() && rows.get(i, k).has_value() && u.has(k);
    } else {
      return false;
    }
  });
}

// Calls call(mask, accumulator) with the arguments of write configuration `how`.
template <class S, class Mask, class Call>
void with_writes(writes how, const Mask& mask, const Call& call) {
  if (how == writes::unmasked) call(no_mask, no_accum);
  if (how == writes::value_mask) call(mask, no_accum);
  if (how == writes::complemented_accumulated) call(mask, typename S::add_monoid{});
}

// The CPU engine's w<mask> = accum(w, A ⊕.⊗ u) (vxm: u ⊕.⊗ A) under write configuration `how`.
template <bool vxm_call, class S, class T, class U>
vector<typename S::c_type> cpu_product(const matrix<T>& a, const vector<U>& u,
                                       const vector<bool>& mask, vector<typename S::c_type> w,
                                       writes how, const descriptor& d) {
  with_writes<S>(how, mask, [&](const auto& m, const auto& accum) {
    if constexpr (vxm_call) {
      vxm(w, m, accum, S{}, u, a, d);
    } else {
      mxv(w, m, accum, S{}, a, u, d);
    }
  });
  return w;
}

// A random matrix of shape s with values, or (iso) the same pattern with every entry 0.75.
inline matrix<double> weights(rng_t& rng, const ops::shape& s, bool iso) {
  auto a = ops::random_matrix<double>(rng, s);
  if (!iso) return a;
  return matrix<double>(s.nrows, s.ncols, a.offsets(), a.cols(), {}, 0.75);
}

}  // namespace graphring::testing::cuda_cases

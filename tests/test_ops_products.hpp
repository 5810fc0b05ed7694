// The check shared by tests/test_ops_products.cpp and tests/test_ops_semirings.cpp: mxv and vxm
// of graphring against GrB_mxv and GrB_vxm on every shape of tests/ops_random.hpp, input vectors
// from empty through 1% (sparse) and a third (bitmap) to full (dense), with the method left to
// dispatch and with push and pull forced, with and without the transpose flag, under the write
// options. Integer and boolean results must be equal, floating ones within 1e-6 relative; ANY
// semirings may pick another entry than GraphBLAS, and where the value differs it must be a valid
// choice (k indexes an entry of u and of the matrix row or column).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#include "tests/ops_random.hpp"

namespace graphring::testing::ops {

using K = gb::semiring_kind;

// Whether value x at output position i is an acceptable answer where an ANY semiring may choose.
template <class T>
using validator = std::function<bool(std::uint64_t i, T x)>;

template <class T>
void expect_equal_or_valid(const vector<T>& got, const gb::sparse_vector<T>& want,
                           const validator<T>& valid) {
  if (!valid) return expect_equal(got, want);
  const gb::sparse_vector<T> g = to_gb(got);
  ASSERT_EQ(g.indices, want.indices) << "the patterns differ";
  for (std::size_t e = 0; e < g.values.size(); ++e)
    if (g.values[e] != want.values[e]) {
      ASSERT_TRUE(valid(g.indices[e], g.values[e]))
          << "at index " << g.indices[e] << " graphring chose " << +g.values[e]
          << ", which is no valid choice";
    }
  expect_conformed(got);
}

struct product_case {
  K kind;
  gb::binary_kind accum;
  bool every_option = false;  // all 24 write options, not a random three
  bool big = false;           // also on the big shape
  bool any = false;           // positional ANY: check validity where values differ
};

// Calls f(mask, accum) for the write options o. With every_mode, as with_write_options does;
// otherwise (a semiring sweep, where the semiring is what varies) only a vector<bool> mask without
// accumulator is instantiated, which keeps the compile time of the sweep down: the other write
// modes are the same code for every semiring and are covered by the every_mode cases.
template <bool every_mode, class T, class F>
void with_product_options(const write_options& o, const vector<bool>& mask, F&& f) {
  if constexpr (every_mode) {
    with_write_options<T>(o, mask, f);
  } else {
    f(mask, no_accum);
  }
}

// w<mask> = accum(w, A ⊕.⊗ u) and w<mask> = accum(w, u ⊕.⊗ A) with A of shape s.
template <class T, class S, bool every_mode>
void check_products(const product_case& c, const shape& s) {
  SCOPED_TRACE(s.name);
  rng_t rng(seed_of(s.name, std::uint64_t(c.kind) * 131 + sizeof(T) * 7 + std::is_signed_v<T>));
  const matrix<T> a = random_matrix<T>(rng, s);
  const csr_matrix ac = to_csr(a);
  for (const bool vxm_side : {false, true}) {
    for (const bool t : {false, true}) {
      // mxv: w has A's rows (Aᵀ's with t); vxm: w has A's columns (Aᵀ's with t).
      const std::uint64_t out = (vxm_side != t) ? a.ncols() : a.nrows();
      const std::uint64_t in = (vxm_side != t) ? a.nrows() : a.ncols();
      for (const double density : vector_densities()) {
        SCOPED_TRACE(::testing::Message() << (vxm_side ? "vxm" : "mxv") << (t ? " transposed" : "")
                                          << ", u density " << density);
        const vector<T> u = random_vector<T>(rng, in, density);
        const auto gu = to_gb(u);
        // ANY choices: k must index an entry of u and of the (transposed) matrix row / column.
        validator<T> valid;
        if (c.any)
          valid = [&](std::uint64_t i, T k) {
            const std::uint64_t kk = std::uint64_t(k);  // a negative k becomes huge
            if (kk >= in || !u.has(kk)) return false;
            const bool row_major = vxm_side == t;  // (i, k) of A; otherwise (k, i)
            return row_major ? a.get(i, kk).has_value() : a.get(kk, i).has_value();
          };
        std::vector<write_options> options = c.every_option && s.nrows < 1000
                                                 ? all_write_options(c.accum)
                                                 : some_write_options(rng, c.accum, 24);
        if constexpr (!every_mode)
          std::erase_if(options, [](const write_options& o) {
            return o.mask == mask_kind::none || o.accum != gb::binary_kind::none;
          });
        if (!c.every_option || s.nrows >= 1000)
          options.resize(std::min<std::size_t>(options.size(), s.nrows < 1000 ? 3 : 2));
        for (const write_options& o : options) {
          SCOPED_TRACE(o.describe());
          const vector<T> w0 = random_vector<T>(rng, out, o.w_density);
          const vector<bool> mask = random_mask(rng, out);
          const auto gw = to_gb(w0);
          const auto gm = mask_to_gb(mask);
          const auto want = vxm_side
                                ? gb::grb_vxm<T>(c.kind, gu, ac, gb_options(o, gw, gm, false, t))
                                : gb::grb_mxv<T>(c.kind, ac, gu, gb_options(o, gw, gm, t, false));
          for (const product_method method :
               {product_method::automatic, product_method::push, product_method::pull}) {
            SCOPED_TRACE(::testing::Message() << "method " << int(method));
            vector<T> w = w0;
            with_product_options<every_mode, T>(o, mask, [&](const auto& m, const auto& accum) {
              if (vxm_side) {
                vxm(w, m, accum, S{}, u, a, gr_descriptor(o, false, t, method));
              } else {
                mxv(w, m, accum, S{}, a, u, gr_descriptor(o, t, false, method));
              }
            });
            expect_equal_or_valid(w, want, valid);
            if (::testing::Test::HasFatalFailure()) return;
          }
        }
      }
    }
  }
}

template <class T, class S, bool every_mode = false>
void check_products_on_every_shape(const product_case& c) {
  gb::graphblas_start(2);
  for (const shape& s : c.big ? shapes() : small_shapes()) {
    check_products<T, S, every_mode>(c, s);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

}  // namespace graphring::testing::ops

// Operations whose output is also their mask or their input (w<w> = ..., w = A ⊕.⊗ w), as the
// C API allows: the mask and the inputs are read as they were before the call. GraphBLAS is handed
// separate copies, so its answer is the one the specification defines. Also vectors of size 0.
#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <vector>

#include "tests/ops_random.hpp"

namespace graphring::testing::ops {
namespace {

using B = gb::binary_kind;
using K = gb::semiring_kind;

// Every write option with a mask (the mask being w itself, read by value or structure).
std::vector<write_options> masked_options() {
  std::vector<write_options> all = all_write_options(B::plus);
  std::erase_if(all, [](const write_options& o) { return o.mask == mask_kind::none; });
  return all;
}

// Runs op(w, mask = w) and compares with GraphBLAS's call on copies, for vectors w0 of size n
// and every density.
template <class Op, class Reference>
void check_self_masked(const char* what, std::uint64_t n, const Op& op,
                       const Reference& reference) {
  gb::graphblas_start(2);
  {
    rng_t rng(seed_of(what, n));
    for (const double density : {0.02, 0.5, 1.0}) {
      const vector<std::int32_t> w0 = random_vector<std::int32_t>(rng, n, density);
      const auto gw = to_gb(w0);
      const auto gm = mask_to_gb(w0);
      for (const write_options& o : masked_options()) {
        SCOPED_TRACE(::testing::Message()
                     << what << ": n " << n << ", w density " << density << ", " << o.describe());
        vector<std::int32_t> w = w0;
        if (o.accum == B::none) {
          op(w, no_accum, gr_descriptor(o));
        } else {
          op(w, plus_op<std::int32_t>(), gr_descriptor(o));
        }
        expect_equal(w, reference(gb_options(o, gw, gm)));
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
}

TEST(OpsAliasing, MaskIsTheOutput) {
  rng_t rng(seed_of("aliasing inputs"));
  const std::uint64_t sizes[] = {40, 3000};
  for (const std::uint64_t n : sizes) {
    const matrix<std::int32_t> a =
        random_matrix<std::int32_t>(rng, shape{"square", n, n, 4.0 / double(n), true, true});
    const csr_matrix ac = to_csr(a);
    const vector<std::int32_t> u = random_vector<std::int32_t>(rng, n, 0.3);
    const vector<std::int32_t> v = random_vector<std::int32_t>(rng, n, 0.05);
    const auto gu = to_gb(u), gv = to_gb(v);
    std::vector<std::uint64_t> some;
    for (std::uint64_t i = 0; i < n; i += 3) some.push_back((i * 7) % n);
    const vector<std::int32_t> part = random_vector<std::int32_t>(rng, some.size(), 0.5);
    const auto gpart = to_gb(part);
    const std::span<const std::uint64_t> indices(some);
    using vo = gb::vector_options<std::int32_t>;
    const std::string at = std::to_string(n);

    check_self_masked(
        ("mxv " + at).c_str(), n,
        [&](auto& w, const auto& accum, const descriptor& d) {
          mxv(w, w, accum, plus_times<std::int32_t>{}, a, u, d);
        },
        [&](const vo& o) { return gb::grb_mxv<std::int32_t>(K::plus_times, ac, gu, o); });
    check_self_masked(
        ("vxm push " + at).c_str(), n,
        [&](auto& w, const auto& accum, descriptor d) {
          d.method = product_method::push;
          vxm(w, w, accum, min_plus<std::int32_t>{}, v, a, d);
        },
        [&](const vo& o) { return gb::grb_vxm<std::int32_t>(K::min_plus, gv, ac, o); });
    check_self_masked(
        ("ewise_add " + at).c_str(), n,
        [&](auto& w, const auto& accum, const descriptor& d) {
          ewise_add(w, w, accum, times_op<std::int32_t>(), u, v, d);
        },
        [&](const vo& o) { return gb::grb_ewise_add<std::int32_t>(B::times, gu, gv, o); });
    check_self_masked(("apply " + at).c_str(), n,
                      [&](auto& w, const auto& accum, const descriptor& d) {
                        apply(w, w, accum, bind_second(plus_op<std::int32_t>(), 2), u, d);
                      },
                      [&](const vo& o) { return gb::grb_apply<std::int32_t>(B::plus, gu, 2, o); });
    check_self_masked(("reduce_rows " + at).c_str(), n,
                      [&](auto& w, const auto& accum, const descriptor& d) {
                        reduce_rows(w, w, accum, max_monoid<std::int32_t>{}, a, d);
                      },
                      [&](const vo& o) {
                        return gb::grb_reduce_rows<std::int32_t>(gb::monoid_kind::max, ac, o);
                      });
    check_self_masked(("assign " + at).c_str(), n,
                      [&](auto& w, const auto& accum, const descriptor& d) {
                        assign(w, w, accum, part, indices, d);
                      },
                      [&](const vo& o) { return gb::grb_assign<std::int32_t>(gpart, some, o); });
    check_self_masked(("assign all " + at).c_str(), n,
                      [&](auto& w, const auto& accum, const descriptor& d) {
                        assign(w, w, accum, u, all_indices, d);
                      },
                      [&](const vo& o) { return gb::grb_assign<std::int32_t>(gu, {}, o); });
    check_self_masked(
        ("assign_scalar " + at).c_str(), n,
        [&](auto& w, const auto& accum, const descriptor& d) {
          assign_scalar(w, w, accum, std::int32_t(7), indices, d);
        },
        [&](const vo& o) { return gb::grb_assign<std::int32_t>(std::int32_t(7), some, o); });
    check_self_masked(
        ("assign_scalar all " + at).c_str(), n,
        [&](auto& w, const auto& accum, const descriptor& d) {
          assign_scalar(w, w, accum, std::int32_t(7), all_indices, d);
        },
        [&](const vo& o) { return gb::grb_assign<std::int32_t>(std::int32_t(7), {}, o); });
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// w = A ⊕.⊗ w, w = w ⊕ w, w = f(w), w(I) = w: an input that is also the output is read whole
// before anything is written.
TEST(OpsAliasing, InputIsTheOutput) {
  gb::graphblas_start(2);
  rng_t rng(seed_of("input aliasing"));
  for (const std::uint64_t n : {40, 3000}) {
    const matrix<std::int32_t> a =
        random_matrix<std::int32_t>(rng, shape{"square", n, n, 4.0 / double(n), true, true});
    const csr_matrix ac = to_csr(a);
    for (const double density : {0.02, 0.5, 1.0}) {
      const vector<std::int32_t> w0 = random_vector<std::int32_t>(rng, n, density);
      const vector<bool> mask = random_mask(rng, n);
      const auto gw = to_gb(w0);
      const auto gm = mask_to_gb(mask);
      for (const write_options& o : all_write_options(B::plus)) {
        SCOPED_TRACE(::testing::Message()
                     << "n " << n << ", density " << density << ", " << o.describe());
        const auto go = gb_options(o, gw, gm);
        for (const product_method method : {product_method::push, product_method::pull}) {
          vector<std::int32_t> w = w0;
          with_write_options<std::int32_t>(o, mask, [&](const auto& m, const auto& accum) {
            mxv(w, m, accum, plus_times<std::int32_t>{}, a, w,
                gr_descriptor(o, false, false, method));
          });
          expect_equal(w, gb::grb_mxv<std::int32_t>(K::plus_times, ac, gw, go));
        }
        vector<std::int32_t> w = w0, x = w0;
        with_write_options<std::int32_t>(o, mask, [&](const auto& m, const auto& accum) {
          ewise_add(w, m, accum, plus_op<std::int32_t>(), w, w, gr_descriptor(o));
          select(x, m, accum, value_gt_op<std::int32_t>{0}, x, gr_descriptor(o));
        });
        expect_equal(w, gb::grb_ewise_add<std::int32_t>(B::plus, gw, gw, go));
        expect_equal(x, gb::grb_select<std::int32_t>(gb::select_kind::value_gt, gw, 0, go));
        vector<std::int32_t> y = w0;
        with_write_options<std::int32_t>(o, mask, [&](const auto& m, const auto& accum) {
          assign(y, m, accum, y, all_indices, gr_descriptor(o));
        });
        expect_equal(y, gb::grb_assign<std::int32_t>(gw, {}, go));
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
}

// Vectors and matrices with no positions at all (GraphBLAS refuses some of these as dimension
// mismatches, so graphring's answer, nothing, is checked directly).
TEST(OpsAliasing, SizeZero) {
  const matrix<std::int32_t> a(0, 0);
  const vector<std::int32_t> u(0);
  for (const write_options& o : all_write_options(B::plus)) {
    SCOPED_TRACE(o.describe());
    const vector<bool> mask(0);
    for (const product_method method : {product_method::push, product_method::pull}) {
      vector<std::int32_t> w(0), x(0);
      with_write_options<std::int32_t>(o, mask, [&](const auto& m, const auto& accum) {
        mxv(w, m, accum, plus_times<std::int32_t>{}, a, u, gr_descriptor(o, false, false, method));
        vxm(x, m, accum, plus_times<std::int32_t>{}, u, a, gr_descriptor(o, false, false, method));
      });
      EXPECT_EQ(w.size(), 0u);
      EXPECT_EQ(x.nvals(), 0u);
    }
    vector<std::int32_t> w(0);
    matrix<std::int32_t> c(0, 0);
    const matrix<bool> cmask(0, 0);
    with_write_options<std::int32_t>(o, mask, [&](const auto& m, const auto& accum) {
      ewise_add(w, m, accum, plus_op<std::int32_t>(), u, u, gr_descriptor(o));
      assign_scalar(w, m, accum, 3, all_indices, gr_descriptor(o));
    });
    with_write_options<std::int32_t>(o, cmask, [&](const auto& m, const auto& accum) {
      mxm(c, m, accum, plus_times<std::int32_t>{}, a, a, gr_descriptor(o));
    });
    EXPECT_EQ(w.nvals(), 0u);
    EXPECT_EQ(c.nvals(), 0u);
  }
  EXPECT_EQ(reduce(plus_monoid<std::int32_t>{}, u), 0);
  EXPECT_EQ(reduce(min_monoid<std::int32_t>{}, a), greatest_v<std::int32_t>);
}

}  // namespace
}  // namespace graphring::testing::ops

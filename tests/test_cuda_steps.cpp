// The GPU kernels' per-thread steps, run on the host one index after another
// (tests/cuda_emulation.hpp) over the very layouts the device matrices upload, against the CPU
// engine: pull in every GPU format (CSR, COO, ELL, HYB, SELL-32, CCI, CSR-dtANS) and push SpMSpV
// (both the atomic-form steps and the ordered sort-and-fold path), in the mxv and vxm orientations,
// for plus_times, min_plus, max_min, lor_land, any_secondi and a user-defined struct semiring, with
// no mask, a value mask and a complemented structural mask; then the entry steps of the other
// operations (write-back with every mask and accumulator option, merge, apply, select, row
// reductions, matrix select). Runs in every build: no GPU needed.
#include <gtest/gtest.h>

#include <optional>
#include <type_traits>

#include "engine/device/format_layout.hpp"
#include "semirings/flipped.hpp"
#include "semirings/named_ops.hpp"
#include "tests/cuda_cases.hpp"
#include "tests/cuda_emulation.hpp"

namespace graphring::testing {
namespace {

using cuda_cases::all_writes;
using cuda_cases::writes;
using ops::rng_t;

// rows in `kind` as the kernels see it, over host memory; nullopt where ELL refuses the padding.
template <class T>
std::optional<cuda::pull_rows<T>> host_rows(const matrix<T>& rows, format_kind kind,
                                            std::optional<device_layout::format_layout<T>>& keep) {
  if (kind != format_kind::csr) {
    try {
      keep.emplace(rows, kind);
    } catch (const error& e) {
      // ELL refusing a long row; dtANS values it cannot code (bool, a struct)
      EXPECT_EQ(e.kind(), kind == format_kind::dtans ? error_kind::usage : error_kind::limit);
      return std::nullopt;
    }
    return keep->host_rows();
  }
  cuda::pull_rows<T> r;
  r.nrows = rows.nrows();
  r.ncols = rows.ncols();
  r.iso = rows.iso_value();
  r.csr = rows.view();
  return r;
}

cuda::mask_view mask_for(writes how, const vector<bool>& mask, const descriptor& d,
                         array<std::uint8_t>& spread) {
  if (how == writes::unmasked) return {};
  return emulation::mask_of(mask, d, spread);
}

// The pull steps over A (mxv, S) or Aᵀ (vxm, flipped<S>) in every format.
template <class S, bool vxm_call, class T>
void check_pull(const matrix<T>& a, rng_t& rng) {
  using C = typename S::c_type;
  using P = std::conditional_t<vxm_call, flipped<S>, S>;
  using U = typename P::b_type;
  const matrix<T>& rows = vxm_call ? a.transposed() : a;
  for (format_kind kind : cuda_cases::gpu_formats) {
    SCOPED_TRACE(std::string("format ") + std::string(format_name(kind)));
    std::optional<device_layout::format_layout<T>> layout;
    const auto r = host_rows(rows, kind, layout);
    if (!r) continue;
    for (double density : {0.01, 0.33, 1.0}) {
      for (writes how : all_writes) {
        const vector<U> u = cuda_cases::input_vector<U>(rng, rows.ncols(), density);
        const vector<bool> mask = ops::random_mask(rng, rows.nrows());
        descriptor d = cuda_cases::descriptor_of(how, product_method::pull);
        d.replace = true;  // from an empty w: the product within the mask
        vector<U> x = u;
        x.to_addressable();
        array<std::uint8_t> spread;
        const auto got =
            emulation::pull<P>(*r, x.values(), x.present(), mask_for(how, mask, d, spread));
        const auto want =
            cuda_cases::cpu_product<vxm_call, S>(a, u, mask, vector<C>(rows.nrows()), how, d);
        cuda_cases::expect_product<P>(got, want, rows, u);
      }
    }
  }
}

// The push steps over A's rows (vxm, S) or Aᵀ's (mxv, flipped<S>), atomic and ordered.
template <class S, bool vxm_call, class T>
void check_push(const matrix<T>& a, rng_t& rng) {
  using C = typename S::c_type;
  using Q = std::conditional_t<vxm_call, S, flipped<S>>;
  using U = typename Q::a_type;
  const matrix<T>& rows = vxm_call ? a : a.transposed();
  const matrix<T>& pulled = vxm_call ? a.transposed() : a;
  for (double density : {0.0, 0.01, 0.2}) {
    for (writes how : all_writes) {
      vector<U> u = cuda_cases::input_vector<U>(rng, rows.nrows(), density);
      u.to_sparse();
      const vector<bool> mask = ops::random_mask(rng, rows.ncols());
      descriptor d = cuda_cases::descriptor_of(how, product_method::push);
      d.replace = true;
      array<std::uint8_t> spread;
      const cuda::mask_view m = mask_for(how, mask, d, spread);
      const auto want =
          cuda_cases::cpu_product<vxm_call, S>(a, u, mask, vector<C>(rows.ncols()), how, d);
      for (bool ordered : {false, true}) {
        if (!ordered && !cuda::has_atomic_form_v<typename S::add_monoid, C>) continue;
        SCOPED_TRACE(ordered ? "ordered push" : "atomic push");
        cuda_cases::expect_product<S>(emulation::push<Q>(rows.view(), u, m, ordered), want, pulled,
                                      u);
      }
    }
  }
}

template <class S, class T>
void check_products(const matrix<T>& a, rng_t& rng) {
  check_pull<S, false>(a, rng);
  check_push<S, false>(a, rng);
  if constexpr (std::is_convertible_v<T, typename S::b_type>) {
    check_pull<S, true>(a, rng);
    check_push<S, true>(a, rng);
  }
}

TEST(CudaSteps, ProductsEqualTheCpuEngineInEveryFormat) {
  // The small shapes: one thread's steps do not depend on the matrix's size (the GPU tests run
  // the big shape too, for the CSR bins that only long rows reach).
  for (const ops::shape& s : ops::small_shapes()) {
    for (bool iso : {false, true}) {
      SCOPED_TRACE(std::string("shape ") + s.name + (iso ? ", iso" : ""));
      rng_t rng(ops::seed_of(s.name, iso));
      const auto weights = cuda_cases::weights(rng, s, iso);
      check_products<plus_times<double>>(weights, rng);
      check_products<min_plus<double>>(weights, rng);
      check_products<max_min<double>>(weights, rng);
      check_products<lor_land<bool>>(ops::random_matrix<bool>(rng, s), rng);
      check_products<any_secondi<std::int64_t>>(ops::random_matrix<std::int64_t>(rng, s), rng);
      check_products<path_count_pull>(weights, rng);
      check_pull<examples::shortest_path_count, true>(weights, rng);
      check_push<examples::shortest_path_count, true>(weights, rng);
    }
  }
}

// w<mask> = accum(w, t) by write_back_at against the CPU's mxv under every write option.
TEST(CudaSteps, WriteBackFollowsTheCpuRule) {
  for (const ops::shape& s : ops::small_shapes()) {
    SCOPED_TRACE(s.name);
    rng_t rng(ops::seed_of(s.name, 7));
    const auto a = ops::random_matrix<double>(rng, s);
    const auto u = ops::random_vector<double>(rng, s.ncols, 0.5);
    vector<double> t(s.nrows);
    mxv(t, no_mask, no_accum, plus_times<double>{}, a, u);
    t.to_addressable();
    for (const ops::write_options& o : ops::all_write_options(ops::gb::binary_kind::plus)) {
      SCOPED_TRACE(o.describe());
      const auto w0 = ops::random_vector<double>(rng, s.nrows, o.w_density);
      const vector<bool> mask = ops::random_mask(rng, s.nrows);
      const descriptor d = ops::gr_descriptor(o);
      vector<double> want = w0;
      ops::with_write_options<double>(o, mask, [&](const auto& m, const auto& accum) {
        mxv(want, m, accum, plus_times<double>{}, a, u, d);
      });
      vector<double> old = w0;
      old.to_addressable();
      array<std::uint8_t> spread;
      const cuda::mask_view m = o.mask == ops::mask_kind::none
                                    ? cuda::mask_view{nullptr, nullptr, d.complement_mask}
                                    : emulation::mask_of(mask, d, spread);
      array<double> values(s.nrows);
      array<std::uint8_t> present(s.nrows, 2);
      for (std::uint64_t i = 0; i < s.nrows; ++i) {
        if (o.accum == ops::gb::binary_kind::none) {
          cuda::write_back_at<false>(i, m, d.replace, no_accum, old.values(), old.present(),
                                     t.values(), t.present(), values.data(), present.data());
        } else {
          cuda::write_back_at<true>(i, m, d.replace, plus_op<double>{}, old.values(), old.present(),
                                    t.values(), t.present(), values.data(), present.data());
        }
      }
      ops::expect_equal(emulation::from_workspace(std::move(values), std::move(present)),
                        ops::to_gb(want));
    }
  }
}

// Runs a per-index step over 0 .. n-1 into a fresh workspace.
template <class R, class Step>
vector<R> run_steps(std::uint64_t n, const Step& step) {
  array<R> values(n);
  array<std::uint8_t> present(n, 2);
  for (std::uint64_t i = 0; i < n; ++i) step(i, values.data(), present.data());
  return emulation::from_workspace(std::move(values), std::move(present));
}

TEST(CudaSteps, EntryStepsEqualTheCpuOperations) {
  for (const ops::shape& s : ops::small_shapes()) {
    SCOPED_TRACE(s.name);
    rng_t rng(ops::seed_of(s.name, 11));
    const std::uint64_t n = s.nrows;
    vector<double> u = ops::random_vector<double>(rng, n, 0.4),
                   v = ops::random_vector<double>(rng, n, 0.6);
    vector<double> want(n);
    u.to_addressable();
    v.to_addressable();
    // ewise_add and ewise_mult
    ewise_add(want, no_mask, no_accum, absolute_difference_op<double>{}, u, v);
    ops::expect_equal(run_steps<double>(n,
                                        [&](std::uint64_t i, double* out, std::uint8_t* in) {
                                          cuda::merge_at<true>(i, absolute_difference_op<double>{},
                                                               u.values(), u.present(), v.values(),
                                                               v.present(), out, in);
                                        }),
                      ops::to_gb(want));
    ewise_mult(want, no_mask, no_accum, times_op<double>{}, u, v);
    ops::expect_equal(run_steps<double>(n,
                                        [&](std::uint64_t i, double* out, std::uint8_t* in) {
                                          cuda::merge_at<false>(i, times_op<double>{}, u.values(),
                                                                u.present(), v.values(),
                                                                v.present(), out, in);
                                        }),
                      ops::to_gb(want));
    // apply and select
    const auto half_of = bind_first(divide_op<double>{}, 0.5);
    apply(want, no_mask, no_accum, half_of, u);
    ops::expect_equal(run_steps<double>(n,
                                        [&](std::uint64_t i, double* out, std::uint8_t* in) {
                                          cuda::map_at(
                                              i, cuda::apply_each<decltype(half_of)>{half_of},
                                              cuda::keep_every{}, u.values(), u.present(), out, in);
                                        }),
                      ops::to_gb(want));
    select(want, no_mask, no_accum, value_gt_op<double>{0.5}, u);
    ops::expect_equal(run_steps<double>(n,
                                        [&](std::uint64_t i, double* out, std::uint8_t* in) {
                                          cuda::map_at(i, cuda::same_value{},
                                                       cuda::keep_where<value_gt_op<double>>{{0.5}},
                                                       u.values(), u.present(), out, in);
                                        }),
                      ops::to_gb(want));
    // reduce_rows and matrix select
    const auto a = ops::random_matrix<double>(rng, s);
    reduce_rows(want, no_mask, no_accum, min_monoid<double>{}, a);
    ops::expect_equal(run_steps<double>(n,
                                        [&](std::uint64_t i, double* out, std::uint8_t* in) {
                                          cuda::reduce_row_at<min_monoid<double>>(a.view(), i, out,
                                                                                  in);
                                        }),
                      ops::to_gb(want));
    matrix<double> kept(s.nrows, s.ncols);
    const value_le_op<double> small{0.5};
    select(kept, no_mask, no_accum, small, a);
    array<edge_offset> offsets(n + 1, 0);
    for (std::uint64_t i = 0; i < n; ++i)
      offsets[i + 1] = offsets[i] + cuda::kept_in_row(a.view(), small, i);
    for (std::uint64_t i = 0; i <= n; ++i) ASSERT_EQ(offsets[i], kept.offsets()[i]);
    array<vertex_id> cols(kept.nvals());
    array<double> values(kept.nvals());
    for (std::uint64_t i = 0; i < n; ++i)
      cuda::copy_kept_row(a.view(), small, offsets.data(), i, cols.data(), values.data());
    for (std::uint64_t p = 0; p < kept.nvals(); ++p) {
      ASSERT_EQ(cols[p], kept.cols()[p]);
      ASSERT_EQ(values[p], kept.value(p));
    }
  }
}

}  // namespace
}  // namespace graphring::testing

// The vector operations held against SuiteSparse:GraphBLAS: ewise_add / ewise_mult (GrB_eWiseAdd,
// GrB_eWiseMult with arithmetic, selecting and comparison operators), apply (unary and with a
// bound scalar: GrB_apply), select (GrB_select with positional and value predicates), reduce to a
// scalar and reduce_rows (GrB_reduce), assign and assign_scalar (GrB_assign), extract
// (GrB_extract), on vectors from size 1 to 6000 at every density, under every write option.
// apply_index has no GraphBLAS counterpart in the baselines: its result t is formed directly here
// and GraphBLAS applies the write-back w<mask> = accum(w, t) (an identity apply).
#include <gtest/gtest.h>
#include <omp.h>

#include <cstdint>
#include <optional>
#include <span>
#include <variant>
#include <vector>

#include "tests/ops_random.hpp"

namespace graphring::testing::ops {
namespace {

using B = gb::binary_kind;

const std::vector<std::uint64_t>& vector_sizes() {
  static const std::vector<std::uint64_t> all = {1, 9, 64, 300, 6000};
  return all;
}

// Runs check(n, u, v, o, w0, mask) for every size, density and some (or every) write option.
template <class T, class Check>
void for_each_vector_case(const char* what, bool every_option, const Check& check) {
  gb::graphblas_start(2);
  for (const std::uint64_t n : vector_sizes()) {
    rng_t rng(seed_of(what, n * 17 + sizeof(T) + std::is_signed_v<T>));
    for (const double du : vector_densities()) {
      const double dv = vector_densities()[rng() % vector_densities().size()];
      const vector<T> u = random_vector<T>(rng, n, du);
      const vector<T> v = random_vector<T>(rng, n, dv);
      const auto options = every_option && n < 1000 ? all_write_options(accum_for<T>())
                                                    : some_write_options(rng, accum_for<T>(), 3);
      for (const write_options& o : options) {
        SCOPED_TRACE(::testing::Message() << what << ": n " << n << ", u density " << du
                                          << ", v density " << dv << ", " << o.describe());
        const vector<T> w0 = random_vector<T>(rng, n, o.w_density);
        const vector<bool> mask = random_mask(rng, n);
        check(n, u, v, o, w0, mask);
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
}

template <class T>
void check_vector_elementwise(bool every_option) {
  for_each_vector_case<T>(
      "ewise", every_option,
      [](std::uint64_t, const vector<T>& u, const vector<T>& v, const write_options& o,
         const vector<T>& w0, const vector<bool>& mask) {
        const auto gw = to_gb(w0);
        const auto gm = mask_to_gb(mask);
        const auto go = gb_options(o, gw, gm);
        const auto gu = to_gb(u), gv = to_gb(v);
        std::vector<B> ops = {B::plus, B::times, B::min, B::max, B::first, B::second, B::pair};
        if constexpr (!std::is_same_v<T, bool>) ops.push_back(B::minus);
        for (const B op : ops) {
          SCOPED_TRACE(::testing::Message() << "operator " << int(op));
          vector<T> add = w0, mult = w0;
          with_write_options<T>(o, mask, [&](const auto& m, const auto& accum) {
            ewise_add(add, m, accum, runtime_binary<T>{op}, u, v, gr_descriptor(o));
            ewise_mult(mult, m, accum, runtime_binary<T>{op}, u, v, gr_descriptor(o));
          });
          expect_equal(add, gb::grb_ewise_add<T>(op, gu, gv, go));
          expect_equal(mult, gb::grb_ewise_mult<T>(op, gu, gv, go));
        }
        // Comparisons return bool; an entry of u or v alone is cast to bool before it reaches w.
        for (const B op : {B::eq, B::ne, B::lt, B::gt}) {
          SCOPED_TRACE(::testing::Message() << "comparison " << int(op));
          vector<T> add = w0, mult = w0;
          with_write_options<T>(o, mask, [&](const auto& m, const auto& accum) {
            ewise_add(add, m, accum, runtime_compare<T>{op}, u, v, gr_descriptor(o));
            ewise_mult(mult, m, accum, runtime_compare<T>{op}, u, v, gr_descriptor(o));
          });
          expect_equal(add, gb::grb_ewise_add<T>(op, gu, gv, go));
          expect_equal(mult, gb::grb_ewise_mult<T>(op, gu, gv, go));
        }
      });
}

TEST(OpsVector, ElementwiseInt32EveryWriteMode) { check_vector_elementwise<std::int32_t>(true); }
TEST(OpsVector, ElementwiseOtherTypes) {
  check_vector_elementwise<bool>(false);
  check_vector_elementwise<std::uint64_t>(false);
  check_vector_elementwise<float>(false);
  check_vector_elementwise<double>(false);
}

// GraphBLAS's unary operators over T: identity, additive inverse, absolute value.
template <class T>
struct runtime_unary {
  gb::unary_kind kind;
  T operator()(T x) const {
    switch (kind) {
      case gb::unary_kind::identity:
        return x;
      case gb::unary_kind::ainv:
        if constexpr (std::is_same_v<T, bool>) {
          return x;
        } else if constexpr (std::is_unsigned_v<T>) {
          return T(T(0) - x);
        } else {
          return T(-x);
        }
      case gb::unary_kind::abs:
        if constexpr (std::is_unsigned_v<T> || std::is_same_v<T, bool>) {
          return x;
        } else {
          return T(x < 0 ? -x : x);
        }
    }
    return x;
  }
};

template <class T>
void check_apply(bool every_option) {
  for_each_vector_case<T>(
      "apply", every_option,
      [](std::uint64_t n, const vector<T>& u, const vector<T>&, const write_options& o,
         const vector<T>& w0, const vector<bool>& mask) {
        const auto gw = to_gb(w0);
        const auto gm = mask_to_gb(mask);
        const auto go = gb_options(o, gw, gm);
        const auto gu = to_gb(u);
        for (const auto f : {gb::unary_kind::identity, gb::unary_kind::ainv, gb::unary_kind::abs}) {
          vector<T> w = w0;
          with_write_options<T>(o, mask, [&](const auto& m, const auto& accum) {
            apply(w, m, accum, runtime_unary<T>{f}, u, gr_descriptor(o));
          });
          SCOPED_TRACE(::testing::Message() << "unary " << int(f));
          expect_equal(w, gb::grb_apply<T>(f, gu, go));
        }
        const T y = T(3);
        for (const B op : {B::plus, B::times, B::min, B::second, B::first}) {
          vector<T> w = w0;
          with_write_options<T>(o, mask, [&](const auto& m, const auto& accum) {
            apply(w, m, accum, bind_second(runtime_binary<T>{op}, y), u, gr_descriptor(o));
          });
          SCOPED_TRACE(::testing::Message() << "bound second " << int(op));
          expect_equal(w, gb::grb_apply<T>(op, gu, y, go));
        }
        // apply_index: t(i) = i - 2 (as T) for each entry of u; GraphBLAS does the write-back.
        gb::sparse_vector<T> t = gb_vector<T>(n);
        u.for_each([&](std::uint64_t i, const T&) {
          t.indices.push_back(i);
          t.values.push_back(T(std::int64_t(i) - 2));
        });
        vector<T> w = w0;
        with_write_options<T>(o, mask, [&](const auto& m, const auto& accum) {
          apply_index(w, m, accum, row_index_op{-2}, u, gr_descriptor(o));
        });
        SCOPED_TRACE("apply_index row_index_op{-2}");
        expect_equal(w, gb::grb_apply<T>(gb::unary_kind::identity, t, go));
      });
}

TEST(OpsVector, ApplyInt32EveryWriteMode) { check_apply<std::int32_t>(true); }
TEST(OpsVector, ApplyOtherTypes) {
  check_apply<std::int64_t>(false);
  check_apply<std::uint32_t>(false);
  check_apply<double>(false);
  check_apply<bool>(false);
}

// Calls f with graphring's index-unary predicate for a GraphBLAS select kind and thunk.
template <class T, class F>
void with_select_op(gb::select_kind kind, T thunk, F&& f) {
  using S = gb::select_kind;
  const auto k = std::int64_t(thunk);
  switch (kind) {
    case S::tril:
      return f(tril_op{k});
    case S::triu:
      return f(triu_op{k});
    case S::diag:
      return f(diag_op{});
    case S::offdiag:
      return f(offdiag_op{});
    case S::value_ne:
      return f(value_ne_op<T>{thunk});
    case S::value_lt:
      return f(value_lt_op<T>{thunk});
    case S::value_le:
      return f(value_le_op<T>{thunk});
    case S::value_gt:
      return f(value_gt_op<T>{thunk});
    case S::value_ge:
      return f(value_ge_op<T>{thunk});
  }
}

// The (kind, thunk) pairs tried: diag and offdiag only with offset 0 (graphring's diag_op and
// offdiag_op have no offset).
template <class T>
std::vector<std::pair<gb::select_kind, T>> select_cases() {
  using S = gb::select_kind;
  std::vector<std::pair<S, T>> all = {{S::diag, T(0)},     {S::offdiag, T(0)},  {S::value_ne, T(0)},
                                      {S::value_lt, T(1)}, {S::value_le, T(1)}, {S::value_gt, T(2)},
                                      {S::value_ge, T(2)}};
  if constexpr (std::is_signed_v<T>) {
    for (const T k : {T(-3), T(0), T(4)}) {
      all.push_back({S::tril, k});
      all.push_back({S::triu, k});
    }
  } else {
    all.push_back({S::tril, T(0)});
    all.push_back({S::triu, T(0)});
  }
  return all;
}

template <class T>
void check_select(bool every_option) {
  for_each_vector_case<T>(
      "select", every_option,
      [](std::uint64_t, const vector<T>& u, const vector<T>&, const write_options& o,
         const vector<T>& w0, const vector<bool>& mask) {
        const auto gw = to_gb(w0);
        const auto gm = mask_to_gb(mask);
        const auto go = gb_options(o, gw, gm);
        const auto gu = to_gb(u);
        for (const auto& [kind, thunk] : select_cases<T>()) {
          SCOPED_TRACE(::testing::Message() << "select " << int(kind) << " thunk " << +thunk);
          vector<T> w = w0;
          with_select_op<T>(kind, thunk, [&](const auto& keep) {
            with_write_options<T>(o, mask, [&](const auto& m, const auto& accum) {
              select(w, m, accum, keep, u, gr_descriptor(o));
            });
          });
          expect_equal(w, gb::grb_select<T>(kind, gu, thunk, go));
        }
      });
}

TEST(OpsVector, SelectInt32EveryWriteMode) { check_select<std::int32_t>(true); }
TEST(OpsVector, SelectOtherTypes) {
  check_select<std::uint64_t>(false);
  check_select<float>(false);
}

// Calls f with graphring's monoid for a GraphBLAS monoid kind over T.
template <class T, class F>
void with_monoid(gb::monoid_kind kind, F&& f) {
  using M = gb::monoid_kind;
  switch (kind) {
    case M::plus:
      return f(plus_monoid<T>{});
    case M::times:
      return f(times_monoid<T>{});
    case M::min:
      return f(min_monoid<T>{});
    case M::max:
      return f(max_monoid<T>{});
    case M::any:
      return f(any_monoid<T>{});
  }
}

constexpr gb::monoid_kind all_monoids[] = {gb::monoid_kind::plus, gb::monoid_kind::times,
                                           gb::monoid_kind::min, gb::monoid_kind::max,
                                           gb::monoid_kind::any};

template <class T>
void check_reduce_vector() {
  gb::graphblas_start(2);
  for (const std::uint64_t n : vector_sizes()) {
    rng_t rng(seed_of("reduce", n + sizeof(T)));
    for (const double density : vector_densities()) {
      vector<T> u = random_vector<T>(rng, n, density);
      // No zeros, so that a product is not simply 0 (w and u may be the same vector).
      if constexpr (!std::is_same_v<T, bool>) select(u, no_mask, no_accum, value_ne_op<T>{T(0)}, u);
      const auto gu = to_gb(u);
      for (const gb::monoid_kind kind : all_monoids) {
        // A long floating product rounds (and may overflow) differently in another order.
        if (std::is_floating_point_v<T> && kind == gb::monoid_kind::times && n > 64) continue;
        SCOPED_TRACE(::testing::Message()
                     << "n " << n << ", density " << density << ", monoid " << int(kind));
        with_monoid<T>(kind, [&](auto monoid) {
          const T got = reduce(monoid, u);
          const T want = gb::grb_reduce<T>(kind, gu);
          if (kind == gb::monoid_kind::any && got != want) {
            bool found = false;
            u.for_each([&](std::uint64_t, const T& x) { found = found || x == got; });
            EXPECT_TRUE(found) << "ANY returned " << +got << ", which u does not hold";
          } else {
            EXPECT_TRUE(same_value(got, want)) << "graphring " << +got << ", GraphBLAS " << +want;
          }
        });
      }
    }
  }
}

TEST(OpsVector, ReduceToScalar) {
  check_reduce_vector<bool>();
  check_reduce_vector<std::int32_t>();
  check_reduce_vector<std::uint32_t>();
  check_reduce_vector<std::int64_t>();
  check_reduce_vector<float>();
  check_reduce_vector<double>();
}

// w<mask> = accum(w, ⊕_j A(:, j)) over the rows of A (or of Aᵀ).
template <class T>
void check_reduce_rows(bool every_option) {
  gb::graphblas_start(2);
  for (const shape& s : shapes()) {
    rng_t rng(seed_of(s.name, 77 + sizeof(T)));
    const matrix<T> a = random_matrix<T>(rng, s);
    const csr_matrix ac = to_csr(a);
    for (const bool t : {false, true}) {
      const std::uint64_t n = t ? a.ncols() : a.nrows();
      const auto options = every_option && s.nrows < 1000
                               ? all_write_options(accum_for<T>())
                               : some_write_options(rng, accum_for<T>(), 3);
      for (const write_options& o : options) {
        const vector<T> w0 = random_vector<T>(rng, n, o.w_density);
        const vector<bool> mask = random_mask(rng, n);
        const auto gw = to_gb(w0);
        const auto gm = mask_to_gb(mask);
        const auto go = gb_options(o, gw, gm, t);
        for (const gb::monoid_kind kind : all_monoids) {
          if (kind == gb::monoid_kind::any) continue;  // checked for validity below
          SCOPED_TRACE(::testing::Message() << s.name << (t ? " transposed" : "") << ", monoid "
                                            << int(kind) << ", " << o.describe());
          vector<T> w = w0;
          with_monoid<T>(kind, [&](auto monoid) {
            with_write_options<T>(o, mask, [&](const auto& m, const auto& accum) {
              reduce_rows(w, m, accum, monoid, a, gr_descriptor(o, t));
            });
          });
          expect_equal(w, gb::grb_reduce_rows<T>(kind, ac, go));
          if (::testing::Test::HasFatalFailure()) return;
        }
      }
      // ANY: one entry per non-empty row, holding one of the row's values.
      vector<T> w(n);
      reduce_rows(w, no_mask, no_accum, any_monoid<T>{}, a, descriptor{.transpose_first = t});
      const matrix<T>& rows = t ? a.transposed() : a;
      for (std::uint64_t i = 0; i < n; ++i) {
        const auto got = w.get(i);
        ASSERT_EQ(got.has_value(), rows.offsets()[i + 1] > rows.offsets()[i]) << "row " << i;
        if (!got) continue;
        bool found = false;
        for (std::uint64_t p = rows.offsets()[i]; p < rows.offsets()[i + 1]; ++p)
          found = found || rows.value(p) == *got;
        EXPECT_TRUE(found) << "ANY gave row " << i << " a value it does not hold";
      }
    }
  }
}

TEST(OpsVector, ReduceRowsInt32EveryWriteMode) { check_reduce_rows<std::int32_t>(true); }
TEST(OpsVector, ReduceRowsOtherTypes) {
  check_reduce_rows<bool>(false);
  check_reduce_rows<std::uint64_t>(false);
  check_reduce_rows<float>(false);
}

// reduce_rows over an iso matrix takes each row's ⊕ from its length (x · length for an integer
// sum, x for an idempotent monoid, the length for a floating-point sum of ones) instead of reading
// the entries: it must equal the same matrix
// with x stored in every entry (whose rows are checked against GraphBLAS above), on every shape,
// transposed or not; `big` is large enough for the threads.
template <class T>
void check_reduce_rows_of_iso(T x) {
  for (const shape& s : shapes()) {
    rng_t rng(seed_of(s.name, 91 + sizeof(T)));
    csr_matrix pattern = to_csr(random_matrix<T>(rng, s));
    pattern.values = std::monostate{};
    const matrix<T> iso = matrix<T>::from_csr(pattern, x);
    array<vertex_id> rows, cols;
    array<T> values;
    for (std::uint64_t i = 0; i < pattern.nrows; ++i)
      for (edge_offset p = pattern.row_begin(i); p < pattern.row_end(i); ++p) {
        rows.push_back(vertex_id(i));
        cols.push_back(pattern.cols[p]);
        values.push_back(x);
      }
    const matrix<T> stored = matrix<T>::from_tuples(s.nrows, s.ncols, rows, cols, values);
    ASSERT_EQ(iso.is_iso(), pattern.nnz() > 0);
    for (const bool t : {false, true}) {
      const std::uint64_t n = t ? s.ncols : s.nrows;
      for (const gb::monoid_kind kind : all_monoids) {
        SCOPED_TRACE(::testing::Message() << s.name << (t ? " transposed" : "") << ", monoid "
                                          << int(kind) << ", value " << +x);
        with_monoid<T>(kind, [&](auto monoid) {
          vector<T> from_length(n), from_entries(n);
          reduce_rows(from_length, no_mask, no_accum, monoid, iso, {.transpose_first = t});
          reduce_rows(from_entries, no_mask, no_accum, monoid, stored, {.transpose_first = t});
          expect_equal(from_length, to_gb(from_entries));
        });
      }
    }
  }
}

TEST(OpsVector, ReduceRowsOfAnIsoMatrixEqualsStoredValues) {
  check_reduce_rows_of_iso<std::int32_t>(-3);
  check_reduce_rows_of_iso<std::uint64_t>(7);
  check_reduce_rows_of_iso<std::int64_t>(1);  // BFS's out-degrees
  check_reduce_rows_of_iso<float>(0.25f);
  check_reduce_rows_of_iso<float>(1.0f);  // PageRank's out-degrees
  check_reduce_rows_of_iso<double>(1.0);
  check_reduce_rows_of_iso<bool>(true);
}

// s = ⊕ u⟨mask⟩, graphring's masked reduce, equals assigning u⟨mask⟩ to an empty vector and
// reducing that (both held against GraphBLAS above), for value and structural masks, plain and
// complemented, of every form and of u's type or another, for sizes from 1 to 100 000 (the
// threads' paths) and every density of u.
template <class T, class M>
void check_masked_reduce() {
  for (const std::uint64_t n : {std::uint64_t(1), std::uint64_t(9), std::uint64_t(300),
                                std::uint64_t(6000), std::uint64_t(100000)}) {
    rng_t rng(seed_of("masked reduce", n + sizeof(T) * 7 + sizeof(M)));
    for (const double du : vector_densities()) {
      const vector<T> u = random_vector<T>(rng, n, du);
      for (const double dm : {0.01, 0.3, 1.0}) {
        const vector<M> mask = random_vector<M>(rng, n, dm);
        for (const bool structural : {false, true})
          for (const bool complement : {false, true}) {
            const descriptor d{.structural_mask = structural, .complement_mask = complement};
            vector<T> allowed(n);
            assign(allowed, mask, no_accum, u, all_indices, d);
            for (const gb::monoid_kind kind : all_monoids) {
              if (kind == gb::monoid_kind::any || kind == gb::monoid_kind::times) continue;
              SCOPED_TRACE(::testing::Message()
                           << "n " << n << ", u density " << du << ", mask density " << dm
                           << (structural ? ", structural" : ", value")
                           << (complement ? ", complemented" : "") << ", monoid " << int(kind));
              with_monoid<T>(kind, [&](auto monoid) {
                const T got = reduce(monoid, u, mask, d);
                const T want = reduce(monoid, allowed);
                EXPECT_TRUE(same_value(got, want)) << "masked " << +got << ", assigned " << +want;
              });
            }
          }
      }
    }
  }
}

TEST(OpsVector, MaskedReduceEqualsReduceOfTheAllowedEntries) {
  check_masked_reduce<std::int64_t, std::int64_t>();  // BFS: Σ outdeg⟨q⟩
  check_masked_reduce<double, bool>();
  check_masked_reduce<std::uint32_t, float>();
  check_masked_reduce<bool, bool>();
}

// s = ⊕ A⟨rows⟩, the rows the mask allows, equals the rows' reductions (reduce_rows, checked
// against GraphBLAS above) reduced under the mask, for the matrix with its values and as an iso
// matrix (whose rows cost their offsets under a sum or an idempotent monoid: BFS's m_f), for masks
// of every density, value and structural, plain and complemented, over A's rows and Aᵀ's, on
// every shape.
template <class T, class M>
void check_reduce_of_rows(T iso_value) {
  for (const shape& s : shapes()) {
    rng_t rng(seed_of(s.name, 57 + sizeof(T) + 3 * sizeof(M)));
    const matrix<T> valued = random_matrix<T>(rng, s);
    csr_matrix pattern = to_csr(valued);
    pattern.values = std::monostate{};
    const matrix<T> iso = matrix<T>::from_csr(pattern, iso_value);
    for (const double dm : {0.01, 0.3, 1.0})
      for (const bool transposed : {false, true}) {  // Aᵀ's rows: A's columns
        const std::uint64_t n = transposed ? s.ncols : s.nrows;
        const vector<M> rows = random_vector<M>(rng, n, dm);
        for (const bool structural : {false, true})
          for (const bool complement : {false, true}) {
            const descriptor d{.structural_mask = structural,
                               .complement_mask = complement,
                               .transpose_first = transposed};
            const descriptor by_mask{.structural_mask = structural, .complement_mask = complement};
            for (const gb::monoid_kind kind : all_monoids) {
              if (kind == gb::monoid_kind::any) continue;
              SCOPED_TRACE(::testing::Message()
                           << s.name << ", mask density " << dm
                           << (structural ? ", structural" : ", value")
                           << (complement ? ", complemented" : "")
                           << (transposed ? ", transposed" : "") << ", monoid " << int(kind));
              with_monoid<T>(kind, [&](auto monoid) {
                for (const matrix<T>* a : {&valued, &iso}) {
                  vector<T> sums(n);
                  reduce_rows(sums, no_mask, no_accum, monoid, *a, {.transpose_first = transposed});
                  const T want = reduce(monoid, sums, rows, by_mask);
                  const T got = reduce(monoid, *a, rows, d);
                  EXPECT_TRUE(same_value(got, want))
                      << "rows " << +got << ", sums " << +want << (a == &iso ? " (iso)" : "");
                }
              });
            }
          }
      }
  }
}

TEST(OpsVector, ReduceOfTheMaskedRowsEqualsTheirSumsReduced) {
  check_reduce_of_rows<std::int64_t, std::int64_t>(1);  // BFS: m_f = ⊕ A⟨q⟩
  check_reduce_of_rows<std::uint32_t, bool>(3);
  check_reduce_of_rows<bool, float>(true);
  const matrix<std::int64_t> a(4, 5);
  EXPECT_THROW(reduce(plus_monoid<std::int64_t>{}, a, vector<bool>(5)), error);  // 4 rows
}

// w<q, structural> = u and = s on vectors of 100 000 entries, where a w that is or becomes a
// bitmap, or is dense, is written in place by the thread team (a dense w whose u lacks some of
// the mask's entries turns into a bitmap), and a sparse w that stays sparse is merged; u is a
// vector of its own or the mask itself (BFS's parents<q> = q, read from the mask's entries), on
// 1 to 3 threads, against GraphBLAS.
TEST(OpsVector, StructurallyMaskedAssignOnLargeVectorsEqualsGraphBLAS) {
  gb::graphblas_start(2);
  const std::uint64_t n = 100000;
  rng_t rng(seed_of("masked assign", n));
  const write_options o{mask_kind::structural};
  const int saved = omp_get_max_threads();
  for (const double w_density : {0.0, 0.01, 0.4, 1.0})
    for (const double q_density : {0.005, 0.3, 1.0})
      for (const bool u_is_mask : {false, true}) {
        const vector<std::int64_t> w0 = random_vector<std::int64_t>(rng, n, w_density);
        const vector<std::int64_t> q = random_vector<std::int64_t>(rng, n, q_density);
        const vector<std::int64_t> other = random_vector<std::int64_t>(rng, n, 0.5);
        const vector<std::int64_t>& u = u_is_mask ? q : other;
        const auto gw = to_gb(w0);
        const auto gm = mask_to_gb(q);
        const auto go = gb_options(o, gw, gm);
        const auto want = gb::grb_assign<std::int64_t>(to_gb(u), {}, go);
        const auto want_scalar = gb::grb_assign<std::int64_t>(std::int64_t(7), {}, go);
        for (int threads = 1; threads <= 3; ++threads) {
          SCOPED_TRACE(::testing::Message()
                       << "w density " << w_density << ", q density " << q_density
                       << (u_is_mask ? ", u = q" : "") << ", " << threads << " threads");
          omp_set_num_threads(threads);
          vector<std::int64_t> w = w0, ws = w0;
          assign(w, q, no_accum, u, all_indices, {.structural_mask = true});
          assign_scalar(ws, q, no_accum, std::int64_t(7), all_indices, {.structural_mask = true});
          expect_equal(w, want);
          expect_equal(ws, want_scalar);
        }
      }
  omp_set_num_threads(saved);
}

// w<mask> = f(u) and w<mask> = s without accumulator or replace into a dense or bitmap w of
// 100 000 entries, which are written in place by the thread team (values blended by their bits
// where both types agree; a dense w whose u lacks an allowed entry turns into a bitmap), under
// value and structural masks, plain and complemented, on 1 to 3 threads, against GraphBLAS.
template <class T>
void check_masked_writes_in_place() {
  gb::graphblas_start(2);
  const std::uint64_t n = 100000;
  rng_t rng(seed_of("masked writes in place", n + sizeof(T)));
  const int saved = omp_get_max_threads();
  for (const double w_density : {0.4, 1.0})
    for (const double u_density : {0.6, 1.0})
      for (const mask_kind kind : {mask_kind::value, mask_kind::structural})
        for (const bool complement : {false, true}) {
          const write_options o{kind, complement, false, gb::binary_kind::none, w_density};
          const vector<T> w0 = random_vector<T>(rng, n, w_density);
          const vector<T> u = random_vector<T>(rng, n, u_density);
          const vector<bool> mask = random_mask(rng, n);
          const auto gw = to_gb(w0);
          const auto gm = mask_to_gb(mask);
          const auto go = gb_options(o, gw, gm);
          const auto want = gb::grb_apply<T>(gb::unary_kind::ainv, to_gb(u), go);
          const auto want_scalar = gb::grb_assign<T>(T(7), {}, go);
          for (int threads = 1; threads <= 3; ++threads) {
            SCOPED_TRACE(::testing::Message() << o.describe() << ", u density " << u_density << ", "
                                              << threads << " threads");
            omp_set_num_threads(threads);
            vector<T> w = w0, ws = w0;
            apply(w, mask, no_accum, runtime_unary<T>{gb::unary_kind::ainv}, u, gr_descriptor(o));
            assign_scalar(ws, mask, no_accum, T(7), all_indices, gr_descriptor(o));
            expect_equal(w, want);
            expect_equal(ws, want_scalar);
          }
        }
  omp_set_num_threads(saved);
}

TEST(OpsVector, MaskedWritesIntoDenseOrBitmapVectorsEqualGraphBLAS) {
  check_masked_writes_in_place<float>();
  check_masked_writes_in_place<std::int64_t>();
  check_masked_writes_in_place<bool>();
}

// A bitmap w that only gains entries under a structural mask stays a bitmap however few it holds
// (a BFS's parents, made a bitmap up front, are written in place level after level), and full it
// becomes dense; one that loses entries takes the form its density calls for.
TEST(OpsVector, MaskedAssignKeepsAGrowingBitmap) {
  const std::uint64_t n = 100000;
  vector<std::int64_t> w(n);
  w.to_bitmap();
  vector<std::int64_t> q(n);
  q.set(5, 50);
  q.set(70000, 7);
  assign(w, q, no_accum, q, all_indices, {.structural_mask = true});
  EXPECT_EQ(w.form(), vector_form::bitmap);
  EXPECT_EQ(w.nvals(), 2u);
  EXPECT_EQ(w.get(70000), std::optional<std::int64_t>(7));
  // u without an entry at 5: w(5) is deleted, and w, now losing, is conformed (sparse)
  vector<std::int64_t> u(n);
  u.set(70000, 8);
  assign(w, q, no_accum, u, all_indices, {.structural_mask = true});
  EXPECT_EQ(w.form(), vector_form::sparse);
  EXPECT_EQ(w.nvals(), 1u);
  EXPECT_EQ(w.get(70000), std::optional<std::int64_t>(8));
  // a bitmap filled to every position is dense
  vector<std::int64_t> all = vector<std::int64_t>::dense(n, 1), z(n);
  z.to_bitmap();
  assign(z, all, no_accum, all, all_indices, {.structural_mask = true});
  EXPECT_EQ(z.form(), vector_form::dense);
}

// The index lists tried for a vector of size n: every index (GrB_ALL, as an empty list to the
// baselines), a shuffled subset without repeats (assign) or with repeats (extract).
std::vector<std::vector<std::uint64_t>> index_lists(rng_t& rng, std::uint64_t n, bool repeats) {
  std::vector<std::vector<std::uint64_t>> lists(1);
  std::vector<std::uint64_t> all(n);
  for (std::uint64_t i = 0; i < n; ++i) all[i] = i;
  std::shuffle(all.begin(), all.end(), rng);
  lists.push_back({all.begin(), all.begin() + (n + 2) / 3});
  lists.push_back(all);  // every index, in shuffled order
  if (repeats) {
    std::vector<std::uint64_t> some;
    for (std::uint64_t k = 0; k < n / 2 + 3; ++k) some.push_back(rng() % n);
    lists.push_back(some);
  }
  return lists;
}

template <class T>
void check_assign_extract(bool every_option) {
  gb::graphblas_start(2);
  for (const std::uint64_t n : vector_sizes()) {
    rng_t rng(seed_of("assign", n + sizeof(T)));
    for (const double density : vector_densities()) {
      for (const bool extracting : {false, true}) {
        for (const auto& list : index_lists(rng, n, extracting)) {
          const std::uint64_t count = list.empty() ? n : list.size();
          // assign: u has |I| positions and w has n; extract: u has n and w has |I|.
          const std::uint64_t out = extracting ? count : n;
          const vector<T> u = random_vector<T>(rng, extracting ? n : count, density);
          const auto gu = to_gb(u);
          const auto options = every_option && n < 1000
                                   ? all_write_options(accum_for<T>())
                                   : some_write_options(rng, accum_for<T>(), 3);
          for (const write_options& o : options) {
            SCOPED_TRACE(::testing::Message()
                         << (extracting ? "extract" : "assign") << ": n " << n << ", density "
                         << density << ", |I| " << (list.empty() ? "all" : std::to_string(count))
                         << ", " << o.describe());
            const vector<T> w0 = random_vector<T>(rng, out, o.w_density);
            const vector<bool> mask = random_mask(rng, out);
            const auto gw = to_gb(w0);
            const auto gm = mask_to_gb(mask);
            const auto go = gb_options(o, gw, gm);
            const std::span<const std::uint64_t> indices(list);
            // the same list as 32-bit indices (a graphring extension) gives the same result
            const std::vector<std::uint32_t> list32(list.begin(), list.end());
            const std::span<const std::uint32_t> indices32(list32);
            vector<T> w = w0, ws = w0, w32 = w0;
            const T scalar = T(5);
            with_write_options<T>(o, mask, [&](const auto& m, const auto& accum) {
              if (extracting && list.empty()) {
                extract(w, m, accum, u, all_indices, gr_descriptor(o));
              } else if (extracting) {
                extract(w, m, accum, u, indices, gr_descriptor(o));
                extract(w32, m, accum, u, indices32, gr_descriptor(o));
              } else if (list.empty()) {
                assign(w, m, accum, u, all_indices, gr_descriptor(o));
                assign_scalar(ws, m, accum, scalar, all_indices, gr_descriptor(o));
              } else {
                assign(w, m, accum, u, indices, gr_descriptor(o));
                assign_scalar(ws, m, accum, scalar, indices, gr_descriptor(o));
                assign(w32, m, accum, u, indices32, gr_descriptor(o));
              }
            });
            const auto want =
                extracting ? gb::grb_extract<T>(gu, list, go) : gb::grb_assign<T>(gu, list, go);
            expect_equal(w, want);
            if (!list.empty()) {
              SCOPED_TRACE("32-bit indices");
              expect_equal(w32, want);
            }
            if (!extracting) {
              SCOPED_TRACE("assign_scalar");
              expect_equal(ws, gb::grb_assign<T>(scalar, list, go));
            }
            if (::testing::Test::HasFatalFailure()) return;
          }
        }
      }
    }
  }
}

TEST(OpsVector, AssignAndExtractInt32EveryWriteMode) { check_assign_extract<std::int32_t>(true); }
TEST(OpsVector, AssignAndExtractOtherTypes) {
  check_assign_extract<bool>(false);
  check_assign_extract<std::int64_t>(false);
  check_assign_extract<double>(false);
}

// Repeated indices with an accumulator fold one after another (graphring's definition; the C API
// leaves them undefined): w(I(k)) = accum(w(I(k)), u(k)) for k in order, a scatter-reduce such
// as FastSV's hooking. An integer min or max into a dense w folds them from several threads at
// once; the result must still be the in-order fold, here computed by a plain loop, for a dense
// and a sparse w, a dense and a sparse u, and a list long enough for the threads.
template <class T, class Accum>
void check_scatter_reduce(Accum accum) {
  rng_t rng(seed_of("scatter-reduce", sizeof(T)));
  const std::uint64_t n = 50000, count = 3 * n;
  std::vector<std::uint64_t> list(count);
  for (std::uint64_t& i : list) i = rng() % (n / 10);  // about 30 entries per target
  for (const double w_density : {1.0, 0.3}) {
    for (const double u_density : {1.0, 0.5}) {
      SCOPED_TRACE(::testing::Message()
                   << "w density " << w_density << ", u density " << u_density);
      const vector<T> w0 = random_vector<T>(rng, n, w_density);
      const vector<T> u = random_vector<T>(rng, count, u_density);
      std::vector<T> want(n);
      std::vector<bool> has(n);
      for (std::uint64_t i = 0; i < n; ++i) {
        has[i] = w0.get(i).has_value();
        want[i] = w0.get(i).value_or(T{});
      }
      for (std::uint64_t k = 0; k < count; ++k) {
        const std::optional<T> x = u.get(k);
        if (!x) continue;
        const std::uint64_t i = list[k];
        want[i] = has[i] ? accum(want[i], *x) : *x;
        has[i] = true;
      }
      vector<T> w = w0, w32 = w0;
      assign(w, no_mask, accum, u, std::span<const std::uint64_t>(list));
      const std::vector<std::uint32_t> list32(list.begin(), list.end());
      assign(w32, no_mask, accum, u, std::span<const std::uint32_t>(list32));
      for (std::uint64_t i = 0; i < n; ++i) {
        ASSERT_EQ(w.get(i).has_value(), has[i]) << "at " << i;
        ASSERT_EQ(w32.get(i).has_value(), has[i]) << "32-bit indices, at " << i;
        if (has[i]) {
          ASSERT_EQ(*w.get(i), want[i]) << "at " << i;
          ASSERT_EQ(*w32.get(i), want[i]) << "32-bit indices, at " << i;
        }
      }
    }
  }
}

TEST(OpsVector, AssignFoldsRepeatedIndicesInOrder) {
  check_scatter_reduce<std::uint64_t>(min_op<std::uint64_t>{});
  check_scatter_reduce<std::int32_t>(max_op<std::int32_t>{});
  check_scatter_reduce<std::int32_t>(plus_op<std::int32_t>{});
  check_scatter_reduce<double>(min_op<double>{});
}

// A mask of another type than bool, read by value (nonzero) or structure, gives the same result
// as the bool mask GraphBLAS is handed.
TEST(OpsVector, MaskOfAnotherTypeReadsNonzeroAsTrue) {
  gb::graphblas_start(2);
  rng_t rng(seed_of("int mask"));
  const std::uint64_t n = 300;
  const vector<std::int32_t> u = random_vector<std::int32_t>(rng, n, 0.5);
  const vector<std::int32_t> v = random_vector<std::int32_t>(rng, n, 0.5);
  for (const double md : {0.02, 0.5, 1.0}) {
    const vector<double> mask = random_vector<double>(rng, n, md);  // holds explicit zeros
    for (const write_options& o : all_write_options(B::plus)) {
      if (o.mask == mask_kind::none) continue;
      SCOPED_TRACE(::testing::Message() << "mask density " << md << ", " << o.describe());
      const vector<std::int32_t> w0 = random_vector<std::int32_t>(rng, n, o.w_density);
      vector<std::int32_t> w = w0;
      if (o.accum == B::none) {
        ewise_add(w, mask, no_accum, plus_op<std::int32_t>(), u, v, gr_descriptor(o));
      } else {
        ewise_add(w, mask, plus_op<std::int32_t>(), plus_op<std::int32_t>(), u, v,
                  gr_descriptor(o));
      }
      const auto gm = mask_to_gb(mask);
      const auto gw = to_gb(w0);
      expect_equal(
          w, gb::grb_ewise_add<std::int32_t>(B::plus, to_gb(u), to_gb(v), gb_options(o, gw, gm)));
    }
  }
}

}  // namespace
}  // namespace graphring::testing::ops

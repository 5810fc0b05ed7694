// The matrix operations held against SuiteSparse:GraphBLAS: mxm (GrB_mxm; Gustavson and masked
// dot, forced or left to dispatch, with transpose flags), ewise_add / ewise_mult (GrB_eWiseAdd,
// GrB_eWiseMult), select (GrB_select), transpose (GrB_transpose) and reduce to a scalar
// (GrB_reduce), under every write option: mask by value or structure, complemented, accumulator,
// replace; ewise_add / ewise_mult with a triangle as the mask against GraphBLAS given the
// triangle's positions as a mask matrix; and mxm_reduce against the sum of GrB_mxm's
// product. apply, apply_index and extract_matrix have no matrix counterpart in the baselines:
// their result T is formed directly here and GraphBLAS performs C<M> = accum(C, T) (GrB_transpose
// with the input transposed, which copies it).
#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <vector>

#include "tests/ops_random.hpp"

namespace graphring::testing::ops {
namespace {

using B = gb::binary_kind;
using K = gb::semiring_kind;

// A random matrix of r × c entries with shape s's density and features.
template <class T>
matrix<T> random_matrix_sized(rng_t& rng, const shape& s, std::uint64_t r, std::uint64_t c) {
  return random_matrix<T>(rng, shape{s.name, r, c, s.density, s.empty_rows, s.dense_row});
}

// The mxm shapes: the small ones and a medium sparse square (a large dense row would make the
// product dense).
const std::vector<shape>& product_shapes() {
  static const std::vector<shape> all = [] {
    std::vector<shape> s = small_shapes();
    s.push_back({"medium", 200, 200, 3.0 / 200, true, false});
    return s;
  }();
  return all;
}

// The initial C: the option's density, but no more than about six entries per row.
shape output_shape(const shape& s, const write_options& o) {
  return {s.name, 0, 0,
          std::min(o.w_density, 6.0 / double(std::max<std::uint64_t>(s.ncols, s.nrows)))};
}

// f(s, t0, t1, A, B) for every product shape s and transpose flags t0, t1: A is m × k of shape s
// (stored k × m when t0 says it is used transposed) and B k × m (m × k with t1), so that the
// product is m × m. The generator is seeded from the shape's name and `seed`.
template <class T, class F>
void for_each_product_case(std::uint64_t seed, F&& f) {
  for (const shape& s : product_shapes()) {
    rng_t rng(seed_of(s.name, seed));
    const std::uint64_t m = s.nrows, k = s.ncols;
    for (int flags = 0; flags < 4; ++flags) {
      const bool t0 = flags & 1, t1 = flags & 2;
      const matrix<T> a =
          t0 ? random_matrix_sized<T>(rng, s, k, m) : random_matrix_sized<T>(rng, s, m, k);
      const matrix<T> b =
          t1 ? random_matrix_sized<T>(rng, s, m, k) : random_matrix_sized<T>(rng, s, k, m);
      f(rng, s, t0, t1, a, b);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

// C<M> = accum(C, A ⊕.⊗ B) with A m × k of shape s and B k × m.
template <class T, class S>
void check_mxm(K kind, B accum, bool every_option) {
  gb::graphblas_start(2);
  for_each_product_case<T>(
      std::uint64_t(kind) * 37 + sizeof(T),
      [&](rng_t& rng, const shape& s, bool t0, bool t1, const matrix<T>& a, const matrix<T>& b) {
        const std::uint64_t m = s.nrows;
        const csr_matrix ac = to_csr(a), bc = to_csr(b);
        const auto options =
            every_option ? all_write_options(accum) : some_write_options(rng, accum, 4);
        for (const write_options& o : options) {
          SCOPED_TRACE(::testing::Message()
                       << s.name << (t0 ? ", A transposed" : "") << (t1 ? ", B transposed" : "")
                       << ", " << o.describe());
          const matrix<T> c0 = random_matrix_sized<T>(rng, output_shape(s, o), m, m);
          const matrix<bool> mask = random_mask(rng, m, m);
          const csr_matrix cc = to_csr(c0), mc = to_csr(mask);
          const auto want = gb::grb_mxm<T>(kind, ac, bc, gb_options<T>(o, cc, mc, t0, t1));
          for (const product_method method :
               {product_method::automatic, product_method::push, product_method::pull}) {
            for (const bool cached : {false, true}) {
              if (cached && method != product_method::automatic) continue;
              SCOPED_TRACE(::testing::Message()
                           << "method " << int(method) << (cached ? ", Bᵀ cached" : ""));
              // A fresh B each time, so that only `cached` decides whether Bᵀ is at hand.
              const matrix<T> bb(b.nrows(), b.ncols(), b.offsets(), b.cols(), b.values(), T{});
              if (cached) (void)bb.transposed();
              matrix<T> c = c0;
              with_write_options<T>(o, mask, [&](const auto& mm, const auto& acc) {
                mxm(c, mm, acc, S{}, a, bb, gr_descriptor(o, t0, t1, method));
              });
              expect_equal(c, want);
              if (::testing::Test::HasFatalFailure()) return;
            }
          }
        }
      });
}

TEST(OpsMatrix, MxmPlusTimesInt32EveryWriteMode) {
  check_mxm<std::int32_t, plus_times<std::int32_t>>(K::plus_times, B::plus, true);
}
TEST(OpsMatrix, MxmOtherSemirings) {
  check_mxm<std::int32_t, any_pair<std::int32_t>>(K::any_pair, B::plus, false);
  check_mxm<std::int32_t, max_min<std::int32_t>>(K::max_min, B::max, false);
  check_mxm<std::int64_t, min_secondi<std::int64_t>>(K::min_secondi, B::min, false);
  check_mxm<std::uint64_t, plus_pair<std::uint64_t>>(K::plus_pair, B::plus, false);
  check_mxm<float, min_plus<float>>(K::min_plus, B::min, false);
  check_mxm<double, plus_times<double>>(K::plus_times, B::plus, false);
  check_mxm<bool, lor_land<bool>>(K::lor_land, B::plus, false);
  check_mxm<bool, lxor_land<bool>>(K::lxor_land, B::plus, false);
}

// Runs check(s, rng, o, c0, mask) for every shape and some (or every) write option; c0 and mask
// have r × c entries where (r, c) = dims(s).
template <class T, class Dims, class Check>
void for_each_matrix_case(const char* what, bool every_option, const Dims& dims,
                          const Check& check) {
  gb::graphblas_start(2);
  for (const shape& s : product_shapes()) {
    rng_t rng(seed_of(what, seed_of(s.name) + sizeof(T)));
    const auto [r, c] = dims(s);
    const auto options = every_option ? all_write_options(accum_for<T>())
                                      : some_write_options(rng, accum_for<T>(), 4);
    for (const write_options& o : options) {
      SCOPED_TRACE(::testing::Message() << what << ": " << s.name << ", " << o.describe());
      const matrix<T> c0 = random_matrix_sized<T>(rng, output_shape(s, o), r, c);
      const matrix<bool> mask = random_mask(rng, r, c);
      check(s, rng, o, c0, mask);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

// SuiteSparse:GraphBLAS 7.4 (Debian's) computes C += A op B wrongly over bool when accum and op
// are both PLUS or both MAX and C, A and B are all full: C = false, A = false, B = true gives
// false, where the C API asks for lor(false, lor(false, true)) = true (graphring's answer). Those
// cases are not compared.
template <class T>
bool graphblas_full_bool_accum_bug(const write_options& o, B op,
                                   std::initializer_list<const matrix<T>*> all) {
  if (!std::is_same_v<T, bool> || o.accum != op || (op != B::plus && op != B::max)) return false;
  for (const matrix<T>* x : all)
    if (x->nvals() != x->nrows() * x->ncols()) return false;
  return true;
}

// f(t0, t1, A, B) for the four transpose flags: A and B are the shape's size once the flags
// are applied (stored transposed where a flag says so).
template <class T, class F>
void for_each_ewise_operands(rng_t& rng, const shape& s, F&& f) {
  for (int flags = 0; flags < 4; ++flags) {
    const bool t0 = flags & 1, t1 = flags & 2;
    const matrix<T> a = t0 ? random_matrix_sized<T>(rng, s, s.ncols, s.nrows)
                           : random_matrix_sized<T>(rng, s, s.nrows, s.ncols);
    const matrix<T> b = t1 ? random_matrix_sized<T>(rng, s, s.ncols, s.nrows)
                           : random_matrix_sized<T>(rng, s, s.nrows, s.ncols);
    f(t0, t1, a, b);
  }
}

template <class T>
void check_elementwise(bool every_option) {
  for_each_matrix_case<T>(
      "ewise", every_option, [](const shape& s) { return std::pair(s.nrows, s.ncols); },
      [](const shape& s, rng_t& rng, const write_options& o, const matrix<T>& c0,
         const matrix<bool>& mask) {
        const csr_matrix cc = to_csr(c0), mc = to_csr(mask);
        for_each_ewise_operands<T>(
            rng, s, [&](bool t0, bool t1, const matrix<T>& a, const matrix<T>& b) {
              const csr_matrix ac = to_csr(a), bc = to_csr(b);
              const auto go = gb_options<T>(o, cc, mc, t0, t1);
              for (const B op : {B::plus, B::times, B::min, B::first, B::second, B::lt}) {
                SCOPED_TRACE(::testing::Message()
                             << "operator " << int(op) << (t0 ? ", A transposed" : "")
                             << (t1 ? ", B transposed" : ""));
                matrix<T> add = c0, mult = c0;
                with_write_options<T>(o, mask, [&](const auto& m, const auto& accum) {
                  const descriptor d = gr_descriptor(o, t0, t1);
                  if (op == B::lt) {
                    ewise_add(add, m, accum, runtime_compare<T>{op}, a, b, d);
                    ewise_mult(mult, m, accum, runtime_compare<T>{op}, a, b, d);
                  } else {
                    ewise_add(add, m, accum, runtime_binary<T>{op}, a, b, d);
                    ewise_mult(mult, m, accum, runtime_binary<T>{op}, a, b, d);
                  }
                });
                if (graphblas_full_bool_accum_bug<T>(o, op, {&c0, &a, &b})) continue;
                expect_equal(add, gb::grb_ewise_add<T>(op, ac, bc, go));
                expect_equal(mult, gb::grb_ewise_mult<T>(op, ac, bc, go));
              }
            });
      });
}

// The positions a triangle keeps in an r × c matrix, written out as a mask matrix.
template <class Band>
matrix<bool> band_positions(const Band& band, std::uint64_t r, std::uint64_t c) {
  array<vertex_id> rows, cols;
  array<bool> values;
  for (std::uint64_t i = 0; i < r; ++i)
    for (std::uint64_t j = 0; j < c; ++j)
      if (band(true, i, j)) {
        rows.push_back(vertex_id(i));
        cols.push_back(vertex_id(j));
        values.push_back(true);
      }
  return matrix<bool>::from_tuples(r, c, rows, cols, values);
}

// ewise_add / ewise_mult with a triangle (tril_op, triu_op) in the mask's place, against
// GraphBLAS given that triangle's positions as the mask matrix, under every write option that
// has a mask (complemented, replace, accumulator; value or structure is the same for a band).
template <class T>
void check_elementwise_band(bool every_option) {
  for_each_matrix_case<T>(
      "ewise band", every_option, [](const shape& s) { return std::pair(s.nrows, s.ncols); },
      [](const shape& s, rng_t& rng, const write_options& o, const matrix<T>& c0,
         const matrix<bool>&) {
        if (o.mask == mask_kind::none) return;
        const csr_matrix cc = to_csr(c0);
        for_each_ewise_operands<T>(
            rng, s, [&](bool t0, bool t1, const matrix<T>& a, const matrix<T>& b) {
              const csr_matrix ac = to_csr(a), bc = to_csr(b);
              auto check = [&](const auto& band, const char* name, std::int64_t k) {
                const csr_matrix mc = to_csr(band_positions(band, s.nrows, s.ncols));
                const auto go = gb_options<T>(o, cc, mc, t0, t1);
                for (const B op : {B::plus, B::first}) {
                  SCOPED_TRACE(::testing::Message()
                               << name << "{" << k << "}, operator " << int(op)
                               << (t0 ? ", A transposed" : "") << (t1 ? ", B transposed" : ""));
                  matrix<T> add = c0, mult = c0;
                  with_write_options<T>(o, band, [&](const auto& m, const auto& accum) {
                    ewise_add(add, m, accum, runtime_binary<T>{op}, a, b, gr_descriptor(o, t0, t1));
                    ewise_mult(mult, m, accum, runtime_binary<T>{op}, a, b,
                               gr_descriptor(o, t0, t1));
                  });
                  if (graphblas_full_bool_accum_bug<T>(o, op, {&c0, &a, &b})) continue;
                  expect_equal(add, gb::grb_ewise_add<T>(op, ac, bc, go));
                  expect_equal(mult, gb::grb_ewise_mult<T>(op, ac, bc, go));
                }
              };
              for (const std::int64_t k : {-1, 0, 2}) {
                check(tril_op{k}, "tril", k);
                check(triu_op{k}, "triu", k);
              }
            });
      });
}

TEST(OpsMatrix, ElementwiseWithATriangleAsTheMask) {
  check_elementwise_band<std::int32_t>(true);
  check_elementwise_band<bool>(false);
  check_elementwise_band<double>(false);
}

// ewise_add / ewise_mult on matrices of several blocks of rows, against GraphBLAS: operands that
// overlap in part (blocks shorter than their bound, moved into place), operands with disjoint
// patterns (their union fills every block's bound) and a matrix with itself (so does their
// intersection); valued operands and iso ones (one value, no value array).
template <class T>
void check_elementwise_blocks() {
  gb::graphblas_start(2);
  const shape s = shapes().back();  // 6000 x 6000: six blocks of rows, empty rows, a dense row
  rng_t rng(seed_of("ewise blocks", sizeof(T)));
  const matrix<T> a = random_matrix<T>(rng, s), b = random_matrix<T>(rng, s);
  auto iso = [](const matrix<T>& x) {
    return matrix<T>::from_csr(csr_matrix{x.nrows(), x.ncols(), x.offsets(), x.cols(), {}}, T(1));
  };
  for (const bool as_iso : {false, true}) {
    const matrix<T> x = as_iso ? iso(a) : a, y = as_iso ? iso(b) : b;
    matrix<T> low(1, 1), high(1, 1);
    partition(low, high, tril_op{0}, x);
    for (const auto& [first, second] : {std::pair{&x, &y}, {&low, &high}, {&x, &x}}) {
      SCOPED_TRACE(::testing::Message() << (as_iso ? "iso, " : "") << first->nvals() << " and "
                                        << second->nvals() << " entries");
      const csr_matrix fc = to_csr(*first), sc = to_csr(*second);
      matrix<T> add(s.nrows, s.ncols), mult(s.nrows, s.ncols);
      ewise_add(add, no_mask, no_accum, runtime_binary<T>{B::plus}, *first, *second);
      ewise_mult(mult, no_mask, no_accum, runtime_binary<T>{B::plus}, *first, *second);
      expect_equal(add, gb::grb_ewise_add<T>(B::plus, fc, sc));
      expect_equal(mult, gb::grb_ewise_mult<T>(B::plus, fc, sc));
    }
  }
}

TEST(OpsMatrix, ElementwiseOverManyBlocksOfRows) {
  check_elementwise_blocks<std::int32_t>();
  check_elementwise_blocks<bool>();
  check_elementwise_blocks<double>();
}

TEST(OpsMatrix, ElementwiseInt32EveryWriteMode) { check_elementwise<std::int32_t>(true); }
TEST(OpsMatrix, ElementwiseOtherTypes) {
  check_elementwise<bool>(false);
  check_elementwise<std::uint32_t>(false);
  check_elementwise<float>(false);
}

// Graphring's index-unary predicate for a GraphBLAS select kind with an integer thunk.
template <class T, class F>
void with_select_op(gb::select_kind kind, std::int64_t k, F&& f) {
  using S = gb::select_kind;
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
      return f(value_ne_op<T>{T(k)});
    case S::value_lt:
      return f(value_lt_op<T>{T(k)});
    case S::value_le:
      return f(value_le_op<T>{T(k)});
    case S::value_gt:
      return f(value_gt_op<T>{T(k)});
    case S::value_ge:
      return f(value_ge_op<T>{T(k)});
  }
}

template <class T>
void check_select_transpose(bool every_option) {
  using S = gb::select_kind;
  const std::vector<std::pair<S, std::int64_t>> cases = {
      {S::tril, 0},     {S::tril, -1},    {S::tril, 3},    {S::triu, 0},
      {S::triu, 1},     {S::triu, -2},    {S::diag, 0},    {S::offdiag, 0},
      {S::value_ne, 0}, {S::value_gt, 1}, {S::value_le, 2}};
  for (const bool t : {false, true}) {
    for_each_matrix_case<T>(
        t ? "select transposed" : "select", every_option,
        [t](const shape& s) {
          return t ? std::pair(s.ncols, s.nrows) : std::pair(s.nrows, s.ncols);
        },
        [&](const shape& s, rng_t& rng, const write_options& o, const matrix<T>& c0,
            const matrix<bool>& mask) {
          const matrix<T> a = random_matrix<T>(rng, s);
          const csr_matrix ac = to_csr(a), cc = to_csr(c0), mc = to_csr(mask);
          for (const auto& [kind, k] : cases) {
            if (std::is_unsigned_v<T> && kind >= S::value_ne && k < 0) continue;
            SCOPED_TRACE(::testing::Message()
                         << "select " << int(kind) << " thunk " << k << (t ? ", transposed" : ""));
            matrix<T> c = c0;
            with_select_op<T>(kind, k, [&](const auto& keep) {
              with_write_options<T>(o, mask, [&](const auto& m, const auto& accum) {
                select(c, m, accum, keep, a, gr_descriptor(o, t));
              });
            });
            expect_equal(c, gb::grb_select<T>(kind, ac, double(k), gb_options<T>(o, cc, mc, t)));
          }
          // transpose: C<M> = accum(C, Aᵀ) of a matrix with C's transposed dimensions; with the
          // input transposed too, C<M> = accum(C, A).
          const matrix<T> input = t ? random_matrix_sized<T>(rng, s, c0.nrows(), c0.ncols())
                                    : random_matrix_sized<T>(rng, s, c0.ncols(), c0.nrows());
          matrix<T> c = c0;
          with_write_options<T>(o, mask, [&](const auto& m, const auto& accum) {
            transpose(c, m, accum, input, gr_descriptor(o, t));
          });
          SCOPED_TRACE("transpose");
          expect_equal(c, gb::grb_transpose<T>(to_csr(input), gb_options<T>(o, cc, mc, t)));
        });
  }
}

TEST(OpsMatrix, SelectAndTransposeInt32EveryWriteMode) {
  check_select_transpose<std::int32_t>(true);
}
TEST(OpsMatrix, SelectAndTransposeOtherTypes) {
  check_select_transpose<std::uint64_t>(false);
  check_select_transpose<double>(false);
}

// partition(K, R, f, A) against GraphBLAS's select by f (K) and by its complement (R):
// value_le / value_gt, tril{k} / triu{k + 1}, diag / offdiag; on every shape, valued and iso.
template <class T>
void check_partition() {
  using S = gb::select_kind;
  gb::graphblas_start(2);
  for (const shape& s : shapes()) {
    SCOPED_TRACE(s.name);
    rng_t rng(seed_of(std::string("partition ") + s.name));
    const matrix<T> valued = random_matrix<T>(rng, s);
    const matrix<T> iso = matrix<T>::from_csr(
        csr_matrix{valued.nrows(), valued.ncols(), valued.offsets(), valued.cols(), {}}, T(2));
    for (const matrix<T>& a : {valued, iso}) {
      const csr_matrix ac = to_csr(a);
      matrix<T> kept(1, 1), rest(1, 1);
      partition(kept, rest, value_le_op<T>{T(2)}, a);
      expect_equal(kept, gb::grb_select<T>(S::value_le, ac, 2.0));
      expect_equal(rest, gb::grb_select<T>(S::value_gt, ac, 2.0));
      partition(kept, rest, tril_op{-1}, a);
      expect_equal(kept, gb::grb_select<T>(S::tril, ac, -1.0));
      expect_equal(rest, gb::grb_select<T>(S::triu, ac, 0.0));
      // Into A itself.
      matrix<T> both = a;
      partition(both, rest, diag_op{}, both);
      expect_equal(both, gb::grb_select<T>(S::diag, ac, 0.0));
      expect_equal(rest, gb::grb_select<T>(S::offdiag, ac, 0.0));
      EXPECT_EQ(both.is_iso(), a.is_iso() && both.nvals() > 0);
    }
  }
}

TEST(OpsMatrix, PartitionEqualsSelectAndItsComplement) {
  check_partition<std::int32_t>();
  check_partition<double>();
}

// select with row_where_op (a graphring extension: whole rows kept or dropped, only the kept
// rows' entries read) against a serial copy of the kept rows: every shape, valued and iso, A and
// Aᵀ (transpose_first), with no row, every row and a pattern of rows kept.
template <class T>
void check_select_rows() {
  for (const shape& s : shapes()) {
    SCOPED_TRACE(s.name);
    rng_t rng(seed_of(std::string("select rows ") + s.name));
    const matrix<T> valued = random_matrix<T>(rng, s);
    const matrix<T> iso = matrix<T>::from_csr(
        csr_matrix{valued.nrows(), valued.ncols(), valued.offsets(), valued.cols(), {}}, T(2));
    for (const matrix<T>& a : {valued, iso}) {
      for (const bool t : {false, true}) {
        const matrix<T> x = t ? a.transposed() : a;
        for (const int rows : {0, 1, 2}) {
          SCOPED_TRACE(::testing::Message() << "rows kept " << rows << (t ? ", transposed" : ""));
          auto keep = [rows](std::uint64_t i) { return rows == 1 || (rows == 2 && i % 5 < 2); };
          gb::sparse_matrix<T> want{x.nrows(), x.ncols(), {0}, {}, {}};
          for (std::uint64_t i = 0; i < x.nrows(); ++i) {
            for (std::uint64_t p = x.offsets()[i]; keep(i) && p < x.offsets()[i + 1]; ++p) {
              want.cols.push_back(x.cols()[p]);
              want.values.push_back(x.value(p));
            }
            want.offsets.push_back(want.cols.size());
          }
          matrix<T> c(x.nrows(), x.ncols());
          select(c, no_mask, no_accum, row_where_op{keep}, a, {.transpose_first = t});
          expect_equal(c, want);
        }
      }
    }
  }
}

TEST(OpsMatrix, SelectWholeRowsEqualsACopyOfTheKeptRows) {
  check_select_rows<std::int32_t>();
  check_select_rows<double>();
}

// matrix::cached: the value is computed on the first call for a tag only, every copy of the
// matrix gets it, another tag computes its own, and a matrix an operation returns starts empty.
TEST(OpsMatrix, CachedPropertiesAreComputedOncePerMatrixAndShared) {
  struct sum_tag {};
  struct count_tag {};
  rng_t rng(11);
  const matrix<double> a = random_matrix<double>(rng, shapes().front());
  int computed = 0;
  auto sum = [&] {
    ++computed;
    return reduce(plus_monoid<double>{}, a);
  };
  EXPECT_FALSE(a.has_cached<sum_tag>());
  const double first = a.cached<sum_tag>(sum);
  EXPECT_EQ(first, reduce(plus_monoid<double>{}, a));
  const matrix<double> copy = a;
  EXPECT_EQ(copy.cached<sum_tag>(sum), first);
  EXPECT_EQ(a.cached<sum_tag>(sum), first);
  EXPECT_EQ(computed, 1);
  EXPECT_TRUE(copy.has_cached<sum_tag>());
  EXPECT_FALSE(a.has_cached<count_tag>());
  EXPECT_EQ(a.cached<count_tag>([&] { return a.nvals(); }), a.nvals());
  EXPECT_EQ(a.cached<sum_tag>(sum), first);
  matrix<double> t(a.ncols(), a.nrows());
  transpose(t, no_mask, no_accum, a);
  EXPECT_FALSE(t.has_cached<sum_tag>());
  EXPECT_EQ(t.cached<sum_tag>(sum), first);  // the function given, run for t's own cache
  EXPECT_EQ(computed, 2);
}

TEST(OpsMatrix, ReduceToScalar) {
  gb::graphblas_start(2);
  for (const shape& s : shapes()) {
    rng_t rng(seed_of(s.name, 5));
    const matrix<std::int64_t> a = random_matrix<std::int64_t>(rng, s);
    const matrix<double> x = random_matrix<double>(rng, s);
    const csr_matrix ac = to_csr(a), xc = to_csr(x);
    SCOPED_TRACE(s.name);
    EXPECT_EQ(reduce(plus_monoid<std::int64_t>{}, a),
              gb::grb_reduce<std::int64_t>(gb::monoid_kind::plus, ac));
    EXPECT_EQ(reduce(times_monoid<std::int64_t>{}, a),
              gb::grb_reduce<std::int64_t>(gb::monoid_kind::times, ac));
    EXPECT_EQ(reduce(min_monoid<std::int64_t>{}, a),
              gb::grb_reduce<std::int64_t>(gb::monoid_kind::min, ac));
    EXPECT_EQ(reduce(max_monoid<std::int64_t>{}, a),
              gb::grb_reduce<std::int64_t>(gb::monoid_kind::max, ac));
    EXPECT_TRUE(same_value(reduce(plus_monoid<double>{}, x),
                           gb::grb_reduce<double>(gb::monoid_kind::plus, xc)));
    EXPECT_EQ(reduce(min_monoid<double>{}, x), gb::grb_reduce<double>(gb::monoid_kind::min, xc));
    EXPECT_EQ(reduce(max_monoid<double>{}, x), gb::grb_reduce<double>(gb::monoid_kind::max, xc));
    // ANY: a value A holds, or the identity 0 when A is empty.
    const std::int64_t any = reduce(any_monoid<std::int64_t>{}, a);
    bool found = a.nvals() == 0 && any == 0;
    for (std::uint64_t p = 0; p < a.nvals(); ++p) found = found || a.value(p) == any;
    EXPECT_TRUE(found) << "ANY reduced to " << any << ", which A does not hold";
  }
}

// s = ⊕ (A ⊕.⊗ B)<M> by mxm_reduce against GraphBLAS's C<M> = A ⊕.⊗ B (into an empty C) folded
// here in row order, for every mask form, transpose flag and method; plus.pair under a mask
// reduced with plus takes the counting path (kernels::count_marked_products).
template <class T, class S, class Monoid>
void check_mxm_reduce(K kind) {
  using R = typename Monoid::value_type;
  gb::graphblas_start(2);
  for_each_product_case<T>(
      std::uint64_t(kind) * 41 + sizeof(R),
      [&](rng_t& rng, const shape& s, bool t0, bool t1, const matrix<T>& a, const matrix<T>& b) {
        const std::uint64_t m = s.nrows;
        const csr_matrix ac = to_csr(a), bc = to_csr(b), empty = to_csr(matrix<T>(m, m));
        for (int form = 0; form < 6; ++form) {  // no mask, value or structural; complemented or not
          const write_options o{.mask = mask_kind(form / 2), .complement = form % 2 == 1};
          SCOPED_TRACE(::testing::Message()
                       << s.name << (t0 ? ", A transposed" : "") << (t1 ? ", B transposed" : "")
                       << ", " << o.describe());
          const matrix<bool> mask = random_mask(rng, m, m);
          const csr_matrix mc = to_csr(mask);
          const auto product = gb::grb_mxm<T>(kind, ac, bc, gb_options<T>(o, empty, mc, t0, t1));
          R want = Monoid::identity();
          for (const T& x : product.values) want = Monoid()(want, R(x));
          for (const product_method method :
               {product_method::automatic, product_method::push, product_method::pull}) {
            SCOPED_TRACE(::testing::Message() << "method " << int(method));
            R got{};
            with_write_options<T>(o, mask, [&](const auto& mm, const auto&) {
              got = mxm_reduce(Monoid{}, mm, S{}, a, b, gr_descriptor(o, t0, t1, method));
            });
            ASSERT_TRUE(same_value(got, want)) << got << " against " << want;
          }
        }
      });
}

TEST(OpsMatrix, MxmReduceEqualsTheSumOfTheProduct) {
  check_mxm_reduce<std::uint64_t, plus_pair<std::uint64_t>, plus_monoid<std::uint64_t>>(
      K::plus_pair);
  check_mxm_reduce<std::int32_t, plus_pair<std::int32_t>, plus_monoid<std::int64_t>>(K::plus_pair);
  check_mxm_reduce<std::int32_t, plus_pair<std::int32_t>, max_monoid<std::int32_t>>(K::plus_pair);
  check_mxm_reduce<std::int32_t, plus_times<std::int32_t>, plus_monoid<std::int64_t>>(
      K::plus_times);
  check_mxm_reduce<float, min_plus<float>, min_monoid<float>>(K::min_plus);
  check_mxm_reduce<double, plus_times<double>, plus_monoid<double>>(K::plus_times);
}

// A mask of the wrong shape is refused before the product reads it.
TEST(OpsMatrix, MxmReduceChecksTheMaskShape) {
  const matrix<std::int32_t> a(3, 4), b(4, 5);
  const matrix<bool> mask(3, 4);
  EXPECT_THROW(mxm_reduce(plus_monoid<std::int64_t>{}, mask, plus_times<std::int32_t>{}, a, b),
               error);
  EXPECT_THROW(mxm_reduce(plus_monoid<std::int64_t>{}, no_mask, plus_times<std::int32_t>{}, a, a),
               error);
}

// T as a csr_matrix, from (row, column, value) triples.
template <class T>
csr_matrix csr_of(std::uint64_t r, std::uint64_t c, const array<vertex_id>& rows,
                  const array<vertex_id>& cols, const array<T>& values) {
  return to_csr(matrix<T>::from_tuples(r, c, rows, cols, values));
}

// apply, apply_index (row and column index) and extract_matrix: T formed here, the write-back
// C<M> = accum(C, T) by GraphBLAS.
template <class T>
void check_apply_extract(bool every_option) {
  for_each_matrix_case<T>(
      "apply", every_option, [](const shape& s) { return std::pair(s.nrows, s.ncols); },
      [](const shape& s, rng_t& rng, const write_options& o, const matrix<T>& c0,
         const matrix<bool>& mask) {
        const matrix<T> a = random_matrix<T>(rng, s);
        const csr_matrix cc = to_csr(c0), mc = to_csr(mask);
        const auto go = gb_options<T>(o, cc, mc, true);  // GrB_transpose of Aᵀ: C = A
        array<vertex_id> rows, cols;
        array<T> doubled, row_ids, col_ids;
        for (std::uint64_t i = 0; i < a.nrows(); ++i)
          for (std::uint64_t p = a.offsets()[i]; p < a.offsets()[i + 1]; ++p) {
            rows.push_back(vertex_id(i));
            cols.push_back(a.cols()[p]);
            doubled.push_back(plus_op<T>()(a.value(p), a.value(p)));
            row_ids.push_back(T(i + 1));
            col_ids.push_back(T(a.cols()[p]));
          }
        const auto f = [](const T& x) { return plus_op<T>()(x, x); };
        matrix<T> c = c0, ci = c0, cj = c0;
        with_write_options<T>(o, mask, [&](const auto& m, const auto& accum) {
          apply(c, m, accum, f, a, gr_descriptor(o));
          apply_index(ci, m, accum, row_index_op{1}, a, gr_descriptor(o));
          apply_index(cj, m, accum, col_index_op{}, a, gr_descriptor(o));
        });
        expect_equal(c,
                     gb::grb_transpose<T>(csr_of(a.nrows(), a.ncols(), rows, cols, doubled), go));
        expect_equal(ci,
                     gb::grb_transpose<T>(csr_of(a.nrows(), a.ncols(), rows, cols, row_ids), go));
        expect_equal(cj,
                     gb::grb_transpose<T>(csr_of(a.nrows(), a.ncols(), rows, cols, col_ids), go));

        // extract_matrix: C = A(I, J) with I a permutation of the rows and J a list of columns
        // with repeats, both of C's sizes, taken from a source of other dimensions.
        const std::uint64_t sr = s.nrows + 3, sc = s.ncols + 2;
        const matrix<T> src = random_matrix_sized<T>(rng, s, sr, sc);
        std::vector<std::uint64_t> row_list(s.nrows), col_list(s.ncols);
        for (std::uint64_t r = 0; r < s.nrows; ++r) row_list[r] = (r * 7 + 3) % sr;
        for (std::uint64_t q = 0; q < s.ncols; ++q) col_list[q] = rng() % sc;
        array<vertex_id> er, ec;
        array<T> ev;
        for (std::uint64_t r = 0; r < s.nrows; ++r)
          for (std::uint64_t q = 0; q < s.ncols; ++q)
            if (const auto x = src.get(row_list[r], col_list[q])) {
              er.push_back(vertex_id(r));
              ec.push_back(vertex_id(q));
              ev.push_back(*x);
            }
        matrix<T> ce = c0;
        with_write_options<T>(o, mask, [&](const auto& m, const auto& accum) {
          extract_matrix(ce, m, accum, src, std::span<const std::uint64_t>(row_list),
                         std::span<const std::uint64_t>(col_list), gr_descriptor(o));
        });
        SCOPED_TRACE("extract_matrix");
        expect_equal(ce, gb::grb_transpose<T>(csr_of(s.nrows, s.ncols, er, ec, ev), go));
      });
}

TEST(OpsMatrix, ApplyAndExtractInt32EveryWriteMode) { check_apply_extract<std::int32_t>(true); }
TEST(OpsMatrix, ApplyAndExtractOtherTypes) {
  check_apply_extract<std::int64_t>(false);
  check_apply_extract<float>(false);
}

}  // namespace
}  // namespace graphring::testing::ops

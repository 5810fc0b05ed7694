// Pull SpMV over every format (COO, ELL, HYB, SELL-C-sigma, CCI, CSR-dtANS, Stream VByte) against a
// serial reference, for seven semirings (a user-defined one among them) on random matrices of every
// edge shape and on real graphs. The kernels are instantiated here from their headers; this object
// compiles at the light test level (tests/CMakeLists.txt), its products are small.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <random>

#include "engine/formats/cci.hpp"
#include "engine/formats/coo.hpp"
#include "engine/formats/dtans.hpp"
#include "engine/formats/ell.hpp"
#include "engine/formats/hyb.hpp"
#include "engine/formats/sell.hpp"
#include "engine/formats/svb.hpp"
#include "engine/io/load.hpp"
#include "kernels/cpu/format_spmv.hpp"
#include "semirings/builtin.hpp"
#include "semirings/examples/shortest_path_count.hpp"
#include "tests/random_csr.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

using testing::edge_shapes;
using testing::random_matrix;
using testing::random_shape;

// shortest_path_count written for u ⊕.⊗ A has the path counts first; a pull over A's rows
// (y = A x) has the edge weight first, so the test flips the operands of its multiply.
struct extend_flipped : binary_op_types<double, examples::path_count, examples::path_count> {
  constexpr examples::path_count operator()(double w, examples::path_count p) const {
    return examples::path_count_extend()(p, w);
  }
};
using path_count_pull = semiring<examples::path_count_min, extend_flipped>;

template <class C>
bool close_in_value(const C& a, const C& b) {
  if constexpr (std::is_same_v<C, examples::path_count>) {
    return a.dist == b.dist && a.count == b.count;
  } else if constexpr (std::is_floating_point_v<C>) {
    return std::abs(a - b) <= 1e-6 * std::max<C>(1, std::abs(b));
  } else {
    return a == b;
  }
}

template <class S, class X>
void reference_spmv(const csr_matrix& a, const std::vector<X>& x,
                    const std::vector<std::uint8_t>& xp, typename S::c_type* y,
                    std::vector<std::uint8_t>& yp) {
  for (std::uint64_t i = 0; i < a.nrows; ++i) {
    yp[i] = 0;
    if (i % 7 == 3) continue;  // the test's allowed(i)
    for (edge_offset k = a.row_begin(i); k < a.row_end(i); ++k) {
      const vertex_id c = a.cols[k];
      if (!xp[c]) continue;
      const typename S::a_type v = a.has_values()
                                       ? typename S::a_type(testing::value_at(a.values, k))
                                       : typename S::a_type(1);
      const auto p = S::multiply(v, x[c], i, c, 0);
      y[i] = yp[i] ? S::add(y[i], p) : p;
      yp[i] = 1;
    }
  }
}

// Calls f(const T* values) for the value types this file's products meet: pattern, int32 and
// float64 (the random matrices) and int64 (integral weights as the text readers store them).
// Dispatching over these four, not all seven, keeps this object's kernel instantiations, most of
// its compile time, to the ones its tests run; another type fails the test.
template <class F>
void with_tested_values(const value_array& values, F&& f) {
  if (std::holds_alternative<std::monostate>(values)) {
    f(static_cast<const pattern_value*>(nullptr));
  } else if (const auto* v32 = std::get_if<shared_array<std::int32_t>>(&values)) {
    f(v32->data());
  } else if (const auto* v64 = std::get_if<shared_array<std::int64_t>>(&values)) {
    f(v64->data());
  } else if (const auto* f64 = std::get_if<shared_array<double>>(&values)) {
    f(f64->data());
  } else {
    ADD_FAILURE() << "no product test for values of type " << type_name(type_of(values));
  }
}

// Every format of one matrix, each with the options its kernels branch on, built once for all
// the semirings a test checks.
struct formats_of {
  explicit formats_of(const csr_matrix& a)
      : coo(coo_matrix::from_csr(a)),
        ell(ell_matrix::from_csr(a, {1e9})),
        sell(sell_matrix::from_csr(a)),
        sell_20_3(sell_matrix::from_csr(a, {20, 3})),
        cci(cci_matrix::from_csr(a)),
        cci_8(cci_matrix::from_csr(a, {8})),
        dtans_512(dtans_matrix::from_csr(a, {512})),
        dtans_5(dtans_matrix::from_csr(a, {5})),
        svb(svb_matrix::from_csr(a)),
        hyb_0(hyb_matrix::from_csr(a, 0)),
        hyb_2(hyb_matrix::from_csr(a, 2)),
        hyb_whole(hyb_matrix::from_csr(a, ell_options::whole_rows)) {}
  coo_matrix coo;
  ell_matrix ell;
  sell_matrix sell, sell_20_3;
  cci_matrix cci, cci_8;
  dtans_matrix dtans_512, dtans_5;
  svb_matrix svb;
  hyb_matrix hyb_0, hyb_2, hyb_whole;
};

template <class S, class X>
void check_formats(const csr_matrix& a, const formats_of& f, const std::vector<X>& x,
                   const std::vector<std::uint8_t>& xp) {
  using C = typename S::c_type;
  SCOPED_TRACE(::testing::internal::GetTypeName<S>());
  // Not std::vector: C may be bool.
  std::unique_ptr<C[]> want(new C[a.nrows + 1]()), got(new C[a.nrows + 1]());
  std::vector<std::uint8_t> want_p(a.nrows), got_p(a.nrows);
  reference_spmv<S>(a, x, xp, want.get(), want_p);
  const auto allowed = [](std::uint64_t i) { return i % 7 != 3; };
  auto compare = [&](const char* name) {
    SCOPED_TRACE(name);
    for (std::uint64_t i = 0; i < a.nrows; ++i) {
      ASSERT_EQ(got_p[i], want_p[i]) << "row " << i;
      if (want_p[i]) {
        ASSERT_TRUE(close_in_value(got[i], want[i]))
            << "row " << i << ": " << ::testing::PrintToString(got[i]) << ", want "
            << ::testing::PrintToString(want[i]);
      }
    }
  };
  const X* xs = x.data();
  const std::uint8_t* xps = xp.data();
  auto product = [&](const auto& view, const char* name) {
    std::fill(got_p.begin(), got_p.end(), 2);
    kernels::spmv_pull_stored<S>(view, xs, xps, got.get(), got_p.data(), allowed);
    compare(name);
  };
  auto run = [&](const auto& m, const char* name) {
    with_tested_values(m.values(), [&](const auto* v) { product(m.view(v), name); });
  };
  run(f.coo, "coo");
  run(f.ell, "ell");
  run(f.sell, "sell");
  run(f.sell_20_3, "sell-20-3");
  run(f.cci, "cci");
  run(f.cci_8, "cci-8");
  run(f.svb, "svb");
  for (const dtans_matrix* d : {&f.dtans_512, &f.dtans_5}) {
    with_tested_values(a.values, [&](const auto* v) {
      using V = std::remove_const_t<std::remove_pointer_t<decltype(v)>>;
      product(d->view<V>(), "dtans");
    });
  }
  for (const hyb_matrix* h : {&f.hyb_0, &f.hyb_2, &f.hyb_whole}) {
    with_tested_values(h->ell().values(), [&](const auto* ev) {
      with_tested_values(h->overflow().values(), [&](const auto* cv) {
        if constexpr (std::is_same_v<decltype(ev), decltype(cv)>) product(h->view(ev, cv), "hyb");
      });
    });
  }
}

template <class X>
std::vector<X> random_x(std::uint64_t n, std::mt19937_64& rng) {
  std::vector<X> x(n);
  std::uniform_int_distribution<int> d(-20, 20);
  for (auto& v : x) {
    if constexpr (std::is_same_v<X, examples::path_count>) {
      v = {double(d(rng) + 20) / 4, std::uint64_t(d(rng) + 21)};
    } else {
      v = X(d(rng));
    }
  }
  return x;
}

void check_semirings(const csr_matrix& a, std::uint64_t seed) {
  const formats_of f(a);
  std::mt19937_64 rng(seed);
  std::vector<std::uint8_t> xp(a.ncols);
  for (auto& p : xp) p = rng() % 5 != 0;
  check_formats<plus_times<std::int64_t>>(a, f, random_x<std::int64_t>(a.ncols, rng), xp);
  check_formats<plus_times<double>>(a, f, random_x<double>(a.ncols, rng), xp);
  check_formats<plus_times<float>>(a, f, random_x<float>(a.ncols, rng), xp);
  check_formats<min_plus<std::int32_t>>(a, f, random_x<std::int32_t>(a.ncols, rng), xp);
  check_formats<lor_land<std::int32_t>>(a, f, random_x<std::int32_t>(a.ncols, rng), xp);
  check_formats<max_min<double>>(a, f, random_x<double>(a.ncols, rng), xp);
  check_formats<path_count_pull>(a, f, random_x<examples::path_count>(a.ncols, rng), xp);
}

TEST(FormatSpmv, RandomMatricesEveryFormatAndSemiring) {
  std::uint64_t seed = 500;
  for (random_shape shape : edge_shapes()) {
    if (shape.ncols > 10000000) shape.ncols = 20000;  // x is dense here
    for (value_type t : {value_type::none, value_type::int32, value_type::float64}) {
      shape.values = t;
      SCOPED_TRACE(::testing::Message() << "rows " << shape.nrows << " type " << type_name(t));
      check_semirings(random_matrix(shape, seed), seed);
      ++seed;
    }
  }
}

// A dense x larger than prefetch_above_bytes() is prefetched by the SELL kernel, for the
// slots of each slice only: slices of 4, 8 and 12 rows on a 700 000-column matrix, against the
// reference (under the sanitizers, a prefetch slot read past the column array would show).
TEST(FormatSpmv, SellPrefetchingALargeXAtEverySliceHeight) {
  random_shape shape;
  shape.nrows = 30000;  // enough entries (about 110 000) for several blocks of slices
  shape.ncols = 700000;
  shape.mean_degree = 12;
  const testing::scoped_prefetch_threshold low(testing::test_prefetch_above_bytes);
  ASSERT_GT(shape.ncols * sizeof(float), prefetch_above_bytes());
  const csr_matrix a = random_matrix(shape, 77);
  std::mt19937_64 rng(78);
  const std::vector<float> x = random_x<float>(a.ncols, rng);
  using S = plus_times<float>;
  std::vector<float> want(a.nrows), got(a.nrows);
  std::vector<std::uint8_t> want_p(a.nrows), got_p(a.nrows);
  reference_spmv<S>(a, x, std::vector<std::uint8_t>(a.ncols, 1), want.data(), want_p);
  const auto allowed = [](std::uint64_t i) { return i % 7 != 3; };
  for (const std::uint64_t chunk : {4u, 8u, 12u}) {
    SCOPED_TRACE(::testing::Message() << "C " << chunk);
    const sell_matrix m = sell_matrix::from_csr(a, {chunk, std::uint64_t(1) << 20});
    std::fill(got_p.begin(), got_p.end(), 2);
    kernels::spmv_pull_stored<S>(m.view(static_cast<const float*>(nullptr)), x.data(), nullptr,
                                 got.data(), got_p.data(), allowed);
    for (std::uint64_t i = 0; i < a.nrows; ++i) {
      ASSERT_EQ(got_p[i], want_p[i]) << "row " << i;
      if (want_p[i]) {
        ASSERT_TRUE(close_in_value(got[i], want[i])) << "row " << i;
      }
    }
  }
}

// Stream VByte with every x present (the kernel's four running sums) and without, in one phase
// (x within the caches) and two (a decoded group's rows gathered after, x prefetched), a group
// with a hub too large for the buffer going in one phase; rows of every length modulo four.
TEST(FormatSpmv, SvbInOneAndTwoPhases) {
  const testing::scoped_prefetch_threshold low(testing::test_prefetch_above_bytes);
  ASSERT_LT(5000 * sizeof(float), prefetch_above_bytes());
  ASSERT_GT(700000 * sizeof(float), prefetch_above_bytes());
  for (const std::uint64_t ncols : {std::uint64_t(5000), std::uint64_t(700000)}) {
    random_shape shape;
    shape.nrows = 20000;
    shape.ncols = ncols;
    shape.mean_degree = 9;
    shape.contiguous = 0.3;
    shape.duplicates = 0.05;
    csr_matrix a = random_matrix(shape, 91);
    // A hub of 2^17 entries at the end of row 100 (its group over svb_buffered_entries) and 1,000
    // more in row 101, which the test's mask leaves out (its code skipped 32 entries at a time).
    {
      std::vector<edge_offset> offsets(a.offsets.begin(), a.offsets.end());
      std::vector<vertex_id> cols(a.cols.begin(), a.cols.end());
      for (const auto& [row, size] :
           {std::pair<std::uint64_t, std::uint64_t>{101, 1000}, {100, std::uint64_t(1) << 17}}) {
        std::vector<vertex_id> hub(cols.begin() + std::ptrdiff_t(offsets[row]),
                                   cols.begin() + std::ptrdiff_t(offsets[row + 1]));
        for (std::uint64_t i = 0; i < size; ++i) hub.push_back(vertex_id((i * 7919) % ncols));
        std::sort(hub.begin(), hub.end());
        const std::uint64_t added = hub.size() - (offsets[row + 1] - offsets[row]);
        cols.erase(cols.begin() + std::ptrdiff_t(offsets[row]),
                   cols.begin() + std::ptrdiff_t(offsets[row + 1]));
        cols.insert(cols.begin() + std::ptrdiff_t(offsets[row]), hub.begin(), hub.end());
        for (std::uint64_t r = row + 1; r < offsets.size(); ++r) offsets[r] += added;
      }
      a.offsets = shared_array<edge_offset>(buffer<edge_offset>(offsets.begin(), offsets.end()));
      a.cols = shared_array<vertex_id>(buffer<vertex_id>(cols.begin(), cols.end()));
      a.values = std::monostate{};
    }
    SCOPED_TRACE(::testing::Message() << "ncols " << ncols);
    std::mt19937_64 rng(92);
    const std::vector<float> x = random_x<float>(a.ncols, rng);
    std::vector<std::uint8_t> some(a.ncols);
    for (auto& p : some) p = rng() % 3 != 0;
    const svb_matrix m = svb_matrix::from_csr(a);
    const auto allowed = [](std::uint64_t i) { return i % 7 != 3; };
    for (const bool all_present : {true, false}) {
      const std::vector<std::uint8_t> xp =
          all_present ? std::vector<std::uint8_t>(a.ncols, 1) : some;
      std::vector<float> want(a.nrows), got(a.nrows);
      std::vector<std::uint8_t> want_p(a.nrows), got_p(a.nrows, 2);
      reference_spmv<plus_times<float>>(a, x, xp, want.data(), want_p);
      kernels::spmv_pull_stored<plus_times<float>>(m.view(static_cast<const float*>(nullptr)),
                                                   x.data(), all_present ? nullptr : xp.data(),
                                                   got.data(), got_p.data(), allowed);
      for (std::uint64_t i = 0; i < a.nrows; ++i) {
        ASSERT_EQ(got_p[i], want_p[i]) << "row " << i;
        if (want_p[i]) {
          ASSERT_TRUE(close_in_value(got[i], want[i])) << "row " << i;
        }
      }
      // ANY stops at a row's first present entry: some present entry, the row's first one
      std::vector<std::int64_t> xi(a.ncols, 1);
      std::vector<std::int64_t> any(a.nrows);
      std::fill(got_p.begin(), got_p.end(), 2);
      kernels::spmv_pull_stored<any_secondi<std::int64_t>>(
          m.view(static_cast<const std::int64_t*>(nullptr)), xi.data(),
          all_present ? nullptr : xp.data(), any.data(), got_p.data(), allowed);
      for (std::uint64_t i = 0; i < a.nrows; ++i) {
        ASSERT_EQ(got_p[i], want_p[i]) << "row " << i;
        if (!want_p[i]) continue;
        edge_offset k = a.row_begin(i);
        while (!xp[a.cols[k]]) ++k;
        ASSERT_EQ(any[i], std::int64_t(a.cols[k])) << "row " << i;
      }
    }
  }
}

// The kernel's decode of four ids (on x86-64 the byte shuffle) and the portable one (each delta a
// load cut to its bytes) agree for every control byte, on random data bytes.
TEST(FormatSpmv, SvbShuffleAndPortableDecodeAgree) {
  std::mt19937_64 rng(93);
  std::uint8_t data[32];
  for (std::uint32_t c = 0; c < 256; ++c)
    for (int round = 0; round < 8; ++round) {
      for (auto& b : data) b = std::uint8_t(rng());
      const std::uint32_t start = std::uint32_t(rng());
      std::uint32_t col = start, portable[4], ids[4];
      kernels::detail::svb_decode_four_portable(data, c, col, portable);
      ASSERT_TRUE(kernels::detail::svb_cpu_ready());  // x86-64 machines since 2008-2011
      kernels::detail::svb_decode_first_four(data, c, ids);
      for (int i = 0; i < 4; ++i) EXPECT_EQ(ids[i], portable[i] - start - 1) << "control " << c;
    }
}

TEST(FormatSpmv, SharedDatasets) {
  GRAPHRING_REQUIRE_SHARED_DATASETS();
  for (const char* file :
       {"social/email-Enron.txt.gz", "road/rome99.gr", "internet/as20000102.txt.gz"}) {
    SCOPED_TRACE(file);
    check_semirings(load_graph(testing::shared_datasets() + "/" + file).adjacency(), 9);
  }
}

}  // namespace
}  // namespace graphring

// The CUDA backend's host-side decisions, which run in every build: launch geometry (grid sizes,
// row bins, the load-balanced search of a push), which monoids take the atomic paths, what a
// mask view allows, and the format layouts the device matrices upload (every slot's column and
// value against the matrix, SELL built with C = 32, CCI in groups of a thread's share of symbols,
// dtANS with its values coded, the GPU's lane length and its long rows in pieces); and the run-time
// backend choice.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/backends.hpp"
#include "engine/device/format_layout.hpp"
#include "kernels/cuda/atomic_form.hpp"
#include "kernels/cuda/dtans_lane.hpp"
#include "kernels/cuda/launch_geometry.hpp"
#include "kernels/cuda/views.hpp"
#include "semirings/builtin.hpp"
#include "tests/cuda_test_semirings.hpp"
#include "tests/ops_random.hpp"

namespace graphring::testing {
namespace {

TEST(CudaGeometry, GridsCoverTheWorkWithinTheCap) {
  EXPECT_EQ(cuda::grid_for(0, 256), 1u);
  EXPECT_EQ(cuda::grid_for(1, 256), 1u);
  EXPECT_EQ(cuda::grid_for(256, 256), 1u);
  EXPECT_EQ(cuda::grid_for(257, 256), 2u);
  EXPECT_EQ(cuda::grid_for(std::uint64_t(1) << 40, 256), cuda::max_grid_blocks);
}

TEST(CudaGeometry, RowsAreBinnedByLength) {
  EXPECT_EQ(cuda::bin_of_row(0), cuda::row_bin::thread);
  EXPECT_EQ(cuda::bin_of_row(4), cuda::row_bin::thread);
  EXPECT_EQ(cuda::bin_of_row(5), cuda::row_bin::quad);
  EXPECT_EQ(cuda::bin_of_row(32), cuda::row_bin::quad);
  EXPECT_EQ(cuda::bin_of_row(33), cuda::row_bin::warp);
  EXPECT_EQ(cuda::bin_of_row(1024), cuda::row_bin::warp);
  EXPECT_EQ(cuda::bin_of_row(1025), cuda::row_bin::block);
  EXPECT_EQ(cuda::bin_of_row(std::uint64_t(1) << 33), cuda::row_bin::block);
  EXPECT_EQ(cuda::lanes_of(cuda::row_bin::thread), 1u);
  EXPECT_EQ(cuda::lanes_of(cuda::row_bin::quad), 4u);
  EXPECT_EQ(cuda::lanes_of(cuda::row_bin::warp), 32u);
  EXPECT_EQ(cuda::lanes_of(cuda::row_bin::block), cuda::block_threads);
  // Each group of lanes is a power of two dividing the warp (the shuffles' width).
  for (int b = 0; b < cuda::row_bin_count - 1; ++b)
    EXPECT_EQ(cuda::warp_lanes % cuda::lanes_of(cuda::row_bin(b)), 0u);
}

TEST(CudaGeometry, EveryRowIsInExactlyOneBinInOrder) {
  const std::vector<std::uint64_t> lengths = {0, 1, 4, 5, 32, 33, 1024, 1025, 3, 5000, 0, 40};
  std::vector<std::uint64_t> offsets(1, 0);
  for (std::uint64_t l : lengths) offsets.push_back(offsets.back() + l);
  const auto bins = cuda::plan_row_bins(offsets.data(), lengths.size());
  std::vector<int> seen(lengths.size(), 0);
  for (int b = 0; b < cuda::row_bin_count; ++b) {
    EXPECT_TRUE(std::is_sorted(bins[b].begin(), bins[b].end()));
    for (std::uint32_t r : bins[b]) {
      ++seen[r];
      EXPECT_EQ(int(cuda::bin_of_row(lengths[r])), b) << "row " << r;
    }
  }
  for (std::size_t r = 0; r < lengths.size(); ++r) EXPECT_EQ(seen[r], 1) << "row " << r;
  EXPECT_EQ(bins[int(cuda::row_bin::block)], (std::vector<std::uint32_t>{7, 9}));
}

TEST(CudaGeometry, EachEdgeSlotFindsTheFrontierEntryThatOwnsIt) {
  // Degrees 3, 0, 0, 2, 0, 4: entries without edges never own a slot.
  const std::vector<std::uint64_t> degree = {3, 0, 0, 2, 0, 4};
  std::vector<std::uint64_t> start(degree.size());
  std::uint64_t total = 0;
  for (std::size_t e = 0; e < degree.size(); ++e) start[e] = total, total += degree[e];
  for (std::uint64_t t = 0; t < total; ++t) {
    const std::uint64_t e = cuda::owner_of(start.data(), start.size(), t);
    EXPECT_GT(degree[e], 0u) << "slot " << t;
    EXPECT_LE(start[e], t);
    EXPECT_LT(t, start[e] + degree[e]);
  }
  EXPECT_EQ(cuda::owner_of(start.data(), 1, 0), 0u);
}

TEST(CudaGeometry, KeyBitsHoldTheLargestKey) {
  EXPECT_EQ(cuda::key_bits_for(0), 1);
  EXPECT_EQ(cuda::key_bits_for(1), 1);
  EXPECT_EQ(cuda::key_bits_for(2), 2);
  EXPECT_EQ(cuda::key_bits_for(255), 8);
  EXPECT_EQ(cuda::key_bits_for(256), 9);
  EXPECT_EQ(cuda::key_bits_for(0xffffffffu), 32);
}

TEST(CudaGeometry, AtomicFormsExistForSmallCommutativeMonoidsOnly) {
  EXPECT_TRUE((cuda::has_atomic_form_v<plus_monoid<double>, double>));
  EXPECT_TRUE((cuda::has_atomic_form_v<plus_monoid<float>, float>));
  EXPECT_TRUE((cuda::has_atomic_form_v<min_monoid<std::int64_t>, std::int64_t>));
  EXPECT_TRUE((cuda::has_atomic_form_v<lor_monoid, bool>));
  EXPECT_TRUE((cuda::has_atomic_form_v<any_monoid<std::int64_t>, std::int64_t>));
  // A 16-byte struct and a non-commutative monoid take the ordered paths.
  EXPECT_FALSE((cuda::has_atomic_form_v<examples::path_count_min, examples::path_count>));
  struct concatenate {  // not commutative
    int operator()(int x, int y) const { return x * 10 + y; }
  };
  EXPECT_FALSE((cuda::has_atomic_form_v<concatenate, int>));
}

TEST(CudaGeometry, MaskViewsAllowWhatTheDescriptorSays) {
  const std::uint8_t present[] = {1, 1, 0, 0};
  const std::uint8_t truth[] = {1, 0, 1, 0};
  const cuda::mask_view none{}, nothing{nullptr, nullptr, true};
  const cuda::mask_view structural{present, nullptr, false}, value{present, truth, false};
  const cuda::mask_view complemented{present, truth, true}, dense_value{nullptr, truth, false};
  for (std::uint64_t i = 0; i < 4; ++i) {
    EXPECT_TRUE(none.allows(i));
    EXPECT_FALSE(nothing.allows(i));
    EXPECT_EQ(structural.allows(i), i < 2);
    EXPECT_EQ(value.allows(i), i == 0);
    EXPECT_EQ(complemented.allows(i), i != 0);
    EXPECT_EQ(dense_value.allows(i), i % 2 == 0);
  }
}

// Every stored slot of a layout holds a matrix entry (column and value), and every entry is held.
template <class T>
void expect_layout_holds(const matrix<T>& a, format_kind kind) {
  const device_layout::format_layout<T> layout(a, kind);
  const cuda::pull_rows<T> r = layout.host_rows();
  EXPECT_EQ(r.kind, kind);
  std::uint64_t held = 0;
  auto check = [&](std::uint64_t i, vertex_id j, const T* values, std::uint64_t k) {
    const auto want = a.get(i, j);
    ++held;
    if (!want) {
      ADD_FAILURE() << "(" << i << ", " << j << ") is not an entry";
      return true;
    }
    EXPECT_EQ(values ? values[k] : r.iso, *want);
    return false;
  };
  for (std::uint64_t i = 0; i < a.nrows(); ++i) {
    if (kind == format_kind::ell || kind == format_kind::hyb)
      r.ell.for_each_in_row(
          i, [&](vertex_id j, std::uint64_t k) { return check(i, j, r.ell.values, k); });
    if (kind == format_kind::coo || kind == format_kind::hyb)
      r.coo.for_each_in_row(
          i, [&](vertex_id j, std::uint64_t k) { return check(i, j, r.coo.values, k); });
  }
  if (kind == format_kind::cci || kind == format_kind::dtans) {
    // The coded rows are A's rows, the long ones in pieces; a tracker started anywhere names
    // the row of each coded row as one walked from the first does.
    const std::uint64_t coded = kind == format_kind::cci ? r.cci.nrows : r.dtans.nrows;
    EXPECT_EQ(r.split.row[r.split.count], a.nrows());
    EXPECT_EQ(r.split.vrow[r.split.count], coded);
    std::vector<std::uint64_t> row_of(coded);
    cuda::piece_tracker walk;
    walk.start(r.split, 0);
    for (std::uint64_t v = 0; v < coded; ++v, walk.advance()) {
      row_of[v] = walk.real_row();
      cuda::piece_tracker jump;
      jump.start(r.split, v);
      EXPECT_EQ(jump.real_row(), row_of[v]) << "coded row " << v;
      EXPECT_EQ(jump.in_split(), walk.in_split()) << "coded row " << v;
      if (v > 0) {
        EXPECT_LE(row_of[v] - row_of[v - 1], 1u) << "coded row " << v;
      }
    }
    if (coded > 0) {
      EXPECT_EQ(row_of[coded - 1], a.nrows() - 1);
    }
    std::uint64_t pieces = 0;
    for (std::uint64_t k = 0; k < r.split.count; ++k) {
      EXPECT_GT(r.split.pieces(k), 1u);
      pieces += r.split.pieces(k);
    }
    EXPECT_EQ(r.split.partial_slots, pieces);
    if (kind == format_kind::cci) {
      // One slice in groups of at most the GPU's share of symbols, a thread's each.
      EXPECT_EQ(r.cci.slices, 1u);
      ASSERT_NE(r.cci.group_row, nullptr);
      const std::uint64_t most = device_layout::gpu_cci_group_symbols;
      for (std::uint64_t g = 0; g < r.cci.group_count(); ++g) {
        const std::uint64_t first = r.cci.group_first_row(g), last = r.cci.group_first_row(g + 1);
        EXPECT_LE(last - first + r.cci.group_entry[g + 1] - r.cci.group_entry[g], most)
            << "group " << g;
      }
      for (std::uint64_t v = 0; v < coded; ++v)
        r.cci.for_each_in_row(
            v, [&](vertex_id j, std::uint64_t k) { return check(row_of[v], j, r.cci.values, k); });
    } else {
      for (std::uint64_t slice = 0; slice < r.dtans.slices; ++slice)
        r.dtans.for_each_in_slice(
            slice,
            [&](std::uint32_t, std::uint64_t v, vertex_id j, const T& value) {
              const T stored = r.dtans.value_table ? value : r.iso;
              check(row_of[v], j, &stored, 0);
            },
            [](std::uint32_t, std::uint64_t) {});
    }
  }
  if (kind == format_kind::sell) {
    EXPECT_EQ(r.sell.chunk, 32u);
    for (std::uint64_t p = 0; p < r.sell.slices * r.sell.chunk; ++p) {
      const vertex_id i = r.sell.row_of[p];
      if (i == padding_column) continue;
      std::uint64_t length = 0;
      r.sell.for_each_at_position(p, [&](vertex_id j, std::uint64_t k) {
        ++length;
        return check(i, j, r.sell.values, k);
      });
      EXPECT_LE(length, cuda::sell_row_limit) << "row " << i;
    }
    // The longer rows, in CSR, each in the bin of its length.
    for (int b = 0; b < cuda::row_bin_count; ++b)
      for (std::uint64_t k = 0; k < r.bin_sizes[b]; ++k) {
        const vertex_id i = r.bin_rows[b][k];
        const std::uint64_t length = r.csr.offsets[i + 1] - r.csr.offsets[i];
        EXPECT_GT(length, cuda::sell_row_limit) << "row " << i;
        EXPECT_EQ(int(cuda::bin_of_row(length)), b) << "row " << i;
        for (std::uint64_t q = r.csr.offsets[i]; q < r.csr.offsets[i + 1]; ++q)
          check(i, r.csr.cols[q], r.csr.values, q);
      }
  }
  EXPECT_EQ(held, a.nvals());
}

TEST(CudaGeometry, FormatLayoutsHoldEveryEntryWithItsValue) {
  for (const ops::shape& s : ops::shapes()) {
    SCOPED_TRACE(s.name);
    ops::rng_t rng(ops::seed_of(s.name, 3));
    const auto a = ops::random_matrix<double>(rng, s);
    const matrix<double> iso(s.nrows, s.ncols, a.offsets(), a.cols(), {}, 2.5);
    for (format_kind kind : {format_kind::coo, format_kind::hyb, format_kind::sell,
                             format_kind::cci, format_kind::dtans}) {
      expect_layout_holds(a, kind);
      expect_layout_holds(iso, kind);
    }
    if (s.dense_row) {  // the dense row is longer than a CCI thread's share: coded in pieces
      EXPECT_EQ(device_layout::format_layout<double>(a, format_kind::cci).host_rows().split.count,
                1u);
    }
    try {
      expect_layout_holds(a, format_kind::ell);
    } catch (const error& e) {
      EXPECT_EQ(e.kind(), error_kind::limit);  // ELL refusing a long row
    }
  }
}

TEST(CudaGeometry, DtansRefusesValuesItCannotCode) {
  // dtANS codes the values themselves: bool or struct values are refused, an iso matrix of them
  // (no values stored) is not.
  ops::rng_t rng(7);
  const matrix<bool> flags = ops::random_matrix<bool>(rng, ops::small_shapes().front());
  ASSERT_FALSE(flags.values().empty());
  try {
    device_layout::format_layout<bool> layout(flags, format_kind::dtans);
    ADD_FAILURE() << "no error for bool values";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::usage);
    EXPECT_NE(e.message().find("dtans format on the GPU codes values of"), std::string::npos);
  }
  const matrix<bool> iso(flags.nrows(), flags.ncols(), flags.offsets(), flags.cols(), {}, true);
  const device_layout::format_layout<bool> layout(iso, format_kind::dtans);
  EXPECT_EQ(layout.host_rows().dtans.value_table, nullptr);
  expect_layout_holds(iso, format_kind::dtans);
}

TEST(CudaGeometry, DtansLanesGiveTheGpuThousandsOfSlices) {
  EXPECT_EQ(device_layout::gpu_dtans_lane_symbols(0), 32u);
  EXPECT_EQ(device_layout::gpu_dtans_lane_symbols(std::uint64_t(8192) * 32 * 64), 64u);
  EXPECT_EQ(device_layout::gpu_dtans_lane_symbols(std::uint64_t(8192) * 32 * 64 - 1), 32u);
  EXPECT_EQ(device_layout::gpu_dtans_lane_symbols(std::uint64_t(1) << 40), 512u);
}

TEST(CudaGeometry, BackendsAreChosenByName) {
  EXPECT_EQ(parse_backend("cpu"), backend::cpu);
  EXPECT_EQ(parse_backend("cuda"), backend::cuda);
  EXPECT_EQ(backend_name(backend::cuda), "cuda");
  EXPECT_THROW(parse_backend("gpu"), error);
  EXPECT_NO_THROW(require_backend(backend::cpu));
  if (!cuda_compiled() || cuda_device_count() == 0) {
    EXPECT_THROW(require_backend(backend::cuda), error);
  } else {
    EXPECT_NO_THROW(require_backend(backend::cuda));
  }
}

}  // namespace
}  // namespace graphring::testing

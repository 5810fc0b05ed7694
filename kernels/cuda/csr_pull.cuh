// Pull SpMV over CSR on the GPU, y(i) = ⊕_k A(i,k) ⊗ x(k) for every row a mask allows, with an
// adaptive number of lanes per row (Bell & Garland's scalar and vector CSR kernels, "Implementing
// sparse matrix-vector multiplication on throughput-oriented processors", SC 2009, chosen per
// row as in adaptive CSR): rows are binned by length when the matrix is uploaded
// (launch_geometry.hpp) and each bin runs its kernel — a thread, 4 lanes or a warp per row
// (csr_group_pull), or a block per row for the longest (csr_block_pull). Lanes read consecutive
// entries (coalesced) and combine their sums by shuffles, so ⊕ must be commutative; a
// non-commutative monoid takes one thread per row in column order (csr_ordered_pull).
// A row stops early once its sum is final (terminal value, ANY monoid): the lanes of a row vote.
// Contract (as the CPU kernels'): y_present[i] = whether row i took a product, y[i] its sum then.
#pragma once

#include <cstdint>

#include "kernels/cuda/cuda_try.cuh"
#include "kernels/cuda/format_rows.hpp"
#include "kernels/cuda/row_fold.hpp"
#include "kernels/cuda/views.hpp"
#include "kernels/cuda/warp.cuh"

namespace graphring::cuda {

// Rows rows[0 .. count) with `lanes` lanes (1, 4 or 32) each, warp by warp.
template <class S, class T, class U>
__global__ void csr_group_pull(kernels::csr_view<T> a, const std::uint32_t* rows,
                               std::uint64_t count, unsigned lanes, const U* x,
                               const std::uint8_t* x_present, mask_view mask, typename S::c_type* y,
                               std::uint8_t* y_present) {
  using A = typename S::a_type;
  using fold = row_fold<S, U>;
  const unsigned lane = threadIdx.x % warp_lanes, sub = lane % lanes;
  const unsigned group_mask = group_lane_mask(lanes);
  const std::uint64_t rows_per_warp = warp_lanes / lanes;
  const std::uint64_t warps = grid_threads() / warp_lanes;
  // The loop's bound is the same for the whole warp, so every lane reaches the shuffles.
  for (std::uint64_t base = global_thread() / warp_lanes * rows_per_warp; base < count;
       base += warps * rows_per_warp) {
    const std::uint64_t slot = base + lane / lanes;
    const bool active = slot < count;
    const std::uint64_t i = active ? rows[slot] : 0;
    fold f{x, x_present, i};
    if (active && mask.allows(i)) {
      const std::uint64_t last = a.offsets[i + 1];
      for (std::uint64_t first = a.offsets[i]; first < last; first += lanes) {
        const std::uint64_t p = first + sub;
        if (p < last) f.take(a.cols[p], entry_value<A>(a.values, a.iso, p));
        if constexpr (fold::stops_early) {
          if (lanes == 1 ? f.finished() : __any_sync(group_mask, f.finished())) break;
        }
      }
    }
    group_sum<S>(f.acc, f.taken, lanes);
    if (active && sub == 0) {
      if (f.taken) y[i] = f.acc;
      y_present[i] = f.taken;
    }
  }
}

// Rows rows[0 .. count) with a whole block each: warps reduce by shuffles, then thread 0
// combines the warps' sums.
template <class S, class T, class U>
__global__ void csr_block_pull(kernels::csr_view<T> a, const std::uint32_t* rows,
                               std::uint64_t count, const U* x, const std::uint8_t* x_present,
                               mask_view mask, typename S::c_type* y, std::uint8_t* y_present) {
  using A = typename S::a_type;
  using C = typename S::c_type;
  using fold = row_fold<S, U>;
  constexpr unsigned warps = block_threads / warp_lanes;
  __shared__ alignas(C) unsigned char sums_storage[warps * sizeof(C)];
  __shared__ bool took[warps];
  C* sums = reinterpret_cast<C*>(sums_storage);
  const unsigned warp = threadIdx.x / warp_lanes, lane = threadIdx.x % warp_lanes;
  for (std::uint64_t slot = blockIdx.x; slot < count; slot += gridDim.x) {
    const std::uint64_t i = rows[slot];
    fold f{x, x_present, i};
    if (mask.allows(i)) {  // the same for the whole block
      const std::uint64_t last = a.offsets[i + 1];
      for (std::uint64_t first = a.offsets[i]; first < last; first += block_threads) {
        const std::uint64_t p = first + threadIdx.x;
        if (p < last) f.take(a.cols[p], entry_value<A>(a.values, a.iso, p));
        if constexpr (fold::stops_early) {
          if (__syncthreads_or(f.finished())) break;
        }
      }
    }
    group_sum<S>(f.acc, f.taken, warp_lanes);
    if (lane == 0) {
      sums[warp] = f.acc;
      took[warp] = f.taken;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
      C acc = S::zero();
      bool taken = false;
      for (unsigned w = 0; w < warps; ++w) {
        if (!took[w]) continue;
        acc = taken ? S::add(acc, sums[w]) : sums[w];
        taken = true;
      }
      if (taken) y[i] = acc;
      y_present[i] = taken;
    }
    __syncthreads();  // the sums are read before the next row overwrites them
  }
}

// Every row with one thread, its entries in column order: any monoid, commutative or not.
template <class S, class T, class U>
__global__ void csr_ordered_pull(kernels::csr_view<T> a, const U* x, const std::uint8_t* x_present,
                                 mask_view mask, typename S::c_type* y, std::uint8_t* y_present) {
  for (std::uint64_t i = global_thread(); i < a.nrows; i += grid_threads())
    csr_row<S>(a, x, x_present, mask, i, y, y_present);
}

// Rows rows[0 .. count) with one thread each, in column order.
template <class S, class T, class U>
__global__ void csr_listed_ordered_pull(kernels::csr_view<T> a, const std::uint32_t* rows,
                                        std::uint64_t count, const U* x,
                                        const std::uint8_t* x_present, mask_view mask,
                                        typename S::c_type* y, std::uint8_t* y_present) {
  for (std::uint64_t slot = global_thread(); slot < count; slot += grid_threads())
    csr_row<S>(a, x, x_present, mask, rows[slot], y, y_present);
}

// The binned rows of r.csr, each bin by its kernel (a non-commutative ⊕: a thread per row).
// Rows in no bin are left as they are.
template <class S, class T, class U>
void csr_pull_bins(const pull_rows<T>& r, const U* x, const std::uint8_t* x_present, mask_view mask,
                   typename S::c_type* y, std::uint8_t* y_present) {
  for (int b = 0; b < row_bin_count; ++b) {
    const std::uint64_t count = r.bin_sizes[b];
    if (count == 0) continue;
    const row_bin bin = row_bin(b);
    if constexpr (!is_commutative_v<typename S::add_monoid>) {
      csr_listed_ordered_pull<S><<<grid_for(count, block_threads), block_threads>>>(
          r.csr, r.bin_rows[b], count, x, x_present, mask, y, y_present);
    } else {
      if (bin == row_bin::block) {
        csr_block_pull<S><<<grid_for(count, 1), block_threads>>>(r.csr, r.bin_rows[b], count, x,
                                                                 x_present, mask, y, y_present);
      } else {
        const unsigned lanes = lanes_of(bin);
        csr_group_pull<S><<<grid_for(count * lanes, block_threads), block_threads>>>(
            r.csr, r.bin_rows[b], count, lanes, x, x_present, mask, y, y_present);
      }
    }
    GRAPHRING_CUDA_LAUNCHED();
  }
}

template <class S, class T, class U>
void csr_pull(const pull_rows<T>& r, const U* x, const std::uint8_t* x_present, mask_view mask,
              typename S::c_type* y, std::uint8_t* y_present) {
  if constexpr (!is_commutative_v<typename S::add_monoid>) {
    csr_ordered_pull<S><<<grid_for(r.nrows, block_threads), block_threads>>>(r.csr, x, x_present,
                                                                             mask, y, y_present);
    GRAPHRING_CUDA_LAUNCHED();
  } else {
    csr_pull_bins<S>(r, x, x_present, mask, y, y_present);
  }
}

}  // namespace graphring::cuda

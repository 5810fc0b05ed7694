// Pull SpMV on the GPU over the compressed formats, one kernel each, reading the formats' own
// host/device views (engine/formats/); a thread's work is a step of format_rows.hpp:
//  - ELL: a thread per row walks its slots column by column; consecutive rows read consecutive
//    words (the column-major layout of Bell & Garland's ELL kernel, seeds/001);
//  - SELL-C-σ with C = 32: a thread per sorted position, so a warp sweeps one slice slot column
//    by slot column (Kreutzer et al., SIAM J. Sci. Comput. 2014);
//  - CCI (one slice, groups of at most a thread's share of symbols, longer rows in pieces): a
//    thread per group, decoding its rows in order from the group's stored start (Lawlor, IA^3
//    2013): the GPU reads the code itself, beside it only the groups' and pieces' tables; then
//    a thread per row coded in pieces joins the pieces' sums;
//  - CSR-dtANS: a warp per slice, lane l decoding the slice's l-th stream (dtans_lane.hpp), the
//    index table in shared memory (Schätzle, Pegolotti, Püschel, seeds/003); then a thread per
//    row coded in pieces joins the pieces' sums;
//  - COO: a thread per entry combines its product into y(row) with the monoid's atomic form
//    (atomic_combine.cuh); a monoid without one runs a thread per row over its entries in
//    column order (found by binary search), which keeps the order a non-commutative ⊕ needs;
//  - HYB: the ELL part writes every row's sum (the identity where it took none), then the COO
//    overflow is combined into it the same two ways; ELL holds a row's smallest columns, so the
//    ordered path still combines in column order.
#pragma once

#include <cstdint>

#include "kernels/cuda/atomic_combine.cuh"
#include "kernels/cuda/cuda_try.cuh"
#include "kernels/cuda/dtans_lane.hpp"
#include "kernels/cuda/format_rows.hpp"
#include "kernels/cuda/views.hpp"
#include "kernels/cuda/warp.cuh"

namespace graphring::cuda {

template <class S, class T, class U>
__global__ void ell_pull(ell_view<T> e, T iso, const U* x, const std::uint8_t* x_present,
                         mask_view mask, typename S::c_type* y, std::uint8_t* y_present) {
  for (std::uint64_t i = global_thread(); i < e.nrows; i += grid_threads())
    ell_row<S>(e, iso, x, x_present, mask, i, y, y_present);
}

template <class S, class T, class U>
__global__ void sell_pull(sell_view<T> s, T iso, const U* x, const std::uint8_t* x_present,
                          mask_view mask, typename S::c_type* y, std::uint8_t* y_present) {
  for (std::uint64_t p = global_thread(); p < s.slices * s.chunk; p += grid_threads())
    sell_position<S>(s, iso, x, x_present, mask, p, y, y_present);
}

template <class S, class T, class U>
__global__ void cci_pull(cci_view<T> v, row_pieces split, T iso, const U* x,
                         const std::uint8_t* x_present, mask_view mask, typename S::c_type* y,
                         std::uint8_t* y_present, typename S::c_type* partial,
                         std::uint8_t* partial_present) {
  const std::uint64_t groups = v.group_count();
  for (std::uint64_t g = global_thread(); g < groups; g += grid_threads())
    cci_group_rows<S>(v, split, iso, x, x_present, mask, g, y, y_present, partial, partial_present);
}

// Blocks of block_threads threads each copy the index table (32 KiB) to shared memory, then
// their warps take slices grid-stride.
template <class S, class T, class U>
__global__ void dtans_pull(dtans_view<T> v, row_pieces split, T iso, const U* x,
                           const std::uint8_t* x_present, mask_view mask, typename S::c_type* y,
                           std::uint8_t* y_present, typename S::c_type* partial,
                           std::uint8_t* partial_present) {
  __shared__ dtans_index_entry table[dtans_slots];
  for (unsigned k = threadIdx.x; k < dtans_slots; k += blockDim.x) table[k] = v.index_table[k];
  __syncthreads();
  v.index_table = table;
  const warp_team team;
  const std::uint32_t lane = threadIdx.x % warp_lanes;
  const std::uint64_t warps = grid_threads() / warp_lanes;
  for (std::uint64_t s = global_thread() / warp_lanes; s < v.slices; s += warps)
    dtans_lane_rows<S>(v, split, iso, x, x_present, mask, s, lane, team, y, y_present, partial,
                       partial_present);
}

template <class S>
__global__ void join_split_rows(row_pieces split, const typename S::c_type* partial,
                                const std::uint8_t* partial_present, typename S::c_type* y,
                                std::uint8_t* y_present) {
  for (std::uint64_t k = global_thread(); k < split.count; k += grid_threads())
    join_split_row<S>(split, k, partial, partial_present, y, y_present);
}

template <class S, class T, class U>
__global__ void coo_atomic_pull(coo_view<T> c, T iso, const U* x, const std::uint8_t* x_present,
                                mask_view mask, typename S::c_type* y, std::uint8_t* y_present) {
  const atomic_combiner<typename S::add_monoid> combine;
  for (std::uint64_t k = global_thread(); k < c.nnz; k += grid_threads())
    coo_entry<S>(c, iso, x, x_present, mask, k, y, y_present, combine);
}

template <class S, class T, class U>
__global__ void coo_ordered_pull(coo_view<T> c, T iso, const U* x, const std::uint8_t* x_present,
                                 mask_view mask, typename S::c_type* y, std::uint8_t* y_present,
                                 bool continuing) {
  for (std::uint64_t i = global_thread(); i < c.nrows; i += grid_threads())
    coo_row<S>(c, iso, x, x_present, mask, i, y, y_present, continuing);
}

// y = the identity, y_present = 0 at every row: where COO's atomic pull starts from.
template <class C>
__global__ void clear_rows(std::uint64_t n, C zero, C* y, std::uint8_t* y_present) {
  for (std::uint64_t i = global_thread(); i < n; i += grid_threads()) {
    y[i] = zero;
    y_present[i] = 0;
  }
}

template <class S, class T, class U>
void coo_pull(const coo_view<T>& c, const T& iso, const U* x, const std::uint8_t* x_present,
              mask_view mask, typename S::c_type* y, std::uint8_t* y_present, bool continuing) {
  using C = typename S::c_type;
  if constexpr (has_atomic_form_v<typename S::add_monoid, C>) {
    if (!continuing && c.nrows > 0) {
      clear_rows<<<grid_for(c.nrows, block_threads), block_threads>>>(c.nrows, S::zero(), y,
                                                                      y_present);
      GRAPHRING_CUDA_LAUNCHED();
    }
    if (c.nnz == 0) return;
    coo_atomic_pull<S><<<grid_for(c.nnz, block_threads), block_threads>>>(c, iso, x, x_present,
                                                                          mask, y, y_present);
  } else {
    coo_ordered_pull<S><<<grid_for(c.nrows, block_threads), block_threads>>>(
        c, iso, x, x_present, mask, y, y_present, continuing);
  }
  GRAPHRING_CUDA_LAUNCHED();
}

template <class S, class T, class U>
void ell_pull_rows(const ell_view<T>& e, const T& iso, const U* x, const std::uint8_t* x_present,
                   mask_view mask, typename S::c_type* y, std::uint8_t* y_present) {
  ell_pull<S><<<grid_for(e.nrows, block_threads), block_threads>>>(e, iso, x, x_present, mask, y,
                                                                   y_present);
  GRAPHRING_CUDA_LAUNCHED();
}

template <class S, class T, class U>
void sell_pull_rows(const sell_view<T>& s, const T& iso, const U* x, const std::uint8_t* x_present,
                    mask_view mask, typename S::c_type* y, std::uint8_t* y_present) {
  if (s.slices == 0) return;
  sell_pull<S><<<grid_for(s.slices * s.chunk, block_threads), block_threads>>>(s, iso, x, x_present,
                                                                               mask, y, y_present);
  GRAPHRING_CUDA_LAUNCHED();
}

// The rows coded in pieces: each split row's pieces' sums folded into it.
template <class S>
void join_pieces(const row_pieces& split, const typename S::c_type* partial,
                 const std::uint8_t* partial_present, typename S::c_type* y,
                 std::uint8_t* y_present) {
  if (split.count == 0) return;
  join_split_rows<S><<<grid_for(split.count, block_threads), block_threads>>>(
      split, partial, partial_present, y, y_present);
  GRAPHRING_CUDA_LAUNCHED();
}

// partial, partial_present: split.partial_slots slots of device workspace.
template <class S, class T, class U>
void cci_pull_rows(const cci_view<T>& v, const row_pieces& split, const T& iso, const U* x,
                   const std::uint8_t* x_present, mask_view mask, typename S::c_type* y,
                   std::uint8_t* y_present, typename S::c_type* partial,
                   std::uint8_t* partial_present) {
  const std::uint64_t groups = v.group_count();
  if (groups == 0) return;
  cci_pull<S><<<grid_for(groups, block_threads), block_threads>>>(
      v, split, iso, x, x_present, mask, y, y_present, partial, partial_present);
  GRAPHRING_CUDA_LAUNCHED();
  join_pieces<S>(split, partial, partial_present, y, y_present);
}

// partial, partial_present: split.partial_slots slots of device workspace.
template <class S, class T, class U>
void dtans_pull_rows(const dtans_view<T>& v, const row_pieces& split, const T& iso, const U* x,
                     const std::uint8_t* x_present, mask_view mask, typename S::c_type* y,
                     std::uint8_t* y_present, typename S::c_type* partial,
                     std::uint8_t* partial_present) {
  if (v.slices == 0) return;
  constexpr std::uint64_t most_blocks = 1024;  // each copies the table once
  const std::uint64_t wanted = grid_for(v.slices * warp_lanes, block_threads);
  const std::uint64_t blocks = wanted < most_blocks ? wanted : most_blocks;
  dtans_pull<S><<<blocks, block_threads>>>(v, split, iso, x, x_present, mask, y, y_present, partial,
                                           partial_present);
  GRAPHRING_CUDA_LAUNCHED();
  join_pieces<S>(split, partial, partial_present, y, y_present);
}

}  // namespace graphring::cuda

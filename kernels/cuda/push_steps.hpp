// What one thread of the push SpMSpV kernels does (kernels/cuda/push.cuh), as host and device
// code so the host tests run the same steps. The frontier u (u_nvals entries, ascending indices)
// has its edges numbered by slots: start[e] is the exclusive sum of the degrees before entry e,
// so slot t belongs to the entry owner_of(start, u_nvals, t) (launch_geometry.hpp).
//  - push_slot: slot t's product u(k) ⊗ N(k,j) combined into t(j) by `combine` (atomics on the
//    GPU), when the mask allows j;
//  - push_key: slot t's target j, or `excluded` where the mask forbids it (the ordered path sorts
//    slots by it);
//  - fold_run: one target's products, taken in slot order (ascending k), folded into its entry.
// S is in the vxm orientation: S::multiply(u(k), N(k,j), 0, k, j).
#pragma once

#include <cstdint>

#include "kernels/cuda/launch_geometry.hpp"
#include "kernels/cuda/views.hpp"
#include "semirings/hd.hpp"

namespace graphring::cuda {

// Slot t of the frontier's edges is edge p of row k, frontier entry e.
struct expanded_edge {
  std::uint64_t e, k, p;
};

template <class T>
GRAPHRING_HD expanded_edge expand(const kernels::csr_view<T>& rows, const std::uint32_t* u_index,
                                  const std::uint64_t* start, std::uint64_t u_nvals,
                                  std::uint64_t t) {
  const std::uint64_t e = owner_of(start, u_nvals, t);
  const std::uint64_t k = u_index[e];
  return {e, k, rows.offsets[k] + (t - start[e])};
}

// u(k) ⊗ N(k,j) for the expanded edge x with target j.
template <class S, class T, class U>
GRAPHRING_HD typename S::c_type push_product_of(const kernels::csr_view<T>& rows, const U* u_value,
                                                const expanded_edge& x, std::uint64_t j) {
  using A = typename S::a_type;
  using B = typename S::b_type;
  return S::multiply(A(u_value[x.e]), entry_value<B>(rows.values, rows.iso, x.p), 0, x.k, j);
}

template <class S, class T, class U, class Combine>
GRAPHRING_HD void push_slot(const kernels::csr_view<T>& rows, const std::uint32_t* u_index,
                            const U* u_value, const std::uint64_t* start, std::uint64_t u_nvals,
                            const mask_view& mask, std::uint64_t t, typename S::c_type* values,
                            std::uint8_t* present, const Combine& combine) {
  const expanded_edge x = expand(rows, u_index, start, u_nvals, t);
  const vertex_id j = rows.cols[x.p];
  if (!mask.allows(j)) return;
  combine(&values[j], push_product_of<S>(rows, u_value, x, j));
  present[j] = 1;
}

template <class T>
GRAPHRING_HD void push_key(const kernels::csr_view<T>& rows, const std::uint32_t* u_index,
                           const std::uint64_t* start, std::uint64_t u_nvals, const mask_view& mask,
                           std::uint32_t excluded, std::uint64_t t, std::uint32_t* key,
                           std::uint64_t* slot) {
  const vertex_id j = rows.cols[expand(rows, u_index, start, u_nvals, t).p];
  key[t] = mask.allows(j) ? j : excluded;
  slot[t] = t;
}

// Run r holds the sorted slots [head[r], end) (end: the next run's head, or `last`).
template <class S, class T, class U>
GRAPHRING_HD void fold_run(const kernels::csr_view<T>& rows, const std::uint32_t* u_index,
                           const U* u_value, const std::uint64_t* start, std::uint64_t u_nvals,
                           const std::uint32_t* key, const std::uint64_t* slot,
                           const std::uint32_t* head, std::uint64_t runs, std::uint64_t last,
                           std::uint64_t r, std::uint32_t* index, typename S::c_type* value) {
  const std::uint64_t first = head[r], end = r + 1 < runs ? head[r + 1] : last;
  const vertex_id j = key[first];
  typename S::c_type acc = S::zero();
  for (std::uint64_t s = first; s < end; ++s)
    acc = S::accumulate(
        acc, push_product_of<S>(rows, u_value, expand(rows, u_index, start, u_nvals, slot[s]), j));
  index[r] = j;
  value[r] = acc;
}

}  // namespace graphring::cuda

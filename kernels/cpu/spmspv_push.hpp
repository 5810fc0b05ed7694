// Push SpMSpV: w(j) ⊕= u(k) ⊗ N(k,j) for every entry u(k) of a sparse vector and every stored
// N(k,j) of row k whose j a mask allows — a frontier scattered over its out-edges. This is the
// vxm orientation (N = A); mxv pushes over Aᵀ with flipped<S>.
// The products land in a dense workspace (values + presence bytes, all zero on entry) and the
// touched indices are listed in ascending order without sorting the whole output: the index
// range is cut into buckets, threads expand disjoint frontier chunks into per-bucket lists, then
// each bucket is applied by one thread (threads' lists in frontier order, so products combine in
// ascending k) and its touched indices sorted within the bucket, or read off the presence bytes
// when the bucket is dense.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/array.hpp"
#include "kernels/cpu/parallel.hpp"
#include "kernels/csr_view.hpp"
#include "semirings/monoids.hpp"

namespace graphring::kernels {

// The dense scatter target of a push: n values and presence bytes, plus the touched indices.
template <class C>
struct scatter_workspace {
  array<C> values;
  array<std::uint8_t> present;  // all zero between uses
  array<std::uint32_t> touched;

  void prepare(std::uint64_t n) {
    if (present.size() != n) {
      values = array<C>(n);
      present = array<std::uint8_t>(n, 0);
    }
    touched.clear();
  }
  // Clears the presence bytes of the touched entries, ready for the next use.
  void reset() {
    for (std::uint32_t j : touched) present[j] = 0;
    touched.clear();
  }
};

namespace detail {

template <class S, class C>
inline void scatter_one(scatter_workspace<C>& w, std::uint32_t j, const C& product,
                        array<std::uint32_t>& touched) {
  if (!w.present[j]) {
    w.present[j] = 1;
    w.values[j] = product;
    touched.push_back(j);
  } else if constexpr (!is_any_v<typename S::add_monoid>) {
    w.values[j] = S::add(w.values[j], product);
  }
}

}  // namespace detail

template <class S, class V, class U, class Allowed>
void spmspv_push(const csr_view<V>& a, const std::uint32_t* u_index, const U* u_value,
                 std::uint64_t u_nvals, scatter_workspace<typename S::c_type>& w,
                 const Allowed& allowed) {
  using C = typename S::c_type;
  using A = typename S::a_type;
  using B = typename S::b_type;
  w.prepare(a.ncols);
  std::uint64_t work = 0;
  for (std::uint64_t e = 0; e < u_nvals; ++e)
    work += a.offsets[u_index[e] + 1] - a.offsets[u_index[e]];
  const int threads = work > min_parallel_work ? omp_get_max_threads() : 1;

  if (threads == 1) {
    for (std::uint64_t e = 0; e < u_nvals; ++e) {
      const std::uint32_t k = u_index[e];
      for (std::uint64_t p = a.offsets[k]; p < a.offsets[k + 1]; ++p) {
        const std::uint32_t j = a.cols[p];
        if (!allowed(j)) continue;
        detail::scatter_one<S>(w, j, S::multiply(A(u_value[e]), B(a.value(p)), 0, k, j), w.touched);
      }
    }
    // Listing the touched indices in order: a sort while they are few, a scan of the presence
    // bytes once a sort would cost more than reading n bytes.
    if (w.touched.size() * 32 > a.ncols) {
      w.touched.clear();
      for (std::uint64_t j = 0; j < a.ncols; ++j)
        if (w.present[j]) w.touched.push_back(std::uint32_t(j));
    } else {
      std::sort(w.touched.begin(), w.touched.end());
    }
    return;
  }

  struct product {
    std::uint32_t j;
    C value;
  };
  const int buckets = threads * 4;
  const std::uint64_t span = (a.ncols + buckets - 1) / buckets;
  // lists[t][b]: thread t's products whose index falls in bucket b, in frontier order.
  std::vector<std::vector<std::vector<product>>> lists(threads,
                                                       std::vector<std::vector<product>>(buckets));
  // Frontier chunks of equal edge work.
  std::vector<std::uint64_t> chunk_begin(threads + 1, u_nvals);
  {
    std::uint64_t seen = 0;
    int t = 0;
    chunk_begin[0] = 0;
    for (std::uint64_t e = 0; e < u_nvals && t < threads - 1; ++e) {
      seen += a.offsets[u_index[e] + 1] - a.offsets[u_index[e]];
      if (seen >= work * (t + 1) / threads) chunk_begin[++t] = e + 1;
    }
    for (int s = t + 1; s < threads; ++s) chunk_begin[s] = u_nvals;
  }
  std::vector<array<std::uint32_t>> bucket_touched(buckets);
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    auto& mine = lists[t];
    for (std::uint64_t e = chunk_begin[t]; e < chunk_begin[t + 1]; ++e) {
      const std::uint32_t k = u_index[e];
      for (std::uint64_t p = a.offsets[k]; p < a.offsets[k + 1]; ++p) {
        const std::uint32_t j = a.cols[p];
        if (!allowed(j)) continue;
        mine[j / span].push_back({j, S::multiply(A(u_value[e]), B(a.value(p)), 0, k, j)});
      }
    }
#pragma omp barrier
#pragma omp for schedule(dynamic, 1)
    for (int b = 0; b < buckets; ++b) {
      auto& touched = bucket_touched[b];
      for (int s = 0; s < threads; ++s)
        for (const product& x : lists[s][b]) detail::scatter_one<S>(w, x.j, x.value, touched);
      const std::uint64_t first = std::min<std::uint64_t>(std::uint64_t(b) * span, a.ncols);
      const std::uint64_t last = std::min<std::uint64_t>(first + span, a.ncols);
      if (touched.size() * 8 > last - first) {
        touched.clear();
        for (std::uint64_t j = first; j < last; ++j)
          if (w.present[j]) touched.push_back(std::uint32_t(j));
      } else {
        std::sort(touched.begin(), touched.end());
      }
    }
  }
  for (const auto& touched : bucket_touched)
    for (std::uint32_t j : touched) w.touched.push_back(j);
}

}  // namespace graphring::kernels

// Parallel exclusive prefix sum (two passes over per-thread blocks), the middle step of
// "count -> prefix sum -> scatter" CSR construction.
#pragma once

#include <omp.h>

#include <cstddef>
#include <vector>

namespace graphring::kernels {

// Replaces a[0..n) by its exclusive prefix sum and returns the total.
template <class T>
T exclusive_prefix_sum(T* a, std::size_t n) {
  const int max_threads = omp_get_max_threads();
  if (n < (std::size_t(1) << 16) || max_threads == 1) {
    T sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      T x = a[i];
      a[i] = sum;
      sum += x;
    }
    return sum;
  }
  std::vector<T> block_sums(std::size_t(max_threads) + 1, 0);
  int team_size = 1;
#pragma omp parallel num_threads(max_threads)
  {
    const int t = omp_get_thread_num();
    const int nt = omp_get_num_threads();
#pragma omp single
    team_size = nt;
    const std::size_t begin = n * t / nt, end = n * (t + 1) / nt;
    T sum = 0;
    for (std::size_t i = begin; i < end; ++i) sum += a[i];
    block_sums[t + 1] = sum;
#pragma omp barrier
#pragma omp single
    for (int i = 1; i <= nt; ++i) block_sums[i] += block_sums[i - 1];
    T running = block_sums[t];
    for (std::size_t i = begin; i < end; ++i) {
      T x = a[i];
      a[i] = running;
      running += x;
    }
  }
  return block_sums[std::size_t(team_size)];
}

}  // namespace graphring::kernels

// Aᵀ by a blocked counting sort (engine/csr_transpose.hpp). Replaces the edge-list builder for
// this job, which scattered with atomics and then sorted every row: 3-5x GraphBLAS's transpose.
#include "engine/csr_transpose.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/parallel.hpp"
#include "core/prefix_sum.hpp"

namespace graphring {
namespace {

// The first row of each of `blocks` blocks of about equal rows + entries, and nrows at the end.
std::vector<std::uint64_t> row_blocks(const csr_matrix& a, int blocks) {
  std::vector<std::uint64_t> first(std::size_t(blocks) + 1, a.nrows);
  first[0] = 0;
  const edge_offset* offsets = a.offsets.data();
  const std::uint64_t work = a.nnz() + a.nrows;
  for (int b = 1; b < blocks; ++b) {
    const std::uint64_t target = work * std::uint64_t(b) / std::uint64_t(blocks);
    // the first row i with offsets[i] + i >= target
    std::uint64_t low = first[b - 1], high = a.nrows;
    while (low < high) {
      const std::uint64_t mid = low + (high - low) / 2;
      if (offsets[mid] + mid < target) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    first[b] = low;
  }
  return first;
}

// Aᵀ's offsets and column ids; place(q, p) is told that Aᵀ's entry q is A's entry p.
template <class Place>
csr_matrix transpose_by_blocks(const csr_matrix& a, const Place& place) {
  const std::uint64_t n = a.ncols;  // the rows of Aᵀ
  const bool parallel = a.nnz() + a.nrows + n > kernels::min_parallel_work;
  const int threads = parallel ? omp_get_max_threads() : 1;
  // One block per thread, but never more blocks than entries per column, so that the blocks'
  // counters (8 bytes per column each) take no more memory than the entries.
  const int blocks = int(std::clamp<std::uint64_t>(a.nnz() / std::max<std::uint64_t>(n, 1), 1,
                                                   std::uint64_t(threads)));
  const std::vector<std::uint64_t> first = row_blocks(a, blocks);
  const edge_offset* offsets = a.offsets.data();
  const vertex_id* cols = a.cols.data();
  // Block b's counter of column c at b * n + c: its count, then its next place in Aᵀ's row c.
  buffer<edge_offset> counter(std::uint64_t(blocks) * n);
  buffer<edge_offset> t_offsets(n + 1);
  buffer<vertex_id> t_cols(a.nnz());

#pragma omp parallel num_threads(blocks)
  {
    const int team = omp_get_num_threads(), t = omp_get_thread_num();
    for (int b = t; b < blocks; b += team) {
      edge_offset* count = counter.data() + std::uint64_t(b) * n;
      std::fill(count, count + n, edge_offset(0));
      for (edge_offset p = offsets[first[b]]; p < offsets[first[b + 1]]; ++p) ++count[cols[p]];
    }
#pragma omp barrier
#pragma omp for schedule(static)
    for (std::int64_t c = 0; c < std::int64_t(n); ++c) {
      edge_offset total = 0;
      for (int b = 0; b < blocks; ++b) total += counter[std::uint64_t(b) * n + std::uint64_t(c)];
      t_offsets[c] = total;
    }
  }
  t_offsets[n] = kernels::exclusive_prefix_sum(t_offsets.data(), n);

#pragma omp parallel num_threads(blocks)
  {
    // Each block's places in row c follow those of the blocks before it.
#pragma omp for schedule(static)
    for (std::int64_t c = 0; c < std::int64_t(n); ++c) {
      edge_offset next = t_offsets[c];
      for (int b = 0; b < blocks; ++b) {
        edge_offset& slot = counter[std::uint64_t(b) * n + std::uint64_t(c)];
        const edge_offset count = slot;
        slot = next;
        next += count;
      }
    }
    const int team = omp_get_num_threads(), t = omp_get_thread_num();
    for (int b = t; b < blocks; b += team) {
      edge_offset* next = counter.data() + std::uint64_t(b) * n;
      for (std::uint64_t i = first[b]; i < first[b + 1]; ++i)
        for (edge_offset p = offsets[i]; p < offsets[i + 1]; ++p) {
          const edge_offset q = next[cols[p]]++;
          t_cols[q] = vertex_id(i);
          place(q, p);
        }
    }
  }

  csr_matrix t;
  t.nrows = n;
  t.ncols = a.nrows;
  t.offsets = shared_array<edge_offset>(std::move(t_offsets));
  t.cols = shared_array<vertex_id>(std::move(t_cols));
  return t;
}

}  // namespace

csr_matrix transpose(const csr_matrix& a) {
  return std::visit(
      [&](const auto& values) {
        using W = std::decay_t<decltype(values)>;
        if constexpr (std::is_same_v<W, std::monostate>) {
          return transpose_by_blocks(a, [](edge_offset, edge_offset) {});
        } else {
          buffer<typename W::value_type> moved(a.nnz());
          auto* to = moved.data();
          const auto* from = values.data();
          csr_matrix t =
              transpose_by_blocks(a, [to, from](edge_offset q, edge_offset p) { to[q] = from[p]; });
          t.values = shared_array<typename W::value_type>(std::move(moved));
          return t;
        }
      },
      a.values);
}

csr_matrix transpose_with_sources(const csr_matrix& a, buffer<std::uint64_t>& sources) {
  sources = buffer<std::uint64_t>(a.nnz());
  std::uint64_t* out = sources.data();
  return transpose_by_blocks(a, [out](edge_offset q, edge_offset p) { out[q] = p; });
}

bool is_symmetric(const csr_matrix& a) {
  if (a.nrows != a.ncols) return false;
  const std::uint64_t n = a.nrows, nnz = a.nnz();
  const edge_offset* offsets = a.offsets.data();
  const vertex_id* cols = a.cols.data();
  // Blocks of mirror rows [first[b], first[b + 1]) with about `per_block` entries each; every
  // block scans all of A in order and checks the entries whose column falls in it, so that its
  // lookups stay within the block's rows.
  const std::uint64_t per_block = std::max<std::uint64_t>(nnz / 8, std::uint64_t(1) << 24);
  std::vector<std::uint64_t> first{0};
  for (std::uint64_t r = 0; r < n;) {
    const edge_offset* end =
        std::upper_bound(offsets + r + 1, offsets + n + 1, offsets[r] + per_block);
    r = std::max<std::uint64_t>(r + 1, std::uint64_t(end - offsets) - 1);
    first.push_back(r);
  }
  return std::visit(
      [&](const auto& held) {
        using H = std::decay_t<decltype(held)>;
        std::int64_t mismatches = 0;
        const std::int64_t blocks = std::int64_t(first.size()) - 1;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : mismatches) \
    if (nnz > kernels::min_parallel_work)
        for (std::int64_t b = 0; b < blocks; ++b) {
          const std::uint64_t lo = first[b], hi = first[b + 1];
          // next[j - lo]: where row j's entry mirroring the next one met in column j must be.
          std::vector<edge_offset> next(offsets + lo, offsets + hi);
          for (std::uint64_t i = 0; i < n && !mismatches; ++i)
            for (edge_offset p = offsets[i]; p < offsets[i + 1]; ++p) {
              const vertex_id j = cols[p];
              if (j < lo || j >= hi) continue;
              const edge_offset q = next[j - lo]++;
              bool same = q < offsets[j + 1] && cols[q] == vertex_id(i);
              if constexpr (!std::is_same_v<H, std::monostate>) {
                if (same) {
                  const auto x = held[p], y = held[q];
                  same = std::memcmp(&x, &y, sizeof x) == 0;
                }
              }
              mismatches += !same;
            }
          // Every entry of the block's rows was met as a mirror.
          for (std::uint64_t j = lo; j < hi && !mismatches; ++j)
            mismatches += next[j - lo] != offsets[j + 1];
        }
        return mismatches == 0;
      },
      a.values);
}

}  // namespace graphring

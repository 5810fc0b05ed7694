// Builds a matrix row by row in parallel: row(i, emit) calls emit(j, value) for the entries of
// row i in ascending j. Rows are processed in contiguous chunks, each chunk into its own arrays,
// and the chunks are concatenated in order — the CSR result needs no sort and no second pass.
#pragma once

#include <omp.h>

#include <cstdint>
#include <vector>

#include "engine/array.hpp"
#include "engine/matrix.hpp"
#include "kernels/cpu/parallel.hpp"

namespace graphring::detail {

template <class T, class RowFn>
matrix<T> build_by_rows(std::uint64_t nrows, std::uint64_t ncols, std::uint64_t work_hint,
                        const RowFn& row) {
  const int threads = nrows + work_hint > kernels::min_parallel_work ? omp_get_max_threads() : 1;
  const std::uint64_t chunks = std::min<std::uint64_t>(std::uint64_t(threads) * 16, nrows + 1);
  std::vector<array<vertex_id>> cols(chunks);
  std::vector<array<T>> values(chunks);
  array<edge_offset> offsets(nrows + 1, 0);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (std::int64_t c = 0; c < std::int64_t(chunks); ++c) {
    const std::uint64_t begin = nrows * c / chunks, end = nrows * (c + 1) / chunks;
    for (std::uint64_t i = begin; i < end; ++i) {
      const std::size_t before = cols[c].size();
      row(i, [&](std::uint64_t j, const T& value) {
        cols[c].push_back(vertex_id(j));
        values[c].push_back(value);
      });
      offsets[i + 1] = cols[c].size() - before;
    }
  }
  for (std::uint64_t i = 0; i < nrows; ++i) offsets[i + 1] += offsets[i];
  array<vertex_id> all_cols(offsets[nrows]);
  array<T> all_values(offsets[nrows]);
#pragma omp parallel for schedule(static) num_threads(threads)
  for (std::int64_t c = 0; c < std::int64_t(chunks); ++c) {
    const edge_offset at = offsets[nrows * c / chunks];
    std::copy(cols[c].begin(), cols[c].end(), all_cols.begin() + at);
    std::copy(values[c].begin(), values[c].end(), all_values.begin() + at);
  }
  return matrix<T>(nrows, ncols, share(std::move(offsets)), share(std::move(all_cols)),
                   share(std::move(all_values)), T{});
}

}  // namespace graphring::detail

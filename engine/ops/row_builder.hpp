// Builds a matrix row by row in parallel: row(i, emit) calls emit(j, value) for the entries of
// row i in ascending j. Rows are processed in contiguous chunks, each chunk into its own arrays,
// and the chunks are concatenated in order — the CSR result needs no sort and no second pass.
#pragma once

#include <omp.h>

#include <cstdint>
#include <optional>
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

// The same for a row function that is cheap and gives the same row every time (select, apply,
// element-wise merges): one pass counts each row's entries, the next writes them straight into
// arrays of the exact size, in parallel, with no per-chunk growth and no final copy. With `iso`
// every entry holds that value and no value array is made.
template <class T, class RowFn>
matrix<T> build_rows_counted(std::uint64_t nrows, std::uint64_t ncols, std::uint64_t work_hint,
                             const RowFn& row, std::optional<T> iso = std::nullopt) {
  const int threads = nrows + work_hint > kernels::min_parallel_work ? omp_get_max_threads() : 1;
  array<edge_offset> offsets(nrows + 1);
  offsets[0] = 0;
#pragma omp parallel for schedule(dynamic, 1024) num_threads(threads)
  for (std::int64_t s = 0; s < std::int64_t(nrows); ++s) {
    edge_offset count = 0;
    row(std::uint64_t(s), [&](std::uint64_t, const T&) { ++count; });
    offsets[s + 1] = count;
  }
  for (std::uint64_t i = 0; i < nrows; ++i) offsets[i + 1] += offsets[i];
  array<vertex_id> cols(offsets[nrows]);
  array<T> values(iso ? 0 : offsets[nrows]);
  vertex_id* const col_out = cols.data();
  T* const value_out = values.data();
  const edge_offset* const starts = offsets.data();
  if (iso) {
#pragma omp parallel for schedule(dynamic, 1024) num_threads(threads)
    for (std::int64_t s = 0; s < std::int64_t(nrows); ++s) {
      vertex_id* out = col_out + starts[s];
      row(std::uint64_t(s), [&](std::uint64_t j, const T&) { *out++ = vertex_id(j); });
    }
  } else {
#pragma omp parallel for schedule(dynamic, 1024) num_threads(threads)
    for (std::int64_t s = 0; s < std::int64_t(nrows); ++s) {
      edge_offset p = starts[s];
      row(std::uint64_t(s), [&](std::uint64_t j, const T& value) {
        col_out[p] = vertex_id(j);
        value_out[p++] = value;
      });
    }
  }
  return matrix<T>(nrows, ncols, share(std::move(offsets)), share(std::move(cols)),
                   share(std::move(values)), iso ? *iso : T{});
}

}  // namespace graphring::detail

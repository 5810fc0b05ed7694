// Builds a matrix row by row in parallel: row(i, emit) calls emit(j, value) for the entries of
// row i in ascending j. Rows are processed in contiguous chunks, each chunk into its own arrays,
// and the chunks are concatenated in order — the CSR result needs no sort and no second pass.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include "core/array.hpp"
#include "core/parallel.hpp"
#include "engine/matrix.hpp"

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

// Rows in blocks of block_rows, for builders that count first and then fill: f(b, begin, end)
// runs for every block b = [begin, end) of rows, in parallel.
inline constexpr std::uint64_t block_rows = 1024;

inline std::uint64_t row_blocks(std::uint64_t nrows) {
  return (nrows + block_rows - 1) / block_rows;
}

template <class F>
void for_each_row_block(std::uint64_t nrows, int threads, const F& f) {
  const std::int64_t blocks = std::int64_t(row_blocks(nrows));
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::uint64_t begin = std::uint64_t(b) * block_rows;
    f(std::uint64_t(b), begin, std::min(nrows, begin + block_rows));
  }
}

// Each block's first place in the output, from count(begin, end), the entries block [begin, end)
// gives: start[b] sums the blocks before b, and start[blocks] is the total.
template <class Count>
std::vector<edge_offset> block_starts(std::uint64_t nrows, int threads, const Count& count) {
  const std::uint64_t blocks = row_blocks(nrows);
  std::vector<edge_offset> start(blocks + 1, 0);
  for_each_row_block(nrows, threads, [&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
    start[b + 1] = count(begin, end);
  });
  for (std::uint64_t b = 0; b < blocks; ++b) start[b + 1] += start[b];
  return start;
}

// Rows [begin, end) written from place p on: column ids to col_out, values to value_out (none
// when iso), each row's end to ends[i]. Returns the place after the last entry.
template <bool iso, class T, class RowFn>
GRAPHRING_INLINE edge_offset write_rows(const RowFn& row, std::uint64_t begin, std::uint64_t end,
                                        edge_offset p, vertex_id* col_out, T* value_out,
                                        edge_offset* ends) {
  for (std::uint64_t i = begin; i < end; ++i) {
    if constexpr (iso) {
      row(i, [&](std::uint64_t j, const T&) { col_out[p++] = vertex_id(j); });
    } else {
      row(i, [&](std::uint64_t j, const T& value) {
        col_out[p] = vertex_id(j);
        value_out[p++] = value;
      });
    }
    ends[i] = p;
  }
  return p;
}

// Without a row size, the count pass of build_rows_counted runs the row function.
struct counted_by_row_t {};

// build_by_rows for a row function that is cheap and gives the same row every time (select, apply,
// element-wise merges): one pass counts the entries of each block of rows (row_size(i) gives a
// row's count without running the row, where the caller knows it), a scan over the
// blocks gives each block its first place, and the next pass writes every row straight into
// arrays of the exact size, setting the row offsets as it goes: no per-row counts are stored, no
// pass over all rows sums them, and nothing grows or is copied. With `iso` every entry holds that
// value and no value array is made.
template <class T, class RowFn, class RowSize = counted_by_row_t>
matrix<T> build_rows_counted(std::uint64_t nrows, std::uint64_t ncols, std::uint64_t work_hint,
                             const RowFn& row, std::optional<T> iso = std::nullopt,
                             const RowSize& row_size = {}) {
  const int threads = nrows + work_hint > kernels::min_parallel_work ? omp_get_max_threads() : 1;
  const std::vector<edge_offset> block_start =
      block_starts(nrows, threads, [&](std::uint64_t begin, std::uint64_t end) {
        edge_offset count = 0;
        for (std::uint64_t i = begin; i < end; ++i) {
          if constexpr (std::is_same_v<RowSize, counted_by_row_t>) {
            row(i, [&](std::uint64_t, const T&) { ++count; });
          } else {
            count += row_size(i);
          }
        }
        return count;
      });
  const edge_offset total = block_start.back();
  array<edge_offset> offsets(nrows + 1);
  offsets[0] = 0;
  array<vertex_id> cols(total);
  array<T> values(iso ? 0 : total);
  vertex_id* const col_out = cols.data();
  T* const value_out = values.data();
  edge_offset* const ends = offsets.data() + 1;
  for_each_row_block(nrows, threads, [&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
    const edge_offset p = block_start[b];
    if (iso)
      write_rows<true>(row, begin, end, p, col_out, value_out, ends);
    else
      write_rows<false>(row, begin, end, p, col_out, value_out, ends);
  });
  return matrix<T>(nrows, ncols, share(std::move(offsets)), share(std::move(cols)),
                   share(std::move(values)), iso ? *iso : T{});
}

// build_by_rows for a row function whose rows [begin, end) hold at most bound(begin, end) entries
// in all (a merge of two rows: at most the sum of their lengths), for a row that costs too much to
// run twice (the merges, whose count pass would repeat every comparison): one pass writes each
// block of rows into scratch arrays at the place the bounds give it, setting row ends as it goes;
// a scan over the blocks' counts gives each block its first place in arrays of the exact size, and
// a copy moves the blocks there and shifts their row ends. When no block falls short of its bound,
// the scratch arrays are the result and nothing is copied.
template <class T, class RowFn, class Bound>
matrix<T> build_rows_bounded(std::uint64_t nrows, std::uint64_t ncols, std::uint64_t work_hint,
                             const RowFn& row, const Bound& bound,
                             std::optional<T> iso = std::nullopt) {
  const int threads = nrows + work_hint > kernels::min_parallel_work ? omp_get_max_threads() : 1;
  const std::vector<edge_offset> room = block_starts(nrows, threads, bound);
  array<edge_offset> offsets(nrows + 1);
  offsets[0] = 0;
  edge_offset* const ends = offsets.data() + 1;
  array<vertex_id> scratch_cols(room.back());
  array<T> scratch_values(iso ? 0 : room.back());
  std::vector<edge_offset> start(room.size(), 0);
  vertex_id* const col_out = scratch_cols.data();
  T* const value_out = scratch_values.data();
  for_each_row_block(nrows, threads, [&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
    const edge_offset p = room[b];
    start[b + 1] = (iso ? write_rows<true>(row, begin, end, p, col_out, value_out, ends)
                        : write_rows<false>(row, begin, end, p, col_out, value_out, ends)) -
                   p;
  });
  for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  if (start.back() == room.back())
    return matrix<T>(nrows, ncols, share(std::move(offsets)), share(std::move(scratch_cols)),
                     share(std::move(scratch_values)), iso ? *iso : T{});
  array<vertex_id> cols(start.back());
  array<T> values(iso ? 0 : start.back());
  for_each_row_block(nrows, threads, [&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
    const edge_offset from = room[b], count = start[b + 1] - start[b];
    std::copy_n(scratch_cols.data() + from, count, cols.data() + start[b]);
    if (!iso) std::copy_n(scratch_values.data() + from, count, values.data() + start[b]);
    for (std::uint64_t i = begin; i < end; ++i) ends[i] = ends[i] - from + start[b];
  });
  return matrix<T>(nrows, ncols, share(std::move(offsets)), share(std::move(cols)),
                   share(std::move(values)), iso ? *iso : T{});
}

}  // namespace graphring::detail

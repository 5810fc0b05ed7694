// The sliced pull kernel's row order: within each group of rows, a counting sort of the short rows
// by length, then the longer rows (engine/rows_by_length.hpp).
#include "engine/rows_by_length.hpp"

#include <omp.h>

#include <algorithm>

#include "core/parallel.hpp"

namespace graphring {

row_order rows_by_length(const edge_offset* offsets, std::uint64_t nrows, std::uint64_t max_bytes) {
  const std::uint64_t bytes =
      (nrows + 1) * sizeof(edge_offset) + offsets[nrows] * sizeof(vertex_id);
  if (bytes > max_bytes) return {};
  constexpr std::uint64_t limit = short_row_limit, long_bucket = limit;
  const std::uint64_t groups = (nrows + row_group_size - 1) / row_group_size;
  // 0 for the longest short rows, limit - 1 for rows of one entry, limit for longer rows.
  auto bucket = [&](std::uint64_t i) {
    const std::uint64_t length = offsets[i + 1] - offsets[i];
    return length > limit ? long_bucket : limit - length;
  };
  auto for_rows = [&](std::int64_t g, auto&& f) {
    const std::uint64_t begin = std::uint64_t(g) * row_group_size;
    const std::uint64_t end = std::min(nrows, begin + row_group_size);
    for (std::uint64_t i = begin; i < end; ++i)
      if (offsets[i + 1] > offsets[i]) f(i);
  };
  const int threads = nrows > kernels::min_parallel_work ? omp_get_max_threads() : 1;
  std::uint64_t changes = 0;
#pragma omp parallel for schedule(static) reduction(+ : changes) num_threads(threads)
  for (std::int64_t i = 1; i < std::int64_t(nrows); ++i)
    changes += offsets[i + 1] - offsets[i] != offsets[i] - offsets[i - 1];
  if (changes * entries_per_change < offsets[nrows]) return {};
  row_order order{true, array<vertex_id>(), array<std::uint64_t>(groups + 1),
                  array<std::uint64_t>(groups)};
  std::uint64_t* const group_start = order.group_start.data();
  group_start[0] = 0;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (std::int64_t g = 0; g < std::int64_t(groups); ++g) {
    std::uint64_t count = 0;
    for_rows(g, [&](std::uint64_t) { ++count; });
    group_start[g + 1] = count;
  }
  for (std::uint64_t g = 0; g < groups; ++g) group_start[g + 1] += group_start[g];
  order.rows = array<vertex_id>(group_start[groups]);
  vertex_id* const rows = order.rows.data();
  std::uint64_t* const long_start = order.long_start.data();
#pragma omp parallel for schedule(static) num_threads(threads)
  for (std::int64_t g = 0; g < std::int64_t(groups); ++g) {
    std::uint64_t place[limit + 2] = {};
    for_rows(g, [&](std::uint64_t i) { ++place[bucket(i) + 1]; });
    place[0] = group_start[g];
    for (std::uint64_t b = 1; b <= long_bucket; ++b) place[b] += place[b - 1];
    long_start[g] = place[long_bucket];
    for_rows(g, [&](std::uint64_t i) { rows[place[bucket(i)]++] = vertex_id(i); });
  }
  return order;
}

}  // namespace graphring

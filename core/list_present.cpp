// Listing presence bytes: count each block's entries, an exclusive prefix over the blocks, then
// each block lists its positions into a local buffer without a branch and copies them out.
#include "core/list_present.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/parallel.hpp"

namespace graphring {

namespace {

constexpr std::uint64_t block = 4096;

// Block b's positions with a presence byte, written from out[0].
std::uint64_t list_block(const std::uint8_t* present, std::uint64_t begin, std::uint64_t end,
                         vertex_id* out) {
  std::uint32_t found[block];
  std::uint32_t count = 0;
  for (std::uint64_t i = begin; i < end; ++i) {
    found[count] = std::uint32_t(i - begin);
    count += present[i] != 0;
  }
  for (std::uint32_t k = 0; k < count; ++k) out[k] = vertex_id(begin + found[k]);
  return count;
}

}  // namespace

std::uint64_t list_present(const std::uint8_t* present, std::uint64_t n, vertex_id* out) {
  const std::uint64_t blocks = (n + block - 1) / block;
  if (n <= kernels::min_parallel_work || omp_get_max_threads() == 1) {
    std::uint64_t count = 0;
    for (std::uint64_t b = 0; b < blocks; ++b)
      count += list_block(present, b * block, std::min(n, (b + 1) * block), out + count);
    return count;
  }
  std::vector<std::uint64_t> start(blocks + 1, 0);
#pragma omp parallel for schedule(static)
  for (std::int64_t b = 0; b < std::int64_t(blocks); ++b) {
    const std::uint64_t begin = std::uint64_t(b) * block, end = std::min(n, begin + block);
    std::uint64_t count = 0;
    for (std::uint64_t i = begin; i < end; ++i) count += present[i] != 0;
    start[std::uint64_t(b) + 1] = count;
  }
  for (std::uint64_t b = 0; b < blocks; ++b) start[b + 1] += start[b];
#pragma omp parallel for schedule(static)
  for (std::int64_t b = 0; b < std::int64_t(blocks); ++b) {
    const std::uint64_t begin = std::uint64_t(b) * block;
    list_block(present, begin, std::min(n, begin + block), out + start[std::uint64_t(b)]);
  }
  return start[blocks];
}

}  // namespace graphring

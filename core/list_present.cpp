// Listing presence bytes: count each block's entries, an exclusive prefix over the blocks, then
// each block lists its positions into a local buffer without a branch and copies them out.
#include "core/list_present.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/parallel.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace graphring {

namespace {

constexpr std::uint64_t block = 4096;

// For each pattern of 8 presence bits, the positions of its set bits, then zeros.
struct bit_positions {
  alignas(16) std::uint16_t at[256][8];
  std::uint8_t count[256];

  constexpr bit_positions() : at{}, count{} {
    for (int bits = 0; bits < 256; ++bits) {
      int c = 0;
      for (int b = 0; b < 8; ++b)
        if ((bits >> b) & 1) at[bits][c++] = std::uint16_t(b);
      count[bits] = std::uint8_t(c);
    }
  }
};

constexpr bit_positions positions{};

// Block b's positions with a presence byte, written from out[0].
std::uint64_t list_block(const std::uint8_t* present, std::uint64_t begin, std::uint64_t end,
                         vertex_id* out) {
  std::uint16_t found[block];
  const std::uint32_t count = list_present_offsets(present, begin, end, found);
  for (std::uint32_t k = 0; k < count; ++k) out[k] = vertex_id(begin + found[k]);
  return count;
}

}  // namespace

std::uint32_t list_present_offsets(const std::uint8_t* present, std::uint64_t begin,
                                   std::uint64_t end, std::uint16_t* offsets) {
  std::uint32_t count = 0;
  std::uint64_t i = begin;
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  for (; i + 16 <= end; i += 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(present + i));
    const unsigned bits = ~unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, zero))) & 0xffff;
    for (unsigned half = 0; half < 2; ++half) {
      const unsigned eight = (bits >> (8 * half)) & 0xff;
      const __m128i at = _mm_load_si128(reinterpret_cast<const __m128i*>(positions.at[eight]));
      const __m128i offset = _mm_set1_epi16(static_cast<short>(i - begin + 8 * half));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(offsets + count), _mm_add_epi16(at, offset));
      count += positions.count[eight];
    }
  }
#endif
  for (; i < end; ++i) {
    offsets[count] = std::uint16_t(i - begin);
    count += present[i] != 0;
  }
  return count;
}

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

// The .grb checksum: the data is cut into 1 MiB blocks hashed independently (in parallel), each
// by eight lanes of a xor-rotate-multiply step over 64-bit words (one multiply per word, so it
// runs near memory speed); the block hashes are then folded in order. Every step is a bijection
// in the word it absorbs and in the lane state, so a change to any one word changes the result;
// the value does not depend on the number of threads.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/buffer.hpp"

namespace graphring::io {

namespace detail {

constexpr std::uint64_t k1 = 0x9E3779B97F4A7C15ull, k2 = 0xBF58476D1CE4E5B9ull,
                        k3 = 0x94D049BB133111EBull;

inline std::uint64_t absorb(std::uint64_t h, std::uint64_t word) noexcept {
  return std::rotl(h ^ word, 29) * k2;
}

inline std::uint64_t finish(std::uint64_t h) noexcept {
  h ^= h >> 31;
  h *= k3;
  return h ^ (h >> 29);
}

inline std::uint64_t hash_block(const unsigned char* p, std::size_t n) noexcept {
  constexpr int lanes = 8;
  std::uint64_t lane[lanes];
  for (int k = 0; k < lanes; ++k) lane[k] = k1 * std::uint64_t(k + 1);
  std::size_t i = 0;
  for (; i + 8 * lanes <= n; i += 8 * lanes)
    for (int k = 0; k < lanes; ++k) {
      std::uint64_t w;
      std::memcpy(&w, p + i + 8 * k, 8);
      lane[k] = absorb(lane[k], w);
    }
  unsigned char tail[8 * lanes] = {};
  std::memcpy(tail, p + i, n - i);
  for (int k = 0; k < lanes; ++k) {
    std::uint64_t w;
    std::memcpy(&w, tail + 8 * k, 8);
    lane[k] = absorb(lane[k], w);
  }
  std::uint64_t h = finish(n);
  for (int k = 0; k < lanes; ++k) h = absorb(h, finish(lane[k]));
  return finish(h);
}

}  // namespace detail

// checksum()'s value for `size` bytes that are not held in one piece: fill(begin, n, out) writes
// bytes [begin, begin + n) to out, for each block; each thread fills a 1 MiB block of its own.
template <class Fill>
std::uint64_t checksum_of_blocks(std::size_t size, const Fill& fill) {
  constexpr std::size_t block = std::size_t(1) << 20;
  const std::int64_t blocks = std::int64_t((size + block - 1) / block);
  buffer<std::uint64_t> hashes(static_cast<std::size_t>(blocks));
#pragma omp parallel if (blocks > 1)
  {
    std::vector<unsigned char> scratch(block);
#pragma omp for schedule(static)
    for (std::int64_t b = 0; b < blocks; ++b) {
      const std::size_t begin = std::size_t(b) * block, n = std::min(block, size - begin);
      fill(begin, n, scratch.data());
      hashes[b] = detail::hash_block(scratch.data(), n);
    }
  }
  std::uint64_t h = size;
  for (std::uint64_t x : hashes) h = detail::absorb(h, x);
  return detail::finish(h);
}

inline std::uint64_t checksum(const void* data, std::size_t size) {
  constexpr std::size_t block = std::size_t(1) << 20;
  const auto* bytes = static_cast<const unsigned char*>(data);
  const std::int64_t blocks = std::int64_t((size + block - 1) / block);
  buffer<std::uint64_t> hashes(static_cast<std::size_t>(blocks));
#pragma omp parallel for schedule(static) if (blocks > 1)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::size_t begin = std::size_t(b) * block;
    hashes[b] = detail::hash_block(bytes + begin, std::min(block, size - begin));
  }
  std::uint64_t h = size;
  for (std::uint64_t x : hashes) h = detail::absorb(h, x);
  return detail::finish(h);
}

}  // namespace graphring::io

// The .grb checksum: the data is cut into 1 MiB blocks hashed independently (in parallel), each
// by four lanes of a multiply-rotate mix over 64-bit words; the block hashes are then folded in
// order. Every step is a bijection in the word it absorbs, so a change to any one word changes
// the result; the value does not depend on the number of threads.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

namespace graphring::io {

namespace detail {

constexpr std::uint64_t k1 = 0x9E3779B97F4A7C15ull, k2 = 0xBF58476D1CE4E5B9ull, k3 = 0x94D049BB133111EBull;

inline std::uint64_t absorb(std::uint64_t h, std::uint64_t word) noexcept {
  return std::rotl(h ^ (word * k1), 29) * k2;
}

inline std::uint64_t finish(std::uint64_t h) noexcept {
  h ^= h >> 31;
  h *= k3;
  return h ^ (h >> 29);
}

inline std::uint64_t hash_block(const unsigned char* p, std::size_t n) noexcept {
  std::uint64_t lane[4] = {k1, k2, k3, k1 ^ k2};
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32)
    for (int k = 0; k < 4; ++k) {
      std::uint64_t w;
      std::memcpy(&w, p + i + 8 * k, 8);
      lane[k] = absorb(lane[k], w);
    }
  unsigned char tail[32] = {};
  std::memcpy(tail, p + i, n - i);
  for (int k = 0; k < 4; ++k) {
    std::uint64_t w;
    std::memcpy(&w, tail + 8 * k, 8);
    lane[k] = absorb(lane[k], w);
  }
  std::uint64_t h = absorb(absorb(absorb(absorb(n, lane[0]), lane[1]), lane[2]), lane[3]);
  return finish(h);
}

}  // namespace detail

inline std::uint64_t checksum(const void* data, std::size_t size) {
  constexpr std::size_t block = std::size_t(1) << 20;
  const auto* bytes = static_cast<const unsigned char*>(data);
  const std::int64_t blocks = std::int64_t((size + block - 1) / block);
  std::vector<std::uint64_t> hashes(static_cast<std::size_t>(blocks));
#pragma omp parallel for schedule(static)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::size_t begin = std::size_t(b) * block;
    hashes[b] = detail::hash_block(bytes + begin, std::min(block, size - begin));
  }
  std::uint64_t h = size;
  for (std::uint64_t x : hashes) h = detail::absorb(h, x);
  return detail::finish(h);
}

}  // namespace graphring::io

// A vector of the entries of w at indices that an operation listed, possibly with repeats and in
// any order (the lists a push_improve or a bucket_queue keeps): sorted without repeats while few,
// else marked in presence bytes (a bitmap), as vector's forms ask (engine/vector.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/vector.hpp"

namespace graphring::detail {

// The entries w(j) for the j listed in `lists` that keep(j, w(j)) accepts, each once.
template <class W, class Keep>
vector<W> listed_entries(const vector<W>& w, std::span<const std::vector<std::uint32_t>> lists,
                         Keep keep) {
  const std::uint64_t n = w.size();
  const W* values = w.values();
  std::uint64_t listed = 0;
  for (const auto& list : lists) listed += list.size();
  if (listed * sparse_density_divisor < n) {
    array<vertex_id> indices(listed);
    vertex_id* out = indices.data();
    for (const auto& list : lists)
      for (const std::uint32_t j : list)
        if (keep(j, values[j])) *out++ = j;
    std::sort(indices.data(), out);
    indices.resize(std::size_t(std::unique(indices.data(), out) - indices.data()));
    array<W> kept(indices.size());
    for (std::uint64_t e = 0; e < indices.size(); ++e) kept[e] = values[indices[e]];
    return vector<W>::from_sorted(n, std::move(indices), std::move(kept));
  }
  array<W> kept(n);
  array<std::uint8_t> present(n, 0);
  std::uint64_t found = 0;
  for (const auto& list : lists)
    for (const std::uint32_t j : list) {
      if (present[j] || !keep(j, values[j])) continue;
      present[j] = 1;
      kept[j] = values[j];
      ++found;
    }
  auto c = vector<W>::from_bitmap(n, std::move(kept), std::move(present), found);
  c.conform();
  return c;
}

}  // namespace graphring::detail

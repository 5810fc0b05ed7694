// Weights as the text readers collect them: parsed as doubles chunk by chunk, then stored as
// int64 when every one is an exact integer (as road lengths and counts are), as float64 otherwise.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "core/buffer.hpp"
#include "engine/value_type.hpp"

namespace graphring::io {

struct parsed_weights {
  buffer<double> values;
  bool integral = true;  // every value is an integer of magnitude below 2^53

  void add(double w) {
    integral &= std::nearbyint(w) == w && std::fabs(w) < 9007199254740992.0;
    values.push_back(w);
  }
};

// The weights of all chunks in order, each chunk's storage released as it is copied.
template <class Chunk>
value_vector gather_weights(std::vector<Chunk>& chunks) {
  bool integral = true;
  std::size_t total = 0;
  for (const Chunk& c : chunks) integral &= c.weights.integral, total += c.weights.values.size();
  auto gather = [&](auto tag) {
    using T = decltype(tag);
    buffer<T> w;
    w.reserve(total);
    for (Chunk& c : chunks) {
      for (double x : c.weights.values) w.push_back(T(x));
      buffer<double>().swap(c.weights.values);
    }
    return w;
  };
  if (integral) return gather(std::int64_t{});
  return gather(double{});
}

}  // namespace graphring::io

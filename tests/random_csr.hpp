// Random CSR matrices for the format tests: geometric row lengths with empty rows, duplicate and
// contiguous columns, jumps of every scale up to the column range and an optional huge first row;
// edge_shapes() lists the shapes every format test covers (n = 1, an empty matrix, one huge row,
// columns up to 2^32-2, mostly empty rows with many duplicates).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "core/buffer.hpp"
#include "engine/csr.hpp"

namespace graphring::testing {

struct random_shape {
  std::uint64_t nrows = 100, ncols = 100;
  double mean_degree = 5;
  double empty_rows = 0.2;     // fraction of rows left empty
  double duplicates = 0.05;    // chance an entry repeats the previous column
  double contiguous = 0.4;     // chance an entry follows the previous column
  std::uint64_t huge_row = 0;  // if > 0, row 0 gets this many entries
  value_type values = value_type::none;
};

template <class T>
shared_array<T> random_values(std::uint64_t n, std::mt19937_64& rng) {
  buffer<T> v(n);
  std::uniform_int_distribution<int> w(-50, 50);
  for (auto& x : v) {
    // Not one conditional expression: its common type would be unsigned, wrapping the negatives.
    if constexpr (std::is_unsigned_v<T>) {
      x = T(w(rng) + 50);
    } else {
      x = T(w(rng));
    }
  }
  return shared_array<T>(std::move(v));
}

inline csr_matrix random_matrix(const random_shape& shape, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  std::geometric_distribution<std::uint64_t> length(1.0 / (1.0 + shape.mean_degree));
  buffer<edge_offset> offsets(shape.nrows + 1);
  buffer<vertex_id> cols;
  offsets[0] = 0;
  for (std::uint64_t r = 0; r < shape.nrows; ++r) {
    std::uint64_t len = u(rng) < shape.empty_rows ? 0 : length(rng);
    if (r == 0 && shape.huge_row) len = shape.huge_row;
    std::vector<vertex_id> row;
    std::uint64_t c = std::uniform_int_distribution<std::uint64_t>(0, shape.ncols - 1)(rng);
    for (std::uint64_t j = 0; j < len && shape.ncols > 0; ++j) {
      if (j > 0) {
        const double p = u(rng);
        if (p < shape.duplicates) {
        } else if (p < shape.duplicates + shape.contiguous) {
          c += 1;
        } else {
          // Jumps of every scale, up to the whole column range.
          const int bits = std::uniform_int_distribution<int>(1, 32)(rng);
          c += 1 + (rng() & ((std::uint64_t(1) << bits) - 1)) % shape.ncols;
        }
      }
      if (c >= shape.ncols) break;
      row.push_back(vertex_id(c));
    }
    cols.insert(cols.end(), row.begin(), row.end());
    offsets[r + 1] = cols.size();
  }
  csr_matrix a;
  a.nrows = shape.nrows;
  a.ncols = shape.ncols;
  const std::uint64_t nnz = cols.size();
  a.offsets = shared_array<edge_offset>(std::move(offsets));
  a.cols = shared_array<vertex_id>(std::move(cols));
  switch (shape.values) {
    case value_type::int32:
      a.values = random_values<std::int32_t>(nnz, rng);
      break;
    case value_type::int64:
      a.values = random_values<std::int64_t>(nnz, rng);
      break;
    case value_type::uint32:
      a.values = random_values<std::uint32_t>(nnz, rng);
      break;
    case value_type::uint64:
      a.values = random_values<std::uint64_t>(nnz, rng);
      break;
    case value_type::float32:
      a.values = random_values<float>(nnz, rng);
      break;
    case value_type::float64:
      a.values = random_values<double>(nnz, rng);
      break;
    case value_type::none:
      break;
  }
  return a;
}

inline std::vector<random_shape> edge_shapes() {
  std::vector<random_shape> shapes;
  random_shape s;
  shapes.push_back(s);
  s.nrows = s.ncols = 1;  // n = 1
  shapes.push_back(s);
  s.nrows = s.ncols = 0;  // empty matrix
  shapes.push_back(s);
  s.nrows = 2000, s.ncols = 5000000, s.huge_row = 30000;  // a single huge row
  shapes.push_back(s);
  s.huge_row = 0, s.nrows = 300, s.ncols = std::uint64_t(max_vertices),
  s.contiguous = 0.1;  // jumps to 2^32-2
  shapes.push_back(s);
  s.nrows = 500, s.ncols = 50, s.empty_rows = 0.9,
  s.duplicates = 0.5;  // mostly empty, many duplicates
  shapes.push_back(s);
  return shapes;
}

}  // namespace graphring::testing

// Value gathering and offset building shared by the format builders.
#include "engine/formats/format_support.hpp"

#include <algorithm>

#include "core/parallel.hpp"

namespace graphring::formats {

value_array gather_values(const value_array& values, const buffer<std::uint64_t>& source) {
  return std::visit(
      [&](const auto& v) -> value_array {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, std::monostate>) {
          return std::monostate{};
        } else {
          using T = typename V::value_type;
          buffer<T> out(source.size());
          const std::int64_t n = std::int64_t(source.size());
#pragma omp parallel for schedule(static) if (std::uint64_t(n) > kernels::min_parallel_work)
          for (std::int64_t k = 0; k < n; ++k) out[k] = source[k] == no_source ? T{} : v[source[k]];
          return shared_array<T>(std::move(out));
        }
      },
      values);
}

value_array concatenate_values(const value_array& head, const value_array& tail) {
  return std::visit(
      [&](const auto& h) -> value_array {
        using V = std::decay_t<decltype(h)>;
        if constexpr (std::is_same_v<V, std::monostate>) {
          return std::monostate{};
        } else {
          const V& t = std::get<V>(tail);
          buffer<typename V::value_type> out(h.size() + t.size());
          std::copy(h.begin(), h.end(), out.begin());
          std::copy(t.begin(), t.end(), out.begin() + std::ptrdiff_t(h.size()));
          return shared_array<typename V::value_type>(std::move(out));
        }
      },
      head);
}

shared_array<edge_offset> offsets_from_lengths(const buffer<edge_offset>& lengths) {
  buffer<edge_offset> offsets(lengths.size() + 1);
  offsets[0] = 0;
  for (std::size_t r = 0; r < lengths.size(); ++r) offsets[r + 1] = offsets[r] + lengths[r];
  return shared_array<edge_offset>(std::move(offsets));
}

}  // namespace graphring::formats

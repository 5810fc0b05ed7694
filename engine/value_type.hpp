// The value types a matrix may store, and the type-erased arrays that hold them. An unweighted
// graph stores no values at all (std::monostate), so its CSR costs 4 bytes per edge.
#pragma once

#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

#include "core/buffer.hpp"
#include "core/shared_array.hpp"

namespace graphring {

enum class value_type : std::uint8_t { none = 0, int32, int64, uint32, uint64, float32, float64 };

// Values as read or built: one buffer of the matrix's value type, or none.
using value_vector =
    std::variant<std::monostate, buffer<std::int32_t>, buffer<std::int64_t>, buffer<std::uint32_t>,
                 buffer<std::uint64_t>, buffer<float>, buffer<double>>;

// Values as stored in a matrix: shared and immutable.
using value_array =
    std::variant<std::monostate, shared_array<std::int32_t>, shared_array<std::int64_t>,
                 shared_array<std::uint32_t>, shared_array<std::uint64_t>, shared_array<float>,
                 shared_array<double>>;

// The variant index of both aliases equals the value_type enumerator.
inline value_type type_of(const value_vector& v) noexcept { return value_type(v.index()); }
inline value_type type_of(const value_array& v) noexcept { return value_type(v.index()); }

constexpr std::string_view type_name(value_type t) noexcept {
  constexpr std::string_view names[] = {"none",   "int32",   "int64",  "uint32",
                                        "uint64", "float32", "float64"};
  return names[static_cast<int>(t)];
}

constexpr std::size_t type_size(value_type t) noexcept {
  constexpr std::size_t sizes[] = {0, 4, 8, 4, 8, 4, 8};
  return sizes[static_cast<int>(t)];
}

// Moves a vector into shared, immutable storage.
inline value_array share(value_vector&& values) {
  return std::visit(
      [](auto&& v) -> value_array {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, std::monostate>) {
          return std::monostate{};
        } else {
          return shared_array<typename V::value_type>(std::move(v));
        }
      },
      std::move(values));
}

}  // namespace graphring

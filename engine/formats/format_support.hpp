// Host-side helpers shared by the format builders: visiting a value array with its element type,
// gathering values into a new layout (padding slots get T{}), exact byte counts, and the
// footprint every format reports.
#pragma once

#include <cstdint>
#include <type_traits>
#include <variant>

#include "core/buffer.hpp"
#include "engine/csr.hpp"
#include "kernels/formats/format_view.hpp"

namespace graphring::formats {

// Exact bytes of a format in three parts: the column ids or their codes (with the tables that
// decode them), the values (likewise), and the row structure — where rows start and end: CSR's
// offsets, COO's row ids, SELL's slice offsets and row map, CCI's row lengths and group starts,
// CSR-dtANS's end-of-row symbols and lane and slice tables.
struct footprint {
  std::uint64_t index_bytes = 0;
  std::uint64_t value_bytes = 0;
  std::uint64_t structure_bytes = 0;
  std::uint64_t bytes() const noexcept { return index_bytes + value_bytes + structure_bytes; }
};

inline constexpr std::uint64_t no_source = ~std::uint64_t(0);

// Calls f(const T* values) with the stored element type, or f(const pattern_value* null).
template <class F>
decltype(auto) with_values(const value_array& values, F&& f) {
  return std::visit(
      [&](const auto& v) -> decltype(auto) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, std::monostate>) {
          return f(static_cast<const pattern_value*>(nullptr));
        } else {
          return f(v.data());
        }
      },
      values);
}

// out[k] = values[source[k]], or T{} where source[k] == no_source (padding).
value_array gather_values(const value_array& values, const buffer<std::uint64_t>& source);

// head's values followed by tail's (both of one type, or both pattern).
value_array concatenate_values(const value_array& head, const value_array& tail);

// Bytes held by n values of the matrix's value type.
inline std::uint64_t value_bytes(const value_array& values, std::uint64_t n) {
  return n * type_size(type_of(values));
}

// Row offsets of a CSR from per-row lengths (lengths.size() == nrows).
shared_array<edge_offset> offsets_from_lengths(const buffer<edge_offset>& lengths);

}  // namespace graphring::formats

// Every storage of a matrix for the tests of operations over formatted matrices: each format in
// the original order, CCI in degree order, and CCI and CSR-dtANS held only compressed.
#pragma once

#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/formats/any_format.hpp"
#include "engine/formatted_matrix.hpp"

namespace graphring::testing {

// a as a csr_matrix: its values when it has any (a pattern matrix has none).
template <class T>
csr_matrix csr_of(const matrix<T>& a) {
  csr_matrix c{a.nrows(), a.ncols(), a.offsets(), a.cols(), {}};
  if constexpr (!std::is_same_v<T, bool>)
    if (!a.values().empty()) c.values = a.values();
  return c;
}

// Every storage of a: each format in the original order, CCI in degree order, and CCI and
// CSR-dtANS held only compressed.
template <class T>
std::vector<std::pair<std::string, formatted_matrix<T>>> storages(const matrix<T>& a) {
  std::vector<std::pair<std::string, formatted_matrix<T>>> out;
  for (format_kind k : all_format_kinds)
    out.emplace_back(format_name(k), formatted_matrix<T>(a, k));
  out.emplace_back("cci+degree", formatted_matrix<T>(a, format_kind::cci, vertex_order::degree));
  const csr_matrix c = csr_of(a), ct = csr_of(a.transposed());
  for (format_kind k : stored_format_kinds)
    out.emplace_back(
        std::string(format_name(k)) + " stored",
        formatted_matrix<T>::stored(std::make_shared<const any_format>(any_format::build(c, k)),
                                    std::make_shared<const any_format>(any_format::build(ct, k)),
                                    a.is_iso() ? a.iso_value() : T(1)));
  return out;
}

}  // namespace graphring::testing

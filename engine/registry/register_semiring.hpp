// The template behind register_semiring<S>: instantiates mxv for S (over a formatted matrix, so
// one instantiation serves every format) and wraps it for the registry.
#pragma once

#include "engine/ops/mxv_format.hpp"
#include "engine/ops/write_back.hpp"
#include "engine/registry/semiring_registry.hpp"

namespace graphring {

// Registers S under `name` (replacing an entry of the same name), in the registry given or in
// the global one.
template <class S>
void register_semiring(semiring_registry& registry, const std::string& name,
                       const std::string& description) {
  using A = typename S::a_type;
  using B = typename S::b_type;
  using C = typename S::c_type;
  static_assert(detail::registrable_v<A> && detail::registrable_v<B> && detail::registrable_v<C>,
                "the registry takes semirings over arithmetic types; use the C++ API for others");
  semiring_entry entry;
  entry.name = name;
  entry.description = description;
  entry.value_type_name = detail::registry_type_name<C>();
  entry.returns_vertex = S::positional;
  entry.mxv = [](const csr_matrix& a, const csr_matrix* at, const any_vector& x,
                 product_method method, std::optional<format_kind> format,
                 vertex_order order) -> any_vector {
    const formatted_matrix<A> m(matrix<A>::from_csr(a, A(1), at), format, order);
    const vector<B> u = std::visit(
        [](auto v) {
          vector<B> converted = detail::converted<B>(std::move(v));
          converted.conform();
          return converted;
        },
        x);
    vector<C> w(m.nrows());
    descriptor d;
    d.method = method;
    mxv(w, no_mask, no_accum, S{}, m, u, d);
    return w;
  };
  registry.add(std::move(entry));
}

template <class S>
void register_semiring(const std::string& name, const std::string& description) {
  register_semiring<S>(semiring_registry::global(), name, description);
}

}  // namespace graphring

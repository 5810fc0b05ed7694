// The template behind register_semiring<S>: instantiates mxv for S (over a formatted matrix, so
// one instantiation serves every format) and wraps it for the registry, in one step (mxv) and in
// two (prepare the matrix once, then mxv_prepared for each product).
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
  entry.operand_type = detail::registry_type_name<A>();
  entry.prepare = [](const csr_matrix& a, const csr_matrix* at, std::optional<format_kind> format,
                     vertex_order order) -> std::shared_ptr<const void> {
    return std::make_shared<const formatted_matrix<A>>(matrix<A>::from_csr(a, A(1), at), format,
                                                       order);
  };
  entry.mxv_prepared = [](const void* prepared, const any_vector& x,
                          product_method method) -> any_vector {
    const auto& m = *static_cast<const formatted_matrix<A>*>(prepared);
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
  entry.mxv = [prepare = entry.prepare, run = entry.mxv_prepared](
                  const csr_matrix& a, const csr_matrix* at, const any_vector& x,
                  product_method method, std::optional<format_kind> format,
                  vertex_order order) -> any_vector {
    return run(prepare(a, at, format, order).get(), x, method);
  };
  registry.add(std::move(entry));
}

template <class S>
void register_semiring(const std::string& name, const std::string& description) {
  register_semiring<S>(semiring_registry::global(), name, description);
}

}  // namespace graphring

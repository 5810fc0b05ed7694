// The GPU semirings by name: each entry uploads A in the asked format and x, runs the device mxv
// compiled for it, and brings w back.
#include "engine/device/device_registry.hpp"

#include <map>

#include "engine/device/operations.hpp"
#include "engine/ops/write_back.hpp"
#include "semirings/builtin.hpp"

namespace graphring {
namespace {

using device_product = any_vector (*)(const csr_matrix&, const any_vector&, product_method,
                                      format_kind);

template <class S>
any_vector device_product_of(const csr_matrix& a, const any_vector& x, product_method method,
                             format_kind format) {
  using A = typename S::a_type;
  using B = typename S::b_type;
  using C = typename S::c_type;
  const device_matrix<A> m(matrix<A>::from_csr(a, A(1)), format);
  vector<B> u = std::visit([](auto v) { return detail::converted<B>(std::move(v)); }, x);
  u.conform();
  const auto du = device_vector<B>::upload(u);
  device_vector<C> w(m.nrows());
  descriptor d;
  d.method = method;
  mxv(w, no_mask, no_accum, S{}, m, du, d);
  return w.download();
}

const std::map<std::string, device_product>& device_products() {
  static const std::map<std::string, device_product> products = {
      {"plus_times", device_product_of<plus_times<double>>},
      {"plus_times_fp32", device_product_of<plus_times<float>>},
      {"min_plus", device_product_of<min_plus<double>>},
      {"min_plus_fp32", device_product_of<min_plus<float>>},
      {"max_plus", device_product_of<max_plus<double>>},
      {"max_min", device_product_of<max_min<double>>},
      {"lor_land", device_product_of<lor_land<bool>>},
      {"any_secondi", device_product_of<any_secondi<std::int64_t>>},
  };
  return products;
}

}  // namespace

std::vector<std::string> device_semiring_names() {
  std::vector<std::string> names;
  for (const auto& [name, product] : device_products()) names.push_back(name);
  return names;
}

any_vector device_mxv(const std::string& name, const csr_matrix& a, const any_vector& x,
                      product_method method, std::optional<format_kind> format) {
  const auto it = device_products().find(name);
  if (it == device_products().end()) {
    std::string known;
    for (const std::string& n : device_semiring_names()) known += (known.empty() ? "" : ", ") + n;
    throw error(error_kind::usage,
                "the semiring '" + name + "' has no GPU kernel in this build (GPU: " + known + ")");
  }
  return it->second(a, x, method, format ? *format : choose_format(measure_features(a)));
}

}  // namespace graphring

// Built-in registry entries: the tropical and bottleneck semirings (min/max with + × min max).
// A bare name is over double; _fp32 and _int64 name the others.
#include "engine/registry/register_semiring.hpp"
#include "semirings/builtin.hpp"

namespace graphring::detail {

void register_tropical_semirings(semiring_registry& r) {
  register_semiring<min_plus<double>>(r, "min_plus",
                                      "w(i) = min_k A(i,k) + x(k): one shortest-path relaxation");
  register_semiring<min_plus<float>>(r, "min_plus_fp32", "min_plus over float");
  register_semiring<min_plus<std::int64_t>>(r, "min_plus_int64", "min_plus over int64");
  register_semiring<max_plus<double>>(r, "max_plus",
                                      "w(i) = max_k A(i,k) + x(k): longest / critical paths");
  register_semiring<max_times<double>>(r, "max_times",
                                       "w(i) = max_k A(i,k) * x(k): most reliable path");
  register_semiring<min_times<double>>(r, "min_times", "w(i) = min_k A(i,k) * x(k)");
  register_semiring<max_min<double>>(r, "max_min",
                                     "w(i) = max_k min(A(i,k), x(k)): widest (bottleneck) path");
  register_semiring<min_max<double>>(r, "min_max", "w(i) = min_k max(A(i,k), x(k)): minimax path");
}

}  // namespace graphring::detail

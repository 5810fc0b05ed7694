// Built-in registry entries: the logical semirings (over bool) and the structural and positional
// ones (any_pair, min_first, min_second, any_secondi, min_secondi over int64).
#include "engine/registry/register_semiring.hpp"
#include "semirings/builtin.hpp"

namespace graphring::detail {

void register_structural_semirings(semiring_registry& r) {
  register_semiring<lor_land<bool>>(r, "lor_land", "w(i) = OR_k A(i,k) AND x(k): reachability");
  register_semiring<land_lor<bool>>(r, "land_lor", "w(i) = AND_k A(i,k) OR x(k)");
  register_semiring<lxor_land<bool>>(r, "lxor_land", "w(i) = XOR_k A(i,k) AND x(k): GF(2)");
  register_semiring<any_pair<bool>>(r, "any_pair",
                                    "w(i) = 1 if some out-neighbour k has x(k): one BFS step");
  register_semiring<min_first<double>>(r, "min_first",
                                       "w(i) = min_k A(i,k) over k with x(k) present");
  register_semiring<min_second<std::int64_t>>(r, "min_second",
                                              "w(i) = min_k x(k): smallest neighbour label (CC)");
  register_semiring<any_secondi<std::int64_t>>(r, "any_secondi",
                                               "w(i) = some k with A(i,k) and x(k): a BFS parent");
  register_semiring<min_secondi<std::int64_t>>(
      r, "min_secondi", "w(i) = the smallest such k: a deterministic parent");
}

}  // namespace graphring::detail

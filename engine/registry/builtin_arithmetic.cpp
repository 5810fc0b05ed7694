// Built-in registry entries: the arithmetic semirings (+,×) and their (+,min) / (+,first) /
// (+,second) / (+,pair) relatives. A bare name is over double; _fp32 and _int64 name the others.
#include "engine/registry/register_semiring.hpp"
#include "semirings/builtin.hpp"

namespace graphring::detail {

void register_arithmetic_semirings(semiring_registry& r) {
  register_semiring<plus_times<double>>(r, "plus_times",
                                        "w(i) = sum_k A(i,k) * x(k): linear algebra, PageRank");
  register_semiring<plus_times<float>>(r, "plus_times_fp32", "plus_times over float");
  register_semiring<plus_times<std::int64_t>>(r, "plus_times_int64",
                                              "plus_times over int64 (wraps)");
  register_semiring<plus_min<double>>(r, "plus_min", "w(i) = sum_k min(A(i,k), x(k))");
  register_semiring<plus_first<double>>(
      r, "plus_first", "w(i) = sum_k A(i,k): weighted out-degree where x is present");
  register_semiring<plus_second<double>>(r, "plus_second",
                                         "w(i) = sum_k x(k) over out-neighbours k");
  register_semiring<plus_pair<std::int64_t>>(r, "plus_pair",
                                             "w(i) = number of out-neighbours k with x(k) present");
}

}  // namespace graphring::detail

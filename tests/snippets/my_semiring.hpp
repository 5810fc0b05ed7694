// The user's semiring of the README's GPU instantiation example: min-plus over a struct.
#pragma once

#include "semirings/builtin.hpp"

struct my_value {
  double x;
};
struct my_min {
  using value_type = my_value;
  static constexpr bool commutative = true;
  GRAPHRING_HD static constexpr my_value identity() { return {graphring::greatest_v<double>}; }
  GRAPHRING_HD constexpr my_value operator()(my_value a, my_value b) const {
    return a.x < b.x ? a : b;
  }
};
struct my_plus : graphring::binary_op_types<double, my_value, my_value> {
  GRAPHRING_HD constexpr my_value operator()(double w, my_value a) const { return {w + a.x}; }
};
using my_semiring = graphring::semiring<my_min, my_plus>;

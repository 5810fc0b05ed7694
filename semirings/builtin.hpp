// The built-in semirings, named ⊕_⊗ as in GraphBLAS, each over one type T in
// {bool, int32, int64, uint32, uint64, float, double}. Exceptions:
//  - lor_land, land_lor and lxor_land read T operands as truth values (x != 0) and return bool;
//  - any_secondi and min_secondi return an index, so T is an integer type other than bool.
// Integer arithmetic wraps and floating min/max ignore NaN (binary_ops.hpp). Which algebraic laws
// each one satisfies is listed in docs/semirings.md and checked in tests/test_semirings.cpp.
#pragma once

#include "semirings/binary_ops.hpp"
#include "semirings/monoids.hpp"
#include "semirings/semiring.hpp"

namespace graphring {

// Arithmetic and tropical.
template <class T>
using plus_times = semiring<plus_monoid<T>, times_op<T>>;  // linear algebra, PageRank
template <class T>
using min_plus = semiring<min_monoid<T>, plus_op<T>>;  // shortest paths
template <class T>
using max_plus = semiring<max_monoid<T>, plus_op<T>>;  // longest / critical paths
template <class T>
using max_times = semiring<max_monoid<T>, times_op<T>>;  // most reliable path
template <class T>
using min_times = semiring<min_monoid<T>, times_op<T>>;
template <class T>
using max_min = semiring<max_monoid<T>, min_op<T>>;  // widest (bottleneck) path
template <class T>
using min_max = semiring<min_monoid<T>, max_op<T>>;  // minimax path, minimum spanning forest
template <class T>
using plus_min = semiring<plus_monoid<T>, min_op<T>>;

// Boolean.
template <class T>
using lor_land = semiring<lor_monoid, land_op<T>>;  // reachability
template <class T>
using land_lor = semiring<land_monoid, lor_op<T>>;
template <class T>
using lxor_land = semiring<lxor_monoid, land_op<T>>;  // GF(2)

// Structural: the multiply ignores one or both values.
template <class T>
using any_pair = semiring<any_monoid<T>, pair_op<T>>;  // BFS levels
template <class T>
using plus_pair = semiring<plus_monoid<T>, pair_op<T>>;  // counting (triangles, degrees)
template <class T>
using min_first = semiring<min_monoid<T>, first_op<T>>;
template <class T>
using min_second = semiring<min_monoid<T>, second_op<T>>;  // smallest neighbour label (CC)
template <class T>
using plus_first = semiring<plus_monoid<T>, first_op<T>>;
template <class T>
using plus_second = semiring<plus_monoid<T>, second_op<T>>;

// Positional: the multiply returns k, the index the product runs over.
template <class T>
using any_secondi = semiring<any_monoid<T>, secondi_op<T>>;  // BFS parents
template <class T>
using min_secondi = semiring<min_monoid<T>, secondi_op<T>>;  // smallest parent, deterministic

}  // namespace graphring

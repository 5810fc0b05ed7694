// A disjoint-set forest in a parent array, linked and compressed in parallel as Afforest does [1]
// (after Shiloach and Vishkin's hooking [2]): link(u, v) walks u's and v's parents to their
// roots and hooks the larger root under the smaller by compare-and-swap, retrying from the new
// parents when another thread moved a root first; compress points every vertex at its root.
// Rule: a parent is never larger than its vertex (f(i) <= i) and only ever decreases, so the
// pointers form a forest (no cycle), every root is the smallest id of its tree, and once every
// edge of a graph is linked and the forest compressed each vertex holds the smallest id of its
// component, whatever the thread count or the order of the links. Every parent read is checked
// against that rule, so an array that breaks it stops the walk (the call returns false) instead
// of reading out of bounds or cycling: each step of a walk then goes to a smaller id. Every access
// goes through std::atomic_ref (relaxed: the values are ids, and only their atomicity matters).
//
// [1] Sutton, Ben-Nun, Barak, "Optimizing parallel graph connectivity computation via subgraph
//     sampling", IPDPS 2018 (GAP's cc.cc implements it).
// [2] Shiloach, Vishkin, "An O(log n) parallel connectivity algorithm", J. Algorithms 3(1), 1982.
#pragma once

#include <atomic>
#include <cstdint>

#include "core/parallel.hpp"

namespace graphring::kernels {

// f(i) into p; false where it breaks the rule (p > i).
template <class T>
GRAPHRING_INLINE bool parent_of(T* f, T i, T& p) {
  p = std::atomic_ref<T>(f[i]).load(std::memory_order_relaxed);
  return p <= i;
}

// Joins u's and v's trees (u and v below the array's size); false where the array breaks the rule.
template <class T>
GRAPHRING_INLINE bool union_find_link(T* f, T u, T v) {
  T p1, p2;
  if (!parent_of(f, u, p1) || !parent_of(f, v, p2)) return false;
  while (p1 != p2) {
    const T high = p1 > p2 ? p1 : p2, low = p1 > p2 ? p2 : p1;
    T p_high;
    if (!parent_of(f, high, p_high)) return false;
    // high already points at low, or was a root and now does
    if (p_high == low) return true;
    if (p_high == high &&
        std::atomic_ref<T>(f[high]).compare_exchange_strong(p_high, low, std::memory_order_relaxed))
      return true;
    // high has a parent by now (another thread hooked it): go on from there and from low's
    if (!parent_of(f, high, p_high) || !parent_of(f, p_high, p1) || !parent_of(f, low, p2))
      return false;
  }
  return true;
}

// i's root, stored as its parent (i below the array's size); false where the array breaks the rule.
template <class T>
GRAPHRING_INLINE bool union_find_compress_one(T* f, T i) {
  T root, up;
  if (!parent_of(f, i, root)) return false;
  for (;;) {
    if (!parent_of(f, root, up)) return false;
    if (up == root) break;
    root = up;
  }
  std::atomic_ref<T>(f[i]).store(root, std::memory_order_relaxed);
  return true;
}

}  // namespace graphring::kernels

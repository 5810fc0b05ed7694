// A vector mask read by kernels: allows(i) says whether w(i) may be written, after the
// descriptor's structural / value / complement choice. A sparse mask is spread into presence
// bytes so that allows(i) is a load, not a search; the n bytes come from a per-thread pool of
// zeroed buffers and only the mask's own entries are set and cleared again, so a sparse mask
// costs its entries, not n (a BFS or SSSP step with a small frontier stays small).
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/array.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/vector.hpp"

namespace graphring::detail {

// The kernels' form of no_mask: every position allowed, or none for a complemented no_mask. One
// type for both, so each kernel is instantiated once for the mask-free case.
struct allow_all {
  bool allowed = true;
  constexpr bool operator()(std::uint64_t) const noexcept { return allowed; }
};

// Zeroed byte arrays of a thread, lent to the masks it builds and handed back zeroed.
class spread_pool {
 public:
  static array<std::uint8_t> take(std::uint64_t n) {
    std::vector<array<std::uint8_t>>& spare = pool();
    for (std::size_t k = spare.size(); k-- > 0;) {
      if (spare[k].size() != n) continue;
      array<std::uint8_t> bytes = std::move(spare[k]);
      spare.erase(spare.begin() + std::ptrdiff_t(k));
      return bytes;
    }
    return array<std::uint8_t>(n, 0);
  }
  static void give(array<std::uint8_t>&& bytes) noexcept {
    std::vector<array<std::uint8_t>>& spare = pool();
    if (spare.size() >= kept) spare.erase(spare.begin());
    spare.push_back(std::move(bytes));  // within the reserved capacity: no allocation
  }

 private:
  static constexpr std::size_t kept = 4;
  static std::vector<array<std::uint8_t>>& pool() {
    static thread_local std::vector<array<std::uint8_t>> spare = [] {
      std::vector<array<std::uint8_t>> v;
      v.reserve(kept);
      return v;
    }();
    return spare;
  }
};

// A mask's test, i allowed or not, as plain pointers and flags (trivially copyable): valid while
// the vector_mask that made it lives. Loops get this rather than the vector_mask, so that a copy
// of it (a thread's, firstprivate) stays in registers where the object would be read again
// through its reference at every element after each byte store, which may alias it.
template <class M>
struct vector_mask_test {
  const std::uint8_t* present;  // null: every position present
  const M* values;
  bool structural, complement;

  // A structural test branches only on the loop-invariant pointer and flags, never on the mask's
  // byte, so a mask of scattered entries costs no mispredicted branch where the caller selects by
  // it. A value test reads a value only where the mask has an entry (an absent bool's byte may
  // be invalid).
  bool operator()(std::uint64_t i) const noexcept {
    bool in = present == nullptr ? true : present[i] != 0;
    if (!structural) in = in && truthy(values[i]);
    return in != complement;
  }
  static bool truthy(const M& v) noexcept {
    if constexpr (std::is_arithmetic_v<M>) {
      return v != M(0);
    } else {
      return true;
    }
  }
};

template <class M>
class vector_mask {
 public:
  vector_mask(const vector<M>& mask, const descriptor& d)
      : structural_(d.structural_mask), complement_(d.complement_mask) {
    if constexpr (!std::is_arithmetic_v<M>) {
      if (!structural_)
        throw error(
            error_kind::usage,
            "a mask of a non-arithmetic type must be structural (descriptor.structural_mask)");
    }
    if (mask.form() == vector_form::sparse) {
      spread_ = spread_pool::take(mask.size());
      spread_indices_ = array<vertex_id>(mask.indices(), mask.nvals());
      mask.for_each([&](std::uint64_t i, const M& v) { spread_[i] = structural_ || truthy(v); });
      present_ = spread_.data();
      structural_ = true;
    } else {
      present_ = mask.present();  // null for a dense mask: all present
      values_ = mask.values();
    }
  }
  ~vector_mask() {
    if (spread_.empty()) return;
    for (vertex_id i : spread_indices_) spread_[i] = 0;
    spread_pool::give(std::move(spread_));
  }
  vector_mask(const vector_mask&) = delete;
  vector_mask& operator=(const vector_mask&) = delete;

  vector_mask_test<M> test() const noexcept {
    return {present_, values_, structural_, complement_};
  }

 private:
  static bool truthy(const M& v) noexcept { return vector_mask_test<M>::truthy(v); }

  bool structural_, complement_;
  array<std::uint8_t> spread_;       // a sparse mask's entries as bytes (from spread_pool)
  array<vertex_id> spread_indices_;  // the bytes set, to clear
  const std::uint8_t* present_ = nullptr;
  const M* values_ = nullptr;
};

// Calls f(allows) with the kernel form of a mask argument (no_mask or a vector): allow_all or a
// vector_mask_test, both trivially copyable.
template <class F>
decltype(auto) with_vector_mask(const no_mask_t&, const descriptor& d, F&& f) {
  // The complement of "everything" allows nothing.
  return f(allow_all{!d.complement_mask});
}
template <class M, class F>
decltype(auto) with_vector_mask(const vector<M>& mask, const descriptor& d, F&& f) {
  const vector_mask<M> allows(mask, d);
  return f(allows.test());
}

}  // namespace graphring::detail

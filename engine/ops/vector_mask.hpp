// A vector mask read by kernels: allows(i) says whether w(i) may be written, after the
// descriptor's structural / value / complement choice. A sparse mask is spread into presence
// bytes once so that allows(i) is a load, not a search.
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/array.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/vector.hpp"

namespace graphring::detail {

// The kernels' form of no_mask: every position allowed, or none for a complemented no_mask. One
// type for both, so each kernel is instantiated once for the mask-free case.
struct allow_all {
  bool allowed = true;
  constexpr bool operator()(std::uint64_t) const noexcept { return allowed; }
};

template <class M>
class vector_mask {
 public:
  vector_mask(const vector<M>& mask, const descriptor& d)
      : structural_(d.structural_mask), complement_(d.complement_mask) {
    if constexpr (!std::is_arithmetic_v<M>) {
      if (!structural_)
        throw error(error_kind::usage,
                    "a mask of a non-arithmetic type must be structural (descriptor.structural_mask)");
    }
    if (mask.form() == vector_form::sparse) {
      spread_ = array<std::uint8_t>(mask.size(), 0);
      mask.for_each([&](std::uint64_t i, const M& v) { spread_[i] = structural_ || truthy(v); });
      present_ = spread_.data();
      structural_ = true;
    } else {
      present_ = mask.present();  // null for a dense mask: all present
      values_ = mask.values();
    }
  }

  bool operator()(std::uint64_t i) const noexcept {
    bool in = present_ == nullptr || present_[i];
    if (!structural_) in = in && truthy(values_[i]);
    return in != complement_;
  }

 private:
  static bool truthy(const M& v) noexcept {
    if constexpr (std::is_arithmetic_v<M>) {
      return v != M(0);
    } else {
      return true;
    }
  }

  bool structural_, complement_;
  array<std::uint8_t> spread_;
  const std::uint8_t* present_ = nullptr;
  const M* values_ = nullptr;
};

// Calls f(allows) with the kernel form of a mask argument (no_mask or a vector).
template <class F>
decltype(auto) with_vector_mask(const no_mask_t&, const descriptor& d, F&& f) {
  // The complement of "everything" allows nothing.
  return f(allow_all{!d.complement_mask});
}
template <class M, class F>
decltype(auto) with_vector_mask(const vector<M>& mask, const descriptor& d, F&& f) {
  const vector_mask<M> allows(mask, d);
  return f(allows);
}

}  // namespace graphring::detail

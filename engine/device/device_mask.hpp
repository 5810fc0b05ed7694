// The device form of an operation's mask argument (no_mask or a device_vector of any type) after
// the descriptor's structural / value / complement choice: a cuda::mask_view the kernels read.
// A bitmap or dense mask is read in place; a sparse one is spread into presence bytes; a value
// mask over a non-bool type gets one truth byte per entry (engine/device/mask.cu). As on the CPU, a
// mask of a non-arithmetic type must be structural.
#pragma once

#include <cstdint>
#include <type_traits>

#include "core/error.hpp"
#include "engine/device/device_vector.hpp"
#include "engine/device/memory.hpp"
#include "engine/ops/descriptor.hpp"
#include "kernels/cuda/views.hpp"

namespace graphring {

namespace cuda {
// out[e] = values[e] != 0 for e < n (instantiated for the arithmetic types other than bool).
template <class M>
void truth_bytes(const M* values, std::uint64_t n, std::uint8_t* out);
}  // namespace cuda

class device_mask {
 public:
  device_mask(const no_mask_t&, const descriptor& d) { view_.complement = d.complement_mask; }

  template <class M>
  device_mask(const device_vector<M>& mask, const descriptor& d) : masked_(true) {
    view_.complement = d.complement_mask;
    const bool structural = d.structural_mask;
    if constexpr (!std::is_arithmetic_v<M>) {
      if (!structural)
        throw error(
            error_kind::usage,
            "a mask of a non-arithmetic type must be structural (descriptor.structural_mask)");
    }
    const std::uint64_t count = mask.form() == vector_form::sparse ? mask.nvals() : mask.size();
    const std::uint8_t* truth = nullptr;
    if (!structural) {
      if constexpr (std::is_same_v<M, bool>) {
        truth = reinterpret_cast<const std::uint8_t*>(mask.values());
      } else if constexpr (std::is_arithmetic_v<M>) {
        truth_ = device_array<std::uint8_t>(count);
        if (count) cuda::truth_bytes(mask.values(), count, truth_.data());
        truth = truth_.data();
      }
    }
    if (mask.form() == vector_form::sparse) {
      spread_ = device_array<std::uint8_t>(mask.size());
      cuda::fill_bytes(spread_.data(), 0, mask.size());
      if (truth) {
        cuda::scatter_elements(spread_.data(), truth, mask.indices(), mask.nvals(), 1);
      } else {
        cuda::scatter_flags(spread_.data(), mask.indices(), mask.nvals(), 1);
      }
      view_.present = spread_.data();
    } else {
      view_.present = mask.present();  // null for a dense mask: all present
      view_.truth = truth;
    }
  }

  const cuda::mask_view& view() const noexcept { return view_; }
  // Whether a mask vector was given (no_mask: false).
  bool masked() const noexcept { return masked_; }

 private:
  cuda::mask_view view_;
  bool masked_ = false;
  device_array<std::uint8_t> spread_, truth_;
};

}  // namespace graphring

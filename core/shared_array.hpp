// An immutable array whose storage is shared: either a vector moved in, or a region of a
// memory-mapped file (the .grb loader hands out arrays that point straight into the mapping).
// Copies are cheap and share the storage; the storage lives while any copy does.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

namespace graphring {

template <class T>
class shared_array {
  static_assert(std::is_trivially_copyable_v<T>, "shared_array holds plain data only");

 public:
  using value_type = T;

  shared_array() = default;

  // Takes ownership of the vector's storage without copying it.
  template <class Allocator>
  explicit shared_array(std::vector<T, Allocator>&& values) {
    auto owner = std::make_shared<std::vector<T, Allocator>>(std::move(values));
    data_ = owner->data();
    size_ = owner->size();
    owner_ = std::move(owner);
  }

  // Points into storage kept alive by `owner` (for example a memory-mapped file).
  shared_array(std::shared_ptr<const void> owner, const T* data, std::size_t size)
      : owner_(std::move(owner)), data_(data), size_(size) {}

  const T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  const T& operator[](std::size_t i) const noexcept { return data_[i]; }
  const T* begin() const noexcept { return data_; }
  const T* end() const noexcept { return data_ + size_; }
  std::span<const T> span() const noexcept { return {data_, size_}; }

 private:
  std::shared_ptr<const void> owner_;
  const T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace graphring

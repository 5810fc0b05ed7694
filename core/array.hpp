// graphring::array<T>: an owning, growable array of plain data for vectors and kernel workspaces.
// Unlike buffer<T> (a std::vector), array<bool> is a real array of bool, so a bool vector's
// values can be handed to a kernel as `bool*` like any other type. Elements are left
// uninitialized unless a value is given; large blocks get huge pages through big_allocator.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <type_traits>
#include <utility>

#include "core/buffer.hpp"
#include "core/shared_array.hpp"

namespace graphring {

template <class T>
class array {
  static_assert(std::is_trivially_copyable_v<T>, "array holds plain data only");

 public:
  using value_type = T;

  array() = default;
  explicit array(std::size_t n) {
    reserve(n);
    size_ = n;
  }
  array(std::size_t n, const T& value) : array(n) { std::fill_n(data_, n, value); }
  array(const T* first, std::size_t n) : array(n) { copy_from(first, n); }
  array(const array& other) : array(other.data_, other.size_) {}
  array(array&& other) noexcept { swap(other); }
  // Separate copy and move assignments rather than one by value: clang 14 skips destroying a
  // by-value parameter initialized from `{}` inside a template (`member = {}` leaked there).
  array& operator=(const array& other) {
    if (this != &other) {
      array copy(other);
      swap(copy);
    }
    return *this;
  }
  array& operator=(array&& other) noexcept {
    array taken(std::move(other));
    swap(taken);
    return *this;
  }
  ~array() { release(); }

  void swap(array& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }

  T* data() noexcept { return data_; }
  const T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  T& operator[](std::size_t i) noexcept { return data_[i]; }
  const T& operator[](std::size_t i) const noexcept { return data_[i]; }
  T* begin() noexcept { return data_; }
  T* end() noexcept { return data_ + size_; }
  const T* begin() const noexcept { return data_; }
  const T* end() const noexcept { return data_ + size_; }
  T& back() noexcept { return data_[size_ - 1]; }

  void clear() noexcept { size_ = 0; }
  // New elements are uninitialized.
  void resize(std::size_t n) {
    if (n > capacity_) reserve(std::max(n, capacity_ * 2));
    size_ = n;
  }
  void push_back(const T& value) {
    if (size_ == capacity_) reserve(std::max<std::size_t>(16, capacity_ * 2));
    data_[size_++] = value;
  }
  void reserve(std::size_t n) {
    if (n <= capacity_) return;
    T* fresh = big_allocator<T>().allocate(n);
    if (size_ > 0) std::memcpy(static_cast<void*>(fresh), data_, size_ * sizeof(T));
    release();
    data_ = fresh;
    capacity_ = n;
  }

 private:
  void copy_from(const T* first, std::size_t n) {
    if (n > 0) std::memcpy(static_cast<void*>(data_), first, n * sizeof(T));
  }
  void release() noexcept {
    if (data_) big_allocator<T>().deallocate(data_, capacity_);
    data_ = nullptr;
    capacity_ = 0;
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

// Moves an array into shared, immutable storage without copying it.
template <class T>
shared_array<T> share(array<T>&& a) {
  auto owner = std::make_shared<array<T>>(std::move(a));
  const T* data = owner->data();
  const std::size_t size = owner->size();
  return shared_array<T>(std::move(owner), data, size);
}

}  // namespace graphring

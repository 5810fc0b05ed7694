// graphring::device_vector<T>: a GraphBLAS vector in device memory, in the same three forms as
// vector<T> (engine/vector.hpp) and with the same density rule:
//  - sparse: nvals ascending indices and their values (a small frontier);
//  - bitmap: n values and n presence bytes;
//  - dense:  n values, every entry present.
// Uploaded from and downloaded to vector<T> in whatever form it has. Conversions move values by
// their size alone (engine/device/memory.hpp), so any trivially copyable T works, a struct too,
// without compiling anything for it. Move-only: copying device memory is spelled clone().
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "core/error.hpp"
#include "engine/device/memory.hpp"
#include "engine/vector.hpp"

namespace graphring {

template <class T>
class device_vector {
  static_assert(std::is_trivially_copyable_v<T>, "device vectors hold plain data only");

 public:
  using value_type = T;

  device_vector() = default;
  // A vector of size n with no entries.
  explicit device_vector(std::uint64_t n) : size_(check_size(n)) {}

  // Every entry present and equal to `value`.
  static device_vector dense(std::uint64_t n, const T& value) {
    return from_dense(device_array<T>::filled(check_size(n), value));
  }
  // nvals = indices.size() entries at strictly ascending indices below n.
  static device_vector from_sparse(std::uint64_t n, device_array<std::uint32_t> indices,
                                   device_array<T> values) {
    device_vector v(n);
    v.nvals_ = indices.size();
    v.indices_ = std::move(indices);
    v.values_ = std::move(values);
    return v;
  }
  // n values with presence bytes (0 or 1); `nvals` must be the number of ones.
  static device_vector from_bitmap(std::uint64_t n, device_array<T> values,
                                   device_array<std::uint8_t> present, std::uint64_t nvals) {
    device_vector v(n);
    v.form_ = vector_form::bitmap;
    v.values_ = std::move(values);
    v.present_ = std::move(present);
    v.nvals_ = nvals;
    return v;
  }
  static device_vector from_dense(device_array<T> values) {
    device_vector v(values.size());
    v.form_ = vector_form::dense;
    v.nvals_ = values.size();
    v.values_ = std::move(values);
    return v;
  }

  // A copy of a host vector, in its form.
  static device_vector upload(const vector<T>& h) {
    device_vector v(h.size());
    v.form_ = h.form();
    v.nvals_ = h.nvals();
    if (h.form() == vector_form::sparse) {
      v.indices_ = device_array<std::uint32_t>::upload(h.indices(), h.nvals());
      v.values_ = device_array<T>::upload(h.values(), h.nvals());
    } else {
      v.values_ = device_array<T>::upload(h.values(), h.size());
      if (h.form() == vector_form::bitmap)
        v.present_ = device_array<std::uint8_t>::upload(h.present(), h.size());
    }
    return v;
  }

  // The host copy, in this vector's form.
  vector<T> download() const {
    array<T> values(values_.size());
    values_.download(values.data());
    switch (form_) {
      case vector_form::sparse: {
        array<vertex_id> indices(indices_.size());
        indices_.download(indices.data());
        return vector<T>::from_sparse(size_, std::move(indices), std::move(values));
      }
      case vector_form::bitmap: {
        array<std::uint8_t> present(size_);
        present_.download(present.data());
        return vector<T>::from_bitmap(size_, std::move(values), std::move(present), nvals_);
      }
      default:
        return vector<T>::from_dense(std::move(values));
    }
  }

  device_vector clone() const {
    device_vector v(size_);
    v.form_ = form_;
    v.nvals_ = nvals_;
    v.indices_ = indices_.clone();
    v.values_ = values_.clone();
    v.present_ = present_.clone();
    return v;
  }

  std::uint64_t size() const noexcept { return size_; }
  std::uint64_t nvals() const noexcept { return nvals_; }
  vector_form form() const noexcept { return form_; }
  // Sparse: the nvals indices and values. Bitmap and dense: n values; bitmap: presence bytes
  // (null for the other forms). Device pointers.
  const std::uint32_t* indices() const noexcept { return indices_.data(); }
  const T* values() const noexcept { return values_.data(); }
  T* values() noexcept { return values_.data(); }
  const std::uint8_t* present() const noexcept { return present_.data(); }

  void to_bitmap() {
    if (form_ == vector_form::bitmap) return;
    if (form_ == vector_form::dense) {
      present_ = device_array<std::uint8_t>::filled(size_, 1);
    } else {
      device_array<T> values(size_);
      device_array<std::uint8_t> present(size_);
      cuda::fill_bytes(present.data(), 0, size_);
      cuda::scatter_elements(values.data(), values_.data(), indices_.data(), nvals_, sizeof(T));
      cuda::scatter_flags(present.data(), indices_.data(), nvals_, 1);
      values_ = std::move(values);
      present_ = std::move(present);
      indices_ = {};
    }
    form_ = vector_form::bitmap;
  }

  void to_sparse() {
    if (form_ == vector_form::sparse) return;
    to_bitmap();
    device_array<std::uint32_t> indices(nvals_);
    const std::uint64_t found = cuda::compact_flags(present_.data(), size_, indices.data());
    if (found != nvals_)
      throw error(error_kind::internal, "a device bitmap holds " + std::to_string(found) +
                                            " entries, not " + std::to_string(nvals_));
    device_array<T> values(nvals_);
    cuda::gather_elements(values.data(), values_.data(), indices.data(), nvals_, sizeof(T));
    indices_ = std::move(indices);
    values_ = std::move(values);
    present_ = {};
    form_ = vector_form::sparse;
  }

  // Bitmap or dense: values addressable by index (a pull input).
  void to_addressable() {
    if (form_ == vector_form::sparse) to_bitmap();
  }

  // A full vector (every entry present) held dense: no presence bytes. One already dense stays as
  // it is, no presence bytes filled only to be dropped.
  void to_dense() {
    if (form_ == vector_form::sparse) to_bitmap();
    present_ = {};
    form_ = vector_form::dense;
  }

  // The form the density calls for, as vector<T>::conform.
  void conform() { conform_to_density(*this); }

 private:
  static std::uint64_t check_size(std::uint64_t n) {
    if (n > max_vertices)
      throw error(error_kind::limit,
                  "a vector of size " + std::to_string(n) + " exceeds the 32-bit index limit");
    return n;
  }

  std::uint64_t size_ = 0;
  std::uint64_t nvals_ = 0;
  vector_form form_ = vector_form::sparse;
  device_array<std::uint32_t> indices_;
  device_array<T> values_;
  device_array<std::uint8_t> present_;
};

// A kernel's output workspace as a vector: n values and presence bytes, its entries counted on
// the device, in the form their density calls for.
template <class T>
device_vector<T> from_presence(std::uint64_t n, device_array<T> values,
                               device_array<std::uint8_t> present) {
  const std::uint64_t found = cuda::count_flags(present.data(), n);
  auto v = device_vector<T>::from_bitmap(n, std::move(values), std::move(present), found);
  v.conform();
  return v;
}

// u itself when addressable by index, otherwise a bitmap copy kept in `spare`.
template <class T>
const device_vector<T>& addressable(const device_vector<T>& u, device_vector<T>& spare) {
  if (u.form() != vector_form::sparse) return u;
  spare = u.clone();
  spare.to_bitmap();
  return spare;
}

// u itself when sparse, otherwise a sparse copy kept in `spare` (a push input).
template <class T>
const device_vector<T>& sparse_form(const device_vector<T>& u, device_vector<T>& spare) {
  if (u.form() == vector_form::sparse) return u;
  spare = u.clone();
  spare.to_sparse();
  return spare;
}

}  // namespace graphring

// graphring::vector<T>: a GraphBLAS vector of size n whose entries may be present or absent,
// held in one of three forms (after SuiteSparse:GraphBLAS's sparse/bitmap/full):
//  - sparse: ascending indices and their values, nvals entries (a small BFS frontier);
//  - bitmap: n values and n presence bytes (a frontier of a few percent and more);
//  - dense:  n values, every entry present (PageRank ranks, distances).
// conform() picks the form from the density (sparse below 1/16, dense when full); operations
// return conformed results, and every operation accepts every form.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "core/array.hpp"
#include "core/error.hpp"
#include "core/list_present.hpp"
#include "engine/csr.hpp"

namespace graphring {

enum class vector_form : std::uint8_t { sparse, bitmap, dense };

// Below this fraction of present entries a vector is held sparse.
inline constexpr std::uint64_t sparse_density_divisor = 16;

// The form a vector of `nvals` entries out of `size` is kept in (host and device alike): dense
// when full, sparse below 1/16, bitmap in between.
inline vector_form form_for_density(std::uint64_t nvals, std::uint64_t size) {
  if (size > 0 && nvals == size) return vector_form::dense;
  return nvals * sparse_density_divisor < size ? vector_form::sparse : vector_form::bitmap;
}

// Puts a host or device vector in the form its density calls for. V gives to_sparse, to_bitmap
// and to_dense (the last for a full vector only).
template <class V>
void conform_to_density(V& v) {
  switch (form_for_density(v.nvals(), v.size())) {
    case vector_form::dense:
      v.to_dense();
      break;
    case vector_form::sparse:
      v.to_sparse();
      break;
    case vector_form::bitmap:
      v.to_bitmap();
      break;
  }
}

template <class T>
class vector {
 public:
  using value_type = T;

  vector() = default;
  // A vector of size n with no entries.
  explicit vector(std::uint64_t n) : size_(check_size(n)) {}

  // Every entry present and equal to `value`.
  static vector dense(std::uint64_t n, const T& value) {
    vector v(n);
    v.form_ = vector_form::dense;
    v.values_ = array<T>(n, value);
    v.nvals_ = n;
    return v;
  }
  // Entries at strictly ascending `indices` (< n) with `values`.
  static vector from_sparse(std::uint64_t n, array<vertex_id> indices, array<T> values) {
    vector v(n);
    if (indices.size() != values.size())
      throw error(error_kind::usage, "a sparse vector needs as many values as indices");
    for (std::size_t e = 0; e < indices.size(); ++e) {
      if (indices[e] >= n)
        throw error(error_kind::usage, "vector index " + std::to_string(indices[e]) +
                                           " is out of range for size " + std::to_string(n));
      if (e > 0 && indices[e] <= indices[e - 1])
        throw error(error_kind::usage, "sparse vector indices must be strictly ascending");
    }
    v.nvals_ = indices.size();
    v.indices_ = std::move(indices);
    v.values_ = std::move(values);
    return v;
  }
  // Entries at `indices` already known to be strictly ascending and below n (an operation's own
  // output): from_sparse without the checks.
  static vector from_sorted(std::uint64_t n, array<vertex_id> indices, array<T> values) {
    vector v(n);
    v.nvals_ = indices.size();
    v.indices_ = std::move(indices);
    v.values_ = std::move(values);
    return v;
  }
  // n values with presence bytes (0 or 1); `nvals` must be the number of ones.
  static vector from_bitmap(std::uint64_t n, array<T> values, array<std::uint8_t> present,
                            std::uint64_t nvals) {
    vector v(n);
    v.form_ = vector_form::bitmap;
    v.values_ = std::move(values);
    v.present_ = std::move(present);
    v.nvals_ = nvals;
    return v;
  }
  // n values, all present.
  static vector from_dense(array<T> values) {
    vector v(values.size());
    v.form_ = vector_form::dense;
    v.nvals_ = values.size();
    v.values_ = std::move(values);
    return v;
  }

  std::uint64_t size() const noexcept { return size_; }
  std::uint64_t nvals() const noexcept { return nvals_; }
  vector_form form() const noexcept { return form_; }

  // Sparse form: the nvals indices and values. Bitmap and dense: n values; bitmap presence bytes.
  const vertex_id* indices() const noexcept { return indices_.data(); }
  const T* values() const noexcept { return values_.data(); }
  T* values() noexcept { return values_.data(); }
  const std::uint8_t* present() const noexcept { return present_.data(); }
  // Bitmap form: presence bytes an operation may change in place, telling set_nvals the new count.
  std::uint8_t* present() noexcept { return present_.data(); }
  void set_nvals(std::uint64_t nvals) noexcept { nvals_ = nvals; }

  bool has(std::uint64_t i) const { return find(check_index(i)) != nullptr; }
  std::optional<T> get(std::uint64_t i) const {
    const T* value = find(check_index(i));
    return value ? std::optional<T>(*value) : std::nullopt;
  }

  // w(i) = value (GrB_Vector_setElement). Appending in ascending order keeps a sparse vector
  // sparse; an insertion elsewhere turns it into a bitmap.
  void set(std::uint64_t i, const T& value) {
    check_index(i);
    if (form_ == vector_form::sparse) {
      if (nvals_ == 0 || indices_.back() < i) {
        indices_.push_back(vertex_id(i));
        values_.push_back(value);
        ++nvals_;
        return;
      }
      if (T* existing = find(i)) {
        *existing = value;
        return;
      }
      to_bitmap();
    }
    if (form_ == vector_form::bitmap && !present_[i]) {
      present_[i] = 1;
      ++nvals_;
    }
    values_[i] = value;
  }

  // Deletes entry i if present (GrB_Vector_removeElement).
  void remove(std::uint64_t i) {
    check_index(i);
    if (!find(i)) return;
    if (form_ == vector_form::dense) to_bitmap();
    if (form_ == vector_form::bitmap) {
      present_[i] = 0;
    } else {
      const std::size_t e =
          std::lower_bound(indices_.begin(), indices_.end(), vertex_id(i)) - indices_.begin();
      std::copy(indices_.begin() + e + 1, indices_.end(), indices_.begin() + e);
      std::copy(values_.begin() + e + 1, values_.end(), values_.begin() + e);
      indices_.resize(nvals_ - 1);
      values_.resize(nvals_ - 1);
    }
    --nvals_;
  }

  // No entries, same size.
  void clear() { *this = vector(size_); }

  // Hands over the n-value array of a bitmap or dense vector (an empty array otherwise) and
  // leaves the vector with no entries, so that an operation may write its result in place.
  array<T> take_storage() {
    array<T> storage;
    if (form_ != vector_form::sparse) storage = std::move(values_);
    clear();
    return storage;
  }

  // Calls f(index, value) for every entry in ascending index order.
  template <class F>
  void for_each(F&& f) const {
    if (form_ == vector_form::sparse) {
      for (std::uint64_t e = 0; e < nvals_; ++e) f(std::uint64_t(indices_[e]), values_[e]);
    } else {
      for (std::uint64_t i = 0; i < size_; ++i)
        if (form_ == vector_form::dense || present_[i]) f(i, values_[i]);
    }
  }

  void to_sparse() {
    if (form_ == vector_form::sparse) return;
    array<vertex_id> indices(nvals_);
    array<T> values(nvals_);
    if (form_ == vector_form::bitmap) {
      list_present(present_.data(), size_, indices.data());
      for (std::uint64_t e = 0; e < nvals_; ++e) values[e] = values_[indices[e]];
    } else {
      for (std::uint64_t i = 0; i < nvals_; ++i) {
        indices[i] = vertex_id(i);
        values[i] = values_[i];
      }
    }
    indices_ = std::move(indices);
    values_ = std::move(values);
    present_ = {};
    form_ = vector_form::sparse;
  }

  void to_bitmap() {
    if (form_ == vector_form::bitmap) return;
    if (form_ == vector_form::dense) {
      present_ = array<std::uint8_t>(size_, 1);
    } else {
      array<T> values(size_);
      array<std::uint8_t> present(size_, 0);
      for (std::uint64_t e = 0; e < nvals_; ++e) {
        values[indices_[e]] = values_[e];
        present[indices_[e]] = 1;
      }
      values_ = std::move(values);
      present_ = std::move(present);
      indices_ = {};
    }
    form_ = vector_form::bitmap;
  }

  // Bitmap or dense: the n values are addressable by index (a kernel's pull input).
  void to_addressable() {
    if (form_ == vector_form::sparse) to_bitmap();
  }

  // A full vector (every entry present) held dense: no presence bytes.
  void to_dense() {
    if (form_ == vector_form::sparse) to_bitmap();
    present_ = {};
    form_ = vector_form::dense;
  }

  // The form the density calls for: dense when full, sparse below 1/16, bitmap in between.
  void conform() { conform_to_density(*this); }

 private:
  static std::uint64_t check_size(std::uint64_t n) {
    if (n > max_vertices)
      throw error(error_kind::limit,
                  "a vector of size " + std::to_string(n) + " exceeds the 32-bit index limit");
    return n;
  }
  std::uint64_t check_index(std::uint64_t i) const {
    if (i >= size_)
      throw error(error_kind::usage, "vector index " + std::to_string(i) +
                                         " is out of range for size " + std::to_string(size_));
    return i;
  }
  const T* find(std::uint64_t i) const {
    switch (form_) {
      case vector_form::dense:
        return &values_[i];
      case vector_form::bitmap:
        return present_[i] ? &values_[i] : nullptr;
      default: {
        const vertex_id* e = std::lower_bound(indices_.begin(), indices_.end(), vertex_id(i));
        return e != indices_.end() && *e == i ? &values_[e - indices_.begin()] : nullptr;
      }
    }
  }
  T* find(std::uint64_t i) { return const_cast<T*>(std::as_const(*this).find(i)); }

  std::uint64_t size_ = 0;
  std::uint64_t nvals_ = 0;
  vector_form form_ = vector_form::sparse;
  array<vertex_id> indices_;
  array<T> values_;
  array<std::uint8_t> present_;
};

// u itself when its values are addressable by index (bitmap or dense), otherwise a bitmap copy of
// it kept in `spare`: how an operation reads any input by index without copying a full vector.
template <class T>
const vector<T>& addressable(const vector<T>& u, vector<T>& spare) {
  if (u.form() != vector_form::sparse) return u;
  spare = u;
  spare.to_bitmap();
  return spare;
}

// u itself when it is sparse, otherwise a sparse copy kept in `spare` (a push input).
template <class T>
const vector<T>& sparse_form(const vector<T>& u, vector<T>& spare) {
  if (u.form() == vector_form::sparse) return u;
  spare = u;
  spare.to_sparse();
  return spare;
}

}  // namespace graphring

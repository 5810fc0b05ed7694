// graphring::matrix<T>: a typed sparse matrix for the GraphBLAS-style operations, stored as CSR
// (32-bit column ids, 64-bit offsets, ascending columns within a row). A matrix taken from a
// graph shares the graph's arrays (no copy) and converts the values to T only when their type
// differs; a pattern graph becomes an iso matrix, every entry holding one value (1 by default)
// and no value array. Matrices are immutable: operations return new ones. Aᵀ is computed on first
// use and cached, shared by copies ("if present, valid", as in the Graph object).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <typeindex>
#include <typeinfo>
#include <utility>
#include <variant>
#include <vector>

#include "core/array.hpp"
#include "core/error.hpp"
#include "engine/builder.hpp"
#include "engine/csr.hpp"
#include "engine/csr_transpose.hpp"
#include "engine/rows_by_length.hpp"
#include "engine/timed_choice.hpp"
#include "kernels/formats/csr_view.hpp"

namespace graphring {

template <class T>
class matrix {
 public:
  using value_type = T;

  matrix() : matrix(0, 0) {}
  // An nrows × ncols matrix with no entries.
  matrix(std::uint64_t nrows, std::uint64_t ncols)
      : matrix(nrows, ncols, share(array<edge_offset>(nrows + 1, 0)), {}, {}, T{}) {}

  // From CSR arrays; `values` empty means every entry holds `iso`. Columns must be ascending
  // within each row (checked by validate(), which operations do not call).
  matrix(std::uint64_t nrows, std::uint64_t ncols, shared_array<edge_offset> offsets,
         shared_array<vertex_id> cols, shared_array<T> values, T iso)
      : nrows_(nrows),
        ncols_(ncols),
        offsets_(std::move(offsets)),
        cols_(std::move(cols)),
        values_(std::move(values)),
        iso_(iso),
        cache_(std::make_shared<cache>()) {
    if (nrows > max_vertices || ncols > max_vertices)
      throw error(error_kind::limit, "a matrix dimension exceeds the 32-bit index limit");
    if (offsets_.size() != nrows + 1 || (!values_.empty() && values_.size() != cols_.size()))
      throw error(error_kind::internal, "matrix arrays disagree in size");
  }

  // A graph's adjacency (or any csr_matrix) as matrix<T>. Values are converted to T; a pattern
  // matrix becomes iso with value `iso`. `transpose`, when given, is cached as Aᵀ.
  static matrix from_csr(const csr_matrix& a, T iso = T(1), const csr_matrix* transpose = nullptr) {
    matrix m(a.nrows, a.ncols, a.offsets, a.cols, converted_values(a.values), iso);
    if (transpose) m.cache_->transpose = std::make_shared<matrix>(from_csr(*transpose, iso));
    return m;
  }

  // From (row, column, value) triples in any order; duplicate positions are an error.
  static matrix from_tuples(std::uint64_t nrows, std::uint64_t ncols, const array<vertex_id>& rows,
                            const array<vertex_id>& cols, const array<T>& values) {
    if (rows.size() != cols.size() || rows.size() != values.size())
      throw error(error_kind::usage, "matrix tuples need as many rows, columns and values");
    for (std::size_t e = 0; e < rows.size(); ++e)
      if (rows[e] >= nrows || cols[e] >= ncols)
        throw error(error_kind::usage, "matrix tuple (" + std::to_string(rows[e]) + ", " +
                                           std::to_string(cols[e]) + ") is out of range");
    // The builder sorts stably; each entry carries its tuple's position to fetch its value.
    edge_list edges;
    edges.nrows = nrows;
    edges.ncols = ncols;
    edges.src.assign(rows.begin(), rows.end());
    edges.dst.assign(cols.begin(), cols.end());
    buffer<std::uint64_t> position(rows.size());
    for (std::size_t e = 0; e < rows.size(); ++e) position[e] = e;
    edges.weights = std::move(position);
    const csr_matrix a = build_csr(edges);
    const auto& order = std::get<shared_array<std::uint64_t>>(a.values);
    array<T> sorted(a.nnz());
    for (std::uint64_t i = 0; i < nrows; ++i)
      for (std::uint64_t p = a.offsets[i]; p < a.offsets[i + 1]; ++p) {
        if (p > a.offsets[i] && a.cols[p] == a.cols[p - 1])
          throw error(error_kind::usage, "matrix tuples repeat the position (" + std::to_string(i) +
                                             ", " + std::to_string(a.cols[p]) + ")");
        sorted[p] = values[order[p]];
      }
    return matrix(nrows, ncols, a.offsets, a.cols, share(std::move(sorted)), T{});
  }

  std::uint64_t nrows() const noexcept { return nrows_; }
  std::uint64_t ncols() const noexcept { return ncols_; }
  std::uint64_t nvals() const noexcept { return cols_.size(); }
  bool is_iso() const noexcept { return values_.empty() && !cols_.empty(); }
  T iso_value() const noexcept { return iso_; }
  const shared_array<edge_offset>& offsets() const noexcept { return offsets_; }
  const shared_array<vertex_id>& cols() const noexcept { return cols_; }
  const shared_array<T>& values() const noexcept { return values_; }
  T value(edge_offset p) const noexcept { return values_.empty() ? iso_ : values_[p]; }

  kernels::csr_view<T> view() const noexcept {
    return {
        nrows_, ncols_, offsets_.data(), cols_.data(), values_.empty() ? nullptr : values_.data(),
        iso_};
  }

  std::optional<T> get(std::uint64_t i, std::uint64_t j) const {
    if (i >= nrows_ || j >= ncols_) throw error(error_kind::usage, "matrix position out of range");
    const vertex_id* first = cols_.data() + offsets_[i];
    const vertex_id* last = cols_.data() + offsets_[i + 1];
    const vertex_id* at = std::lower_bound(first, last, vertex_id(j));
    if (at == last || *at != j) return std::nullopt;
    return value(at - cols_.data());
  }

  // Aᵀ, computed once and shared by every copy of this matrix.
  const matrix& transposed() const {
    std::lock_guard<std::mutex> lock(cache_->mutex);
    if (!cache_->transpose) {
      cache_->transpose = std::make_shared<matrix>(compute_transpose());
    }
    return *cache_->transpose;
  }
  bool has_cached_transpose() const {
    std::lock_guard<std::mutex> lock(cache_->mutex);
    return cache_->transpose != nullptr;
  }

  // A value computed from this matrix's entries on the first call for `Tag` and returned by every
  // later call from any copy of it (a matrix is immutable): a property an algorithm reads on every
  // run, as LAGraph keeps a graph's smallest and largest edge weight (emin, emax) once computed.
  // One Tag names one value and its type. `compute` runs without the matrix's lock held; two
  // first calls at once may both run it, and the first to finish is kept.
  template <class Tag, class Compute>
  std::invoke_result_t<Compute> cached(const Compute& compute) const {
    using R = std::invoke_result_t<Compute>;
    const std::type_index tag(typeid(Tag));
    {
      std::lock_guard<std::mutex> lock(cache_->mutex);
      if (const void* held = cache_->property(tag)) return *static_cast<const R*>(held);
    }
    auto value = std::make_shared<const R>(compute());
    std::lock_guard<std::mutex> lock(cache_->mutex);
    if (const void* held = cache_->property(tag)) return *static_cast<const R*>(held);
    cache_->properties.emplace_back(tag, value);
    return *value;
  }
  template <class Tag>
  bool has_cached() const {
    std::lock_guard<std::mutex> lock(cache_->mutex);
    return cache_->property(std::type_index(typeid(Tag))) != nullptr;
  }

  // The non-empty rows in the sliced pull kernel's order (engine/rows_by_length.hpp), made at
  // the `sliced_after_products`-th call, the products that could use it, and then shared by every
  // copy of this matrix; null before (a matrix used for a few products does not repay the sort,
  // docs/kernel-speed-log.md).
  const row_order* rows_by_length() const {
    std::lock_guard<std::mutex> lock(cache_->mutex);
    if (!cache_->by_length) {
      if (++cache_->pull_products < sliced_after_products) return nullptr;
      cache_->by_length =
          std::make_shared<const row_order>(graphring::rows_by_length(offsets_.data(), nrows_));
    }
    return cache_->by_length.get();
  }

  // Between the row-by-row and the sliced pull kernel, once slices pay (engine/timed_choice.hpp);
  // shared by every copy of this matrix.
  timed_choice& pull_kernel_choice() const { return cache_->pull_choice; }

 private:
  struct cache {
    std::mutex mutex;
    std::shared_ptr<const matrix> transpose;
    std::shared_ptr<const row_order> by_length;
    std::uint64_t pull_products = 0;
    timed_choice pull_choice;
    std::vector<std::pair<std::type_index, std::shared_ptr<const void>>> properties;  // cached()

    // The property kept for `tag`, or null; the mutex must be held.
    const void* property(const std::type_index& tag) const {
      for (const auto& [t, value] : properties)
        if (t == tag) return value.get();
      return nullptr;
    }
  };

  static shared_array<T> converted_values(const value_array& values) {
    return std::visit(
        [](const auto& v) -> shared_array<T> {
          using V = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<V, std::monostate>) {
            return {};
          } else if constexpr (std::is_same_v<V, shared_array<T>>) {
            return v;
          } else if constexpr (std::is_convertible_v<typename V::value_type, T>) {
            array<T> out(v.size());
            for (std::size_t p = 0; p < v.size(); ++p) out[p] = T(v[p]);
            return share(std::move(out));
          } else {
            throw error(error_kind::usage, "the matrix values cannot be converted to this type");
          }
        },
        values);
  }

  matrix compute_transpose() const {
    // The pattern's transpose (engine/csr_transpose.hpp), then the values gathered by the
    // position each entry came from.
    const csr_matrix pattern{nrows_, ncols_, offsets_, cols_, {}};
    buffer<std::uint64_t> from;
    csr_matrix t = values_.empty() ? transpose(pattern) : transpose_with_sources(pattern, from);
    shared_array<T> values;
    if (!values_.empty()) {
      array<T> gathered(from.size());
      for (std::uint64_t e = 0; e < from.size(); ++e) gathered[e] = values_[from[e]];
      values = share(std::move(gathered));
    }
    return matrix(ncols_, nrows_, t.offsets, t.cols, std::move(values), iso_);
  }

  std::uint64_t nrows_, ncols_;
  shared_array<edge_offset> offsets_;
  shared_array<vertex_id> cols_;
  shared_array<T> values_;
  T iso_;
  std::shared_ptr<cache> cache_;
};

}  // namespace graphring

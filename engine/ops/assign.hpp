// Assignment and extraction of vector entries, after GrB_assign and GrB_extract:
//   assign:         w<mask>(I) = accum(w(I), u)   u has |I| entries; u(k) goes to w(I[k])
//   assign_scalar:  w<mask>(I) = accum(w(I), s)   every position in I
//   extract:        w<mask> = accum(w, u(I))      w(k) = u(I[k])
// I is a list of indices or all_indices (0..n-1). As in the C API, assign's mask covers all of
// w; positions outside I never change, except that `replace` deletes entries the mask excludes.
// Without an accumulator, a position of I where u has no entry is deleted.
#pragma once

#include <cstdint>
#include <span>
#include <type_traits>

#include "engine/array.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/vector_mask.hpp"
#include "engine/ops/write_back.hpp"
#include "engine/vector.hpp"
#include "kernels/cpu/parallel.hpp"

namespace graphring {

struct all_indices_t {};
inline constexpr all_indices_t all_indices{};

namespace detail {

inline std::uint64_t index_count(all_indices_t, std::uint64_t n) { return n; }
inline std::uint64_t index_count(std::span<const std::uint64_t> indices, std::uint64_t) {
  return indices.size();
}
inline std::uint64_t index_at(all_indices_t, std::uint64_t k) { return k; }
inline std::uint64_t index_at(std::span<const std::uint64_t> indices, std::uint64_t k) {
  return indices[k];
}

// Whether the mask is the output vector itself (w<w>(I) = ...). assign changes w in place while
// it reads the mask, so it reads a copy instead: the C API's mask is w as it was before the call.
template <class W, class Mask>
bool mask_is_output(const vector<W>& w, const Mask& mask) {
  if constexpr (std::is_same_v<Mask, vector<W>>) {
    return &mask == &w;
  } else {
    return false;
  }
}

// w<mask>(I) = accum(w(I), t) where has(k) / value(k) describe the k-th assigned entry.
template <class W, class Mask, class Accum, class Indices, class Has, class Value>
void assign_entries(vector<W>& w, const Mask& mask, const Accum& accum, const Indices& indices,
                    std::uint64_t count, const Has& has, const Value& value, const descriptor& d) {
  constexpr bool accumulate = !std::is_same_v<Accum, no_accum_t>;
  const std::uint64_t n = w.size();
  w.to_addressable();
  // In-region results: z(I[k]) for each k, computed against the old w.
  array<W> z(count);
  array<std::uint8_t> z_present(count);
  for (std::uint64_t k = 0; k < count; ++k) {
    const std::uint64_t i = index_at(indices, k);
    if (i >= n)
      throw error(error_kind::usage, "assign index " + std::to_string(i) +
                                         " is out of range for size " + std::to_string(n));
    const auto old = w.get(i);
    if constexpr (accumulate) {
      if (has(k) && old) {
        z[k] = W(accum(*old, value(k)));
      } else if (has(k)) {
        z[k] = W(value(k));
      } else if (old) {
        z[k] = *old;
      }
      z_present[k] = has(k) || old.has_value();
    } else {
      if (has(k)) z[k] = W(value(k));
      z_present[k] = has(k);
    }
  }
  with_vector_mask(mask, d, [&](const auto& allows) {
    if (d.replace)
      for (std::uint64_t i = 0; i < n; ++i)
        if (!allows(i)) w.remove(i);
    for (std::uint64_t k = 0; k < count; ++k) {
      const std::uint64_t i = index_at(indices, k);
      if (!allows(i)) continue;
      if (z_present[k]) {
        w.set(i, z[k]);
      } else {
        w.remove(i);
      }
    }
  });
  w.conform();
}

}  // namespace detail

template <class W, class Mask, class Accum, class U, class Indices = all_indices_t>
void assign(vector<W>& w, const Mask& mask, const Accum& accum, const vector<U>& u,
            const Indices& indices = {}, const descriptor& d = {}) {
  if (detail::mask_is_output(w, mask)) {
    const vector<W> before = w;
    return assign(w, before, accum, u, indices, d);
  }
  const std::uint64_t count = detail::index_count(indices, w.size());
  detail::check_dimension(u.size(), count, "the assigned vector's size");
  // The common case of an algorithm step, w<q> = u over all indices with a structural mask (a
  // BFS parent update): only the mask's entries are visited.
  if constexpr (std::is_same_v<Indices, all_indices_t> && std::is_same_v<Accum, no_accum_t> &&
                !std::is_same_v<Mask, no_mask_t>) {
    if (d.structural_mask && !d.complement_mask && !d.replace) {
      detail::check_dimension(mask.size(), w.size(), "the mask's size");
      mask.for_each([&](std::uint64_t i, const auto&) {
        if (const auto value = u.get(i)) {
          w.set(i, W(*value));
        } else {
          w.remove(i);
        }
      });
      w.conform();
      return;
    }
  }
  vector<U> spare;
  const vector<U>& x = addressable(u, spare);
  detail::assign_entries(
      w, mask, accum, indices, count,
      [&](std::uint64_t k) { return !x.present() || x.present()[k]; },
      [&](std::uint64_t k) { return x.values()[k]; }, d);
}

template <class W, class Mask, class Accum, class S, class Indices = all_indices_t>
void assign_scalar(vector<W>& w, const Mask& mask, const Accum& accum, const S& s,
                   const Indices& indices = {}, const descriptor& d = {}) {
  if (detail::mask_is_output(w, mask)) {
    const vector<W> before = w;
    return assign_scalar(w, before, accum, s, indices, d);
  }
  // The common case of an algorithm step, w<q> = s over all indices with a structural mask:
  // only the mask's entries are visited.
  if constexpr (std::is_same_v<Indices, all_indices_t> && std::is_same_v<Accum, no_accum_t> &&
                !std::is_same_v<Mask, no_mask_t>) {
    if (d.structural_mask && !d.complement_mask && !d.replace) {
      detail::check_dimension(mask.size(), w.size(), "the mask's size");
      mask.for_each([&](std::uint64_t i, const auto&) { w.set(i, W(s)); });
      w.conform();
      return;
    }
  }
  detail::assign_entries(
      w, mask, accum, indices, detail::index_count(indices, w.size()),
      [](std::uint64_t) { return true; }, [&](std::uint64_t) { return s; }, d);
}

template <class W, class Mask, class Accum, class U, class Indices = all_indices_t>
void extract(vector<W>& w, const Mask& mask, const Accum& accum, const vector<U>& u,
             const Indices& indices = {}, const descriptor& d = {}) {
  const std::uint64_t count = detail::index_count(indices, u.size());
  detail::check_dimension(w.size(), count, "the output vector's size");
  vector<U> spare;
  const vector<U>& x = addressable(u, spare);
  array<U> values(count);
  array<std::uint8_t> present(count);
  std::uint64_t found = 0;
  for (std::uint64_t k = 0; k < count; ++k) {
    const std::uint64_t i = detail::index_at(indices, k);
    if (i >= u.size())
      throw error(error_kind::usage, "extract index " + std::to_string(i) +
                                         " is out of range for size " + std::to_string(u.size()));
    present[k] = !x.present() || x.present()[i];
    if (present[k]) values[k] = x.values()[i];
    found += present[k];
  }
  auto t = vector<U>::from_bitmap(count, std::move(values), std::move(present), found);
  t.conform();
  detail::write_back(w, mask, accum, std::move(t), d, false);
}

}  // namespace graphring

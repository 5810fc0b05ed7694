// Assignment and extraction of vector entries, after GrB_assign and GrB_extract:
//   assign:         w<mask>(I) = accum(w(I), u)   u has |I| entries; u(k) goes to w(I[k])
//   assign_scalar:  w<mask>(I) = accum(w(I), s)   every position in I
//   extract:        w<mask> = accum(w, u(I))      w(k) = u(I[k])
// I is a list of indices or all_indices (0..n-1). As in the C API, assign's mask covers all of
// w; positions outside I never change, except that `replace` deletes entries the mask excludes.
// Without an accumulator, a position of I where u has no entry is deleted.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <type_traits>

#include "core/array.hpp"
#include "core/list_present.hpp"
#include "core/parallel.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/vector_mask.hpp"
#include "engine/ops/write_back.hpp"
#include "engine/vector.hpp"
#include "semirings/binary_ops.hpp"

namespace graphring {

namespace detail {

inline std::uint64_t index_count(all_indices_t, std::uint64_t n) { return n; }
inline std::uint64_t index_count(std::span<const std::uint64_t> indices, std::uint64_t) {
  return indices.size();
}
inline std::uint64_t index_at(all_indices_t, std::uint64_t k) { return k; }
inline std::uint64_t index_at(std::span<const std::uint64_t> indices, std::uint64_t k) {
  return indices[k];
}
// A list of 32-bit indices (vertex ids) as well (a graphring extension: the C API's GrB_Index is
// 64 bits), so that an algorithm whose index list is a vector of labels moves half the bytes.
inline std::uint64_t index_count(std::span<const std::uint32_t> indices, std::uint64_t) {
  return indices.size();
}
inline std::uint64_t index_at(std::span<const std::uint32_t> indices, std::uint64_t k) {
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

// w = s at every index: dense, written in place over w's own values array when it has one (a
// bitmap's or a dense vector's), so that a step repeated every iteration allocates nothing.
template <class W>
void fill_dense(vector<W>& w, const W& s) {
  const std::uint64_t n = w.size();
  array<W> values = w.take_storage();
  if (values.size() != n) values = array<W>(n);
  W* to = values.data();
#pragma omp parallel for schedule(static) if (n > kernels::min_parallel_work)
  for (std::int64_t i = 0; i < std::int64_t(n); ++i) to[i] = s;
  w = vector<W>::from_dense(std::move(values));
}

// The sum of f(i, v(i)) over every entry i of v, in parallel when there are many.
template <class M, class F>
std::int64_t sum_over_entries(const vector<M>& v, const F& f) {
  std::int64_t sum = 0;
  const M* values = v.values();
  if (v.form() == vector_form::sparse) {
    const vertex_id* index = v.indices();
#pragma omp parallel for schedule(static) reduction(+ : sum) \
    if (v.nvals() > kernels::min_parallel_work)
    for (std::int64_t e = 0; e < std::int64_t(v.nvals()); ++e)
      sum += f(std::uint64_t(index[e]), values[e]);
    return sum;
  }
  if (v.form() == vector_form::dense) {
#pragma omp parallel for schedule(static) reduction(+ : sum) \
    if (v.size() > kernels::min_parallel_work)
    for (std::int64_t i = 0; i < std::int64_t(v.size()); ++i) sum += f(std::uint64_t(i), values[i]);
    return sum;
  }
  // A bitmap: each block's entries are first listed without a branch (list_present_offsets),
  // then visited; a branch per position mispredicted on a BFS frontier's scattered entries.
  const std::uint8_t* present = v.present();
  constexpr std::uint64_t block = 2048;
  const std::int64_t blocks = std::int64_t((v.size() + block - 1) / block);
#pragma omp parallel for schedule(static) reduction(+ : sum) \
    if (v.size() > kernels::min_parallel_work)
  for (std::int64_t b = 0; b < blocks; ++b) {
    std::uint16_t found[block];
    const std::uint64_t begin = std::uint64_t(b) * block;
    const std::uint64_t end = std::min(v.size(), begin + block);
    const std::uint32_t count = list_present_offsets(present, begin, end, found);
    for (std::uint32_t k = 0; k < count; ++k) {
      const std::uint64_t i = begin + found[k];
      sum += f(i, values[i]);
    }
  }
  return sum;
}

// w<mask> = value at the mask's entries, over all indices with a structural mask: only the
// mask's entries are visited. value(i, mask(i)) is the new w(i), or nullopt to delete it. A
// sparse w that stays sparse is merged with the mask in one ordered pass (setting its entries one
// by one out of order would turn it into a bitmap); otherwise w is a bitmap or dense and the
// mask's entries are written in place, in parallel (a BFS's levels and parents: set one by one
// they took a large share of a BFS, docs/kernel-speed-log.md). A bitmap w that only gains entries
// stays a bitmap however few it holds (a traversal's record of what it reached, made a bitmap by
// its algorithm, is not listed anew and spread again at every step).
template <class W, class M, class Value>
void assign_at_mask(vector<W>& w, const vector<M>& mask, const Value& value) {
  check_dimension(mask.size(), w.size(), "the mask's size");
  const bool was_bitmap = w.form() == vector_form::bitmap;
  if (w.form() == vector_form::sparse &&
      (w.nvals() + mask.nvals()) * sparse_density_divisor < w.size()) {
    array<vertex_id> indices;
    array<W> values;
    indices.reserve(w.nvals() + mask.nvals());
    values.reserve(w.nvals() + mask.nvals());
    const vertex_id* old_index = w.indices();
    const W* old_value = w.values();
    std::uint64_t p = 0;
    const std::uint64_t old_count = w.nvals();
    mask.for_each([&](std::uint64_t i, const M& in_mask) {
      for (; p < old_count && old_index[p] < i; ++p) {
        indices.push_back(old_index[p]);
        values.push_back(old_value[p]);
      }
      if (p < old_count && old_index[p] == i) ++p;
      if (const auto v = value(i, in_mask)) {
        indices.push_back(vertex_id(i));
        values.push_back(W(*v));
      }
    });
    for (; p < old_count; ++p) {
      indices.push_back(old_index[p]);
      values.push_back(old_value[p]);
    }
    w = vector<W>::from_sorted(w.size(), std::move(indices), std::move(values));
    w.conform();
    return;
  }
  w.to_addressable();
  W* const values = w.values();
  if (w.form() == vector_form::dense) {
    // Overwrite in place; where value(i) has none, w loses entry i and becomes a bitmap, and the
    // pass below runs again.
    const std::int64_t losses = sum_over_entries(mask, [&](std::uint64_t i, const M& in_mask) {
      const auto v = value(i, in_mask);
      if (v) values[i] = W(*v);
      return std::int64_t(!v);
    });
    if (losses == 0) return;
    w.to_bitmap();
  }
  std::uint8_t* const present = w.present();
  const std::int64_t change = sum_over_entries(mask, [&](std::uint64_t i, const M& in_mask) {
    const std::int64_t was = present[i];
    const auto v = value(i, in_mask);
    if (v) values[i] = W(*v);
    present[i] = v ? 1 : 0;
    return std::int64_t(present[i]) - was;
  });
  w.set_nvals(std::uint64_t(std::int64_t(w.nvals()) + change));
  if (was_bitmap && change >= 0 && w.nvals() < w.size()) return;
  w.conform();
}

// Whether folding entries into w with `Accum` in any order gives what folding them in order
// gives, exactly: an integer min or max.
template <class W, class Accum>
inline constexpr bool folds_in_any_order_v = std::is_integral_v<W> &&
                                             (std::is_same_v<Accum, min_op<W>> ||
                                              std::is_same_v<Accum, max_op<W>>);

// The usage error of `operation` for the first of the `count` indices that is n or more, when
// some are.
template <class Indices>
void throw_first_outside(const Indices& indices, std::uint64_t count, std::uint64_t n,
                         const char* operation) {
  for (std::uint64_t k = 0; k < count; ++k)
    if (index_at(indices, k) >= n)
      throw error(error_kind::usage, std::string(operation) + " index " +
                                         std::to_string(index_at(indices, k)) +
                                         " is out of range for size " + std::to_string(n));
}

// w(I(k)) = accum(w(I(k)), value(k)) for every k with has(k), for an integer min or max folded
// into a dense w, unmasked: the entries may be folded in any order and at once (an atomic
// exchange where one improves on w), with the same result. A piece of the entries is gathered
// first into local arrays, so that the atomic loop reads only those (an atomic operation makes
// the compiler reload whatever has and value reach through).
template <class W, class Accum, class Indices, class Has, class Value>
void fold_in_any_order(W* values, const Accum& accum, const Indices& indices, std::uint64_t count,
                       const Has& has, const Value& value, bool parallel) {
  constexpr std::uint64_t piece = 256;
  const std::int64_t pieces = std::int64_t((count + piece - 1) / piece);
#pragma omp parallel for schedule(static) if (parallel)
  for (std::int64_t c = 0; c < pieces; ++c) {
    const std::uint64_t begin = std::uint64_t(c) * piece;
    const std::uint64_t end = std::min(count, begin + piece);
    W folded[piece];
    std::uint64_t into[piece];
    std::uint64_t m = 0;
    for (std::uint64_t k = begin; k < end; ++k) {
      if (!has(k)) continue;
      folded[m] = W(value(k));
      into[m++] = index_at(indices, k);
    }
    for (std::uint64_t t = 0; t < m; ++t) {
      std::atomic_ref<W> slot(values[into[t]]);
      W old = slot.load(std::memory_order_relaxed);
      while (accum(old, folded[t]) != old &&
             !slot.compare_exchange_weak(old, accum(old, folded[t]), std::memory_order_relaxed)) {
      }
    }
  }
}

// w<mask>(I) = accum(w(I), t) one entry after another, in the order of I, into a w that has
// presence bytes wherever an entry may be deleted; with replace, the entries the mask excludes
// are deleted first.
template <class W, class Mask, class Accum, class Indices, class Has, class Value>
void assign_in_order(vector<W>& w, const Mask& mask, const Accum& accum, const Indices& indices,
                     std::uint64_t count, const Has& has, const Value& value, const descriptor& d) {
  constexpr bool accumulate = !std::is_same_v<Accum, no_accum_t>;
  const std::uint64_t n = w.size();
  W* values = w.values();
  std::uint8_t* present = w.present();  // null for a dense w: every entry present
  std::uint64_t nvals = w.nvals();
  with_vector_mask(mask, d, [&](const auto& allows) {
    if (d.replace)
      for (std::uint64_t i = 0; i < n; ++i)
        if (present[i] && !allows(i)) {
          present[i] = 0;
          --nvals;
        }
    for (std::uint64_t k = 0; k < count; ++k) {
      const std::uint64_t i = index_at(indices, k);
      if (!allows(i)) continue;
      const bool old = !present || present[i];
      if (has(k)) {
        if constexpr (accumulate) {
          values[i] = old ? W(accum(values[i], value(k))) : W(value(k));
        } else {
          values[i] = W(value(k));
        }
        if (!old) {
          present[i] = 1;
          ++nvals;
        }
      } else if (!accumulate && old) {
        present[i] = 0;
        --nvals;
      }
    }
  });
  w.set_nvals(nvals);
  w.conform();
}

// w<mask>(I) = accum(w(I), t) where has(k) / value(k) describe the k-th assigned entry. Entries
// are assigned in the order of I, so a repeated index takes them one after another: with an
// accumulator each folds into what the ones before it left (a scatter-reduce such as
// w(I(k)) = min(w(I(k)), u(k)), graphring's definition where the C API leaves repeats undefined);
// without one the last wins.
template <class W, class Mask, class Accum, class Indices, class Has, class Value>
void assign_entries(vector<W>& w, const Mask& mask, const Accum& accum, const Indices& indices,
                    std::uint64_t count, const Has& has, const Value& value, const descriptor& d) {
  constexpr bool accumulate = !std::is_same_v<Accum, no_accum_t>;
  const std::uint64_t n = w.size();
  const bool parallel = count > kernels::min_parallel_work;
  std::uint64_t outside = 0;
#pragma omp parallel for schedule(static) reduction(+ : outside) if (parallel)
  for (std::int64_t s = 0; s < std::int64_t(count); ++s)
    outside += index_at(indices, std::uint64_t(s)) >= n;
  if (outside > 0) throw_first_outside(indices, count, n, "assign");
  // Entries are only added unless something may be deleted; then w needs presence bytes.
  if (!accumulate || d.replace) {
    w.to_bitmap();
  } else {
    w.to_addressable();
  }
  if constexpr (folds_in_any_order_v<W, Accum> && std::is_same_v<Mask, no_mask_t>) {
    if (!w.present() && !d.replace && !d.complement_mask) {
      fold_in_any_order(w.values(), accum, indices, count, has, value, parallel);
      w.conform();
      return;
    }
  }
  assign_in_order(w, mask, accum, indices, count, has, value, d);
}

}  // namespace detail

template <class W, class Mask, class Accum, class U, class Indices = all_indices_t>
void assign(vector<W>& w, const Mask& mask, const Accum& accum, const vector<U>& u,
            const Indices& indices = {}, const descriptor& d = {}) {
  if (detail::mask_is_output(w, mask)) {
    const vector<W> before = w;
    return assign(w, before, accum, u, indices, d);
  }
  // Entries are written in place one after another, so u must not be w itself.
  if (static_cast<const void*>(&u) == static_cast<const void*>(&w)) {
    const vector<U> before = u;
    return assign(w, mask, accum, before, indices, d);
  }
  const std::uint64_t count = detail::index_count(indices, w.size());
  detail::check_dimension(u.size(), count, "the assigned vector's size");
  // The common case of an algorithm step, w<q> = u over all indices with a structural mask (a
  // BFS parent update): only the mask's entries are visited.
  if constexpr (std::is_same_v<Indices, all_indices_t> && std::is_same_v<Accum, no_accum_t> &&
                !std::is_same_v<Mask, no_mask_t>) {
    if (d.structural_mask && !d.complement_mask && !d.replace) {
      // u(i), read from the mask's own entry when u is the mask (w<q> = q: no search of u)
      detail::assign_at_mask(w, mask, [&](std::uint64_t i, const auto& in_mask) {
        if constexpr (std::is_same_v<Mask, vector<U>>) {
          if (&mask == &u) return std::optional<U>(in_mask);
        }
        return u.get(i);
      });
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
  // w = s everywhere (a PageRank step's teleport term): w becomes dense, filled in parallel in
  // its own storage when it has one.
  if constexpr (std::is_same_v<Indices, all_indices_t> && std::is_same_v<Accum, no_accum_t> &&
                std::is_same_v<Mask, no_mask_t>) {
    if (!d.complement_mask) {
      detail::fill_dense(w, W(s));
      return;
    }
  }
  // The common case of an algorithm step, w<q> = s over all indices with a structural mask:
  // only the mask's entries are visited.
  if constexpr (std::is_same_v<Indices, all_indices_t> && std::is_same_v<Accum, no_accum_t> &&
                !std::is_same_v<Mask, no_mask_t>) {
    if (d.structural_mask && !d.complement_mask && !d.replace) {
      detail::assign_at_mask(w, mask,
                             [&](std::uint64_t, const auto&) { return std::optional<W>(W(s)); });
      return;
    }
  }
  // Otherwise (a complemented or valued mask) s is assigned at every allowed position and
  // nothing is deleted: one pass over w's own storage.
  if constexpr (std::is_same_v<Indices, all_indices_t> && std::is_same_v<Accum, no_accum_t> &&
                !std::is_same_v<Mask, no_mask_t>) {
    if (!d.replace) {
      w.to_addressable();
      // (a bool's absent slot may hold an invalid byte: not selected from)
      constexpr bool selects = std::is_arithmetic_v<W> && !std::is_same_v<W, bool>;
      const W value = W(s);
      detail::with_vector_mask(mask, d, [&](const auto& allows) {
        auto has = [](std::uint64_t) { return true; };
        auto same = [value](std::uint64_t) { return value; };
        detail::overwrite_allowed_in_form<selects>(w, allows, has, same);
      });
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
  if (x.form() == vector_form::dense) {  // every u(I[k]) exists: a dense gather
    const U* from = x.values();
    const std::uint64_t n = u.size();
    std::uint64_t outside = 0;
#pragma omp parallel for schedule(static) reduction(+ : outside) if (count > kernels::min_parallel_work)
    for (std::int64_t s = 0; s < std::int64_t(count); ++s) {
      const std::uint64_t i = detail::index_at(indices, std::uint64_t(s));
      if (i < n) {
        values[s] = from[i];
      } else {
        ++outside;
      }
    }
    if (outside > 0) detail::throw_first_outside(indices, count, n, "extract");
    detail::write_back(w, mask, accum, vector<U>::from_dense(std::move(values)), d, false);
    return;
  }
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

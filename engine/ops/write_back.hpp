// The last step of every vector operation: w<mask> = accum(w, t). With an accumulator the new
// entries are z = w ⊙ t over the union of both patterns (accum(w(i), t(i)) where both exist);
// without it z = t. Where the mask allows, w(i) becomes z(i), present or not; elsewhere w(i) is
// kept, or deleted under `replace`. Operations whose kernel already restricted t to the mask skip
// the general merge when nothing else is asked for.
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

#include "core/array.hpp"
#include "core/parallel.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/vector_mask.hpp"
#include "engine/vector.hpp"

namespace graphring::detail {

// t with its values converted to W (a move when the types agree).
template <class W, class C>
vector<W> converted(vector<C>&& t) {
  if constexpr (std::is_same_v<W, C>) {
    return std::move(t);
  } else {
    t.to_addressable();
    array<W> values(t.form() == vector_form::sparse ? t.nvals() : t.size());
    const C* from = t.values();
    const std::uint8_t* present = t.present();
    // A bitmap's absent slots hold no value (reading an uninitialised bool is undefined).
    for (std::size_t e = 0; e < values.size(); ++e)
      if (!present || present[e]) values[e] = W(from[e]);
    if (t.form() == vector_form::dense) return vector<W>::from_dense(std::move(values));
    return vector<W>::from_bitmap(t.size(), std::move(values),
                                  array<std::uint8_t>(t.present(), t.size()), t.nvals());
  }
}

// The value t contributes at an entry: its own, or f(value, index) for an operation fused into
// the accumulation (apply without a mask never forms its result vector).
struct own_value {
  template <class X>
  const X& operator()(const X& x, std::uint64_t) const noexcept {
    return x;
  }
};

// w = accum(w, z) without a mask, z(i) = f(t(i), i) for t's entries, in w's own storage where it
// is addressable: a sparse t costs its entries, an addressable one a pass without a new array.
// Two sparse vectors are merged. w may be t itself.
template <class W, class Accum, class C, class F = own_value>
void accumulate_unmasked(vector<W>& w, const Accum& accum, const vector<C>& t, const F& f = {}) {
  const std::uint64_t n = w.size();
  if (w.form() == vector_form::sparse && t.form() == vector_form::sparse) {
    array<vertex_id> indices;
    array<W> values;
    indices.reserve(w.nvals() + t.nvals());
    values.reserve(w.nvals() + t.nvals());
    std::uint64_t p = 0;
    w.for_each([&](std::uint64_t i, const W& x) {
      for (; p < t.nvals() && t.indices()[p] < i; ++p) {
        indices.push_back(t.indices()[p]);
        values.push_back(W(f(t.values()[p], t.indices()[p])));
      }
      indices.push_back(vertex_id(i));
      if (p < t.nvals() && t.indices()[p] == i) {
        values.push_back(W(accum(x, f(t.values()[p], i))));
        ++p;
      } else {
        values.push_back(x);
      }
    });
    for (; p < t.nvals(); ++p) {
      indices.push_back(t.indices()[p]);
      values.push_back(W(f(t.values()[p], t.indices()[p])));
    }
    w = vector<W>::from_sorted(n, std::move(indices), std::move(values));
    w.conform();
    return;
  }
  w.to_addressable();
  if (t.form() == vector_form::sparse) {
    W* values = w.values();
    const std::uint8_t* present = w.present();
    for (std::uint64_t e = 0; e < t.nvals(); ++e) {
      const std::uint64_t i = t.indices()[e];
      if (!present || present[i]) {
        values[i] = W(accum(values[i], f(t.values()[e], i)));
      } else {
        w.set(i, W(f(t.values()[e], i)));
      }
    }
  } else {
    const bool dense = w.form() == vector_form::dense;
    W* values = w.values();
    std::uint8_t* present = w.present();
    const C* from = t.values();
    const std::uint8_t* t_present = t.present();
    std::uint64_t added = 0;
#pragma omp parallel for schedule(static) reduction(+ : added) if (n > kernels::min_parallel_work)
    for (std::int64_t s = 0; s < std::int64_t(n); ++s) {
      if (t_present && !t_present[s]) continue;
      if (dense || present[s]) {
        values[s] = W(accum(values[s], f(from[s], std::uint64_t(s))));
      } else {
        values[s] = W(f(from[s], std::uint64_t(s)));
        present[s] = 1;
        ++added;
      }
    }
    w.set_nvals(w.nvals() + added);
  }
  w.conform();
}

// t's entries that `allows` admits, as W: a sparse t costs its entries, an addressable one a pass.
template <class W, class C, class Allowed>
vector<W> admitted(vector<C>&& t, const Allowed& allows) {
  const std::uint64_t n = t.size();
  if (t.form() == vector_form::sparse) {
    array<vertex_id> indices;
    array<W> values;
    indices.reserve(t.nvals());
    values.reserve(t.nvals());
    t.for_each([&](std::uint64_t i, const C& x) {
      if (!allows(i)) return;
      indices.push_back(vertex_id(i));
      values.push_back(W(x));
    });
    return vector<W>::from_sorted(n, std::move(indices), std::move(values));
  }
  t.to_bitmap();
  std::uint8_t* present = t.present();
  std::uint64_t count = 0;
#pragma omp parallel for schedule(static) reduction(+ : count) if (n > kernels::min_parallel_work)
  for (std::int64_t s = 0; s < std::int64_t(n); ++s) {
    present[s] = present[s] && allows(std::uint64_t(s));
    count += present[s];
  }
  t.set_nvals(count);
  return converted<W>(std::move(t));
}

// take ? x : old as a blend of their bits, which no compiler turns into a branch (a float's
// ternary often becomes one).
template <class W>
GRAPHRING_INLINE W blended(bool take, const W& x, const W& old) noexcept {
  using bits = std::conditional_t<
      sizeof(W) == 1, std::uint8_t,
      std::conditional_t<sizeof(W) == 2, std::uint16_t,
                         std::conditional_t<sizeof(W) == 4, std::uint32_t, std::uint64_t>>>;
  static_assert(sizeof(bits) == sizeof(W) && std::is_trivially_copyable_v<W>);
  const bits chosen = bits(0) - bits(take);
  const bits result = (std::bit_cast<bits>(x) & chosen) | (std::bit_cast<bits>(old) & ~chosen);
  return std::bit_cast<W>(result);
}

// w<mask> = z without an accumulator or replace, in w's own storage (w addressable, a bitmap
// wherever z may lack an allowed entry): where the mask allows, w(i) becomes z(i) = value(i), or
// is deleted where has(i) says z has none; elsewhere w(i) stays. With `selects` the value is
// blended in rather than branched on (a mask of scattered entries would mispredict every other
// test), so value(i) is read where z has none and must be harmless there. Each thread works on
// its own copies of has and value, plain pointers the loop's stores cannot be taken to move.
template <bool bitmap, bool selects, class W, class Allowed, class Has, class Value>
void overwrite_allowed(vector<W>& w, const Allowed& allows, const Has& has_in,
                       const Value& value_in) {
  const std::uint64_t n = w.size();
  W* const values = w.values();
  std::uint8_t* const present = w.present();
  auto allow = allows;  // each thread's copy in registers (vector_mask_test)
  auto has = has_in;
  auto value = value_in;
  std::uint64_t count = 0;
#pragma omp parallel for schedule(static) reduction(+ : count) firstprivate(allow, has, value) \
    if (n > kernels::min_parallel_work)
  for (std::int64_t s = 0; s < std::int64_t(n); ++s) {
    const std::uint64_t i = std::uint64_t(s);
    const bool allowed = allow(i);
    const bool in_z = has(i);
    if constexpr (selects) {
      values[i] = blended(allowed & in_z, W(value(i)), values[i]);
    } else {
      if (allowed && in_z) values[i] = W(value(i));
    }
    if constexpr (bitmap) {
      const std::uint8_t a = allowed;
      const std::uint8_t kept = std::uint8_t((a & std::uint8_t(in_z)) | ((a ^ 1) & present[i]));
      present[i] = kept;
      count += kept;
    }
  }
  if constexpr (bitmap) w.set_nvals(count);
}

// overwrite_allowed for w's form: a bitmap w keeps its presence bytes and count, a dense one is
// only written.
template <bool selects, class W, class Allowed, class Has, class Value>
void overwrite_allowed_in_form(vector<W>& w, const Allowed& allows, const Has& has,
                               const Value& value) {
  if (w.form() == vector_form::bitmap) {
    overwrite_allowed<true, selects>(w, allows, has, value);
  } else {
    overwrite_allowed<false, selects>(w, allows, has, value);
  }
}

// overwrite_allowed with z = t, an addressable vector; values of one arithmetic type are selected.
template <class W, class C, class Allowed>
void overwrite_allowed_from(vector<W>& w, const vector<C>& t, const Allowed& allows) {
  constexpr bool selects =
      std::is_same_v<W, C> && std::is_arithmetic_v<W> && !std::is_same_v<W, bool>;
  const C* const from = t.values();
  const std::uint8_t* const from_present = t.present();  // null for a dense t
  auto has = [from_present](std::uint64_t i) {
    return from_present == nullptr ? true : from_present[i] != 0;
  };
  auto value = [from](std::uint64_t i) { return from[i]; };
  overwrite_allowed_in_form<selects>(w, allows, has, value);
}

template <class W, class Mask, class Accum, class C>
void write_back(vector<W>& w, const Mask& mask, const Accum& accum, vector<C>&& t,
                const descriptor& d, bool t_within_mask) {
  constexpr bool accumulate = !std::is_same_v<Accum, no_accum_t>;
  constexpr bool masked = !std::is_same_v<Mask, no_mask_t>;
  if constexpr (!accumulate) {
    if ((!masked && !d.complement_mask) || (masked && d.replace && t_within_mask)) {
      w = converted<W>(std::move(t));
      w.conform();
      return;
    }
    // Nothing of the old w survives: the result is t where the mask allows.
    if (d.replace || w.nvals() == 0) {
      vector<W> result;
      with_vector_mask(mask, d,
                       [&](const auto& allows) { result = admitted<W>(std::move(t), allows); });
      w = std::move(result);
      w.conform();
      return;
    }
    // Both addressable: w is overwritten where the mask allows, in one pass over its storage. A
    // dense w takes presence bytes first where t may lack an allowed entry. (A mask that is w
    // itself reads position i before i is written.)
    if (w.form() != vector_form::sparse && t.form() != vector_form::sparse) {
      if (t.form() != vector_form::dense) w.to_bitmap();
      with_vector_mask(mask, d, [&](const auto& allows) { overwrite_allowed_from(w, t, allows); });
      w.conform();
      return;
    }
  } else if constexpr (!masked) {
    if (!d.complement_mask) {
      accumulate_unmasked(w, accum, t);
      return;
    }
  }
  const std::uint64_t n = w.size();
  // The mask is read before w is taken apart: it may be w itself (w<w> = ...). Its view keeps
  // pointers into w's arrays, which the move below hands to `old` unchanged.
  with_vector_mask(mask, d, [&](const auto& allows) {
    vector<W> old = std::move(w);
    old.to_addressable();
    t.to_addressable();
    array<W> values(n);
    array<std::uint8_t> present(n);
    const std::uint8_t* old_present = old.present();
    const std::uint8_t* t_present = t.present();
    // Plain pointers, so that the loop's stores cannot be taken to move the arrays it reads.
    const W* const old_values = old.values();
    const C* const t_values = t.values();
    W* const out_values = values.data();
    std::uint8_t* const out_present = present.data();
    const bool keep_old = !d.replace;
    auto allow = allows;  // each thread's copy in registers (vector_mask_test)
    std::uint64_t count = 0;
#pragma omp parallel for schedule(static) reduction(+ : count) firstprivate(allow) \
    if (n > kernels::min_parallel_work)
    for (std::int64_t s = 0; s < std::int64_t(n); ++s) {
      const std::uint64_t i = s;
      const bool has_old = !old_present || old_present[i];
      const bool has_t = !t_present || t_present[i];
      bool out = false;
      if (allow(i)) {
        if constexpr (accumulate) {
          if (has_old && has_t) {
            out_values[i] = W(accum(old_values[i], t_values[i]));
          } else if (has_t) {
            out_values[i] = W(t_values[i]);
          } else if (has_old) {
            out_values[i] = old_values[i];
          }
          out = has_old || has_t;
        } else {
          if (has_t) out_values[i] = W(t_values[i]);
          out = has_t;
        }
      } else if (keep_old && has_old) {
        out_values[i] = old_values[i];
        out = true;
      }
      out_present[i] = out;
      count += out;
    }
    w = vector<W>::from_bitmap(n, std::move(values), std::move(present), count);
  });
  w.conform();
}

}  // namespace graphring::detail

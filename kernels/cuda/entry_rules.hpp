// What one thread of the device operations' entry-by-entry kernels does at index i (host and
// device code, run in grid-stride loops by kernels/cuda/elementwise.cuh and one index after
// another by the host tests). Inputs are addressable (bitmap: presence bytes; dense: null), and
// each step writes values[i] where it sets present[i].
//  - write_back_at: w<mask> = accum(w, t), the rule of engine/ops/write_back.hpp;
//  - merge_at: op(u(i), v(i)) where both exist; with union_of, the one that exists elsewhere;
//  - map_at: f(u(i), i) where u(i) exists and keep(u(i), i) holds;
//  - reduce_row_at: ⊕ of row i's entries (present when the row has any);
//  - kept_in_row / copy_kept_row: a matrix select's count and copy of row i's kept entries.
#pragma once

#include <cstdint>

#include "kernels/cuda/views.hpp"
#include "kernels/formats/csr_view.hpp"
#include "semirings/hd.hpp"
#include "semirings/monoids.hpp"

namespace graphring::cuda {

template <bool accumulate, class W, class C, class Accum>
GRAPHRING_HD void write_back_at(std::uint64_t i, const mask_view& mask, bool replace,
                                const Accum& accum, const W* old, const std::uint8_t* old_present,
                                const C* t, const std::uint8_t* t_present, W* values,
                                std::uint8_t* present) {
  const bool has_old = !old_present || old_present[i];
  const bool has_t = !t_present || t_present[i];
  bool out = false;
  if (mask.allows(i)) {
    if constexpr (accumulate) {
      if (has_old && has_t) {
        values[i] = W(accum(old[i], t[i]));
      } else if (has_t) {
        values[i] = W(t[i]);
      } else if (has_old) {
        values[i] = old[i];
      }
      out = has_old || has_t;
    } else {
      if (has_t) values[i] = W(t[i]);
      out = has_t;
    }
  } else if (!replace && has_old) {
    values[i] = old[i];
    out = true;
  }
  present[i] = out;
}

template <bool union_of, class R, class Op, class U, class V>
GRAPHRING_HD void merge_at(std::uint64_t i, const Op& op, const U* u, const std::uint8_t* u_present,
                           const V* v, const std::uint8_t* v_present, R* values,
                           std::uint8_t* present) {
  const bool hu = !u_present || u_present[i], hv = !v_present || v_present[i];
  bool out = false;
  if (hu && hv) {
    values[i] = R(op(u[i], v[i]));
    out = true;
  } else if constexpr (union_of) {
    if (hu) values[i] = R(u[i]);
    if (hv) values[i] = R(v[i]);
    out = hu || hv;
  }
  present[i] = out;
}

template <class R, class U, class F, class Keep>
GRAPHRING_HD void map_at(std::uint64_t i, const F& f, const Keep& keep, const U* u,
                         const std::uint8_t* u_present, R* values, std::uint8_t* present) {
  const bool in = (!u_present || u_present[i]) && keep(u[i], i);
  if (in) values[i] = R(f(u[i], i));
  present[i] = in;
}

// The operators map_vector applies: f(x) for every entry (apply), x where keep(x, i, 0) (select).
template <class F>
struct apply_each {
  F f;
  template <class X>
  GRAPHRING_HD auto operator()(const X& x, std::uint64_t) const {
    return f(x);
  }
};
struct keep_every {
  template <class X>
  GRAPHRING_HD bool operator()(const X&, std::uint64_t) const {
    return true;
  }
};
struct same_value {
  template <class X>
  GRAPHRING_HD X operator()(const X& x, std::uint64_t) const {
    return x;
  }
};
template <class F>
struct keep_where {
  F keep;
  template <class X>
  GRAPHRING_HD bool operator()(const X& x, std::uint64_t i) const {
    return bool(keep(x, i, 0));
  }
};

template <class M, class A>
GRAPHRING_HD void reduce_row_at(const kernels::csr_view<A>& a, std::uint64_t i,
                                typename M::value_type* values, std::uint8_t* present) {
  using T = typename M::value_type;
  const std::uint64_t first = a.offsets[i], last = a.offsets[i + 1];
  T acc = M::identity();
  for (std::uint64_t p = first; p < last; ++p) {
    acc = M()(acc, T(a.value(p)));
    if constexpr (has_terminal_v<M>) {
      if (acc == M::terminal()) break;
    }
  }
  values[i] = acc;
  present[i] = last > first;
}

template <class F, class T>
GRAPHRING_HD std::uint64_t kept_in_row(const kernels::csr_view<T>& a, const F& keep,
                                       std::uint64_t i) {
  std::uint64_t count = 0;
  for (std::uint64_t p = a.offsets[i]; p < a.offsets[i + 1]; ++p)
    count += bool(keep(a.value(p), i, std::uint64_t(a.cols[p])));
  return count;
}

// Row i's kept entries from position offsets[i] on; values only when a has them.
template <class F, class T>
GRAPHRING_HD void copy_kept_row(const kernels::csr_view<T>& a, const F& keep,
                                const std::uint64_t* offsets, std::uint64_t i, std::uint32_t* cols,
                                T* values) {
  std::uint64_t q = offsets[i];
  for (std::uint64_t p = a.offsets[i]; p < a.offsets[i + 1]; ++p) {
    if (!keep(a.value(p), i, std::uint64_t(a.cols[p]))) continue;
    cols[q] = a.cols[p];
    if (values) values[q] = a.values[p];
    ++q;
  }
}

}  // namespace graphring::cuda

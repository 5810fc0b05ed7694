// Matrix-vector products over a semiring, GraphBLAS's GrB_mxv and GrB_vxm:
//   mxv:  w<mask> = accum(w, A ⊕.⊗ u)     w(i) = ⊕_k A(i,k) ⊗ u(k)
//   vxm:  w<mask> = accum(w, u ⊕.⊗ A)     w(j) = ⊕_k u(k) ⊗ A(k,j)
// Two kernels compute either one: pull gathers u over the rows of A (mxv) or of Aᵀ (vxm), skipping
// rows the mask excludes (without a mask and with a dense u, also in slices of eight rows of nearly
// equal length, kernels/cpu/spmv_sliced.hpp, over an order cached in the matrix, whichever of the
// two was measured faster lately: engine/timed_choice.hpp); push scatters a sparse u over the rows
// of Aᵀ (mxv) or of A (vxm).
// Dispatch (prefers_push): a monoid that stops rows early (any, or a bool one) pushes while u is
// sparse, like a BFS; any other takes the method that reads fewer matrix entries; descriptor.method
// forces either. The transpose a kernel needs is
// computed once and cached in the matrix.
#pragma once

#include <chrono>
#include <cstdint>
#include <type_traits>

#include "core/array.hpp"
#include "core/parallel.hpp"
#include "engine/matrix.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/vector_mask.hpp"
#include "engine/ops/write_back.hpp"
#include "engine/vector.hpp"
#include "kernels/cpu/spmspv_push.hpp"
#include "kernels/cpu/spmv_pull.hpp"
#include "kernels/cpu/spmv_sliced.hpp"
#include "semirings/flipped.hpp"

namespace graphring {

namespace detail {

// Entries of `rows` a push of u reads: the rows of u's entries.
template <class AT, class U>
std::uint64_t push_entries(const matrix<AT>& rows, const vector<U>& u) {
  const edge_offset* offsets = rows.offsets().data();
  if (u.form() == vector_form::dense) return rows.nvals();
  std::uint64_t entries = 0;
  if (u.form() == vector_form::sparse) {
    for (std::uint64_t e = 0; e < u.nvals(); ++e)
      entries += offsets[u.indices()[e] + 1] - offsets[u.indices()[e]];
  } else {
    const std::uint8_t* present = u.present();
    for (std::uint64_t k = 0; k < u.size(); ++k)
      if (present[k]) entries += offsets[k + 1] - offsets[k];
  }
  return entries;
}

// The share of the output positions a mask lets a pull compute (an upper bound for value masks).
template <class Mask>
double allowed_share(const Mask& mask, std::uint64_t size, const descriptor& d) {
  if (size == 0) return 0;
  double share = 1;
  if constexpr (!std::is_same_v<Mask, no_mask_t>) share = double(mask.nvals()) / double(size);
  return d.complement_mask ? 1 - share : share;
}

// Push (scatter u over the rows of its entries) or pull (gather every allowed output row)? A
// forced method wins. A monoid that usually stops a row early (any, or a bool monoid whose
// terminal value is common) pulls once u is no longer sparse, as a BFS does. Any other pull
// reads every entry of the rows it computes, so the method that reads fewer entries is taken:
// `pull_entries` estimates the pull's; the push rows' own offsets give the push's, when they are
// at hand (push_rows_ready; otherwise u's density decides).
// The choice without the push's work: a forced method, else a push while u is sparse.
template <class U>
bool prefers_push_by_density(const vector<U>& u, product_method method) {
  if (method != product_method::automatic) return method == product_method::push;
  return u.nvals() * sparse_density_divisor < u.size();
}

template <class M, class U, class PushRows>
bool prefers_push(const vector<U>& u, double pull_entries, const PushRows& push_rows,
                  bool push_rows_ready, product_method method) {
  if (method != product_method::automatic || stops_rows_early_v<M> || !push_rows_ready)
    return prefers_push_by_density(u, method);
  return double(push_entries(push_rows(), u)) < pull_entries;
}

// The pull of rows ⊕.⊗ x into `out` (a kernels::pull_into_* policy): by the CSR kernel, or by
// the sliced one where it serves (every row allowed, x dense) and has lately been measured the
// faster of the two. Returns the number of rows that took a product.
template <class S, class AT, class U, class Allowed, class Out>
std::uint64_t pull_into(const matrix<AT>& rows, const vector<U>& x, const Allowed& allows,
                        const Out& out) {
  auto by_rows = [&] {
    return kernels::spmv_pull_into<S>(rows.view(), x.values(), x.present(), out, allows);
  };
  if constexpr (std::is_same_v<Allowed, allow_all> && kernels::sliced_pull_serves_v<S>) {
    const bool every_row_dense_x = allows.allowed && x.present() == nullptr;
    const row_order* order = every_row_dense_x ? rows.rows_by_length() : nullptr;
    if (every_row_dense_x && (!order || order->slices_pay)) {
      // Both kernels give the same answer; the one measured faster lately runs. Row-by-row runs
      // are timed before the order is made too, so that the choice has their times by then.
      timed_choice& choice = rows.pull_kernel_choice();
      const int kernel = order ? choice.next() : 0;
      const auto start = std::chrono::steady_clock::now();
      std::uint64_t count = 0;
      if (kernel == 1) {
        const kernels::sliced_order view{order->rows.data(), order->group_start.data(),
                                         order->long_start.data(), order->long_start.size()};
        count = kernels::spmv_pull_sliced_into<S>(rows.view(), view, x.values(), out);
      } else {
        count = by_rows();
      }
      choice.took(kernel,
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      return count;
    }
  }
  return by_rows();
}

// t = rows ⊕.⊗ u by pull, S in the mxv orientation: t(i) = ⊕_k rows(i,k) ⊗ u(k).
template <class S, class AT, class U, class Allowed>
vector<typename S::c_type> pull_product(const matrix<AT>& rows, const vector<U>& u,
                                        const Allowed& allows, array<typename S::c_type> storage) {
  using C = typename S::c_type;
  vector<U> spare;
  const vector<U>& x = addressable(u, spare);
  const std::uint64_t n = rows.nrows();
  array<C> values = storage.size() == n ? std::move(storage) : array<C>(n);
  array<std::uint8_t> present(n);
  const std::uint64_t count =
      pull_into<S>(rows, x, allows, kernels::pull_into_result<C>{values.data(), present.data()});
  auto t = vector<C>::from_bitmap(n, std::move(values), std::move(present), count);
  t.conform();
  return t;
}

// Whether M is a plain matrix (a formatted one pulls through its own pull_product).
template <class M>
inline constexpr bool is_plain_matrix_v = false;
template <class T>
inline constexpr bool is_plain_matrix_v<matrix<T>> = true;

// Whether w<mask> = accum(w, rows ⊕.⊗ u) may fold the pull's sums into w in place: an
// accumulator, no mask, rows a plain matrix and w of the product's type (checked at compile
// time); w dense and not u itself, whose values the pull still reads (at run time).
template <class S, class W, class Mask, class Accum, class Rows>
inline constexpr bool may_pull_into_place_v =
    !std::is_same_v<Accum, no_accum_t> && std::is_same_v<Mask, no_mask_t> &&
    is_plain_matrix_v<Rows> && std::is_same_v<W, typename S::c_type>;

template <class W, class U>
bool pulls_into_place(const vector<W>& w, const vector<U>& u, const descriptor& d) {
  return !d.complement_mask && w.form() == vector_form::dense &&
         static_cast<const void*>(&w) != static_cast<const void*>(&u);
}

// The sums a push left in its workspace as a vector of size n (sparse, or the workspace itself
// when dense enough), the workspace left ready for the next push.
template <class C>
vector<C> taken_from_workspace(kernels::scatter_workspace<C>& w, std::uint64_t n) {
  const std::uint64_t found = w.touched.size();
  if (found * sparse_density_divisor < n) {
    array<vertex_id> indices(w.touched.begin(), found);
    array<C> values(found);
    const C* sums = w.values.data();
    const std::uint32_t* touched = w.touched.data();
    for (std::uint64_t e = 0; e < found; ++e) values[e] = sums[touched[e]];
    w.reset();
    return vector<C>::from_sorted(n, std::move(indices), std::move(values));
  }
  // Dense enough: the workspace itself becomes the result, and a fresh one is made next time.
  auto t = vector<C>::from_bitmap(n, std::move(w.values), std::move(w.present), found);
  w.forget_storage();
  t.conform();
  return t;
}

// The calling thread's push workspace for products of type C, which every push of the thread
// shares (spmspv_push's and push_marked's): its n-sized arrays are made once, not per push.
template <class C>
kernels::scatter_workspace<C>& push_workspace() {
  static thread_local kernels::scatter_workspace<C> w;
  return w;
}

// t = u ⊕.⊗ rows by push over a CSR view, S in the vxm orientation: t(j) ⊕= x(k) ⊗ rows(r, j)
// for x's entry e (k = x's index, r = u_row[e]: see kernels::spmspv_push), x sparse.
template <class S, class V, class U, class Allowed>
vector<typename S::c_type> push_over_rows(const kernels::csr_view<V>& rows, const vector<U>& x,
                                          const std::uint32_t* u_row, const Allowed& allows) {
  using C = typename S::c_type;
  kernels::scatter_workspace<C>& w = push_workspace<C>();
  kernels::spmspv_push<S>(rows, x.indices(), u_row, x.values(), x.nvals(), w, allows);
  return taken_from_workspace(w, rows.ncols);
}

// t = u ⊕.⊗ rows by push, S in the vxm orientation: t(j) ⊕= u(k) ⊗ rows(k,j).
template <class S, class AT, class U, class Allowed>
vector<typename S::c_type> push_product(const matrix<AT>& rows, const vector<U>& u,
                                        const Allowed& allows) {
  vector<U> spare;
  const vector<U>& x = sparse_form(u, spare);
  return push_over_rows<S>(rows.view(), x, x.indices(), allows);
}

// w<mask> = accum(w, t), t of size `rows` from u of size `cols`: gathered over the rows of
// pull_rows() or scattered over the rows of push_rows() (its transpose); each is asked for only
// when used. S is in its own orientation for mxv (pull rows = A) and flipped for vxm (= Aᵀ).
template <bool vxm, class S, class W, class Mask, class Accum, class U, class PullRows,
          class PushRows>
void matrix_vector(vector<W>& w, const Mask& mask, const Accum& accum, std::uint64_t rows,
                   std::uint64_t cols, const PullRows& pull_rows, const PushRows& push_rows,
                   bool push_rows_ready, std::uint64_t entries, const vector<U>& u,
                   const descriptor& d) {
  check_dimension(u.size(), cols, "the input vector's size");
  check_dimension(w.size(), rows, "the output vector's size");
  if constexpr (!std::is_same_v<Mask, no_mask_t>)
    check_dimension(mask.size(), w.size(), "the mask's size");
  using pull_semiring = std::conditional_t<vxm, flipped<S>, S>;
  using push_semiring = std::conditional_t<vxm, S, flipped<S>>;
  using C = typename S::c_type;
  with_vector_mask(mask, d, [&](const auto& allows) {
    const double pull_entries = double(entries) * allowed_share(mask, rows, d);
    if (prefers_push<typename S::add_monoid>(u, pull_entries, push_rows, push_rows_ready,
                                             d.method)) {
      write_back(w, mask, accum, push_product<push_semiring>(push_rows(), u, allows), d, true);
      return;
    }
    // When w is simply replaced by the product and is neither u nor the mask, its storage is
    // reused for the result.
    array<C> storage;
    if constexpr (std::is_same_v<W, C> && std::is_same_v<Accum, no_accum_t>) {
      const bool replaced = std::is_same_v<Mask, no_mask_t> ? !d.complement_mask : d.replace;
      const void* self = &w;
      if (replaced && self != static_cast<const void*>(&u) &&
          self != static_cast<const void*>(&mask))
        storage = w.take_storage();
    }
    // w = accum(w, t) with w dense: the sums fold into w as they are found (no t, no merge).
    using rows_type = std::decay_t<decltype(pull_rows())>;
    if constexpr (may_pull_into_place_v<pull_semiring, W, Mask, Accum, rows_type>) {
      if (pulls_into_place(w, u, d)) {
        vector<U> spare;
        pull_into<pull_semiring>(pull_rows(), addressable(u, spare), allows,
                                 kernels::pull_into_accumulated<C, Accum>{w.values(), accum});
        return;
      }
    }
    write_back(w, mask, accum,
               pull_product<pull_semiring>(pull_rows(), u, allows, std::move(storage)), d, true);
  });
}

// The same when the push rows' readiness is unknown (formatted matrices): u's density decides.
template <bool vxm, class S, class W, class Mask, class Accum, class U, class PullRows,
          class PushRows>
void matrix_vector(vector<W>& w, const Mask& mask, const Accum& accum, std::uint64_t rows,
                   std::uint64_t cols, const PullRows& pull_rows, const PushRows& push_rows,
                   const vector<U>& u, const descriptor& d) {
  matrix_vector<vxm, S>(w, mask, accum, rows, cols, pull_rows, push_rows, false, 0, u, d);
}

}  // namespace detail

// w<mask> = accum(w, A ⊕.⊗ u); with d.transpose_first, Aᵀ ⊕.⊗ u.
template <class S, class W, class Mask, class Accum, class AT, class U>
void mxv(vector<W>& w, const Mask& mask, const Accum& accum, S, const matrix<AT>& a,
         const vector<U>& u, const descriptor& d = {}) {
  const bool t = d.transpose_first;
  auto plain = [&]() -> const matrix<AT>& { return a; };
  auto transposed = [&]() -> const matrix<AT>& { return a.transposed(); };
  if (t) {
    detail::matrix_vector<false, S>(w, mask, accum, a.ncols(), a.nrows(), transposed, plain, true,
                                    a.nvals(), u, d);
  } else {
    detail::matrix_vector<false, S>(w, mask, accum, a.nrows(), a.ncols(), plain, transposed,
                                    a.has_cached_transpose(), a.nvals(), u, d);
  }
}

// w<mask> = accum(w, u ⊕.⊗ A); with d.transpose_second, u ⊕.⊗ Aᵀ.
template <class S, class W, class Mask, class Accum, class U, class AT>
void vxm(vector<W>& w, const Mask& mask, const Accum& accum, S, const vector<U>& u,
         const matrix<AT>& a, const descriptor& d = {}) {
  const bool t = d.transpose_second;
  auto plain = [&]() -> const matrix<AT>& { return a; };
  auto transposed = [&]() -> const matrix<AT>& { return a.transposed(); };
  if (t) {
    detail::matrix_vector<true, S>(w, mask, accum, a.nrows(), a.ncols(), plain, transposed,
                                   a.has_cached_transpose(), a.nvals(), u, d);
  } else {
    detail::matrix_vector<true, S>(w, mask, accum, a.ncols(), a.nrows(), transposed, plain, true,
                                   a.nvals(), u, d);
  }
}

}  // namespace graphring

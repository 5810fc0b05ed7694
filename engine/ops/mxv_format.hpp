// Matrix-vector products over a matrix held in a compressed format, with the GraphBLAS semantics
// of engine/ops/mxv.hpp:
//   mxv:  w<mask> = accum(w, A ⊕.⊗ u)        vxm:  w<mask> = accum(w, u ⊕.⊗ A)
// formatted_matrix<T> is a matrix<T> together with a shared, immutable copy of it in one format
// (csr|coo|ell|hyb|sell|cci|dtans, or the auto rule's choice; engine/formats/any_format.hpp).
// The pull product (a dense or bitmap u gathered over rows) runs the format's kernel, chosen at
// run time by its kind; the push product (a sparse u scattered over Aᵀ) and the CSR kind run the
// CSR kernels of mxv.hpp. vxm pulls over Aᵀ, which is built in the same format on first use and
// cached. Kept out of mxv.hpp so code that never uses formats never instantiates their kernels.
//
//   formatted_matrix<double> fa(a, format_kind::cci);      // or std::nullopt: auto
//   mxv(w, no_mask, no_accum, plus_times<double>{}, fa, u);  // w = A +.× u through CCI
//
// Formats store values of the arithmetic types of value_array; a matrix of another type (bool, a
// struct) is encoded with the positions of its values, read through them by the kernels.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>

#include "engine/formats/any_format.hpp"
#include "engine/formats/reorder.hpp"
#include "engine/ops/mxv.hpp"
#include "kernels/cpu/format_spmv.hpp"

namespace graphring {

namespace detail {

template <class T>
inline constexpr bool format_storable_v =
    std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t> ||
    std::is_same_v<T, std::uint32_t> || std::is_same_v<T, std::uint64_t> ||
    std::is_same_v<T, float> || std::is_same_v<T, double>;

// What a format stores for a matrix<T>: its values, or their positions.
template <class T>
using format_stored_t = std::conditional_t<format_storable_v<T>, T, std::uint64_t>;

}  // namespace detail

template <class T>
class formatted_matrix {
 public:
  using value_type = T;

  // `a` in format `kind`; std::nullopt picks the format by the auto rule. With an `order` other
  // than original (a square matrix only), the format holds A relabelled by that order
  // (engine/formats/reorder.hpp) and products come back in a's own ids. ELL may throw
  // error_kind::limit (padding too large; see ell.hpp).
  explicit formatted_matrix(matrix<T> a, std::optional<format_kind> kind = format_kind::csr,
                            vertex_order order = vertex_order::original)
      : a_(std::move(a)),
        internal_(a_),
        requested_(kind),
        order_(order),
        shared_(std::make_shared<state>()) {
    if (order != vertex_order::original) relabel();
    const csr_matrix c = as_csr(internal_);
    format_ = std::make_shared<const any_format>(kind ? any_format::build(c, *kind)
                                                      : any_format::build_auto(c));
  }

  const matrix<T>& csr() const noexcept { return a_; }
  format_kind kind() const noexcept { return format_->kind(); }
  const any_format& format() const noexcept { return *format_; }
  std::uint64_t nrows() const noexcept { return a_.nrows(); }
  std::uint64_t ncols() const noexcept { return a_.ncols(); }
  vertex_order order() const noexcept { return order_; }
  // The matrix the format encodes: csr(), relabelled when order() is not original.
  const matrix<T>& encoded() const noexcept { return internal_; }
  // rank[v]: v's id in encoded() (empty when order() is original).
  const shared_array<vertex_id>& ranks() const noexcept { return rank_; }

  // Aᵀ in the format asked for A (for auto, the rule's choice for Aᵀ), built once and shared.
  const formatted_matrix& transposed() const {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    if (!shared_->transpose)
      shared_->transpose =
          std::make_shared<const formatted_matrix>(a_.transposed(), requested_, order_);
    return *shared_->transpose;
  }

 private:
  struct state {
    std::mutex mutex;
    std::shared_ptr<const formatted_matrix> transpose;
  };

  static csr_matrix as_csr(const matrix<T>& a) {
    csr_matrix c;
    c.nrows = a.nrows();
    c.ncols = a.ncols();
    c.offsets = a.offsets();
    c.cols = a.cols();
    if (!a.values().empty()) {
      if constexpr (detail::format_storable_v<T>) {
        c.values = a.values();
      } else {
        buffer<std::uint64_t> positions(a.nvals());
        for (std::uint64_t p = 0; p < positions.size(); ++p) positions[p] = p;
        c.values = shared_array<std::uint64_t>(std::move(positions));
      }
    }
    return c;
  }

  // internal_ = P A Pᵀ: the entries' positions are relabelled, then the values gathered by them.
  void relabel() {
    csr_matrix positions{a_.nrows(), a_.ncols(), a_.offsets(), a_.cols(), {}};
    rank_ = shared_array<vertex_id>(order_ranks(positions, order_));
    buffer<std::uint64_t> p(a_.nvals());
    for (std::uint64_t e = 0; e < p.size(); ++e) p[e] = e;
    positions.values = shared_array<std::uint64_t>(std::move(p));
    const csr_matrix q = permuted(positions, rank_.data());
    shared_array<T> values;
    if (!a_.values().empty()) {
      const auto& from = std::get<shared_array<std::uint64_t>>(q.values);
      array<T> gathered(from.size());
      for (std::uint64_t e = 0; e < from.size(); ++e) gathered[e] = a_.values()[from[e]];
      values = share(std::move(gathered));
    }
    internal_ = matrix<T>(q.nrows, q.ncols, q.offsets, q.cols, std::move(values), a_.iso_value());
  }

  matrix<T> a_, internal_;
  std::optional<format_kind> requested_;
  vertex_order order_;
  shared_array<vertex_id> rank_;
  std::shared_ptr<const any_format> format_;
  std::shared_ptr<state> shared_;
};

namespace detail {

// The stored values of a format part as V (null for a pattern part).
template <class V>
const V* stored_values(const value_array& values) {
  const auto* held = std::get_if<shared_array<V>>(&values);
  return held ? held->data() : nullptr;
}

// t = m ⊕.⊗ u by pull through format f (which encodes m), S in the mxv orientation.
template <class S, class T, class U, class Allowed>
vector<typename S::c_type> format_pull(const matrix<T>& m, const any_format& f, const vector<U>& u,
                                       const Allowed& allows, array<typename S::c_type> storage) {
  if (f.kind() == format_kind::csr) return pull_product<S>(m, u, allows, std::move(storage));
  using A = typename S::a_type;
  using C = typename S::c_type;
  using V = format_stored_t<T>;
  vector<U> spare;  // a sparse u as a bitmap, for the gathers
  const vector<U>& x = addressable(u, spare);
  const std::uint64_t n = m.nrows();
  array<C> y = storage.size() == n ? std::move(storage) : array<C>(n);
  array<std::uint8_t> present(n);
  kernels::format_values<A, V, T> values;
  values.has_values = !m.values().empty();
  values.target = m.values().data();
  values.iso = static_cast<A>(m.iso_value());
  // One part's value source (HYB has two).
  auto source = [&](const value_array& stored) {
    kernels::format_values<A, V, T> s = values;
    s.stored = stored_values<V>(stored);
    return s;
  };
  const U* xv = x.values();
  const std::uint8_t* xp = x.present();
  C* yv = y.data();
  std::uint8_t* yp = present.data();
  const std::uint64_t count = std::visit(
      [&](const auto& held) -> std::uint64_t {
        using F = std::decay_t<decltype(held)>;
        if constexpr (std::is_same_v<F, csr_matrix>) {
          return 0;  // handled above
        } else if constexpr (std::is_same_v<F, hyb_matrix>) {
          const auto ev = source(held.ell().values()), cv = source(held.overflow().values());
          return kernels::spmv_pull_hyb<S>(held.view(ev.stored, cv.stored), ev, cv, xv, xp, yv, yp,
                                           allows);
        } else if constexpr (std::is_same_v<F, dtans_matrix>) {
          return kernels::spmv_pull_dtans<S>(held.template view<V>(), values, xv, xp, yv, yp,
                                             allows);
        } else {
          const auto s = source(held.values());
          const auto view = held.view(s.stored);
          if constexpr (std::is_same_v<F, coo_matrix>) {
            return kernels::spmv_pull_coo<S>(view, s, xv, xp, yv, yp, allows);
          } else if constexpr (std::is_same_v<F, ell_matrix>) {
            return kernels::spmv_pull_ell<S>(view, s, xv, xp, yv, yp, allows);
          } else if constexpr (std::is_same_v<F, sell_matrix>) {
            return kernels::spmv_pull_sell<S>(view, s, xv, xp, yv, yp, allows);
          } else {
            return kernels::spmv_pull_cci<S>(view, s, xv, xp, yv, yp, allows);
          }
        }
      },
      f.matrix());
  auto t = vector<C>::from_bitmap(n, std::move(y), std::move(present), count);
  t.conform();
  return t;
}

// x'(rank[j]) = u(j): u in a relabelled matrix's ids, scattered by all threads (rank is a
// permutation). A dense u stays dense, so that the kernels take their dense path, which prefetches
// x, rather than checking presence bytes that are all set.
template <class U>
vector<U> relabelled_input(const vector<U>& u, const vertex_id* rank) {
  const std::uint64_t n = u.size();
  const bool parallel = n > kernels::min_parallel_work;
  const U* from = u.values();
  array<U> values(n);
  if (u.form() == vector_form::dense) {
#pragma omp parallel for schedule(static) if (parallel)
    for (std::int64_t j = 0; j < std::int64_t(n); ++j) values[rank[j]] = from[j];
    return vector<U>::from_dense(std::move(values));
  }
  array<std::uint8_t> present(n);
  if (u.form() == vector_form::bitmap) {
    const std::uint8_t* in = u.present();
#pragma omp parallel for schedule(static) if (parallel)
    for (std::int64_t j = 0; j < std::int64_t(n); ++j) {
      present[rank[j]] = in[j];
      if (in[j]) values[rank[j]] = from[j];
    }
  } else {
    const vertex_id* indices = u.indices();
    const std::int64_t count = std::int64_t(u.nvals());
    std::fill_n(present.data(), n, std::uint8_t(0));
#pragma omp parallel for schedule(static) if (parallel)
    for (std::int64_t e = 0; e < count; ++e) {
      present[rank[indices[e]]] = 1;
      values[rank[indices[e]]] = from[e];
    }
  }
  return vector<U>::from_bitmap(n, std::move(values), std::move(present), u.nvals());
}

}  // namespace detail

// The pull step of detail::matrix_vector (engine/ops/mxv.hpp) for a formatted matrix: t = rows
// ⊕.⊗ u, S in the mxv orientation, the result written into `storage` when it has the right
// size. matrix_vector's call finds this overload by argument-dependent lookup on
// formatted_matrix, beside detail::pull_product for a plain matrix, so the whole of the
// operation (dimension checks, push/pull choice, masks, write-back) is the CSR one.
// A relabelled matrix takes x in its own ids (x'(rank[j]) = x(j)) and gives t(i) = t'(rank[i]);
// the mask is applied on the way back, so the kernel runs unmasked there (one instantiation
// fewer per mask type).
template <class S, class T, class U, class Allowed>
vector<typename S::c_type> pull_product(const formatted_matrix<T>& rows, const vector<U>& u,
                                        const Allowed& allows, array<typename S::c_type> storage) {
  using C = typename S::c_type;
  if (rows.order() == vertex_order::original)
    return detail::format_pull<S>(rows.encoded(), rows.format(), u, allows, std::move(storage));
  // A positional multiply would see the relabelled ids (min_secondi would take the least of
  // them): it runs on the caller's matrix, in CSR.
  if constexpr (is_positional_v<S>)
    return detail::pull_product<S>(rows.csr(), u, allows, std::move(storage));
  const std::uint64_t n = rows.nrows();
  const vertex_id* rank = rows.ranks().data();
  const vector<U> x = detail::relabelled_input(u, rank);
  vector<C> relabelled =
      detail::format_pull<S>(rows.encoded(), rows.format(), x, detail::allow_all{}, {});
  relabelled.to_addressable();
  array<C> values = storage.size() == n ? std::move(storage) : array<C>(n);
  array<std::uint8_t> present(n);
  const C* from = relabelled.values();
  const std::uint8_t* from_present = relabelled.present();
  std::uint64_t count = 0;
#pragma omp parallel for schedule(static) reduction(+ : count) if (n > kernels::min_parallel_work)
  for (std::int64_t s = 0; s < std::int64_t(n); ++s) {
    const std::uint64_t i = std::uint64_t(s), r = rank[i];
    const bool in = (!from_present || from_present[r]) && allows(i);
    present[i] = in;
    if (in) values[i] = from[r];
    count += in;
  }
  auto t = vector<C>::from_bitmap(n, std::move(values), std::move(present), count);
  t.conform();
  return t;
}

// w<mask> = accum(w, A ⊕.⊗ u) through A's format; with d.transpose_first, Aᵀ ⊕.⊗ u.
template <class S, class W, class Mask, class Accum, class T, class U>
void mxv(vector<W>& w, const Mask& mask, const Accum& accum, S, const formatted_matrix<T>& a,
         const vector<U>& u, const descriptor& d = {}) {
  auto formatted = [&]() -> const formatted_matrix<T>& { return a; };
  auto formatted_t = [&]() -> const formatted_matrix<T>& { return a.transposed(); };
  auto plain = [&]() -> const matrix<T>& { return a.csr(); };
  auto plain_t = [&]() -> const matrix<T>& { return a.csr().transposed(); };
  if (d.transpose_first) {
    detail::matrix_vector<false, S>(w, mask, accum, a.ncols(), a.nrows(), formatted_t, plain, u, d);
  } else {
    detail::matrix_vector<false, S>(w, mask, accum, a.nrows(), a.ncols(), formatted, plain_t, u, d);
  }
}

// w<mask> = accum(w, u ⊕.⊗ A), pulling through Aᵀ's format; with d.transpose_second, u ⊕.⊗ Aᵀ.
template <class S, class W, class Mask, class Accum, class U, class T>
void vxm(vector<W>& w, const Mask& mask, const Accum& accum, S, const vector<U>& u,
         const formatted_matrix<T>& a, const descriptor& d = {}) {
  auto formatted = [&]() -> const formatted_matrix<T>& { return a; };
  auto formatted_t = [&]() -> const formatted_matrix<T>& { return a.transposed(); };
  auto plain = [&]() -> const matrix<T>& { return a.csr(); };
  auto plain_t = [&]() -> const matrix<T>& { return a.csr().transposed(); };
  if (d.transpose_second) {
    detail::matrix_vector<true, S>(w, mask, accum, a.nrows(), a.ncols(), formatted, plain_t, u, d);
  } else {
    detail::matrix_vector<true, S>(w, mask, accum, a.ncols(), a.nrows(), formatted_t, plain, u, d);
  }
}

}  // namespace graphring

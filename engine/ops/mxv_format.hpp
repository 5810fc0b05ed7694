// Matrix-vector products over a matrix held in a compressed format (engine/formatted_matrix.hpp),
// with the GraphBLAS semantics of engine/ops/mxv.hpp:
//   mxv:  w<mask> = accum(w, A ⊕.⊗ u)        vxm:  w<mask> = accum(w, u ⊕.⊗ A)
// The pull product (a dense or bitmap u gathered over rows) runs the format's kernel, chosen at
// run time by its kind; the push product (a sparse u scattered over Aᵀ) and the CSR kind run the
// CSR kernels of mxv.hpp: over the CSR the format was built from, or, for a matrix held only in
// its format (formatted_matrix::stored), over the frontier's rows gathered from it
// (engine/formats/row_gather.hpp), so that a push decodes those rows only. vxm pulls over Aᵀ, which
// is built in the same format on first use and cached. The other operations an algorithm runs on
// its adjacency (reduce_rows, reduce) read the matrix the format was built from. Kept out of
// mxv.hpp so code that never uses formats never instantiates their kernels.
//
//   formatted_matrix<double> fa(a, format_kind::cci);      // or std::nullopt: auto
//   mxv(w, no_mask, no_accum, plus_times<double>{}, fa, u);  // w = A +.× u through CCI
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "core/prefetch_threshold.hpp"
#include "engine/formats/row_gather.hpp"
#include "engine/formatted_matrix.hpp"
#include "engine/ops/mxv.hpp"
#include "engine/ops/reduce.hpp"
#include "kernels/cpu/format_spmv.hpp"
#include "semirings/builtin.hpp"

namespace graphring {

namespace detail {

// The stored values of a format part as V (null for a pattern part).
template <class V>
const V* stored_values(const value_array& values) {
  const auto* held = std::get_if<shared_array<V>>(&values);
  return held ? held->data() : nullptr;
}

// Where a format kernel reads m's values from: a part's stored values (none: the iso value, or
// positions into m's CSR values).
template <class A, class T>
kernels::format_values<A, format_stored_t<T>, T> values_of(const formatted_matrix<T>& m,
                                                           const value_array* stored) {
  using V = format_stored_t<T>;
  kernels::format_values<A, V, T> values;
  values.has_values = m.has_values();
  values.target = m.position_values();
  values.iso = static_cast<A>(m.iso_value());
  if (stored) values.stored = stored_values<V>(*stored);
  return values;
}

// t = m ⊕.⊗ u by pull through m's format f (encoding m.encoded()), S in the mxv orientation.
template <class S, class T, class U, class Allowed>
vector<typename S::c_type> format_pull(const formatted_matrix<T>& m, const any_format& f,
                                       const vector<U>& u, const Allowed& allows,
                                       array<typename S::c_type> storage) {
  if (f.kind() == format_kind::csr)
    return pull_product<S>(m.encoded(), u, allows, std::move(storage));
  using A = typename S::a_type;
  using C = typename S::c_type;
  using V = format_stored_t<T>;
  vector<U> spare;  // a sparse u as a bitmap, for the gathers
  const vector<U>& x = addressable(u, spare);
  const std::uint64_t n = m.nrows();
  array<C> y = storage.size() == n ? std::move(storage) : array<C>(n);
  array<std::uint8_t> present(n);
  const kernels::format_values<A, V, T> values = values_of<A>(m, nullptr);
  // One part's value source (HYB has two).
  auto source = [&](const value_array& stored) { return values_of<A>(m, &stored); };
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
          } else if constexpr (std::is_same_v<F, svb_matrix>) {
            return kernels::spmv_pull_svb<S>(view, s, xv, xp, yv, yp, allows);
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

// t(i) = t'(rank[i]) where `allows` allows i: the product of a relabelled matrix in the caller's
// ids, written into `storage` when it has the right size.
template <class C, class Allowed>
vector<C> in_original_order(vector<C> relabelled, const vertex_id* rank, const Allowed& allows,
                            array<C> storage) {
  const std::uint64_t n = relabelled.size();
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
  const any_format& f = rows.format();
  if (rows.order() == vertex_order::original)
    return detail::format_pull<S>(rows, f, u, allows, std::move(storage));
  // A positional multiply would see the relabelled ids (min_secondi would take the least of
  // them): it runs on the caller's matrix, in CSR.
  if constexpr (is_positional_v<S>)
    return detail::pull_product<S>(rows.csr(), u, allows, std::move(storage));
  const vertex_id* rank = rows.ranks().data();
  const vector<U> x = detail::relabelled_input(u, rank);
  return detail::in_original_order(detail::format_pull<S>(rows, f, x, detail::allow_all{}, {}),
                                   rank, allows, std::move(storage));
}

// Every row of rows ⊕.⊗ u into a CSR pull kernel's `out` (kernels/cpu/spmv_pull.hpp: each row's
// sum, the monoid's identity where it has no product), u dense, S in the mxv orientation and a
// monoid that does not stop rows early, where rows' format has such a kernel: SELL-C-σ in the
// original order. SELL gives its rows in its sorted order, so out's reads and writes of row i
// scatter over all n rows: only while u (n entries) is within prefetch_above_bytes(), the caches'
// share, is the one pass faster than the format's product and a pass in row order
// (docs/kernel-speed-log.md). Returns false, writing nothing, where it does not apply; the fused
// operations (vxm_apply_dot) then compose theirs. Found by argument-dependent lookup on
// formatted_matrix, beside the overload for a plain matrix (engine/ops/vxm_apply_dot.hpp).
template <class S, class T, class U, class Out>
bool pull_into_every_row(const formatted_matrix<T>& rows, const vector<U>& u, const Out& out) {
  if constexpr (stops_rows_early_v<typename S::add_monoid>) {
    return false;
  } else {
    if (rows.order() != vertex_order::original || u.form() != vector_form::dense ||
        u.size() * sizeof(U) > prefetch_above_bytes())
      return false;
    const auto* sell = std::get_if<sell_matrix>(&rows.format().matrix());
    if (!sell) return false;
    const auto values = detail::values_of<typename S::a_type>(rows, &sell->values());
    kernels::spmv_pull_sell_into<S>(sell->view(values.stored), values, u.values(), out);
    return true;
  }
}

namespace detail {

// The rows a push over a formatted matrix scatters: those of a CSR matrix (the one a format was
// built from, or its transpose), or those of a matrix held only in its format (stored()).
template <class T>
struct push_rows {
  const matrix<T>* csr = nullptr;
  const formatted_matrix<T>* stored = nullptr;
};

template <class T>
push_rows<T> push_rows_of(const formatted_matrix<T>& a, bool transposed) {
  if (a.is_stored()) return {nullptr, transposed ? &a.transposed() : &a};
  return {transposed ? &a.csr().transposed() : &a.csr(), nullptr};
}

// Read only when the push rows are known to be ready, which formatted matrices never say.
template <class T, class U>
std::uint64_t push_entries(const push_rows<T>& rows, const vector<U>& u) {
  return rows.csr ? push_entries(*rows.csr, u) : u.nvals();
}

// t = u ⊕.⊗ rows by push, S in the vxm orientation. A stored matrix in a format whose rows can
// be gathered scatters the frontier's rows, gathered in frontier order: frontier entry e reads
// row e of them, and a positional multiply still sees u's index k.
template <class S, class T, class U, class Allowed>
vector<typename S::c_type> push_product(const push_rows<T>& rows, const vector<U>& u,
                                        const Allowed& allows) {
  if (rows.csr) return push_product<S>(*rows.csr, u, allows);
  const formatted_matrix<T>& m = *rows.stored;
  const any_format& f = m.format();
  if (!gathers_rows(f.kind())) return push_product<S>(m.csr(), u, allows);
  vector<U> spare;
  const vector<U>& x = sparse_form(u, spare);
  csr_matrix gathered = gather_rows(f, x.indices(), x.nvals());
  if (!m.has_values()) gathered.values = std::monostate{};  // read as the pattern, like csr()
  const matrix<T> frontier = matrix<T>::from_csr(gathered, m.iso_value());
  array<std::uint32_t> position(x.nvals());
  for (std::uint64_t e = 0; e < position.size(); ++e) position[e] = std::uint32_t(e);
  return push_over_rows<S>(frontier.view(), x, position.data(), allows);
}

}  // namespace detail

// w<mask> = accum(w, A ⊕.⊗ u) through A's format; with d.transpose_first, Aᵀ ⊕.⊗ u.
template <class S, class W, class Mask, class Accum, class T, class U>
void mxv(vector<W>& w, const Mask& mask, const Accum& accum, S, const formatted_matrix<T>& a,
         const vector<U>& u, const descriptor& d = {}) {
  auto formatted = [&]() -> const formatted_matrix<T>& { return a; };
  auto formatted_t = [&]() -> const formatted_matrix<T>& { return a.transposed(); };
  auto rows = [&] { return detail::push_rows_of(a, false); };
  auto rows_t = [&] { return detail::push_rows_of(a, true); };
  if (d.transpose_first) {
    detail::matrix_vector<false, S>(w, mask, accum, a.ncols(), a.nrows(), formatted_t, rows, u, d);
  } else {
    detail::matrix_vector<false, S>(w, mask, accum, a.nrows(), a.ncols(), formatted, rows_t, u, d);
  }
}

// w<mask> = accum(w, u ⊕.⊗ A), pulling through Aᵀ's format; with d.transpose_second, u ⊕.⊗ Aᵀ.
template <class S, class W, class Mask, class Accum, class U, class T>
void vxm(vector<W>& w, const Mask& mask, const Accum& accum, S, const vector<U>& u,
         const formatted_matrix<T>& a, const descriptor& d = {}) {
  auto formatted = [&]() -> const formatted_matrix<T>& { return a; };
  auto formatted_t = [&]() -> const formatted_matrix<T>& { return a.transposed(); };
  auto rows = [&] { return detail::push_rows_of(a, false); };
  auto rows_t = [&] { return detail::push_rows_of(a, true); };
  if (d.transpose_second) {
    detail::matrix_vector<true, S>(w, mask, accum, a.nrows(), a.ncols(), formatted, rows_t, u, d);
  } else {
    detail::matrix_vector<true, S>(w, mask, accum, a.ncols(), a.nrows(), formatted_t, rows, u, d);
  }
}

// w<mask> = accum(w, ⊕_j A(:, j)): read from the matrix the format was built from, or, for a
// stored() matrix (no CSR), through its format as w = A ⊕.first 1, which decodes nothing.
template <class W, class Mask, class Accum, class Monoid, class T>
void reduce_rows(vector<W>& w, const Mask& mask, const Accum& accum, Monoid monoid,
                 const formatted_matrix<T>& a, const descriptor& d = {}) {
  if (!a.is_stored()) return reduce_rows(w, mask, accum, monoid, a.csr(), d);
  using M = typename Monoid::value_type;
  const auto ones = vector<M>::dense(d.transpose_first ? a.nrows() : a.ncols(), M(1));
  mxv(w, mask, accum, semiring<Monoid, first_op<M>>{}, a, ones, d);
}

// ⊕ A⟨rows⟩ (engine/ops/reduce.hpp): from the matrix the format was built from. A stored() matrix
// that is iso, under an integer sum or an idempotent monoid, reads its row counts (counted
// through the format once, as w = A plus.pair 1, and kept with the matrix); any other reduces its
// rows through the format on every call.
template <class Monoid, class T, class M>
typename Monoid::value_type reduce(Monoid monoid, const formatted_matrix<T>& a,
                                   const vector<M>& rows, const descriptor& d = {}) {
  using R = typename Monoid::value_type;
  if (!a.is_stored()) return reduce(monoid, a.csr(), rows, d);
  if (d.transpose_first) {  // Aᵀ's rows, with row counts of its own
    descriptor rows_of_at = d;
    rows_of_at.transpose_first = false;
    return reduce(monoid, a.transposed(), rows, rows_of_at);
  }
  detail::check_dimension(rows.size(), a.nrows(), "the mask's size");
  if (a.is_iso() && (detail::integer_sum_v<Monoid> || is_idempotent_v<Monoid>)) {
    const vector<std::int64_t>& counts = a.row_counts([&] {
      vector<std::int64_t> c(a.nrows());
      const auto ones = vector<std::int64_t>::dense(a.ncols(), 1);
      mxv(c, no_mask, no_accum, plus_pair<std::int64_t>{}, a, ones);
      return c;
    });
    const std::int64_t entries = reduce(plus_monoid<std::int64_t>{}, counts, rows, d);
    if constexpr (detail::integer_sum_v<Monoid>) {
      return R(std::uint64_t(R(a.iso_value())) * std::uint64_t(entries));
    } else {
      return entries > 0 ? Monoid()(Monoid::identity(), R(a.iso_value())) : Monoid::identity();
    }
  }
  vector<R> sums(a.nrows());
  reduce_rows(sums, no_mask, no_accum, monoid, a);
  return reduce(monoid, sums, rows, d);
}

// ⊕ A: read from the matrix the format was built from (a stored() matrix decodes A).

template <class Monoid, class T>
typename Monoid::value_type reduce(Monoid monoid, const formatted_matrix<T>& a) {
  return reduce(monoid, a.csr());
}

}  // namespace graphring

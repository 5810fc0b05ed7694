// A matrix held in one storage format: formatted_matrix<T> is a matrix<T> together with a shared,
// immutable copy of it in a format (csr|coo|ell|hyb|sell|cci|dtans|svb, or the auto rule's choice;
// engine/formats/any_format.hpp), optionally in another vertex order (engine/formats/reorder.hpp).
// The products over it (engine/ops/mxv_format.hpp) pull through the format's kernels; the
// algorithms take it in place of a matrix (adjacency_format says which format a graph's
// adjacency is run in). A's format is built when the object is made, or on first use when asked
// (an algorithm that pulls only over Aᵀ never builds A's); Aᵀ's on first use. Both are shared by
// copies. A matrix made by stored() holds no CSR, only A and Aᵀ in a format (as a compressed
// .grb maps them): its pull products read the format, its push products the frontier's rows
// gathered from it, and csr() decodes A once, on the first call that needs all of A in CSR (a
// split, a selection, a format whose rows cannot be gathered).
//
//   formatted_matrix<double> fa(a, format_kind::cci);      // or std::nullopt: auto
//
// Formats store values of the arithmetic types of value_array; a matrix of another type (bool, a
// struct) is encoded with the positions of its values, read through them by the kernels.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>

#include "engine/formats/any_format.hpp"
#include "engine/formats/reorder.hpp"
#include "engine/matrix.hpp"
#include "engine/vector.hpp"

namespace graphring {

// The storage an algorithm runs its adjacency products on: a format (std::nullopt: the auto
// rule's choice) and the vertex order it holds the graph in. The default is plain CSR.
struct adjacency_format {
  std::optional<format_kind> kind = format_kind::csr;
  vertex_order order = vertex_order::original;

  bool plain_csr() const noexcept {
    return kind == format_kind::csr && order == vertex_order::original;
  }
};

// When a formatted_matrix builds A's format: at once (a refusal, such as ELL's padding limit,
// is thrown by the constructor) or on first use.
enum class format_build : std::uint8_t { now, on_first_use };

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
  // than original (a square matrix only), the format holds A relabelled by that order and
  // products come back in a's own ids. ELL may throw error_kind::limit (padding too large; see
  // ell.hpp), from here with format_build::now, else from the first use.
  explicit formatted_matrix(matrix<T> a, std::optional<format_kind> kind = format_kind::csr,
                            vertex_order order = vertex_order::original,
                            format_build build = format_build::now)
      : a_(std::move(a)),
        internal_(a_),
        requested_(kind),
        order_(order),
        shared_(std::make_shared<state>()) {
    if (order != vertex_order::original) relabel();
    if (build == format_build::now) format();
  }
  formatted_matrix(matrix<T> a, const adjacency_format& f, format_build build = format_build::now)
      : formatted_matrix(std::move(a), f.kind, f.order, build) {}

  // A held only in its format `a` (any kind but CSR) and Aᵀ in `at`: no CSR is kept. A type the
  // formats do not store (bool) reads every entry as `iso`, as does a pattern format.
  static formatted_matrix stored(std::shared_ptr<const any_format> a,
                                 std::shared_ptr<const any_format> at, T iso = T(1)) {
    if (!a || !at || a->kind() == format_kind::csr || at->kind() == format_kind::csr)
      throw error(error_kind::internal, "formatted_matrix::stored takes two non-CSR formats");
    formatted_matrix m;
    m.stored_ = true;
    m.nrows_ = a->nrows();
    m.ncols_ = a->ncols();
    m.nvals_ = a->nvals();
    m.stored_values_ =
        a->values_type() != graphring::value_type::none && detail::format_storable_v<T>;
    m.iso_ = iso;
    m.requested_ = a->kind();
    m.shared_->format = std::move(a);
    m.other_ = std::move(at);
    return m;
  }

  // A in CSR; for a stored() matrix decoded from its format on the first call.
  const matrix<T>& csr() const {
    if (!stored_) return a_;
    std::lock_guard<std::mutex> lock(shared_->mutex);
    if (!shared_->decoded) {
      csr_matrix c = shared_->format->to_csr();
      if (!stored_values_) c.values = std::monostate{};  // read as the pattern, like the format
      shared_->decoded = std::make_shared<const matrix<T>>(matrix<T>::from_csr(c, iso_));
    }
    return *shared_->decoded;
  }
  // Whether the matrix was made by stored() (csr() then decodes).
  bool is_stored() const noexcept { return stored_; }
  // Whether csr() has decoded a stored() matrix (a push reads only the frontier's rows, so a
  // graph kept compressed is decoded only by the operations that need all of it in CSR).
  bool decoded() const {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    return shared_->decoded != nullptr;
  }
  format_kind kind() const { return format().kind(); }
  // A's format, built on the first call when the constructor did not build it.
  const any_format& format() const {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    if (!shared_->format) {
      const csr_matrix c = as_csr(internal_);
      shared_->format = std::make_shared<const any_format>(
          requested_ ? any_format::build(c, *requested_) : any_format::build_auto(c));
    }
    return *shared_->format;
  }
  std::uint64_t nrows() const noexcept { return stored_ ? nrows_ : a_.nrows(); }
  std::uint64_t ncols() const noexcept { return stored_ ? ncols_ : a_.ncols(); }
  std::uint64_t nvals() const noexcept { return stored_ ? nvals_ : a_.nvals(); }
  bool is_iso() const noexcept { return stored_ ? !stored_values_ && nvals_ > 0 : a_.is_iso(); }
  T iso_value() const noexcept { return stored_ ? iso_ : a_.iso_value(); }
  vertex_order order() const noexcept { return order_; }
  // The matrix the format encodes: csr(), relabelled when order() is not original.
  const matrix<T>& encoded() const { return stored_ ? csr() : internal_; }
  // What the format kernels read besides the format: the values of encoded() when the format
  // holds their positions (a type the formats do not store), else null; and the iso value.
  const T* position_values() const noexcept {
    if (stored_ || internal_.values().empty() || detail::format_storable_v<T>) return nullptr;
    return internal_.values().data();
  }
  bool has_values() const noexcept {
    return stored_ ? stored_values_ : !internal_.values().empty();
  }
  // rank[v]: v's id in encoded() (empty when order() is original).
  const shared_array<vertex_id>& ranks() const noexcept { return rank_; }

  // For a stored() matrix: the number of entries in each row, made by `count` on the first call
  // (engine/ops/mxv_format.hpp counts them through the format) and kept with the matrix, so that
  // a row reduction under a mask (BFS's edges leaving the frontier) decodes nothing after it.
  template <class Count>
  const vector<std::int64_t>& row_counts(const Count& count) const {
    {
      std::lock_guard<std::mutex> lock(shared_->mutex);
      if (shared_->row_counts) return *shared_->row_counts;
    }
    // counted outside the lock: count reads the format, whose first build takes the lock
    auto counted = std::make_shared<const vector<std::int64_t>>(count());
    std::lock_guard<std::mutex> lock(shared_->mutex);
    if (!shared_->row_counts) shared_->row_counts = std::move(counted);
    return *shared_->row_counts;
  }

  // Aᵀ in the format asked for A (for auto, the rule's choice for Aᵀ), built once and shared.
  const formatted_matrix& transposed() const {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    if (!shared_->transpose)
      shared_->transpose =
          stored_ ? std::make_shared<const formatted_matrix>(stored(other_, shared_->format, iso_))
                  : std::make_shared<const formatted_matrix>(a_.transposed(), requested_, order_);
    return *shared_->transpose;
  }

 private:
  struct state {
    std::mutex mutex;
    std::shared_ptr<const any_format> format;
    std::shared_ptr<const formatted_matrix> transpose;
    std::shared_ptr<const matrix<T>> decoded;  // stored() only: A in CSR, once asked for
    std::shared_ptr<const vector<std::int64_t>> row_counts;  // stored() only: row_counts()
  };

  formatted_matrix() : order_(vertex_order::original), shared_(std::make_shared<state>()) {}

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
  std::shared_ptr<state> shared_;
  // stored() only: the dimensions, whether the format's values are read, and Aᵀ's format.
  bool stored_ = false, stored_values_ = false;
  std::uint64_t nrows_ = 0, ncols_ = 0, nvals_ = 0;
  T iso_{};
  std::shared_ptr<const any_format> other_;
};

// The matrix itself, for the operations that read a matrix<T> (a split, a selection) in code
// written once for a matrix and a formatted one.
template <class T>
const matrix<T>& plain_matrix(const matrix<T>& a) noexcept {
  return a;
}
template <class T>
const matrix<T>& plain_matrix(const formatted_matrix<T>& a) {
  return a.csr();
}

}  // namespace graphring

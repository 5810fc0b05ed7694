// Index-unary operators f(x, i, j) for apply_index and select (GraphBLAS's GrB_IndexUnaryOp):
// they see an entry's value x and position (row i, column j; j = 0 for a vector). The positional
// ones return an index; the predicates keep or drop an entry in select.
#pragma once

#include <cstdint>
#include <type_traits>

#include "semirings/hd.hpp"

namespace graphring {

// i + offset, the entry's row (a vector's index).
struct row_index_op {
  std::int64_t offset = 0;
  template <class X>
  GRAPHRING_HD constexpr std::int64_t operator()(const X&, std::uint64_t i, std::uint64_t) const {
    return std::int64_t(i) + offset;
  }
};

// j + offset, the entry's column.
struct col_index_op {
  std::int64_t offset = 0;
  template <class X>
  GRAPHRING_HD constexpr std::int64_t operator()(const X&, std::uint64_t, std::uint64_t j) const {
    return std::int64_t(j) + offset;
  }
};

// Keeps entries on or below diagonal k (j <= i + k): k = -1 gives the strictly lower triangle L.
struct tril_op {
  std::int64_t k = 0;
  template <class X>
  GRAPHRING_HD constexpr bool operator()(const X&, std::uint64_t i, std::uint64_t j) const {
    return std::int64_t(j) <= std::int64_t(i) + k;
  }
};

// Keeps entries on or above diagonal k (j >= i + k): k = 1 gives the strictly upper triangle U.
struct triu_op {
  std::int64_t k = 0;
  template <class X>
  GRAPHRING_HD constexpr bool operator()(const X&, std::uint64_t i, std::uint64_t j) const {
    return std::int64_t(j) >= std::int64_t(i) + k;
  }
};

// The band a triangle keeps in row i, as the half-open column range [first, last) (last may
// exceed the matrix's columns), and the other triangle, which keeps the rest of the row. A band
// stands in a matrix element-wise operation's mask place (engine/ops/elementwise.hpp).
struct column_band {
  std::uint64_t first = 0, last = 0;
};
GRAPHRING_HD constexpr column_band band_of(const tril_op& op, std::uint64_t i) {
  const std::int64_t last = std::int64_t(i) + op.k + 1;
  return {0, last > 0 ? std::uint64_t(last) : 0};
}
GRAPHRING_HD constexpr column_band band_of(const triu_op& op, std::uint64_t i) {
  const std::int64_t first = std::int64_t(i) + op.k;
  return {first > 0 ? std::uint64_t(first) : 0, ~std::uint64_t(0)};
}
constexpr triu_op complement_of(const tril_op& op) { return {op.k + 1}; }
constexpr tril_op complement_of(const triu_op& op) { return {op.k - 1}; }

template <class F>
inline constexpr bool is_band_op_v = std::is_same_v<F, tril_op> || std::is_same_v<F, triu_op>;

struct diag_op {
  template <class X>
  GRAPHRING_HD constexpr bool operator()(const X&, std::uint64_t i, std::uint64_t j) const {
    return i == j;
  }
};

struct offdiag_op {
  template <class X>
  GRAPHRING_HD constexpr bool operator()(const X&, std::uint64_t i, std::uint64_t j) const {
    return i != j;
  }
};

// Keeps the first k entries of each row, in column order (rank < k): a sample of a matrix's rows.
// A graphring extension: the operator also sees the entry's rank in its row (matrices only).
struct row_rank_lt_op {
  std::uint64_t k = 0;
  template <class X>
  GRAPHRING_HD constexpr bool operator()(const X&, std::uint64_t, std::uint64_t,
                                         std::uint64_t rank) const {
    return rank < k;
  }
};

// Keeps the entries of the rows i where keep_row(i) holds. A graphring extension: select over a
// matrix then reads only the kept rows' entries (engine/ops/elementwise.hpp), so selecting a few
// rows of a large matrix costs a pass over its row offsets, not over its entries.
template <class F>
struct row_where_op {
  F keep_row;
  template <class X>
  GRAPHRING_HD constexpr bool operator()(const X&, std::uint64_t i, std::uint64_t) const {
    return keep_row(i);
  }
};
template <class F>
row_where_op(F) -> row_where_op<F>;

// Value comparisons with a bound scalar: keeps x when x ≠ / == / < / <= / > / >= s.
template <class T>
struct value_ne_op {
  T s;
  GRAPHRING_HD constexpr bool operator()(const T& x, std::uint64_t, std::uint64_t) const {
    return x != s;
  }
};
template <class T>
struct value_eq_op {
  T s;
  GRAPHRING_HD constexpr bool operator()(const T& x, std::uint64_t, std::uint64_t) const {
    return x == s;
  }
};
template <class T>
struct value_lt_op {
  T s;
  GRAPHRING_HD constexpr bool operator()(const T& x, std::uint64_t, std::uint64_t) const {
    return x < s;
  }
};
template <class T>
struct value_le_op {
  T s;
  GRAPHRING_HD constexpr bool operator()(const T& x, std::uint64_t, std::uint64_t) const {
    return x <= s;
  }
};
template <class T>
struct value_gt_op {
  T s;
  GRAPHRING_HD constexpr bool operator()(const T& x, std::uint64_t, std::uint64_t) const {
    return s < x;
  }
};
template <class T>
struct value_ge_op {
  T s;
  GRAPHRING_HD constexpr bool operator()(const T& x, std::uint64_t, std::uint64_t) const {
    return s <= x;
  }
};

// A binary operator with one operand bound to a scalar, as a unary function for apply:
// bind_first(op, s)(x) = op(s, x), bind_second(op, s)(x) = op(x, s).
template <class Op, class T>
struct bound_first {
  Op op;
  T s;
  template <class X>
  GRAPHRING_HD constexpr auto operator()(const X& x) const {
    return op(s, x);
  }
};
template <class Op, class T>
struct bound_second {
  Op op;
  T s;
  template <class X>
  GRAPHRING_HD constexpr auto operator()(const X& x) const {
    return op(x, s);
  }
};
template <class Op, class T>
constexpr bound_first<Op, T> bind_first(Op op, T s) {
  return {op, s};
}
template <class Op, class T>
constexpr bound_second<Op, T> bind_second(Op op, T s) {
  return {op, s};
}

}  // namespace graphring

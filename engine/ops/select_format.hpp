// select and apply_index with the input held in a compressed format (engine/formatted_matrix.hpp),
// with the GraphBLAS semantics of engine/ops/elementwise.hpp:
//     C<M> = accum(C, A⟨keep⟩)        C<M> = accum(C, f(A(i, j), i, j))
// (d.transpose_first: over Aᵀ, in the same format). The format's rows are decoded a block at a
// time (engine/formats/row_gather.hpp: CCI walks each group once, CSR-dtANS decodes each slice
// once) and each block is mapped as a CSR matrix is, so a matrix kept compressed is never decoded
// whole: what is built is the result (apply_index's blocks go straight into it; select's are
// joined at the end, held twice for that moment). This is how an algorithm derives a matrix from
// the adjacency it holds compressed: the lower triangle that triangle counting multiplies, the edge
// keys of a spanning forest. Formats whose rows are not gathered (COO, ELL, HYB, SELL) and other
// vertex orders run on A's CSR. Kept out of elementwise.hpp so code that never uses formats never
// instantiates this.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/formatted_matrix.hpp"
#include "engine/ops/elementwise.hpp"
#include "engine/ops/format_rows.hpp"

namespace graphring {

namespace detail {

// A matrix of nrows x ncols filled a block of rows at a time, its arrays sized for `capacity`
// entries: append(part) puts part's rows under those appended before.
template <class R>
class row_stack {
 public:
  row_stack(std::uint64_t nrows, std::uint64_t ncols, std::optional<R> iso, edge_offset capacity)
      : nrows_(nrows),
        ncols_(ncols),
        iso_(iso),
        offsets_(nrows + 1),
        cols_(capacity),
        values_(iso ? 0 : capacity) {
    offsets_[0] = 0;
  }

  void append(const matrix<R>& part) {
    const edge_offset* po = part.offsets().data();
    for (std::uint64_t i = 0; i < part.nrows(); ++i) offsets_[row_ + i + 1] = at_ + po[i + 1];
    std::copy_n(part.cols().data(), part.nvals(), cols_.data() + at_);
    if (!iso_) std::copy_n(part.values().data(), part.nvals(), values_.data() + at_);
    row_ += part.nrows();
    at_ += part.nvals();
  }

  matrix<R> finish() && {
    return matrix<R>(nrows_, ncols_, share(std::move(offsets_)), share(std::move(cols_)),
                     share(std::move(values_)), iso_.value_or(R{}));
  }

 private:
  std::uint64_t nrows_, ncols_, row_ = 0;
  edge_offset at_ = 0;
  std::optional<R> iso_;
  array<edge_offset> offsets_;
  array<vertex_id> cols_;
  array<R> values_;
};

// map_matrix over the rows of a's format, a block at a time: keep(i, j, x, rank, out) as there.
// With keeps_all (apply, apply_index) the result has A's entries, so each block's goes straight
// into the result; otherwise the blocks' results are kept and joined at the end.
template <class R, bool keeps_all, class T, class F>
matrix<R> map_format(const formatted_matrix<T>& a, const F& keep, std::optional<R> iso) {
  if (!reads_format_rows(a)) return map_matrix<R>(a.csr(), keep, iso);
  auto each_block = [&](auto&& take) {
    for_each_row_block(a.format(), [&](std::uint64_t first, const csr_matrix& rows) {
      take(map_matrix<R>(
          rows_as_matrix(a, rows),
          [&](std::uint64_t i, std::uint64_t j, const T& x, std::uint64_t rank, R& out) {
            return keep(first + i, j, x, rank, out);
          },
          iso));
    });
  };
  if constexpr (keeps_all) {
    row_stack<R> result(a.nrows(), a.ncols(), iso, a.nvals());
    each_block([&](const matrix<R>& part) { result.append(part); });
    return std::move(result).finish();
  } else {
    std::vector<matrix<R>> parts;
    each_block([&](matrix<R> part) { parts.push_back(std::move(part)); });
    edge_offset total = 0;
    for (const matrix<R>& part : parts) total += part.nvals();
    row_stack<R> result(a.nrows(), a.ncols(), iso, total);
    for (matrix<R>& part : parts) {
      result.append(part);
      part = matrix<R>();  // each block's arrays go as soon as they are copied
    }
    return std::move(result).finish();
  }
}

}  // namespace detail

template <class W, class Mask, class Accum, class F, class T>
void select(matrix<W>& c, const Mask& mask, const Accum& accum, const F& keep,
            const formatted_matrix<T>& a, const descriptor& d = {}) {
  const formatted_matrix<T>& x = d.transpose_first ? a.transposed() : a;
  auto t = detail::map_format<T, false>(
      x,
      [&](std::uint64_t i, std::uint64_t j, const T& v, std::uint64_t rank, T& out) {
        out = v;
        return bool(detail::call_index_op(keep, v, i, j, rank));
      },
      x.is_iso() ? std::optional<T>(x.iso_value()) : std::nullopt);
  detail::write_back(c, mask, accum, t, d, false);
}

template <class W, class Mask, class Accum, class F, class T>
void apply_index(matrix<W>& c, const Mask& mask, const Accum& accum, const F& f,
                 const formatted_matrix<T>& a, const descriptor& d = {}) {
  using R = std::decay_t<decltype(detail::call_index_op(f, std::declval<const T&>(), 0, 0, 0))>;
  const formatted_matrix<T>& x = d.transpose_first ? a.transposed() : a;
  auto t = detail::map_format<R, true>(
      x,
      [&](std::uint64_t i, std::uint64_t j, const T& v, std::uint64_t rank, R& out) {
        out = detail::call_index_op(f, v, i, j, rank);
        return true;
      },
      std::nullopt);
  detail::write_back(c, mask, accum, t, d, false);
}

}  // namespace graphring

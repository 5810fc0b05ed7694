// The order in which the sliced pull kernel (kernels/cpu/spmv_sliced.hpp) visits a CSR matrix's
// rows, group by group of `row_group_size` consecutive rows: first the group's short rows (1 to
// `short_row_limit` entries), the longest first, so that eight consecutive rows of the order have
// nearly equal lengths and can be folded side by side (the row sort of SELL-C-σ, Kreutzer et al.
// 2014, within σ-row windows, without its padded copy of the entries: only 4-byte row ids); then
// the group's longer rows in ascending order. Empty rows are left out. The groups stay in storage
// order, so a matrix far larger than the cache is still read front to back and its column ids
// stream from memory (a sort across the whole matrix is slower than the plain CSR sweep).
// The order is made only where row lengths change at least once every `entries_per_change`
// entries (between consecutive rows), the mispredicted loop exits the slices remove; where they
// change less often the CSR kernel is as fast or faster (docs/kernel-speed-log.md).
// Nor is it made for a matrix whose offsets and column ids take more than `sliced_max_bytes`
// (half of a 32 MiB last-level cache): the slices read a group's rows out of storage order, which
// is fast from the cache and slow from memory.
#pragma once

#include <cstdint>

#include "core/array.hpp"
#include "engine/csr.hpp"

namespace graphring {

inline constexpr std::uint64_t row_group_size = 256;
inline constexpr std::uint64_t short_row_limit = 64;
inline constexpr std::uint64_t entries_per_change = 20;
inline constexpr std::uint64_t sliced_after_products = 4;
inline constexpr std::uint64_t sliced_max_bytes = std::uint64_t(16) << 20;

struct row_order {
  bool slices_pay = false;           // false: no order made, the CSR kernel is as fast
  array<vertex_id> rows;             // group by group: its short rows, then its longer ones
  array<std::uint64_t> group_start;  // the first place of each group in rows, and rows.size()
  array<std::uint64_t> long_start;   // the first place of each group's longer rows
};

row_order rows_by_length(const edge_offset* offsets, std::uint64_t nrows,
                         std::uint64_t max_bytes = sliced_max_bytes);

}  // namespace graphring

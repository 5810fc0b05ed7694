// The order in which the sliced pull kernel (kernels/cpu/spmv_sliced.hpp) visits a CSR matrix's
// rows, group by group of `row_group_size` consecutive rows: first the group's short rows (1 to
// `short_row_limit` entries), the longest first, so that eight consecutive rows of the order have
// nearly equal lengths and can be folded side by side (the row sort of SELL-C-σ, Kreutzer et al.
// 2014, within σ-row windows, without its padded copy of the entries: only 4-byte row ids); then
// the group's longer rows in ascending order. Empty rows are left out. The groups stay in storage
// order, so a matrix far larger than the cache is still read front to back: sorting across the
// whole matrix, or putting every long row after every short one, made rmat:20's product 1.5-1.8x
// slower than the plain CSR sweep, its column ids no longer streaming from memory.
// The order is made only where row lengths change at least once every `entries_per_change`
// entries (between consecutive rows), the mispredicted loop exits the slices remove: web-NotreDame
// changes every 18.5 entries, soc-Slashdot0902 14.7 (its transpose 15.3), soc-Epinions1 10.1,
// luxembourg_osm 9.5. Where they change less often the CSR kernel is as fast or faster (measured
// 2026-11-24, AMD EPYC, 2 threads): web-NotreDame's transpose, every 21.0 entries, gained nothing
// in PageRank's product (0.61-0.65 ms a call either way, and 0.67 -> 0.73 ms with a fresh output
// vector); grid:1000, every 2000 entries, took 2.5 ms sliced against 1.4; urand:20, 34, 22 ms
// against 18; rmat:20, 36, 19 against 14 (15.5 prefetching each next group's column ids);
// rmat:16, 31, was faster sliced (0.36 against 0.60 ms) but sits among the others.
// Nor is it made for a matrix whose offsets and column ids take more than `sliced_max_bytes`
// (half of a 32 MiB last-level cache): the slices read a group's rows out of storage order, which
// is fast from the cache and slow from memory. Measured 2026-11-24, AMD EPYC (L3 32 MiB), 2
// threads: eight disjoint copies of web-NotreDame (12 M entries, 58 MB) took 10.9 ms a product
// sliced against 5.5 row by row; web-NotreDame itself (8.6 MB) 0.44 against 0.62 ms with the
// matrix in the cache, 1.13 against 0.67 ms after reading 64 MB of other data.
#pragma once

#include <cstdint>

#include "engine/array.hpp"
#include "engine/csr.hpp"

namespace graphring {

inline constexpr std::uint64_t row_group_size = 256;
inline constexpr std::uint64_t short_row_limit = 64;
inline constexpr std::uint64_t entries_per_change = 20;
inline constexpr std::uint64_t sliced_after_products = 4;
inline constexpr std::uint64_t sliced_max_bytes = std::uint64_t(16) << 20;

struct row_order {
  bool slices_pay = false;         // false: no order made, the CSR kernel is as fast
  array<vertex_id> rows;           // group by group: its short rows, then its longer ones
  array<std::uint64_t> group_start;  // the first place of each group in rows, and rows.size()
  array<std::uint64_t> long_start;   // the first place of each group's longer rows
};

row_order rows_by_length(const edge_offset* offsets, std::uint64_t nrows,
                         std::uint64_t max_bytes = sliced_max_bytes);

}  // namespace graphring

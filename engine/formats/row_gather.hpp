// Rows of a matrix held in a compressed format, read without decoding the rest: a push step
// (engine/ops/mxv_format.hpp) gathers the frontier's rows into a small CSR and scatters it with
// the CSR push kernel, so a graph kept only compressed never builds its whole CSR.
//  - CCI (Lawlor, seeds/000): one slice finds a group's wanted rows in one walk from the group's
//    stored start, skipping the rows between them; the interleaved variant reads its row offsets.
//  - CSR-dtANS (Schätzle et al., seeds/003): the 32 lanes of a slice interleave their words, so
//    a row is found only by decoding its slice in lockstep; each slice holding a wanted row is
//    decoded once and the wanted rows' entries kept.
//  - Stream VByte: as CCI's one slice, each group's wanted rows in one walk from its start.
//  - CSR: the rows copied.
#pragma once

#include <cstdint>
#include <functional>

#include "engine/formats/any_format.hpp"

namespace graphring {

// Whether gather_rows reads `kind` (CSR, CCI, CSR-dtANS and Stream VByte; the others do not).
bool gathers_rows(format_kind kind) noexcept;

// Rows rows[0 .. count) of f (ascending ids below f.nrows()) as a CSR matrix of `count` rows and
// f.ncols() columns: row i is f's row rows[i], with f's values (none for a pattern matrix).
// Throws error_kind::internal for a format gathers_rows refuses.
csr_matrix gather_rows(const any_format& f, const vertex_id* rows, std::uint64_t count);

// f(first, part) for each block of f's rows in order (a format gathers_rows reads): part holds rows
// first .. first + part.nrows as gather_rows gives them. At most `block` rows are decoded at a
// time, so a pass over a compressed matrix never holds its whole CSR.
void for_each_row_block(const any_format& f,
                        const std::function<void(std::uint64_t, const csr_matrix&)>& each,
                        std::uint64_t block = std::uint64_t(1) << 16);

// The entries of f (a format gathers_rows reads) equal to their predecessor in the row: its
// repeated edges, counted a block of rows at a time, so no whole CSR is held.
edge_offset repeated_entries(const any_format& f);

}  // namespace graphring

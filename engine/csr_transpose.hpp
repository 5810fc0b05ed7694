// Aᵀ of a CSR matrix (its CSC form), by a blocked counting sort of the entries by column: each
// thread counts the columns of its own block of rows, a prefix over (column, block) gives every
// block its places in every row of Aᵀ, and each block scatters its rows in order. Rows of Aᵀ
// come out sorted without a sort, and among repeated entries A's storage order is kept, so the
// result does not depend on the number of threads.
#pragma once

#include <cstdint>

#include "core/buffer.hpp"
#include "engine/csr.hpp"

namespace graphring {

// Aᵀ, with A's values.
csr_matrix transpose(const csr_matrix& a);

// Whether A = Aᵀ (A square, every entry's value equal bit for bit to its mirror's, repeated
// entries matched in storage order, as comparing A with transpose(A) would). No transpose is
// built: A's entries are met in row order, so the mirrors in each row j must be met in j's own
// order, and a cursor per row checks them; the rows are taken in blocks (all of A scanned once
// per block) so that the cursors and mirror rows a scan touches stay few. Memory: n cursors.
bool is_symmetric(const csr_matrix& a);

// Aᵀ's pattern (no values), and for each of its entries the position in A of the entry it came
// from: the value of Aᵀ's entry q is A's value at sources[q].
csr_matrix transpose_with_sources(const csr_matrix& a, buffer<std::uint64_t>& sources);

}  // namespace graphring

// Vertex reordering for the compressed formats: delta codes (CCI, CSR-dtANS) shrink when a row's
// columns lie close together, and a pull SpMV reuses the cache when rows that share columns sit
// side by side. An order is a rank per vertex (new id = rank[old id]); a square matrix is
// relabelled symmetrically, A'(rank[i], rank[j]) = A(i, j), so results computed on A' come back
// in the original ids through the same ranks (formatted_matrix, engine/formatted_matrix.hpp,
// holds the ranks; engine/ops/mxv_format.hpp maps its products back).
//   degree: by descending number of entries (rows, plus columns for a directed matrix), ties by
//           id — hubs first, their x entries packed into few cache lines.
//   rcm:    reverse Cuthill-McKee (Cuthill & McKee 1969; George 1971): breadth-first from a
//           vertex of least degree in each component over A ∪ Aᵀ, neighbours by increasing
//           degree, the whole sequence reversed — a narrow band, so small column deltas.
#pragma once

#include <optional>
#include <string_view>

#include "core/buffer.hpp"
#include "engine/csr.hpp"

namespace graphring {

enum class vertex_order { original, degree, rcm };

// "original", "degree" or "rcm"; anything else throws error_kind::usage.
vertex_order parse_vertex_order(std::string_view name);
std::string_view vertex_order_name(vertex_order order) noexcept;

// rank[v] for every vertex of the square matrix a (the identity for `original`).
buffer<vertex_id> order_ranks(const csr_matrix& a, vertex_order order);

// A'(rank[i], rank[j]) = A(i, j), values carried along, rows sorted; a must be square.
csr_matrix permuted(const csr_matrix& a, const vertex_id* rank);

}  // namespace graphring

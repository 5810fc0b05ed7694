// What modifies a GraphBLAS-style operation, after the GraphBLAS C API's descriptor:
//   w<mask> = accum(w, t)   where t is the operation's result.
// The mask (a vector or matrix of any type, or no_mask) selects which entries of w may change:
// by value (an entry present and nonzero) or by structure (an entry present), optionally
// complemented. Entries the mask excludes keep their old value, or are deleted with `replace`.
// The accumulator (a binary operator, or no_accum) combines old and new where both exist; without
// it t overwrites w. transpose_first / transpose_second use Aᵀ / Bᵀ in place of the inputs.
// `method` forces push (a sparse vector scattered over out-edges) or pull (rows gathered); by
// default the vector's density decides.
#pragma once

#include <cstdint>
#include <string>

#include "core/error.hpp"

namespace graphring {

enum class product_method : std::uint8_t { automatic, push, pull };

struct descriptor {
  bool replace = false;
  bool structural_mask = false;
  bool complement_mask = false;
  bool transpose_first = false;
  bool transpose_second = false;
  product_method method = product_method::automatic;
};

// What a traversal step (vxm_mark) may report besides its result, when asked (a graphring
// extension): w_row_entries = Σ_{j ∈ w} |A(j,:)|, the entries of the rows a push from w would
// read (rows of the matrix the step pushed over, which must be square), where `counted` says the
// step's push counted them as it found each j (else both are cleared; vxm_mark.hpp says when). A
// direction-optimizing BFS needs this sum of the next frontier (Beamer's m_f) and would else read
// the frontier's rows once more.
struct step_report {
  bool counted = false;
  std::uint64_t w_row_entries = 0;
};

struct no_mask_t {};
inline constexpr no_mask_t no_mask{};

struct no_accum_t {};
inline constexpr no_accum_t no_accum{};

// assign's index list meaning every index (GrB_ALL).
struct all_indices_t {};
inline constexpr all_indices_t all_indices{};

namespace detail {

inline void check_dimension(std::uint64_t got, std::uint64_t expected, const char* what) {
  if (got != expected)
    throw error(error_kind::usage, std::string("dimension mismatch: ") + what + " is " +
                                       std::to_string(got) + ", expected " +
                                       std::to_string(expected));
}

}  // namespace detail

}  // namespace graphring

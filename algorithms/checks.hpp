// Argument checks that an algorithm's CPU and device versions share, so both refuse bad input
// with the same error and message.
#pragma once

#include <cstdint>

#include "algorithms/pagerank.hpp"
#include "engine/csr.hpp"
#include "engine/matrix.hpp"

namespace graphring::algorithms {

// A source that is not one of the n vertices: error_kind::usage naming the algorithm.
void check_source(const char* algorithm, vertex_id source, std::uint64_t n);

// Damping outside [0, 1], a negative tolerance or iteration limit: error_kind::usage.
void check_pagerank_options(const pagerank_options& options);

// A weight that is not a number (NaN), which no path length or order can hold:
// error_kind::bad_input saying what the algorithm needs.
void check_weights_are_numbers(const matrix<double>& a, const char* needs);
// The error check_weights_are_numbers throws, for a caller that found the NaN itself.
[[noreturn]] void refuse_nan_weight(const char* needs);

}  // namespace graphring::algorithms

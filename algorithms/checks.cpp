// Argument checks shared by the CPU and device algorithms (see checks.hpp).
#include "algorithms/checks.hpp"

#include <cmath>
#include <string>

#include "core/error.hpp"
#include "engine/ops/operations.hpp"

namespace graphring::algorithms {

void check_source(const char* algorithm, vertex_id source, std::uint64_t n) {
  if (source >= n)
    throw error(error_kind::usage, std::string(algorithm) + " source " + std::to_string(source) +
                                       " is not a vertex of a graph with " + std::to_string(n) +
                                       " vertices");
}

void check_pagerank_options(const pagerank_options& o) {
  if (!(o.damping >= 0 && o.damping <= 1))
    throw error(error_kind::usage, "the PageRank damping factor must lie in [0, 1]");
  if (!(o.tolerance >= 0)) throw error(error_kind::usage, "the PageRank tolerance must be >= 0");
  if (o.max_iterations < 0)
    throw error(error_kind::usage, "the PageRank iteration limit must be >= 0");
  if (o.precision != value_type::float64 && o.precision != value_type::float32)
    throw error(error_kind::usage, "the PageRank precision must be float64 or float32, not " +
                                       std::string(type_name(o.precision)));
}

void check_weights_are_numbers(const matrix<double>& a, const char* needs) {
  if (a.nvals() == 0 || (a.is_iso() && !std::isnan(a.iso_value()))) return;
  // The sum is NaN when a weight is (or when +inf meets -inf: then the weights are looked at).
  if (!std::isnan(reduce(plus_monoid<double>{}, a))) return;
  matrix<double> nan_weights(a.nrows(), a.ncols());
  // N = A⟨isnan⟩
  select(
      nan_weights, no_mask, no_accum,
      [](double w, std::uint64_t, std::uint64_t) { return std::isnan(w); }, a);
  if (nan_weights.nvals() > 0) refuse_nan_weight(needs);
}

void refuse_nan_weight(const char* needs) {
  throw error(error_kind::bad_input, std::string("a weight is not a number (NaN); ") + needs);
}

}  // namespace graphring::algorithms

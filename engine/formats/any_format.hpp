// One holder for a matrix in any format, chosen at run time by name ("csr|coo|ell|hyb|sell|cci|
// dtans|svb|auto"), with its exact footprint; and the `auto` choice from measured features.
//
// The auto rule picks for pull SpMV time, from the measurements in README "Formats" and
// docs/kernel-speed-log.md (the engine call, plus_times over float, 2 cores):
//   1. ELL when rows are nearly uniform (longest row <= 1.25 x mean + 1, so padding is small).
//   2. SELL-C-σ when its padding is at most a quarter of the entries: eight rows swept together
//      with independent running sums beat CSR on the web and social graphs, and match it where
//      the random gathers of x set the pace for every format (rmat). σ = 2^20 keeps padding near
//      1% on power-law graphs; a matrix with a few very long rows among short ones pads more and
//      goes to CSR.
//   3. CSR otherwise. CCI, CSR-dtANS and Stream VByte are the formats for memory, not time: on
//      a CPU their decode costs more than the bytes they save (Stream VByte's the least).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "engine/formats/cci.hpp"
#include "engine/formats/coo.hpp"
#include "engine/formats/dtans.hpp"
#include "engine/formats/ell.hpp"
#include "engine/formats/hyb.hpp"
#include "engine/formats/sell.hpp"
#include "engine/formats/svb.hpp"

namespace graphring {

inline constexpr format_kind all_format_kinds[] = {
    format_kind::csr,  format_kind::coo, format_kind::ell,   format_kind::hyb,
    format_kind::sell, format_kind::cci, format_kind::dtans, format_kind::svb};

// The compressed formats a graph can be saved in and run from without a CSR (a compressed .grb).
inline constexpr format_kind stored_format_kinds[] = {format_kind::cci, format_kind::dtans,
                                                      format_kind::svb};

std::string_view format_name(format_kind kind) noexcept;

// "csr" ... "svb", or "auto" (std::nullopt). Anything else throws error_kind::usage naming the
// valid names.
std::optional<format_kind> parse_format(std::string_view name);

// The features the auto rule reads.
struct format_features {
  double mean_degree = 0;
  std::uint64_t max_degree = 0;
  double sell_padding = 0;  // SELL-C-σ's slots (default options) per entry, less one
};
format_features measure_features(const csr_matrix& a);
format_kind choose_format(const format_features& f) noexcept;

// Order-0 entropy, in bits per entry, of the per-row delta-coded column ids (the first delta
// from -1) and of the values' bit patterns: the bound an entropy coder of those symbols compares
// against (tables and row structure not counted).
struct entropy_bound {
  double index_bits = 0, value_bits = 0;
};
entropy_bound order0_entropy(const csr_matrix& a);

class any_format {
 public:
  using holder = std::variant<csr_matrix, coo_matrix, ell_matrix, hyb_matrix, sell_matrix,
                              cci_matrix, dtans_matrix, svb_matrix>;

  // Builds `kind` from a; ELL may throw error_kind::limit (see ell.hpp).
  static any_format build(const csr_matrix& a, format_kind kind);
  // Builds the format the auto rule picks.
  static any_format build_auto(const csr_matrix& a);
  // Holds a matrix built or mapped elsewhere (a compressed .grb), checked by its validate().
  static any_format stored(cci_matrix a);
  static any_format stored(dtans_matrix a);
  static any_format stored(svb_matrix a);

  format_kind kind() const noexcept { return format_kind(matrix_.index()); }
  std::uint64_t nrows() const noexcept { return nrows_; }
  std::uint64_t ncols() const noexcept { return ncols_; }
  std::uint64_t nvals() const noexcept { return nvals_; }
  value_type values_type() const noexcept { return values_type_; }
  const holder& matrix() const noexcept { return matrix_; }
  formats::footprint size() const noexcept;
  std::uint64_t bytes() const noexcept { return size().bytes(); }
  csr_matrix to_csr() const;

 private:
  template <class M>
  static any_format held(M a, value_type type);

  holder matrix_;
  std::uint64_t nrows_ = 0, ncols_ = 0, nvals_ = 0;
  value_type values_type_ = value_type::none;
};

}  // namespace graphring

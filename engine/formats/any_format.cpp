// Format names, the auto rule, and building/converting any format.
#include "engine/formats/any_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_map>

#include "core/error.hpp"

namespace graphring {

std::string_view format_name(format_kind kind) noexcept {
  constexpr std::string_view names[] = {"csr", "coo", "ell", "hyb", "sell", "cci", "dtans", "svb"};
  return names[static_cast<int>(kind)];
}

std::optional<format_kind> parse_format(std::string_view name) {
  if (name == "auto") return std::nullopt;
  for (format_kind k : all_format_kinds)
    if (name == format_name(k)) return k;
  throw error(error_kind::usage, "unknown format '" + std::string(name) +
                                     "'; valid: csr|coo|ell|hyb|sell|cci|dtans|svb|auto");
}

format_features measure_features(const csr_matrix& a) {
  format_features f;
  for (std::uint64_t r = 0; r < a.nrows; ++r)
    f.max_degree = std::max<std::uint64_t>(f.max_degree, a.row_length(r));
  f.mean_degree = a.nrows ? double(a.nnz()) / double(a.nrows) : 0;
  f.sell_padding = a.nnz() ? double(sell_matrix::slots_for(a)) / double(a.nnz()) - 1 : 0;
  return f;
}

format_kind choose_format(const format_features& f) noexcept {
  // ELL: rows of nearly one length, and not mostly empty (its slots would be padding).
  if (f.mean_degree >= 0.25 && double(f.max_degree) <= 1.25 * f.mean_degree + 1)
    return format_kind::ell;
  if (f.mean_degree > 0 && f.sell_padding <= 0.25) return format_kind::sell;
  return format_kind::csr;
}

namespace {

template <class Map>
double entropy_bits(const Map& counts, double total) {
  double h = 0;
  for (const auto& [symbol, count] : counts) h -= double(count) * std::log2(double(count) / total);
  return h;
}

}  // namespace

entropy_bound order0_entropy(const csr_matrix& a) {
  entropy_bound b;
  if (a.nnz() == 0) return b;
  std::unordered_map<std::uint32_t, std::uint64_t> deltas;
  for (std::uint64_t r = 0; r < a.nrows; ++r) {
    std::uint32_t last = 0xffffffffu;
    for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) {
      ++deltas[std::uint32_t(a.cols[k] - last)];
      last = a.cols[k];
    }
  }
  b.index_bits = entropy_bits(deltas, double(a.nnz())) / double(a.nnz());
  formats::with_values(a.values, [&](const auto* values) {
    using T = std::remove_const_t<std::remove_pointer_t<decltype(values)>>;
    if constexpr (!std::is_same_v<T, pattern_value>) {
      std::unordered_map<std::uint64_t, std::uint64_t> counts;
      for (edge_offset k = 0; k < a.nnz(); ++k) {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &values[k], sizeof(T));
        ++counts[bits];
      }
      b.value_bits = entropy_bits(counts, double(a.nnz())) / double(a.nnz());
    }
  });
  return b;
}

any_format any_format::build(const csr_matrix& a, format_kind kind) {
  any_format m;
  m.nrows_ = a.nrows;
  m.ncols_ = a.ncols;
  m.nvals_ = a.nnz();
  m.values_type_ = a.values_type();
  switch (kind) {
    case format_kind::csr:
      m.matrix_ = a;
      break;
    case format_kind::coo:
      m.matrix_ = coo_matrix::from_csr(a);
      break;
    case format_kind::ell:
      m.matrix_ = ell_matrix::from_csr(a);
      break;
    case format_kind::hyb:
      m.matrix_ = hyb_matrix::from_csr(a);
      break;
    case format_kind::sell:
      m.matrix_ = sell_matrix::from_csr(a);
      break;
    case format_kind::cci:
      m.matrix_ = cci_matrix::from_csr(a);
      break;
    case format_kind::dtans:
      m.matrix_ = dtans_matrix::from_csr(a);
      break;
    case format_kind::svb:
      m.matrix_ = svb_matrix::from_csr(a);
      break;
  }
  return m;
}

template <class M>
any_format any_format::held(M a, value_type type) {
  any_format m;
  m.nrows_ = a.nrows();
  m.ncols_ = a.ncols();
  m.nvals_ = a.nnz();
  m.values_type_ = type;
  m.matrix_ = std::move(a);
  return m;
}

any_format any_format::stored(cci_matrix a) {
  const value_type type = type_of(a.values());
  return held(std::move(a), type);
}

any_format any_format::stored(dtans_matrix a) {
  const value_type type = a.values_type();
  return held(std::move(a), type);
}

any_format any_format::stored(svb_matrix a) {
  const value_type type = type_of(a.values());
  return held(std::move(a), type);
}

any_format any_format::build_auto(const csr_matrix& a) {
  return build(a, choose_format(measure_features(a)));
}

formats::footprint any_format::size() const noexcept {
  return std::visit(
      [](const auto& m) -> formats::footprint {
        if constexpr (std::is_same_v<std::decay_t<decltype(m)>, csr_matrix>) {
          return {m.cols.size() * sizeof(vertex_id), m.nnz() * type_size(m.values_type()),
                  m.offsets.size() * sizeof(edge_offset)};
        } else {
          return m.size();
        }
      },
      matrix_);
}

csr_matrix any_format::to_csr() const {
  return std::visit(
      [](const auto& m) -> csr_matrix {
        if constexpr (std::is_same_v<std::decay_t<decltype(m)>, csr_matrix>) {
          return m;
        } else {
          return m.to_csr();
        }
      },
      matrix_);
}

}  // namespace graphring

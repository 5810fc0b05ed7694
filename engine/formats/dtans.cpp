// CSR-dtANS encoder: symbol statistics -> tables (multiplicities <= M chosen greedily by
// information gain, rare symbols escaped), then per slice a forward "base pass" (which checks
// extract and which load, known from the bases alone) and a backward "digit pass" that picks
// each symbol's slot and the words of the stream, as the paper's Section IV-E describes.
#include "engine/formats/dtans.hpp"

#include <algorithm>
#include <cmath>
#include <queue>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/error.hpp"

namespace graphring {
namespace {

// A domain's table: where each symbol's slots start, and its multiplicity.
struct coding_table {
  std::unordered_map<std::uint64_t, std::uint32_t> first_slot, base;
  std::uint32_t escape_first = 0, escape_base = 0;  // escape_base 0: nothing is escaped
  double bits = 0;  // information of the domain's symbols under the table (for the size split)
};

coding_table make_table(const std::unordered_map<std::uint64_t, std::uint64_t>& counts, std::uint32_t raw_bits,
                        dtans_entry* slots) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> by_count(counts.begin(), counts.end());
  std::sort(by_count.begin(), by_count.end(), [](const auto& x, const auto& y) {
    return x.second != y.second ? x.second > y.second : x.first < y.first;
  });
  std::uint64_t total = 0;
  for (const auto& c : by_count) total += c.second;
  // A slot is worth about total / (K ln 2) bits to the others; a symbol earns a slot when
  // escaping it would cost more than that.
  const double slot_value = double(total) / (dtans_slots * std::log(2.0));
  std::size_t kept = 0;
  while (kept < by_count.size() && kept < dtans_slots - 1 && double(by_count[kept].second) * raw_bits > slot_value) ++kept;
  if (kept + 1 == by_count.size() && kept < dtans_slots) ++kept;  // no escape for a single leftover
  std::uint64_t escaped = 0;
  for (std::size_t i = kept; i < by_count.size(); ++i) escaped += by_count[i].second;
  // Multiplicities: one slot each, then the rest by largest gain c * log2((m + 1) / m).
  std::vector<std::uint64_t> count(kept + (escaped ? 1 : 0));
  for (std::size_t i = 0; i < kept; ++i) count[i] = by_count[i].second;
  if (escaped) count[kept] = escaped;
  std::vector<std::uint32_t> m(count.size(), 1);
  std::priority_queue<std::pair<double, std::size_t>> gains;
  auto gain = [&](std::size_t i) { return double(count[i]) * std::log2(double(m[i] + 1) / m[i]); };
  for (std::size_t i = 0; i < count.size(); ++i) gains.push({gain(i), i});
  for (std::uint64_t left = dtans_slots - count.size(); left > 0 && !gains.empty(); --left) {
    const std::size_t i = gains.top().second;
    gains.pop();
    if (++m[i] < dtans_max_multiplicity) gains.push({gain(i), i});
  }
  coding_table t;
  std::uint32_t next = 0;
  for (std::size_t i = 0; i < count.size(); ++i) {
    const bool escape = escaped && i == kept;
    for (std::uint32_t dgt = 0; dgt < m[i]; ++dgt)
      slots[next + dgt] = {escape ? 0 : by_count[i].first, m[i], std::uint16_t(dgt), std::uint16_t(escape)};
    if (escape) {
      t.escape_first = next;
      t.escape_base = m[i];
    } else {
      t.first_slot[by_count[i].first] = next;
      t.base[by_count[i].first] = m[i];
    }
    t.bits += double(count[i]) * (std::log2(double(dtans_slots) / m[i]) + (escape ? raw_bits : 0));
    next += m[i];
  }
  for (; next < dtans_slots; ++next) slots[next] = {0, 1, 0, 0};  // never chosen
  return t;
}

// One symbol of a row: its table slot range and, when escaped, its raw bits.
struct coded_symbol {
  std::uint32_t first, base;
  bool escape, is_value;
  std::uint64_t raw;
};

// The deltas and values of row r as coded symbols.
template <class T>
void row_symbols(const csr_matrix& a, const T* values, std::uint64_t r, const coding_table& index,
                 const coding_table& value, std::vector<coded_symbol>& out) {
  out.clear();
  std::uint32_t last = 0xffffffffu;
  auto code = [&](const coding_table& t, std::uint64_t raw, bool is_value) {
    const auto it = t.first_slot.find(raw);
    if (it != t.first_slot.end()) out.push_back({it->second, t.base.at(raw), false, is_value, raw});
    else out.push_back({t.escape_first, t.escape_base, true, is_value, raw});
  };
  for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) {
    code(index, std::uint32_t(a.cols[k] - last), false);
    last = a.cols[k];
    if constexpr (!std::is_same_v<T, pattern_value>) {
      std::uint64_t bits = 0;
      std::memcpy(&bits, &values[k], sizeof(T));
      code(value, bits, true);
    }
  }
}

// The words one lane loads: the first three, then per segment but the last its (up to) three.
struct lane_loads {
  std::uint64_t segments = 0;
  std::uint32_t init[3];
  std::vector<std::uint32_t> segment[3];  // by round; rounds 0 and 1 have holes where extracted
  std::vector<std::uint8_t> loads[2];     // per segment: round 0 / 1 loads (1) or extracts (0)
};

lane_loads encode_lane(const std::vector<coded_symbol>& sym) {
  lane_loads out;
  const std::uint64_t segments = (sym.size() + dtans_segment - 1) / dtans_segment;
  out.segments = segments;
  if (segments == 0) return out;
  auto base_of = [&](std::uint64_t t, std::uint32_t i) {
    const std::uint64_t k = t * dtans_segment + i;
    return k < sym.size() ? std::uint64_t(sym[k].base) : 1;
  };
  // Base pass: the radix r as the decoder sees it, and which checks extract.
  for (auto& l : out.loads) l.assign(segments - 1, 0);
  std::uint64_t r = 1;
  std::vector<std::uint64_t> r1(segments), r2(segments);
  for (std::uint64_t t = 0; t + 1 < segments; ++t) {
    r1[t] = base_of(t, 0) * base_of(t, 1) * base_of(t, 2) * base_of(t, 3);
    r2[t] = base_of(t, 4) * base_of(t, 5) * base_of(t, 6) * base_of(t, 7);
    r *= r1[t];
    if (r >> 32) r >>= 32; else out.loads[0][t] = 1;
    r *= r2[t];
    if (r >> 32) r >>= 32; else out.loads[1][t] = 1;
  }
  // Digit pass, backward. slots(t, digits) packs a segment's 8 slots into 3 words.
  auto pack = [&](std::uint64_t t, std::uint64_t d1, std::uint64_t d2, std::uint32_t* w) {
    std::uint32_t slot[dtans_segment];
    for (int i = int(dtans_segment) - 1; i >= 0; --i) {
      const std::uint64_t k = t * dtans_segment + std::uint64_t(i);
      const std::uint64_t b = base_of(t, std::uint32_t(i));
      std::uint64_t& d = i < 4 ? d1 : d2;
      const std::uint32_t digit = std::uint32_t(d % b);
      d /= b;
      slot[i] = k < sym.size() ? sym[k].first + digit : 0;
    }
    for (int j = 0; j < 3; ++j) w[j] = 0;
    for (std::uint32_t i = 0; i < dtans_segment; ++i) {  // slot i at bits [12 i, 12 i + 12)
      const std::uint32_t bit = i * dtans_slot_bits, word = bit >> 5, off = bit & 31;
      w[word] |= slot[i] << off;
      if (off + dtans_slot_bits > 32) w[word + 1] |= slot[i] >> (32 - off);
    }
  };
  for (int j = 0; j < 3; ++j) out.segment[j].assign(segments - 1, 0);
  std::uint32_t next[3];
  pack(segments - 1, 0, 0, next);  // the last segment's digits are free: 0
  std::uint64_t d = 0;             // the state after segment t's checks
  for (std::uint64_t t = segments - 1; t-- > 0;) {
    out.segment[2][t] = next[2];
    if (out.loads[1][t]) out.segment[1][t] = next[1]; else d = (d << 32) | next[1];
    const std::uint64_t d2 = d % r2[t];
    d /= r2[t];
    if (out.loads[0][t]) out.segment[0][t] = next[0]; else d = (d << 32) | next[0];
    const std::uint64_t d1 = d % r1[t];
    d /= r1[t];
    pack(t, d1, d2, next);
  }
  if (d != 0) throw error(error_kind::internal, "dtANS encoder: the decoder state does not start empty");
  for (int j = 0; j < 3; ++j) out.init[j] = next[j];
  return out;
}

// Every entry of every slice into cols (and values), at the CSR positions `offsets` gives.
// (A function rather than a lambda: clang cannot outline an OpenMP loop inside a generic lambda
// that refers to the enclosing function's locals.)
template <class V, class Out>
void decode_slices(const dtans_view<V>& view, const edge_offset* offsets, vertex_id* cols,
                   Out* out_values, bool parallel) {
  (void)out_values;  // unused for a pattern matrix
  const std::uint64_t nrows = view.nrows;
  const std::int64_t slices = std::int64_t(view.slices);
#pragma omp parallel for schedule(dynamic, 16) if (parallel)
  for (std::int64_t s = 0; s < slices; ++s) {
    edge_offset next[dtans_lanes];
    for (std::uint64_t l = 0; l < dtans_lanes && std::uint64_t(s) * dtans_lanes + l < nrows; ++l)
      next[l] = offsets[std::uint64_t(s) * dtans_lanes + l];
    view.for_each_in_slice(std::uint64_t(s), [&](std::uint64_t row, vertex_id col, const V& value) {
      const edge_offset k = next[row % dtans_lanes]++;
      cols[k] = col;
      if constexpr (!std::is_same_v<V, pattern_value>) out_values[k] = value;
    });
  }
}

}  // namespace

dtans_matrix dtans_matrix::from_csr(const csr_matrix& a) {
  dtans_matrix m;
  m.nrows_ = a.nrows;
  m.ncols_ = a.ncols;
  m.nnz_ = a.nnz();
  m.values_type_ = a.values_type();
  buffer<std::uint32_t> lengths(a.nrows);
  for (std::uint64_t r = 0; r < a.nrows; ++r) {
    if (a.row_length(r) > 0xffffffffu)
      throw error(error_kind::limit, "CSR-dtANS stores row lengths in 32 bits; row " + std::to_string(r) + " is longer");
    lengths[r] = std::uint32_t(a.row_length(r));
  }
  const bool weighted = a.has_values();
  buffer<dtans_entry> tables(weighted ? 2 * dtans_slots : dtans_slots);
  formats::with_values(a.values, [&](const auto* values) {
    using T = std::remove_const_t<std::remove_pointer_t<decltype(values)>>;
    std::unordered_map<std::uint64_t, std::uint64_t> index_counts, value_counts;
    for (std::uint64_t r = 0; r < a.nrows; ++r) {
      std::uint32_t last = 0xffffffffu;
      for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) {
        ++index_counts[std::uint32_t(a.cols[k] - last)];
        last = a.cols[k];
      }
    }
    constexpr std::uint32_t value_bits = std::is_same_v<T, pattern_value> ? 0 : 8 * sizeof(T);
    if constexpr (value_bits > 0) {
      for (edge_offset k = 0; k < a.nnz(); ++k) {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &values[k], sizeof(T));
        ++value_counts[bits];
      }
    }
    const coding_table index = make_table(index_counts, 32, tables.data());
    const coding_table value = value_bits ? make_table(value_counts, value_bits, tables.data() + dtans_slots) : coding_table{};
    m.index_share_ = index.bits / std::max(1.0, index.bits + value.bits);
    // Per slice: lockstep word rounds and escapes, as the decoder reads them.
    const std::uint64_t slices = (a.nrows + dtans_lanes - 1) / dtans_lanes;
    std::vector<buffer<std::uint32_t>> slice_words{slices}, slice_escapes{slices};
#pragma omp parallel for schedule(dynamic, 16) if (a.nnz() > (1u << 16))
    for (std::int64_t s = 0; s < std::int64_t(slices); ++s) {
      const std::uint64_t first = std::uint64_t(s) * dtans_lanes, lanes = std::min<std::uint64_t>(dtans_lanes, a.nrows - first);
      std::vector<std::vector<coded_symbol>> sym(lanes);
      std::vector<lane_loads> loads(lanes);
      std::uint64_t segments = 0;
      for (std::uint64_t l = 0; l < lanes; ++l) {
        row_symbols(a, values, first + l, index, value, sym[l]);
        loads[l] = encode_lane(sym[l]);
        segments = std::max<std::uint64_t>(segments, (sym[l].size() + dtans_segment - 1) / dtans_segment);
      }
      buffer<std::uint32_t>& w = slice_words[s];
      buffer<std::uint32_t>& e = slice_escapes[s];
      for (int j = 0; j < 3; ++j)
        for (std::uint64_t l = 0; l < lanes; ++l)
          if (dtans_round_loads(0, loads[l].segments, sym[l].size(), j)) w.push_back(loads[l].init[j]);
      for (std::uint64_t t = 0; t < segments; ++t) {
        for (std::uint64_t l = 0; l < lanes; ++l)
          for (std::uint64_t k = t * dtans_segment; k < std::min<std::uint64_t>(sym[l].size(), (t + 1) * dtans_segment); ++k)
            if (sym[l][k].escape) {
              e.push_back(std::uint32_t(sym[l][k].raw));
              if (sym[l][k].is_value && value_bits == 64) e.push_back(std::uint32_t(sym[l][k].raw >> 32));
            }
        for (int j = 0; j < 3; ++j)
          for (std::uint64_t l = 0; l < lanes; ++l)
            if (dtans_round_loads(t + 1, loads[l].segments, sym[l].size(), j) && (j == 2 || loads[l].loads[j][t]))
              w.push_back(loads[l].segment[j][t]);
      }
    }
    buffer<std::uint64_t> word_start(slices + 1), escape_start(slices + 1);
    word_start[0] = escape_start[0] = 0;
    for (std::uint64_t s = 0; s < slices; ++s) {
      word_start[s + 1] = word_start[s] + slice_words[s].size();
      escape_start[s + 1] = escape_start[s] + slice_escapes[s].size();
    }
    buffer<std::uint32_t> words(word_start[slices]), escapes(escape_start[slices]);
    for (std::uint64_t s = 0; s < slices; ++s) {
      std::copy(slice_words[s].begin(), slice_words[s].end(), words.begin() + std::ptrdiff_t(word_start[s]));
      std::copy(slice_escapes[s].begin(), slice_escapes[s].end(), escapes.begin() + std::ptrdiff_t(escape_start[s]));
    }
    m.word_start_ = shared_array<std::uint64_t>(std::move(word_start));
    m.escape_start_ = shared_array<std::uint64_t>(std::move(escape_start));
    m.words_ = shared_array<std::uint32_t>(std::move(words));
    m.escapes_ = shared_array<std::uint32_t>(std::move(escapes));
  });
  m.row_length_ = shared_array<std::uint32_t>(std::move(lengths));
  m.tables_ = shared_array<dtans_entry>(std::move(tables));
  return m;
}

csr_matrix dtans_matrix::to_csr() const {
  csr_matrix a;
  a.nrows = nrows_;
  a.ncols = ncols_;
  buffer<edge_offset> lengths(nrows_);
  for (std::uint64_t r = 0; r < nrows_; ++r) lengths[r] = row_length_[r];
  a.offsets = formats::offsets_from_lengths(lengths);
  buffer<vertex_id> cols(nnz_);
  // decode(view, values) fills cols (and values) slice by slice.
  auto decode = [&](const auto& view, auto* out_values) {
    decode_slices(view, a.offsets.data(), cols.data(), out_values, nnz_ > (1u << 16));
  };
  auto typed = [&](auto tag) -> value_array {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, pattern_value>) {
      decode(view<pattern_value>(), static_cast<pattern_value*>(nullptr));
      return std::monostate{};
    } else {
      buffer<T> values(nnz_);
      decode(view<T>(), values.data());
      return shared_array<T>(std::move(values));
    }
  };
  switch (values_type_) {
    case value_type::none: a.values = typed(pattern_value{}); break;
    case value_type::int32: a.values = typed(std::int32_t{}); break;
    case value_type::int64: a.values = typed(std::int64_t{}); break;
    case value_type::uint32: a.values = typed(std::uint32_t{}); break;
    case value_type::uint64: a.values = typed(std::uint64_t{}); break;
    case value_type::float32: a.values = typed(float{}); break;
    case value_type::float64: a.values = typed(double{}); break;
  }
  a.cols = shared_array<vertex_id>(std::move(cols));
  return a;
}

formats::footprint dtans_matrix::size() const noexcept {
  const std::uint64_t stream = (words_.size() + escapes_.size()) * 4;
  const std::uint64_t index_stream = std::uint64_t(std::llround(double(stream) * index_share_));
  const std::uint64_t structure = row_length_.size() * 4 + (word_start_.size() + escape_start_.size()) * 8;
  const std::uint64_t table = dtans_slots * sizeof(dtans_entry);
  const bool weighted = values_type_ != value_type::none;
  return {structure + table + index_stream, stream - index_stream + (weighted ? table : 0)};
}

}  // namespace graphring

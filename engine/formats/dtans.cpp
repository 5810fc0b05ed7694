// CSR-dtANS encoder: symbol statistics -> tables (which deltas keep slots of their own and which
// go to escape buckets, chosen by total coded size; multiplicities <= M by largest information
// gain), rows dealt to lanes, then per lane a forward "base pass" (which checks extract and which
// load, known from the bases alone) and a backward "digit pass" that picks each symbol's slot
// and the words of the stream, as the paper's Section IV-E describes; decoder back to CSR.
#include "engine/formats/dtans.hpp"

#include <omp.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "engine/formats/dtans_multiplicities.hpp"
#include "kernels/cpu/dtans_slice_decoder.hpp"

namespace graphring {
namespace {

// Index symbol keys: a delta is itself (< 2^32); a run of k deltas of 1 is run_key + k; the end
// of a row is end_key; an escape bucket is bucket_key + (raw bits << 32) + its smallest delta.
constexpr std::uint64_t run_key = std::uint64_t(1) << 32;
constexpr std::uint64_t end_key = std::uint64_t(2) << 32;
constexpr std::uint64_t bucket_key = std::uint64_t(1) << 40;

// The escape bucket of delta d: its bit length and the two bits after the leading one; the
// remaining low bits go raw to the escape stream.
std::uint32_t raw_bits_of_delta(std::uint32_t d) {
  const std::uint32_t width = std::uint32_t(std::bit_width(d));
  return width > 3 ? width - 3 : 0;
}
std::uint64_t bucket_of(std::uint32_t d) {
  const std::uint32_t raw = raw_bits_of_delta(d);
  return bucket_key | std::uint64_t(raw) << 32 | (d >> raw << raw);
}
std::uint32_t raw_bits_of_key(std::uint64_t key) {
  return key >= bucket_key ? std::uint32_t(key >> 32) & 0xff : 0;
}

// Calls f(key) for the index symbols of one row: its deltas (runs of up to max_run deltas of 1
// folded into one symbol; max_run 1: none), then the end of row.
template <class F>
void for_each_index_key(const vertex_id* cols, edge_offset length, std::uint32_t max_run, F&& f) {
  std::uint32_t last = 0xffffffffu, run = 0;
  auto flush = [&] {
    if (run == 1) f(std::uint64_t(1));
    if (run > 1) f(run_key + run);
    run = 0;
  };
  for (edge_offset k = 0; k < length; ++k) {
    const std::uint32_t d = cols[k] - last;
    last = cols[k];
    if (max_run > 1 && d == 1) {
      if (++run == max_run) flush();
      continue;
    }
    flush();
    f(std::uint64_t(d));
  }
  flush();
  f(end_key);
}

// One table entry being planned: a symbol key, how often it is coded, and the raw bits its
// occurrences carry in all (escapes).
struct planned {
  std::uint64_t key, count, raw_total;
  std::uint32_t raw_bits;  // per occurrence
};

// Multiplicities (<= M, at most K in all) maximizing the information the slots save.
std::vector<std::uint32_t> multiplicities(const std::vector<planned>& entries) {
  std::vector<std::uint64_t> counts(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) counts[i] = entries[i].count;
  return formats::dtans_multiplicities(counts);
}

// Bits the entries' occurrences take under multiplicities m.
double coded_bits(const std::vector<planned>& entries, const std::vector<std::uint32_t>& m) {
  double bits = 0;
  for (std::size_t i = 0; i < entries.size(); ++i)
    bits += double(entries[i].count) * std::log2(double(dtans_slots) / m[i]) +
            double(entries[i].raw_total);
  return bits;
}

// A symbol's slots: the first and how many (its multiplicity m).
struct slot_range {
  std::uint32_t first = 0, base = 0;
  double bits() const { return std::log2(double(dtans_slots) / base); }
};

// The slot ranges of a table's keys (at most dtans_slots of them), found by open addressing in
// one array of (key, range): the encoder looks one up per symbol. The key ~0 (a value's bits can
// be all ones) marks an empty cell, so its range is kept apart.
class slot_map {
 public:
  slot_map() = default;
  explicit slot_map(std::size_t keys)
      : mask_(std::bit_ceil(std::max<std::size_t>(4 * keys, 8)) - 1), cells_(mask_ + 1) {}
  void set(std::uint64_t key, slot_range range) {
    if (key == empty) {
      all_ones_ = range;
      has_all_ones_ = true;
      return;
    }
    std::size_t i = home(key);
    while (cells_[i].key != empty && cells_[i].key != key) i = (i + 1) & mask_;
    cells_[i] = {key, range};
  }
  const slot_range* find(std::uint64_t key) const {
    if (key == empty) return has_all_ones_ ? &all_ones_ : nullptr;
    if (cells_.empty()) return nullptr;
    for (std::size_t i = home(key);; i = (i + 1) & mask_) {
      if (cells_[i].key == key) return &cells_[i].range;
      if (cells_[i].key == empty) return nullptr;
    }
  }

 private:
  static constexpr std::uint64_t empty = ~std::uint64_t(0);
  struct cell {
    std::uint64_t key = empty;
    slot_range range;
  };
  std::size_t home(std::uint64_t key) const {
    return std::size_t((key * 0x9e3779b97f4a7c15u) >> 40) & mask_;
  }
  std::size_t mask_ = 0;
  std::vector<cell> cells_;
  slot_range all_ones_;
  bool has_all_ones_ = false;
};

// A domain's table as the encoder uses it: the slots of each key that owns some (deltas, runs,
// the end of row and escape buckets; values), and of the value escape.
struct coding_table {
  slot_map slots;
  slot_range escape;                                       // base 0: no value is escaped
  std::uint64_t filler = 0;                                // the value coded after an end of row
  std::vector<std::pair<std::uint64_t, slot_range>> keys;  // every key with slots, as laid out
};

// The escape bucket of delta d as a small index: raw bits * 8 + the delta's top bits (< 8).
std::uint32_t bucket_index(std::uint32_t d) {
  const std::uint32_t raw = raw_bits_of_delta(d);
  return raw * 8 + (d >> raw);
}
inline constexpr std::uint32_t bucket_indices = 30 * 8;

// The index table's keys without hashing: each escape bucket's slots and whether some delta of
// that bucket keeps slots of its own (then, and only then, a delta is looked up by key), each
// run length's slots and the end of row's.
struct index_shortcuts {
  std::array<slot_range, bucket_indices> bucket{};  // base 0: no such bucket
  std::array<bool, bucket_indices> holds_kept{};
  std::array<slot_range, dtans_max_run + 1> run{};
  slot_range end;

  explicit index_shortcuts(const std::vector<std::pair<std::uint64_t, slot_range>>& keys) {
    for (const auto& [key, range] : keys) {
      if (key >= bucket_key)
        bucket[bucket_index(std::uint32_t(key))] = range;
      else if (key == end_key)
        end = range;
      else if (key > run_key)
        run[key - run_key] = range;
      else
        holds_kept[bucket_index(std::uint32_t(key))] = true;
    }
  }
};

// Lays the planned entries out over the slots; returns each entry's slot range.
template <class Entry, class Fill>
std::vector<slot_range> lay_out(const std::vector<planned>& entries, Entry* table, Fill&& fill) {
  const std::vector<std::uint32_t> m = multiplicities(entries);
  std::vector<slot_range> ranges(entries.size());
  std::uint32_t next = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    for (std::uint32_t dgt = 0; dgt < m[i]; ++dgt) {
      table[next + dgt] = Entry{};
      fill(table[next + dgt], entries[i]);
      table[next + dgt].digit = std::uint8_t(dgt);
      table[next + dgt].base_minus_1 = std::uint8_t(m[i] - 1);
    }
    ranges[i] = {next, m[i]};
    next += m[i];
  }
  for (; next < dtans_slots; ++next) table[next] = Entry{};  // never chosen
  return ranges;
}

// The deltas of `counts` (keys ascending) as (count, delta), most frequent first and ascending
// deltas among equal counts. Counts below 2^16 (nearly all of them) are placed by a counting
// sort, stable, so the deltas stay ascending; the few larger ones are sorted apart and go first.
std::vector<std::pair<std::uint64_t, std::uint64_t>> by_falling_count(
    const std::vector<std::pair<std::uint64_t, std::uint64_t>>& counts) {
  constexpr std::uint64_t small = std::uint64_t(1) << 16;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  std::vector<std::uint64_t> start(small + 1, 0);  // start[small - c]: where count c begins
  for (const auto& [key, count] : counts)
    if (key < run_key) {
      if (count >= small)
        out.push_back({count, key});
      else
        ++start[small - count];
    }
  std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
    return x.first != y.first ? x.first > y.first : x.second < y.second;
  });
  std::uint64_t at = out.size();
  for (std::uint64_t& s : start) {
    const std::uint64_t here = s;
    s = at;
    at += here;
  }
  out.resize(at);
  for (const auto& [key, count] : counts)
    if (key < run_key && count < small) out[start[small - count]++] = {count, key};
  return out;
}

// The index table: runs and the end of row always keep slots; of the deltas the most frequent
// ones do, the others share escape buckets, the split chosen by the smallest coded size.
coding_table make_index_table(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& counts,
                              dtans_index_entry* table) {
  std::vector<planned> fixed;
  for (const auto& [key, count] : counts)
    if (key >= run_key) fixed.push_back({key, count, 0, 0});
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> deltas =
      by_falling_count(counts);  // (count, delta)
  std::sort(fixed.begin(), fixed.end(),
            [](const planned& x, const planned& y) { return x.key < y.key; });
  // Each escape bucket's deltas by their place in `deltas`, and the counts summed from each
  // place to the bucket's last: a plan reads a bucket's first place at or after `kept` and its
  // count from there, rather than walking every delta not kept (millions on a large graph).
  std::vector<std::vector<std::size_t>> place(bucket_indices);
  std::vector<std::vector<std::uint64_t>> from(bucket_indices);
  for (std::size_t i = 0; i < deltas.size(); ++i)
    place[bucket_index(std::uint32_t(deltas[i].second))].push_back(i);
  for (std::uint32_t b = 0; b < bucket_indices; ++b) {
    from[b].resize(place[b].size() + 1, 0);
    for (std::size_t p = place[b].size(); p-- > 0;)
      from[b][p] = from[b][p + 1] + deltas[place[b][p]].first;
  }
  std::vector<std::size_t> next(bucket_indices, 0);  // kept only grows from plan to plan
  auto plan = [&](std::size_t kept) {
    std::vector<planned> entries = fixed;
    for (std::size_t i = 0; i < kept; ++i)
      entries.push_back({deltas[i].second, deltas[i].first, 0, 0});
    // The buckets of the deltas not kept, in the order their first delta comes.
    std::vector<std::pair<std::size_t, std::uint32_t>> first;  // (place, bucket)
    for (std::uint32_t b = 0; b < bucket_indices; ++b) {
      while (next[b] < place[b].size() && place[b][next[b]] < kept) ++next[b];
      if (next[b] < place[b].size()) first.push_back({place[b][next[b]], b});
    }
    std::sort(first.begin(), first.end());
    for (const auto& [at, b] : first) {
      const std::uint64_t key = bucket_of(std::uint32_t(deltas[at].second));
      const std::uint64_t count = from[b][next[b]];
      entries.push_back({key, count, count * raw_bits_of_key(key), raw_bits_of_key(key)});
    }
    return entries;
  };
  std::vector<planned> best;
  double best_bits = 0;
  for (std::size_t kept = 0;; kept = std::max<std::size_t>(kept + 8, kept * 3 / 2)) {
    kept = std::min(kept, deltas.size());
    std::vector<planned> entries = plan(kept);
    if (entries.size() <= dtans_slots) {
      const double bits = coded_bits(entries, multiplicities(entries));
      if (best.empty() || bits < best_bits) best = std::move(entries), best_bits = bits;
    }
    if (kept == deltas.size() || fixed.size() + kept >= dtans_slots) break;
  }
  const std::vector<slot_range> ranges =
      lay_out(best, table, [](dtans_index_entry& e, const planned& p) {
        if (p.key == end_key) return;  // count 0
        if (p.key >= bucket_key) {
          e.symbol = std::uint32_t(p.key);
          e.raw_bits = std::uint8_t(p.raw_bits);
          e.count = 1;
        } else if (p.key > run_key) {
          e.symbol = 1;
          e.count = std::uint8_t(p.key - run_key);
        } else {
          e.symbol = std::uint32_t(p.key);
          e.count = 1;
        }
      });
  coding_table t;
  t.slots = slot_map(best.size());
  for (std::size_t i = 0; i < best.size(); ++i) {
    t.slots.set(best[i].key, ranges[i]);
    t.keys.push_back({best[i].key, ranges[i]});
  }
  return t;
}

// The value table: the most frequent values keep slots (at least one, the filler after an end
// of row), the others share the escape, all their bits raw.
coding_table make_value_table(const std::unordered_map<std::uint64_t, std::uint64_t>& counts,
                              std::uint32_t width, std::uint64_t fillers,
                              dtans_value_entry* table) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> values(counts.begin(),
                                                              counts.end());  // (bits, count)
  std::sort(values.begin(), values.end(), [](const auto& x, const auto& y) {
    return x.second != y.second ? x.second > y.second : x.first < y.first;
  });
  if (values.empty()) values.push_back({0, 0});
  values[0].second += fillers;
  std::vector<planned> best;
  double best_bits = 0;
  for (std::size_t kept = 1;; kept = std::max<std::size_t>(kept + 8, kept * 3 / 2)) {
    kept = std::min({kept, values.size(), std::size_t(dtans_slots - 1)});
    std::vector<planned> entries;
    for (std::size_t i = 0; i < kept; ++i)
      entries.push_back({values[i].first, values[i].second, 0, 0});
    std::uint64_t escaped = 0;
    for (std::size_t i = kept; i < values.size(); ++i) escaped += values[i].second;
    if (escaped) entries.push_back({0, escaped, escaped * width, width});
    const double bits = coded_bits(entries, multiplicities(entries));
    if (best.empty() || bits < best_bits) best = std::move(entries), best_bits = bits;
    if (kept == values.size() || kept == dtans_slots - 1) break;
  }
  const std::vector<slot_range> ranges =
      lay_out(best, table, [](dtans_value_entry& e, const planned& p) {
        e.symbol = p.key;
        e.raw_bits = std::uint8_t(p.raw_bits);
      });
  coding_table t;
  t.slots = slot_map(best.size());
  for (std::size_t i = 0; i < best.size(); ++i) {
    if (best[i].raw_bits)
      t.escape = ranges[i];
    else
      t.slots.set(best[i].key, ranges[i]);
  }
  t.filler = best[0].key;  // the most frequent value, which was given the fillers' count
  return t;
}

// One coded symbol of a lane: its table slot range (below dtans_slots = 4096, so 16 bits each:
// 16 bytes a symbol, which the encoder's passes stream through) and, when escaped, the raw bits
// it carries.
struct coded_symbol {
  std::uint16_t first, base;
  std::uint32_t raw_bits;
  std::uint64_t raw;
};
static_assert(dtans_slots <= 0xffff && sizeof(coded_symbol) == 16);

inline coded_symbol coded(const slot_range& s, std::uint32_t raw_bits = 0, std::uint64_t raw = 0) {
  return {std::uint16_t(s.first), std::uint16_t(s.base), raw_bits, raw};
}

// The words one lane loads: the first three, then per segment but the last its (up to) three.
struct lane_loads {
  std::uint64_t segments = 0;
  std::uint32_t init[3];
  std::vector<std::uint32_t> segment[3];  // by round; rounds 0 and 1 have holes where extracted
  std::vector<std::uint8_t> loads[2];     // per segment: round 0 / 1 loads (1) or extracts (0)
};

lane_loads encode_lane(const buffer<coded_symbol>& sym) {
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
    if (r >> 32)
      r >>= 32;
    else
      out.loads[0][t] = 1;
    r *= r2[t];
    if (r >> 32)
      r >>= 32;
    else
      out.loads[1][t] = 1;
  }
  // Digit pass, backward. pack(t, digits) packs a segment's 8 slots into 3 words.
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
    if (out.loads[1][t])
      out.segment[1][t] = next[1];
    else
      d = (d << 32) | next[1];
    const std::uint64_t d2 = d % r2[t];
    d /= r2[t];
    if (out.loads[0][t])
      out.segment[0][t] = next[0];
    else
      d = (d << 32) | next[0];
    const std::uint64_t d1 = d % r1[t];
    d /= r1[t];
    pack(t, d1, d2, next);
  }
  if (d != 0)
    throw error(error_kind::internal, "dtANS encoder: the decoder state does not start empty");
  for (int j = 0; j < 3; ++j) out.init[j] = next[j];
  return out;
}

// Writes raw bits into 32-bit words from `out` on, low bits first, through a 64-bit accumulator
// (the caller sizes the words for every bit it puts); finish() writes the last, partly filled
// word and returns the end.
class raw_writer {
 public:
  explicit raw_writer(std::uint32_t* out) : out_(out) {}
  void put(std::uint64_t value, std::uint32_t bits) {  // 1 to 64 bits
    if (bits > 32) {  // not recursive, so that the writer's state can live in registers
      put_word(value & 0xffffffffu, 32);
      value >>= 32;
      bits -= 32;
    }
    put_word(value, bits);
  }
  std::uint32_t* finish() {
    if (filled_) *out_++ = std::uint32_t(pending_);
    pending_ = 0;
    filled_ = 0;
    return out_;
  }

 private:
  void put_word(std::uint64_t value, std::uint32_t bits) {  // 1 to 32 bits
    pending_ |= (value & ((std::uint64_t(1) << bits) - 1)) << filled_;
    filled_ += bits;
    if (filled_ >= 32) {
      *out_++ = std::uint32_t(pending_);
      pending_ >>= 32;
      filled_ -= 32;
    }
  }

  std::uint32_t* out_;
  std::uint64_t pending_ = 0;
  std::uint32_t filled_ = 0;
};

// A lane: its rows and symbol count.
struct lane_rows {
  std::uint64_t first_row = 0, rows = 0, symbols = 0;
};

// A CSR matrix with values of type T (pattern_value: none) as the encoder reads it: each row's
// index keys, and each value's raw bits.
template <class T>
struct csr_source {
  static constexpr std::uint32_t value_bits = std::is_same_v<T, pattern_value> ? 0 : 8 * sizeof(T);
  const csr_matrix& a;
  const T* values;
  bool weighted;          // deltas of 1 are not folded into runs: each is followed by its value
  std::uint32_t max_run;  // 1 when weighted

  std::uint64_t bits_of(edge_offset k) const {
    std::uint64_t bits = 0;
    if constexpr (value_bits > 0) std::memcpy(&bits, &values[k], sizeof(T));
    return bits;
  }
  template <class F>
  void for_each_key(std::uint64_t r, F&& f) const {
    for_each_index_key(a.cols.data() + a.row_begin(r), a.row_length(r), max_run, f);
  }
};

// Symbol statistics: how often each index key occurs (keys ascending), how often each value
// does, and each row's symbol count.
struct symbol_counts {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> index;  // (key, count)
  std::unordered_map<std::uint64_t, std::uint64_t> value;
  buffer<std::uint64_t> row_symbols;
};

// One thread's index key counts: deltas below the dense bound in an array (a delta is at most
// ncols) of 32-bit counters, so that two threads' arrays share the last-level cache (a counter
// about to overflow moves its count into `wide`), wider ones in a map, runs by length, and ends
// of rows.
struct key_tally {
  std::vector<std::uint32_t> delta;
  std::vector<std::uint64_t> run;
  std::unordered_map<std::uint64_t, std::uint64_t> wide;
  std::uint64_t ends = 0;

  void add(std::uint64_t key) {
    if (key < delta.size()) {
      if (++delta[key] == 0xffffffffu) {
        wide[key] += delta[key];
        delta[key] = 0;
      }
    } else if (key < run_key)
      ++wide[key];
    else if (key == end_key)
      ++ends;
    else
      ++run[key - run_key];
  }
};

// The threads' tallies summed into (key, count) pairs, keys ascending, zero counts left out.
std::vector<std::pair<std::uint64_t, std::uint64_t>> merge_tallies(std::vector<key_tally>& t) {
  const std::size_t dense = t[0].delta.size();
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  for (std::size_t d = 0; d < dense; ++d) {
    std::uint64_t count = 0;
    for (const key_tally& x : t) count += x.delta[d];
    if (count) out.push_back({std::uint64_t(d), count});
  }
  // The wide deltas and the overflowed counters, merged into the dense ones' pairs by key.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> wide;
  for (key_tally& x : t) wide.insert(wide.end(), x.wide.begin(), x.wide.end());
  std::sort(wide.begin(), wide.end());
  if (!wide.empty()) {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> merged;
    merged.reserve(out.size() + wide.size());
    std::size_t a = 0;
    for (const auto& [key, count] : wide) {
      while (a < out.size() && out[a].first < key) merged.push_back(out[a++]);
      if (!merged.empty() && merged.back().first == key)
        merged.back().second += count;
      else if (a < out.size() && out[a].first == key)
        merged.push_back({key, out[a++].second + count});
      else
        merged.push_back({key, count});
    }
    merged.insert(merged.end(), out.begin() + std::ptrdiff_t(a), out.end());
    out = std::move(merged);
  }
  std::uint64_t ends = 0;
  for (std::size_t k = 0; k < t[0].run.size(); ++k) {
    std::uint64_t runs = 0;
    for (const key_tally& x : t) runs += x.run[k];
    if (runs) out.push_back({run_key + k, runs});
  }
  for (const key_tally& x : t) ends += x.ends;
  if (ends) out.push_back({end_key, ends});
  return out;
}

template <class T>
symbol_counts count_symbols(const csr_source<T>& in) {
  const csr_matrix& a = in.a;
  symbol_counts counts;
  counts.row_symbols = buffer<std::uint64_t>(a.nrows);
  const bool parallel = a.nnz() > kernels::min_parallel_work;
  std::vector<key_tally> tallies(parallel ? std::size_t(omp_get_max_threads()) : 1);
  // Deltas are at most ncols; the dense array of each thread holds at most 1 byte an entry, and
  // at most 4 counters an entry in a small matrix (which its zeroing and its scan then cost).
  const std::uint64_t small = std::min<std::uint64_t>(1u << 16, 4 * a.nnz() + 64);
  const std::size_t dense = std::size_t(std::min<std::uint64_t>(
      {a.ncols + 2, std::uint64_t(1) << 22, std::max<std::uint64_t>(small, a.nnz() / 4)}));
  const std::int64_t nrows = std::int64_t(a.nrows);
#pragma omp parallel num_threads(int(tallies.size())) if (parallel)
  {
    key_tally& t = tallies[std::size_t(omp_get_thread_num())];
    t.delta.assign(dense, 0);
    t.run.assign(in.max_run + 1, 0);
#pragma omp for schedule(dynamic, 1024)
    for (std::int64_t r = 0; r < nrows; ++r) {
      std::uint64_t n = 0;
      in.for_each_key(std::uint64_t(r), [&](std::uint64_t key) {
        t.add(key);
        ++n;
      });
      counts.row_symbols[std::uint64_t(r)] = in.weighted ? 2 * n : n;
    }
  }
  counts.index = merge_tallies(tallies);
  if constexpr (csr_source<T>::value_bits > 0)
    for (edge_offset k = 0; k < a.nnz(); ++k) ++counts.value[in.bits_of(k)];
  return counts;
}

// Both domains' tables, and a symbol's slot range and raw bits under them.
template <class T>
struct symbol_coder {
  static constexpr std::uint32_t value_bits = csr_source<T>::value_bits;
  coding_table index;
  index_shortcuts shortcuts;
  coding_table value;

  symbol_coder(const symbol_counts& counts, std::uint64_t nrows, dtans_index_entry* index_table,
               dtans_value_entry* value_table)
      : index(make_index_table(counts.index, index_table)),
        shortcuts(index.keys),
        value(value_bits ? make_value_table(counts.value, value_bits, nrows, value_table)
                         : coding_table{}) {}

  coded_symbol coded_index(std::uint64_t key) const {
    if (key >= run_key) {
      const slot_range& own = key == end_key ? shortcuts.end : shortcuts.run[key - run_key];
      return coded(own);
    }
    const std::uint32_t d = std::uint32_t(key), b = bucket_index(d);
    if (shortcuts.holds_kept[b])
      if (const slot_range* own = index.slots.find(key)) return coded(*own);
    const slot_range& range = shortcuts.bucket[b];
    if (range.base == 0)
      throw error(error_kind::internal,
                  "dtANS encoder: no table slot for delta " + std::to_string(d));
    const std::uint32_t raw = b / 8;
    return coded(range, raw, d - (d >> raw << raw));
  }
  coded_symbol coded_value(std::uint64_t bits) const {
    if (const slot_range* own = value.slots.find(bits)) return coded(*own);
    return coded(value.escape, value_bits, bits);
  }
};

// The shares of the index and the values in the information of all symbols, for the size split
// (the rest, end-of-row and filler symbols, is row structure).
struct information_shares {
  double index = 0, value = 0;
};

template <class T>
information_shares share_information(const symbol_counts& counts, const symbol_coder<T>& code,
                                     std::uint64_t nrows) {
  auto info = [](const coded_symbol& c) { return slot_range{c.first, c.base}.bits() + c.raw_bits; };
  double index_info = 0, value_info = 0, structure_info = 0;
  for (const auto& [key, count] : counts.index)
    (key == end_key ? structure_info : index_info) += double(count) * info(code.coded_index(key));
  if constexpr (symbol_coder<T>::value_bits > 0) {
    for (const auto& [bits, count] : counts.value)
      value_info += double(count) * info(code.coded_value(bits));
    structure_info += double(nrows) * info(code.coded_value(code.value.filler));
  }
  const double all_info = std::max(1.0, index_info + value_info + structure_info);
  return {index_info / all_info, value_info / all_info};
}

// Rows to lanes in order, a lane closing once it holds lane_symbols symbols (or 65535 rows);
// empty lanes after the last fill the last slice of 32.
std::vector<lane_rows> deal_rows_to_lanes(const buffer<std::uint64_t>& row_symbols,
                                          std::uint64_t nrows, std::uint32_t lane_symbols) {
  std::vector<lane_rows> lanes;
  for (std::uint64_t r = 0; r < nrows; ++r) {
    if (lanes.empty() || lanes.back().symbols >= lane_symbols ||
        lanes.back().rows == dtans_max_lane_rows)
      lanes.push_back({r, 0, 0});
    lanes.back().rows += 1;
    lanes.back().symbols += row_symbols[r];
    if (lanes.back().symbols > 0xffffffffu)
      throw error(error_kind::limit, "CSR-dtANS lanes hold at most 2^32 - 1 symbols; row " +
                                         std::to_string(r) + " needs more");
  }
  const std::uint64_t slices = (lanes.size() + dtans_lanes - 1) / dtans_lanes;
  lanes.resize(slices * dtans_lanes, lane_rows{nrows, 0, 0});
  return lanes;
}

// A lane's symbols: per index key its slot range, and in a weighted matrix the value's after it
// (the filler's after an end of row); and how many raw bits its escapes carry.
struct coded_lane {
  buffer<coded_symbol> sym;  // default-initialized: every symbol is written once
  std::uint64_t raw_bits = 0;
};

template <class T>
coded_lane code_lane(const csr_source<T>& in, const symbol_coder<T>& code, const lane_rows& lane) {
  coded_lane out;
  out.sym.resize(lane.symbols);
  coded_symbol* next = out.sym.data();
  std::uint64_t raw_bits = 0;
  for (std::uint64_t r = lane.first_row; r < lane.first_row + lane.rows; ++r) {
    edge_offset k = in.a.row_begin(r);
    in.for_each_key(r, [&](std::uint64_t key) {
      *next = code.coded_index(key);
      raw_bits += next++->raw_bits;
      if (in.weighted) {
        *next = code.coded_value(key == end_key ? code.value.filler : in.bits_of(k++));
        raw_bits += next++->raw_bits;
      }
    });
  }
  if (next != out.sym.data() + out.sym.size())
    throw error(error_kind::internal, "dtANS encoder: a lane's symbols differ from its count");
  out.raw_bits = raw_bits;
  return out;
}

// A slice's lanes' words into w, in the lockstep rounds (in each round the lanes that load, in
// lane order), and their escapes' raw bits into escape_words by (segment, lane, symbol).
void write_slice(const std::vector<coded_lane>& lanes, const std::vector<lane_loads>& loads,
                 std::uint64_t segments, buffer<std::uint32_t>& w,
                 buffer<std::uint32_t>& escape_words) {
  // Each lane's symbols, count and segments in locals: the loops below visit every lane per
  // segment.
  const coded_symbol* sym[dtans_lanes];
  std::uint64_t size[dtans_lanes], lane_segments[dtans_lanes];
  std::uint64_t words = 0, raw_bits = 0;  // at most three words a segment
  for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
    sym[l] = lanes[l].sym.data();
    size[l] = lanes[l].sym.size();
    lane_segments[l] = loads[l].segments;
    words += 3 * loads[l].segments;
    raw_bits += lanes[l].raw_bits;
  }
  escape_words.resize((raw_bits + 31) / 32);
  raw_writer escapes(escape_words.data());
  w.reserve(words);
  for (int j = 0; j < 3; ++j)
    for (std::uint32_t l = 0; l < dtans_lanes; ++l)
      if (dtans_round_loads(0, lane_segments[l], size[l], j)) w.push_back(loads[l].init[j]);
  for (std::uint64_t t = 0; t < segments; ++t) {
    if (raw_bits)
      for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
        const std::uint64_t end = std::min<std::uint64_t>(size[l], (t + 1) * dtans_segment);
        for (std::uint64_t k = t * dtans_segment; k < end; ++k)
          if (sym[l][k].raw_bits) escapes.put(sym[l][k].raw, sym[l][k].raw_bits);
      }
    for (int j = 0; j < 3; ++j)
      for (std::uint32_t l = 0; l < dtans_lanes; ++l)
        if (dtans_round_loads(t + 1, lane_segments[l], size[l], j) &&
            (j == 2 || loads[l].loads[j][t]))
          w.push_back(loads[l].segment[j][t]);
  }
  if (escapes.finish() != escape_words.data() + escape_words.size())
    throw error(error_kind::internal, "dtANS encoder: the escapes differ from their bit count");
}

// One slice (its 32 lanes from `lanes` on): each lane's symbols and loads, then its words and
// escapes.
template <class T>
void encode_slice(const csr_source<T>& in, const symbol_coder<T>& code, const lane_rows* lanes,
                  buffer<std::uint32_t>& words, buffer<std::uint32_t>& escapes) {
  std::vector<coded_lane> coded(dtans_lanes);
  std::vector<lane_loads> loads(dtans_lanes);
  std::uint64_t segments = 0;
  for (std::uint32_t l = 0; l < dtans_lanes; ++l) {
    coded[l] = code_lane(in, code, lanes[l]);
    loads[l] = encode_lane(coded[l].sym);
    segments = std::max(segments, loads[l].segments);
  }
  write_slice(coded, loads, segments, words, escapes);
}

// The encoded matrix but its tables: the slices' streams joined, where each slice's rows, words
// and escapes start, each lane's row and symbol counts, and the information shares.
struct encoded_streams {
  buffer<std::uint64_t> slice_row, word_start, escape_start;
  buffer<std::uint16_t> lane_rows;
  buffer<std::uint32_t> lane_symbols, words, escapes;
  information_shares shares;
};

encoded_streams join_slices(const std::vector<lane_rows>& lanes,
                            const std::vector<buffer<std::uint32_t>>& slice_words,
                            const std::vector<buffer<std::uint32_t>>& slice_escapes,
                            std::uint64_t nrows) {
  const std::uint64_t slices = slice_words.size();
  buffer<std::uint64_t> slice_row(slices + 1), word_start(slices + 1), escape_start(slices + 1);
  buffer<std::uint16_t> lane_row_counts(lanes.size());
  buffer<std::uint32_t> lane_symbol_counts(lanes.size());
  for (std::size_t l = 0; l < lanes.size(); ++l) {
    lane_row_counts[l] = std::uint16_t(lanes[l].rows);
    lane_symbol_counts[l] = std::uint32_t(lanes[l].symbols);
  }
  slice_row[0] = word_start[0] = escape_start[0] = 0;
  for (std::uint64_t s = 0; s < slices; ++s) {
    slice_row[s + 1] =
        std::min(nrows, s + 1 < slices ? lanes[(s + 1) * dtans_lanes].first_row : nrows);
    word_start[s + 1] = word_start[s] + slice_words[s].size();
    escape_start[s + 1] = escape_start[s] + slice_escapes[s].size();
  }
  buffer<std::uint32_t> words(word_start[slices]),
      escapes(escape_start[slices] + 2);  // + 2: read_raw's reach
  escapes[escape_start[slices]] = escapes[escape_start[slices] + 1] = 0;
  // The slices copied side by side, each to its offsets.
  const std::int64_t count = std::int64_t(slices);
#pragma omp parallel for schedule(dynamic, 64) if (word_start[slices] > kernels::min_parallel_work)
  for (std::int64_t s = 0; s < count; ++s) {
    const std::size_t i = std::size_t(s);
    std::copy(slice_words[i].begin(), slice_words[i].end(),
              words.begin() + std::ptrdiff_t(word_start[i]));
    std::copy(slice_escapes[i].begin(), slice_escapes[i].end(),
              escapes.begin() + std::ptrdiff_t(escape_start[i]));
  }
  return {std::move(slice_row),
          std::move(word_start),
          std::move(escape_start),
          std::move(lane_row_counts),
          std::move(lane_symbol_counts),
          std::move(words),
          std::move(escapes),
          {}};
}

// The whole encoder over a CSR matrix with values of type T: statistics, tables (into
// index_table and value_table), lanes, the slices in parallel, then the joined streams.
template <class T>
encoded_streams encode_streams(const csr_matrix& a, const T* values, const dtans_options& options,
                               dtans_index_entry* index_table, dtans_value_entry* value_table) {
  const csr_source<T> in{a, values, a.has_values(), a.has_values() ? 1 : options.max_run};
  const symbol_counts counts = count_symbols(in);
  const symbol_coder<T> code(counts, a.nrows, index_table, value_table);
  const information_shares shares = share_information(counts, code, a.nrows);
  const std::vector<lane_rows> lanes =
      deal_rows_to_lanes(counts.row_symbols, a.nrows, options.lane_symbols);
  const std::uint64_t slices = lanes.size() / dtans_lanes;
  // Per slice: each lane's symbols, the lockstep word rounds and the escapes.
  std::vector<buffer<std::uint32_t>> slice_words{slices}, slice_escapes{slices};
#pragma omp parallel for schedule(dynamic, 4) if (a.nnz() > (1u << 16))
  for (std::int64_t s = 0; s < std::int64_t(slices); ++s)
    encode_slice(in, code, lanes.data() + std::uint64_t(s) * dtans_lanes, slice_words[s],
                 slice_escapes[s]);
  encoded_streams out = join_slices(lanes, slice_words, slice_escapes, a.nrows);
  out.shares = shares;
  return out;
}

// Every entry of every slice into cols (and values): each row's entries at the positions from
// next[row] on, which advance. (A function rather than a lambda: clang cannot outline an OpenMP
// loop inside a generic lambda that refers to the enclosing function's locals.)
template <class V, class Out>
void decode_slices(const dtans_view<V>& view, edge_offset* next, vertex_id* cols, Out* out_values,
                   bool parallel) {
  (void)out_values;  // unused for a pattern matrix
  const std::int64_t slices = std::int64_t(view.slices);
#pragma omp parallel for schedule(dynamic, 4) if (parallel)
  for (std::int64_t s = 0; s < slices; ++s)
    kernels::for_each_in_dtans_slice(
        view, std::uint64_t(s),
        [&](std::uint32_t, std::uint64_t row, vertex_id col, const V& value) {
          const edge_offset k = next[row]++;
          if (cols) cols[k] = col;
          if constexpr (!std::is_same_v<V, pattern_value>) out_values[k] = value;
        },
        [](std::uint32_t, std::uint64_t) {});
}

}  // namespace

dtans_matrix dtans_matrix::from_csr(const csr_matrix& a, const dtans_options& options) {
  if (options.lane_symbols < 1) throw error(error_kind::usage, "CSR-dtANS needs lane_symbols >= 1");
  if (options.max_run < 1 || options.max_run > dtans_max_run)
    throw error(error_kind::usage,
                "CSR-dtANS needs max_run in 1 .. " + std::to_string(dtans_max_run));
  dtans_matrix m;
  m.nrows_ = a.nrows;
  m.ncols_ = a.ncols;
  m.nnz_ = a.nnz();
  m.values_type_ = a.values_type();
  const bool weighted = a.has_values();
  buffer<dtans_index_entry> index_table(dtans_slots);
  buffer<dtans_value_entry> value_table(weighted ? dtans_slots : 0);
  encoded_streams e = formats::with_values(a.values, [&](const auto* values) {
    return encode_streams(a, values, options, index_table.data(), value_table.data());
  });
  m.index_share_ = e.shares.index;
  m.value_share_ = e.shares.value;
  m.slice_row_ = shared_array<std::uint64_t>(std::move(e.slice_row));
  m.word_start_ = shared_array<std::uint64_t>(std::move(e.word_start));
  m.escape_start_ = shared_array<std::uint64_t>(std::move(e.escape_start));
  m.lane_rows_ = shared_array<std::uint16_t>(std::move(e.lane_rows));
  m.lane_symbols_ = shared_array<std::uint32_t>(std::move(e.lane_symbols));
  m.words_ = shared_array<std::uint32_t>(std::move(e.words));
  m.escapes_ = shared_array<std::uint32_t>(std::move(e.escapes));
  m.index_table_ = shared_array<dtans_index_entry>(std::move(index_table));
  m.value_table_ = shared_array<dtans_value_entry>(std::move(value_table));
  return m;
}

csr_matrix dtans_matrix::to_csr() const {
  csr_matrix a;
  a.nrows = nrows_;
  a.ncols = ncols_;
  const bool parallel = nnz_ > (1u << 16);
  // Pass 1 counts each row's entries (into next[row + 1]); pass 2 places them.
  buffer<edge_offset> offsets(nrows_ + 1, 0);
  decode_slices(view<pattern_value>(), offsets.data() + 1, nullptr,
                static_cast<pattern_value*>(nullptr), parallel);
  for (std::uint64_t r = 0; r < nrows_; ++r) offsets[r + 1] += offsets[r];
  buffer<edge_offset> next(offsets.begin(), offsets.end() - 1);
  buffer<vertex_id> cols(nnz_);
  auto typed = [&](auto tag) -> value_array {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, pattern_value>) {
      decode_slices(view<pattern_value>(), next.data(), cols.data(),
                    static_cast<pattern_value*>(nullptr), parallel);
      return std::monostate{};
    } else {
      buffer<T> values(nnz_);
      decode_slices(view<T>(), next.data(), cols.data(), values.data(), parallel);
      return shared_array<T>(std::move(values));
    }
  };
  // clang-format off
  switch (values_type_) {
    case value_type::none: a.values = typed(pattern_value{}); break;
    case value_type::int32: a.values = typed(std::int32_t{}); break;
    case value_type::int64: a.values = typed(std::int64_t{}); break;
    case value_type::uint32: a.values = typed(std::uint32_t{}); break;
    case value_type::uint64: a.values = typed(std::uint64_t{}); break;
    case value_type::float32: a.values = typed(float{}); break;
    case value_type::float64: a.values = typed(double{}); break;
  }
  // clang-format on
  a.offsets = shared_array<edge_offset>(std::move(offsets));
  a.cols = shared_array<vertex_id>(std::move(cols));
  return a;
}

dtans_parts dtans_matrix::parts() const {
  return {nrows_,      ncols_,        nnz_,         values_type_,  slice_row_,
          word_start_, escape_start_, lane_rows_,   lane_symbols_, words_,
          escapes_,    index_table_,  value_table_, index_share_,  value_share_};
}

dtans_matrix dtans_matrix::from_parts(dtans_parts p) {
  dtans_matrix m;
  m.nrows_ = p.nrows;
  m.ncols_ = p.ncols;
  m.nnz_ = p.nnz;
  m.values_type_ = p.values_type;
  m.slice_row_ = std::move(p.slice_row);
  m.word_start_ = std::move(p.word_start);
  m.escape_start_ = std::move(p.escape_start);
  m.lane_rows_ = std::move(p.lane_rows);
  m.lane_symbols_ = std::move(p.lane_symbols);
  m.words_ = std::move(p.words);
  m.escapes_ = std::move(p.escapes);
  m.index_table_ = std::move(p.index_table);
  m.value_table_ = std::move(p.value_table);
  m.index_share_ = p.index_share;
  m.value_share_ = p.value_share;
  return m;
}

formats::footprint dtans_matrix::size() const noexcept {
  const std::uint64_t stream = (words_.size() + escapes_.size()) * 4;
  const std::uint64_t index_stream = std::uint64_t(std::llround(double(stream) * index_share_));
  const std::uint64_t value_stream =
      std::min(stream - index_stream, std::uint64_t(std::llround(double(stream) * value_share_)));
  const std::uint64_t lanes =
      lane_rows_.size() * sizeof(std::uint16_t) + lane_symbols_.size() * sizeof(std::uint32_t);
  const std::uint64_t slices =
      (slice_row_.size() + word_start_.size() + escape_start_.size()) * sizeof(std::uint64_t);
  return {index_table_.size() * sizeof(dtans_index_entry) + index_stream,
          value_table_.size() * sizeof(dtans_value_entry) + value_stream,
          stream - index_stream - value_stream + lanes + slices};
}

}  // namespace graphring

// A bucket queue over the indices of a vector whose values the caller lowers in place (such as
// distances): Dial's buckets [1], as Δ-stepping keeps its bins [2, 3]. push(entries) lists each
// entry (i, v) in bucket ⌊v / width⌋; pop() takes the lowest non-empty bucket whole and returns the
// vector's entries listed there whose value still falls in that bucket, each once. Every change
// the caller makes must be pushed: an index pushed again at a lower value is listed twice, and the
// older listing is dropped when its bucket is taken, as GAP skips a vertex whose distance fell
// below its bin. So a bucket costs the pushes into it, never the vector's size, and thousands of
// small buckets cost what their entries do. Values need not arrive in order: a push below the
// buckets still waiting moves the window down to it, and a bucket already taken is taken again.
//
// Storage: the buckets from `base` on sit in a window of `window_slots` lists; pushes beyond it
// wait in one overflow list, which is sorted into a new window once the window is empty (its
// listings whose value has since fallen into the old window were taken with it, and are dropped).
//
// [1] Dial, "Algorithm 360: shortest-path forest with topological ordering", CACM 12(11), 1969.
// [2] Meyer & Sanders, "Δ-stepping: a parallelizable shortest path algorithm", J. Algorithms 2003.
// [3] Beamer, Asanović, Patterson, "The GAP Benchmark Suite", arXiv:1508.03619, 2015.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/vector.hpp"

namespace graphring {

template <class T>
class bucket_queue {
 public:
  static constexpr std::size_t window_slots = 1024;

  // Buckets of `width` (finite, > 0) over the indices of `values`, a dense vector that must
  // outlive the queue.
  bucket_queue(const vector<T>& values, T width) : values_(values), width_(double(width)) {
    if (!(width_ > 0) || !std::isfinite(width_))
      throw error(error_kind::usage, "a bucket queue's width must be a finite number above 0");
    if (values.form() != vector_form::dense)
      throw error(error_kind::usage, "a bucket queue needs a dense vector (every entry present)");
    slots_.resize(window_slots);
  }

  // True when no bucket is left (the overflow's listings that have become stale are dropped on
  // the way).
  bool empty() {
    if (listed_ == 0) return true;
    while (cursor_ < window_slots && slots_[cursor_].empty()) ++cursor_;
    if (cursor_ == window_slots) refill_window();
    return listed_ == 0;
  }

  // Lists every entry (i, v) of `entries` in bucket ⌊v / width⌋ (v: the value just written to i).
  void push(const vector<T>& entries) {
    detail::check_dimension(entries.size(), values_.size(), "the pushed vector's size");
    if (entries.nvals() == 0) return;
    vector<T> spare;
    const vector<T>& e = sparse_form(entries, spare);
    const vertex_id* index = e.indices();
    const T* value = e.values();
    list_all(e.nvals(), [&](const auto& visit) {
      for (std::uint64_t k = 0; k < e.nvals(); ++k) visit(index[k], key_of(value[k]));
    });
  }

  // Lists every index in `lists` (repeats allowed) in the bucket of its current value: push of
  // the entries an operation changed, given as the index lists it kept, without forming a vector.
  // Repeats are dropped first, and many indices are put in order, so that their values are read
  // in order.
  void push_listed(std::span<const std::vector<std::uint32_t>> lists) {
    std::uint64_t count = 0;
    for (const auto& list : lists) count += list.size();
    if (count == 0) return;
    unique_indices(changed_, count, [&](const auto& take) {
      for (const auto& list : lists)
        for (const std::uint32_t i : list) take(i);
    });
    const T* v = values_.values();
    list_all(changed_.size(), [&](const auto& visit) {
      for (std::size_t e = 0; e < changed_.size(); ++e) {
        if (e + read_ahead < changed_.size()) __builtin_prefetch(v + changed_[e + read_ahead]);
        visit(changed_[e], key_of(v[changed_[e]]));
      }
    });
  }

  // The number of the lowest non-empty bucket, ⌊v / width⌋ of its values (two buckets may show
  // one number once it passes 2^53); the queue must not be empty.
  double front_key() {
    if (empty()) throw error(error_kind::usage, "front_key of an empty bucket queue");
    return base_ + double(cursor_);
  }

  // Where the lowest non-empty bucket ends, (front_key() + 1) · width as a T, up to its rounding
  // (T's largest value for the bucket of the largest keys, or past T's range): a value below it
  // lies in that bucket or below it. The queue must not be empty.
  T front_end() {
    const double key = front_key(), end = (key + 1) * width_;
    constexpr double largest_key = std::numeric_limits<double>::max();
    if (key >= largest_key || !(end < double(std::numeric_limits<T>::max())))
      return std::numeric_limits<T>::max();
    return T(end);
  }

  // The buckets' width.
  double width() const noexcept { return width_; }

  // Buckets `factor` (> 1) times as wide from now on: every listing whose value is still in its
  // bucket is listed again, by that value, in the wider buckets; the stale ones are dropped (their
  // index was listed again where its value fell, and taken there or waiting there).
  void widen(double factor) {
    if (!(factor > 1) || !std::isfinite(width_ * factor))
      throw error(error_kind::usage, "a bucket queue widens by a finite factor above 1");
    const T* v = values_.values();
    std::vector<std::uint32_t> held;
    for (std::size_t s = 0; s < window_slots; ++s) {
      for (const std::uint32_t i : slots_[s])
        if (slot_of(key_of(v[i])) == s) held.push_back(i);
      slots_[s].clear();
    }
    for (const std::uint32_t i : overflow_)
      if (slot_of(key_of(v[i])) == window_slots) held.push_back(i);
    overflow_.clear();
    width_ *= factor;
    double lowest = std::numeric_limits<double>::infinity();
    for (const std::uint32_t i : held) lowest = std::min(lowest, key_of(v[i]));
    base_ = held.empty() ? 0 : lowest;
    cursor_ = 0;
    for (const std::uint32_t i : held) list(i, key_of(v[i]));
    listed_ = held.size();
  }

  // Takes the lowest non-empty bucket: the entries listed in it whose value is still in it, each
  // once, with their values.
  vector<T> pop() {
    std::vector<std::uint32_t>& taken = take_front_unordered();
    const std::uint64_t n = values_.size();
    const T* v = values_.values();
    if (form_for_density(taken.size(), n) == vector_form::sparse) {
      std::sort(taken.begin(), taken.end());
      array<vertex_id> indices(taken.size());
      array<T> kept(taken.size());
      for (std::uint64_t e = 0; e < taken.size(); ++e) kept[e] = v[indices[e] = taken[e]];
      return vector<T>::from_sorted(n, std::move(indices), std::move(kept));
    }
    array<T> kept(n);
    array<std::uint8_t> present(n, 0);
    for (const std::uint32_t i : taken) {
      present[i] = 1;
      kept[i] = v[i];
    }
    auto c = vector<T>::from_bitmap(n, std::move(kept), std::move(present), taken.size());
    c.conform();
    return c;
  }

  // Takes the lowest non-empty bucket as pop does, giving only the indices, each once (ascending
  // when they are many, else in the order they were listed); they stay valid until the next
  // take_front or pop.
  const std::vector<std::uint32_t>& take_front() { return take_front_unordered(); }

  // The vector whose indices the queue lists.
  const vector<T>& values() const noexcept { return values_; }

 private:
  std::vector<std::uint32_t>& take_front_unordered() {
    if (empty()) throw error(error_kind::usage, "pop from an empty bucket queue");
    std::vector<std::uint32_t>& slot = slots_[cursor_];
    const T* v = values_.values();
    unique_indices(taken_, slot.size(), [&](const auto& take) {
      for (std::size_t e = 0; e < slot.size(); ++e) {
        if (e + read_ahead < slot.size()) __builtin_prefetch(v + slot[e + read_ahead]);
        if (slot_of(key_of(v[slot[e]])) == cursor_) take(slot[e]);
      }
    });
    listed_ -= slot.size();
    slot.clear();
    return taken_;
  }

  // Fills `out` with the indices that for_each(take) hands to take (at most `count` of them),
  // each once. A bit set says which were seen: below 1/scan_divisor of the vector's size they come
  // out in the order they came and their words are cleared from `out`; from there on the whole
  // bit set is read back (a word per 64 indices), so they come out ascending.
  static constexpr std::uint64_t scan_divisor = 512;
  // How many listings ahead a pass over listed indices asks for their values (scattered reads).
  static constexpr std::size_t read_ahead = 16;
  template <class ForEach>
  void unique_indices(std::vector<std::uint32_t>& out, std::uint64_t count,
                      const ForEach& for_each) {
    out.clear();
    const std::uint64_t n = values_.size();
    marks_.resize((n + 63) / 64, 0);
    auto bit = [](std::uint32_t i) { return std::uint64_t(1) << (i & 63); };
    if (count * scan_divisor < n) {
      for_each([&](std::uint32_t i) {
        if (marks_[i >> 6] & bit(i)) return;
        marks_[i >> 6] |= bit(i);
        out.push_back(i);
      });
      for (const std::uint32_t i : out) marks_[i >> 6] = 0;
      return;
    }
    for_each([&](std::uint32_t i) { marks_[i >> 6] |= bit(i); });
    for (std::size_t w = 0; w < marks_.size(); ++w) {
      for (std::uint64_t bits = marks_[w]; bits != 0; bits &= bits - 1)
        out.push_back(std::uint32_t(w * 64 + std::size_t(__builtin_ctzll(bits))));
      marks_[w] = 0;
    }
  }

  // Lists the `count` (i, key) pairs that for_each(visit) hands to visit: their keys first, to
  // find the lowest (a push below the buckets still waiting moves the window down) and refuse
  // NaN before anything is listed; then the listings.
  template <class ForEach>
  void list_all(std::uint64_t count, const ForEach& for_each) {
    keyed_.clear();
    keyed_.reserve(count);
    double lowest = std::numeric_limits<double>::infinity();
    for_each([&](std::uint32_t i, double key) {
      if (std::isnan(key)) throw error(error_kind::usage, "a bucket queue cannot place NaN");
      lowest = std::min(lowest, key);
      keyed_.push_back({i, key});
    });
    if (listed_ == 0) {
      base_ = lowest;
      cursor_ = 0;
    } else if (lowest < base_) {
      move_window_down(lowest);
    }
    for (const auto& [i, key] : keyed_) list(i, key);
    listed_ += count;
  }

  // ⌊v / width⌋, held within the finite doubles (a bucket of the largest ones takes the rest).
  double key_of(const T& v) const {
    const double key = std::floor(double(v) / width_);
    constexpr double largest = std::numeric_limits<double>::max();
    return std::isinf(key) ? std::copysign(largest, key) : key;
  }

  // The slot of a key in the current window; window_slots for the overflow.
  std::size_t slot_of(double key) const {
    const double offset = key - base_;
    if (offset <= 0) return 0;
    return offset < double(window_slots) ? std::size_t(offset) : window_slots;
  }

  void list(std::uint32_t i, double key) {
    const std::size_t s = slot_of(key);
    if (s == window_slots) {
      overflow_.push_back(i);
      return;
    }
    slots_[s].push_back(i);
    cursor_ = std::min(cursor_, s);
  }

  // A push below the window (values need not arrive in order): the window starts at `key` and
  // its listings are listed again by their current values.
  void move_window_down(double key) {
    std::vector<std::uint32_t> held;
    for (auto& slot : slots_) {
      held.insert(held.end(), slot.begin(), slot.end());
      slot.clear();
    }
    base_ = key;
    cursor_ = window_slots;
    const T* v = values_.values();
    for (const std::uint32_t i : held) list(i, key_of(v[i]));
  }

  // The window is empty: a new window from the overflow's lowest key (none left when every
  // listing there is stale). A listing whose value has fallen below the old window's end since was
  // pushed again into that window and taken there: it is dropped.
  void refill_window() {
    const T* v = values_.values();
    std::vector<std::uint32_t> waiting;
    waiting.swap(overflow_);
    listed_ -= waiting.size();
    double lowest = std::numeric_limits<double>::infinity();
    std::size_t kept = 0;
    for (const std::uint32_t i : waiting) {
      const double key = key_of(v[i]);
      if (slot_of(key) < window_slots) continue;
      waiting[kept++] = i;
      lowest = std::min(lowest, key);
    }
    waiting.resize(kept);
    base_ = lowest;
    cursor_ = 0;
    for (const std::uint32_t i : waiting) list(i, key_of(v[i]));
    listed_ += kept;
  }

  const vector<T>& values_;
  double width_;
  double base_ = 0;         // the key of slot 0
  std::size_t cursor_ = 0;  // the slots below it are empty
  std::vector<std::vector<std::uint32_t>> slots_;
  std::vector<std::uint32_t> overflow_;
  std::uint64_t listed_ = 0;                             // listings in the slots and the overflow
  std::vector<std::uint32_t> taken_;                     // the bucket take_front took
  std::vector<std::uint32_t> changed_;                   // push_listed's indices
  std::vector<std::pair<std::uint32_t, double>> keyed_;  // list_all's listings and their keys
  std::vector<std::uint64_t> marks_;                     // all zero between takes
};

}  // namespace graphring

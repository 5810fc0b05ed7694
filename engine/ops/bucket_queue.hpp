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
#include <vector>

#include "core/error.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/listed_entries.hpp"
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
    double lowest = std::numeric_limits<double>::infinity();
    for (std::uint64_t k = 0; k < e.nvals(); ++k) {
      const double key = key_of(value[k]);
      if (std::isnan(key)) throw error(error_kind::usage, "a bucket queue cannot place NaN");
      lowest = std::min(lowest, key);
    }
    if (listed_ == 0) {
      base_ = lowest;
      cursor_ = 0;
    } else if (lowest < base_) {
      move_window_down(lowest);
    }
    for (std::uint64_t k = 0; k < e.nvals(); ++k) list(index[k], key_of(value[k]));
    listed_ += e.nvals();
  }

  // The number of the lowest non-empty bucket, ⌊v / width⌋ of its values (two buckets may show
  // one number once it passes 2^53); the queue must not be empty.
  double front_key() {
    if (empty()) throw error(error_kind::usage, "front_key of an empty bucket queue");
    return base_ + double(cursor_);
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
    if (empty()) throw error(error_kind::usage, "pop from an empty bucket queue");
    std::vector<std::uint32_t>& slot = slots_[cursor_];
    auto result = detail::listed_entries(
        values_, std::span<const std::vector<std::uint32_t>>(&slot, 1),
        [&](std::uint32_t, const T& v) { return slot_of(key_of(v)) == cursor_; });
    listed_ -= slot.size();
    slot.clear();
    return result;
  }

 private:
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
  std::uint64_t listed_ = 0;  // listings in the slots and the overflow
};

}  // namespace graphring

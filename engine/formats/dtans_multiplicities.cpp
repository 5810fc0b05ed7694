// CSR-dtANS multiplicities: the slot-by-slot greedy with the bulk of the slots handed out by a
// threshold. Handing out a slot pops the largest (gain, index) from a heap that holds each
// symbol's next gain; a symbol's gains fall with m, so the slots handed out first are exactly
// those whose gain is above any threshold that at most the available number of slots pass.
// Bisection finds such a threshold with few slots left over, which the heap hands out as before:
// the result is the heap's, ties included.
#include "engine/formats/dtans_multiplicities.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <queue>
#include <utility>

#include "kernels/formats/dtans_view.hpp"

namespace graphring::formats {

namespace {

constexpr std::uint32_t most = dtans_max_multiplicity;  // M

// The gain of a symbol's slot m + 1: the expression the heap compares, computed the same way.
double gain(std::uint64_t count, std::uint32_t m) {
  return double(count) * std::log2(double(m + 1) / m);
}

// About how many of a symbol's extra slots (m = 1 .. M - 1) gain more than lambda > 0, give or
// take one: gain(m) > lambda <=> m < 1 / (2^(lambda / count) - 1) in exact arithmetic.
std::uint32_t slots_above_about(std::uint64_t count, double lambda) {
  if (count == 0) return 0;  // its gains are 0
  const double bound = 1.0 / std::expm1(lambda / double(count) * std::numbers::ln2);
  return bound >= double(most - 1) ? most - 1 : std::uint32_t(std::max(0.0, bound));
}

// How many of a symbol's extra slots gain more than lambda > 0, exactly: the first k, since the
// gain falls with m.
std::uint32_t slots_above(std::uint64_t count, double lambda) {
  if (count == 0) return 0;
  std::uint32_t k = slots_above_about(count, lambda);
  while (k < most - 1 && gain(count, k + 1) > lambda) ++k;
  while (k > 0 && !(gain(count, k) > lambda)) --k;
  return k;
}

std::uint64_t slots_above_about(std::span<const std::uint64_t> counts, double lambda) {
  std::uint64_t total = 0;
  for (const std::uint64_t c : counts) total += slots_above_about(c, lambda);
  return total;
}

// Hands out every slot whose gain is above a threshold lambda, chosen so that at most `left` and
// about n to 2n fewer pass it (bisection on the estimates, then the exact count); returns how
// many, or 0 (m untouched) when the exact count passes `left`.
std::uint64_t hand_out_above(std::span<const std::uint64_t> counts, std::uint64_t left,
                             std::vector<std::uint32_t>& m) {
  const std::uint64_t n = counts.size();
  double lo = 0, hi = 0;
  std::uint64_t positive = 0;
  for (const std::uint64_t c : counts) {
    hi = std::max(hi, double(c));  // gain(c, 1) = c: no slot gains more
    positive += c > 0;
  }
  if ((most - 1) * positive <= left) {
    // Every slot with a gain above 0 fits: those symbols take M each.
    for (std::size_t i = 0; i < n; ++i) m[i] = counts[i] > 0 ? most : 1;
    return (most - 1) * positive;
  }
  // Start near the answer: with m = c / (lambda ln 2) for every symbol (the gain c log2(1 + 1/m)
  // is about c / (m ln 2)), the slots sum to n + left. Widen by factors of 4 until the answer is
  // bracketed, then halve the bracket.
  double total_count = 0;
  for (const std::uint64_t c : counts) total_count += double(c);
  const double guess = total_count / (double(n + left) * std::numbers::ln2);
  auto fits = [&](double lambda, std::uint64_t& about) {
    about = slots_above_about(counts, lambda);
    return about + n <= left;
  };
  std::uint64_t about_hi = 0, about = 0;
  if (guess < hi) {
    if (fits(guess, about)) {
      hi = guess;
      about_hi = about;
      for (lo = guess / 4; lo > 0 && fits(lo, about); lo /= 4) {
        hi = lo;
        about_hi = about;
      }
    } else {
      lo = guess;
      for (double up = guess * 4; up < hi; lo = up, up *= 4) {
        if (fits(up, about)) {
          hi = up;
          about_hi = about;
          break;
        }
      }
    }
  }
  for (int step = 0; step < 200 && about_hi + 2 * n < left; ++step) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    if (fits(mid, about)) {
      hi = mid;
      about_hi = about;
    } else {
      lo = mid;
    }
  }
  std::vector<std::uint32_t> extra(n);
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < n; ++i) total += extra[i] = slots_above(counts[i], hi);
  if (total > left) return 0;
  for (std::size_t i = 0; i < n; ++i) m[i] += extra[i];
  return total;
}

}  // namespace

std::vector<std::uint32_t> dtans_multiplicities(std::span<const std::uint64_t> counts) {
  const std::size_t n = counts.size();
  std::vector<std::uint32_t> m(n, 1);
  std::uint64_t left = n < dtans_slots ? dtans_slots - n : 0;
  // The slots above a threshold first, when more than a few per symbol are to be handed out (the
  // heap alone costs about `left` steps of log2(n) each, the bisection about ten passes over n).
  if (left > 2 * n) left -= hand_out_above(counts, left, m);
  std::priority_queue<std::pair<double, std::size_t>> gains;
  for (std::size_t i = 0; i < n; ++i)
    if (m[i] < most) gains.push({gain(counts[i], m[i]), i});
  for (; left > 0 && !gains.empty(); --left) {
    const std::size_t i = gains.top().second;
    gains.pop();
    if (++m[i] < most) gains.push({gain(counts[i], m[i]), i});
  }
  return m;
}

}  // namespace graphring::formats

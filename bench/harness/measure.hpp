// Timing for the benchmark harness: a warm-up run, then N timed trials of the same work, with the
// median, minimum and maximum. Work that must be undone between trials goes in `prepare`, which
// is not timed.
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

namespace graphring::bench {

struct trial_times {
  std::vector<double> seconds;  // every trial, in order
  double median = 0, min = 0, max = 0;
};

inline trial_times summarize_trials(std::vector<double> seconds) {
  trial_times t;
  t.seconds = seconds;
  if (seconds.empty()) return t;
  std::sort(seconds.begin(), seconds.end());
  const std::size_t n = seconds.size();
  t.median = n % 2 ? seconds[n / 2] : (seconds[n / 2 - 1] + seconds[n / 2]) / 2;
  t.min = seconds.front();
  t.max = seconds.back();
  return t;
}

// Runs prepare(); run() once to warm up, then `trials` times, timing run() alone. on_trial(i) is
// called before trial i (1-based) for a progress line.
inline trial_times time_trials(int trials, const std::function<void()>& prepare,
                               const std::function<void()>& run,
                               const std::function<void(int)>& on_trial = {}) {
  using clock = std::chrono::steady_clock;
  if (prepare) prepare();
  run();
  std::vector<double> seconds;
  for (int i = 1; i <= trials; ++i) {
    if (on_trial) on_trial(i);
    if (prepare) prepare();
    const auto start = clock::now();
    run();
    seconds.push_back(std::chrono::duration<double>(clock::now() - start).count());
  }
  return summarize_trials(std::move(seconds));
}

}  // namespace graphring::bench

// Timing for the benchmark harness: a warm-up run, then N timed trials of the same work, with the
// median, minimum and maximum. Work that must be undone between trials goes in `prepare`, which
// is not timed. time_interleaved times several works against one another trial by trial instead.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
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

struct timed_work {
  std::function<void()> prepare;  // untimed, before every run (may be empty)
  std::function<void()> run;
};

// Times the works against one another: in each of `trials` rounds every work in turn runs once
// untimed and once timed (each after its prepare), so that its timed run finds its own data in
// the caches while all the works meet the machine's slow and fast spells alike (on a shared
// machine these change the times by 2-3x within seconds). Where the works' data come near the
// size of the last-level cache, one untimed run does not bring back a work's steady state
// (README, Benchmarks). The warm-up before the first round is the caller's. on_trial(i, w) is
// called before round i's (1-based) run of work w.
inline std::vector<trial_times> time_interleaved(
    int trials, const std::vector<timed_work>& works,
    const std::function<void(int, std::size_t)>& on_trial = {}) {
  using clock = std::chrono::steady_clock;
  std::vector<std::vector<double>> seconds(works.size());
  for (int i = 1; i <= trials; ++i) {
    for (std::size_t w = 0; w < works.size(); ++w) {
      if (on_trial) on_trial(i, w);
      if (works[w].prepare) works[w].prepare();
      works[w].run();
      if (works[w].prepare) works[w].prepare();
      const auto start = clock::now();
      works[w].run();
      seconds[w].push_back(std::chrono::duration<double>(clock::now() - start).count());
    }
  }
  std::vector<trial_times> times;
  for (auto& s : seconds) times.push_back(summarize_trials(std::move(s)));
  return times;
}

}  // namespace graphring::bench

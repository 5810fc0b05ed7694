// A choice between two kernels that give the same answer, made by their measured times: the pull
// product's row-by-row kernel (0) and its sliced one (1, kernels/cpu/spmv_sliced.hpp). Which is
// faster depends on what ran before, not only on the matrix: the sliced kernel wins in a loop of
// products but loses right after other work has taken the shared L3, and it needs several runs to
// get back to its loop speed, the row-by-row kernel one (it streams the matrix); the figures are
// in docs/kernel-speed-log.md.
// Until each kernel has run `settle_runs` times, the one that ran fewer times runs, the sliced one
// on a tie (the pull reports its row-by-row runs from the first product on, so the sliced one runs
// four times in a row once its order is made, then the row-by-row one once); only the last of a
// kernel's first `settle_runs` times counts (the sliced kernel gets its data back over several
// runs after other work, such as making the order). Then the one with the lower running mean runs
// (each new time weighs half) and, every `explore_every`-th call, the other, so that a change in
// how the matrix is used shows. One time over `transient_factor` x its kernel's mean is left out
// of the mean, a second in a row is not: the first product after other work finds the matrix
// out of the cache, and the sliced kernel pays more for that than the row-by-row one, so that
// one cold run would otherwise hand the products up to the next exploring call to the slower one.
// Safe to share between threads.
#pragma once

#include <cstdint>
#include <mutex>

namespace graphring {

class timed_choice {
 public:
  static constexpr std::uint64_t explore_every = 16;
  static constexpr std::uint64_t settle_runs = 4;
  static constexpr double transient_factor = 1.5;

  // The kernel the next call takes.
  int next() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (pinned_ >= 0) return pinned_;
    ++calls_;
    if (runs_[0] < settle_runs || runs_[1] < settle_runs) return runs_[0] < runs_[1] ? 0 : 1;
    const int faster = mean_[1] < mean_[0] ? 1 : 0;
    return calls_ % explore_every == 0 ? 1 - faster : faster;
  }

  // Kernel k took `seconds`.
  void took(int k, double seconds) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (runs_[k] < settle_runs) {
      mean_[k] = seconds;
    } else {
      const bool slow = seconds > transient_factor * mean_[k];
      if (!slow || slow_[k]) mean_[k] += (seconds - mean_[k]) / 2;
      slow_[k] = slow;
    }
    ++runs_[k];
  }

  // Always kernel k from now on (k = 0 or 1), or chosen by time again (k = -1): for tests that
  // must reach one kernel, and for a caller that knows how its matrix will be used.
  void pin(int k) {
    std::lock_guard<std::mutex> lock(mutex_);
    pinned_ = k;
  }

  // How many times kernel k ran.
  std::uint64_t runs(int k) {
    std::lock_guard<std::mutex> lock(mutex_);
    return runs_[k];
  }

 private:
  std::mutex mutex_;
  double mean_[2] = {0, 0};
  bool slow_[2] = {false, false};  // the kernel's last run took over transient_factor x its mean
  std::uint64_t runs_[2] = {0, 0};
  std::uint64_t calls_ = 0;
  int pinned_ = -1;
};

}  // namespace graphring

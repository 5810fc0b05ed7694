// The per-row memory watch of the benchmark (see memory.hpp).
#include "bench/harness/memory.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace graphring::bench {
namespace {

// A "Vm...:  123 kB" line of /proc/self/status in MiB, or a negative number when unreadable.
double status_mb(const char* field) {
  std::FILE* f = std::fopen("/proc/self/status", "r");
  if (!f) return -1;
  char line[256];
  double mb = -1;
  const std::size_t length = std::strlen(field);
  while (std::fgets(line, sizeof line, f)) {
    if (std::strncmp(line, field, length) != 0) continue;
    double kb = 0;
    if (std::sscanf(line + length, "%lf", &kb) == 1) mb = kb / 1024.0;
    break;
  }
  std::fclose(f);
  return mb;
}

double process_peak_mb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_maxrss) / 1024.0;
}

bool reset_high_water_mark() {
  std::FILE* f = std::fopen("/proc/self/clear_refs", "w");
  if (!f) return false;
  const bool written = std::fputs("5", f) >= 0;
  return std::fclose(f) == 0 && written;
}

}  // namespace

memory_watch::memory_watch() {
  reset_ = reset_high_water_mark() && status_mb("VmHWM:") >= 0;
  start_mb_ = std::max(0.0, status_mb("VmRSS:"));
}

double memory_watch::peak_mb() const { return reset_ ? status_mb("VmHWM:") : process_peak_mb(); }

double memory_watch::added_mb() const { return std::max(0.0, peak_mb() - start_mb_); }

}  // namespace graphring::bench

// Machine description for benchmark records: /proc, /sys, a timed triad, library versions.
#include "bench/machine_info.hpp"

#include <omp.h>

#include <algorithm>
#include <boost/version.hpp>
#include <chrono>
#include <fstream>
#include <memory>
#include <thread>

#include "bench/baselines/graphblas_session.hpp"
#include "core/sanitizers.hpp"

namespace graphring::bench {
namespace {

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) != 0) continue;
    const auto colon = line.find(':');
    if (colon != std::string::npos) return line.substr(line.find_first_not_of(" \t", colon + 1));
  }
  return "unknown";
}

// The size of the highest-level cache of cpu0 ("32768K" in /sys), 32 MiB when unknown.
std::uint64_t last_level_cache() {
  std::uint64_t bytes = 0;
  int best_level = -1;
  for (int index = 0; index < 8; ++index) {
    const std::string dir =
        "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/";
    std::ifstream level_file(dir + "level"), size_file(dir + "size");
    int level = 0;
    std::string size;
    if (!(level_file >> level) || !(size_file >> size) || level < best_level) continue;
    std::uint64_t value = std::stoull(size);
    if (size.back() == 'K') value <<= 10;
    if (size.back() == 'M') value <<= 20;
    best_level = level;
    bytes = value;
  }
  return bytes == 0 ? std::uint64_t(32) << 20 : bytes;
}

std::string graphblas_version() {
  baselines::graphblas_init();
  std::int32_t v[3] = {0, 0, 0};
  char* name = nullptr;
  unsigned api = 0, api_sub = 0;
  GRAPHRING_GRB(GxB_Global_Option_get_INT32(GxB_LIBRARY_VERSION, v));
  GRAPHRING_GRB(GxB_Global_Option_get_CHAR(GxB_LIBRARY_NAME, &name));
  GRAPHRING_GRB(GrB_getVersion(&api, &api_sub));
  return std::string(name ? name : "GraphBLAS") + " " + std::to_string(v[0]) + "." +
         std::to_string(v[1]) + "." + std::to_string(v[2]) + " (C API " + std::to_string(api) +
         "." + std::to_string(api_sub) + ")";
}

}  // namespace

double stream_triad_gb_per_s(std::uint64_t elements, int trials) {
  const auto n = std::int64_t(elements);
  std::unique_ptr<double[]> a(new double[elements]), b(new double[elements]),
      c(new double[elements]);
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {  // first touch by the threads that will stream them
    a[i] = 0;
    b[i] = 1;
    c[i] = 2;
  }
  const double s = 3;
  double best = 0;
  for (int t = 0; t < trials; ++t) {
    const auto start = std::chrono::steady_clock::now();
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) a[i] = b[i] + s * c[i];
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    best = std::max(best, 24.0 * double(elements) / took.count() / 1e9);
  }
  // read a result so the stores cannot be dropped
  return a[std::size_t(n / 2)] == 7 ? best : 0;
}

machine_info probe_machine(bool measure_bandwidth) {
  machine_info m;
  m.cpu_model = cpu_model();
  m.logical_cores = std::thread::hardware_concurrency();
  m.openmp_threads = omp_get_max_threads();
  m.last_level_cache_bytes = last_level_cache();
  // Under a sanitizer the figure is meaningless (every load is instrumented) and arrays of 4x a
  // large server's cache took a minute per run: the triad still runs, over 2^20 elements.
  const std::uint64_t elements = built_with_sanitizer
                                     ? std::uint64_t(1) << 20
                                     : 4 * m.last_level_cache_bytes / sizeof(double) + 1;
  if (measure_bandwidth) m.triad_gb_per_s = stream_triad_gb_per_s(elements);
  m.graphblas = graphblas_version();
  m.boost =
      std::to_string(BOOST_VERSION / 100000) + "." + std::to_string(BOOST_VERSION / 100 % 1000);
  return m;
}

}  // namespace graphring::bench

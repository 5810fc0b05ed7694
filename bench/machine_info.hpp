// The machine a benchmark ran on, recorded with its results: CPU model and cores from
// /proc/cpuinfo, the last-level cache from /sys, a STREAM-like triad bandwidth (a = b + s·c over
// OpenMP threads, arrays of at least 4× the last-level cache, best of several trials, counting
// 24 bytes per element as STREAM does [1]), and the versions of SuiteSparse:GraphBLAS and Boost.
// [1] McCalpin, "Memory bandwidth and machine balance in current high performance computers",
//     IEEE TCCA Newsletter, 1995.
#pragma once

#include <cstdint>
#include <string>

namespace graphring::bench {

struct machine_info {
  std::string cpu_model;       // "model name" of /proc/cpuinfo ("unknown" when absent)
  unsigned logical_cores = 0;  // std::thread::hardware_concurrency
  int openmp_threads = 0;      // omp_get_max_threads
  std::uint64_t last_level_cache_bytes = 0;
  double triad_gb_per_s = 0;  // 0 when not measured
  std::string graphblas;      // e.g. "SuiteSparse:GraphBLAS 7.4.0 (C API 2.0)"
  std::string boost;          // e.g. "1.74"
};

// Best-of-`trials` triad bandwidth in GB/s (1e9 bytes/s) with arrays of `elements` doubles.
double stream_triad_gb_per_s(std::uint64_t elements, int trials = 5);

// Probes the machine; measures the triad bandwidth when asked (about a second).
machine_info probe_machine(bool measure_bandwidth = true);

}  // namespace graphring::bench

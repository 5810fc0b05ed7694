// The benchmark's results and how they are shown: one row per (graph, workload, system) with its
// trial times, ratio to GraphBLAS, throughput and agreement; a terminal table, JSON and CSV with
// every trial, and an SVG chart of the ratios.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench/harness/measure.hpp"

namespace graphring::bench {

struct result_row {
  std::string graph, workload, system;
  trial_times times;
  double edges = 0, bytes = 0;
  std::optional<double> ratio;  // median / GraphBLAS's median for the same workload
  std::string disagreement;     // "" when the answer agreed with graphring's (or is graphring's)
  double peak_rss_mb = 0;       // resident-set high-water mark during this row's trials, MiB
  double added_rss_mb = 0;      // of which this row's system added over what was resident, MiB
  bool gpu = false;             // ran on the GPU
  std::optional<std::int64_t> source =
      std::nullopt;  // the label of a BFS/SSSP source given by --sources
};

struct machine_line {
  std::string cpu, date, graphblas_version, boost_version;
  int threads = 0, cores = 0;
  double triad_gbs = 0;      // STREAM-like triad bandwidth measured at start
  bool interleaved = false;  // the systems' trials alternated (bench --interleave)
  std::string gpu;           // the GPU's name when GPU rows ran (--backend cuda), else empty
  double gpu_copy_gbs = 0;   // its device-to-device copy bandwidth (read + written bytes per s)
};

// printf of one number into a string ("%.2f ms").
std::string format_number(const char* format, double x);

// Words of `text` joined by single spaces into lines of at most `width` columns (a longer word
// keeps a line of its own), with a final newline: the demo's paragraphs on a terminal.
std::string wrap_words(const std::string& text, std::size_t width = 100);

// Fills in the ratio of each row to the GraphBLAS row of the same graph and workload.
void add_ratios(std::vector<result_row>& rows);

std::string format_table(const std::vector<result_row>& rows, const machine_line& machine);
void write_json(const std::string& path, const std::vector<result_row>& rows,
                const machine_line& machine);
void write_csv(const std::string& path, const std::vector<result_row>& rows);
// The chart of the ratios (time / GraphBLAS time) per workload and system: bench/harness/chart.hpp.
void write_svg(const std::string& path, const std::vector<result_row>& rows,
               const machine_line& machine);

}  // namespace graphring::bench

// Table, JSON, CSV and SVG forms of the benchmark results (the chart itself: chart.cpp).
#include "bench/harness/results.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "bench/harness/chart.hpp"
#include "bench/harness/workload.hpp"
#include "engine/io/atomic_output.hpp"

namespace graphring::bench {
namespace {

std::string seconds_text(double s) {
  if (s < 1e-3) return format_number("%.1f us", s * 1e6);
  if (s < 1) return format_number("%.2f ms", s * 1e3);
  return format_number("%.3f s", s);
}

std::string rate_text(double per_second) {
  if (per_second >= 1e9) return format_number("%.2f G", per_second / 1e9);
  if (per_second >= 1e6) return format_number("%.1f M", per_second / 1e6);
  if (per_second >= 1e3) return format_number("%.1f k", per_second / 1e3);
  return format_number("%.0f", per_second);
}

std::string json_text(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      out += format_number("\\u%04.0f", double(static_cast<unsigned char>(c)));
      continue;
    }
    out += c;
  }
  return out + "\"";
}

std::string json_number(double x) {
  if (!std::isfinite(x)) return "null";
  return format_number("%.9g", x);
}

void write_file(const std::string& path, const std::string& text) {
  io::atomic_output out(path);
  out.write(text);
  out.commit();
}

}  // namespace

std::string format_number(const char* format, double x) {
  char text[64];
  std::snprintf(text, sizeof text, format, x);
  return text;
}

std::string wrap_words(const std::string& text, std::size_t width) {
  std::string wrapped;
  std::size_t column = 0, start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (column > 0 && column + 1 + word.size() > width) {
      wrapped += '\n';
      column = 0;
    } else if (column > 0) {
      wrapped += ' ';
      ++column;
    }
    wrapped += word;
    column += word.size();
    start = end + 1;
  }
  return wrapped + "\n";
}

void add_ratios(std::vector<result_row>& rows) {
  std::map<std::pair<std::string, std::string>, double> baseline;
  for (const auto& r : rows)
    if (r.system == graphblas_system) baseline[{r.graph, r.workload}] = r.times.median;
  for (auto& r : rows) {
    auto it = baseline.find({r.graph, r.workload});
    if (it != baseline.end() && it->second > 0) r.ratio = r.times.median / it->second;
  }
}

std::string format_table(const std::vector<result_row>& rows, const machine_line& machine) {
  std::string out;
  out += "machine: " + machine.cpu + ", " + std::to_string(machine.threads) + " threads, triad " +
         format_number("%.1f GB/s", machine.triad_gbs) + ", GraphBLAS " +
         machine.graphblas_version + ", Boost " + machine.boost_version + ", " + machine.date +
         (machine.interleaved ? ", trials interleaved" : "") + "\n";
  if (!machine.gpu.empty())
    out += "GPU: " + machine.gpu + ", device copy " +
           format_number("%.0f GB/s", machine.gpu_copy_gbs) +
           " (GB/s of GPU rows: their share of it in parentheses)\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-18s %-34s %-22s %10s %10s %10s %7s %10s %12s %8s %s\n",
                "graph", "workload", "system", "median", "min", "max", "ratio", "edges/s", "GB/s",
                "+MiB", "agrees");
  out += line;
  for (const auto& r : rows) {
    const double m = r.times.median;
    std::string gbs = r.bytes > 0 && m > 0 ? format_number("%.1f", r.bytes / m / 1e9) : "-";
    if (r.gpu && r.bytes > 0 && m > 0 && machine.gpu_copy_gbs > 0)
      gbs += format_number(" (%.0f%%)", 100 * r.bytes / m / 1e9 / machine.gpu_copy_gbs);
    std::snprintf(line, sizeof line, "%-18s %-34s %-22s %10s %10s %10s %7s %10s %12s %8s %s\n",
                  r.graph.c_str(), r.workload.c_str(), r.system.c_str(), seconds_text(m).c_str(),
                  seconds_text(r.times.min).c_str(), seconds_text(r.times.max).c_str(),
                  r.ratio ? format_number("%.2fx", *r.ratio).c_str() : "-",
                  r.edges > 0 && m > 0 ? rate_text(r.edges / m).c_str() : "-", gbs.c_str(),
                  format_number("%.1f", r.added_rss_mb).c_str(),
                  r.disagreement.empty() ? "yes" : ("NO: " + r.disagreement).c_str());
    out += line;
  }
  return out;
}

void write_json(const std::string& path, const std::vector<result_row>& rows,
                const machine_line& machine) {
  std::string j = "{\n  \"machine\": {";
  j += "\"cpu\": " + json_text(machine.cpu) + ", \"cores\": " + std::to_string(machine.cores) +
       ", \"threads\": " + std::to_string(machine.threads) +
       ", \"triad_gbs\": " + json_number(machine.triad_gbs) +
       ", \"graphblas\": " + json_text(machine.graphblas_version) +
       ", \"boost\": " + json_text(machine.boost_version) +
       ", \"date\": " + json_text(machine.date) + ", \"gpu\": " + json_text(machine.gpu) +
       ", \"gpu_copy_gbs\": " + json_number(machine.gpu.empty() ? NAN : machine.gpu_copy_gbs) +
       ", \"trials_interleaved\": " + (machine.interleaved ? "true" : "false") +
       "},\n  \"results\": [\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    j += "    {\"graph\": " + json_text(r.graph) + ", \"workload\": " + json_text(r.workload) +
         ", \"system\": " + json_text(r.system) + ", \"median_s\": " + json_number(r.times.median) +
         ", \"min_s\": " + json_number(r.times.min) + ", \"max_s\": " + json_number(r.times.max) +
         ", \"trials_s\": [";
    for (std::size_t t = 0; t < r.times.seconds.size(); ++t)
      j += (t ? ", " : "") + json_number(r.times.seconds[t]);
    j += "], \"ratio_to_graphblas\": " + (r.ratio ? json_number(*r.ratio) : std::string("null")) +
         ", \"edges_per_s\": " + json_number(r.edges > 0 ? r.edges / r.times.median : NAN) +
         ", \"gb_per_s\": " + json_number(r.bytes > 0 ? r.bytes / r.times.median / 1e9 : NAN) +
         ", \"peak_rss_mb\": " + json_number(r.peak_rss_mb) +
         ", \"added_rss_mb\": " + json_number(r.added_rss_mb) +
         ", \"on_gpu\": " + (r.gpu ? "true" : "false") +
         ", \"source\": " + (r.source ? std::to_string(*r.source) : std::string("null")) +
         ", \"agrees\": " + (r.disagreement.empty() ? "true" : "false") +
         ", \"disagreement\": " + json_text(r.disagreement) + "}" +
         (i + 1 < rows.size() ? ",\n" : "\n");
  }
  j += "  ]\n}\n";
  write_file(path, j);
}

void write_csv(const std::string& path, const std::vector<result_row>& rows) {
  std::string c = "graph,workload,system,trial,seconds,median_s,ratio_to_graphblas,agrees\n";
  for (const auto& r : rows)
    for (std::size_t t = 0; t < r.times.seconds.size(); ++t)
      c += r.graph + "," + r.workload + "," + r.system + "," + std::to_string(t + 1) + "," +
           json_number(r.times.seconds[t]) + "," + json_number(r.times.median) + "," +
           (r.ratio ? json_number(*r.ratio) : std::string()) + "," +
           (r.disagreement.empty() ? "yes" : "no") + "\n";
  write_file(path, c);
}

void write_svg(const std::string& path, const std::vector<result_row>& rows,
               const machine_line& machine) {
  write_file(path, svg_chart(rows, machine));
}

}  // namespace graphring::bench

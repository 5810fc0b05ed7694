// --stats: one JSON object on standard error.
#include "cli/commands/run_stats.hpp"

#include <omp.h>

#include <cmath>
#include <cstdio>

namespace graphring::cli {

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
      continue;
    }
    out += c;
  }
  return out + "\"";
}

run_stats::run_stats(const arguments& args, std::string command)
    : on_(args.flag("--stats")), start_(clock::now()), loaded_at_(start_) {
  if (!on_) return;
  add("command", command);
  add("graph", args.positional().empty() ? std::string() : args.positional()[0]);
  add("threads", std::uint64_t(omp_get_max_threads()));
}

void run_stats::loaded(const graph& g) {
  loaded_at_ = clock::now();
  add("vertices", g.vertices());
  add("edges", g.edges());
  add("load_s", std::chrono::duration<double>(loaded_at_ - start_).count());
}

void run_stats::ran() {
  add("algorithm_s", std::chrono::duration<double>(clock::now() - loaded_at_).count());
}

void run_stats::put(const std::string& key, std::string json) {
  if (on_) fields_.emplace_back(key, std::move(json));
}

void run_stats::add(const std::string& key, double x) {
  if (!on_) return;
  if (!std::isfinite(x)) return put(key, "null");  // JSON has no infinity or NaN
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", x);
  put(key, text);
}

void run_stats::add(const std::string& key, std::uint64_t n) { put(key, std::to_string(n)); }

void run_stats::add(const std::string& key, bool b) { put(key, b ? "true" : "false"); }

void run_stats::add(const std::string& key, const std::string& text) {
  put(key, json_string(text));
}

void run_stats::add(const std::string& key, const std::vector<std::uint64_t>& counts) {
  if (!on_) return;
  std::string json = "[";
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (i) json += ',';
    json += std::to_string(counts[i]);
  }
  put(key, json + "]");
}

void run_stats::add(const std::string& key, const std::vector<std::string>& texts) {
  if (!on_) return;
  std::string json = "[";
  for (std::size_t i = 0; i < texts.size(); ++i) {
    if (i) json += ',';
    json += json_string(texts[i]);
  }
  put(key, json + "]");
}

void run_stats::print() const {
  if (!on_) return;
  std::string line = "{";
  for (std::size_t i = 0; i < fields_.size(); ++i) {
    if (i) line += ", ";
    line += json_string(fields_[i].first) + ": " + fields_[i].second;
  }
  line += "}\n";
  std::fputs(line.c_str(), stderr);
}

}  // namespace graphring::cli

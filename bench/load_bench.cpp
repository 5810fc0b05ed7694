// Loader benchmark: for each graph, the time to parse its plain text (and its .gz), and the time
// to load the same graph from .grb, as medians over several trials in one run. Prints MB/s of
// text, edges/s and the .grb speed-up; --json FILE writes every trial.
//
// usage: graphring-bench-load [--trials N] [--json FILE] [GRAPH ...]
//        (default graphs: the text graphs of ../shared/datasets, or datasets/ without it)
#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "engine/io/input_file.hpp"
#include "engine/io/load.hpp"
#include "engine/io/writers.hpp"

namespace {

using clock_type = std::chrono::steady_clock;

struct measurement {
  std::string graph;
  std::uint64_t text_bytes = 0, edges = 0;
  std::vector<double> text_seconds, gzip_seconds, grb_seconds;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

template <class Fn>
double seconds(Fn&& fn) {
  const auto start = clock_type::now();
  fn();
  return std::chrono::duration<double>(clock_type::now() - start).count();
}

std::vector<std::string> default_graphs() {
  const std::string shared = std::string(GRAPHRING_SOURCE_DIR) + "/../shared/datasets";
  if (std::filesystem::exists(shared + "/CATALOG.md"))
    return {shared + "/web/web-NotreDame.txt.gz", shared + "/social/soc-Slashdot0902.txt.gz",
            shared + "/social/soc-Epinions1.txt.gz", shared + "/road/luxembourg_osm.mtx.gz",
            shared + "/road/rome99.gr"};
  const std::string own = std::string(GRAPHRING_SOURCE_DIR) + "/datasets";
  return {own + "/soc-Epinions1.txt.gz", own + "/rome99.gr"};
}

}  // namespace

int main(int argc, char** argv) {
  int trials = 5;
  std::string json;
  std::vector<std::string> graphs;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::fputs(
          "usage: graphring-bench-load [--trials N] [--json FILE] [GRAPH ...]\n"
          "Times parsing each graph's text (and its .gz) against loading the same graph\n"
          "from .grb, medians of N trials (default 5); prints MB/s of text, edges/s and\n"
          "the .grb speed-up; --json FILE writes every trial. Without GRAPH: the text\n"
          "graphs of ../shared/datasets, or datasets/ without it.\n",
          stdout);
      return 0;
    }
    if (a == "--trials" && i + 1 < argc) {
      trials = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--json" && i + 1 < argc) {
      json = argv[++i];
    } else if (a.starts_with("-")) {
      std::fprintf(stderr, "graphring-bench-load: unknown option or missing value: %s (--help)\n",
                   a.c_str());
      return 2;
    } else {
      graphs.push_back(a);
    }
  }
  if (graphs.empty()) graphs = default_graphs();

  const std::filesystem::path scratch =
      std::filesystem::temp_directory_path() / ("graphring-bench-load-" + std::to_string(getpid()));
  std::filesystem::create_directories(scratch);
  std::vector<measurement> results;
  try {
    for (const std::string& path : graphs) {
      measurement m;
      m.graph = std::filesystem::path(path).filename().string();
      // The plain text beside the compressed file, so text parsing is timed without inflate.
      const graphring::io::input_bytes bytes = graphring::io::read_input(path);
      std::string name = m.graph;
      if (name.ends_with(".gz")) name.resize(name.size() - 3);
      const std::string text = (scratch / name).string();
      std::ofstream(text, std::ios::binary).write(bytes.data, std::streamsize(bytes.size));
      m.text_bytes = bytes.size;
      const std::string grb = (scratch / (name + ".grb")).string();
      graphring::io::write_grb(graphring::load_graph(text), grb);
      for (int t = 0; t < trials; ++t) {
        std::fprintf(stderr, "\rtrial %d of %d: %s      ", t + 1, trials, m.graph.c_str());
        m.text_seconds.push_back(seconds([&] { m.edges = graphring::load_graph(text).edges(); }));
        if (bytes.was_gzip) m.gzip_seconds.push_back(seconds([&] { graphring::load_graph(path); }));
        m.grb_seconds.push_back(seconds([&] { graphring::load_graph(grb); }));
      }
      results.push_back(std::move(m));
    }
  } catch (const graphring::error& e) {
    std::fprintf(stderr, "\ngraphring-bench-load: %s\n", e.what());
    std::filesystem::remove_all(scratch);
    return graphring::exit_status(e.kind());
  }
  std::filesystem::remove_all(scratch);
  std::fprintf(stderr, "\r%60s\r", "");

  std::printf("loader benchmark, %d threads, median of %d trials (page cache warm)\n",
              omp_get_max_threads(), trials);
  std::printf("%-26s %9s %11s %9s %11s %9s %10s %10s %9s\n", "graph", "text MB", "edges", "parse s",
              "text MB/s", "Medges/s", "parse .gz s", ".grb s", "grb gain");
  for (const measurement& m : results) {
    const double text_s = median(m.text_seconds), grb_s = median(m.grb_seconds);
    const double mb = double(m.text_bytes) / 1e6;
    char gz[32] = "-";
    if (!m.gzip_seconds.empty()) std::snprintf(gz, sizeof gz, "%.4f", median(m.gzip_seconds));
    std::printf("%-26s %9.1f %11llu %9.4f %11.0f %9.1f %10s %10.5f %8.0fx\n", m.graph.c_str(), mb,
                (unsigned long long)m.edges, text_s, mb / text_s, double(m.edges) / text_s / 1e6,
                gz, grb_s, text_s / grb_s);
  }
  if (!json.empty()) {
    std::ofstream out(json);
    out << "{\"threads\": " << omp_get_max_threads() << ", \"graphs\": [";
    for (std::size_t i = 0; i < results.size(); ++i) {
      const measurement& m = results[i];
      auto list = [&](const std::vector<double>& v) {
        std::string s = "[";
        for (std::size_t k = 0; k < v.size(); ++k) s += (k ? ", " : "") + std::to_string(v[k]);
        return s + "]";
      };
      out << (i ? ", " : "") << "{\"graph\": \"" << m.graph
          << "\", \"text_bytes\": " << m.text_bytes << ", \"edges\": " << m.edges
          << ", \"text_seconds\": " << list(m.text_seconds)
          << ", \"gzip_seconds\": " << list(m.gzip_seconds)
          << ", \"grb_seconds\": " << list(m.grb_seconds) << "}";
    }
    out << "]}\n";
  }
  return 0;
}

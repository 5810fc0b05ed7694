// --stats on the algorithm commands: what the run did, as one JSON object on one line of
// standard error after the result is written: the command, the graph, its vertices and edges,
// the threads, seconds to load the graph and to run the algorithm, then the algorithm's own
// figures (BFS levels, frontier sizes and directions; PageRank iterations and last change; the
// number of components, ...; the storage format when it is not CSR). README "--stats" lists every
// key.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cli/arguments.hpp"
#include "engine/graph.hpp"

namespace graphring::cli {

// s as a JSON string, quoted, with quotes, backslashes and control bytes escaped.
std::string json_string(const std::string& s);

class run_stats {
 public:
  // Starts the clock; records and prints nothing unless args has --stats.
  run_stats(const arguments& args, std::string command);

  bool on() const { return on_; }
  // The graph is loaded: its size and the load time.
  void loaded(const graph& g);
  // The algorithm has run: its time since loaded().
  void ran();
  // One figure: a number, a count, a flag, a text or a list of counts or of texts.
  void add(const std::string& key, double x);
  void add(const std::string& key, std::uint64_t n);
  void add(const std::string& key, bool b);
  void add(const std::string& key, const std::string& text);
  void add(const std::string& key, const std::vector<std::uint64_t>& counts);
  void add(const std::string& key, const std::vector<std::string>& texts);
  // Prints the object to standard error (when on).
  void print() const;

 private:
  using clock = std::chrono::steady_clock;
  void put(const std::string& key, std::string json);

  bool on_ = false;
  clock::time_point start_, loaded_at_;
  std::vector<std::pair<std::string, std::string>> fields_;
};

}  // namespace graphring::cli

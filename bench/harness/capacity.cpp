// PageRank from a CSR .grb and from a CSR-dtANS .grb, measured and then run under a memory
// limit between their needs (bench/harness/capacity.hpp).
#include "bench/harness/capacity.hpp"

#include <chrono>
#include <filesystem>

#include "algorithms/pagerank.hpp"
#include "bench/harness/results.hpp"
#include "core/block_cache.hpp"
#include "core/error.hpp"
#include "core/memory_budget.hpp"
#include "core/memory_peak.hpp"
#include "engine/io/load.hpp"
#include "engine/io/writers.hpp"

namespace graphring::bench {

namespace {

namespace fs = std::filesystem;

// Loads the file and runs PageRank on the format it stores; returns the seconds both took.
double pagerank_from(const std::string& path, int iterations) {
  const auto start = std::chrono::steady_clock::now();
  graph g = load_graph(path);
  algorithms::pagerank_options o;
  o.tolerance = 0;
  o.max_iterations = iterations;
  if (const auto& a = g.stored_adjacency()) o.format.kind = a->kind();
  algorithms::pagerank(g, o);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// What the process holds once blocks kept for reuse have gone back to the system.
std::uint64_t held_without_cache() {
  detail::block_cache::instance().trim();
  return memory_in_use();
}

void measure(capacity_run& run, const std::string& path, int iterations) {
  const std::uint64_t base = held_without_cache();
  reset_memory_peak();
  run.seconds = pagerank_from(path, iterations);
  run.need = memory_peak() - base;
}

void run_limited(capacity_run& run, const std::string& path, int iterations) {
  detail::block_cache::instance().trim();
  try {
    run.limited_seconds = pagerank_from(path, iterations);
  } catch (const error& e) {
    if (e.kind() != error_kind::limit) throw;
    run.refused = true;
    run.message = e.what();
  }
}

// Puts the budget back as it was (the environment's or the machine's, unless the program had set
// one), however the runs under the limit end.
struct budget_restored {
  std::uint64_t previous = memory_budget();
  ~budget_restored() {
    set_memory_budget(0);
    if (memory_budget() != previous) set_memory_budget(previous);
  }
};

struct files_removed {
  std::vector<std::string> paths;
  ~files_removed() {
    std::error_code ignored;
    for (const std::string& p : paths) fs::remove(p, ignored);
  }
};

std::string mib(std::uint64_t bytes) { return format_number("%.1f MiB", double(bytes) / 1048576); }

std::string outcome(const capacity_run& run) {
  if (run.refused) return "the " + run.format + " run stopped (\"" + run.message + "\")";
  return "the " + run.format + " run completed in " + format_number("%.2f s", run.limited_seconds);
}

}  // namespace

capacity_report run_capacity(const std::string& generator, const std::string& folder,
                             int iterations) {
  capacity_report r;
  r.graph = generator;
  r.iterations = iterations;
  fs::create_directories(folder);
  files_removed files{{folder + "/capacity-csr.grb", folder + "/capacity-dtans.grb"}};
  const std::string& csr_file = files.paths[0];
  const std::string& dtans_file = files.paths[1];
  {
    graph g = load_graph(generator);
    io::write_grb(g, csr_file);
    io::write_compressed_grb(g, dtans_file, format_kind::dtans);
  }
  r.csr.format = "CSR";
  r.dtans.format = "CSR-dtANS";
  r.csr.file_bytes = fs::file_size(csr_file);
  r.dtans.file_bytes = fs::file_size(dtans_file);
  measure(r.csr, csr_file, iterations);
  measure(r.dtans, dtans_file, iterations);
  r.limit = (r.csr.need + r.dtans.need) / 2;
  const budget_restored restore;
  set_memory_budget(held_without_cache() + r.limit);
  run_limited(r.csr, csr_file, iterations);
  run_limited(r.dtans, dtans_file, iterations);
  return r;
}

std::string capacity_paragraph(const capacity_report& r) {
  const std::string text =
      "Capacity: PageRank (" + std::to_string(r.iterations) + " iterations) on " + r.graph +
      " held at most " + mib(r.csr.need) + " of counted memory from its CSR .grb (" +
      mib(r.csr.file_bytes) + " file, run in " + format_number("%.2f s", r.csr.seconds) + ") and " +
      mib(r.dtans.need) + " from its CSR-dtANS .grb (" + mib(r.dtans.file_bytes) + " file, " +
      format_number("%.2f s", r.dtans.seconds) + "). Under a memory limit " + mib(r.limit) +
      " above what the demo held, " + outcome(r.csr) + ", and " + outcome(r.dtans) + ".";
  return wrap_words(text);
}

}  // namespace graphring::bench

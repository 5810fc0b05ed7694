// The capacity a compressed adjacency buys (issue 28; Schätzle, Pegolotti, Püschel's CSR-dtANS,
// seeds/003): PageRank on one graph from its CSR .grb and from its CSR-dtANS .grb, each run's
// need from the memory budget measured (core/memory_peak.hpp: a mapped .grb counts as its
// file's bytes), then both again under a limit halfway between the two needs. The CSR run is
// refused with the budget's one-line message; the dtANS run completes within it. `graphring
// demo` prints the result as a paragraph.
#pragma once

#include <cstdint>
#include <string>

namespace graphring::bench {

struct capacity_run {
  std::string format;            // "CSR" or "CSR-dtANS"
  std::uint64_t file_bytes = 0;  // of its .grb
  std::uint64_t need = 0;        // the most counted memory the run held at once, bytes
  double seconds = 0;            // load and PageRank, without the limit
  bool refused = false;          // under the limit
  std::string message;           // the refusal's, or empty
  double limited_seconds = 0;    // under the limit, when it ran
};

struct capacity_report {
  std::string graph;
  int iterations = 0;
  std::uint64_t limit = 0;  // of the budget above what the process held before, bytes
  capacity_run csr, dtans;
};

// `generator` (a graph name graphring loads, e.g. rmat:16) written as both .grb files into
// `folder` (removed again), then the four runs. The budget is back as it was afterwards.
capacity_report run_capacity(const std::string& generator, const std::string& folder,
                             int iterations = 20);

// The report in plain words, wrapped at 100 columns.
std::string capacity_paragraph(const capacity_report& report);

}  // namespace graphring::bench

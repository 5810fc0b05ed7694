// libFuzzer target for one reader, chosen at compile time by GRAPHRING_FUZZ_FORMAT (one binary
// per reader, all from this file): arbitrary bytes go through the same decode (gzip or not),
// parse and CSR build as a file would. A graphring::error is the expected outcome for bad bytes;
// anything else (a crash, a sanitizer report, a leak, an out-of-memory) is a bug.
#include <cstdint>
#include <cstdlib>

#include "core/error.hpp"
#include "engine/builder.hpp"
#include "engine/io/input_file.hpp"
#include "engine/io/readers.hpp"

namespace {

enum class format { matrix_market, edge_list, dimacs, grb, gzip_edge_list };

constexpr format fuzzed = format::GRAPHRING_FUZZ_FORMAT;

void parse(const graphring::io::input_bytes& in) {
  using namespace graphring;
  io::parsed_edges parsed;
  switch (fuzzed) {
    case format::matrix_market:
      parsed = io::parse_matrix_market(in, "fuzz.mtx");
      break;
    case format::dimacs:
      parsed = io::parse_dimacs(in, "fuzz.gr");
      break;
    case format::grb: {
      graph g = io::parse_grb(in, "fuzz.grb");
      (void)g.symmetric();  // walks every row of A and Aᵀ
      return;
    }
    default:
      parsed = io::parse_edge_list(in, "fuzz.el", false);
      break;
  }
  if (parsed.edges.nrows == parsed.edges.ncols) {
    graph g(build_csr(parsed.edges, {true, true, duplicate_policy::sum}), parsed.edges.labels);
    (void)g.self_loops();
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // Stand for a small machine: a header's sizes are refused past 64 MiB, so that no few-byte
  // input makes the build do seconds of legitimate work on tens of millions of declared vertices
  // (a timeout to libFuzzer, not a bug).
  setenv("GRAPHRING_MEMORY_LIMIT_MB", "64", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const auto* text = reinterpret_cast<const char*>(data);
    if (fuzzed == format::gzip_edge_list && (size < 2 || data[0] != 0x1f || data[1] != 0x8b))
      return 0;
    parse(graphring::io::decode_input(nullptr, text, size, "fuzz"));
  } catch (const graphring::error&) {
  }
  return 0;
}

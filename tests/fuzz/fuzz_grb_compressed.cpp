// libFuzzer target for the compressed .grb reader (engine/io/grb_compressed.cpp) and the decoders
// behind it. The input is a .grb file whose two checksums are made right before it is read, so
// that the fuzzer's changes reach the directory, the format's scalars, tables, starts and
// streams rather than stopping at a checksum mismatch (what a crafted file can do). Whatever the
// reader accepts must decode to CSR and multiply through its stored format (a PageRank step
// pulls over Aᵀ, the out-degrees over A) without a sanitizer report. A graphring::error is the
// expected outcome for bad bytes.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "algorithms/pagerank.hpp"
#include "core/error.hpp"
#include "engine/io/checksum.hpp"
#include "engine/io/grb_format.hpp"
#include "engine/io/input_file.hpp"
#include "engine/io/readers.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("GRAPHRING_MEMORY_LIMIT_MB", "64", 1);  // as fuzz_reader.cpp: a small machine
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace graphring;
  if (size < sizeof(io::grb_header)) return 0;
  // 8-byte aligned, as a mapped file is (its sections at multiples of 64 bytes).
  std::vector<std::uint64_t> storage((size + 7) / 8, 0);
  auto* bytes = reinterpret_cast<unsigned char*>(storage.data());
  std::memcpy(bytes, data, size);
  io::grb_header h;
  std::memcpy(&h, bytes, sizeof h);
  h.version = io::grb_compressed_version;
  h.file_bytes = size;
  h.payload_checksum = io::checksum(bytes + sizeof h, size - sizeof h);
  h.header_checksum = io::checksum(&h, offsetof(io::grb_header, header_checksum));
  std::memcpy(bytes, &h, sizeof h);
  try {
    graph g = io::parse_grb(
        io::decode_input(nullptr, reinterpret_cast<const char*>(bytes), size, "fuzz.grb"),
        "fuzz.grb");
    if (!g.stored_adjacency()) return 0;
    algorithms::pagerank(
        g, {.tolerance = 0, .max_iterations = 1, .format = {g.stored_adjacency()->kind()}});
    const csr_matrix& a = g.adjacency();
    for (vertex_id c : a.cols)
      if (c >= a.ncols) std::abort();
    (void)g.transpose();
  } catch (const error&) {
  }
  return 0;
}

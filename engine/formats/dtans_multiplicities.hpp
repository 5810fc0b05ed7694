// How many slots each symbol of a CSR-dtANS table gets. The table approximates the symbols'
// distribution by K slots, a symbol holding at most M of them, with the smallest cross entropy
// (Schätzle, Pegolotti, Püschel, "Fast Entropy Decoding for Sparse MVM on GPUs", seeds/003,
// Sections III-D and IV): every symbol one slot, then the others one at a time to the largest
// information gain count * log2((m + 1) / m), which is concave in m, so this greedy is optimal.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace graphring::formats {

// The multiplicities for symbols coded counts[i] times each (at most dtans_slots symbols), equal
// to what handing out the slots one at a time through a max-heap of (gain, index) gives, ties
// to the larger index, without handing them out one at a time: every symbol first takes the
// slots whose gain is above a threshold found by bisection, and only the last few go through the
// heap.
std::vector<std::uint32_t> dtans_multiplicities(std::span<const std::uint64_t> counts);

}  // namespace graphring::formats

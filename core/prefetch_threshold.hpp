// The size of a gathered vector above which the pull kernels (CSR, SELL-C-sigma, Stream VByte)
// prefetch it (kernels/cpu/prefetch.hpp): four times a core's L2 cache as the system reports it
// (sysconf), 2 MB where it does not say, or GRAPHRING_PREFETCH_ABOVE_BYTES when set (a positive
// whole number of bytes; anything else is a usage error naming the variable).
//
// Why four times L2: on a power-law graph most gathers of such an x go to its few hot entries,
// which stay in L2, so a prefetch only adds a load per entry; past it the gathers wait on the
// shared cache or memory, which the prefetch hides (docs/kernel-speed-log.md, 2026-12-03).
#pragma once

#include <cstdint>

namespace graphring {

// The threshold in bytes (reads the environment and the machine once; throws error_kind::usage
// for a bad GRAPHRING_PREFETCH_ABOVE_BYTES).
std::uint64_t prefetch_above_bytes();
// Replaces the threshold (0: back to the environment's or the machine's), as tests do to reach
// both sides of it on any machine.
void set_prefetch_above_bytes(std::uint64_t bytes);

}  // namespace graphring

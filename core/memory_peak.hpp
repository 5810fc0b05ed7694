// The most counted memory (core/memory_budget.hpp) held at once: what a run needs from the
// budget, measured. `graphring demo` sizes its capacity run's limit from it.
#pragma once

#include <cstdint>

namespace graphring {

// The most bytes of counted blocks held at once since the last reset (or the start).
std::uint64_t memory_peak() noexcept;
// Starts a new measurement from what is held now.
void reset_memory_peak() noexcept;

}  // namespace graphring

// Numbers the program reads from its environment (GRAPHRING_MEMORY_LIMIT_MB,
// GRAPHRING_PREFETCH_ABOVE_BYTES): one reading rule and one message for all of them.
#pragma once

#include <cstdint>
#include <optional>

namespace graphring {

// The value of the environment variable `variable` as a whole number from 1 to `largest`, or
// nothing when it is unset. Anything else (empty, signed, fractional, trailing text, 0, above
// `largest`) throws error_kind::usage: "VARIABLE must be a positive whole number of UNIT, not
// 'TEXT'".
std::optional<std::uint64_t> positive_whole_number_from(const char* variable, const char* unit,
                                                        std::uint64_t largest = UINT64_MAX);

}  // namespace graphring

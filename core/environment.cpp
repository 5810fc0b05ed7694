// Numbers read from the environment: from_chars over the whole text, 1 to a largest value.
#include "core/environment.hpp"

#include <charconv>
#include <cstdlib>
#include <string>

#include "core/error.hpp"

namespace graphring {

std::optional<std::uint64_t> positive_whole_number_from(const char* variable, const char* unit,
                                                        std::uint64_t largest) {
  const char* text = std::getenv(variable);
  if (!text) return std::nullopt;
  const std::string value = text;
  std::uint64_t number = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size() || number == 0 ||
      number > largest)
    throw error(error_kind::usage, std::string(variable) + " must be a positive whole number of " +
                                       unit + ", not '" + value + "'");
  return number;
}

}  // namespace graphring

// The global semiring registry and its look-ups.
#include "engine/registry/semiring_registry.hpp"

#include <mutex>

#include "core/error.hpp"

namespace graphring {

semiring_registry& semiring_registry::global() {
  static semiring_registry registry;
  static std::once_flag builtins;
  std::call_once(builtins, [] {
    detail::register_arithmetic_semirings(registry);
    detail::register_tropical_semirings(registry);
    detail::register_structural_semirings(registry);
  });
  return registry;
}

void semiring_registry::add(semiring_entry entry) {
  std::string name = entry.name;
  entries_[name] = std::move(entry);
}

const semiring_entry& semiring_registry::find(const std::string& name) const {
  auto it = entries_.find(name);
  if (it != entries_.end()) return it->second;
  std::string known;
  for (const auto& [n, e] : entries_) known += (known.empty() ? "" : ", ") + n;
  throw error(error_kind::usage, "unknown semiring '" + name + "' (known: " + known + ")");
}

std::vector<std::string> semiring_registry::names() const {
  std::vector<std::string> out;
  for (const auto& [n, e] : entries_) out.push_back(n);
  return out;
}

}  // namespace graphring

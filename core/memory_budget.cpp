// The memory budget: the limit read once from GRAPHRING_MEMORY_LIMIT_MB or the machine, and the
// slow path of a reservation (empty the block cache, then refuse).
#include "core/memory_budget.hpp"

#include <omp.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "core/block_cache.hpp"
#include "core/environment.hpp"
#include "core/error.hpp"
#include "core/memory_peak.hpp"

namespace graphring {
namespace {

constexpr const char* limit_variable = "GRAPHRING_MEMORY_LIMIT_MB";

std::atomic<std::uint64_t> chosen_budget{0};  // 0: not read yet
std::atomic<std::uint64_t> peak{0};
std::atomic<bool> budget_set_by_program{false};  // by set_memory_budget

void note_held(std::uint64_t held) noexcept {
  std::uint64_t p = peak.load(std::memory_order_relaxed);
  while (held > p && !peak.compare_exchange_weak(p, held, std::memory_order_relaxed)) {
  }
}

std::uint64_t physical_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return UINT64_MAX;
  return std::uint64_t(pages) * std::uint64_t(page_size);
}

// cgroup v2's memory.max for this process's group ("max" or absent: no limit).
std::uint64_t control_group_limit() {
  std::ifstream groups("/proc/self/cgroup");
  std::string line, path;
  while (std::getline(groups, line))
    if (line.starts_with("0::")) path = line.substr(3);
  std::ifstream max("/sys/fs/cgroup" + path + "/memory.max");
  std::string text;
  std::uint64_t bytes = 0;
  if (!(max >> text)) return UINT64_MAX;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), bytes);
  return ec == std::errc() && end == text.data() + text.size() && bytes > 0 ? bytes : UINT64_MAX;
}

std::uint64_t budget_from_environment() {
  const auto mib = positive_whole_number_from(limit_variable, "MiB", UINT64_MAX >> 20);
  return mib ? *mib << 20 : std::min(physical_memory(), control_group_limit());
}

[[noreturn]] void refuse(std::uint64_t bytes, const std::string& what, const std::string& file) {
  const std::uint64_t budget = memory_budget();
  const std::uint64_t in_use = memory_in_use();
  std::string message = what + " needs " + memory_text(bytes);
  if (in_use > 0)
    message += "; with the " + memory_text(in_use) + " in use that exceeds";
  else
    message += ", over";
  message += " the limit of " + memory_text(budget);
  if (budget_set_by_program.load(std::memory_order_relaxed))
    message += " set by the program";
  else
    message +=
        std::getenv(limit_variable) ? std::string(" set by ") + limit_variable : " of this machine";
  throw error(error_kind::limit, message, file);
}

}  // namespace

std::uint64_t memory_budget() {
  std::uint64_t budget = chosen_budget.load(std::memory_order_relaxed);
  if (budget == 0) {
    budget = budget_from_environment();
    chosen_budget.store(budget, std::memory_order_relaxed);
  }
  return budget;
}

void set_memory_budget(std::uint64_t bytes) {
  chosen_budget.store(bytes, std::memory_order_relaxed);
  budget_set_by_program.store(bytes != 0, std::memory_order_relaxed);
}

std::uint64_t memory_peak() noexcept { return peak.load(std::memory_order_relaxed); }

void reset_memory_peak() noexcept { peak.store(memory_in_use(), std::memory_order_relaxed); }

std::uint64_t memory_in_use() noexcept {
  return detail::memory_counter().load(std::memory_order_relaxed);
}

std::string memory_text(std::uint64_t bytes) {
  char text[32];
  if (bytes >= (std::uint64_t(1) << 30))
    std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(1ull << 30));
  else
    std::snprintf(text, sizeof text, "%.1f MiB", double(bytes) / double(1ull << 20));
  return text;
}

void require_memory(std::uint64_t bytes, const std::string& what, const std::string& file) {
  const std::uint64_t budget = memory_budget();
  if (bytes <= budget && memory_in_use() <= budget - bytes) return;
  detail::block_cache::instance().trim();
  if (bytes > budget || memory_in_use() > budget - bytes) refuse(bytes, what, file);
}

namespace detail {

void reserve_memory(std::size_t bytes) {
  const std::uint64_t budget = memory_budget();
  const std::uint64_t before = memory_counter().fetch_add(bytes, std::memory_order_relaxed);
  if (before + bytes <= budget && before + bytes >= before) {
    note_held(before + bytes);
    return;
  }
  // An exception cannot leave an OpenMP region (the runtime would end the process), so a block
  // asked for inside one (a thread's small workspace) is counted and granted; the next request
  // outside any region then finds the budget spent and is refused.
  if (omp_get_level() > 0) {
    note_held(before + bytes);
    return;
  }
  release_memory(bytes);
  require_memory(bytes, "an array", "");
  note_held(memory_counter().fetch_add(bytes, std::memory_order_relaxed) + bytes);
}

}  // namespace detail
}  // namespace graphring

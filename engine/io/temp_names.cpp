// A fixed table of temporary names that an async-signal-safe handler can walk (only unlink,
// sigaction and raise run inside it), and the removal of temporaries whose process is gone.
#include "engine/io/temp_names.hpp"

#include <dirent.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace graphring::io {
namespace {

constexpr int slot_count = 64;
constexpr std::size_t name_capacity = 4096;
enum slot_state : int { free_slot = 0, being_written = 1, active = 2 };

struct temp_slot {
  std::atomic<int> state{free_slot};
  char name[name_capacity];
};

temp_slot slots[slot_count];

constexpr int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

extern "C" void remove_temps_and_reraise(int signal_number) {
  for (temp_slot& s : slots)
    if (s.state.load(std::memory_order_acquire) == active) unlink(s.name);
  // SA_RESETHAND restored the default action before this handler ran; the signal is blocked
  // until the handler returns, and then ends the process as it would have without graphring.
  raise(signal_number);
}

bool has_default_action(int signal_number) {
  struct sigaction current {};
  return sigaction(signal_number, nullptr, &current) == 0 && current.sa_handler == SIG_DFL &&
         !(current.sa_flags & SA_SIGINFO);
}

std::string base_name(const std::string& path) { return path.substr(path.find_last_of('/') + 1); }

}  // namespace

std::string directory_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string temp_prefix(const std::string& target) { return target + ".graphring-tmp-"; }

void install_temp_cleanup() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int signal_number : cleanup_signals) {
      if (!has_default_action(signal_number)) continue;  // the program's own handler stays
      struct sigaction action {};
      action.sa_handler = remove_temps_and_reraise;
      action.sa_flags = SA_RESETHAND;
      sigemptyset(&action.sa_mask);
      sigaction(signal_number, &action, nullptr);
    }
    if (has_default_action(SIGXFSZ)) {
      struct sigaction ignore {};
      ignore.sa_handler = SIG_IGN;
      sigemptyset(&ignore.sa_mask);
      sigaction(SIGXFSZ, &ignore, nullptr);
    }
  });
}

registered_temp::registered_temp(const std::string& name) {
  if (name.size() >= name_capacity) return;
  for (int i = 0; i < slot_count; ++i) {
    int expected = free_slot;
    if (!slots[i].state.compare_exchange_strong(expected, being_written)) continue;
    std::memcpy(slots[i].name, name.c_str(), name.size() + 1);
    slots[i].state.store(active, std::memory_order_release);
    slot_ = i;
    return;
  }
}

registered_temp::~registered_temp() {
  if (slot_ >= 0) slots[slot_].state.store(free_slot, std::memory_order_release);
}

void remove_stale_temps(const std::string& target) {
  const std::string directory = directory_of(target);
  const std::string prefix = base_name(temp_prefix(target));
  DIR* dir = opendir(directory.c_str());
  if (!dir) return;
  while (const dirent* entry = readdir(dir)) {
    const std::string name = entry->d_name;
    if (!name.starts_with(prefix)) continue;
    // NAME.graphring-tmp-PID-XXXXXX: remove it when process PID no longer exists.
    char* end = nullptr;
    const long pid = std::strtol(name.c_str() + prefix.size(), &end, 10);
    if (pid <= 0 || *end != '-') continue;
    if (kill(pid_t(pid), 0) == 0 || errno != ESRCH) continue;
    unlink((directory + "/" + name).c_str());
  }
  closedir(dir);
}

}  // namespace graphring::io

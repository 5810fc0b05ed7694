// Progress line: "\r" redraws at most ten times a second after the first second.
#include "cli/terminal_progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace graphring::cli {

terminal_progress::terminal_progress(std::string what, bool quiet)
    : what_(std::move(what)),
      enabled_(!quiet && isatty(STDERR_FILENO)),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

terminal_progress::~terminal_progress() {
  if (drawn_) std::fprintf(stderr, "\r\x1b[K");
}

progress_fn terminal_progress::reporter() {
  if (!enabled_) return {};
  return [this](std::string_view stage, double fraction) { draw(stage, fraction); };
}

void terminal_progress::draw(std::string_view stage, double fraction) {
  const auto now = std::chrono::steady_clock::now();
  if (now - start_ < std::chrono::seconds(1) ||
      (drawn_ && now - last_ < std::chrono::milliseconds(100)))
    return;
  last_ = now;
  drawn_ = true;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  std::fprintf(stderr, "\r\x1b[Kgraphring: %s: %.*s %3.0f%% (%.1f s)", what_.c_str(),
               int(stage.size()), stage.data(), 100 * fraction, seconds);
  std::fflush(stderr);
}

}  // namespace graphring::cli

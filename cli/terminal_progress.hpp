// A progress line on standard error for work that takes longer than a second, drawn only when
// standard error is a terminal (never in pipes, files or CI logs).
#pragma once

#include <chrono>
#include <string>

#include "engine/io/progress.hpp"

namespace graphring::cli {

class terminal_progress {
 public:
  terminal_progress(std::string what, bool quiet);
  ~terminal_progress();  // clears the line
  progress_fn reporter();

 private:
  void draw(std::string_view stage, double fraction);

  std::string what_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace graphring::cli

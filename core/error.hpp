// The one error model of graphring: every failure is a graphring::error carrying a kind, the
// file (and line, when known) it concerns, and a message. The CLI prints it as
// "graphring: FILE:LINE: message" and maps the kind to an exit status.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace graphring {

enum class error_kind {
  bad_input,   // malformed or unreadable input file, bad value: exit status 2
  usage,       // wrong command-line or API usage: exit status 2
  limit,       // input too large for this build or this machine: exit status 2
  not_cached,  // an advanced entry point needs a cached property that is absent
  io,          // the system refused an operation (write, rename): exit status 1
  internal,    // a broken invariant inside graphring: exit status 1
};

class error : public std::runtime_error {
 public:
  error(error_kind kind, const std::string& message, std::string file = {}, std::uint64_t line = 0)
      : std::runtime_error(format(message, file, line)),
        kind_(kind),
        message_(message),
        file_(std::move(file)),
        line_(line) {}

  error_kind kind() const noexcept { return kind_; }
  const std::string& message() const noexcept { return message_; }
  const std::string& file() const noexcept { return file_; }
  std::uint64_t line() const noexcept { return line_; }  // 1-based, 0 when not tied to a line

  // The same error, now tied to a file and line (used where a low-level parser learns its place).
  error at(std::string file, std::uint64_t line) const {
    return error(kind_, message_, std::move(file), line);
  }

 private:
  static std::string format(const std::string& message, const std::string& file,
                            std::uint64_t line) {
    if (file.empty()) return message;
    if (line == 0) return file + ": " + message;
    return file + ":" + std::to_string(line) + ": " + message;
  }

  error_kind kind_;
  std::string message_;
  std::string file_;
  std::uint64_t line_;
};

// Exit status the CLI uses for an error of this kind.
inline int exit_status(error_kind kind) noexcept {
  switch (kind) {
    case error_kind::bad_input:
    case error_kind::usage:
    case error_kind::limit:
      return 2;
    default:
      return 1;
  }
}

}  // namespace graphring

// Named temporary files of graphring's output path (engine/io/atomic_output.hpp), kept where a
// signal handler can find them: a catchable signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) removes
// every one that exists, then ends the process as the signal would have. A name carries the
// process id (NAME.graphring-tmp-PID-XXXXXX), so that one left by a process that is gone (after
// SIGKILL) is recognized and removed by the next output to the same name.
#pragma once

#include <string>

namespace graphring::io {

// The directory part of a path: "." for a bare name, "/" for a name in the root.
std::string directory_of(const std::string& path);

// The prefix of the temporary names for `target`, "TARGET.graphring-tmp-".
std::string temp_prefix(const std::string& target);

// Installs, once, the cleanup handler for every signal above whose action is still the default,
// and ignores SIGXFSZ where it is default (a write past the file-size limit then fails with
// EFBIG and is reported as an error, instead of killing the process and leaving a temporary file).
void install_temp_cleanup();

// A temporary name known to the handler while the object lives (at most 64 at once; beyond that
// the name is still removed by its owner on an error, only not on a signal).
class registered_temp {
 public:
  explicit registered_temp(const std::string& name);
  ~registered_temp();
  registered_temp(const registered_temp&) = delete;
  registered_temp& operator=(const registered_temp&) = delete;

 private:
  int slot_ = -1;
};

// Removes temporary files for `target` whose process no longer exists.
void remove_stale_temps(const std::string& target);

}  // namespace graphring::io

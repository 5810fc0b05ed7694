// Where every file graphring writes goes, and how it appears there (one output path for every
// writer: graphs, algorithm results, benchmark tables and charts):
//  - "-" is standard output; /dev/stdout, /dev/stderr and /dev/fd/N write to that open
//    descriptor; a character device, FIFO or socket is written through directly. Nothing is
//    replaced, so none of these becomes a regular file.
//  - A symbolic link is followed: the file it names is replaced and the link stays.
//  - A regular file (or a new name) appears whole or not at all: the bytes go to an unnamed
//    temporary file in the target's directory (O_TMPFILE), which commit() syncs, names and renames
//    over the target. Destroyed without commit() (an error, an exception) it leaves nothing behind
//    and any previous file at the target untouched. On a file system without unnamed files a named
//    temporary (engine/io/temp_names.hpp) stands in, removed on an error, on a catchable signal,
//    and, after SIGKILL, by the next output to the same name.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "core/buffer.hpp"

namespace graphring::io {

class registered_temp;

// Throws error_kind::usage when `path` cannot name an output: empty, a directory, or in a
// directory that does not exist. Commands call it before their work; atomic_output calls it too.
void check_output_path(const std::string& path);

// True when both paths exist and name the same file (after links, hard links included).
bool same_file(const std::string& a, const std::string& b);

class atomic_output {
 public:
  // gzip: compress with zlib (the target should end in .gz).
  explicit atomic_output(std::string path, bool gzip = false);
  ~atomic_output();
  atomic_output(const atomic_output&) = delete;
  atomic_output& operator=(const atomic_output&) = delete;

  void write(const void* data, std::size_t size);
  void write(std::string_view text) { write(text.data(), text.size()); }
  // Writes buffered bytes through to the file (after which fd() reflects them).
  void flush();
  int fd() const noexcept { return fd_; }
  const std::string& path() const noexcept { return path_; }
  // Written through to a device, FIFO, socket or open descriptor rather than replaced.
  bool direct() const noexcept { return mode_ != mode::replace; }
  void commit();

 private:
  enum class mode { replace, direct_owned, direct_borrowed };
  void open_direct(const std::string& target, bool borrowed_fd, int fd);
  void open_temporary();
  void write_through(const void* data, std::size_t size);
  void name_and_replace();

  std::string path_;        // as given, for messages
  std::string target_;      // the file replaced: path_ with its links followed
  std::string named_temp_;  // the temporary's name when the file system has no unnamed files
  std::unique_ptr<registered_temp> temp_registration_;
  mode mode_ = mode::replace;
  int fd_ = -1;
  bool committed_ = false;
  buffer<char> buffer_;
  struct deflater;
  std::unique_ptr<deflater> gzip_;
};

}  // namespace graphring::io

// Output that appears whole or not at all: bytes go to a temporary file beside the target
// (optionally gzip-compressed), which is synced and renamed over the target on commit(). If the
// object is destroyed without commit() (an error, an exception), the temporary is removed and any
// previous file at the target is left untouched.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/buffer.hpp"

namespace graphring::io {

class atomic_output {
 public:
  // gzip: compress with zlib (the target should end in .gz).
  explicit atomic_output(std::string path, bool gzip = false);
  ~atomic_output();
  atomic_output(const atomic_output&) = delete;
  atomic_output& operator=(const atomic_output&) = delete;

  void write(const void* data, std::size_t size);
  void write(std::string_view text) { write(text.data(), text.size()); }
  // Writes buffered bytes through to the temporary file (after which fd() reflects them).
  void flush();
  int fd() const noexcept { return fd_; }
  const std::string& path() const noexcept { return path_; }
  void commit();

 private:
  void write_through(const void* data, std::size_t size);

  std::string path_, temp_;
  int fd_ = -1;
  bool committed_ = false;
  buffer<char> buffer_;
  struct deflater;
  std::unique_ptr<deflater> gzip_;
};

}  // namespace graphring::io

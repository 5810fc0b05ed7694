// The bytes of an input file: plain files are memory-mapped, gzip files (recognized by their
// magic bytes, not their name) are inflated into memory with zlib, concatenated members included.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "engine/io/progress.hpp"

namespace graphring::io {

struct input_bytes {
  std::shared_ptr<const void> owner;  // keeps the mapping or the inflated buffer alive
  const char* data = nullptr;
  std::size_t size = 0;
  bool was_gzip = false;
  bool mapped = false;  // the bytes are the file's own pages, mapped into memory

  std::string_view view() const noexcept { return {data, size}; }
};

// Throws error_kind::bad_input naming `path` when the file is missing, unreadable, empty (unless
// `allow_empty`: then no bytes), or its gzip stream is truncated or corrupt. A pipe, FIFO or other
// stream is read to its end into memory (counted against the memory budget).
input_bytes read_input(const std::string& path, const progress_fn& progress = {},
                       bool allow_empty = false);

// The same for bytes already in memory (kept alive by `owner`): inflated when they are gzip.
// `name` stands for the file in error messages.
input_bytes decode_input(std::shared_ptr<const void> owner, const char* data, std::size_t size,
                         const std::string& name, const progress_fn& progress = {});

// The file name without a trailing ".gz", lower-cased extension included: "a.MTX.gz" -> ".mtx".
std::string extension_of(const std::string& path);

}  // namespace graphring::io

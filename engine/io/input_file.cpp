// Reading input files: mmap for plain files, zlib inflate for gzip streams.
#include "engine/io/input_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "core/buffer.hpp"
#include "core/error.hpp"
#include "core/memory_budget.hpp"

namespace graphring::io {
namespace {

struct mapping {
  void* address = MAP_FAILED;
  std::size_t length = 0;
  ~mapping() {
    if (address != MAP_FAILED) munmap(address, length);
  }
};

struct fd_guard {
  int fd;
  ~fd_guard() { close(fd); }
};

bool is_gzip(const char* data, std::size_t size) {
  return size >= 2 && static_cast<unsigned char>(data[0]) == 0x1f &&
         static_cast<unsigned char>(data[1]) == 0x8b;
}

// Inflates every gzip member of [data, data+size).
input_bytes inflate_all(const std::string& path, const char* data, std::size_t size,
                        const progress_fn& progress) {
  auto out = std::make_shared<graphring::buffer<char>>();
  out->resize(std::max<std::size_t>(size * 4, 1 << 16));
  z_stream z{};
  if (inflateInit2(&z, 15 + 32) != Z_OK)
    throw error(error_kind::internal, "zlib could not start", path);
  std::size_t produced = 0;
  std::size_t consumed = 0;
  int status = Z_OK;
  try {
    while (true) {
      if (produced == out->size()) {
        require_memory(out->size() * 2, "the inflated gzip data", path);
        out->resize(out->size() * 2);
      }
      const std::size_t in_chunk = std::min<std::size_t>(size - consumed, 1u << 30);
      const std::size_t out_chunk = std::min<std::size_t>(out->size() - produced, 1u << 30);
      z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data + consumed));
      z.avail_in = static_cast<uInt>(in_chunk);
      z.next_out = reinterpret_cast<Bytef*>(out->data() + produced);
      z.avail_out = static_cast<uInt>(out_chunk);
      status = inflate(&z, Z_NO_FLUSH);
      consumed += in_chunk - z.avail_in;
      produced += out_chunk - z.avail_out;
      report(progress, "decompressing", double(consumed) / double(size));
      if (status == Z_STREAM_END) {
        // Another gzip member may follow (as `cat a.gz b.gz` makes); trailing zero bytes do not.
        while (consumed < size && data[consumed] == 0) ++consumed;
        if (consumed == size) break;
        if (!is_gzip(data + consumed, size - consumed))
          throw error(error_kind::bad_input, "unexpected bytes after the end of the gzip data",
                      path);
        inflateReset(&z);
        continue;
      }
      if (status == Z_DATA_ERROR || status == Z_NEED_DICT)
        throw error(error_kind::bad_input,
                    std::string("corrupt gzip data (") + (z.msg ? z.msg : "invalid stream") +
                        ") after " + std::to_string(produced) + " bytes of text",
                    path);
      if (status == Z_MEM_ERROR) throw error(error_kind::limit, "out of memory inflating", path);
      if (status != Z_OK && status != Z_BUF_ERROR)
        throw error(error_kind::bad_input, "corrupt gzip data", path);
      if (status == Z_BUF_ERROR && consumed == size)
        throw error(error_kind::bad_input,
                    "truncated gzip data: the stream ends after " + std::to_string(produced) +
                        " bytes of text",
                    path);
      if (consumed == size && z.avail_out != 0)
        throw error(error_kind::bad_input,
                    "truncated gzip data: the stream ends after " + std::to_string(produced) +
                        " bytes of text",
                    path);
    }
  } catch (...) {
    inflateEnd(&z);
    throw;
  }
  inflateEnd(&z);
  out->resize(produced);
  out->shrink_to_fit();
  input_bytes result;
  result.data = out->data();
  result.size = out->size();
  result.was_gzip = true;
  result.owner = std::move(out);
  return result;
}

// All bytes of a pipe, FIFO, terminal or other stream, which has no size to map.
std::shared_ptr<graphring::buffer<char>> read_stream(int fd, const std::string& path) {
  auto bytes = std::make_shared<graphring::buffer<char>>();
  bytes->resize(1 << 16);
  std::size_t filled = 0;
  while (true) {
    if (filled == bytes->size()) bytes->resize(bytes->size() * 2);
    const ssize_t n = ::read(fd, bytes->data() + filled, bytes->size() - filled);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0)
      throw error(error_kind::bad_input, std::string("cannot read: ") + std::strerror(errno), path);
    if (n == 0) break;
    filled += std::size_t(n);
  }
  bytes->resize(filled);
  return bytes;
}

}  // namespace

input_bytes read_input(const std::string& path, const progress_fn& progress, bool allow_empty) {
  // "-" is standard input (a copy of the descriptor, which the guard then closes).
  const int fd = path == "-" ? fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0)
                             : open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw error(error_kind::bad_input, std::string("cannot open: ") + std::strerror(errno), path);
  fd_guard guard{fd};
  struct stat st {};
  if (fstat(fd, &st) != 0)
    throw error(error_kind::bad_input, std::string("cannot read: ") + std::strerror(errno), path);
  if (S_ISDIR(st.st_mode)) throw error(error_kind::bad_input, "is a directory, not a file", path);
  if (!S_ISREG(st.st_mode)) {
    auto bytes = read_stream(fd, path);
    const char* data = bytes->data();
    const std::size_t size = bytes->size();
    if (size == 0 && allow_empty) return {};
    return decode_input(std::move(bytes), data, size, path, progress);
  }
  if (st.st_size == 0) {
    if (allow_empty) return {};
    throw error(error_kind::bad_input, "the file is empty", path);
  }

  auto map = std::make_shared<mapping>();
  map->length = static_cast<std::size_t>(st.st_size);
  map->address = mmap(nullptr, map->length, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
  if (map->address == MAP_FAILED)
    throw error(error_kind::bad_input, std::string("cannot map: ") + std::strerror(errno), path);
  const char* data = static_cast<const char*>(map->address);
  input_bytes bytes = decode_input(std::move(map), data, std::size_t(st.st_size), path, progress);
  bytes.mapped = !bytes.was_gzip;
  return bytes;
}

input_bytes decode_input(std::shared_ptr<const void> owner, const char* data, std::size_t size,
                         const std::string& name, const progress_fn& progress) {
  if (size == 0) throw error(error_kind::bad_input, "the file is empty", name);
  if (is_gzip(data, size)) {
    input_bytes inflated = inflate_all(name, data, size, progress);
    if (inflated.size == 0)
      throw error(error_kind::bad_input, "the file is empty (after decompression)", name);
    return inflated;
  }
  input_bytes result;
  result.data = data;
  result.size = size;
  result.owner = std::move(owner);
  return result;
}

std::string extension_of(const std::string& path) {
  std::string name = path.substr(path.find_last_of('/') + 1);
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  if (name.size() > 3 && name.ends_with(".gz")) name.resize(name.size() - 3);
  const auto dot = name.find_last_of('.');
  return dot == std::string::npos ? std::string() : name.substr(dot);
}

}  // namespace graphring::io

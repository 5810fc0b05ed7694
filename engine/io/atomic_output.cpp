// Temporary file + fsync + rename, with an optional zlib deflate stage.
#include "engine/io/atomic_output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "engine/error.hpp"

namespace graphring::io {

struct atomic_output::deflater {
  z_stream z{};
  buffer<char> out = buffer<char>(1 << 20);
};

atomic_output::atomic_output(std::string path, bool gzip) : path_(std::move(path)) {
  struct stat st {};
  if (stat(path_.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
    throw error(error_kind::usage, "is a directory; give an output file name", path_);
  temp_ = path_ + ".tmp-XXXXXX";
  fd_ = mkstemp(temp_.data());
  if (fd_ < 0) throw error(error_kind::io, std::string("cannot create: ") + std::strerror(errno), path_);
  fchmod(fd_, 0644);
  buffer_.reserve(1 << 20);
  if (gzip) {
    gzip_ = std::make_unique<deflater>();
    if (deflateInit2(&gzip_->z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      throw error(error_kind::internal, "zlib could not start", path_);
  }
}

atomic_output::~atomic_output() {
  if (gzip_) deflateEnd(&gzip_->z);
  if (fd_ >= 0) close(fd_);
  if (!committed_) unlink(temp_.c_str());
}

void atomic_output::write_through(const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::write(fd_, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw error(error_kind::io, std::string("cannot write: ") + std::strerror(errno), path_);
    p += n;
    size -= std::size_t(n);
  }
}

void atomic_output::flush() {
  if (buffer_.empty()) return;
  if (!gzip_) {
    write_through(buffer_.data(), buffer_.size());
  } else {
    z_stream& z = gzip_->z;
    z.next_in = reinterpret_cast<Bytef*>(buffer_.data());
    z.avail_in = static_cast<uInt>(buffer_.size());
    while (z.avail_in > 0) {
      z.next_out = reinterpret_cast<Bytef*>(gzip_->out.data());
      z.avail_out = static_cast<uInt>(gzip_->out.size());
      deflate(&z, Z_NO_FLUSH);
      write_through(gzip_->out.data(), gzip_->out.size() - z.avail_out);
    }
  }
  buffer_.clear();
}

void atomic_output::write(const void* data, std::size_t size) {
  if (buffer_.size() + size > buffer_.capacity()) flush();
  if (size >= buffer_.capacity() && !gzip_) {
    write_through(data, size);
    return;
  }
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const std::size_t take = std::min(size, buffer_.capacity() - buffer_.size());
    buffer_.insert(buffer_.end(), p, p + take);
    p += take;
    size -= take;
    if (buffer_.size() == buffer_.capacity()) flush();
  }
}

void atomic_output::commit() {
  flush();
  if (gzip_) {
    z_stream& z = gzip_->z;
    int status;
    do {
      z.next_out = reinterpret_cast<Bytef*>(gzip_->out.data());
      z.avail_out = static_cast<uInt>(gzip_->out.size());
      status = deflate(&z, Z_FINISH);
      write_through(gzip_->out.data(), gzip_->out.size() - z.avail_out);
    } while (status == Z_OK);
    if (status != Z_STREAM_END) throw error(error_kind::internal, "zlib could not finish the stream", path_);
  }
  if (fsync(fd_) != 0) throw error(error_kind::io, std::string("cannot sync: ") + std::strerror(errno), path_);
  if (close(fd_) != 0) {
    fd_ = -1;
    throw error(error_kind::io, std::string("cannot close: ") + std::strerror(errno), path_);
  }
  fd_ = -1;
  if (std::rename(temp_.c_str(), path_.c_str()) != 0)
    throw error(error_kind::io, std::string("cannot rename the finished output: ") + std::strerror(errno), path_);
  committed_ = true;
}

}  // namespace graphring::io

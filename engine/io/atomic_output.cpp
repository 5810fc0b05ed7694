// The output path: direct writes to streams and devices; for files an unnamed temporary
// (O_TMPFILE) + fsync + link + rename, or a named temporary where O_TMPFILE is missing; an
// optional zlib deflate stage in front of either.
#include "engine/io/atomic_output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "core/error.hpp"
#include "engine/io/temp_names.hpp"

namespace graphring::io {
namespace {

std::string system_error(const char* what) {
  return std::string(what) + ": " + std::strerror(errno);
}

// The path with every symbolic link along its last component followed (a dangling link gives
// the name it points to, where the output will be created).
std::string follow_links(std::string path) {
  for (int depth = 0; depth < 40; ++depth) {
    struct stat st {};
    if (lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
    std::string link(std::size_t(st.st_size > 0 ? st.st_size : 4096) + 1, '\0');
    const ssize_t n = readlink(path.c_str(), link.data(), link.size());
    if (n < 0) return path;
    link.resize(std::size_t(n));
    path = link.starts_with('/') ? link : directory_of(path) + "/" + link;
  }
  return path;
}

// The descriptor a path names, for "-", /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N.
std::optional<int> named_descriptor(const std::string& path) {
  if (path == "-" || path == "/dev/stdout") return 1;
  if (path == "/dev/stderr") return 2;
  for (const char* prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (!path.starts_with(prefix)) continue;
    const std::string digits = path.substr(std::strlen(prefix));
    if (digits.empty() || digits.size() > 9 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    return std::atoi(digits.c_str());
  }
  return std::nullopt;
}

bool named_temporaries_forced() {
  const char* value = std::getenv("GRAPHRING_NAMED_TEMP_FILES");
  return value && std::strcmp(value, "1") == 0;
}

// A name for the finished temporary beside the target, unlikely to exist: PID, then a counter
// mixed with the clock.
std::string fresh_temp_name(const std::string& target) {
  static std::atomic<std::uint64_t> counter{0};
  const auto now = std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
  char suffix[16];
  std::snprintf(suffix, sizeof suffix, "%06llx",
                (unsigned long long)((now ^ ++counter * 0x9E3779B97F4A7C15ull) & 0xffffff));
  return temp_prefix(target) + std::to_string(getpid()) + "-" + suffix;
}

}  // namespace

void check_output_path(const std::string& path) {
  if (path.empty())
    throw error(error_kind::usage,
                "the output file name is empty; give a file, or - for standard output");
  if (named_descriptor(path)) return;
  struct stat st {};
  if (stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode))
      throw error(error_kind::usage, "is a directory; give an output file name", path);
    return;
  }
  const std::string directory = directory_of(follow_links(path));
  if (stat(directory.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw error(error_kind::usage, "cannot create the output: there is no directory " + directory,
                path);
}

bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {
  }, sb{};
  if (a == "-" || b == "-") return false;
  return stat(a.c_str(), &sa) == 0 && stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

struct atomic_output::deflater {
  z_stream z{};
  buffer<char> out = buffer<char>(1 << 20);
};

atomic_output::atomic_output(std::string path, bool gzip) : path_(std::move(path)) {
  check_output_path(path_);
  install_temp_cleanup();
  struct stat st {};
  if (const auto fd = named_descriptor(path_)) {
    open_direct(path_, true, *fd);
  } else if (stat(path_.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    open_direct(path_, false, -1);  // a device, FIFO or socket: nothing to replace
  } else {
    target_ = follow_links(path_);
    open_temporary();
  }
  buffer_.reserve(1 << 20);
  if (gzip) {
    gzip_ = std::make_unique<deflater>();
    if (deflateInit2(&gzip_->z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      throw error(error_kind::internal, "zlib could not start", path_);
  }
}

void atomic_output::open_direct(const std::string& target, bool borrowed_fd, int fd) {
  if (borrowed_fd) {
    if (fcntl(fd, F_GETFD) < 0)
      throw error(error_kind::usage, "descriptor " + std::to_string(fd) + " is not open", path_);
    mode_ = mode::direct_borrowed;
    fd_ = fd;
    return;
  }
  fd_ = open(target.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd_ < 0) throw error(error_kind::io, system_error("cannot open for writing"), path_);
  mode_ = mode::direct_owned;
}

void atomic_output::open_temporary() {
  const std::string directory = directory_of(target_);
  remove_stale_temps(target_);
  if (!named_temporaries_forced()) {
    fd_ = open(directory.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
    if (fd_ >= 0) return;
    if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
      throw error(error_kind::io, system_error("cannot create"), path_);
  }
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string name = fresh_temp_name(target_);
    auto registration = std::make_unique<registered_temp>(name);  // known before it exists
    fd_ = open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd_ >= 0) {
      named_temp_ = std::move(name);
      temp_registration_ = std::move(registration);
      return;
    }
    if (errno != EEXIST) throw error(error_kind::io, system_error("cannot create"), path_);
  }
  throw error(error_kind::io, "cannot create: every temporary name is taken", path_);
}

atomic_output::~atomic_output() {
  if (gzip_) deflateEnd(&gzip_->z);
  if (fd_ >= 0 && mode_ != mode::direct_borrowed) close(fd_);
  if (!committed_ && !named_temp_.empty()) unlink(named_temp_.c_str());
}

void atomic_output::write_through(const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::write(fd_, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw error(error_kind::io, system_error("cannot write"), path_);
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

// Gives the synced temporary its final name. An unnamed one is first linked under a fresh
// temporary name (a link cannot replace a file), which the signal handler knows until the rename.
void atomic_output::name_and_replace() {
  if (!named_temp_.empty()) {
    if (std::rename(named_temp_.c_str(), target_.c_str()) != 0)
      throw error(error_kind::io, system_error("cannot rename the finished output"), path_);
    return;
  }
  const std::string proc_path = "/proc/self/fd/" + std::to_string(fd_);
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string name = fresh_temp_name(target_);
    registered_temp registered(name);
    if (linkat(AT_FDCWD, proc_path.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) != 0 &&
        linkat(fd_, "", AT_FDCWD, name.c_str(), AT_EMPTY_PATH) != 0) {
      if (errno == EEXIST) continue;
      throw error(error_kind::io, system_error("cannot name the finished output"), path_);
    }
    if (std::rename(name.c_str(), target_.c_str()) != 0) {
      const std::string message = system_error("cannot rename the finished output");
      unlink(name.c_str());
      throw error(error_kind::io, message, path_);
    }
    return;
  }
  throw error(error_kind::io, "cannot name the finished output: every temporary name is taken",
              path_);
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
    if (status != Z_STREAM_END)
      throw error(error_kind::internal, "zlib could not finish the stream", path_);
  }
  if (mode_ != mode::replace) {
    if (mode_ == mode::direct_owned && close(fd_) != 0) {
      fd_ = -1;
      throw error(error_kind::io, system_error("cannot close"), path_);
    }
    fd_ = -1;
    committed_ = true;
    return;
  }
  if (fsync(fd_) != 0) throw error(error_kind::io, system_error("cannot sync"), path_);
  name_and_replace();
  committed_ = true;
  close(fd_);
  fd_ = -1;
  // The rename itself reaches the disk with the directory.
  const int directory = open(directory_of(target_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (directory >= 0) {
    fsync(directory);
    close(directory);
  }
}

}  // namespace graphring::io

// Device memory for the CUDA backend, usable from host C++20 code without CUDA headers: the
// runtime calls the backend needs (defined in engine/device/memory.cu, each checked with
// GRAPHRING_CUDA_TRY so a failure becomes a graphring::error) and device_array<T>, an owning,
// move-only array in device memory. Allocation is stream-ordered (cudaMallocAsync from the
// device's pool, kept cached), so the many small arrays of a BFS cost no synchronization.
// Every call runs on the default stream: work is ordered, and a copy to the host waits for it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

namespace graphring::cuda {

void* allocate(std::size_t bytes);
void release(void* pointer) noexcept;
void copy_to_device(void* device, const void* host, std::size_t bytes);
void copy_to_host(void* host, const void* device, std::size_t bytes);
void copy_on_device(void* to, const void* from, std::size_t bytes);
void fill_bytes(void* device, std::uint8_t value, std::size_t bytes);
// Every element of `count` elements of `size` bytes set to the one at `element` (host memory).
void fill_elements(void* device, const void* element, std::size_t size, std::uint64_t count);
// Waits for all work on the device.
void synchronize();

// Moving values needs only their size: out[e] = in[index[e]] and out[index[e]] = in[e] for
// `count` elements of `size` bytes.
void gather_elements(void* out, const void* in, const std::uint32_t* index, std::uint64_t count,
                     std::size_t size);
void scatter_elements(void* out, const void* in, const std::uint32_t* index, std::uint64_t count,
                      std::size_t size);
// flags[index[e]] = value for every e < count.
void scatter_flags(std::uint8_t* flags, const std::uint32_t* index, std::uint64_t count,
                   std::uint8_t value);

// Number of nonzero bytes among flags[0 .. n).
std::uint64_t count_flags(const std::uint8_t* flags, std::uint64_t n);
// Writes the positions i < n with flags[i] != 0, ascending, to out; returns how many.
std::uint64_t compact_flags(const std::uint8_t* flags, std::uint64_t n, std::uint32_t* out);
// out[e] = in[0] + ... + in[e-1]; returns the sum of all n.
std::uint64_t exclusive_sum(const std::uint64_t* in, std::uint64_t* out, std::uint64_t n);
// Sorts n (key, value) pairs by the key's low `key_bits` bits, stably, in place.
void sort_pairs(std::uint32_t* keys, std::uint64_t* values, std::uint64_t n, int key_bits);

// The device's name and its device-to-device copy bandwidth in GB/s (bytes read plus bytes
// written per second over a 256 MiB copy, timed with events; measured once and remembered).
std::string device_name();
double copy_bandwidth_gbs();

}  // namespace graphring::cuda

namespace graphring {

template <class T>
class device_array {
 public:
  device_array() = default;
  explicit device_array(std::size_t n)
      : data_(static_cast<T*>(n ? cuda::allocate(n * sizeof(T)) : nullptr)), size_(n) {}
  device_array(const device_array&) = delete;
  device_array& operator=(const device_array&) = delete;
  device_array(device_array&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  device_array& operator=(device_array&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    return *this;
  }
  ~device_array() { cuda::release(data_); }

  // n elements copied from host memory.
  static device_array upload(const T* host, std::size_t n) {
    device_array a(n);
    if (n) cuda::copy_to_device(a.data_, host, n * sizeof(T));
    return a;
  }
  // n elements equal to value.
  static device_array filled(std::size_t n, const T& value) {
    device_array a(n);
    if (n) cuda::fill_elements(a.data_, &value, sizeof(T), n);
    return a;
  }
  // A copy in new device memory.
  device_array clone() const {
    device_array a(size_);
    if (size_) cuda::copy_on_device(a.data_, data_, size_ * sizeof(T));
    return a;
  }
  void download(T* host) const {
    if (size_) cuda::copy_to_host(host, data_, size_ * sizeof(T));
  }

  T* data() noexcept { return data_; }
  const T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace graphring

// The CUDA runtime calls behind engine/device/memory.hpp: stream-ordered allocation from the
// device's memory pool, copies, fills, moves of elements by index (typed only by their size),
// and the flag counting, compaction, prefix sum and radix sort the operations share (CUB).
#include <thrust/iterator/counting_iterator.h>

#include <algorithm>
#include <cstring>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <mutex>
#include <vector>

#include "engine/device/memory.hpp"
#include "kernels/cuda/cuda_try.cuh"
#include "kernels/cuda/launch_geometry.hpp"

namespace graphring::cuda {
namespace {

// Freed memory stays in the pool for the next allocation instead of going back to the driver.
void keep_pool_memory() {
  static std::once_flag once;
  std::call_once(once, [] {
    int device = 0;
    GRAPHRING_CUDA_TRY(cudaGetDevice(&device));
    cudaMemPool_t pool;
    GRAPHRING_CUDA_TRY(cudaDeviceGetDefaultMemPool(&pool, device));
    std::uint64_t keep = ~std::uint64_t(0);
    GRAPHRING_CUDA_TRY(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep));
  });
}

// One element of up to 64 bytes, passed to a kernel by value (aligned for 8-byte words).
struct alignas(8) element_bytes {
  unsigned char bytes[64];
};
constexpr std::size_t max_by_value = sizeof(element_bytes);

// An element of `size` bytes moves as size / sizeof(W) words of the widest W that divides it.
template <class F>
void with_word_type(std::size_t size, F&& f) {
  if (size % 8 == 0) {
    f(std::uint64_t{});
  } else if (size % 4 == 0) {
    f(std::uint32_t{});
  } else if (size % 2 == 0) {
    f(std::uint16_t{});
  } else {
    f(std::uint8_t{});
  }
}

template <class W>
__global__ void fill_kernel(W* out, element_bytes element, std::uint64_t words_per,
                            std::uint64_t words) {
  const W* pattern = reinterpret_cast<const W*>(element.bytes);
  for (std::uint64_t w = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; w < words;
       w += std::uint64_t(gridDim.x) * blockDim.x)
    out[w] = pattern[w % words_per];
}

// Gather (out[e] = in[index[e]]) or scatter (out[index[e]] = in[e]), word by word.
template <bool scatter, class W>
__global__ void move_kernel(W* out, const W* in, const std::uint32_t* index,
                            std::uint64_t words_per, std::uint64_t words) {
  for (std::uint64_t w = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; w < words;
       w += std::uint64_t(gridDim.x) * blockDim.x) {
    const std::uint64_t indexed = std::uint64_t(index[w / words_per]) * words_per + w % words_per;
    if constexpr (scatter) {
      out[indexed] = in[w];
    } else {
      out[w] = in[indexed];
    }
  }
}

template <bool scatter>
void move_elements(void* out, const void* in, const std::uint32_t* index, std::uint64_t count,
                   std::size_t size) {
  if (count == 0) return;
  with_word_type(size, [&](auto word) {
    using W = decltype(word);
    const std::uint64_t per = size / sizeof(W), words = per * count;
    move_kernel<scatter><<<grid_for(words, block_threads), block_threads>>>(
        static_cast<W*>(out), static_cast<const W*>(in), index, per, words);
    GRAPHRING_CUDA_LAUNCHED();
  });
}

__global__ void scatter_flags_kernel(std::uint8_t* flags, const std::uint32_t* index,
                                     std::uint64_t count, std::uint8_t value) {
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < count;
       e += std::uint64_t(gridDim.x) * blockDim.x)
    flags[index[e]] = value;
}

__global__ void count_kernel(const std::uint8_t* flags, std::uint64_t n,
                             unsigned long long* total) {
  unsigned long long mine = 0;
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    mine += flags[i] != 0;
  for (unsigned offset = warp_lanes / 2; offset > 0; offset /= 2)
    mine += __shfl_down_sync(0xffffffffu, mine, offset);
  if (threadIdx.x % warp_lanes == 0 && mine) atomicAdd(total, mine);
}

std::uint64_t read_count(const void* device_value, std::size_t bytes) {
  std::uint64_t value = 0;
  copy_to_host(&value, device_value, bytes);
  return value;
}

// Runs a CUB call twice: once to size its scratch memory, once to do the work.
template <class F>
void with_scratch(F&& call) {
  std::size_t bytes = 0;
  GRAPHRING_CUDA_TRY(call(nullptr, bytes));
  device_array<unsigned char> scratch(std::max<std::size_t>(bytes, 1));
  GRAPHRING_CUDA_TRY(call(scratch.data(), bytes));
}

}  // namespace

void* allocate(std::size_t bytes) {
  keep_pool_memory();
  void* pointer = nullptr;
  GRAPHRING_CUDA_TRY(cudaMallocAsync(&pointer, bytes, 0));
  return pointer;
}

void release(void* pointer) noexcept {
  // At process exit the runtime may already be unloading; nothing is left to free then.
  if (pointer && cudaFreeAsync(pointer, 0) != cudaSuccess) cudaGetLastError();
}

void copy_to_device(void* device, const void* host, std::size_t bytes) {
  if (bytes == 0) return;
  GRAPHRING_CUDA_TRY(cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice));
}

void copy_to_host(void* host, const void* device, std::size_t bytes) {
  if (bytes == 0) return;
  GRAPHRING_CUDA_TRY(cudaMemcpy(host, device, bytes, cudaMemcpyDeviceToHost));
}

void copy_on_device(void* to, const void* from, std::size_t bytes) {
  if (bytes == 0) return;
  GRAPHRING_CUDA_TRY(cudaMemcpyAsync(to, from, bytes, cudaMemcpyDeviceToDevice, 0));
}

void fill_bytes(void* device, std::uint8_t value, std::size_t bytes) {
  if (bytes == 0) return;
  GRAPHRING_CUDA_TRY(cudaMemsetAsync(device, value, bytes, 0));
}

void fill_elements(void* device, const void* element, std::size_t size, std::uint64_t count) {
  if (count == 0) return;
  if (size > max_by_value) {  // a large element: copy it over itself in doubling runs
    copy_to_device(device, element, size);
    for (std::uint64_t done = 1; done < count;) {
      const std::uint64_t now = std::min(done, count - done);
      copy_on_device(static_cast<char*>(device) + done * size, device, now * size);
      done += now;
    }
    return;
  }
  element_bytes e{};
  std::memcpy(e.bytes, element, size);
  with_word_type(size, [&](auto word) {
    using W = decltype(word);
    const std::uint64_t per = size / sizeof(W), words = per * count;
    fill_kernel<<<grid_for(words, block_threads), block_threads>>>(static_cast<W*>(device), e, per,
                                                                   words);
    GRAPHRING_CUDA_LAUNCHED();
  });
}

void synchronize() { GRAPHRING_CUDA_TRY(cudaDeviceSynchronize()); }

void gather_elements(void* out, const void* in, const std::uint32_t* index, std::uint64_t count,
                     std::size_t size) {
  move_elements<false>(out, in, index, count, size);
}

void scatter_elements(void* out, const void* in, const std::uint32_t* index, std::uint64_t count,
                      std::size_t size) {
  move_elements<true>(out, in, index, count, size);
}

void scatter_flags(std::uint8_t* flags, const std::uint32_t* index, std::uint64_t count,
                   std::uint8_t value) {
  if (count == 0) return;
  scatter_flags_kernel<<<grid_for(count, block_threads), block_threads>>>(flags, index, count,
                                                                          value);
  GRAPHRING_CUDA_LAUNCHED();
}

std::uint64_t count_flags(const std::uint8_t* flags, std::uint64_t n) {
  if (n == 0) return 0;
  device_array<unsigned long long> total(1);
  fill_bytes(total.data(), 0, sizeof(unsigned long long));
  count_kernel<<<grid_for(n, block_threads * 8), block_threads>>>(flags, n, total.data());
  GRAPHRING_CUDA_LAUNCHED();
  return read_count(total.data(), sizeof(unsigned long long));
}

std::uint64_t compact_flags(const std::uint8_t* flags, std::uint64_t n, std::uint32_t* out) {
  if (n == 0) return 0;
  device_array<std::uint64_t> selected(1);
  const thrust::counting_iterator<std::uint32_t> positions(0);
  with_scratch([&](void* scratch, std::size_t& bytes) {
    return cub::DeviceSelect::Flagged(scratch, bytes, positions, flags, out, selected.data(),
                                      std::int64_t(n));
  });
  return read_count(selected.data(), sizeof(std::uint64_t));
}

std::uint64_t exclusive_sum(const std::uint64_t* in, std::uint64_t* out, std::uint64_t n) {
  if (n == 0) return 0;
  with_scratch([&](void* scratch, std::size_t& bytes) {
    return cub::DeviceScan::ExclusiveSum(scratch, bytes, in, out, std::int64_t(n));
  });
  std::uint64_t last[2] = {0, 0};
  copy_to_host(&last[0], out + (n - 1), sizeof(std::uint64_t));
  copy_to_host(&last[1], in + (n - 1), sizeof(std::uint64_t));
  return last[0] + last[1];
}

void sort_pairs(std::uint32_t* keys, std::uint64_t* values, std::uint64_t n, int key_bits) {
  if (n < 2) return;
  device_array<std::uint32_t> key_spare(n);
  device_array<std::uint64_t> value_spare(n);
  cub::DoubleBuffer<std::uint32_t> k(keys, key_spare.data());
  cub::DoubleBuffer<std::uint64_t> v(values, value_spare.data());
  with_scratch([&](void* scratch, std::size_t& bytes) {
    return cub::DeviceRadixSort::SortPairs(scratch, bytes, k, v, std::int64_t(n), 0, key_bits);
  });
  if (k.Current() != keys) copy_on_device(keys, k.Current(), n * sizeof(std::uint32_t));
  if (v.Current() != values) copy_on_device(values, v.Current(), n * sizeof(std::uint64_t));
}

std::string device_name() {
  int device = 0;
  GRAPHRING_CUDA_TRY(cudaGetDevice(&device));
  cudaDeviceProp properties{};
  GRAPHRING_CUDA_TRY(cudaGetDeviceProperties(&properties, device));
  return properties.name;
}

double copy_bandwidth_gbs() {
  static std::once_flag once;
  static double measured = 0;
  std::call_once(once, [] {
    constexpr std::size_t bytes = std::size_t(256) << 20;
    device_array<unsigned char> from(bytes), to(bytes);
    fill_bytes(from.data(), 1, bytes);
    copy_on_device(to.data(), from.data(), bytes);  // warm-up
    cudaEvent_t start, stop;
    GRAPHRING_CUDA_TRY(cudaEventCreate(&start));
    GRAPHRING_CUDA_TRY(cudaEventCreate(&stop));
    std::vector<float> times;
    for (int trial = 0; trial < 5; ++trial) {
      GRAPHRING_CUDA_TRY(cudaEventRecord(start, 0));
      copy_on_device(to.data(), from.data(), bytes);
      GRAPHRING_CUDA_TRY(cudaEventRecord(stop, 0));
      GRAPHRING_CUDA_TRY(cudaEventSynchronize(stop));
      float ms = 0;
      GRAPHRING_CUDA_TRY(cudaEventElapsedTime(&ms, start, stop));
      times.push_back(ms);
    }
    GRAPHRING_CUDA_TRY(cudaEventDestroy(start));
    GRAPHRING_CUDA_TRY(cudaEventDestroy(stop));
    const float best = *std::min_element(times.begin(), times.end());
    measured = 2.0 * double(bytes) / (double(best) * 1e-3) / 1e9;
  });
  return measured;
}

}  // namespace graphring::cuda

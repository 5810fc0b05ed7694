// GRAPHRING_CUDA_TRY(call): every CUDA runtime call of the backend goes through it, and a failure
// becomes a graphring::error naming the call's file and line and the error's name and text:
//   graphring: engine/device/memory.cu:41: cudaMallocAsync(&p, bytes, 0) failed:
//   cudaErrorMemoryAllocation (out of memory)
// Out of device memory is error_kind::limit (exit status 2, like a graph too large for the host);
// a missing device or driver is error_kind::usage; anything else is internal.
// GRAPHRING_CUDA_LAUNCHED() checks the launch just made (cudaGetLastError); with the environment
// variable GRAPHRING_CUDA_SYNC=1 it also waits for the kernel, so that a fault inside it is
// reported at its own launch rather than at the next copy (for debugging: it serializes the GPU).
#pragma once

#include <cuda_runtime.h>

#include <cstdlib>
#include <string>

#include "core/error.hpp"

namespace graphring::cuda {

inline error_kind kind_of(cudaError_t status) {
  switch (status) {
    case cudaErrorMemoryAllocation:
      return error_kind::limit;
    case cudaErrorNoDevice:
    case cudaErrorInsufficientDriver:
      return error_kind::usage;
    default:
      return error_kind::internal;
  }
}

// The path from "kernels/" or "tests/" on, or the file name: short enough for one line.
inline std::string short_path(const char* file) {
  const std::string path(file);
  for (const char* root : {"/kernels/", "/tests/", "/bench/", "/engine/"}) {
    const std::size_t at = path.rfind(root);
    if (at != std::string::npos) return path.substr(at + 1);
  }
  return path.substr(path.find_last_of('/') + 1);
}

inline void check(cudaError_t status, const char* call, const char* file, int line) {
  if (status == cudaSuccess) return;
  cudaGetLastError();  // clear a non-sticky error so the next call starts clean
  throw error(kind_of(status),
              std::string(call) + " failed: " + cudaGetErrorName(status) + " (" +
                  cudaGetErrorString(status) + ")",
              short_path(file), std::uint64_t(line));
}

inline bool synchronous_launches() {
  static const bool on = [] {
    const char* value = std::getenv("GRAPHRING_CUDA_SYNC");
    return value && std::string(value) == "1";
  }();
  return on;
}

inline void check_launch(const char* file, int line) {
  check(cudaGetLastError(), "kernel launch", file, line);
  if (synchronous_launches()) check(cudaDeviceSynchronize(), "kernel run", file, line);
}

}  // namespace graphring::cuda

#define GRAPHRING_CUDA_TRY(call) ::graphring::cuda::check((call), #call, __FILE__, __LINE__)
#define GRAPHRING_CUDA_LAUNCHED() ::graphring::cuda::check_launch(__FILE__, __LINE__)

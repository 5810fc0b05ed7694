// GRAPHRING_HD marks a function as callable from host and device code: __host__ __device__ when
// the file is compiled by nvcc, nothing otherwise, so one header serves the CPU and CUDA builds.
#pragma once

#if defined(__CUDACC__)
#define GRAPHRING_HD __host__ __device__
#else
#define GRAPHRING_HD
#endif

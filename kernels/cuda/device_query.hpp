// Host-safe declarations of the CUDA device queries (implemented in device_query.cu).
#pragma once

namespace graphring::cuda {

// Devices the CUDA runtime can use; 0 when there is no driver or no device.
int device_count() noexcept;

}  // namespace graphring::cuda

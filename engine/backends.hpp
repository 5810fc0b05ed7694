// Which compute backends this build has and this machine can run. The CPU backend is always
// there; the CUDA backend is compiled in when nvcc was found and runs when a device is present.
// The choice is made at run time (`--backend cpu|cuda`), never by separate binaries.
#pragma once

#include <string>

namespace graphring {

bool cuda_compiled() noexcept;
// Number of CUDA devices usable now (0 without a driver, a device, or the CUDA build).
int cuda_device_count() noexcept;
// One line for `graphring --version`: build features and devices.
std::string build_summary();

}  // namespace graphring

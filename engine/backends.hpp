// Which compute backends this build has and this machine can run. The CPU backend is always
// there; the CUDA backend is compiled in when nvcc was found and runs when a device is present.
// The choice is made at run time (`--backend cpu|cuda`, or a `backend` argument in the C++ API:
// algorithms/backend.hpp), never by separate binaries.
#pragma once

#include <string>
#include <string_view>

namespace graphring {

enum class backend { cpu, cuda };

bool cuda_compiled() noexcept;
// Number of CUDA devices usable now (0 without a driver, a device, or the CUDA build).
int cuda_device_count() noexcept;
// One line for `graphring --version`: build features and devices.
std::string build_summary();

// "cpu" or "cuda"; anything else is error_kind::usage.
backend parse_backend(std::string_view name);
std::string_view backend_name(backend b) noexcept;
// Throws error_kind::usage with one line saying why when `b` cannot run here: the CUDA backend
// not built, or no CUDA device present.
void require_backend(backend b);

}  // namespace graphring

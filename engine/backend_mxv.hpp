// A registered semiring's product w = A ⊕.⊗ x on the backend chosen at run time: the CPU
// registry's kernels (engine/registry/semiring_registry.hpp) or their GPU counterparts
// (engine/device/device_registry.hpp). Built in every configuration; without the CUDA backend,
// asking for it is error_kind::usage (engine/backends.hpp). A vertex order other than the
// original is a CPU option (formatted_matrix); on the GPU it is error_kind::usage.
#pragma once

#include <optional>

#include "engine/backends.hpp"
#include "engine/registry/semiring_registry.hpp"

namespace graphring {

any_vector backend_mxv(backend on, const semiring_entry& semiring, const csr_matrix& a,
                       const any_vector& x, product_method method,
                       std::optional<format_kind> format,
                       vertex_order order = vertex_order::original);

}  // namespace graphring

// The semirings `graphring spmv --backend cuda` can run, under the names of the CPU registry
// (engine/registry/semiring_registry.hpp): the GPU kernels compiled into the library for
// plus_times, plus_times_fp32, min_plus, min_plus_fp32, max_plus, max_min, lor_land and
// any_secondi (engine/device/instantiate_registry_*.cu). Another semiring runs on the GPU through
// the templated API once compiled for it (README "GPU backend").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/registry/semiring_registry.hpp"

namespace graphring {

std::vector<std::string> device_semiring_names();

// w = A ⊕.⊗ x on the GPU for the adjacency matrix a, as semiring_entry::mxv does on the CPU
// (x converted to the semiring's input type; `format`: the pull kernel's format, std::nullopt
// for the auto rule). An unknown name is error_kind::usage naming the GPU semirings.
any_vector device_mxv(const std::string& name, const csr_matrix& a, const any_vector& x,
                      product_method method, std::optional<format_kind> format);

}  // namespace graphring

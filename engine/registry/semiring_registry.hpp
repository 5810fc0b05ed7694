// The run-time semiring registry: names such as "min_plus" or "plus_times_fp32" mapped to
// compiled, fully inlined kernels, so the CLI and the benchmark harness can pick a semiring by
// name (`--semiring min_plus`) without a function pointer per element. The built-ins are
// registered on first use; a program registers its own semiring with one call (declared in
// engine/registry/register_semiring.hpp, which compiles its kernels):
//
//   graphring::register_semiring<my_semiring>("my_name", "what it computes");
//
// A registered semiring's a, b and c types must be arithmetic (bool, 32/64-bit integers, float,
// double): values cross the registry as typed vectors. Semirings over struct types are used
// through the templated C++ API directly (engine/ops/mxv.hpp), where they run at full speed.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/formats/any_format.hpp"
#include "engine/formats/reorder.hpp"
#include "engine/matrix.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/value_type.hpp"
#include "engine/vector.hpp"

namespace graphring {

// A vector of any of the arithmetic types, as it crosses the registry.
using any_vector =
    std::variant<vector<bool>, vector<std::int32_t>, vector<std::int64_t>, vector<std::uint32_t>,
                 vector<std::uint64_t>, vector<float>, vector<double>>;

// The type-erased multiply the registry hands out: w = A ⊕.⊗ x for the adjacency matrix of a
// graph (`a`, its transpose `at` if already at hand or null), x converted to the semiring's input
// type, the result in its output type. `format` is the storage the pull kernel runs on
// (format_kind::csr: the CSR kernel; std::nullopt: the auto rule's choice;
// engine/ops/mxv_format.hpp) and `order` the vertex order the format holds A in
// (engine/formats/reorder.hpp; the result still comes back in A's ids).
struct semiring_entry {
  std::string name;
  std::string description;
  std::string value_type_name;  // of the output
  bool returns_vertex = false;  // positional: output values are vertex ids (k of A(i,k))
  std::function<any_vector(const csr_matrix& a, const csr_matrix* at, const any_vector& x,
                           product_method method, std::optional<format_kind> format,
                           vertex_order order)>
      mxv;
  // The same in two steps, for many products over one matrix: `prepare` makes the matrix the
  // products read (A in the semiring's input type, in the format and order asked, with the
  // kernels' caches: the sliced kernel's row order, the timed kernel choice, Aᵀ once built),
  // `mxv_prepared` multiplies by it. Entries with the same `operand_type` (A's type name) make
  // the same prepared matrix, so one serves them all.
  std::string operand_type;
  std::function<std::shared_ptr<const void>(const csr_matrix& a, const csr_matrix* at,
                                            std::optional<format_kind> format, vertex_order order)>
      prepare;
  std::function<any_vector(const void* prepared, const any_vector& x, product_method method)>
      mxv_prepared;
};

class semiring_registry {
 public:
  // The process-wide registry, holding the built-ins.
  static semiring_registry& global();

  void add(semiring_entry entry);
  // Throws error_kind::usage naming the known semirings when `name` is not registered.
  const semiring_entry& find(const std::string& name) const;
  std::vector<std::string> names() const;

 private:
  std::map<std::string, semiring_entry> entries_;
};

namespace detail {

template <class T>
constexpr const char* registry_type_name() {
  if constexpr (std::is_same_v<T, bool>) return "bool";
  if constexpr (std::is_same_v<T, std::int32_t>) return "int32";
  if constexpr (std::is_same_v<T, std::int64_t>) return "int64";
  if constexpr (std::is_same_v<T, std::uint32_t>) return "uint32";
  if constexpr (std::is_same_v<T, std::uint64_t>) return "uint64";
  if constexpr (std::is_same_v<T, float>) return "fp32";
  return "fp64";
}

template <class T>
inline constexpr bool registrable_v =
    std::is_same_v<T, bool> || std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t> ||
    std::is_same_v<T, std::uint32_t> || std::is_same_v<T, std::uint64_t> ||
    std::is_same_v<T, float> || std::is_same_v<T, double>;

}  // namespace detail

namespace detail {
// The built-ins, registered by global() on first use (one file per family, to spread the
// compile time of their kernels).
void register_arithmetic_semirings(semiring_registry& registry);
void register_tropical_semirings(semiring_registry& registry);
void register_structural_semirings(semiring_registry& registry);
}  // namespace detail

}  // namespace graphring

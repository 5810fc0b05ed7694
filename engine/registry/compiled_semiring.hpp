// Semirings defined at run time, compiled on first use into graphring's own kernels (the pull
// kernel of every format and the push kernel, kernels/cpu/product_table.hpp: the templates the
// built-in semirings are compiled from), as SuiteSparse:GraphBLAS's JIT compiles a user's
// operators into its kernels [1]. A definition (⊕ a built-in monoid by name or a C++ expression
// in a and b with its identity, ⊗ a C++ expression in a, the matrix entry, and b, x's entry, over
// float64 or int64) becomes a small C++ file, compiled by the system's compiler ($CXX, else c++)
// with the flags of graphring's own build into a shared library, cached on disk
// ($GRAPHRING_JIT_CACHE, else $XDG_CACHE_HOME/graphring/jit, else ~/.cache/graphring/jit) under a
// hash of the source, the compiler, its flags, the headers' folder and the program that asks, and
// loaded with dlopen. A second definition with the same text, in this process or a later one,
// loads the cached library. `graphring spmv --semiring-def` and the Python package's
// graphring.Semiring both compile here. The engine around the kernels (formats, vertex orders,
// the push/pull choice) is the host program's. The expressions are C++ compiled into this
// process: define semirings from code you trust.
//
// [1] Davis, "Algorithm 1037: SuiteSparse:GraphBLAS: parallel graph algorithms in the language of
//     sparse linear algebra", ACM TOMS 49(3), 2023 (its JIT).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "engine/registry/semiring_registry.hpp"

namespace graphring {

struct semiring_definition {
  std::string add;       // min, max, plus, times (graphring's monoids) or an expression in a, b
  std::string multiply;  // an expression in a (A's entry; 1 on an unweighted graph) and b (x's)
  std::string identity;  // for an expression add: a number, inf, -inf, nan or an expression
  std::string terminal;  // for an expression add, optional: the value that ends every sum
  std::string type = "float64";  // the values' type (C++ T): float64 or int64
  bool commutative = true;       // of an expression add
  std::string name;              // in messages; empty: "(add, multiply)"

  std::string title() const { return name.empty() ? "(" + add + ", " + multiply + ")" : name; }
};

// "add=min; multiply=a + b; type=int64": keys add, multiply, identity, terminal, type,
// commutative (true|false) and name, each `key=value`, separated by ';'. error_kind::usage names
// what is wrong.
semiring_definition parse_semiring_definition(std::string_view text);

// The C++ file a definition compiles from; error_kind::usage when the definition is incomplete
// (an expression add without its identity, an unknown type, an empty expression).
std::string compiled_semiring_source(const semiring_definition& definition);

struct compiled_semiring {
  semiring_definition definition;
  std::filesystem::path library;  // the cached shared library
  double compile_seconds = 0;     // 0 when it was loaded from the cache
  // kernels::product_table<T> (kernels/cpu/product_table.hpp) for the definition's type T: the
  // library's pull kernel of every format and its push kernel.
  std::shared_ptr<const void> products;
  std::shared_ptr<void> handle;  // dlopen's; the library stays loaded while a copy lives
};

// Where the compile finds graphring's headers and who asks (its file joins the cache key, so a
// rebuilt program never loads a library compiled against other headers).
struct semiring_compiler_setup {
  std::filesystem::path include_dir;  // holds kernels/cpu/spmv_pull.hpp
  std::filesystem::path program;      // the executable or module that loads the library
};

// The setup of a program linked with graphring: headers from $GRAPHRING_INCLUDE_DIR, else
// include/graphring beside an installed program's bin/, else the source tree it was built from;
// error_kind::usage when none holds them.
semiring_compiler_setup default_semiring_compiler_setup();

// Compiles the definition, or loads it from the cache. error_kind::usage when no compiler is
// found, the definition does not compile (the compiler's first error line and the source's path)
// or the library does not load.
compiled_semiring compile_semiring(const semiring_definition& definition,
                                   const semiring_compiler_setup& setup);

// A registry entry multiplying by the compiled semiring as the built-in entries do
// (engine/registry/register_semiring.hpp): pull through any format in any vertex order, or push
// over Aᵀ in CSR (--method push, or auto with a sparse x), x converted to the semiring's type.
semiring_entry compiled_semiring_entry(const compiled_semiring& semiring);

}  // namespace graphring

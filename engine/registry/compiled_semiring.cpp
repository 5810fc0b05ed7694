// Semirings defined at run time: the source, the compile, the disk cache and the loaded library
// (engine/registry/compiled_semiring.hpp).
#include "engine/registry/compiled_semiring.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

#include "core/error.hpp"
#include "core/memory_budget.hpp"
#include "core/prefetch_threshold.hpp"
#include "engine/formatted_matrix.hpp"
#include "engine/matrix.hpp"
#include "engine/ops/mxv_format.hpp"
#include "engine/ops/write_back.hpp"
#include "kernels/cpu/product_table.hpp"

extern char** environ;

namespace graphring {

namespace {

namespace fs = std::filesystem;

// The flags of graphring's own Release build, for a shared library.
const std::vector<std::string> compile_flags = {"-std=c++20", "-O3",   "-DNDEBUG",
                                                "-fopenmp",   "-fPIC", "-shared"};

const std::map<std::string, std::string> value_types = {{"float64", "double"},
                                                        {"int64", "std::int64_t"}};
const std::map<std::string, std::string> monoids = {{"min", "min_monoid<T>"},
                                                    {"max", "max_monoid<T>"},
                                                    {"plus", "plus_monoid<T>"},
                                                    {"times", "times_monoid<T>"}};

constexpr std::string_view source_template =
    R"(// graphring semiring compiled at run time (engine/registry/compiled_semiring.cpp): @TITLE@
#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/cpu/product_table.hpp"
#include "semirings/semiring.hpp"

namespace graphring::detail {
namespace {
void (*host_reserve)(std::size_t) = nullptr;
}
// The memory budget's check is the host program's: blocks made here count against its limit.
void reserve_memory(std::size_t bytes) { host_reserve(bytes); }
}  // namespace graphring::detail

namespace graphring {
namespace {
std::uint64_t (*host_prefetch_above_bytes)() = nullptr;
}
// So is the size above which the kernels prefetch x (core/prefetch_threshold.hpp).
std::uint64_t prefetch_above_bytes() { return host_prefetch_above_bytes(); }
}  // namespace graphring

namespace graphring::compiled {
using T = @TYPE@;
@MONOID@
struct multiply_op : binary_op_types<T> {
  GRAPHRING_HD constexpr T operator()(T a, T b) const { return (@MULTIPLY@); }
};
using S = semiring<@ADD_MONOID@, multiply_op>;
}  // namespace graphring::compiled

extern "C" {
void graphring_jit_init(void (*reserve)(std::size_t), std::uint64_t (*prefetch_above_bytes)()) {
  graphring::detail::host_reserve = reserve;
  graphring::host_prefetch_above_bytes = prefetch_above_bytes;
}

// The kernels of every format for S, into the host's kernels::product_table<T>.
void graphring_jit_products(void* table) {
  using namespace graphring;
  *static_cast<kernels::product_table<compiled::T>*>(table) =
      kernels::product_table_of<compiled::S>();
}
}
)";

constexpr std::string_view monoid_template = R"(struct add_monoid : binary_op_types<T> {
  using value_type = T;
  static constexpr bool commutative = @COMMUTATIVE@;
  GRAPHRING_HD static constexpr T identity() { return (@IDENTITY@); }
@TERMINAL@  GRAPHRING_HD constexpr T operator()(T a, T b) const { return (@ADD@); }
};)";

std::string trimmed(std::string_view s) {
  const std::size_t first = s.find_first_not_of(" \t\n\r");
  if (first == std::string_view::npos) return {};
  return std::string(s.substr(first, s.find_last_not_of(" \t\n\r") - first + 1));
}

void replace_all(std::string& text, std::string_view key, const std::string& value) {
  for (std::size_t at = text.find(key); at != std::string::npos;
       at = text.find(key, at + value.size()))
    text.replace(at, key.size(), value);
}

// A constant of type T in C++: inf, -inf, nan, a number, or an expression taken as it is.
std::string constant(const std::string& text) {
  if (text == "inf") return "std::numeric_limits<T>::infinity()";
  if (text == "-inf") return "-std::numeric_limits<T>::infinity()";
  if (text == "nan") return "std::numeric_limits<T>::quiet_NaN()";
  double number = 0;
  const auto [end, failure] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (failure == std::errc() && end == text.data() + text.size()) return "T(" + text + ")";
  return "(" + text + ")";
}

// 128 bits of two FNV-1a hashes, as hex: the cache's name for a library.
std::string hash_hex(const std::string& text) {
  std::string out;
  for (std::uint64_t seed : {0xcbf29ce484222325ull, 0x84222325cbf29ce4ull}) {
    std::uint64_t h = seed;
    for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
    char digits[17];
    for (int i = 15; i >= 0; --i, h >>= 4) digits[i] = "0123456789abcdef"[h & 15];
    digits[16] = 0;
    out += digits;
  }
  return out;
}

fs::path cache_dir() {
  if (const char* set = std::getenv("GRAPHRING_JIT_CACHE"); set && *set) return set;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return fs::path(xdg) / "graphring" / "jit";
  const char* home = std::getenv("HOME");
  return fs::path(home && *home ? home : "/tmp") / ".cache" / "graphring" / "jit";
}

// $CXX (else c++) as a path, found on PATH unless it names a file; empty when not found.
fs::path find_compiler(const std::string& name) {
  auto runnable = [](const fs::path& p) { return ::access(p.c_str(), X_OK) == 0; };
  if (name.find('/') != std::string::npos) return runnable(name) ? fs::path(name) : fs::path();
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && runnable(fs::path(dir) / name)) return fs::path(dir) / name;
  return {};
}

// Runs the compiler with its output in `log`; returns its exit status (-1: it did not start).
int run_compiler(const std::vector<std::string>& argv, const fs::path& log) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t child = 0;
  const int started = posix_spawn(&child, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (started != 0) return -1;
  int status = 0;
  while (waitpid(child, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// The compiler's first error line (else its first line) from its log.
std::string first_error(const fs::path& log) {
  std::ifstream in(log);
  std::string line, first;
  while (std::getline(in, line)) {
    if (line.find("error") != std::string::npos) return line;
    if (first.empty() && !trimmed(line).empty()) first = line;
  }
  return first.empty() ? "no message" : first;
}

std::string file_identity(const fs::path& file) {
  std::error_code failed;
  const auto size = fs::file_size(file, failed);
  const auto time = fs::last_write_time(file, failed);
  return file.string() + " " + std::to_string(size) + " " +
         std::to_string(time.time_since_epoch().count());
}

// The prepared matrix of a compiled semiring's entry: A in its format and order.
using prepared_matrix = formatted_matrix<double>;

// t = A ⊕.⊗ x by pull through the kernel of A's format, in the format's own ids.
template <class T>
vector<T> pull_through(const kernels::product_table<T>& k, const prepared_matrix& m,
                       const vector<T>& x) {
  const std::uint64_t n = m.nrows();
  array<T> values(n);
  array<std::uint8_t> present(n);
  const T* xv = x.values();
  const std::uint8_t* xp = x.present();
  T* yv = values.data();
  std::uint8_t* yp = present.data();
  const std::uint64_t found = std::visit(
      [&](const auto& held) -> std::uint64_t {
        using F = std::decay_t<decltype(held)>;
        using detail::stored_values;
        if constexpr (std::is_same_v<F, csr_matrix>) {
          return k.csr(m.encoded().view(), xv, xp, yv, yp);
        } else if constexpr (std::is_same_v<F, hyb_matrix>) {
          return k.hyb(held.view(stored_values<double>(held.ell().values()),
                                 stored_values<double>(held.overflow().values())),
                       xv, xp, yv, yp);
        } else if constexpr (std::is_same_v<F, dtans_matrix>) {
          return k.dtans(held.template view<double>(), xv, xp, yv, yp);
        } else {
          const auto view = held.view(stored_values<double>(held.values()));
          if constexpr (std::is_same_v<F, coo_matrix>) return k.coo(view, xv, xp, yv, yp);
          if constexpr (std::is_same_v<F, ell_matrix>) return k.ell(view, xv, xp, yv, yp);
          if constexpr (std::is_same_v<F, sell_matrix>) return k.sell(view, xv, xp, yv, yp);
          if constexpr (std::is_same_v<F, cci_matrix>) return k.cci(view, xv, xp, yv, yp);
          if constexpr (std::is_same_v<F, svb_matrix>) return k.svb(view, xv, xp, yv, yp);
        }
      },
      m.format().matrix());
  auto t = vector<T>::from_bitmap(n, std::move(values), std::move(present), found);
  t.conform();
  return t;
}

// w = A ⊕.⊗ x as matrix_vector (engine/ops/mxv.hpp) does it for a formatted matrix: a push over
// Aᵀ's CSR rows when asked, or, by default, when x is sparse; else a pull through A's format,
// x relabelled into the format's order and the result back into A's ids.
template <class T>
any_vector compiled_product(const kernels::product_table<T>& k, const prepared_matrix& m,
                            const any_vector& x, product_method method) {
  vector<T> u = std::visit([](auto v) { return detail::converted<T>(std::move(v)); }, x);
  detail::check_dimension(u.size(), m.ncols(), "the input vector's size");
  if (detail::prefers_push_by_density(u, method)) {
    vector<T> spare;
    const vector<T>& s = sparse_form(u, spare);
    static thread_local kernels::scatter_workspace<T> w;
    const matrix<double>& at = m.csr().transposed();
    k.push(at.view(), s.indices(), s.indices(), s.values(), s.nvals(), w);
    return detail::taken_from_workspace(w, m.nrows());
  }
  if (m.order() == vertex_order::original) {
    u.to_addressable();
    return pull_through(k, m, u);
  }
  const vertex_id* rank = m.ranks().data();
  vector<T> x_relabelled = detail::relabelled_input(u, rank);
  return detail::in_original_order(pull_through(k, m, x_relabelled), rank, detail::allow_all{}, {});
}

template <class T>
std::shared_ptr<const void> products_of(void* handle) {
  const auto make = reinterpret_cast<void (*)(void*)>(::dlsym(handle, "graphring_jit_products"));
  if (!make) return nullptr;
  auto table = std::make_shared<kernels::product_table<T>>();
  make(table.get());
  return table;
}

}  // namespace

semiring_definition parse_semiring_definition(std::string_view text) {
  semiring_definition d;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t end = text.find(';', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string part = trimmed(text.substr(at, end - at));
    at = end + 1;
    if (part.empty()) continue;
    const std::size_t equals = part.find('=');
    if (equals == std::string::npos)
      throw error(error_kind::usage, "a semiring definition takes key=value parts, not '" + part +
                                         "' (e.g. 'add=min; multiply=a + b')");
    const std::string key = trimmed(std::string_view(part).substr(0, equals));
    const std::string value = trimmed(std::string_view(part).substr(equals + 1));
    if (key == "add") {
      d.add = value;
    } else if (key == "multiply") {
      d.multiply = value;
    } else if (key == "identity") {
      d.identity = value;
    } else if (key == "terminal") {
      d.terminal = value;
    } else if (key == "type") {
      d.type = value;
    } else if (key == "name") {
      d.name = value;
    } else if (key == "commutative") {
      if (value != "true" && value != "false")
        throw error(error_kind::usage, "commutative must be true or false, not '" + value + "'");
      d.commutative = value == "true";
    } else {
      throw error(error_kind::usage,
                  "a semiring definition has no key '" + key +
                      "' (add, multiply, identity, terminal, type, commutative, name)");
    }
  }
  return d;
}

std::string compiled_semiring_source(const semiring_definition& d) {
  if (d.add.empty() || d.multiply.empty())
    throw error(error_kind::usage,
                "a semiring definition needs add (min, max, plus, times or an expression in a "
                "and b) and multiply (an expression in a and b)");
  const auto type = value_types.find(d.type);
  if (type == value_types.end())
    throw error(error_kind::usage,
                "a semiring's type must be float64 or int64, not '" + d.type + "'");
  std::string monoid, add_monoid;
  if (const auto named = monoids.find(d.add); named != monoids.end()) {
    if (!d.identity.empty() || !d.terminal.empty())
      throw error(error_kind::usage, "the " + d.add + " monoid has its own identity and terminal");
    add_monoid = named->second;
  } else {
    if (d.identity.empty())
      throw error(error_kind::usage, "an add given as an expression needs its identity");
    monoid = monoid_template;
    replace_all(monoid, "@COMMUTATIVE@", d.commutative ? "true" : "false");
    replace_all(monoid, "@IDENTITY@", constant(d.identity));
    replace_all(monoid, "@TERMINAL@",
                d.terminal.empty() ? std::string()
                                   : "  GRAPHRING_HD static constexpr T terminal() { return (" +
                                         constant(d.terminal) + "); }\n");
    replace_all(monoid, "@ADD@", d.add);
    add_monoid = "add_monoid";
  }
  std::string title = d.title();
  for (char& c : title)
    if (c == '\n' || c == '\r') c = ' ';
  std::string source(source_template);
  replace_all(source, "@TITLE@", title);
  replace_all(source, "@TYPE@", type->second);
  replace_all(source, "@MONOID@", monoid);
  replace_all(source, "@ADD_MONOID@", add_monoid);
  replace_all(source, "@MULTIPLY@", d.multiply);
  return source;
}

semiring_compiler_setup default_semiring_compiler_setup() {
  std::error_code failed;
  const fs::path program = fs::read_symlink("/proc/self/exe", failed);
  std::vector<fs::path> candidates;
  if (const char* set = std::getenv("GRAPHRING_INCLUDE_DIR"); set && *set)
    candidates.push_back(set);
  if (!program.empty())
    candidates.push_back(program.parent_path().parent_path() / "include" / "graphring");
#ifdef GRAPHRING_SOURCE_DIR
  candidates.push_back(GRAPHRING_SOURCE_DIR);
#endif
  for (const fs::path& dir : candidates)
    if (fs::exists(dir / "kernels" / "cpu" / "product_table.hpp", failed)) return {dir, program};
  throw error(error_kind::usage,
              "graphring's headers, which a semiring defined at run time compiles against, are "
              "not found: set GRAPHRING_INCLUDE_DIR to the folder that holds kernels/ and "
              "semirings/");
}

compiled_semiring compile_semiring(const semiring_definition& definition,
                                   const semiring_compiler_setup& setup) {
  const std::string source = compiled_semiring_source(definition);
  const char* cxx = std::getenv("CXX");
  const std::string compiler_name = cxx && *cxx ? cxx : "c++";
  const fs::path compiler = find_compiler(compiler_name);
  if (compiler.empty())
    throw error(error_kind::usage, "no C++ compiler to compile the semiring " + definition.title() +
                                       " with: '" + compiler_name + "' is not found (set CXX)");
  std::string flags;
  for (const std::string& f : compile_flags) flags += f + " ";
  const std::string key =
      hash_hex(source + '\0' + compiler.string() + '\0' + flags + '\0' +
               setup.include_dir.string() + '\0' + file_identity(setup.program));
  const fs::path cache = cache_dir();
  compiled_semiring out;
  out.definition = definition;
  out.library = cache / ("semiring-" + key + ".so");
  const auto started = std::chrono::steady_clock::now();
  std::error_code failed;
  if (!fs::exists(out.library, failed)) {
    fs::create_directories(cache, failed);
    if (failed)
      throw error(error_kind::io, "cannot make the semiring cache folder: " + failed.message(),
                  cache.string());
    const fs::path source_file = cache / ("semiring-" + key + ".cpp");
    const fs::path log = cache / ("semiring-" + key + ".log");
    std::ofstream(source_file) << source;
    // Compiled to a name of its own, then renamed: whole, even with another process compiling.
    std::string partial_name = (cache / "semiring-XXXXXX.so").string();
    const int fd = ::mkstemps(partial_name.data(), 3);
    if (fd < 0) throw error(error_kind::io, "cannot write to the semiring cache", cache.string());
    ::close(fd);
    std::vector<std::string> argv = {compiler.string()};
    argv.insert(argv.end(), compile_flags.begin(), compile_flags.end());
    argv.insert(argv.end(),
                {"-I", setup.include_dir.string(), source_file.string(), "-o", partial_name});
    if (run_compiler(argv, log) != 0) {
      fs::remove(partial_name, failed);
      throw error(error_kind::usage, "the semiring " + definition.title() +
                                         " does not compile: " + first_error(log) +
                                         " (source: " + source_file.string() + ")");
    }
    fs::rename(partial_name, out.library, failed);
    if (failed)
      throw error(error_kind::io, "cannot store the compiled semiring: " + failed.message(),
                  out.library.string());
    out.compile_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  }
  void* handle = ::dlopen(out.library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    throw error(error_kind::usage,
                "the compiled semiring " + definition.title() + " does not load: " + ::dlerror());
  out.handle = std::shared_ptr<void>(handle, [](void* h) { ::dlclose(h); });
  const auto init = reinterpret_cast<void (*)(void (*)(std::size_t), std::uint64_t (*)())>(
      ::dlsym(handle, "graphring_jit_init"));
  out.products =
      definition.type == "int64" ? products_of<std::int64_t>(handle) : products_of<double>(handle);
  if (!init || !out.products)
    throw error(
        error_kind::usage,
        "the library of the semiring " + definition.title() + " lacks graphring's entry points",
        out.library.string());
  init(&detail::reserve_memory, &prefetch_above_bytes);
  return out;
}

semiring_entry compiled_semiring_entry(const compiled_semiring& semiring) {
  semiring_entry entry;
  entry.name = semiring.definition.title();
  entry.description = "defined at run time";
  const bool integers = semiring.definition.type == "int64";
  entry.value_type_name = integers ? "int64" : "fp64";
  entry.operand_type = "fp64";  // the prepared matrix is the built-in fp64 entries' own
  entry.prepare = [](const csr_matrix& a, const csr_matrix* at, std::optional<format_kind> format,
                     vertex_order order) -> std::shared_ptr<const void> {
    return std::make_shared<const prepared_matrix>(matrix<double>::from_csr(a, 1.0, at), format,
                                                   order);
  };
  // The library stays loaded while the entry lives: its kernels are the library's code.
  entry.mxv_prepared = [products = semiring.products, handle = semiring.handle, integers](
                           const void* prepared, const any_vector& x,
                           product_method method) -> any_vector {
    const auto& m = *static_cast<const prepared_matrix*>(prepared);
    if (integers)
      return compiled_product(
          *static_cast<const kernels::product_table<std::int64_t>*>(products.get()), m, x, method);
    return compiled_product(*static_cast<const kernels::product_table<double>*>(products.get()), m,
                            x, method);
  };
  entry.mxv = [prepare = entry.prepare, run = entry.mxv_prepared](
                  const csr_matrix& a, const csr_matrix* at, const any_vector& x,
                  product_method method, std::optional<format_kind> format,
                  vertex_order order) -> any_vector {
    return run(prepare(a, at, format, order).get(), x, method);
  };
  return entry;
}

}  // namespace graphring

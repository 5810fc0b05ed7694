// `graphring spmv GRAPH [--semiring NAME] [--x FILE] [--method push|pull|auto] [--format F]
// [--order original|degree|rcm] [--out FILE]`:
// one semiring product w = A ⊕.⊗ x, w(i) = ⊕ over the out-edges (i,k) of A(i,k) ⊗ x(k), with the
// semiring picked by name from the registry (default plus_times). x is read from FILE ("ID VALUE"
// lines; vertices absent from it hold no entry) or is 1 at every vertex. Prints the entries
// present in w, "ID VALUE", in ascending ID order; a positional semiring's values (any_secondi,
// min_secondi) are vertex ids and are printed as the input's labels too. --format picks the
// storage the pull product runs on (csr|coo|ell|hyb|sell|cci|dtans|svb|auto; default csr) and
// --order the vertex order that storage holds the graph in (engine/formats/reorder.hpp; default
// original); the result, in the input's ids, depends on neither. --backend cuda runs the product
// on the GPU (the semirings of engine/device/device_registry.hpp; formats csr, coo, ell, hyb and
// sell; original order only). --semiring-def DEF multiplies by a semiring defined at run time
// ("add=min; multiply=a + b": engine/registry/compiled_semiring.hpp), compiled on first use into
// every format's kernels and cached, then run as a built-in one (any --method, --format and
// --order); the compile time goes to standard error (unless --quiet).
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"
#include "engine/backend_mxv.hpp"
#include "engine/io/input_file.hpp"
#include "engine/registry/compiled_semiring.hpp"
#include "engine/registry/semiring_registry.hpp"

namespace graphring::cli {
namespace {

product_method method_option(const arguments& args) {
  const std::string m = args.value("--method").value_or("auto");
  if (m == "auto") return product_method::automatic;
  if (m == "push") return product_method::push;
  if (m == "pull") return product_method::pull;
  throw error(error_kind::usage, "--method must be push, pull or auto, not '" + m + "'");
}

// The x vector from an "ID VALUE" file: int64 when every value is an integer, double otherwise.
any_vector read_x(const graph& g, const std::string& path) {
  const io::input_bytes bytes = io::read_input(path);
  const std::string_view text = bytes.view();
  vector<double> reals(g.vertices());
  vector<std::int64_t> integers(g.vertices());
  bool all_integers = true;
  std::uint64_t line_number = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line(text.data() + at, end - at);
    at = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] == '#' || line[first] == '%') continue;
    line.remove_prefix(first);
    const char* p = line.data();
    const char* stop = p + line.size();
    std::int64_t label = 0;
    auto [after_id, id_error] = std::from_chars(p, stop, label);
    if (id_error != std::errc())
      throw error(error_kind::bad_input, "expected a vertex id", path, line_number);
    while (after_id < stop && (*after_id == ' ' || *after_id == '\t')) ++after_id;
    double value = 0;
    std::int64_t integer = 0;
    auto [after_int, int_error] = std::from_chars(after_id, stop, integer);
    const bool is_integer = int_error == std::errc() && after_int == stop;
    auto [after_value, value_error] = std::from_chars(after_id, stop, value);
    if (value_error != std::errc() || after_value != stop)
      throw error(error_kind::bad_input, "expected 'ID VALUE'", path, line_number);
    const auto v = g.labels().find(label);
    if (!v)
      throw error(error_kind::bad_input, "no vertex has the id " + std::to_string(label), path,
                  line_number);
    if (reals.has(*v))
      throw error(error_kind::bad_input, "vertex " + std::to_string(label) + " is listed twice",
                  path, line_number);
    all_integers = all_integers && is_integer;
    reals.set(*v, value);
    if (is_integer) integers.set(*v, integer);
  }
  if (all_integers) return integers;
  return reals;
}

template <class T>
std::string format_value(const T& x) {
  if constexpr (std::is_floating_point_v<T>) {
    return format_real(double(x));
  } else if constexpr (std::is_same_v<T, bool>) {
    return x ? "1" : "0";
  } else {
    return std::to_string(x);
  }
}

// The semiring --semiring names (default plus_times), or the one --semiring-def defines, compiled
// (or loaded from the cache) into `compiled`.
const semiring_entry& semiring_option(const arguments& args, backend on,
                                      std::optional<semiring_entry>& compiled) {
  const std::optional<std::string> definition = args.value("--semiring-def");
  if (!definition)
    return semiring_registry::global().find(args.value("--semiring").value_or("plus_times"));
  if (args.value("--semiring"))
    throw error(error_kind::usage, "--semiring and --semiring-def exclude each other");
  if (on != backend::cpu)
    throw error(error_kind::usage, "a semiring defined at run time runs on the CPU backend");
  const compiled_semiring semiring =
      compile_semiring(parse_semiring_definition(*definition), default_semiring_compiler_setup());
  if (semiring.compile_seconds > 0 && !args.flag("--quiet"))
    std::fprintf(stderr, "graphring: compiled the semiring %s in %.1f s (cached: %s)\n",
                 semiring.definition.title().c_str(), semiring.compile_seconds,
                 semiring.library.c_str());
  compiled = compiled_semiring_entry(semiring);
  return *compiled;
}

}  // namespace

int spmv_command(const std::vector<std::string>& raw) {
  const arguments args(
      raw, {{},
            {"--semiring", "--semiring-def", "--x", "--method", "--format", "--order", "--out"},
            1,
            1,
            "graphring spmv GRAPH [--semiring NAME | --semiring-def DEF] [--x FILE] "
            "[--method push|pull|auto] [--format csr|coo|ell|hyb|sell|cci|dtans|svb|auto] "
            "[--order original|degree|rcm] [--out FILE]",
            true});
  apply_common_options(args);
  const backend on = args.backend();
  std::optional<semiring_entry> compiled;
  const semiring_entry& semiring = semiring_option(args, on, compiled);
  const product_method method = method_option(args);
  const adjacency_format storage = format_option(args);
  graph g = load_for_command(args.positional()[0], args);
  const any_vector x = args.value("--x") ? read_x(g, *args.value("--x"))
                                         : any_vector(vector<std::int64_t>::dense(g.vertices(), 1));
  const any_vector w =
      backend_mxv(on, semiring, g.adjacency(), x, method, storage.kind, storage.order);
  std::string out;
  std::visit(
      [&](const auto& result) {
        result.for_each([&](std::uint64_t i, const auto& value) {
          out += std::to_string(g.labels().label(vertex_id(i)));
          out += ' ';
          if constexpr (std::is_integral_v<std::decay_t<decltype(value)>>) {
            // A positional semiring returns internal vertex ids: print them as the input's labels.
            if (semiring.returns_vertex) {
              out += std::to_string(g.labels().label(vertex_id(value)));
              out += '\n';
              return;
            }
          }
          out += format_value(value);
          out += '\n';
        });
      },
      w);
  write_result(args, out);
  return 0;
}

}  // namespace graphring::cli

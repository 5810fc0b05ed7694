// The Python extension module graphring._graphring (nanobind): graphs built from a file, a
// generator or arrays, and the seven algorithms, each returning NumPy arrays that own the result
// (no copy after the algorithm's own). The work runs without the GIL; a graphring::error
// becomes graphring.Error with the same one-line message. python/graphring/__init__.py adds the
// SciPy and NetworkX conversions and documents the API.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>
#include <omp.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "algorithms/bc.hpp"
#include "algorithms/bfs.hpp"
#include "algorithms/cc.hpp"
#include "algorithms/msf.hpp"
#include "algorithms/pagerank.hpp"
#include "algorithms/sssp.hpp"
#include "algorithms/tc.hpp"
#include "core/error.hpp"
#include "engine/builder.hpp"
#include "engine/formats/any_format.hpp"
#include "engine/formats/reorder.hpp"
#include "engine/formatted_matrix.hpp"
#include "engine/graph.hpp"
#include "engine/io/load.hpp"
#include "engine/io/writers.hpp"
#include "engine/registry/compiled_semiring.hpp"
#include "engine/registry/semiring_registry.hpp"

namespace nb = nanobind;

namespace {

using namespace graphring;

template <class T>
using array1d = nb::ndarray<nb::numpy, T, nb::ndim<1>>;
template <class T>
using input1d = nb::ndarray<const T, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

// A NumPy array that owns `values` (moved, not copied).
template <class T>
array1d<T> to_numpy(std::vector<T>&& values) {
  auto* held = new std::vector<T>(std::move(values));
  nb::capsule owner(held, [](void* p) noexcept { delete static_cast<std::vector<T>*>(p); });
  return array1d<T>(held->data(), {held->size()}, owner);
}

// A graph shared between Python objects; the algorithms cache its transpose in it, and the
// formatted copies of A they make and mxv prepares (the graph keeps its formats:
// graph::keep_formats), held while the graph lives or until release_formats(). A graph computes
// its caches without locks, so the calls on one graph run one at a time (`work`); calls on
// different graphs run side by side.
struct py_graph {
  struct state {
    std::mutex work;
  };
  std::shared_ptr<graph> g;
  std::shared_ptr<state> shared = std::make_shared<state>();
};

py_graph keeping_formats(graph&& g) {
  g.keep_formats(true);
  return {std::make_shared<graph>(std::move(g))};
}

// Sets the OpenMP thread count for one call (0: leave it) and restores it after.
class thread_scope {
 public:
  explicit thread_scope(int threads) : previous_(omp_get_max_threads()) {
    if (threads < 0) throw error(error_kind::usage, "threads must be 0 (all) or more");
    if (threads > 0) omp_set_num_threads(threads);
  }
  ~thread_scope() { omp_set_num_threads(previous_); }
  thread_scope(const thread_scope&) = delete;
  thread_scope& operator=(const thread_scope&) = delete;

 private:
  int previous_;
};

// What every call on a graph holds while it works: the GIL released, the graph's lock, the
// thread count asked for.
class working_on {
 public:
  working_on(const py_graph& pg, int threads) : lock_(pg.shared->work), threads_(threads) {}

 private:
  nb::gil_scoped_release unlocked_;
  std::lock_guard<std::mutex> lock_;
  thread_scope threads_;
};

adjacency_format storage(const std::string& format, const std::string& order) {
  adjacency_format f;
  f.kind = parse_format(format);
  f.order = parse_vertex_order(order);
  return f;
}

// v(i) for every vertex, `missing` where v has no entry.
template <class Out, class T>
std::vector<Out> dense(const vector<T>& v, Out missing) {
  std::vector<Out> out(v.size(), missing);
  v.for_each([&](std::uint64_t i, const T& x) { out[i] = Out(x); });
  return out;
}

py_graph load(const std::string& source, bool symmetrize, bool drop_self_loops,
              const std::string& input_format) {
  load_options options;
  options.build.symmetrize = symmetrize;
  options.build.drop_self_loops = drop_self_loops;
  options.format = input_format;
  nb::gil_scoped_release unlocked;
  return keeping_formats(load_graph(source, options));
}

// Writes the graph as `path` says (.mtx, .el, .wel, .e, .grb); with a format (cci, dtans, svb), a
// compressed .grb.
void save(py_graph& pg, const std::string& path, const std::string& format) {
  const working_on busy(pg, 0);
  if (format.empty()) {
    io::write_graph(*pg.g, path);
    return;
  }
  const std::optional<format_kind> kind = parse_format(format);
  if (!kind) throw error(error_kind::usage, "save takes format cci, dtans or svb, not auto");
  io::write_compressed_grb(*pg.g, path, *kind);
}

py_graph from_edges(std::uint64_t n, input1d<std::uint32_t> src, input1d<std::uint32_t> dst,
                    std::optional<input1d<double>> weights, bool symmetrize, bool drop_self_loops) {
  if (src.shape(0) != dst.shape(0))
    throw error(error_kind::usage, "src and dst must have the same length");
  if (weights && weights->shape(0) != src.shape(0))
    throw error(error_kind::usage, "weights must have one value per edge");
  if (n > max_vertices)
    throw error(error_kind::limit, "at most " + std::to_string(max_vertices) + " vertices");
  edge_list edges;
  edges.nrows = edges.ncols = n;
  edges.labels = vertex_labels::with_offset(n, 0);
  const std::size_t m = src.shape(0);
  edges.src = buffer<vertex_id>(m);
  edges.dst = buffer<vertex_id>(m);
  for (std::size_t e = 0; e < m; ++e) {
    if (src(e) >= n || dst(e) >= n)
      throw error(error_kind::usage, "edge " + std::to_string(e) + " (" + std::to_string(src(e)) +
                                         ", " + std::to_string(dst(e)) +
                                         ") names a vertex outside 0.." + std::to_string(n) +
                                         " - 1");
    edges.src[e] = src(e);
    edges.dst[e] = dst(e);
  }
  if (weights) {
    buffer<double> w(m);
    for (std::size_t e = 0; e < m; ++e) {
      if (std::isnan((*weights)(e)))
        throw error(error_kind::usage, "edge " + std::to_string(e) + " has a NaN weight");
      w[e] = (*weights)(e);
    }
    edges.weights = std::move(w);
  }
  build_options options;
  options.symmetrize = symmetrize;
  options.drop_self_loops = drop_self_loops;
  nb::gil_scoped_release unlocked;
  vertex_labels labels = edges.labels;
  return keeping_formats(graph(build_csr(edges, options), std::move(labels)));
}

// (indptr, indices, data) copies of A's CSR arrays, in SciPy's index types; data is None for a
// graph without weights.
std::tuple<array1d<std::int64_t>, array1d<std::int32_t>, std::optional<array1d<double>>> csr(
    const py_graph& pg) {
  const csr_matrix& a = pg.g->adjacency();
  std::vector<std::int64_t> indptr(a.offsets.begin(), a.offsets.end());
  if (a.ncols > std::uint64_t(std::numeric_limits<std::int32_t>::max()))
    throw error(error_kind::limit, "more columns than SciPy's 32-bit indices hold");
  std::vector<std::int32_t> indices(a.cols.begin(), a.cols.end());
  std::optional<array1d<double>> data;
  if (a.has_values()) {
    std::vector<double> w(a.nnz());
    std::visit(
        [&](const auto& values) {
          using V = std::decay_t<decltype(values)>;
          if constexpr (!std::is_same_v<V, std::monostate>)
            for (std::size_t e = 0; e < w.size(); ++e) w[e] = double(values[e]);
        },
        a.values);
    data = to_numpy(std::move(w));
  }
  return {to_numpy(std::move(indptr)), to_numpy(std::move(indices)), std::move(data)};
}

array1d<std::int64_t> labels(const py_graph& pg) {
  std::vector<std::int64_t> out(pg.g->vertices());
  for (std::uint64_t v = 0; v < out.size(); ++v) out[v] = pg.g->labels().label(vertex_id(v));
  return to_numpy(std::move(out));
}

std::tuple<std::optional<array1d<std::int64_t>>, std::optional<array1d<std::int64_t>>> bfs(
    py_graph& pg, std::int64_t source, bool parents, bool keep_levels, const std::string& direction,
    const std::string& format, const std::string& order, int threads) {
  algorithms::bfs_options options;
  options.levels = keep_levels;
  options.parents = parents;
  if (direction == "push")
    options.direction = algorithms::bfs_direction::push;
  else if (direction == "pull")
    options.direction = algorithms::bfs_direction::pull;
  else if (direction != "auto")
    throw error(error_kind::usage, "direction must be auto, push or pull, not " + direction);
  options.format = storage(format, order);
  std::vector<std::int64_t> levels, tree;
  {
    const working_on busy(pg, threads);
    const algorithms::bfs_result r = algorithms::bfs(*pg.g, vertex_of(*pg.g, source), options);
    if (keep_levels) levels = dense<std::int64_t>(r.levels, -1);
    if (parents) tree = dense<std::int64_t>(r.parents, -1);
  }
  std::optional<array1d<std::int64_t>> l, p;
  if (keep_levels) l = to_numpy(std::move(levels));
  if (parents) p = to_numpy(std::move(tree));
  return {std::move(l), std::move(p)};
}

array1d<double> sssp(py_graph& pg, std::int64_t source, std::optional<double> delta,
                     const std::string& format, const std::string& order, int threads) {
  std::vector<double> d;
  {
    const working_on busy(pg, threads);
    const vector<double> r =
        algorithms::sssp(*pg.g, vertex_of(*pg.g, source), delta, storage(format, order));
    d = dense<double>(r, std::numeric_limits<double>::infinity());
  }
  return to_numpy(std::move(d));
}

std::tuple<array1d<double>, int, double> pagerank(py_graph& pg, double damping, double tolerance,
                                                  int max_iterations, const std::string& format,
                                                  const std::string& order, int threads,
                                                  const std::string& precision) {
  algorithms::pagerank_options options;
  options.damping = damping;
  options.tolerance = tolerance;
  options.max_iterations = max_iterations;
  options.format = storage(format, order);
  if (precision == "float32") {
    options.precision = value_type::float32;
  } else if (precision != "float64") {
    throw error(error_kind::usage,
                "precision must be 'float64' or 'float32', not '" + precision + "'");
  }
  std::vector<double> ranks;
  int iterations = 0;
  double change = 0;
  {
    const working_on busy(pg, threads);
    const algorithms::pagerank_result r = algorithms::pagerank(*pg.g, options);
    ranks = dense<double>(r.ranks, 0.0);
    iterations = r.iterations;
    change = r.change;
  }
  return {to_numpy(std::move(ranks)), iterations, change};
}

array1d<std::int64_t> connected_components(py_graph& pg, const std::string& format,
                                           const std::string& order, int threads) {
  std::vector<std::int64_t> c;
  {
    const working_on busy(pg, threads);
    c = dense<std::int64_t>(algorithms::connected_components(*pg.g, storage(format, order)), -1);
  }
  return to_numpy(std::move(c));
}

std::uint64_t triangle_count(py_graph& pg, const std::string& format, const std::string& order,
                             int threads) {
  const working_on busy(pg, threads);
  return algorithms::triangle_count(*pg.g, storage(format, order));
}

array1d<std::int64_t> triangles(py_graph& pg, int threads) {
  std::vector<std::int64_t> t;
  {
    const working_on busy(pg, threads);
    t = dense<std::int64_t>(algorithms::triangles_per_vertex(*pg.g), 0);
  }
  return to_numpy(std::move(t));
}

array1d<double> betweenness(py_graph& pg, std::optional<input1d<std::int64_t>> sources,
                            const std::string& format, const std::string& order, int threads) {
  std::vector<vertex_id> ids;
  if (sources)
    for (std::size_t i = 0; i < sources->shape(0); ++i)
      ids.push_back(vertex_of(*pg.g, (*sources)(i)));
  std::vector<double> bc;
  {
    const working_on busy(pg, threads);
    bc = dense<double>(algorithms::betweenness(*pg.g, ids, storage(format, order)), 0.0);
  }
  return to_numpy(std::move(bc));
}

std::tuple<array1d<std::int64_t>, array1d<std::int64_t>, array1d<double>, double>
minimum_spanning_forest(py_graph& pg, const std::string& format, const std::string& order,
                        int threads) {
  std::vector<std::int64_t> u, v;
  std::vector<double> w;
  double total = 0;
  {
    const working_on busy(pg, threads);
    const algorithms::msf_result r =
        algorithms::minimum_spanning_forest(*pg.g, storage(format, order));
    for (const algorithms::msf_edge& e : r.edges) {
      u.push_back(e.u);
      v.push_back(e.v);
      w.push_back(e.weight);
    }
    total = r.total_weight;
  }
  return {to_numpy(std::move(u)), to_numpy(std::move(v)), to_numpy(std::move(w)), total};
}

// The registry's output as (values, present): NumPy arrays of its type (bool as uint8, read as
// bool by the package) and of presence bytes.
template <class T>
std::pair<nb::object, array1d<std::uint8_t>> values_and_presence(const vector<T>& v) {
  using Out = std::conditional_t<std::is_same_v<T, bool>, std::uint8_t, T>;
  std::vector<Out> values(v.size(), Out{});
  std::vector<std::uint8_t> present(v.size(), 0);
  v.for_each([&](std::uint64_t i, const T& x) {
    values[i] = Out(x);
    present[i] = 1;
  });
  return {nb::cast(to_numpy(std::move(values))), to_numpy(std::move(present))};
}

// A product's input: x of one entry per vertex, and `present`, when given, of x's size.
template <class Present>
void check_product_input(const graph& g, std::uint64_t x_size, const Present& present) {
  if (x_size != g.vertices())
    throw error(error_kind::usage, "x has " + std::to_string(x_size) + " entries; the graph has " +
                                       std::to_string(g.vertices()) + " vertices");
  if (present && present->shape(0) != x_size)
    throw error(error_kind::usage, "present must have one entry per vertex");
}

// The formatted copies of A the graph holds: the algorithms' ("structure sell original": the
// pattern, "weights ...": the weights as double) and mxv's ("mxv OPERAND FORMAT ORDER").
std::vector<std::string> kept_formats(py_graph& pg) {
  const working_on busy(pg, 0);
  return pg.g->kept_format_keys();
}

void release_formats(py_graph& pg) {
  const working_on busy(pg, 0);
  pg.g->release_formats();
}

// The graph's adjacency prepared for `entry`'s operand type in `format` and `order`: made at the
// first product that asks for it, then kept with the graph's other formats (every semiring over
// that operand type, built in or compiled at run time, shares it).
std::shared_ptr<const void> prepared(py_graph& pg, const semiring_entry& entry,
                                     const std::string& format, const std::string& order) {
  const std::string key = "mxv " + entry.operand_type + " " + format + " " + order;
  std::shared_ptr<const void> m = pg.g->kept_format(key);
  if (!m) {
    const adjacency_format f = storage(format, order);
    m = entry.prepare(pg.g->adjacency(), nullptr, f.kind, f.order);
    pg.g->keep_format(key, m);
  }
  return m;
}

// w = A ⊕.⊗ x by a registry entry, x dense or, with `present`, only where present is nonzero.
template <class X>
std::pair<nb::object, array1d<std::uint8_t>> product(py_graph& pg, input1d<X> x,
                                                     std::optional<input1d<std::uint8_t>> present,
                                                     const semiring_entry& entry,
                                                     const std::string& method,
                                                     const std::string& format,
                                                     const std::string& order, int threads) {
  const graph& g = *pg.g;
  check_product_input(g, x.shape(0), present);
  product_method how = product_method::automatic;
  if (method == "push")
    how = product_method::push;
  else if (method == "pull")
    how = product_method::pull;
  else if (method != "auto")
    throw error(error_kind::usage, "method must be auto, push or pull, not " + method);
  storage(format, order);  // a bad name is refused before any work
  const std::uint64_t n = x.shape(0);
  array<X> values(x.data(), n);
  any_vector input;
  if (present) {
    array<std::uint8_t> bits(n);
    std::uint64_t count = 0;
    for (std::uint64_t i = 0; i < n; ++i) count += bits[i] = (*present)(i) != 0;
    input = vector<X>::from_bitmap(n, std::move(values), std::move(bits), count);
  } else {
    input = vector<X>::from_dense(std::move(values));
  }
  any_vector out;
  {
    const working_on busy(pg, threads);
    out = entry.mxv_prepared(prepared(pg, entry, format, order).get(), input, how);
  }
  return std::visit([](const auto& v) { return values_and_presence(v); }, out);
}

// w = A ⊕.⊗ x through the run-time registry's semiring `name` (the CLI's --semiring).
template <class X>
std::pair<nb::object, array1d<std::uint8_t>> mxv(py_graph& pg, input1d<X> x,
                                                 std::optional<input1d<std::uint8_t>> present,
                                                 const std::string& name, const std::string& method,
                                                 const std::string& format,
                                                 const std::string& order, int threads) {
  return product(pg, x, present, semiring_registry::global().find(name), method, format, order,
                 threads);
}

// w = A ⊕.⊗ x with a semiring compiled at run time: its registry entry, as for a built-in one.
template <class X>
std::pair<nb::object, array1d<std::uint8_t>> mxv_compiled(
    py_graph& pg, input1d<X> x, std::optional<input1d<std::uint8_t>> present,
    const compiled_semiring& semiring, const std::string& method, const std::string& format,
    const std::string& order, int threads) {
  return product(pg, x, present, compiled_semiring_entry(semiring), method, format, order, threads);
}

// A run-time semiring's definition from graphring.Semiring's arguments (graphring/jit.py).
semiring_definition definition_of(std::string add, std::string multiply, std::string identity,
                                  std::string terminal, std::string type, bool commutative,
                                  std::string name) {
  return {std::move(add),  std::move(multiply), std::move(identity), std::move(terminal),
          std::move(type), commutative,         std::move(name)};
}

// The semiring compiled (or loaded from the cache) against the headers in `include_dir`, for
// this module (`module`, its file).
compiled_semiring compile(std::string add, std::string multiply, std::string identity,
                          std::string terminal, std::string type, bool commutative,
                          std::string name, std::string include_dir, std::string module) {
  const semiring_definition d =
      definition_of(std::move(add), std::move(multiply), std::move(identity), std::move(terminal),
                    std::move(type), commutative, std::move(name));
  nb::gil_scoped_release released;
  return compile_semiring(d, {include_dir, module});
}

}  // namespace

NB_MODULE(_graphring, m) {
  m.doc() = "graphring's C++ engine; use the graphring package, which wraps this module.";
  nb::exception<error>(m, "Error", PyExc_RuntimeError);

  nb::class_<py_graph>(m, "Graph")
      .def_prop_ro("vertices", [](const py_graph& g) { return g.g->vertices(); })
      .def_prop_ro("edges", [](const py_graph& g) { return g.g->edges(); })
      .def_prop_ro("weighted", [](const py_graph& g) { return g.g->weighted(); })
      .def_prop_ro("stored_format",
                   [](const py_graph& g) {
                     const auto& a = g.g->stored_adjacency();
                     return a ? std::string(format_name(a->kind())) : std::string();
                   })
      .def("labels", &labels)
      .def("csr", &csr)
      .def("kept_formats", &kept_formats)
      .def("release_formats", &release_formats)
      .def("vertex", [](const py_graph& g, std::int64_t label) { return vertex_of(*g.g, label); });

  m.def("load", &load, nb::arg("source"), nb::arg("symmetrize"), nb::arg("drop_self_loops"),
        nb::arg("input_format"));
  m.def("save", &save, nb::arg("graph"), nb::arg("path"), nb::arg("format"));
  m.def("from_edges", &from_edges, nb::arg("n"), nb::arg("src"), nb::arg("dst"),
        nb::arg("weights").none(), nb::arg("symmetrize"), nb::arg("drop_self_loops"));
  m.def("bfs", &bfs, nb::arg("graph"), nb::arg("source"), nb::arg("parents"), nb::arg("levels"),
        nb::arg("direction"), nb::arg("format"), nb::arg("order"), nb::arg("threads"));
  m.def("sssp", &sssp, nb::arg("graph"), nb::arg("source"), nb::arg("delta").none(),
        nb::arg("format"), nb::arg("order"), nb::arg("threads"));
  m.def("pagerank", &pagerank, nb::arg("graph"), nb::arg("damping"), nb::arg("tolerance"),
        nb::arg("max_iterations"), nb::arg("format"), nb::arg("order"), nb::arg("threads"),
        nb::arg("precision"));
  m.def("connected_components", &connected_components, nb::arg("graph"), nb::arg("format"),
        nb::arg("order"), nb::arg("threads"));
  m.def("mxv", &mxv<double>, nb::arg("graph"), nb::arg("x"), nb::arg("present").none(),
        nb::arg("semiring"), nb::arg("method"), nb::arg("format"), nb::arg("order"),
        nb::arg("threads"));
  m.def("mxv", &mxv<std::int64_t>, nb::arg("graph"), nb::arg("x"), nb::arg("present").none(),
        nb::arg("semiring"), nb::arg("method"), nb::arg("format"), nb::arg("order"),
        nb::arg("threads"));
  m.def("mxv_compiled", &mxv_compiled<double>, nb::arg("graph"), nb::arg("x"),
        nb::arg("present").none(), nb::arg("semiring"), nb::arg("method"), nb::arg("format"),
        nb::arg("order"), nb::arg("threads"));
  m.def("mxv_compiled", &mxv_compiled<std::int64_t>, nb::arg("graph"), nb::arg("x"),
        nb::arg("present").none(), nb::arg("semiring"), nb::arg("method"), nb::arg("format"),
        nb::arg("order"), nb::arg("threads"));
  // Semirings defined at run time (engine/registry/compiled_semiring.hpp): the source a definition
  // compiles from, the compile (or the cached library), and the headers' folder in a source tree.
  m.def("semiring_source",
        [](std::string add, std::string multiply, std::string identity, std::string terminal,
           std::string type, bool commutative, std::string name) {
          return compiled_semiring_source(
              definition_of(add, multiply, identity, terminal, type, commutative, name));
        });
  nb::class_<compiled_semiring>(m, "CompiledSemiring")
      .def_ro("compile_seconds", &compiled_semiring::compile_seconds)
      .def_prop_ro("library", [](const compiled_semiring& s) { return s.library.string(); });
  m.def("compile_semiring", &compile);
  m.attr("source_dir") = GRAPHRING_SOURCE_DIR;
  m.def("semirings", [] { return semiring_registry::global().names(); });
  m.def("triangle_count", &triangle_count, nb::arg("graph"), nb::arg("format"), nb::arg("order"),
        nb::arg("threads"));
  m.def("triangles", &triangles, nb::arg("graph"), nb::arg("threads"));
  m.def("betweenness", &betweenness, nb::arg("graph"), nb::arg("sources").none(), nb::arg("format"),
        nb::arg("order"), nb::arg("threads"));
  m.def("minimum_spanning_forest", &minimum_spanning_forest, nb::arg("graph"), nb::arg("format"),
        nb::arg("order"), nb::arg("threads"));
}

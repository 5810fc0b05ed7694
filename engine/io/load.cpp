// Format detection and the load pipeline: bytes -> parse -> build CSR -> graph.
#include "engine/io/load.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>

#include "core/error.hpp"
#include "core/memory_budget.hpp"
#include "engine/generators.hpp"
#include "engine/io/input_file.hpp"
#include "engine/io/readers.hpp"

namespace graphring {
namespace {

// By the name, except that a Matrix Market or .grb file is known by its first bytes whatever it
// is called (a .txt holding Matrix Market would otherwise read as an edge list, its size line
// becoming an edge).
std::optional<input_format> format_named(const std::string& ext) {
  if (ext == ".mtx" || ext == ".mm") return input_format::matrix_market;
  if (ext == ".el" || ext == ".txt" || ext == ".tsv" || ext == ".edges")
    return input_format::edge_list;
  if (ext == ".wel") return input_format::weighted_edge_list;
  if (ext == ".e") return input_format::ldbc_edges;
  if (ext == ".gr") return input_format::dimacs;
  if (ext == ".grb") return input_format::grb;
  return std::nullopt;
}

// An --input-format value with its leading dot ("mtx" and ".mtx" alike).
std::string dotted(const std::string& format) {
  return format.starts_with(".") ? format : "." + format;
}

}  // namespace

input_format detect_input_format(const std::string& path, const std::string& format,
                                 const io::input_bytes& in) {
  if (!format.empty() && !format_named(dotted(format)))
    throw error(error_kind::usage, "--input-format '" + format +
                                       "' names no format graphring reads (" + input_formats_text +
                                       ")");
  const std::string_view first = in.view().substr(0, 16);
  if (first.starts_with("%%MatrixMarket")) return input_format::matrix_market;
  if (first.starts_with("GRPHRING")) return input_format::grb;
  if (!format.empty()) return *format_named(dotted(format));
  const std::string ext = io::extension_of(path);
  if (const auto named = format_named(ext)) return *named;
  if (!ext.empty())
    throw error(error_kind::bad_input,
                "graphring does not know the extension '" + ext + "'; it reads " +
                    input_formats_text +
                    " (--input-format FORMAT reads a file of another name as one of them)",
                path);
  if (first.starts_with("p sp") || first.starts_with("c ")) return input_format::dimacs;
  return input_format::edge_list;
}

namespace {

// An LDBC graph's vertex list sits beside its edges: NAME.e and NAME.v.
std::string ldbc_vertex_file(const std::string& source) {
  return source.substr(0, source.rfind(".e")) + ".v";
}

bool exists(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0;
}

// Edges of an existing graph, to build it again with other options.
edge_list edges_of(const graph& g) {
  const csr_matrix& a = g.adjacency();
  edge_list e;
  e.nrows = a.nrows;
  e.ncols = a.ncols;
  e.labels = g.labels();
  e.src = row_ids(a);
  e.dst.assign(a.cols.begin(), a.cols.end());
  std::visit(
      [&](const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (!std::is_same_v<V, std::monostate>)
          e.weights = buffer<typename V::value_type>(v.begin(), v.end());
      },
      a.values);
  return e;
}

// The mapping of a file whose pages are a graph's own arrays (a .grb: they are read in whole and
// kept), counted against the memory budget while anything holds it, as arrays made in memory are.
struct counted_mapping {
  counted_mapping(std::shared_ptr<const void> mapping, std::size_t bytes)
      : mapping(std::move(mapping)), bytes(bytes) {}
  ~counted_mapping() { detail::release_memory(bytes); }
  counted_mapping(const counted_mapping&) = delete;
  counted_mapping& operator=(const counted_mapping&) = delete;

  std::shared_ptr<const void> mapping;
  std::size_t bytes;
};

void count_mapped_graph(io::input_bytes& in, const std::string& source) {
  if (!in.mapped) return;  // read into counted memory already (a stream, a gzip file)
  require_memory(in.size, "the graph's file", source);
  detail::reserve_memory(in.size);
  in.owner = std::make_shared<const counted_mapping>(std::move(in.owner), in.size);
}

void reject_duplicates(const graph& g, const io::input_bytes& in, bool mirrored,
                       const std::string& path) {
  const csr_matrix& a = g.adjacency();
  for (std::uint64_t r = 0; r < a.nrows; ++r)
    for (edge_offset k = a.row_begin(r) + 1; k < a.row_end(r); ++k)
      if (a.cols[k] == a.cols[k - 1])
        throw error(error_kind::bad_input,
                    "duplicate entry (" + std::to_string(r + 1) + ", " +
                        std::to_string(a.cols[k] + 1) +
                        "); a Matrix Market file holds each entry once",
                    path, io::matrix_market_entry_line(in, r, a.cols[k], mirrored, 2));
}

}  // namespace

graph load_graph(const std::string& source, const load_options& options) {
  if (is_generator_name(source)) return rebuild(generate(source), options.build);

  if (!options.format.empty() && !format_named(dotted(options.format)))
    detect_input_format(source, options.format, {});  // the usage error, before reading
  // With an LDBC graph's vertex list beside it, an empty .e is a graph without edges.
  const bool ldbc = io::extension_of(source) == ".e" && exists(ldbc_vertex_file(source));
  return load_graph(source, io::read_input(source, options.progress, ldbc), options);
}

graph load_graph(const std::string& source, io::input_bytes in, const load_options& options) {
  const std::string vertex_file = ldbc_vertex_file(source);
  const bool ldbc = io::extension_of(source) == ".e" && exists(vertex_file);
  const input_format format = detect_input_format(source, options.format, in);
  if (format == input_format::grb) {
    count_mapped_graph(in, source);
    graph g = io::parse_grb(in, source);
    const build_options& b = options.build;
    if (b.symmetrize || b.drop_self_loops || b.duplicates != duplicate_policy::keep)
      g = rebuild(g, b);
    g.source = source;
    g.source_format = "graphring binary (.grb)";
    if (const auto& a = g.stored_adjacency()) {
      const bool both = g.stored_transpose() != a;
      const std::uint64_t bytes = a->bytes() + (both ? g.stored_transpose()->bytes() : 0);
      char text[160];
      std::snprintf(text, sizeof text,
                    "graphring binary (.grb), compressed: %s, %s, %llu bytes (%.2f bits per edge)",
                    std::string(format_name(a->kind())).c_str(), both ? "A and its transpose" : "A",
                    (unsigned long long)bytes,
                    8.0 * double(bytes) / double(std::max<edge_offset>(g.edges(), 1)));
      g.source_format = text;
    }
    return g;
  }

  report(options.progress, "parsing", 0);
  io::parsed_edges parsed;
  switch (format) {
    case input_format::matrix_market:
      parsed = io::parse_matrix_market(in, source, options.progress);
      break;
    case input_format::dimacs:
      parsed = io::parse_dimacs(in, source, options.progress);
      break;
    case input_format::ldbc_edges: {
      buffer<std::int64_t> vertices;
      if (ldbc) vertices = io::parse_vertex_list(io::read_input(vertex_file), vertex_file);
      parsed = io::parse_edge_list(in, source, false, vertices, options.progress);
      if (!vertices.empty()) parsed.format = "ldbc edge list (.e with .v)";
      break;
    }
    default:
      parsed = io::parse_edge_list(in, source, format == input_format::weighted_edge_list, {},
                                   options.progress);
      break;
  }
  report(options.progress, "building CSR", 0);
  const vertex_labels labels = parsed.edges.labels;
  io::require_square(parsed.edges.nrows, parsed.edges.ncols, source);
  const std::string format_name = parsed.format;
  const bool mirrored = parsed.mirrored;
  // A Matrix Market file holds each entry once, whatever the build then does with them: its
  // entries are checked before --symmetrize merges (v, u) with (u, v).
  const bool check_entries =
      format == input_format::matrix_market && options.build.duplicates == duplicate_policy::keep;
  build_options as_in_file = options.build;
  if (check_entries) as_in_file.symmetrize = as_in_file.drop_self_loops = false;
  graph g(build_csr(parsed.edges, check_entries ? as_in_file : options.build), labels);
  parsed = {};
  if (check_entries && g.duplicate_edges() > 0) reject_duplicates(g, in, mirrored, source);
  if (check_entries) g = rebuild(g, options.build);
  report(options.progress, "building CSR", 1);
  g.source = source;
  g.source_format = in.was_gzip ? format_name + " (gzip)" : format_name;
  return g;
}

graph rebuild(const graph& g, const build_options& options) {
  if (!options.symmetrize && !options.drop_self_loops &&
      options.duplicates == duplicate_policy::keep)
    return g;
  graph out(build_csr(edges_of(g), options), g.labels());
  out.source = g.source;
  out.source_format = g.source_format;
  return out;
}

}  // namespace graphring

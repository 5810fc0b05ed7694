// Graph writers. Text is formatted in parallel (rows in chunks, std::to_chars) and written in
// order through an atomic_output.
#include "engine/io/writers.hpp"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstring>

#include "core/error.hpp"
#include "engine/csr_transpose.hpp"
#include "engine/io/atomic_output.hpp"
#include "engine/io/checksum.hpp"
#include "engine/io/grb_format.hpp"
#include "engine/io/grb_parts.hpp"
#include "engine/io/input_file.hpp"

namespace graphring::io {
namespace {

bool gzipped(const std::string& path) { return path.size() > 3 && path.ends_with(".gz"); }

template <class T>
void append_number(std::string& out, T x) {
  char text[32];
  auto result = std::to_chars(text, text + sizeof text, x);
  out.append(text, result.ptr);
}

// Formats rows [0, n) as lines in parallel, batch by batch, and writes them in order.
// line(row, out) appends the lines of one row.
template <class LineFn>
void write_rows(atomic_output& out, const csr_matrix& a, const progress_fn& progress,
                LineFn&& line) {
  constexpr edge_offset entries_per_chunk = 1 << 18;
  buffer<std::uint64_t> cuts{0};
  for (std::uint64_t r = 0; r < a.nrows;) {
    const edge_offset target = a.offsets[r] + entries_per_chunk;
    r = std::uint64_t(std::upper_bound(a.offsets.begin() + r + 1, a.offsets.end() - 1, target) -
                      a.offsets.begin());
    r = std::min<std::uint64_t>(std::max<std::uint64_t>(r, cuts.back() + 1), a.nrows);
    cuts.push_back(r);
  }
  const std::size_t batch = 16;
  std::vector<std::string> texts(batch);
  for (std::size_t first = 0; first + 1 < cuts.size(); first += batch) {
    const std::size_t count = std::min(batch, cuts.size() - 1 - first);
#pragma omp parallel for schedule(dynamic, 1)
    for (std::int64_t k = 0; k < std::int64_t(count); ++k) {
      texts[k].clear();
      for (std::uint64_t r = cuts[first + k]; r < cuts[first + k + 1]; ++r)
        line(vertex_id(r), texts[k]);
    }
    for (std::size_t k = 0; k < count; ++k) out.write(texts[k]);
    report(progress, "writing", double(first + count) / double(cuts.size() - 1));
  }
}

// Vertices with neither out- nor in-edges.
std::uint64_t vertices_without_edges(const csr_matrix& a) {
  buffer<std::uint8_t> touched(a.nrows, 0);
  for (std::uint64_t r = 0; r < a.nrows; ++r) {
    if (a.row_begin(r) == a.row_end(r)) continue;
    touched[r] = 1;
    for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) touched[a.cols[k]] = 1;
  }
  return std::uint64_t(std::count(touched.begin(), touched.end(), 0));
}

template <class Fn>
void with_values(const value_array& values, Fn&& fn) {
  std::visit([&](const auto& v) { fn(v); }, values);
}

std::string graphblas_type(value_type t) {
  switch (t) {
    case value_type::int32:
      return "int32_t";
    case value_type::uint32:
      return "uint32_t";
    case value_type::uint64:
      return "uint64_t";
    case value_type::float32:
      return "float";
    default:
      return "";
  }
}

// A Matrix Market file holds each entry once (graphring's reader refuses a second), so a graph
// with parallel edges is refused before anything is written, naming the first of them.
void require_no_parallel_edges(const graph& g, const std::string& path) {
  const edge_offset parallel = g.duplicate_edges();
  if (parallel == 0) return;
  const csr_matrix& a = g.adjacency();
  for (std::uint64_t r = 0; r < a.nrows; ++r)
    for (edge_offset k = a.row_begin(r) + 1; k < a.row_end(r); ++k)
      if (a.cols[k] == a.cols[k - 1])
        throw error(error_kind::usage,
                    "the graph has " + std::to_string(parallel) +
                        " parallel edges (the first from " +
                        std::to_string(g.labels().label(vertex_id(r))) + " to " +
                        std::to_string(g.labels().label(a.cols[k])) +
                        "), and a Matrix Market file holds each entry once: write .el, .wel, .e "
                        "or .grb, which keep them, or merge them first (--duplicates first, min "
                        "or sum)",
                    path);
}
}  // namespace

void write_matrix_market(const graph& g, const std::string& path, const progress_fn& progress) {
  require_no_parallel_edges(g, path);
  const csr_matrix& a = g.adjacency();
  atomic_output out(path, gzipped(path));
  const value_type t = a.values_type();
  const char* field = t == value_type::none                                    ? "pattern"
                      : (t == value_type::float32 || t == value_type::float64) ? "real"
                                                                               : "integer";
  std::string head = std::string("%%MatrixMarket matrix coordinate ") + field + " general\n";
  if (!graphblas_type(t).empty()) head += "%%GraphBLAS type " + graphblas_type(t) + "\n";
  if (!(g.labels().is_offset() && g.labels().offset() == 1))
    head += "% graphring: vertices renumbered 1..n in ascending order of their original ids\n";
  head += std::to_string(a.nrows) + " " + std::to_string(a.ncols) + " " + std::to_string(a.nnz()) +
          "\n";
  out.write(head);
  with_values(a.values, [&](const auto& values) {
    using V = std::decay_t<decltype(values)>;
    write_rows(out, a, progress, [&](vertex_id r, std::string& text) {
      for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) {
        append_number(text, std::uint64_t(r) + 1);
        text += ' ';
        append_number(text, std::uint64_t(a.cols[k]) + 1);
        if constexpr (!std::is_same_v<V, std::monostate>) {
          text += ' ';
          append_number(text, values[k]);
        }
        text += '\n';
      }
    });
  });
  out.commit();
}

std::uint64_t write_edge_list(const graph& g, const std::string& path,
                              const progress_fn& progress) {
  const csr_matrix& a = g.adjacency();
  const vertex_labels& labels = g.labels();
  if (a.nnz() == 0)
    throw error(error_kind::usage,
                "the graph has no edges, and an edge list without edges cannot be read back; write "
                ".mtx, .grb or .e (with its .v) instead",
                path);
  if (extension_of(path) == ".wel" && !a.has_values())
    throw error(error_kind::usage,
                "the graph has no weights, which a .wel file must hold; write .el instead", path);
  atomic_output out(path, gzipped(path));
  out.write("# graphring edge list: " + std::to_string(a.nrows) + " vertices, " +
            std::to_string(a.nnz()) + " edges\n");
  with_values(a.values, [&](const auto& values) {
    using V = std::decay_t<decltype(values)>;
    write_rows(out, a, progress, [&](vertex_id r, std::string& text) {
      for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) {
        append_number(text, labels.label(r));
        text += ' ';
        append_number(text, labels.label(a.cols[k]));
        if constexpr (!std::is_same_v<V, std::monostate>) {
          text += ' ';
          append_number(text, values[k]);
        }
        text += '\n';
      }
    });
  });
  out.commit();
  return vertices_without_edges(a);
}

void write_ldbc(const graph& g, const std::string& path, const progress_fn& progress) {
  const std::string vertex_file = path.substr(0, path.rfind(".e")) + ".v";
  {
    atomic_output out(vertex_file);
    std::string text;
    for (std::uint64_t v = 0; v < g.vertices(); ++v) {
      append_number(text, g.labels().label(vertex_id(v)));
      text += '\n';
      if (text.size() > (1 << 20)) {
        out.write(text);
        text.clear();
      }
    }
    out.write(text);
    out.commit();
  }
  atomic_output out(path, gzipped(path));
  with_values(g.adjacency().values, [&](const auto& values) {
    using V = std::decay_t<decltype(values)>;
    const csr_matrix& a = g.adjacency();
    write_rows(out, a, progress, [&](vertex_id r, std::string& text) {
      for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) {
        append_number(text, g.labels().label(r));
        text += ' ';
        append_number(text, g.labels().label(a.cols[k]));
        if constexpr (!std::is_same_v<V, std::monostate>) {
          text += ' ';
          append_number(text, values[k]);
        }
        text += '\n';
      }
    });
  });
  out.commit();
}

grb_header grb_header_for(const graph& g, std::uint32_t version, value_type type) {
  const vertex_labels& labels = g.labels();
  grb_header h{};
  std::memcpy(h.magic, grb_magic, sizeof h.magic);
  h.version = version;
  h.header_bytes = sizeof h;
  h.nrows = h.ncols = g.vertices();
  h.nnz = g.edges();
  h.value_type = std::uint32_t(type);
  h.explicit_labels = labels.is_offset() ? 0 : 1;
  h.label_offset = labels.is_offset() ? labels.offset() : 0;
  return h;
}

void write_grb_file(grb_header h, const std::vector<payload_piece>& pieces,
                    std::uint64_t payload_bytes, const std::string& path) {
  // Payload bytes [begin, begin + n) into out: the overlapping pieces, zeros elsewhere.
  auto fill = [&](std::uint64_t begin, std::size_t n, unsigned char* out) {
    std::memset(out, 0, n);
    for (const payload_piece& p : pieces) {
      const std::uint64_t from = p.at - sizeof h;
      const std::uint64_t lo = std::max(begin, from), hi = std::min(begin + n, from + p.bytes);
      if (lo < hi)
        std::memcpy(out + (lo - begin), static_cast<const unsigned char*>(p.data) + (lo - from),
                    hi - lo);
    }
  };
  h.payload_checksum = checksum_of_blocks(payload_bytes, fill);
  h.header_checksum = checksum(&h, offsetof(grb_header, header_checksum));
  atomic_output out(path);
  out.write(&h, sizeof h);
  constexpr std::size_t block = std::size_t(1) << 20;
  std::vector<unsigned char> scratch(block);
  for (std::uint64_t begin = 0; begin < payload_bytes; begin += block) {
    const std::size_t n = std::size_t(std::min<std::uint64_t>(block, payload_bytes - begin));
    fill(begin, n, scratch.data());
    out.write(scratch.data(), n);
  }
  out.commit();
}

void write_grb(const graph& g, const std::string& path) {
  const csr_matrix& a = g.adjacency();
  const vertex_labels& labels = g.labels();
  grb_header h = grb_header_for(g, grb_version, a.values_type());
  const std::optional<bool> known = g.known_symmetric();
  h.reserved[0] = grb_symmetry_recorded | ((known ? *known : is_symmetric(a)) ? grb_symmetric : 0);
  h.offsets_at = grb_aligned(sizeof h);
  h.cols_at = grb_aligned(h.offsets_at + 8 * (a.nrows + 1));
  std::uint64_t end = h.cols_at + 4 * a.nnz();
  if (a.has_values()) {
    h.values_at = grb_aligned(end);
    end = h.values_at + type_size(a.values_type()) * a.nnz();
  }
  if (h.explicit_labels) {
    h.labels_at = grb_aligned(end);
    end = h.labels_at + 8 * a.nrows;
  }
  h.file_bytes = end;

  std::vector<payload_piece> pieces;
  auto place = [&](std::uint64_t at, const void* data, std::size_t bytes) {
    if (bytes) pieces.push_back({at, data, bytes});
  };
  place(h.offsets_at, a.offsets.data(), 8 * (a.nrows + 1));
  place(h.cols_at, a.cols.data(), 4 * a.nnz());
  with_values(a.values, [&](const auto& v) {
    using V = std::decay_t<decltype(v)>;
    if constexpr (!std::is_same_v<V, std::monostate>)
      place(h.values_at, v.data(), sizeof(*v.data()) * v.size());
  });
  if (h.explicit_labels) place(h.labels_at, labels.explicit_array().data(), 8 * a.nrows);
  write_grb_file(h, pieces, end - sizeof h, path);
}

std::uint64_t write_graph(const graph& g, const std::string& path, const progress_fn& progress) {
  const std::string ext = extension_of(path);
  if (ext == ".mtx") {
    write_matrix_market(g, path, progress);
    return 0;
  }
  if (ext == ".el" || ext == ".txt" || ext == ".wel") return write_edge_list(g, path, progress);
  if (ext == ".e") {
    write_ldbc(g, path, progress);
    return 0;
  }
  if (ext == ".grb") {
    if (gzipped(path))
      throw error(error_kind::usage, ".grb files are not compressed; drop the .gz", path);
    write_grb(g, path);
    return 0;
  }
  throw error(error_kind::usage,
              "unknown output format '" + ext +
                  "' (use .mtx, .el, .wel, .e (with its .v) or .grb; all but .grb may end .gz)",
              path);
}

}  // namespace graphring::io

// Edge-list reader (SNAP, LDBC .e/.v, weighted .wel): serial prelude for headers, then parallel
// chunked parsing, then label compaction.
#include "core/error.hpp"
#include "engine/io/label_compaction.hpp"
#include "engine/io/parsed_weights.hpp"
#include "engine/io/readers.hpp"
#include "engine/io/text_scan.hpp"

namespace graphring::io {
namespace {

struct edge_chunk : labeled_edges {
  parsed_weights weights;
};

bool is_comment(char c) { return c == '#' || c == '%'; }

// What the serial prelude finds: up to two count lines (the count and where its line starts),
// where the edge lines begin (the end of the text: nowhere), and the first edge line's field
// count.
struct prelude {
  std::vector<std::pair<std::int64_t, const char*>> counts;
  const char* body = nullptr;
  int fields = 0;
};

// The blank-separated fields of a line.
int field_count(std::string_view rest) {
  int fields = 0;
  for (std::size_t i = 0; i < rest.size();) {
    while (i < rest.size() && is_blank(rest[i])) ++i;
    if (i == rest.size()) break;
    ++fields;
    while (i < rest.size() && !is_blank(rest[i])) ++i;
  }
  return fields;
}

// Prelude: comments, up to two count lines, and the first edge line's field count, which must
// be 2 or 3 (3 where weights are required). Throws parse_failure.
prelude read_prelude(const char* begin, const char* end, bool require_weights) {
  line_cursor cur(begin, end);
  prelude p;
  p.body = end;
  while (!cur.at_end()) {
    if (cur.at_line_end() || is_comment(cur.peek())) {
      cur.next_line();
      continue;
    }
    const char* line = cur.position();
    p.fields = field_count(cur.rest_of_line());
    const std::string first = line_cursor(line, end).word();
    if (first.find_first_not_of("+-0123456789") != std::string::npos)
      throw parse_failure{line,
                          "not an edge list: a line is 'source destination [weight]' with "
                          "integer ids, but this one starts with '" +
                              first + "'"};
    if (p.fields == 1 && p.counts.size() < 2) {
      p.counts.emplace_back(cur.integer("vertex or edge count"), line);
      cur.next_line();
      continue;
    }
    p.body = line;
    break;
  }
  if (p.body != end) {
    if (p.fields < 2)
      throw parse_failure{p.body,
                          "missing destination id (a line is 'source destination [weight]')"};
    if (p.fields > 3)
      throw parse_failure{p.body, "too many fields: " + std::to_string(p.fields) +
                                      " (a line is 'source destination [weight]')"};
    if (require_weights && p.fields < 3)
      throw parse_failure{
          p.body, "missing weight (a weighted edge list line is 'source destination weight')"};
  }
  return p;
}

// The edge lines of [begin, stop) into out: source, destination and, when weighted, weight.
void parse_edges(const char* begin, const char* stop, bool weighted, edge_chunk& out) {
  const std::size_t lines = count_lines(begin, stop);
  out.src.reserve(lines);
  out.dst.reserve(lines);
  if (weighted) out.weights.values.reserve(lines);
  line_cursor c(begin, stop);
  while (!c.at_end()) {
    if (c.at_line_end() || is_comment(c.peek())) {
      c.next_line();
      continue;
    }
    out.src.push_back(c.integer("source id"));
    out.dst.push_back(c.integer("destination id"));
    if (weighted) {
      out.weights.add(c.real("weight"));
    }
    c.expect_line_end(weighted ? "the weight" : "the destination id");
    c.next_line();
  }
}

// The prelude, its failures at their lines, and a file of no edges refused.
prelude checked_prelude(std::string_view text, const std::string& file, bool require_weights,
                        bool has_extra_vertices) {
  prelude p;
  try {
    p = read_prelude(text.data(), text.data() + text.size(), require_weights);
  } catch (const parse_failure& f) {
    throw error(error_kind::bad_input, f.message, file, line_number(text, f.where));
  }
  if (p.body == text.data() + text.size() && !has_extra_vertices)
    throw error(error_kind::bad_input, "no edges: the file holds only comments or counts", file);
  return p;
}

// A piece (or the whole) with what the prelude declares: with two count lines, the second is
// the edge count.
edges_piece declared_by(const prelude& p, std::string_view text) {
  edges_piece out;
  out.weighted = p.fields >= 3;
  out.format = out.weighted ? "weighted edge list" : "edge list";
  if (p.counts.size() == 2) {
    out.declared = std::uint64_t(p.counts[1].first);
    out.declared_line = line_number(text, p.counts[1].second);
  }
  return out;
}

// The edges the chunks hold.
std::uint64_t edges_held(const std::vector<edge_chunk>& chunks) {
  std::uint64_t edges = 0;
  for (const edge_chunk& c : chunks) edges += c.src.size();
  return edges;
}

// The chunks' edges (and weights) with their labels compacted to 0 .. n - 1.
parsed_edges compact_edges(std::vector<edge_chunk>& chunks, bool weighted,
                           std::span<const std::int64_t> extra_vertices, const std::string& file) {
  parsed_edges result;
  if (weighted) result.edges.weights = gather_weights(chunks);
  std::vector<labeled_edges> labeled(chunks.size());
  for (std::size_t c = 0; c < chunks.size(); ++c)
    labeled[c] = std::move(static_cast<labeled_edges&>(chunks[c]));
  chunks.clear();
  compacted_edges compact = compact_labels(labeled, extra_vertices, file);
  result.edges.src = std::move(compact.src);
  result.edges.dst = std::move(compact.dst);
  result.edges.nrows = result.edges.ncols = compact.labels.size();
  result.edges.labels = std::move(compact.labels);
  result.format = weighted ? "weighted edge list" : "edge list";
  return result;
}

}  // namespace

parsed_edges parse_edge_list(const input_bytes& in, const std::string& file, bool require_weights,
                             std::span<const std::int64_t> extra_vertices,
                             const progress_fn& progress) {
  const std::string_view text = in.view();
  const prelude p = checked_prelude(text, file, require_weights, !extra_vertices.empty());
  const bool weighted = p.fields >= 3;
  std::vector<edge_chunk> chunks = parse_in_parallel<edge_chunk>(
      text, p.body, file,
      [&](const char* begin, const char* stop, edge_chunk& out) {
        parse_edges(begin, stop, weighted, out);
      },
      progress);
  check_declared_count(declared_by(p, text), edges_held(chunks), file);
  return compact_edges(chunks, weighted, extra_vertices, file);
}

edges_piece parse_edge_list_piece(const input_bytes& in, const std::string& file,
                                  bool require_weights, std::uint64_t index, std::uint64_t parts) {
  const std::string_view text = in.view();
  const prelude p = checked_prelude(text, file, require_weights, false);
  edges_piece out = declared_by(p, text);
  std::vector<edge_chunk> chunks = parse_in_parallel<edge_chunk>(
      text, piece_begin(text, p.body, index, parts), piece_begin(text, p.body, index + 1, parts),
      file, [&](const char* begin, const char* stop, edge_chunk& chunk) {
        parse_edges(begin, stop, out.weighted, chunk);
      });
  const std::uint64_t held = edges_held(chunks);
  out.src.reserve(held);
  out.dst.reserve(held);
  out.weights.reserve(out.weighted ? held : 0);
  for (edge_chunk& c : chunks) {
    out.src.insert(out.src.end(), c.src.begin(), c.src.end());
    out.dst.insert(out.dst.end(), c.dst.begin(), c.dst.end());
    out.weights.insert(out.weights.end(), c.weights.values.begin(), c.weights.values.end());
    c = {};
  }
  return out;
}

buffer<std::int64_t> parse_vertex_list(const input_bytes& in, const std::string& file) {
  std::vector<buffer<std::int64_t>> chunks = parse_in_parallel<buffer<std::int64_t>>(
      in.view(), in.data, file, [](const char* begin, const char* stop, buffer<std::int64_t>& out) {
        line_cursor c(begin, stop);
        while (!c.at_end()) {
          if (!c.at_line_end() && !is_comment(c.peek())) {
            out.push_back(c.integer("vertex id"));
            c.expect_line_end("the vertex id");
          }
          c.next_line();
        }
      });
  buffer<std::int64_t> all;
  for (auto& c : chunks) all.insert(all.end(), c.begin(), c.end());
  return all;
}

}  // namespace graphring::io

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

}  // namespace

parsed_edges parse_edge_list(const input_bytes& in, const std::string& file, bool require_weights,
                             std::span<const std::int64_t> extra_vertices, const progress_fn& progress) {
  const std::string_view text = in.view();
  const char* end = text.data() + text.size();

  // Prelude: comments, up to two count lines, and the first edge line's field count.
  line_cursor cur(text.data(), end);
  std::vector<std::pair<std::int64_t, const char*>> counts;
  const char* body = end;
  int fields = 0;
  try {
    while (!cur.at_end()) {
      if (cur.at_line_end() || is_comment(cur.peek())) {
        cur.next_line();
        continue;
      }
      const char* line = cur.position();
      std::string_view rest = cur.rest_of_line();
      fields = 0;
      for (std::size_t i = 0; i < rest.size();) {
        while (i < rest.size() && is_blank(rest[i])) ++i;
        if (i == rest.size()) break;
        ++fields;
        while (i < rest.size() && !is_blank(rest[i])) ++i;
      }
      const std::string first = line_cursor(line, end).word();
      if (first.find_first_not_of("+-0123456789") != std::string::npos)
        throw parse_failure{line, "not an edge list: a line is 'source destination [weight]' with integer "
                                  "ids, but this one starts with '" + first + "'"};
      if (fields == 1 && counts.size() < 2) {
        counts.emplace_back(cur.integer("vertex or edge count"), line);
        cur.next_line();
        continue;
      }
      body = line;
      break;
    }
    if (body != end) {
      if (fields < 2) throw parse_failure{body, "missing destination id (a line is 'source destination [weight]')"};
      if (fields > 3) throw parse_failure{body, "too many fields: " + std::to_string(fields) + " (a line is 'source destination [weight]')"};
      if (require_weights && fields < 3) throw parse_failure{body, "missing weight (a weighted edge list line is 'source destination weight')"};
    }
  } catch (const parse_failure& f) {
    throw error(error_kind::bad_input, f.message, file, line_number(text, f.where));
  }
  if (body == end && extra_vertices.empty())
    throw error(error_kind::bad_input, "no edges: the file holds only comments or counts", file);
  const bool weighted = fields >= 3;

  std::vector<edge_chunk> chunks = parse_in_parallel<edge_chunk>(
      text, body, file,
      [&](const char* begin, const char* stop, edge_chunk& out) {
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
      },
      progress);

  std::uint64_t edges = 0;
  for (const edge_chunk& c : chunks) edges += c.src.size();
  if (counts.size() == 2 && std::uint64_t(counts[1].first) != edges)
    throw error(error_kind::bad_input,
                "the count line says " + std::to_string(counts[1].first) +
                    " edges but the file holds " + std::to_string(edges),
                file, line_number(text, counts[1].second));

  parsed_edges result;
  if (weighted) result.edges.weights = gather_weights(chunks);
  std::vector<labeled_edges> labeled(chunks.size());
  for (std::size_t c = 0; c < chunks.size(); ++c) labeled[c] = std::move(static_cast<labeled_edges&>(chunks[c]));
  chunks.clear();
  compacted_edges compact = compact_labels(labeled, extra_vertices, file);
  result.edges.src = std::move(compact.src);
  result.edges.dst = std::move(compact.dst);
  result.edges.nrows = result.edges.ncols = compact.labels.size();
  result.edges.labels = std::move(compact.labels);
  result.format = weighted ? "weighted edge list" : "edge list";
  return result;
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

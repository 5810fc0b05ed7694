// DIMACS shortest-path (.gr) reader, 9th DIMACS Implementation Challenge format:
// `c` comment lines, one `p sp N M` problem line, then M lines `a U V W` with 1-based U, V.
#include "core/error.hpp"
#include "core/memory_budget.hpp"
#include "engine/io/parsed_weights.hpp"
#include "engine/io/readers.hpp"
#include "engine/io/text_scan.hpp"

namespace graphring::io {
namespace {

struct arc_chunk {
  buffer<vertex_id> src, dst;
  parsed_weights weights;
};

// A line type is one letter and a blank: "psp" and "a1" are not "p sp" and "a 1".
bool blank_follows(const char* letter, const char* end) {
  return letter + 1 < end && (letter[1] == ' ' || letter[1] == '\t');
}

}  // namespace

parsed_edges parse_dimacs(const input_bytes& in, const std::string& file,
                          const progress_fn& progress) {
  const std::string_view text = in.view();
  line_cursor cur(text.data(), text.data() + text.size());
  std::uint64_t n = 0, m = 0;
  const char* problem = nullptr;
  std::vector<arc_chunk> chunks;
  try {
    while (!cur.at_end() && (cur.at_line_end() || cur.peek() == 'c')) cur.next_line();
    problem = cur.position();
    if (cur.at_end() || cur.peek() != 'p')
      throw parse_failure{problem, "missing problem line 'p sp VERTICES ARCS' before the arcs"};
    if (!blank_follows(problem, text.data() + text.size()))
      throw parse_failure{
          problem, "the problem line must be 'p sp VERTICES ARCS', not '" + cur.word() + "'"};
    cur = line_cursor(cur.position() + 1, text.data() + text.size());
    if (cur.word() != "sp")
      throw parse_failure{
          problem, "the problem line must be 'p sp VERTICES ARCS', not 'p " + cur.word() + "'"};
    cur = line_cursor(cur.position() + 2, text.data() + text.size());
    const std::int64_t vertices = cur.integer("vertex count");
    const std::int64_t arcs = cur.integer("arc count");
    cur.expect_line_end("the arc count");
    if (vertices < 0 || arcs < 0)
      throw parse_failure{problem, "negative counts on the problem line"};
    n = std::uint64_t(vertices);
    m = std::uint64_t(arcs);
    if (n > max_vertices)
      throw error(error_kind::limit,
                  std::to_string(n) + " vertices exceed the " + std::to_string(max_vertices) +
                      " vertex ids of 32 bits",
                  file, line_number(text, problem));
    require_memory(24 * (n + 1), "a graph of this size", file);
    cur.next_line();
    chunks = parse_in_parallel<arc_chunk>(
        text, cur.position(), file,
        [&](const char* b, const char* e, arc_chunk& out) {
          const std::size_t lines = count_lines(b, e);
          out.src.reserve(lines);
          out.dst.reserve(lines);
          out.weights.values.reserve(lines);
          line_cursor c(b, e);
          while (!c.at_end()) {
            if (c.at_line_end() || c.peek() == 'c') {
              c.next_line();
              continue;
            }
            const char* line = c.position();
            if (c.peek() == 'p') throw parse_failure{line, "a second problem line"};
            if (c.peek() != 'a' || !blank_follows(line, e))
              throw parse_failure{line,
                                  "unknown line type '" + c.word() + "' (expected 'a' or 'c')"};
            c = line_cursor(line + 1, e);
            const std::int64_t u = c.integer("arc source"), v = c.integer("arc target");
            if (u < 1 || std::uint64_t(u) > n)
              throw parse_failure{line, "arc source " + std::to_string(u) + " is out of range 1.." +
                                            std::to_string(n)};
            if (v < 1 || std::uint64_t(v) > n)
              throw parse_failure{line, "arc target " + std::to_string(v) + " is out of range 1.." +
                                            std::to_string(n)};
            const double w = c.real("arc weight");
            c.expect_line_end("the arc weight");
            out.src.push_back(vertex_id(u - 1));
            out.dst.push_back(vertex_id(v - 1));
            out.weights.add(w);
            c.next_line();
          }
        },
        progress);
  } catch (const parse_failure& f) {
    throw error(error_kind::bad_input, f.message, file, line_number(text, f.where));
  }

  std::uint64_t held = 0;
  for (const arc_chunk& c : chunks) held += c.src.size();
  if (held != m)
    throw error(error_kind::bad_input,
                "the problem line declares " + std::to_string(m) + " arcs but the file holds " +
                    std::to_string(held),
                file, line_number(text, problem));

  parsed_edges result;
  edge_list& e = result.edges;
  e.nrows = e.ncols = n;
  e.labels = vertex_labels::with_offset(n, 1);
  e.src.reserve(held);
  e.dst.reserve(held);
  for (const arc_chunk& c : chunks) {
    e.src.insert(e.src.end(), c.src.begin(), c.src.end());
    e.dst.insert(e.dst.end(), c.dst.begin(), c.dst.end());
  }
  e.weights = gather_weights(chunks);
  result.format = "dimacs shortest-path";
  return result;
}

}  // namespace graphring::io

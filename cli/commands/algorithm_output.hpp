// What the algorithm commands share: reading --source, --format and real-valued options, and
// writing a
// result as one "ID VALUE" line per vertex in ascending ID order (the input's own labels), to
// --out FILE atomically or to standard output.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/arguments.hpp"
#include "engine/formatted_matrix.hpp"
#include "engine/graph.hpp"
#include "engine/io/atomic_output.hpp"

namespace graphring::cli {

// The internal id of the vertex named by --source; a usage error when absent or unknown.
vertex_id source_vertex(const graph& g, const arguments& args);
vertex_id source_vertex(const vertex_labels& labels, const arguments& args);

// A real-valued option, `fallback` when absent; a usage error when it is not a number.
double real_option(const arguments& args, const std::string& name, double fallback);

// --format csr|coo|ell|hyb|sell|cci|dtans|svb|auto (default csr) and --order original|degree|rcm
// (default original): the storage an algorithm's products run on; a usage error naming the
// valid names otherwise.
adjacency_format format_option(const arguments& args);
// f, or, when --format was not given and g was read from a compressed .grb, g's own format (the
// algorithms that read it without a CSR: pagerank, bfs).
adjacency_format stored_format_default(adjacency_format f, const arguments& args, const graph& g);

// Shortest text that reads back as the same double; "inf" / "-inf" for infinities.
std::string format_real(double x);

// A result written in pieces to --out (the file appears whole at commit(), or not at all when
// destroyed before it) or to standard output.
class result_output {
 public:
  explicit result_output(const arguments& args);
  ~result_output();
  void write(std::string_view text);
  void commit();

 private:
  std::optional<io::atomic_output> file_;
};

// Writes `text` to --out (whole or not at all) or to standard output.
void write_result(const arguments& args, const std::string& text);

// Writes "LABEL VALUE" for every vertex, VALUE from value(v) (internal id v), via write_result.
void write_vertex_values(const graph& g, const arguments& args,
                         const std::function<std::string(vertex_id)>& value);
// The same for the vertices `labels` names (internal ids 0 .. labels.size() - 1).
void write_vertex_values(const vertex_labels& labels, const arguments& args,
                         const std::function<std::string(vertex_id)>& value);

}  // namespace graphring::cli

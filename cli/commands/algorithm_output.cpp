#include "cli/commands/algorithm_output.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "core/error.hpp"
#include "engine/io/atomic_output.hpp"

namespace graphring::cli {

vertex_id source_vertex(const graph& g, const arguments& args) {
  if (!args.value("--source")) throw error(error_kind::usage, "missing option --source ID");
  return vertex_of(g, args.integer("--source", 0));
}

double real_option(const arguments& args, const std::string& name, double fallback) {
  const auto text = args.value(name);
  if (!text) return fallback;
  double x = 0;
  const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), x);
  if (ec != std::errc() || end != text->data() + text->size() || std::isnan(x))
    throw error(error_kind::usage, "option " + name + " needs a number, not '" + *text + "'");
  return x;
}

adjacency_format format_option(const arguments& args) {
  return {parse_format(args.value("--format").value_or("csr")),
          parse_vertex_order(args.value("--order").value_or("original"))};
}

adjacency_format stored_format_default(adjacency_format f, const arguments& args, const graph& g) {
  if (!args.value("--format") && g.stored_adjacency()) f.kind = g.stored_adjacency()->kind();
  return f;
}

std::string format_real(double x) {
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char text[32];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, x);
  return std::string(text, ec == std::errc() ? end : text);
}

void write_result(const arguments& args, const std::string& text) {
  if (const auto path = args.value("--out")) {
    io::atomic_output out(*path, path->ends_with(".gz"));
    out.write(text);
    out.commit();
    return;
  }
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
    throw error(error_kind::io, "cannot write to standard output");
}

void write_vertex_values(const graph& g, const arguments& args,
                         const std::function<std::string(vertex_id)>& value) {
  std::string text;
  for (std::uint64_t v = 0; v < g.vertices(); ++v) {
    text += std::to_string(g.labels().label(vertex_id(v)));
    text += ' ';
    text += value(vertex_id(v));
    text += '\n';
  }
  write_result(args, text);
}

}  // namespace graphring::cli

#include "cli/commands/algorithm_output.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "core/error.hpp"
#include "engine/io/atomic_output.hpp"

namespace graphring::cli {

vertex_id source_vertex(const graph& g, const arguments& args) {
  return source_vertex(g.labels(), args);
}

vertex_id source_vertex(const vertex_labels& labels, const arguments& args) {
  if (!args.value("--source")) throw error(error_kind::usage, "missing option --source ID");
  return vertex_of(labels, args.integer("--source", 0));
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

result_output::result_output(const arguments& args) {
  if (const auto path = args.value("--out")) file_.emplace(*path, path->ends_with(".gz"));
}

result_output::~result_output() = default;

void result_output::write(std::string_view text) {
  if (file_) {
    file_->write(text);
  } else if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size()) {
    throw error(error_kind::io, "cannot write to standard output");
  }
}

void result_output::commit() {
  if (file_) {
    file_->commit();
  } else if (std::fflush(stdout) != 0) {
    throw error(error_kind::io, "cannot write to standard output");
  }
}

void write_result(const arguments& args, const std::string& text) {
  result_output out(args);
  out.write(text);
  out.commit();
}

void write_vertex_values(const graph& g, const arguments& args,
                         const std::function<std::string(vertex_id)>& value) {
  write_vertex_values(g.labels(), args, value);
}

void write_vertex_values(const vertex_labels& labels, const arguments& args,
                         const std::function<std::string(vertex_id)>& value) {
  // In pieces of about 1 MiB: the whole text of a large graph's result (about 25 bytes a
  // vertex) would be held at once otherwise, twice while the string grows.
  constexpr std::size_t piece = std::size_t(1) << 20;
  result_output out(args);
  std::string text;
  text.reserve(piece + 256);
  for (std::uint64_t v = 0; v < labels.size(); ++v) {
    text += std::to_string(labels.label(vertex_id(v)));
    text += ' ';
    text += value(vertex_id(v));
    text += '\n';
    if (text.size() >= piece) {
      out.write(text);
      text.clear();
    }
  }
  out.write(text);
  out.commit();
}

}  // namespace graphring::cli

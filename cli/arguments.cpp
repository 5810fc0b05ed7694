// Command-line option parsing with usage errors in the one error model.
#include "cli/arguments.hpp"

#include <omp.h>
#include <sys/resource.h>

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "core/error.hpp"
#include "engine/io/atomic_output.hpp"

namespace graphring::cli {
namespace {

const std::set<std::string> common_flags = {"--quiet", "--symmetrize", "--drop-self-loops"};
const std::set<std::string> common_values = {"--threads", "--backend", "--input-format",
                                             "--duplicates"};

[[noreturn]] void usage_error(const std::string& message, const std::string& usage) {
  throw error(error_kind::usage, message + " (usage: " + usage + ")");
}

}  // namespace

arguments::arguments(const std::vector<std::string>& args, const option_spec& spec)
    : usage_(spec.usage) {
  for (const std::string& a : args)
    if (a == "--help" || a == "-h") {
      std::printf("usage: %s\n%s\n", usage_.c_str(), common_options_text);
      throw help_shown{};
    }
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.size() > 2 && a.starts_with("--")) {
      std::string name = a, inline_value;
      const bool has_inline = a.find('=') != std::string::npos;
      if (has_inline) {
        name = a.substr(0, a.find('='));
        inline_value = a.substr(a.find('=') + 1);
      }
      if (spec.flags.count(name) || common_flags.count(name)) {
        if (has_inline) usage_error("option " + name + " takes no value", usage_);
        flags_.insert(name);
      } else if (spec.values.count(name) || common_values.count(name)) {
        if (!has_inline && i + 1 == args.size())
          usage_error("option " + name + " needs a value", usage_);
        values_[name] = has_inline ? inline_value : args[++i];
      } else if (name == "--format" || name == "--order") {
        usage_error("unknown option '" + a +
                        "': only the algorithms and spmv take a storage format and order",
                    usage_);
      } else {
        usage_error("unknown option '" + a + "'", usage_);
      }
    } else {
      positional_.push_back(a);
    }
  }
  if (positional_.size() < spec.min_positional) usage_error("missing argument", usage_);
  if (positional_.size() > spec.max_positional)
    usage_error("unexpected argument '" + positional_[spec.max_positional] + "'", usage_);
  if (value("--input-format") && spec.max_positional == 0)
    usage_error("--input-format: this command reads no GRAPH", usage_);
  check_outputs(spec);
  if (auto name = value("--backend")) {
    backend_ = parse_backend(*name);
    if (backend_ == graphring::backend::cuda && !spec.gpu)
      throw error(error_kind::usage,
                  "--backend cuda: this command has no GPU version (GPU: spmv, "
                  "bfs, sssp, pagerank, bench)");
  }
}

std::vector<std::string> arguments::outputs() const {
  std::vector<std::string> paths;
  for (const auto& [name, path] : values_)
    if (output_options.count(name)) paths.push_back(path);
  return paths;
}

// Before any work: every output must be a name that can be written, and none may be a file the
// command reads (GRAPH, an LDBC graph's .v beside its .e, --x), which the output would replace.
void arguments::check_outputs(const option_spec& spec) const {
  std::vector<std::string> outs = outputs();
  std::vector<std::string> ins = positional_;
  if (spec.last_positional_is_output && !ins.empty()) {
    outs.push_back(ins.back());
    ins.pop_back();
  }
  for (const auto& [name, path] : values_)
    if (input_options.count(name)) ins.push_back(path);
  for (std::size_t i = 0, n = ins.size(); i < n; ++i)
    if (ins[i].ends_with(".e")) ins.push_back(ins[i].substr(0, ins[i].size() - 2) + ".v");
  for (const std::string& out : outs) {
    io::check_output_path(out);
    for (const std::string& in : ins)
      if (io::same_file(out, in))
        throw error(error_kind::usage,
                    "is an input of this command; writing the output there would replace it (give "
                    "another output file)",
                    out);
  }
}

graphring::backend arguments::backend() const {
  require_backend(backend_);
  return backend_;
}

std::optional<std::string> arguments::value(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::int64_t arguments::integer(const std::string& name, std::int64_t fallback) const {
  auto text = value(name);
  if (!text) return fallback;
  std::int64_t x = 0;
  auto [p, ec] = std::from_chars(text->data(), text->data() + text->size(), x);
  if (ec != std::errc() || p != text->data() + text->size())
    usage_error("option " + name + " needs an integer, not '" + *text + "'", usage_);
  return x;
}

std::string& current_input() {
  static std::string name;
  return name;
}

// More threads than 8 per core never help, and each thread needs a stack: a count the address
// space (ulimit -v) cannot hold is refused here, before the OpenMP runtime fails to start them.
void apply_common_options(const arguments& args) {
  if (!args.value("--threads")) return;
  const std::int64_t threads = args.integer("--threads", 0);
  const std::int64_t most = std::max<std::int64_t>(16, 8 * std::int64_t(omp_get_num_procs()));
  if (threads < 1 || threads > most)
    throw error(error_kind::usage, "--threads must be between 1 and " + std::to_string(most) +
                                       " (8 per core of this machine)");
  rlimit address_space{};
  rlimit stack{};
  if (getrlimit(RLIMIT_AS, &address_space) == 0 && address_space.rlim_cur != RLIM_INFINITY &&
      getrlimit(RLIMIT_STACK, &stack) == 0) {
    const std::uint64_t per_thread =
        stack.rlim_cur == RLIM_INFINITY ? std::uint64_t(8) << 20 : std::uint64_t(stack.rlim_cur);
    if (std::uint64_t(threads) * per_thread > address_space.rlim_cur / 2)
      throw error(error_kind::limit,
                  "--threads " + std::to_string(threads) + " needs " + std::to_string(threads) +
                      " thread stacks of " + std::to_string(per_thread >> 20) +
                      " MiB, more than half the address-space limit (ulimit -v) allows");
  }
  omp_set_num_threads(int(threads));
}

std::vector<std::int64_t> parse_source_labels(const std::string& list) {
  std::vector<std::int64_t> labels;
  std::size_t at = 0;
  while (at <= list.size()) {
    const std::size_t end = std::min(list.find(',', at), list.size());
    std::int64_t label = 0;
    const auto [p, ec] = std::from_chars(list.data() + at, list.data() + end, label);
    if (ec != std::errc() || p != list.data() + end || end == at)
      throw error(error_kind::usage,
                  "--sources needs a comma-separated list of vertex ids, not '" + list + "'");
    labels.push_back(label);
    at = end + 1;
  }
  return labels;
}

std::string error_line(const error& e) {
  const std::string& input = current_input();
  std::string line;  // from the parts, not what(): a message may hold a NUL byte from the input
  if (!e.file().empty()) {
    line.append(e.file());
    if (e.line()) line.append(":").append(std::to_string(e.line()));
    line.append(": ");
  } else if (!input.empty() && e.kind() != error_kind::usage) {
    line.append(input).append(": ");
  }
  return line.append(e.message());
}

std::string printable(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7f) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\x%02x", byte);
      out += escape;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace graphring::cli

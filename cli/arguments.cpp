// Command-line option parsing with usage errors in the one error model.
#include "cli/arguments.hpp"

#include <omp.h>

#include <charconv>

#include "engine/error.hpp"

namespace graphring::cli {
namespace {

const std::set<std::string> common_flags = {"--quiet", "--symmetrize", "--drop-self-loops"};
const std::set<std::string> common_values = {"--threads", "--backend"};

[[noreturn]] void usage_error(const std::string& message, const std::string& usage) {
  throw error(error_kind::usage, message + " (usage: " + usage + ")");
}

}  // namespace

arguments::arguments(const std::vector<std::string>& args, const option_spec& spec) : usage_(spec.usage) {
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
        if (!has_inline && i + 1 == args.size()) usage_error("option " + name + " needs a value", usage_);
        values_[name] = has_inline ? inline_value : args[++i];
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
  if (auto name = value("--backend")) {
    backend_ = parse_backend(*name);
    if (backend_ == graphring::backend::cuda && !spec.gpu)
      throw error(error_kind::usage, "--backend cuda: this command has no GPU version (GPU: spmv, "
                                     "bfs, sssp, pagerank, bench)");
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

void apply_common_options(const arguments& args) {
  if (!args.value("--threads")) return;
  const std::int64_t threads = args.integer("--threads", 0);
  if (threads < 1 || threads > 4096) throw error(error_kind::usage, "--threads must be between 1 and 4096");
  omp_set_num_threads(int(threads));
}

}  // namespace graphring::cli

// Command-line parsing for the graphring program: a command, positional arguments and
// `--name value` / `--flag` options, each command declaring what it accepts.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "engine/backends.hpp"

namespace graphring::cli {

struct option_spec {
  std::set<std::string> flags;   // options without a value: --quiet
  std::set<std::string> values;  // options with a value: --threads 4
  std::size_t min_positional = 0, max_positional = 0;
  std::string usage;  // one line, shown in usage errors
  bool gpu = false;   // the command has a GPU version: `--backend cuda` may choose it
  bool last_positional_is_output = false;  // `convert IN OUT`
};

// Options that name a file the command writes, and one it reads besides GRAPH.
inline const std::set<std::string> output_options = {"--out", "--json", "--csv", "--plot"};
inline const std::set<std::string> input_options = {"--x"};

// Thrown once a command's --help (or -h) has printed its usage: the program exits 0.
struct help_shown {};

// The options every command takes, for the usage lines.
inline constexpr const char* common_options_text =
    "common options: --symmetrize --drop-self-loops --duplicates keep|first|min|sum --threads N\n"
    "  --quiet --input-format FORMAT";

class arguments {
 public:
  // Throws error_kind::usage for an unknown option, a missing value or a wrong count of
  // positional arguments. Options shared by every command are accepted too (see common_options).
  // --help or -h anywhere prints the usage line to standard output and throws help_shown.
  arguments(const std::vector<std::string>& args, const option_spec& spec);

  const std::vector<std::string>& positional() const { return positional_; }
  bool flag(const std::string& name) const { return flags_.count(name) > 0; }
  std::optional<std::string> value(const std::string& name) const;
  std::int64_t integer(const std::string& name, std::int64_t fallback) const;
  // Every file the command writes (--out, --json, --csv, --plot, convert's OUT).
  std::vector<std::string> outputs() const;
  // --backend (cpu when absent), checked to be able to run here (engine/backends.hpp).
  graphring::backend backend() const;

 private:
  void check_outputs(const option_spec& spec) const;

  std::string usage_;
  graphring::backend backend_ = graphring::backend::cpu;
  std::vector<std::string> positional_;
  std::set<std::string> flags_;
  std::map<std::string, std::string> values_;
};

// The graph the command works on (set when it is loaded), named in errors that arise without a
// file of their own: the memory budget, an allocation the system refuses, a negative cycle.
std::string& current_input();

// "FILE:LINE: message" for an error; one without a file of its own (the memory budget, a
// negative cycle) names current_input(), the graph the command was working on.
std::string error_line(const error& e);

// The message with every control byte (a newline in a file name, ESC or NUL from the input)
// written as an escape, so that it stays one line and changes nothing on the terminal.
std::string printable(const std::string& text);

// Applies the options every command shares (--threads N; --backend is read by backend()).
void apply_common_options(const arguments& args);

// The vertex ids (input labels) of a --sources list, "ID,ID,...": a usage error naming the list
// when an item is not an integer.
std::vector<std::int64_t> parse_source_labels(const std::string& list);

}  // namespace graphring::cli

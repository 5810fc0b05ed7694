// `graphring info GRAPH [--formats] [--json]`: counts, symmetry, degrees and storage of a graph;
// with --formats, every storage format's bytes, bits per edge (column index, values and row
// structure, engine/formats/format_support.hpp) and build time beside the order-0 entropy of
// the delta-coded indices and of the values (engine/formats/any_format.hpp).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/commands/run_stats.hpp"
#include "cli/terminal_progress.hpp"
#include "core/error.hpp"
#include "engine/formats/any_format.hpp"
#include "engine/io/load.hpp"

namespace graphring::cli {
namespace {

struct degree_summary {
  edge_offset min = 0, max = 0;
  double mean = 0;
};

degree_summary summarize(const buffer<edge_offset>& d) {
  degree_summary s;
  if (d.empty()) return s;
  auto [lo, hi] = std::minmax_element(d.begin(), d.end());
  s.min = *lo;
  s.max = *hi;
  s.mean = double(std::accumulate(d.begin(), d.end(), edge_offset(0))) / double(d.size());
  return s;
}

// 1234567 -> "1,234,567"
std::string grouped(std::uint64_t x) {
  std::string digits = std::to_string(x), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::pair<double, double> weight_range(const value_array& values) {
  return std::visit(
      [](const auto& v) -> std::pair<double, double> {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, std::monostate>) {
          return {0, 0};
        } else {
          if (v.empty()) return {0, 0};
          auto [lo, hi] = std::minmax_element(v.begin(), v.end());
          return {double(*lo), double(*hi)};
        }
      },
      values);
}

struct format_row {
  format_kind kind;
  bool built = false;
  std::string refused;  // why the format was not built
  formats::footprint size;
  double seconds = 0;
};

std::vector<format_row> measure_formats(const csr_matrix& a) {
  std::vector<format_row> rows;
  for (format_kind k : all_format_kinds) {
    format_row row;
    row.kind = k;
    const auto start = std::chrono::steady_clock::now();
    try {
      row.size = any_format::build(a, k).size();
      row.built = true;
    } catch (const error& e) {
      if (e.kind() != error_kind::limit) throw;
      row.refused = e.message();
    }
    row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    rows.push_back(row);
  }
  return rows;
}

void print_formats(const csr_matrix& a, bool json) {
  const std::vector<format_row> rows = measure_formats(a);
  const entropy_bound h = order0_entropy(a);
  const double edges = double(std::max<edge_offset>(a.nnz(), 1));
  const format_kind chosen = choose_format(measure_features(a));
  if (json) {
    std::printf(
        "{\"entropy_index_bits_per_edge\": %.4f, \"entropy_value_bits_per_edge\": %.4f, \"auto\": "
        "\"%s\", \"formats\": [",
        h.index_bits, h.value_bits, std::string(format_name(chosen)).c_str());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const format_row& r = rows[i];
      std::printf("%s{\"format\": \"%s\", ", i ? ", " : "",
                  std::string(format_name(r.kind)).c_str());
      if (r.built)
        std::printf(
            "\"bytes\": %llu, \"index_bits_per_edge\": %.4f, \"value_bits_per_edge\": %.4f, "
            "\"structure_bits_per_edge\": %.4f, \"build_seconds\": %.6f}",
            (unsigned long long)r.size.bytes(), 8.0 * double(r.size.index_bytes) / edges,
            8.0 * double(r.size.value_bytes) / edges, 8.0 * double(r.size.structure_bytes) / edges,
            r.seconds);
      else
        std::printf("\"refused\": %s}", json_string(r.refused).c_str());
    }
    std::printf("]}\n");
    return;
  }
  std::printf("format  %15s  %11s  %11s  %13s  %9s\n", "bytes", "index b/e", "value b/e",
              "structure b/e", "build s");
  for (const format_row& r : rows) {
    if (!r.built) {
      std::printf("%-6s  refused: %s\n", std::string(format_name(r.kind)).c_str(),
                  r.refused.c_str());
      continue;
    }
    std::printf("%-6s  %15s  %11.2f  %11.2f  %13.2f  %9.3f\n",
                std::string(format_name(r.kind)).c_str(), grouped(r.size.bytes()).c_str(),
                8.0 * double(r.size.index_bytes) / edges, 8.0 * double(r.size.value_bytes) / edges,
                8.0 * double(r.size.structure_bytes) / edges, r.seconds);
  }
  std::printf("order-0 entropy of delta-coded indices %.2f bits/edge, of values %.2f bits/edge\n",
              h.index_bits, h.value_bits);
  std::printf("(index: column ids or their codes; structure: where rows start and end)\n");
  std::printf("auto picks %s\n", std::string(format_name(chosen)).c_str());
}

}  // namespace

int info_command(const std::vector<std::string>& raw) {
  const arguments args(
      raw, {{"--json", "--formats"},
            {},
            1,
            1,
            "graphring info GRAPH [--formats] [--json] [--symmetrize] [--drop-self-loops]"});
  apply_common_options(args);
  const std::string& source = args.positional()[0];
  const auto start = std::chrono::steady_clock::now();
  graph g = load_for_command(source, args);
  const double load_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const csr_matrix& a = g.adjacency();
  if (args.flag("--formats")) {
    print_formats(a, args.flag("--json"));
    return 0;
  }
  const bool symmetric = g.symmetric();
  const edge_offset loops = g.self_loops();
  const edge_offset duplicates = g.duplicate_edges();
  const degree_summary out = summarize(g.out_degrees()), in = summarize(g.in_degrees());
  const auto [wmin, wmax] = weight_range(a.values);
  const std::uint64_t offset_bytes = a.offsets.size() * sizeof(edge_offset);
  const std::uint64_t col_bytes = a.nnz() * sizeof(vertex_id);
  const std::uint64_t value_bytes = a.nnz() * type_size(a.values_type());
  const edge_offset undirected = symmetric ? (a.nnz() - loops) / 2 + loops : 0;
  const vertex_labels& labels = g.labels();
  const std::int64_t first_label = g.vertices() ? labels.label(0) : 0;
  const std::int64_t last_label = g.vertices() ? labels.label(vertex_id(g.vertices() - 1)) : 0;

  if (args.flag("--json")) {
    std::printf(
        "{\"graph\": %s, \"format\": %s, \"vertices\": %llu, \"edges\": %llu, \"symmetric\": %s, "
        "\"undirected_edges\": %llu, \"self_loops\": %llu, \"duplicate_edges\": %llu, "
        "\"out_degree\": {\"min\": %llu, \"mean\": %.6g, \"max\": %llu}, "
        "\"in_degree\": {\"min\": %llu, \"mean\": %.6g, \"max\": %llu}, "
        "\"weights\": %s, \"weight_min\": %.17g, \"weight_max\": %.17g, "
        "\"ids\": {\"first\": %lld, \"last\": %lld}, "
        "\"csr_bytes\": %llu, \"csr_offsets_bytes\": %llu, \"csr_columns_bytes\": %llu, "
        "\"csr_values_bytes\": %llu, "
        "\"load_seconds\": %.6f}\n",
        json_string(source).c_str(), json_string(g.source_format).c_str(),
        (unsigned long long)g.vertices(), (unsigned long long)a.nnz(), symmetric ? "true" : "false",
        (unsigned long long)undirected, (unsigned long long)loops, (unsigned long long)duplicates,
        (unsigned long long)out.min, out.mean, (unsigned long long)out.max,
        (unsigned long long)in.min, in.mean, (unsigned long long)in.max,
        json_string(std::string(type_name(a.values_type()))).c_str(), wmin, wmax,
        (long long)first_label, (long long)last_label, (unsigned long long)a.bytes(),
        (unsigned long long)offset_bytes, (unsigned long long)col_bytes,
        (unsigned long long)value_bytes, load_seconds);
    return 0;
  }
  std::printf("graph            %s\n", source.c_str());
  std::printf("format           %s\n", g.source_format.c_str());
  std::printf("vertices         %s (ids %lld..%lld)\n", grouped(g.vertices()).c_str(),
              (long long)first_label, (long long)last_label);
  if (symmetric)
    std::printf("edges            %s stored, %s undirected (symmetric)\n", grouped(a.nnz()).c_str(),
                grouped(undirected).c_str());
  else
    std::printf("edges            %s directed\n", grouped(a.nnz()).c_str());
  std::printf("self-loops       %s\n", grouped(loops).c_str());
  std::printf("duplicate edges  %s\n", grouped(duplicates).c_str());
  std::printf("out-degree       min %s, mean %.2f, max %s\n", grouped(out.min).c_str(), out.mean,
              grouped(out.max).c_str());
  std::printf("in-degree        min %s, mean %.2f, max %s\n", grouped(in.min).c_str(), in.mean,
              grouped(in.max).c_str());
  if (a.has_values())
    std::printf("weights          %s, %.9g .. %.9g\n",
                std::string(type_name(a.values_type())).c_str(), wmin, wmax);
  else
    std::printf("weights          none (pattern)\n");
  std::printf("CSR bytes        %s (offsets %s, columns %s, values %s)\n",
              grouped(a.bytes()).c_str(), grouped(offset_bytes).c_str(), grouped(col_bytes).c_str(),
              grouped(value_bytes).c_str());
  std::printf("loaded in        %.3f s\n", load_seconds);
  return 0;
}

}  // namespace graphring::cli

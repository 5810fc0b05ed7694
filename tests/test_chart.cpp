// The benchmark chart (bench/harness/chart.hpp) on rows built by hand: a standalone SVG with the
// ratio axis's ticks, a legend entry per system, a heading per graph and per panel (kernels apart
// from algorithms), markers placed by ratio against the GraphBLAS = 1x line, DISAGREES on a
// disagreeing row, the 1-trial note exactly when no row has more than one trial, escaped text.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench/harness/chart.hpp"
#include "bench/harness/measure.hpp"
#include "bench/harness/results.hpp"
#include "bench/harness/workload.hpp"

namespace graphring {
namespace {

using bench::result_row;

// A row whose trials are `median` and, with more than one trial, 0.9x and 1.2x
// of it.
result_row row(const std::string &graph, const std::string &workload, const std::string &system,
               double median, int trials = 3) {
  std::vector<double> seconds{median};
  if (trials > 1) seconds.push_back(median * 0.9);
  for (int t = 2; t < trials; ++t) seconds.push_back(median * 1.2);
  result_row r;
  r.graph = graph;
  r.workload = workload;
  r.system = system;
  r.times = bench::summarize_trials(seconds);
  return r;
}

// The ratio of each row to the GraphBLAS row of its graph and workload, as
// add_ratios sets it.
std::vector<result_row> with_ratios(std::vector<result_row> rows) {
  for (auto &r : rows)
    for (const auto &g : rows)
      if (g.system == bench::graphblas_system && g.graph == r.graph && g.workload == r.workload)
        r.ratio = r.times.median / g.times.median;
  return rows;
}

bench::machine_line machine() {
  bench::machine_line m;
  m.cpu = "Test CPU";
  m.threads = 4;
  m.date = "2000-01-01";
  m.graphblas_version = "9.9.9";
  m.boost_version = "1.99";
  return m;
}

// Kernels and algorithms on two graphs; on "rmat:16" graphring takes 1x and
// Boost 0.1x.
std::vector<result_row> mixed_rows(int trials = 3) {
  std::vector<result_row> rows;
  for (const std::string graph : {"soc-Epinions1", "rmat:16"}) {
    rows.push_back(row(graph, "mxv plus_times fp32", "graphring", 0.5e-3, trials));
    rows.push_back(row(graph, "mxv plus_times fp32", "GraphBLAS", 1e-3, trials));
    rows.push_back(row(graph, "mxv min_plus fp32", "graphring user-defined", 2e-3, trials));
    rows.push_back(row(graph, "mxv min_plus fp32", "GraphBLAS", 1e-3, trials));
    rows.push_back(row(graph, "bfs", "graphring", 10e-3, trials));
    rows.push_back(row(graph, "bfs", "GraphBLAS", 10e-3, trials));
    rows.push_back(row(graph, "bfs", "Boost", 1e-3, trials));
  }
  return with_ratios(rows);
}

std::size_t count(const std::string &text, const std::string &part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// The x of the marker whose <title> holds `title_part`; NaN when there is none.
double marker_x(const std::string &svg, const std::string &title_part) {
  const std::string head = "<g class=\"marker\" transform=\"translate(";
  for (auto at = svg.find(head); at != std::string::npos; at = svg.find(head, at + 1)) {
    const auto end = svg.find("</g>", at);
    if (svg.substr(at, end - at).find(title_part) != std::string::npos)
      return std::strtod(svg.c_str() + at + head.size(), nullptr);
  }
  return NAN;
}

// The x of the GraphBLAS = 1x line; NaN when there is none.
double baseline_x(const std::string &svg) {
  const std::string head = "<line class=\"baseline\" x1=\"";
  const auto at = svg.find(head);
  return at == std::string::npos ? NAN : std::strtod(svg.c_str() + at + head.size(), nullptr);
}

TEST(Chart, IsAStandaloneSvgDocument) {
  const std::string svg = bench::svg_chart(mixed_rows(), machine());
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  ASSERT_GE(svg.size(), 7u);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
  EXPECT_NE(svg.find("xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
  EXPECT_NE(svg.find("fill=\"white\""), std::string::npos);
  EXPECT_EQ(count(svg, "<g"), count(svg, "</g>"));
  EXPECT_EQ(count(svg, "<text"), count(svg, "</text>"));
}

TEST(Chart, LabelsTheLogRatioAxis) {
  const std::string svg = bench::svg_chart(mixed_rows(), machine());
  for (const char *tick : {">0.1x<", ">0.2x<", ">0.5x<", ">1x<", ">2x<", ">5x<", ">10x<"})
    EXPECT_NE(svg.find(tick), std::string::npos) << tick;
  EXPECT_NE(svg.find("GraphBLAS = 1x"), std::string::npos);
  EXPECT_NE(svg.find("faster"), std::string::npos);
}

TEST(Chart, HasOneLegendEntryPerSystem) {
  const std::string svg = bench::svg_chart(mixed_rows(), machine());
  EXPECT_EQ(count(svg, "<g class=\"legend-entry\">"), 4u);
  for (const char *system : {"graphring", "graphring user-defined", "GraphBLAS", "Boost"})
    EXPECT_NE(svg.find(std::string("font-size=\"12\">") + system), std::string::npos) << system;
}

TEST(Chart, HeadsEachGraphAndEachKindOfWorkload) {
  const std::string both = bench::svg_chart(mixed_rows(), machine());
  EXPECT_NE(both.find(">soc-Epinions1<"), std::string::npos);
  EXPECT_NE(both.find(">rmat:16<"), std::string::npos);
  EXPECT_EQ(count(both, ">Kernels (SpMV)<"), 2u);
  EXPECT_EQ(count(both, ">Algorithms<"), 2u);

  std::vector<result_row> kernels, algorithms;
  for (const auto &r : mixed_rows())
    (r.workload.starts_with("mxv") ? kernels : algorithms).push_back(r);
  const std::string only_kernels = bench::svg_chart(kernels, machine());
  EXPECT_NE(only_kernels.find(">Kernels (SpMV)<"), std::string::npos);
  EXPECT_EQ(only_kernels.find(">Algorithms<"), std::string::npos);
  const std::string only_algorithms = bench::svg_chart(algorithms, machine());
  EXPECT_EQ(only_algorithms.find(">Kernels (SpMV)<"), std::string::npos);
  EXPECT_NE(only_algorithms.find(">Algorithms<"), std::string::npos);
}

TEST(Chart, PlacesMarkersByRatio) {
  const std::string svg = bench::svg_chart(mixed_rows(), machine());
  const double one = baseline_x(svg);
  ASSERT_FALSE(std::isnan(one));
  const double same = marker_x(svg, "rmat:16 · bfs · graphring:");
  const double tenth = marker_x(svg, "rmat:16 · bfs · Boost:");
  const double twice = marker_x(svg, "rmat:16 · mxv min_plus fp32 · graphring user-defined:");
  ASSERT_FALSE(std::isnan(same));
  ASSERT_FALSE(std::isnan(tenth));
  ASSERT_FALSE(std::isnan(twice));
  EXPECT_EQ(same, one);
  EXPECT_LT(tenth, one);
  EXPECT_GT(twice, one);
  // Log scale: 0.1x and 2x lie log10(10) and log10(2) decades from 1x.
  EXPECT_NEAR((twice - one) / (one - tenth), std::log10(2.0), 0.01);
}

TEST(Chart, ClipsRatiosBeyondTheAxis) {
  auto rows = with_ratios({row("g", "bfs", "graphring", 1000), row("g", "bfs", "GraphBLAS", 1)});
  const std::string svg = bench::svg_chart(rows, machine());
  EXPECT_NE(svg.find(">100x<"), std::string::npos);  // the axis ends at 100x
  EXPECT_EQ(svg.find(">200x<"), std::string::npos);
  EXPECT_NE(svg.find(">1000x</text>"),
            std::string::npos);  // the value, beside the arrow
  EXPECT_NE(svg.find("g · bfs · graphring: 1000x (min 900x, max 1200x), off scale"),
            std::string::npos);
}

TEST(Chart, PlotsRowsWithoutGraphBLASOnAbsoluteTime) {
  auto rows = mixed_rows();
  rows.push_back(row("rmat:16", "msf", "graphring", 2e-3));
  rows.push_back(row("rmat:16", "msf", "Boost", 4e-3));
  const std::string svg = bench::svg_chart(rows, machine());
  EXPECT_EQ(count(svg, ">No GraphBLAS row: absolute time<"), 1u);
  EXPECT_NE(svg.find("rmat:16 · msf · Boost: 4.00 ms"), std::string::npos);
}

TEST(Chart, MarksDisagreements) {
  auto rows = mixed_rows();
  EXPECT_EQ(bench::svg_chart(rows, machine()).find("DISAGREES"), std::string::npos);
  rows.back().disagreement = "levels differ";
  const std::string svg = bench::svg_chart(rows, machine());
  EXPECT_NE(svg.find(">DISAGREES</tspan>"), std::string::npos);
  EXPECT_NE(svg.find("DISAGREES: levels differ"), std::string::npos);
}

TEST(Chart, SaysWhenThereIsOneTrial) {
  const std::string note = "1 trial: no spread shown";
  const std::string one = bench::svg_chart(mixed_rows(1), machine());
  EXPECT_NE(one.find(note), std::string::npos);
  EXPECT_NE(one.find("1 trial per row"), std::string::npos);
  const std::string three = bench::svg_chart(mixed_rows(3), machine());
  EXPECT_EQ(three.find(note), std::string::npos);
  EXPECT_NE(three.find("3 trials per row, median with min–max"), std::string::npos);
}

TEST(Chart, ShowsTheMachineAndBaselines) {
  auto m = machine();
  m.interleaved = true;
  const std::string svg = bench::svg_chart(mixed_rows(), m);
  for (const char *part : {"Test CPU", "4 threads", "2000-01-01", "GraphBLAS 9.9.9", "Boost 1.99",
                           "trials interleaved"})
    EXPECT_NE(svg.find(part), std::string::npos) << part;
  EXPECT_EQ(bench::svg_chart(mixed_rows(), machine()).find("trials interleaved"),
            std::string::npos);
}

TEST(Chart, SaysBoostRunsDijkstraForDeltaStepping) {
  auto rows = mixed_rows();
  EXPECT_EQ(bench::svg_chart(rows, machine()).find("Dijkstra"), std::string::npos);
  rows.push_back(row("rmat:16", "sssp delta-stepping", "GraphBLAS", 1e-3));
  rows.push_back(row("rmat:16", "sssp delta-stepping", "Boost", 2e-3));
  const std::string svg = bench::svg_chart(with_ratios(rows), machine());
  EXPECT_NE(svg.find("Boost (Dijkstra)"), std::string::npos);
  EXPECT_NE(svg.find("runs Dijkstra"), std::string::npos);
}

TEST(Chart, EscapesText) {
  auto rows = with_ratios(
      {row("a<&>b", "bfs \"x\"", "graphring", 1), row("a<&>b", "bfs \"x\"", "GraphBLAS", 1)});
  auto m = machine();
  m.cpu = "cpu <&>";
  const std::string svg = bench::svg_chart(rows, m);
  EXPECT_NE(svg.find("a&lt;&amp;&gt;b"), std::string::npos);
  EXPECT_NE(svg.find("bfs &quot;x&quot;"), std::string::npos);
  EXPECT_NE(svg.find("cpu &lt;&amp;&gt;"), std::string::npos);
  EXPECT_EQ(svg.find("<&>"), std::string::npos);
}

TEST(Chart, DrawsAnEmptyChart) {
  const std::string svg = bench::svg_chart({}, machine());
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("No results."), std::string::npos);
}

}  // namespace
}  // namespace graphring

// The benchmark chart as SVG: a dot plot of each system's median time over GraphBLAS's median
// time for the same graph and workload, one row per (graph, workload) with a lane per system,
// min–max whiskers, a log ratio axis clamped to 0.01x..100x (arrows mark values beyond it), a
// heading per graph with a Kernels panel (workloads named mxv…, vxm…), an Algorithms panel, and
// a panel of absolute times for workloads without a GraphBLAS row.
#include "bench/harness/chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <utility>

#include "bench/harness/workload.hpp"

namespace graphring::bench {
namespace {

// Page geometry, in px. Row labels sit left of the plot, values and DISAGREES right of it.
constexpr double page_width = 960, margin = 16, label_left = 28, plot_left = 330, plot_right = 810,
                 value_left = 820, lane_height = 11, row_padding = 4;
constexpr double ratio_floor = 0.01, ratio_ceiling = 100;
const char* const disagree_colour = "#d62728";

std::string printed(const char* format, double x) {
  char text[64];
  std::snprintf(text, sizeof text, format, x);
  return text;
}

std::string px(double x) { return printed("%.1f", x); }

std::string xml_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else if (c == '\'')
      out += "&apos;";
    else
      out += c;
  }
  return out;
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

// Rough width of a sans-serif string (UTF-8 continuation bytes count nothing).
double text_width(const std::string& s, double font_size) {
  double chars = 0;
  for (char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) chars += 1;
  return chars * font_size * 0.56;
}

// At most `chars` characters of s, ending in "…" when cut; never splits a UTF-8 sequence.
std::string shortened(const std::string& s, std::size_t chars) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;
    if (++count == chars) return s.substr(0, i) + "…";
  }
  return s;
}

std::string ratio_text(double r) {
  if (!(r > 0)) return "0x";
  if (r >= 100) return printed("%.0fx", r);
  if (r >= 10) return printed("%.1fx", r);
  if (r >= 0.1) return printed("%.2fx", r);
  return printed("%.3fx", r);
}

// A time to three significant digits, or as short as it goes on an axis ("20 ms").
std::string time_text(double s, bool tick = false) {
  const double scaled = s < 1e-3 ? s * 1e6 : s < 1 ? s * 1e3 : s;
  const char* unit = s < 1e-3 ? " us" : s < 1 ? " ms" : " s";
  const char* format = tick ? "%g" : scaled < 10 ? "%.2f" : scaled < 100 ? "%.1f" : "%.0f";
  return printed(format, scaled) + unit;
}

enum class shape { circle, square, triangle_up, diamond, triangle_down, plus, cross, left, right };

// A marker centred on (0, 0), to be placed with a translate.
std::string shape_svg(shape k, const std::string& colour) {
  const std::string paint = "\" fill=\"" + colour + "\" stroke=\"white\" stroke-width=\"0.75\"/>";
  switch (k) {
    case shape::circle:
      return "<circle r=\"4.6" + paint;
    case shape::square:
      return "<path d=\"M-4,-4H4V4H-4Z" + paint;
    case shape::triangle_up:
      return "<path d=\"M0,-5.4L5,3.6H-5Z" + paint;
    case shape::diamond:
      return "<path d=\"M0,-5.6L5.6,0L0,5.6L-5.6,0Z" + paint;
    case shape::triangle_down:
      return "<path d=\"M0,5.4L5,-3.6H-5Z" + paint;
    case shape::plus:
      return "<path d=\"M-1.9,-5.2H1.9V-1.9H5.2V1.9H1.9V5.2H-1.9V1.9H-5.2V-1.9H-1.9Z" + paint;
    case shape::cross:
      return "<path d=\"M-5,-2.6L-2.6,-5L0,-2.4L2.6,-5L5,-2.6L2.4,0L5,2.6L2.6,5L0,2.4L-2.6,5L-5,2.6"
             "L-2.4,0Z" +
             paint;
    case shape::left:
      return "<path d=\"M-6,0L3,-5V5Z" + paint;
    case shape::right:
      return "<path d=\"M6,0L-3,-5V5Z" + paint;
  }
  return "";
}

struct system_style {
  std::string name, colour;
  shape mark = shape::circle;
  int rank = 0;
};

// Lane order: graphring, its variants, GraphBLAS, its variants, Boost, its variants, others.
int system_rank(const std::string& s) {
  if (s == graphring_system) return 0;
  if (starts_with(s, graphring_system + " ")) return 1;
  if (s == graphblas_system) return 2;
  if (starts_with(s, graphblas_system + " ")) return 3;
  if (s == boost_system) return 4;
  if (starts_with(s, boost_system + " ")) return 5;
  return 6;
}

// Colours: graphring blue, GraphBLAS grey, Boost orange, every variant green with a shape of its
// own, other systems (cuSPARSE) purple and teal.
std::vector<system_style> system_styles(const std::vector<result_row>& rows) {
  std::vector<system_style> styles;
  for (const auto& r : rows)
    if (std::none_of(styles.begin(), styles.end(),
                     [&](const auto& s) { return s.name == r.system; }))
      styles.push_back({r.system, "", shape::circle, system_rank(r.system)});
  std::stable_sort(styles.begin(), styles.end(),
                   [](const auto& a, const auto& b) { return a.rank < b.rank; });
  const shape variant_shapes[] = {shape::diamond, shape::triangle_down, shape::plus, shape::cross};
  const char* const other_colours[] = {"#8e5ea2", "#2a9d8f"};
  const shape other_shapes[] = {shape::cross, shape::diamond, shape::triangle_down, shape::plus};
  std::size_t variants = 0, others = 0;
  for (auto& s : styles) {
    if (s.rank == 0)
      s.colour = "#2b7bb9", s.mark = shape::circle;
    else if (s.rank == 2)
      s.colour = "#999999", s.mark = shape::square;
    else if (s.rank == 4)
      s.colour = "#d98c2b", s.mark = shape::triangle_up;
    else if (s.rank == 6) {
      s.colour = other_colours[others % 2];
      s.mark = other_shapes[others++ % 4];
    } else {
      s.colour = "#6aa84f";
      s.mark = variant_shapes[variants++ % 4];
    }
  }
  return styles;
}

bool is_kernel(const std::string& workload) {
  return starts_with(workload, "mxv") || starts_with(workload, "vxm");
}

// Boost has no delta-stepping: its row of that workload runs Dijkstra.
bool runs_dijkstra(const result_row& r) {
  return r.system == boost_system && starts_with(r.workload, "sssp delta-stepping");
}

// A log axis from lo to hi across the plot; values beyond it sit on its ends.
struct log_axis {
  double lo = 0.1, hi = 10;
  double x(double v) const {
    const double clamped = v > 0 ? std::clamp(v, lo, hi) : lo;
    return plot_left + (std::log10(clamped) - std::log10(lo)) / (std::log10(hi) - std::log10(lo)) *
                           (plot_right - plot_left);
  }
};

// The largest 1, 2 or 5 times a power of ten at most v, and the smallest at least v.
double nice_below(double v) {
  const double decade = std::pow(10.0, std::floor(std::log10(v) + 1e-9));
  for (double m : {5.0, 2.0, 1.0})
    if (m * decade <= v * (1 + 1e-9)) return m * decade;
  return decade;
}
double nice_above(double v) {
  const double decade = std::pow(10.0, std::floor(std::log10(v) - 1e-9));
  for (double m : {1.0, 2.0, 5.0})
    if (m * decade >= v * (1 - 1e-9)) return m * decade;
  return 10 * decade;
}

// An axis from a 1-2-5 step at or below `least` to one at or above `most`, covering at least
// [floor_range, ceiling_range].
log_axis axis_around(double least, double most, double floor_range, double ceiling_range) {
  log_axis a;
  a.lo = std::min(nice_below(least), floor_range);
  a.hi = std::max(nice_above(most), ceiling_range);
  if (a.hi <= a.lo * 1.5) a.hi = nice_above(a.lo * 2);
  return a;
}

struct lane {
  const result_row* row;
  double mid, low, high;  // median, min, max on the panel's axis (ratio or seconds)
};
struct chart_row {
  std::string workload;
  std::vector<lane> lanes;
};
struct panel {
  std::string title;
  bool ratio = true;  // false: absolute time
  std::vector<chart_row> rows;
  log_axis axis;
};
struct facet {
  std::string graph;
  std::vector<panel> panels;
};

struct builder {
  std::string body;
  double y = 0;
  const std::vector<system_style>& styles;

  const system_style& style_of(const std::string& system) const {
    return *std::find_if(styles.begin(), styles.end(),
                         [&](const auto& s) { return s.name == system; });
  }
  std::size_t lane_order(const std::string& system) const {
    return std::size_t(std::find_if(styles.begin(), styles.end(),
                                    [&](const auto& s) { return s.name == system; }) -
                       styles.begin());
  }

  void text(double x, double at, const std::string& content, const std::string& attributes = "") {
    body += "<text x=\"" + px(x) + "\" y=\"" + px(at) + "\"" + (attributes.empty() ? "" : " ") +
            attributes + ">" + content + "</text>\n";
  }
  void line(double x1, double y1, double x2, double y2, const std::string& attributes) {
    body += "<line x1=\"" + px(x1) + "\" y1=\"" + px(y1) + "\" x2=\"" + px(x2) + "\" y2=\"" +
            px(y2) + "\" " + attributes + "/>\n";
  }

  // Gridlines at 1, 2 and 5 per decade; labels on all of them where a decade is wide enough,
  // else on the decades alone.
  void axis_ticks(const panel& p, double label_y, double top, double bottom) {
    const int first = int(std::floor(std::log10(p.axis.lo) + 1e-9));
    const int last = int(std::ceil(std::log10(p.axis.hi) - 1e-9));
    const bool label_all = (plot_right - plot_left) / std::log10(p.axis.hi / p.axis.lo) >= 110;
    for (int decade = first; decade <= last; ++decade)
      for (int m : {1, 2, 5}) {
        const double v = m * std::pow(10.0, decade);
        if (v < p.axis.lo * (1 - 1e-6) || v > p.axis.hi * (1 + 1e-6)) continue;
        const double x = p.axis.x(v);
        const bool one = p.ratio && decade == 0 && m == 1;
        if (!one) line(x, top, x, bottom, m == 1 ? "stroke=\"#cfcfcf\"" : "stroke=\"#e8e8e8\"");
        if (m == 1 || label_all) {
          const std::string label = p.ratio ? printed("%g", v) + "x" : time_text(v, true);
          text(x, label_y, xml_text(label),
               std::string("text-anchor=\"middle\" font-size=\"10\" fill=\"") +
                   (one ? "#222\" font-weight=\"bold\"" : "#666\""));
        }
      }
    if (p.ratio) {
      const double x = p.axis.x(1);
      body += "<line class=\"baseline\" x1=\"" + px(x) + "\" y1=\"" + px(top) + "\" x2=\"" + px(x) +
              "\" y2=\"" + px(bottom) + "\" stroke=\"#444\" stroke-width=\"1.5\"/>\n";
    }
  }

  void draw_lane(const std::string& graph, const chart_row& row, const lane& l, const panel& p,
                 double lane_y) {
    const result_row& r = *l.row;
    const system_style& st = style_of(r.system);
    const bool dijkstra = runs_dijkstra(r);
    // Whisker: min to max of the trials, capped where it ends inside the axis.
    if (r.times.seconds.size() > 1 && l.high > l.low) {
      const double x1 = p.axis.x(l.low), x2 = p.axis.x(l.high);
      line(x1, lane_y, x2, lane_y, "stroke=\"" + st.colour + "\" stroke-width=\"1.6\"");
      if (l.low >= p.axis.lo)
        line(x1, lane_y - 3.5, x1, lane_y + 3.5,
             "stroke=\"" + st.colour + "\" stroke-width=\"1.6\"");
      if (l.high <= p.axis.hi)
        line(x2, lane_y - 3.5, x2, lane_y + 3.5,
             "stroke=\"" + st.colour + "\" stroke-width=\"1.6\"");
    }
    const bool below = !(l.mid >= p.axis.lo), above = l.mid > p.axis.hi;
    const std::string value = p.ratio ? ratio_text(l.mid) : time_text(l.mid);
    std::string title = graph + " · " + row.workload + " · " + r.system +
                        (dijkstra ? " (Dijkstra)" : "") + ": " + value;
    if (r.times.seconds.size() > 1)
      title += p.ratio ? " (min " + ratio_text(l.low) + ", max " + ratio_text(l.high) + ")"
                       : " (min " + time_text(l.low) + ", max " + time_text(l.high) + ")";
    if (below || above) title += ", off scale";
    if (!r.disagreement.empty()) title += ". DISAGREES: " + r.disagreement;
    body += "<g class=\"marker\" transform=\"translate(" + px(p.axis.x(l.mid)) + "," + px(lane_y) +
            ")\"><title>" + xml_text(title) + "</title>";
    if (!r.disagreement.empty())
      body += "<circle r=\"7.5\" fill=\"none\" stroke=\"" + std::string(disagree_colour) +
              "\" stroke-width=\"1.5\"/>";
    body += shape_svg(below ? shape::left : above ? shape::right : st.mark, st.colour) + "</g>\n";
    // GraphBLAS's own lane says what 1x is in time.
    std::string note =
        xml_text(p.ratio && r.system == graphblas_system ? "1x = " + time_text(r.times.median)
                                                         : value) +
        (dijkstra ? "†" : "");
    if (!r.disagreement.empty())
      note += "<tspan dx=\"5\" fill=\"" + std::string(disagree_colour) +
              "\" font-weight=\"bold\">DISAGREES</tspan>";
    text(value_left, lane_y + 3.5, note, "font-size=\"10\" fill=\"" + st.colour + "\"");
  }

  void draw_panel(const std::string& graph, const panel& p) {
    y += 24;
    text(label_left - 8, y, xml_text(p.title), "font-size=\"13\" font-weight=\"bold\"");
    if (p.ratio) {
      const double x = p.axis.x(1);
      text(x, y, "GraphBLAS = 1x", "text-anchor=\"middle\" font-size=\"11\" font-weight=\"bold\"");
      text(x - 62, y, "← faster", "text-anchor=\"end\" font-size=\"11\" fill=\"#555\"");
      text(x + 62, y, "slower →", "font-size=\"11\" fill=\"#555\"");
    } else {
      text(plot_right, y, "median time, log scale; left = faster",
           "text-anchor=\"end\" font-size=\"11\" fill=\"#555\"");
    }
    const double label_y = y + 15, top = y + 20;
    double bottom = top;
    for (const auto& row : p.rows)
      bottom += 2 * row_padding + lane_height * double(row.lanes.size());
    // Stripes first, then the grid, then the rows' marks over both.
    double row_top = top;
    for (std::size_t i = 0; i < p.rows.size(); ++i) {
      const double h = 2 * row_padding + lane_height * double(p.rows[i].lanes.size());
      if (i % 2 == 0)
        body += "<rect x=\"" + px(label_left - 8) + "\" y=\"" + px(row_top) + "\" width=\"" +
                px(page_width - margin - label_left + 8) + "\" height=\"" + px(h) +
                "\" fill=\"#f2f5f9\"/>\n";
      row_top += h;
    }
    axis_ticks(p, label_y, top, bottom);
    row_top = top;
    const auto label_chars = std::size_t((plot_left - 14 - label_left) / (12 * 0.6));
    for (const auto& row : p.rows) {
      const double h = 2 * row_padding + lane_height * double(row.lanes.size());
      text(label_left, row_top + h / 2 + 4, xml_text(shortened(row.workload, label_chars)),
           "font-size=\"12\"");
      double lane_y = row_top + row_padding + lane_height / 2;
      for (const auto& l : row.lanes) {
        draw_lane(graph, row, l, p, lane_y);
        lane_y += lane_height;
      }
      row_top += h;
    }
    y = bottom + 4;
  }
};

// The rows grouped by graph, then by panel, then by workload, each in order of first appearance.
std::vector<facet> facets_of(const std::vector<result_row>& rows, const builder& b) {
  std::vector<std::string> graphs;
  std::map<std::string, std::vector<std::string>> workloads;
  std::map<std::pair<std::string, std::string>, std::vector<const result_row*>> members;
  for (const auto& r : rows) {
    if (std::find(graphs.begin(), graphs.end(), r.graph) == graphs.end()) graphs.push_back(r.graph);
    auto& names = workloads[r.graph];
    if (std::find(names.begin(), names.end(), r.workload) == names.end())
      names.push_back(r.workload);
    members[{r.graph, r.workload}].push_back(&r);
  }
  std::vector<facet> out;
  for (const auto& graph : graphs) {
    facet f{graph, {}};
    panel kernels{"Kernels (SpMV)", true, {}, {}}, algorithms{"Algorithms", true, {}, {}},
        absolute{"No GraphBLAS row: absolute time", false, {}, {}};
    std::vector<chart_row> absolute_kernels, absolute_algorithms;
    for (const auto& workload : workloads[graph]) {
      auto group = members[{graph, workload}];
      std::stable_sort(group.begin(), group.end(), [&](const result_row* a, const result_row* c) {
        return b.lane_order(a->system) < b.lane_order(c->system);
      });
      double base = 0;  // GraphBLAS's median
      for (const result_row* r : group)
        if (r->system == graphblas_system) base = r->times.median;
      chart_row ratio_row{workload, {}}, time_row{workload, {}};
      for (const result_row* r : group) {
        if (r->ratio) {
          const double mid = *r->ratio;
          const double scale = base > 0 ? base : mid > 0 ? r->times.median / mid : 0;
          if (scale > 0)
            ratio_row.lanes.push_back({r, mid, r->times.min / scale, r->times.max / scale});
          else
            ratio_row.lanes.push_back({r, mid, mid, mid});
        } else {
          time_row.lanes.push_back({r, r->times.median, r->times.min, r->times.max});
        }
      }
      if (!ratio_row.lanes.empty())
        (is_kernel(workload) ? kernels : algorithms).rows.push_back(std::move(ratio_row));
      if (!time_row.lanes.empty())
        (is_kernel(workload) ? absolute_kernels : absolute_algorithms)
            .push_back(std::move(time_row));
    }
    absolute.rows = std::move(absolute_kernels);
    for (auto& row : absolute_algorithms) absolute.rows.push_back(std::move(row));
    for (panel* p : {&kernels, &algorithms, &absolute})
      if (!p->rows.empty()) f.panels.push_back(std::move(*p));
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace

std::string svg_chart(const std::vector<result_row>& rows, const machine_line& machine) {
  const std::vector<system_style> styles = system_styles(rows);
  builder b{"", 0, styles};
  std::vector<facet> facets = facets_of(rows, b);

  // One ratio axis for the whole chart: whole decades covering every median and whisker, at
  // least 0.1x..10x, at most 0.01x..100x. Each absolute panel gets its own time axis.
  double least = 1, most = 1;
  for (auto& f : facets)
    for (auto& p : f.panels) {
      double low = HUGE_VAL, high = 0;
      for (const auto& row : p.rows)
        for (const auto& l : row.lanes)
          for (double v : {l.mid, l.low, l.high})
            if (v > 0 && std::isfinite(v)) low = std::min(low, v), high = std::max(high, v);
      if (p.ratio) {
        if (high > 0) least = std::min(least, low), most = std::max(most, high);
      } else {
        p.axis = high > 0 ? axis_around(low, high, HUGE_VAL, 0) : log_axis{1e-3, 1};
      }
    }
  log_axis ratio_axis =
      axis_around(std::max(least, ratio_floor), std::min(most, ratio_ceiling), 0.1, 10);
  for (auto& f : facets)
    for (auto& p : f.panels)
      if (p.ratio) p.axis = ratio_axis;

  // Title block: what is compared, on what, how often, and the legend.
  std::size_t trials = 0;
  int disagreeing = 0;
  bool dijkstra = false;
  for (const auto& r : rows) {
    trials = std::max(trials, r.times.seconds.size());
    if (!r.disagreement.empty()) ++disagreeing;
    if (runs_dijkstra(r)) dijkstra = true;
  }
  // The version string may name the library already ("SuiteSparse:GraphBLAS 7.4.0").
  const std::string graphblas =
      machine.graphblas_version.find(graphblas_system) != std::string::npos
          ? machine.graphblas_version
          : graphblas_system + " " + machine.graphblas_version;
  b.y = 26;
  b.text(margin, b.y, "graphring vs SuiteSparse:GraphBLAS: time relative to GraphBLAS",
         "font-size=\"17\" font-weight=\"bold\"");
  b.y += 20;
  b.text(margin, b.y,
         xml_text(machine.cpu + ", " + std::to_string(machine.threads) + " threads" +
                  (machine.gpu.empty() ? "" : ", GPU " + machine.gpu) + ", " + machine.date),
         "font-size=\"12\" fill=\"#333\"");
  b.y += 18;
  b.text(margin, b.y,
         xml_text(std::to_string(trials) +
                  (trials == 1 ? " trial per row" : " trials per row, median with min–max") +
                  (machine.interleaved ? ", trials interleaved" : "") +
                  ". Baselines: " + graphblas + ", Boost " + machine.boost_version + "."),
         "font-size=\"12\" fill=\"#333\"");
  b.y += 18;
  b.text(margin, b.y,
         "Each marker is one system's median time over GraphBLAS's median time on the same graph "
         "and workload: left of the 1x line = faster.",
         "font-size=\"12\" fill=\"#333\"");
  if (trials == 1) {
    b.y += 20;
    b.text(margin, b.y, "1 trial: no spread shown — treat as indicative",
           "font-size=\"13\" font-weight=\"bold\" fill=\"#b35900\"");
  }
  if (disagreeing > 0) {
    b.y += 20;
    b.text(margin, b.y,
           std::to_string(disagreeing) + (disagreeing == 1 ? " row DISAGREES" : " rows DISAGREE") +
               " with graphring's answer (circled in red)",
           "font-size=\"13\" font-weight=\"bold\" fill=\"" + std::string(disagree_colour) + "\"");
  }
  // Legend: a marker and name per system, wrapping at the page's width, then the whisker.
  b.y += 24;
  double x = margin;
  auto legend_item = [&](double width) {
    if (x + width > page_width - margin && x > margin) x = margin, b.y += 20;
  };
  for (const auto& s : styles) {
    const std::string name =
        s.name + (s.name == boost_system && dijkstra ? " (Dijkstra in sssp)" : "");
    const double width = 16 + text_width(name, 12) + 20;
    legend_item(width);
    b.body += "<g class=\"legend-entry\"><g transform=\"translate(" + px(x + 6) + "," +
              px(b.y - 4) + ")\">" + shape_svg(s.mark, s.colour) + "</g><text x=\"" + px(x + 16) +
              "\" y=\"" + px(b.y) + "\" font-size=\"12\">" + xml_text(name) + "</text></g>\n";
    x += width;
  }
  legend_item(150);
  b.line(x, b.y - 4, x + 24, b.y - 4, "stroke=\"#555\" stroke-width=\"1.6\"");
  b.line(x, b.y - 7.5, x, b.y - 0.5, "stroke=\"#555\" stroke-width=\"1.6\"");
  b.line(x + 24, b.y - 7.5, x + 24, b.y - 0.5, "stroke=\"#555\" stroke-width=\"1.6\"");
  b.text(x + 30, b.y, "min–max of trials", "font-size=\"12\"");

  if (facets.empty()) {
    b.y += 30;
    b.text(margin, b.y, "No results.", "font-size=\"13\"");
  }
  for (const auto& f : facets) {
    b.y += 34;
    b.text(margin, b.y, xml_text(f.graph), "font-size=\"16\" font-weight=\"bold\"");
    b.line(margin, b.y + 6, page_width - margin, b.y + 6, "stroke=\"#333\"");
    b.y += 6;
    for (const auto& p : f.panels) b.draw_panel(f.graph, p);
  }
  if (dijkstra) {
    b.y += 22;
    b.text(margin, b.y, "† Boost has no delta-stepping: its sssp delta-stepping row runs Dijkstra.",
           "font-size=\"11\" fill=\"#333\"");
  }
  b.y += 20;

  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" +
                  px(page_width) + "\" height=\"" + px(b.y) + "\" viewBox=\"0 0 " + px(page_width) +
                  " " + px(b.y) + "\" font-family=\"Helvetica, Arial, sans-serif\">\n";
  s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  s += b.body;
  s += "</svg>\n";
  return s;
}

}  // namespace graphring::bench

// The benchmark chart (`graphring bench --plot`, `graphring demo`): a dot plot with one row per
// (graph, workload) and one marker per system at its median time / GraphBLAS's median time, with
// min–max whiskers, on a log axis where left is faster. Faceted by graph, SpMV kernels (mxv, vxm)
// apart from whole algorithms; workloads without a GraphBLAS row go on an absolute-time panel.
#pragma once

#include <string>
#include <vector>

#include "bench/harness/results.hpp"

namespace graphring::bench {

// The chart as standalone SVG 1.1 text. Each marker is a <g class="marker"
// transform="translate(x,y)"> holding a <title> "graph · workload · system: value"; the line of
// GraphBLAS = 1x in a ratio panel is a <line class="baseline">.
std::string svg_chart(const std::vector<result_row>& rows, const machine_line& machine);

}  // namespace graphring::bench

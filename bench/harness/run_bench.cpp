// The benchmark run: graphs × families × systems × trials, with a progress line.
#include "bench/harness/run_bench.hpp"

#include <omp.h>
#include <unistd.h>

#include <cstdio>
#include <ctime>

#include "bench/baselines/graphblas_session.hpp"
#include "bench/harness/cuda_workloads.hpp"
#include "bench/harness/memory.hpp"
#include "bench/machine_info.hpp"
#include "core/error.hpp"
#include "engine/io/load.hpp"

namespace graphring::bench {
namespace {

bool wanted(const std::string& system, const bench_options& o) {
  if (system.rfind(graphring_system, 0) == 0) return true;
  if (system.rfind(graphblas_system, 0) == 0) return o.against.count("graphblas") > 0;
  if (system == boost_system) return o.against.count("boost") > 0;
  return true;
}

// "../shared/datasets/web/web-NotreDame.txt.gz" -> "web-NotreDame"
std::string display_name(const std::string& source) {
  std::string name = source.substr(source.find_last_of('/') + 1);
  for (const char* suffix : {".gz", ".txt", ".mtx", ".el", ".wel", ".gr", ".grb", ".e"})
    if (name.size() > std::string(suffix).size() && name.ends_with(suffix))
      name.resize(name.size() - std::string(suffix).size());
  return name;
}

class progress_line {
 public:
  explicit progress_line(bool quiet) : on_(!quiet && isatty(STDERR_FILENO)) {}
  void show(const std::string& text) {
    if (on_) std::fprintf(stderr, "\r\033[K%s", text.c_str());
  }
  ~progress_line() {
    if (on_) std::fprintf(stderr, "\r\033[K");
  }

 private:
  bool on_;
};

// Times every wanted system of workload w (graph `name`) and appends their rows to the report.
void measure(workload& w, const std::string& name, const bench_options& o, progress_line& progress,
             bench_report& report) {
  auto trial_text = [&](int i, const system_run& s) {
    progress.show("trial " + std::to_string(i) + " of " + std::to_string(o.trials) + ", " + name +
                  ", " + w.name + ", " + s.system);
  };
  // A system's answer is checked right after its own last run: GPU systems share an output vector.
  auto check = [&](const system_run& s, result_row& row) {
    if (s.agree) row.disagreement = s.agree();
    report.all_agree = report.all_agree && row.disagreement.empty();
  };
  std::vector<system_run*> systems;
  std::vector<result_row> rows;
  for (system_run& s : w.systems) {
    if (!wanted(s.system, o)) continue;
    systems.push_back(&s);
    rows.push_back(
        {w.graph, w.name, s.system, {}, w.edges, w.bytes, {}, {}, 0, 0, s.gpu, w.source_label});
    const memory_watch memory;
    if (o.interleave) {  // the warm-up alone: the trials come after every system's
      if (s.prepare) s.prepare();
      s.run();
    } else {
      rows.back().times = time_trials(o.trials, s.prepare, s.run, [&](int i) { trial_text(i, s); });
      check(s, rows.back());
    }
    rows.back().peak_rss_mb = memory.peak_mb();
    rows.back().added_rss_mb = memory.added_mb();
  }
  if (o.interleave) {
    std::vector<timed_work> works;
    for (const system_run* s : systems) works.push_back({s->prepare, s->run});
    const auto times = time_interleaved(o.trials, works,
                                        [&](int i, std::size_t k) { trial_text(i, *systems[k]); });
    // One more run of each system, in order, each checked at once (graphring's first).
    for (std::size_t k = 0; k < rows.size(); ++k) {
      rows[k].times = times[k];
      if (systems[k]->prepare) systems[k]->prepare();
      systems[k]->run();
      check(*systems[k], rows[k]);
    }
  }
  for (result_row& row : rows) report.rows.push_back(std::move(row));
}

}  // namespace

bench_report run_bench(const bench_options& o) {
  if (o.trials < 1) throw error(error_kind::usage, "--trials must be at least 1");
  for (const auto& name : o.families) {
    bool known = false;
    for (const auto& [family, build] : workload_families()) known = known || family == name;
    if (!known) {
      std::string list;
      for (const auto& [family, build] : workload_families())
        list += (list.empty() ? "" : ", ") + family;
      throw error(error_kind::usage, "unknown workload '" + name + "' (known: " + list + ")");
    }
  }
  for (const auto& system : o.against)
    if (system != "graphblas" && system != "boost")
      throw error(error_kind::usage,
                  "--against takes graphblas and/or boost, not '" + system + "'");
  if (o.threads > 0) omp_set_num_threads(o.threads);
  const int threads = omp_get_max_threads();
  baselines::graphblas_start(threads);

  bench_report report;
  progress_line progress(o.quiet);
  progress.show("measuring the memory bandwidth (STREAM-like triad)");
  const machine_info machine = probe_machine(true);
  report.machine.cpu = machine.cpu_model;
  report.machine.threads = threads;
  report.machine.cores = int(machine.logical_cores);
  report.machine.triad_gbs = machine.triad_gb_per_s;
  report.machine.graphblas_version = machine.graphblas;
  report.machine.boost_version = machine.boost;
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  report.machine.date = date;
  report.machine.interleaved = o.interleave;
  if (o.on == backend::cuda) {
    progress.show("measuring the GPU's copy bandwidth");
    describe_gpu(report.machine);
  }

  for (const std::string& source : o.graphs) {
    progress.show("loading " + source);
    graph g = load_graph(source);
    const std::string name = display_name(source);
    for (const auto& [family, build] : workload_families()) {
      if (o.families.empty()
              ? !runs_by_default(family)
              : std::find(o.families.begin(), o.families.end(), family) == o.families.end())
        continue;
      progress.show(name + ": preparing " + family);
      for (workload& w : build(g, name, o)) measure(w, name, o, progress, report);
    }
  }
  add_ratios(report.rows);
  if (!o.json.empty()) write_json(o.json, report.rows, report.machine);
  if (!o.csv.empty()) write_csv(o.csv, report.rows);
  if (!o.plot.empty()) write_svg(o.plot, report.rows, report.machine);
  return report;
}

}  // namespace graphring::bench

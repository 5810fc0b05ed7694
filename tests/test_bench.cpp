// `graphring bench` end to end on a tiny graph: one trial of every workload family, the JSON
// read back with a small parser of its own and checked field by field (the schema of
// docs/bench.md), every system agreeing, and the SVG chart written; the order of
// interleaved trials (bench/harness/measure.hpp) call by call.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "bench/harness/measure.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

using testing::run_cli;
using testing::scratch_dir;

// A JSON value: null, bool, number, string, array or object.
struct json {
  enum kind_t { null, boolean, number, string, array, object } kind = null;
  bool b = false;
  double x = 0;
  std::string s;
  std::vector<json> items;
  std::map<std::string, json> fields;

  const json& operator[](const std::string& key) const {
    static const json missing;
    const auto it = fields.find(key);
    return it == fields.end() ? missing : it->second;
  }
  bool has(const std::string& key) const { return fields.count(key) > 0; }
};

// Recursive descent over the whole text; `ok` turns false at the first thing it cannot read.
class json_reader {
 public:
  explicit json_reader(const std::string& text) : t_(text) {}
  json read_document() {
    json v = value();
    space();
    ok = ok && i_ == t_.size();
    return v;
  }
  bool ok = true;

 private:
  void space() {
    while (i_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[i_]))) ++i_;
  }
  bool take(char c) {
    space();
    if (i_ < t_.size() && t_[i_] == c) return ++i_, true;
    return false;
  }
  bool word(const std::string& w) {
    if (t_.compare(i_, w.size(), w) != 0) return false;
    i_ += w.size();
    return true;
  }
  std::string text() {
    std::string out;
    if (!take('"')) return ok = false, out;
    while (i_ < t_.size() && t_[i_] != '"') {
      if (t_[i_] == '\\' && i_ + 1 < t_.size()) {
        const char e = t_[++i_];
        if (e == 'u') {
          out += '?';
          i_ += 4;
        } else {
          out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
        }
        ++i_;
      } else {
        out += t_[i_++];
      }
    }
    ok = ok && i_ < t_.size();
    ++i_;
    return out;
  }
  json value() {
    json v;
    space();
    if (!ok || i_ >= t_.size()) return ok = false, v;
    const char c = t_[i_];
    if (c == '{') {
      v.kind = json::object;
      ++i_;
      if (take('}')) return v;
      do {
        const std::string key = text();
        if (!take(':')) return ok = false, v;
        v.fields[key] = value();
      } while (ok && take(','));
      ok = ok && take('}');
    } else if (c == '[') {
      v.kind = json::array;
      ++i_;
      if (take(']')) return v;
      do v.items.push_back(value());
      while (ok && take(','));
      ok = ok && take(']');
    } else if (c == '"') {
      v.kind = json::string;
      v.s = text();
    } else if (word("true")) {
      v.kind = json::boolean;
      v.b = true;
    } else if (word("false")) {
      v.kind = json::boolean;
    } else if (word("null")) {
      v.kind = json::null;
    } else {
      std::size_t used = 0;
      try {
        v.x = std::stod(t_.substr(i_, 40), &used);
      } catch (...) {
        used = 0;
      }
      if (used == 0) return ok = false, v;
      v.kind = json::number;
      i_ += used;
    }
    return v;
  }
  const std::string t_;
  std::size_t i_ = 0;
};

std::string karate() { return testing::own_datasets() + "/karate.mtx"; }

TEST(Bench, JsonSchemaAgreementAndChartOnATinyGraph) {
  scratch_dir d;
  const std::string json_path = d.path("bench.json"), svg_path = d.path("bench.svg");
  const auto r = run_cli({"bench", karate(), "--trials", "1", "--threads", "2", "--json", json_path,
                          "--plot", svg_path, "--quiet"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("machine: "), std::string::npos) << r.out;

  json_reader reader(testing::read_file(json_path));
  const json doc = reader.read_document();
  ASSERT_TRUE(reader.ok) << testing::read_file(json_path);
  ASSERT_EQ(doc.kind, json::object);

  const json& machine = doc["machine"];
  ASSERT_EQ(machine.kind, json::object);
  for (const char* key : {"cpu", "graphblas", "boost", "date"})
    EXPECT_EQ(machine[key].kind, json::string) << key;
  for (const char* key : {"cores", "threads", "triad_gbs"})
    EXPECT_EQ(machine[key].kind, json::number) << key;
  EXPECT_EQ(machine["threads"].x, 2);
  EXPECT_GT(machine["triad_gbs"].x, 0);
  EXPECT_EQ(machine["date"].s.size(), 10u) << machine["date"].s;  // YYYY-MM-DD
  EXPECT_EQ(machine["trials_interleaved"].kind, json::boolean);
  EXPECT_FALSE(machine["trials_interleaved"].b);

  const json& results = doc["results"];
  ASSERT_EQ(results.kind, json::array);
  std::set<std::string> workloads, systems;
  for (const json& row : results.items) {
    ASSERT_EQ(row.kind, json::object);
    EXPECT_EQ(row["graph"].s, "karate");
    for (const char* key : {"workload", "system", "disagreement"})
      EXPECT_EQ(row[key].kind, json::string) << key;
    for (const char* key : {"median_s", "min_s", "max_s", "peak_rss_mb", "added_rss_mb"})
      EXPECT_EQ(row[key].kind, json::number) << key;
    for (const char* key : {"ratio_to_graphblas", "edges_per_s", "gb_per_s"}) {
      EXPECT_TRUE(row.has(key)) << key;
      EXPECT_TRUE(row[key].kind == json::number || row[key].kind == json::null) << key;
    }
    ASSERT_EQ(row["trials_s"].kind, json::array);
    EXPECT_EQ(row["trials_s"].items.size(), 1u);
    EXPECT_GE(row["median_s"].x, 0);
    EXPECT_LE(row["min_s"].x, row["median_s"].x);
    EXPECT_LE(row["median_s"].x, row["max_s"].x);
    EXPECT_GT(row["peak_rss_mb"].x, 0);
    EXPECT_GE(row["added_rss_mb"].x, 0);
    EXPECT_LE(row["added_rss_mb"].x, row["peak_rss_mb"].x);
    EXPECT_EQ(row["agrees"].kind, json::boolean);
    EXPECT_TRUE(row["agrees"].b) << row["workload"].s << " / " << row["system"].s << ": "
                                 << row["disagreement"].s;
    if (row["system"].s == "GraphBLAS") {
      EXPECT_EQ(row["ratio_to_graphblas"].kind, json::number);
      EXPECT_DOUBLE_EQ(row["ratio_to_graphblas"].x, 1.0);
    }
    workloads.insert(row["workload"].s);
    systems.insert(row["system"].s);
  }
  // Every family ran, on all three systems, and the user-defined min_plus on both engines.
  for (const char* w :
       {"load/convert", "bfs", "sssp delta-stepping", "pagerank 20 iterations", "cc", "tc", "msf"})
    EXPECT_TRUE(workloads.count(w)) << w;
  for (const char* s :
       {"graphring", "GraphBLAS", "Boost", "graphring user-defined", "GraphBLAS user-defined"})
    EXPECT_TRUE(systems.count(s)) << s;

  const std::string svg = testing::read_file(svg_path);
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
}

// Interleaved trials: in each round every work runs untimed, then timed, each after its prepare,
// one work after the other.
TEST(Bench, InterleavedTrialsTakeTurnsAndRunEachWarm) {
  std::vector<std::string> calls;
  auto work = [&](const std::string& name, bool with_prepare) {
    bench::timed_work w;
    if (with_prepare) w.prepare = [&calls, name] { calls.push_back("prepare " + name); };
    w.run = [&calls, name] { calls.push_back("run " + name); };
    return w;
  };
  std::vector<std::string> announced;
  const auto times =
      bench::time_interleaved(2, {work("a", true), work("b", false)}, [&](int i, std::size_t w) {
        announced.push_back(std::to_string(i) + "/" + std::to_string(w));
      });
  const std::vector<std::string> round = {"prepare a", "run a", "prepare a",
                                          "run a",     "run b", "run b"};
  std::vector<std::string> expected = round;
  expected.insert(expected.end(), round.begin(), round.end());
  EXPECT_EQ(calls, expected);
  EXPECT_EQ(announced, (std::vector<std::string>{"1/0", "1/1", "2/0", "2/1"}));
  ASSERT_EQ(times.size(), 2u);
  for (const auto& t : times) {
    EXPECT_EQ(t.seconds.size(), 2u);
    EXPECT_LE(t.min, t.median);
    EXPECT_LE(t.median, t.max);
  }
}

// `bench --interleave` end to end: every row agrees, each has its N trials, and the run says how
// its trials were ordered.
TEST(Bench, InterleaveOnTheCommandLine) {
  scratch_dir d;
  const std::string json_path = d.path("bench.json");
  const auto r = run_cli({"bench", karate(), "--algos", "kernels,bfs", "--interleave", "--trials",
                          "3", "--json", json_path, "--quiet"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find(", trials interleaved\n"), std::string::npos) << r.out;
  json_reader reader(testing::read_file(json_path));
  const json doc = reader.read_document();
  ASSERT_TRUE(reader.ok);
  EXPECT_TRUE(doc["machine"]["trials_interleaved"].b);
  std::set<std::string> systems;
  for (const json& row : doc["results"].items) {
    EXPECT_TRUE(row["agrees"].b) << row["workload"].s << " / " << row["system"].s;
    EXPECT_EQ(row["trials_s"].items.size(), 3u);
    systems.insert(row["system"].s);
  }
  for (const char* s : {"graphring", "GraphBLAS", "Boost", "GraphBLAS user-defined"})
    EXPECT_TRUE(systems.count(s)) << s;
}

// --against without graphblas leaves out every GraphBLAS row, its user-defined semiring's too.
TEST(Bench, AgainstLeavesOutGraphblasVariants) {
  scratch_dir d;
  const std::string json_path = d.path("bench.json");
  const auto r = run_cli({"bench", karate(), "--algos", "kernels", "--against", "boost", "--trials",
                          "1", "--json", json_path, "--quiet"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  json_reader reader(testing::read_file(json_path));
  const json doc = reader.read_document();
  ASSERT_TRUE(reader.ok);
  std::set<std::string> systems;
  for (const json& row : doc["results"].items) systems.insert(row["system"].s);
  EXPECT_TRUE(systems.count("graphring user-defined"));
  for (const std::string& s : systems) EXPECT_EQ(s.rfind("GraphBLAS", 0), std::string::npos) << s;
}

// --formats adds graphring through each storage to BFS, Bellman-Ford, PageRank and CC (karate is
// symmetric), each answer checked against graphring's on CSR.
TEST(Bench, FormatsAddAGraphringSystemPerStorage) {
  scratch_dir d;
  const std::string json_path = d.path("bench.json");
  const auto r = run_cli({"bench", karate(), "--algos", "bfs,sssp,pagerank,cc", "--against", "none",
                          "--formats", "cci,dtans,ell", "--order", "degree", "--trials", "1",
                          "--json", json_path, "--quiet"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  json_reader reader(testing::read_file(json_path));
  const json doc = reader.read_document();
  ASSERT_TRUE(reader.ok);
  std::map<std::string, std::set<std::string>> systems;  // workload -> systems
  for (const json& row : doc["results"].items) {
    EXPECT_TRUE(row["agrees"].b) << row["workload"].s << " / " << row["system"].s;
    systems[row["workload"].s].insert(row["system"].s);
  }
  for (const char* w : {"bfs", "sssp Bellman-Ford", "pagerank 20 iterations", "cc"}) {
    EXPECT_EQ(systems[w], (std::set<std::string>{"graphring", "graphring cci+degree",
                                                 "graphring dtans+degree", "graphring ell+degree"}))
        << w;
  }
  EXPECT_EQ(systems["bfs push-only"], std::set<std::string>{"graphring"});
  EXPECT_EQ(systems["bfs parents-only"], std::set<std::string>{"graphring"});
}

// --sources: a BFS and an SSSP workload per listed vertex, each row carrying the label in the JSON
// (null without --sources), every system agreeing from each source; BC runs the listed batch; an
// unknown or malformed id is refused with one line.
TEST(Bench, SourcesMakeAWorkloadPerSource) {
  scratch_dir d;
  const std::string json_path = d.path("bench.json");
  const auto r = run_cli({"bench", karate(), "--algos", "bfs,sssp,bc", "--sources", "1,34,17",
                          "--trials", "1", "--json", json_path, "--quiet"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  json_reader reader(testing::read_file(json_path));
  const json doc = reader.read_document();
  ASSERT_TRUE(reader.ok);
  std::map<std::string, std::set<std::string>> systems;  // workload -> systems
  std::map<std::string, double> source;                  // workload -> the row's source
  for (const json& row : doc["results"].items) {
    EXPECT_TRUE(row["agrees"].b) << row["workload"].s << " / " << row["system"].s;
    systems[row["workload"].s].insert(row["system"].s);
    if (row["source"].kind == json::number) source[row["workload"].s] = row["source"].x;
  }
  for (const char* label : {"1", "34", "17"}) {
    for (const std::string kind : {"bfs from ", "bfs push-only from ", "sssp delta-stepping from ",
                                   "sssp Bellman-Ford from "}) {
      const std::string w = kind + label;
      EXPECT_TRUE(systems[w].count("graphring") && systems[w].count("GraphBLAS")) << w;
      EXPECT_EQ(source[w], std::stod(label)) << w;
    }
  }
  for (const char* label : {"1", "34", "17"}) {  // graphring alone: GAP's output, measured by hand
    const std::string w = std::string("bfs parents-only from ") + label;
    EXPECT_EQ(systems[w], std::set<std::string>{"graphring"}) << w;
    EXPECT_EQ(source[w], std::stod(label)) << w;
  }
  EXPECT_FALSE(systems.count("bfs"));
  EXPECT_TRUE(systems.count("bc 3 sources"));
  EXPECT_FALSE(source.count("bc 3 sources"));

  const auto unknown = run_cli(
      {"bench", karate(), "--algos", "bfs", "--sources", "1,99", "--trials", "1", "--quiet"});
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("99"), std::string::npos) << unknown.err;
  const auto malformed = run_cli({"bench", karate(), "--sources", "1,x", "--quiet"});
  EXPECT_EQ(malformed.status, 2);
  EXPECT_NE(malformed.err.find("--sources needs a comma-separated list of vertex ids"),
            std::string::npos)
      << malformed.err;
}

// `delta-stepping` and `bellman-ford` each make one of the two SSSP workloads `sssp` makes.
TEST(Bench, EachSsspMethodCanRunAlone) {
  scratch_dir d;
  const std::pair<const char*, const char*> methods[] = {
      {"delta-stepping", "sssp delta-stepping from 1"},
      {"bellman-ford", "sssp Bellman-Ford from 1"}};
  for (const auto& [family, only] : methods) {
    const std::string json_path = d.path(std::string(family) + ".json");
    const auto r = run_cli({"bench", karate(), "--algos", family, "--sources", "1", "--trials", "1",
                            "--against", "none", "--json", json_path, "--quiet"});
    ASSERT_EQ(r.status, 0) << r.out << r.err;
    json_reader reader(testing::read_file(json_path));
    const json doc = reader.read_document();
    ASSERT_TRUE(reader.ok);
    std::set<std::string> workloads;
    for (const json& row : doc["results"].items) workloads.insert(row["workload"].s);
    EXPECT_EQ(workloads, std::set<std::string>{only}) << family;
  }
}

TEST(Bench, UnknownWorkloadIsAUsageError) {
  const auto r = run_cli({"bench", karate(), "--algos", "bfs,nonsense", "--quiet"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown workload 'nonsense'"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace graphring

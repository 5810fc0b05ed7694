// The output path every writer shares (engine/io/atomic_output.hpp), seen from the command line:
// each writer (convert, an algorithm's --out, bench's --json) with each kind of target (a new
// file, a file to replace, a symlink, a dangling symlink, a FIFO, "-", /dev/stdout, /dev/null)
// writes the same bytes and replaces only what it should; an output naming an input is refused
// before any work; a catchable signal, a file-size limit or SIGKILL mid-conversion leaves no
// temporary file behind and the previous file whole.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <set>
#include <thread>

#include "tests/test_support.hpp"

extern char** environ;

namespace graphring {
namespace {

using testing::read_file;
using testing::run_cli;
using testing::scratch_dir;

std::set<std::string> names_in(const std::string& directory) {
  std::set<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(directory))
    names.insert(entry.path().filename().string());
  return names;
}

// A command writing to OUT, the extension OUT needs, and whether its bytes are the same run to
// run (bench's JSON holds times: only its start is compared).
struct writer {
  std::string name;
  std::function<std::vector<std::string>(const std::string& out)> args;
  std::string extension;
  bool exact = true;
  bool to_stdout = true;  // convert picks the format by OUT's name, which "-" has not
};

std::vector<writer> writers() {
  const std::string k = testing::own_datasets() + "/karate.mtx";
  return {
      {"convert",
       [k](const std::string& o) {
         return std::vector<std::string>{"convert", k, o, "--quiet"};
       },
       ".mtx", true, false},
      {"bfs --out",
       [k](const std::string& o) {
         return std::vector<std::string>{"bfs", k, "--source", "1", "--out", o};
       },
       ".txt"},
      {"cc --out",
       [k](const std::string& o) {
         return std::vector<std::string>{"cc", k, "--out", o};
       },
       ".txt"},
      {"bench --json",
       [k](const std::string& o) {
         return std::vector<std::string>{"bench", k,           "--algos", "bfs",    "--trials",
                                         "1",     "--against", "boost",   "--json", o};
       },
       ".json", false},
  };
}

void expect_same_output(const writer& w, const std::string& got, const std::string& reference) {
  if (w.exact) {
    EXPECT_EQ(got, reference);
  } else {
    EXPECT_TRUE(got.starts_with("{\n  \"machine\"")) << got.substr(0, 80);
    EXPECT_TRUE(got.ends_with("}\n")) << got.substr(got.size() > 80 ? got.size() - 80 : 0);
  }
}

TEST(Outputs, EveryWriterToEveryKindOfTarget) {
  for (const writer& w : writers()) {
    SCOPED_TRACE(w.name);
    scratch_dir d;
    const std::string dir = d.path("");
    const std::string fresh = d.path("fresh" + w.extension);
    auto r = run_cli(w.args(fresh));
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string reference = read_file(fresh);
    ASSERT_FALSE(reference.empty());

    // A file already there is replaced.
    const std::string old = d.write("old" + w.extension, "previous contents\n");
    EXPECT_EQ(run_cli(w.args(old)).status, 0);
    expect_same_output(w, read_file(old), reference);

    // A symlink stays a symlink; the file it names is replaced (or made, when it dangles).
    const std::string named = d.write("named" + w.extension, "previous\n");
    std::filesystem::create_symlink("named" + w.extension, d.path("link" + w.extension));
    std::filesystem::create_symlink("made" + w.extension, d.path("dangling" + w.extension));
    EXPECT_EQ(run_cli(w.args(d.path("link" + w.extension))).status, 0);
    EXPECT_EQ(run_cli(w.args(d.path("dangling" + w.extension))).status, 0);
    EXPECT_TRUE(std::filesystem::is_symlink(d.path("link" + w.extension)));
    EXPECT_TRUE(std::filesystem::is_symlink(d.path("dangling" + w.extension)));
    expect_same_output(w, read_file(named), reference);
    expect_same_output(w, read_file(d.path("made" + w.extension)), reference);

    // A FIFO is written through and stays a FIFO.
    const std::string fifo = d.path("fifo" + w.extension);
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    std::string from_fifo;
    std::thread reader([&] { from_fifo = read_file(fifo); });
    r = run_cli(w.args(fifo));
    reader.join();
    EXPECT_EQ(r.status, 0) << r.err;
    expect_same_output(w, from_fifo, reference);
    struct stat st {};
    ASSERT_EQ(stat(fifo.c_str(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode));

    // Standard output, by "-" or by /dev/stdout; /dev/null stays a device.
    if (w.to_stdout) {
      for (const std::string target : {"-", "/dev/stdout"}) {
        r = run_cli(w.args(target));
        EXPECT_EQ(r.status, 0) << target << ": " << r.err;
        expect_same_output(w, r.out, reference);
      }
      EXPECT_EQ(run_cli(w.args("/dev/null")).status, 0);
      ASSERT_EQ(stat("/dev/null", &st), 0);
      EXPECT_TRUE(S_ISCHR(st.st_mode));
    }

    // Nothing else appeared: no temporary file was left anywhere.
    EXPECT_EQ(names_in(dir), (std::set<std::string>{"fresh" + w.extension, "old" + w.extension,
                                                    "named" + w.extension, "link" + w.extension,
                                                    "dangling" + w.extension, "made" + w.extension,
                                                    "fifo" + w.extension}));
  }
}

TEST(Outputs, AnOutputThatNamesAnInputIsRefusedBeforeAnyWork) {
  scratch_dir d;
  const std::string graph = d.write("g.mtx", read_file(testing::own_datasets() + "/karate.mtx"));
  const std::string x = d.write("x.txt", "1 1\n");
  std::filesystem::create_hard_link(graph, d.path("hard.mtx"));
  std::filesystem::create_symlink("g.mtx", d.path("soft.mtx"));
  d.write("l.e", "1 2\n");
  const std::string vertices = d.write("l.v", "1\n2\n3\n");
  const std::string refusal =
      ": is an input of this command; writing the output there would replace it "
      "(give another output file)\n";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"bfs", graph, "--source", "1", "--out", graph}, graph},
      {{"convert", graph, graph}, graph},
      {{"convert", graph, d.path("hard.mtx")}, d.path("hard.mtx")},
      {{"cc", graph, "--out", d.path("soft.mtx")}, d.path("soft.mtx")},
      {{"spmv", graph, "--x", x, "--out", x}, x},
      {{"cc", d.path("l.e"), "--out", vertices}, vertices},
      {{"bench", graph, "--algos", "bfs", "--trials", "1", "--json", graph}, graph},
  };
  const std::string before = read_file(graph);
  for (const auto& [args, named] : cases) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args[0];
    EXPECT_EQ(r.err, "graphring: " + named + refusal);
  }
  EXPECT_EQ(read_file(graph), before);
  EXPECT_EQ(read_file(x), "1 1\n");
  EXPECT_EQ(read_file(vertices), "1\n2\n3\n");
}

// Runs `graphring convert rmat:17 OUT` with `environment` added, and returns its pid.
pid_t spawn_conversion(const std::string& out, const std::vector<std::string>& environment = {}) {
  std::vector<std::string> args{GRAPHRING_CLI, "convert", "rmat:17", out, "--quiet"};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env(environment);
  for (char** e = environ; *e; ++e) env.emplace_back(*e);
  std::vector<char*> envp;
  for (std::string& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  pid_t pid = -1;
  EXPECT_EQ(posix_spawn(&pid, GRAPHRING_CLI, nullptr, nullptr, argv.data(), envp.data()), 0);
  return pid;
}

// Catchable signals at random moments of a conversion, with unnamed and with named temporaries:
// afterwards the output is the previous file or the whole new one, and nothing else is there.
TEST(Outputs, ASignalAtAnyMomentOfAConversionLeavesNoTemporaryFile) {
  scratch_dir d;
  const std::string out = d.path("out.mtx");
  scratch_dir reference_dir;
  ASSERT_EQ(run_cli({"convert", "rmat:17", reference_dir.path("ref.mtx"), "--quiet"}).status, 0);
  const std::string complete = read_file(reference_dir.path("ref.mtx"));
  std::mt19937 random(11);
  for (const int signal_number : {SIGINT, SIGTERM, SIGHUP}) {
    for (const char* named : {"0", "1"}) {
      SCOPED_TRACE(std::string("signal ") + std::to_string(signal_number) + ", named temporaries " +
                   named);
      d.write("out.mtx", "previous contents\n");
      const pid_t pid = spawn_conversion(out, {std::string("GRAPHRING_NAMED_TEMP_FILES=") + named});
      // Half the runs are hit while the output is open, the others at a random moment.
      if (random() % 2) testing::wait_for_open_file_in(pid, d.path(""), std::chrono::seconds(30));
      std::this_thread::sleep_for(std::chrono::milliseconds(random() % 120));
      kill(pid, signal_number);
      int status = 0;
      waitpid(pid, &status, 0);
      const std::string now = read_file(out);
      EXPECT_TRUE(now == "previous contents\n" || now == complete) << now.substr(0, 100);
      EXPECT_EQ(names_in(d.path("")), std::set<std::string>{"out.mtx"});
    }
  }
}

// Past a file-size limit (ulimit -f) the write fails with one line and status 1, instead of
// SIGXFSZ ending the process with its temporary file in place.
TEST(Outputs, AFileSizeLimitIsAnErrorThatLeavesNothingBehind) {
  scratch_dir d;
  const std::string out = d.write("out.mtx", "previous contents\n");
  rlimit saved{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &saved), 0);
  for (const char* named : {"0", "1"}) {
    rlimit small = saved;
    small.rlim_cur = 1 << 20;
    ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
    testing::scoped_env env("GRAPHRING_NAMED_TEMP_FILES", named);
    const auto r = run_cli({"convert", "rmat:16", out, "--quiet"});
    ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &saved), 0);
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "graphring: " + out + ": cannot write: File too large\n");
    EXPECT_EQ(read_file(out), "previous contents\n");
    EXPECT_EQ(names_in(d.path("")), std::set<std::string>{"out.mtx"});
  }
}

// SIGKILL cannot be caught: a named temporary stays behind, and the next output to the same name
// removes it, since its process is gone.
TEST(Outputs, ANamedTemporaryLeftBySigkillIsRemovedByTheNextOutput) {
  scratch_dir d;
  const std::string out = d.write("out.mtx", "previous contents\n");
  const pid_t pid = spawn_conversion(out, {"GRAPHRING_NAMED_TEMP_FILES=1"});
  ASSERT_TRUE(testing::wait_for_open_file_in(pid, d.path(""), std::chrono::seconds(30)));
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  std::set<std::string> names = names_in(d.path(""));
  ASSERT_EQ(names.size(), 2u);
  EXPECT_TRUE(
      std::next(names.begin())->starts_with("out.mtx.graphring-tmp-" + std::to_string(pid) + "-"));
  EXPECT_EQ(read_file(out), "previous contents\n");
  testing::scoped_env env("GRAPHRING_NAMED_TEMP_FILES", "1");
  ASSERT_EQ(run_cli({"convert", "grid:3", out, "--quiet"}).status, 0);
  EXPECT_EQ(names_in(d.path("")), std::set<std::string>{"out.mtx"});
}

TEST(Outputs, ConvertWritesOnlyWhatItCanReadBack) {
  scratch_dir d;
  const std::string mm = "%%MatrixMarket matrix coordinate pattern general\n";
  const std::string lonely = d.write("lonely.mtx", mm + "5 5 1\n1 2\n");
  const std::string empty = d.write("empty.mtx", mm + "4 4 0\n");
  // An edge list cannot hold vertices without edges: they are left out, with a warning.
  auto r = run_cli({"convert", lonely, d.path("l.el"), "--quiet"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err,
            "graphring: warning: " + d.path("l.el") +
                ": 3 vertices without edges are not in the edge list, which cannot hold them "
                "(.mtx, .grb and .e with its .v keep them)\n");
  // An LDBC .e with its .v keeps them, and so does the graph read back.
  EXPECT_EQ(run_cli({"convert", lonely, d.path("l.e"), "--quiet"}).status, 0);
  EXPECT_EQ(read_file(d.path("l.v")), "1\n2\n3\n4\n5\n");
  r = run_cli({"info", d.path("l.e")});
  EXPECT_NE(r.out.find("vertices         5 (ids 1..5)"), std::string::npos) << r.out;
  EXPECT_EQ(run_cli({"convert", empty, d.path("empty.e"), "--quiet"}).status, 0);
  EXPECT_NE(run_cli({"info", d.path("empty.e")}).out.find("vertices         4"), std::string::npos);
  // What could not be read back is refused.
  r = run_cli({"convert", empty, d.path("empty.el")});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "graphring: " + d.path("empty.el") +
                ": the graph has no edges, and an edge list without edges cannot be read back; "
                "write .mtx, .grb or .e (with its .v) instead\n");
  r = run_cli({"convert", "rmat:6", d.path("r.wel")});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "graphring: " + d.path("r.wel") +
                ": the graph has no weights, which a .wel file must hold; write .el instead\n");
  EXPECT_FALSE(std::filesystem::exists(d.path("empty.el")));
  EXPECT_FALSE(std::filesystem::exists(d.path("r.wel")));
}

}  // namespace
}  // namespace graphring

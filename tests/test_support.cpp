// Test helpers: scratch directories, small hand-made graphs, data set locations, running the CLI.
#include "tests/test_support.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "core/sanitizers.hpp"
#include "engine/builder.hpp"
#include "engine/edge_list.hpp"
#include "tests/graphs_to_check.hpp"

extern char** environ;

namespace graphring::testing {

scratch_dir::scratch_dir() {
  std::random_device rd;
  dir_ = std::filesystem::temp_directory_path() /
         ("graphring-test-" + std::to_string(getpid()) + "-" + std::to_string(rd()));
  std::filesystem::create_directories(dir_);
}

scratch_dir::~scratch_dir() {
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

std::string scratch_dir::write(const std::string& name, const std::string& content,
                               bool gzip) const {
  const std::string p = path(name);
  if (gzip) {
    gzFile f = gzopen(p.c_str(), "wb");
    gzwrite(f, content.data(), unsigned(content.size()));
    gzclose(f);
  } else {
    std::ofstream(p, std::ios::binary) << content;
  }
  return p;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

double value_at(const value_array& values, std::size_t k) {
  return std::visit(
      [&](const auto& v) -> double {
        if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::monostate>) {
          return 0;
        } else {
          return double(v[k]);
        }
      },
      values);
}

csr_matrix csr_of(std::uint64_t n, const std::vector<test_edge>& edges, bool weighted) {
  edge_list e;
  e.nrows = e.ncols = n;
  buffer<double> w;
  for (const test_edge& x : edges) {
    e.src.push_back(x.u);
    e.dst.push_back(x.v);
    w.push_back(x.w);
  }
  if (weighted) e.weights = std::move(w);
  return build_csr(e);
}

std::string shared_datasets() {
  const char* elsewhere = std::getenv("GRAPHRING_SHARED_DATASETS");
  const std::string dir = elsewhere ? elsewhere : GRAPHRING_SHARED_DATASETS;
  return std::filesystem::exists(dir + "/CATALOG.md") ? dir : std::string();
}

std::string own_datasets() { return GRAPHRING_DATASETS; }

namespace {

// The repository's own copy of a file under ../shared/datasets, or "".
std::string bundled_copy(const std::string& relative) {
  // The shared path's folder, and the bundled copy's: byte-identical files.
  static const std::pair<const char*, const char*> bundled[] = {
      {"road/", ""},
      {"social/", ""},
      {"matrices/lagraph/data/karate.mtx", "karate.mtx"},
      {"matrices/lagraph/", "lagraph/"},
      {"ldbc/example-data-sets/example-directed", "ldbc/example-directed"}};
  for (const auto& [shared_prefix, own_prefix] : bundled) {
    if (!relative.starts_with(shared_prefix)) continue;
    const std::string own =
        own_datasets() + "/" + own_prefix + relative.substr(std::strlen(shared_prefix));
    if (std::filesystem::exists(own)) return own;
  }
  return "";
}

}  // namespace

std::string dataset(const std::string& relative) {
  if (const std::string shared = shared_datasets(); !shared.empty()) return shared + "/" + relative;
  return bundled_copy(relative);
}

std::vector<std::string> graphs_to_check(const std::vector<std::string>& graphs) {
  if (!built_with_sanitizer) return graphs;
  std::vector<std::string> kept;
  std::string largest;
  std::uintmax_t largest_bytes = 0;
  for (const std::string& g : graphs) {
    if (!bundled_copy(g).empty()) {
      kept.push_back(g);
      continue;
    }
    std::error_code ec;
    const std::uintmax_t bytes = std::filesystem::file_size(dataset(g), ec);
    if (!ec && bytes > largest_bytes) {
      largest = g;
      largest_bytes = bytes;
    }
  }
  if (!largest.empty()) kept.push_back(largest);
  return kept;
}

bool shared_datasets_required() {
  const char* value = std::getenv("GRAPHRING_REQUIRE_SHARED_DATASETS");
  return value && std::string(value) == "1";
}

bool wait_for_open_file_in(int pid, const std::string& directory, std::chrono::milliseconds limit) {
  const std::string prefix = std::filesystem::weakly_canonical(directory).string() + "/";
  const std::string fds = "/proc/" + std::to_string(pid) + "/fd";
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(fds, ec)) {
      std::error_code link_ec;
      const std::string target = std::filesystem::read_symlink(entry.path(), link_ec).string();
      if (!link_ec && target.starts_with(prefix)) return true;
    }
    if (ec) return false;  // the process is gone
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  return false;
}

scoped_env::scoped_env(const char* name, const char* value) : name_(name) {
  if (const char* old = std::getenv(name)) {
    had_ = true;
    previous_ = old;
  }
  setenv(name, value, 1);
}

scoped_env::~scoped_env() {
  if (had_)
    setenv(name_.c_str(), previous_.c_str(), 1);
  else
    unsetenv(name_.c_str());
}

cli_result run_cli(const std::vector<std::string>& args, const std::string& input) {
  return run_program(GRAPHRING_CLI, args, input);
}

cli_result run_program(const std::string& program, const std::vector<std::string>& args,
                       const std::string& input) {
  scratch_dir dir;
  const std::string out = dir.path("out"), err = dir.path("err");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (!input.empty()) posix_spawn_file_actions_addopen(&actions, 0, input.c_str(), O_RDONLY, 0);
  std::vector<std::string> all{program};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid;
  int status = -1;
  if (posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ) == 0)
    waitpid(pid, &status, 0);
  posix_spawn_file_actions_destroy(&actions);
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return {code, read_file(out), read_file(err)};
}

}  // namespace graphring::testing

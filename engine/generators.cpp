// R-MAT/Kronecker (Chakrabarti, Zhan, Faloutsos 2004; Graph500 parameters), uniform random and
// grid generators over a counter-based random stream (splitmix64 finalizer).
#include "engine/generators.hpp"

#include <algorithm>
#include <charconv>
#include <numeric>

#include "core/error.hpp"
#include "core/memory_budget.hpp"
#include "engine/builder.hpp"

namespace graphring {
namespace {

std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// The `draw`-th random 64-bit word of item `item` under `seed`.
std::uint64_t random_word(std::uint64_t seed, std::uint64_t item, std::uint64_t draw) {
  return mix64(mix64(seed ^ mix64(item)) + draw);
}

double unit(std::uint64_t word) { return double(word >> 11) * 0x1.0p-53; }

struct spec {
  std::string name;  // as given, "rmat:20:weighted"
  std::string kind;
  buffer<std::uint64_t> numbers;
  std::uint64_t seed = 1;
  bool weighted = false;
};

spec parse(const std::string& name) {
  spec s;
  std::size_t start = 0;
  std::vector<std::string> parts;
  while (true) {
    const std::size_t colon = name.find(':', start);
    parts.push_back(name.substr(start, colon - start));
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  s.name = name;
  s.kind = parts[0];
  auto number = [&](const std::string& text) {
    std::uint64_t x = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), x);
    if (ec != std::errc() || p != text.data() + text.size() || text.empty())
      throw error(error_kind::usage, "bad generator parameter '" + text + "' in '" + name + "'");
    return x;
  };
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (parts[i].starts_with("seed="))
      s.seed = number(parts[i].substr(5));
    else if (parts[i] == "weighted")
      s.weighted = true;
    else
      s.numbers.push_back(number(parts[i]));
  }
  return s;
}

// Random permutation of 0..n-1 (Fisher–Yates over the seed's stream).
buffer<vertex_id> permutation(std::uint64_t n, std::uint64_t seed) {
  buffer<vertex_id> p(n);
  std::iota(p.begin(), p.end(), vertex_id(0));
  for (std::uint64_t i = n; i > 1; --i) std::swap(p[i - 1], p[random_word(seed, i, 7) % i]);
  return p;
}

graph random_graph(const std::string& name) {
  const edge_generator make(name);
  const std::uint64_t m = make.edges();
  require_memory(m * 40, "generating " + std::to_string(m) + " edges", name);
  edge_list e;
  e.nrows = e.ncols = make.vertices();
  e.labels = vertex_labels::with_offset(make.vertices(), 0);
  e.src.resize(m);
  e.dst.resize(m);
  buffer<std::int32_t> w(make.weighted() ? m : 0);
#pragma omp parallel for schedule(static)
  for (std::int64_t k = 0; k < std::int64_t(m); ++k) {
    const edge_generator::edge x = make(std::uint64_t(k));
    e.src[k] = x.u;
    e.dst[k] = x.v;
    if (make.weighted()) w[k] = x.weight;
  }
  if (make.weighted()) e.weights = std::move(w);
  build_options o;
  o.symmetrize = true;
  o.drop_self_loops = true;
  o.duplicates = duplicate_policy::first;
  return graph(build_csr(e, o), e.labels);
}

graph grid_graph(const spec& s) {
  if (s.numbers.size() != 1 || s.numbers[0] < 1 || s.numbers[0] > 46340)
    throw error(error_kind::usage, "grid needs SIDE in 1..46340, as in grid:1000");
  const std::uint64_t side = s.numbers[0], n = side * side, m = 4 * side * (side - 1);
  require_memory(m * 40, "generating " + std::to_string(m) + " edges", s.name);
  edge_list e;
  e.nrows = e.ncols = n;
  e.labels = vertex_labels::with_offset(n, 0);
  buffer<std::int32_t> w;
  e.src.reserve(m);
  e.dst.reserve(m);
  w.reserve(m);
  // Each vertex links right and down; the weight of link (vertex, direction) is drawn once and
  // used for both directions.
  for (std::uint64_t v = 0; v < n; ++v) {
    const std::uint64_t row = v / side, col = v % side;
    for (int dir = 0; dir < 2; ++dir) {
      if ((dir == 0 && col + 1 == side) || (dir == 1 && row + 1 == side)) continue;
      const std::uint64_t u = dir == 0 ? v + 1 : v + side;
      const std::int32_t weight =
          std::int32_t(1 + random_word(s.seed, v, std::uint64_t(dir)) % 1000);
      e.src.push_back(vertex_id(v)), e.dst.push_back(vertex_id(u)), w.push_back(weight);
      e.src.push_back(vertex_id(u)), e.dst.push_back(vertex_id(v)), w.push_back(weight);
    }
  }
  e.weights = std::move(w);
  return graph(build_csr(e), e.labels);
}

}  // namespace

edge_generator::edge_generator(const std::string& name) {
  const spec s = parse(name);
  if (s.kind != "rmat" && s.kind != "kron" && s.kind != "urand")
    throw error(error_kind::usage, "'" + name + "' is not an rmat, kron or urand graph");
  if (s.numbers.empty() || s.numbers.size() > 2)
    throw error(error_kind::usage,
                s.kind + " needs SCALE and optionally EDGEFACTOR, as in " + s.kind + ":20:16");
  scale_ = s.numbers[0];
  const std::uint64_t edge_factor = s.numbers.size() > 1 ? s.numbers[1] : 16;
  if (scale_ < 1 || scale_ > 31) throw error(error_kind::usage, "SCALE must be 1..31 in " + s.kind);
  if (edge_factor < 1 || edge_factor > 1024)
    throw error(error_kind::usage, "EDGEFACTOR must be 1..1024 in " + s.kind);
  n_ = std::uint64_t(1) << scale_;
  m_ = n_ * edge_factor;
  seed_ = s.seed;
  rmat_ = s.kind != "urand";
  weighted_ = s.weighted;
  if (rmat_) relabel_ = permutation(n_, seed_);
}

edge_generator::edge edge_generator::operator()(std::uint64_t k) const {
  std::uint64_t u = 0, v = 0;
  if (rmat_) {
    for (std::uint64_t bit = 0; bit < scale_; ++bit) {  // one quadrant choice per bit
      const double r = unit(random_word(seed_, k, bit));
      const bool right = r >= 0.57 && r < 0.76, down = r >= 0.76 && r < 0.95, both = r >= 0.95;
      u = (u << 1) | (down || both);
      v = (v << 1) | (right || both);
    }
    u = relabel_[u];
    v = relabel_[v];
  } else {
    u = random_word(seed_, k, 0) & (n_ - 1);
    v = random_word(seed_, k, 1) & (n_ - 1);
  }
  const auto weight = weighted_ ? std::int32_t(1 + random_word(seed_, k, 99) % 255) : 1;
  return {vertex_id(u), vertex_id(v), weight};
}

bool is_edge_generator_name(const std::string& name) {
  return name.starts_with("rmat:") || name.starts_with("kron:") || name.starts_with("urand:");
}

bool is_generator_name(const std::string& name) {
  return name.starts_with("rmat:") || name.starts_with("kron:") || name.starts_with("urand:") ||
         name.starts_with("grid:");
}

graph generate(const std::string& name) {
  const spec s = parse(name);
  graph g;
  if (s.kind == "rmat" || s.kind == "kron" || s.kind == "urand")
    g = random_graph(name);
  else if (s.kind == "grid")
    g = grid_graph(s);
  else
    throw error(error_kind::usage, "unknown generator '" + s.kind + "' (rmat, urand or grid)");
  g.source = name;
  g.source_format = "generated";
  return g;
}

}  // namespace graphring

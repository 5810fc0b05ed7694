// User-defined graphring semirings run distributed unchanged: the README's shortest-path-count
// (a struct value) and widest-path (a struct value and a positional multiply) examples,
// iterated u = e_s ⊕ u ⊕.⊗ A to their fixpoint with dist::vxm over CombBLAS, give on every
// vertex exactly what the single-machine engine's vxm gives. Also: the vector split that
// process_grid assumes is CombBLAS's own, vertex_owner agrees with it, and the exchange in small
// messages equals the one in an MPI_Alltoallv. Run under mpirun; exit status 0 when all agree.
#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "dist/vxm.hpp"
#include "engine/graph.hpp"
#include "engine/io/load.hpp"
#include "engine/ops/operations.hpp"
#include "semirings/examples/shortest_path_count.hpp"
#include "semirings/examples/widest_path.hpp"

// The engine's pull compares a sum with the terminal value: the examples' types need ==.
namespace graphring::examples {
inline bool operator==(const widest& x, const widest& y) {
  return x.width == y.width && x.parent == y.parent;
}
inline bool operator==(const path_count& x, const path_count& y) {
  return x.dist == y.dist && x.count == y.count;
}
}  // namespace graphring::examples

namespace {

using namespace graphring;
using examples::path_count;
using examples::widest;

template <class T>
bool same(const T& x, const T& y) {
  return x == y;
}

// The fixpoint on one machine: the engine's vxm and ewise_add, as docs/examples does it.
template <class S>
std::vector<typename S::c_type> single_machine(const graph& g, vertex_id s,
                                               typename S::c_type at_source) {
  using C = typename S::c_type;
  const auto a = matrix<double>::from_csr(g.adjacency(), 1.0);
  vector<C> u(g.vertices());
  u.set(s, at_source);
  const vector<C> start = u;
  for (bool changed = true; changed;) {
    vector<C> next(g.vertices());
    vxm(next, no_mask, no_accum, S{}, u, a);
    ewise_add(next, no_mask, no_accum, typename S::add_monoid{}, start, next);
    changed = next.nvals() != u.nvals();
    next.for_each([&](std::uint64_t v, const C& x) {
      const auto old = u.get(v);
      changed = changed || !old || !same(*old, x);
    });
    u = std::move(next);
  }
  std::vector<C> whole(g.vertices(), S::zero());
  u.for_each([&](std::uint64_t v, const C& x) { whole[v] = x; });
  return whole;
}

// The same fixpoint distributed; whole on the root.
template <class S>
std::vector<typename S::c_type> distributed(const dist::process_grid& procs, const graph& g,
                                            vertex_id s, typename S::c_type at_source) {
  using C = typename S::c_type;
  const std::uint64_t n = g.vertices();
  const dist::local_part mine = procs.part(n);
  const dist::local_edges edges(procs, g);
  auto at = dist::weighted_transpose<S>(procs, edges);
  auto accumulator = dist::accumulator_for<S>(at);
  std::vector<C> u(mine.length, S::zero());
  std::vector<bool> present(mine.length, false);
  const bool source_here = s >= mine.offset && s < mine.offset + mine.length;
  for (bool changed = true; changed;) {
    // next = e_s ⊕ (u ⊕.⊗ A)
    std::vector<std::int64_t> indices;
    std::vector<C> values;
    for (std::uint64_t i = 0; i < mine.length; ++i)
      if (present[i]) {
        indices.push_back(std::int64_t(i));
        values.push_back(u[i]);
      }
    if (source_here && !present[s - mine.offset]) {  // the first round: u = e_s
      indices.assign(1, std::int64_t(s - mine.offset));
      values.assign(1, at_source);
    }
    auto frontier = dist::local_entries(procs, n, indices, values);
    auto product = dist::vxm<S>(procs, at, frontier, accumulator);
    std::vector<C> next(mine.length, S::zero());
    std::vector<bool> next_present(mine.length, false);
    const std::vector<std::int64_t> got = product.GetLocalInd();
    const std::vector<C> got_values = product.GetLocalNum();
    for (std::size_t e = 0; e < got.size(); ++e) {
      next[std::size_t(got[e])] = got_values[e];
      next_present[std::size_t(got[e])] = true;
    }
    if (source_here) {
      C& x = next[s - mine.offset];
      x = next_present[s - mine.offset] ? S::add(at_source, x) : at_source;
      next_present[s - mine.offset] = true;
    }
    std::uint64_t differences = 0;
    for (std::uint64_t i = 0; i < mine.length; ++i)
      differences += next_present[i] != present[i] || (present[i] && !same(next[i], u[i]));
    changed = procs.sum(differences) > 0;
    u = std::move(next);
    present = std::move(next_present);
  }
  return procs.gather(u, n);
}

int failures = 0;

void expect(bool ok, const dist::process_grid& procs, const std::string& what) {
  if (procs.root()) std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
  failures += !ok;
}

template <class S>
void compare(const dist::process_grid& procs, const graph& g, vertex_id s,
             typename S::c_type at_source, const char* name) {
  const auto want = single_machine<S>(g, s, at_source);
  const auto got = distributed<S>(procs, g, s, at_source);
  if (!procs.root()) return;
  std::uint64_t differ = 0, reached = 0;
  for (std::uint64_t v = 0; v < g.vertices(); ++v) {
    differ += !same(want[v], got[v]);
    reached += !same(want[v], S::zero());
  }
  expect(differ == 0 && reached > 1, procs,
         std::string(name) + " on P = " + std::to_string(procs.size()) + ": " +
             std::to_string(reached) + " vertices reached, " + std::to_string(differ) + " differ");
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  {
    const dist::process_grid procs(MPI_COMM_WORLD);
    for (const std::uint64_t n : {0, 1, 5, 9, 10, 1000, 1001}) {
      const dist::local_part p = procs.part(n);
      combblas::FullyDistVec<std::int64_t, double> v(procs.grid(), std::int64_t(n), 0.0);
      std::uint64_t mismatches =
          procs.sum(std::uint64_t(p.offset != std::uint64_t(v.LengthUntil()) ||
                                  p.length != std::uint64_t(v.MyLocLength())));
      expect(mismatches == 0, procs, "the vector split of n = " + std::to_string(n));
      mismatches = 0;  // vertex_owner names the process whose part holds v
      for (std::uint64_t x = 0; x < n; ++x)
        mismatches += (procs.vertex_owner(x, n) == procs.rank()) !=
                      (x >= p.offset && x < p.offset + p.length);
      expect(procs.sum(mismatches) == 0, procs, "vertex_owner for n = " + std::to_string(n));
    }
    {  // the exchange in messages of at most 3 items each gives what one MPI_Alltoallv gives
      std::vector<std::uint64_t> counts, items;
      for (int r = 0; r < procs.size(); ++r) {
        counts.push_back(std::uint64_t(procs.rank() * 5 + r + 1));
        for (std::uint64_t i = 0; i < counts.back(); ++i)
          items.push_back(std::uint64_t(procs.rank()) << 40 | std::uint64_t(r) << 20 | i);
      }
      const std::vector<std::uint64_t> whole = procs.exchange(items, counts),
                                       in_messages = procs.exchange(items, counts, 3);
      std::uint64_t expected = 0;
      for (int r = 0; r < procs.size(); ++r) expected += std::uint64_t(r * 5 + procs.rank() + 1);
      expect(procs.sum(std::uint64_t(whole != in_messages || whole.size() != expected)) == 0, procs,
             "the exchange in messages of 3 items");
    }
    const std::string path = argc > 1 ? argv[1] : "";
    const graph g = load_graph(path);
    compare<examples::shortest_path_count>(procs, g, 0, {0.0, 1}, "shortest_path_count");
    compare<examples::widest_path>(procs, g, 0, {greatest_v<double>, 0}, "widest_path");
  }
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

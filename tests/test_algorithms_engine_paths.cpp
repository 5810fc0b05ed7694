// The two fast paths added to the engine for the algorithms, checked against the definitions
// on every combination of vector forms: w<q> = u with a structural mask over all indices (the
// BFS parent and SSSP distance update) visits only q's entries, and an intersection with one
// sparse input (a frontier against a dense vector) visits only the sparse input's entries.
#include <gtest/gtest.h>

#include <optional>
#include <random>

#include "engine/ops/operations.hpp"

namespace graphring {
namespace {

using reference = std::vector<std::optional<int>>;

vector<int> make(const reference& r, vector_form form) {
  vector<int> v(r.size());
  for (std::size_t i = 0; i < r.size(); ++i)
    if (r[i]) v.set(i, *r[i]);
  if (form == vector_form::sparse) v.to_sparse();
  if (form == vector_form::bitmap) v.to_bitmap();
  if (form == vector_form::dense && v.nvals() == v.size()) v.conform();
  return v;
}

reference read(const vector<int>& v) {
  reference r(v.size());
  v.for_each([&](std::uint64_t i, int x) { r[i] = x; });
  return r;
}

reference random_reference(std::mt19937& rng, std::size_t n, double density) {
  std::bernoulli_distribution present(density);
  std::uniform_int_distribution<int> value(-5, 5);
  reference r(n);
  for (auto& x : r)
    if (present(rng)) x = value(rng);
  return r;
}

TEST(AlgorithmsEnginePaths, StructurallyMaskedAssignVisitsTheMaskOnly) {
  std::mt19937 rng(7);
  const vector_form forms[] = {vector_form::sparse, vector_form::bitmap, vector_form::dense};
  for (int trial = 0; trial < 30; ++trial) {
    const std::size_t n = 40;
    const reference w0 = random_reference(rng, n, trial % 3 == 0 ? 1.0 : 0.3);
    const reference q = random_reference(rng, n, 0.2), u = random_reference(rng, n, 0.5);
    reference want = w0;
    for (std::size_t i = 0; i < n; ++i)
      if (q[i]) want[i] = u[i];
    for (auto fw : forms)
      for (auto fq : forms)
        for (auto fu : forms) {
          vector<int> w = make(w0, fw);
          assign(w, make(q, fq), no_accum, make(u, fu), all_indices, {.structural_mask = true});
          EXPECT_EQ(read(w), want);
        }
  }
}

TEST(AlgorithmsEnginePaths, IntersectionWithOneSparseInput) {
  std::mt19937 rng(11);
  const vector_form forms[] = {vector_form::sparse, vector_form::bitmap, vector_form::dense};
  for (int trial = 0; trial < 30; ++trial) {
    const std::size_t n = 50;
    const reference u = random_reference(rng, n, 0.1);
    const reference v = random_reference(rng, n, trial % 2 ? 1.0 : 0.6);
    reference want(n);
    for (std::size_t i = 0; i < n; ++i)
      if (u[i] && v[i]) want[i] = *u[i] * 10 + *v[i];
    auto op = [](int x, int y) { return x * 10 + y; };
    for (auto fu : forms)
      for (auto fv : forms) {
        vector<int> w(n);
        ewise_mult(w, no_mask, no_accum, op, make(u, fu), make(v, fv));
        EXPECT_EQ(read(w), want);
      }
  }
}

}  // namespace
}  // namespace graphring

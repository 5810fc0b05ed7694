// mxv and vxm on two real graphs of ../shared/datasets (soc-Epinions1, a trust network with hubs,
// and web-NotreDame), held against SuiteSparse:GraphBLAS: plus_times over fp32 with a full input
// vector (pull, PageRank's step) and with a 1% frontier (push), and min_plus over fp32 (an SSSP
// relaxation) under a complemented mask. Weights and vector values are multiples of 1/4, so fp32
// sums are exact in any order and the 1e-6 tolerance is never stretched by rounding alone.
// Skips when the shared datasets are absent.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "engine/io/load.hpp"
#include "tests/ops_random.hpp"
#include "tests/test_support.hpp"

namespace graphring::testing::ops {
namespace {

// A real graph as a weighted fp32 matrix (weight of edge p: (p mod 7 + 1) / 4) and the same
// matrix as the baselines' csr_matrix. Loaded once per process.
struct real_graph {
  matrix<float> a;
  csr_matrix csr;
};

const real_graph& load(const std::string& relative) {
  static std::map<std::string, std::unique_ptr<real_graph>> cache;
  auto& slot = cache[relative];
  if (!slot) {
    const graph g = load_graph(dataset(relative));
    const csr_matrix& adj = g.adjacency();
    buffer<float> weights(adj.nnz());
    for (std::uint64_t p = 0; p < adj.nnz(); ++p) weights[p] = float(p % 7 + 1) / 4;
    csr_matrix weighted{adj.nrows, adj.ncols, adj.offsets, adj.cols,
                        shared_array<float>(std::move(weights))};
    slot = std::make_unique<real_graph>(real_graph{matrix<float>::from_csr(weighted), weighted});
  }
  return *slot;
}

void check_graph(const std::string& relative) {
  gb::graphblas_start(2);
  const real_graph& g = load(relative);
  const std::uint64_t n = g.a.nrows();
  rng_t rng(seed_of(relative));
  const vector<float> x = random_vector<float>(rng, n, 1.0);
  const vector<float> frontier = random_vector<float>(rng, n, 0.01);
  // Distances: 0 .. 4 in steps of 1/4 on 30% of the vertices; the mask is "already settled".
  const vector<float> dist = random_vector<float>(rng, n, 0.3);
  const vector<bool> settled = random_mask(rng, n);
  const auto gd = to_gb(dist);
  const auto gs = mask_to_gb(settled);

  // y = A plus.times x and y = x plus.times A from a full x (pull) and from a 1% frontier
  // (push); each GraphBLAS answer is computed once and both methods are held against it.
  for (const vector<float>* u : {&x, &frontier}) {
    const auto gu = to_gb(*u);
    const auto want_mxv = gb::grb_mxv<float>(gb::semiring_kind::plus_times, g.csr, gu);
    const auto want_vxm = gb::grb_vxm<float>(gb::semiring_kind::plus_times, gu, g.csr);
    // automatic picks pull for x and push for the frontier; the other kernel is forced.
    const product_method other = u == &x ? product_method::push : product_method::pull;
    for (const product_method method : {product_method::automatic, other}) {
      SCOPED_TRACE(::testing::Message()
                   << "plus_times, u holds " << u->nvals() << ", method " << int(method));
      vector<float> y(n);
      mxv(y, no_mask, no_accum, plus_times<float>{}, g.a, *u, descriptor{.method = method});
      expect_equal(y, want_mxv);
      vector<float> z(n);
      vxm(z, no_mask, no_accum, plus_times<float>{}, *u, g.a, descriptor{.method = method});
      expect_equal(z, want_vxm);
    }
  }

  // d<¬settled> = min(d, d min.+ A), from the frontier and from all distances, both methods.
  const write_options relax{
      .mask = mask_kind::value, .complement = true, .accum = gb::binary_kind::min};
  for (const vector<float>* u : {&frontier, &dist}) {
    const auto gu = to_gb(*u);
    const auto want_vxm =
        gb::grb_vxm<float>(gb::semiring_kind::min_plus, gu, g.csr, gb_options(relax, gd, gs));
    const auto want_mxv =
        gb::grb_mxv<float>(gb::semiring_kind::min_plus, g.csr, gu, gb_options(relax, gd, gs));
    for (const product_method method : {product_method::push, product_method::pull}) {
      SCOPED_TRACE(::testing::Message()
                   << "min_plus, u holds " << u->nvals() << ", method " << int(method));
      vector<float> d = dist;
      vxm(d, settled, min_op<float>(), min_plus<float>{}, *u, g.a,
          descriptor{.complement_mask = true, .method = method});
      expect_equal(d, want_vxm);
      vector<float> e = dist;
      mxv(e, settled, min_op<float>(), min_plus<float>{}, g.a, *u,
          descriptor{.complement_mask = true, .method = method});
      expect_equal(e, want_mxv);
    }
  }
}

TEST(OpsRealGraphs, SocEpinions1) {
  GRAPHRING_DATASET(epinions, "social/soc-Epinions1.txt.gz");  // bundled too
  check_graph("social/soc-Epinions1.txt.gz");
}

TEST(OpsRealGraphs, WebNotreDame) {
  GRAPHRING_REQUIRE_SHARED_DATASETS();
  check_graph("web/web-NotreDame.txt.gz");
}

}  // namespace
}  // namespace graphring::testing::ops

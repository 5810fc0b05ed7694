// The GraphBLAS algorithms; each step carries its formula in a comment above the call.
#include "bench/baselines/graphblas_algorithms.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "bench/baselines/graphblas_types.hpp"
#include "core/error.hpp"

namespace graphring::baselines {
namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

grb_vector new_vector(GrB_Type type, std::uint64_t n) {
  grb_vector v;
  GRAPHRING_GRB(GrB_Vector_new(v.out(), type, n));
  return v;
}

grb_matrix new_matrix(GrB_Type type, std::uint64_t nrows, std::uint64_t ncols) {
  grb_matrix m;
  GRAPHRING_GRB(GrB_Matrix_new(m.out(), type, nrows, ncols));
  return m;
}

// The entries of v as a dense array, `fill` where v has none.
template <class T>
std::vector<T> dense(GrB_Vector v, T fill) {
  const sparse_vector<T> s = from_grb_vector<T>(v);
  std::vector<T> d(s.size, fill);
  for (std::size_t k = 0; k < s.indices.size(); ++k) d[s.indices[k]] = s.values[k];
  return d;
}

void check_source(const graphblas_graph& g, std::uint64_t source) {
  if (source >= g.vertices()) throw error(error_kind::usage, "the source is not a vertex");
}

bfs_result bfs(const graphblas_graph& g, GrB_Matrix at, GrB_Vector degree, std::uint64_t source,
               double alpha, double beta) {
  check_source(g, source);
  const std::uint64_t n = g.vertices();
  grb_vector q = new_vector(GrB_INT64, n), pi = new_vector(GrB_INT64, n),
             level = new_vector(GrB_INT64, n), t = new_vector(GrB_INT64, n);
  GRAPHRING_GRB(GrB_Vector_setElement_INT64(q.get(), std::int64_t(source), source));
  GRAPHRING_GRB(GrB_Vector_setElement_INT64(pi.get(), std::int64_t(source), source));
  GRAPHRING_GRB(GrB_Vector_setElement_INT64(level.get(), 0, source));
  double unexplored = double(grb_nvals(g.a()));
  bool push = true;
  std::uint64_t nq = 1;
  for (std::int64_t depth = 1; nq > 0; ++depth) {
    if (at) {
      // Beamer's rule: edges out of the frontier decide pull; a small frontier returns to push.
      std::int64_t frontier_edges = 0;
      // t = degree .* q, then its sum
      GRAPHRING_GRB(GrB_Vector_eWiseMult_BinaryOp(t.get(), nullptr, nullptr, GrB_FIRST_INT64,
                                                  degree, q.get(), nullptr));
      GRAPHRING_GRB(GrB_Vector_reduce_INT64(&frontier_edges, nullptr, GrB_PLUS_MONOID_INT64,
                                            t.get(), nullptr));
      unexplored -= double(frontier_edges);
      if (push && double(frontier_edges) > unexplored / alpha)
        push = false;
      else if (!push && double(nq) < double(n) / beta)
        push = true;
    }
    if (push) {
      // q<¬π, struct, replace> = q any.secondi A
      GRAPHRING_GRB(
          GrB_vxm(q.get(), pi.get(), nullptr, GxB_ANY_SECONDI_INT64, q.get(), g.a(), GrB_DESC_RSC));
    } else {
      // q<¬π, struct, replace> = Aᵀ any.secondi q
      GRAPHRING_GRB(
          GrB_mxv(q.get(), pi.get(), nullptr, GxB_ANY_SECONDI_INT64, at, q.get(), GrB_DESC_RSC));
    }
    nq = grb_nvals(q.get());
    if (nq == 0) break;
    // π<q, struct> = q
    GRAPHRING_GRB(GrB_Vector_assign(pi.get(), q.get(), nullptr, q.get(), GrB_ALL, n, GrB_DESC_S));
    // level<q, struct> = depth
    GRAPHRING_GRB(
        GrB_Vector_assign_INT64(level.get(), q.get(), nullptr, depth, GrB_ALL, n, GrB_DESC_S));
  }
  return {dense<std::int64_t>(level.get(), -1), dense<std::int64_t>(pi.get(), -1)};
}

// d<f, struct> = f where f = r<r < d, replace>: the entries of r that improve d, kept in f.
void improve(GrB_Vector d, GrB_Vector r, GrB_Vector f) {
  const std::uint64_t n = grb_size(d);
  grb_vector better = new_vector(GrB_BOOL, n);
  // better = r < d
  GRAPHRING_GRB(
      GrB_Vector_eWiseMult_BinaryOp(better.get(), nullptr, nullptr, GrB_LT_FP64, r, d, nullptr));
  // f<better, replace> = r
  GRAPHRING_GRB(GrB_Vector_apply(f, better.get(), nullptr, GrB_IDENTITY_FP64, r, GrB_DESC_R));
  // d<f, struct> = f
  GRAPHRING_GRB(GrB_Vector_assign(d, f, nullptr, f, GrB_ALL, n, GrB_DESC_S));
}

// w<replace> = entries of u with lo <= value < hi.
void select_range(GrB_Vector w, GrB_Vector u, double lo, double hi) {
  GRAPHRING_GRB(GrB_Vector_select_FP64(w, nullptr, nullptr, GrB_VALUEGE_FP64, u, lo, nullptr));
  GRAPHRING_GRB(GrB_Vector_select_FP64(w, nullptr, nullptr, GrB_VALUELT_FP64, w, hi, nullptr));
}

}  // namespace

bfs_result graphblas_bfs(graphblas_graph& g, std::uint64_t source, double alpha, double beta) {
  return bfs(g, g.at(), g.out_degree(), source, alpha, beta);
}

bfs_result graphblas_bfs_push(const graphblas_graph& g, std::uint64_t source) {
  return bfs(g, nullptr, nullptr, source, 0, 0);
}

pagerank_result graphblas_pagerank(graphblas_graph& g, double damping, double tol, int max_iters,
                                   bool multiplicities) {
  const std::uint64_t n = g.vertices();
  pagerank_result result;
  if (n == 0) return result;
  GrB_Matrix at = g.at();
  grb_vector copies;
  if (multiplicities) {
    // copies = ⊕_j A(:, j): each vertex's out-edges counted with their copies
    copies = new_vector(GrB_FP64, n);
    GRAPHRING_GRB(GrB_Matrix_reduce_Monoid(copies.get(), nullptr, nullptr, GrB_PLUS_MONOID_FP64,
                                           g.a(), nullptr));
  }
  GrB_Vector outdeg = multiplicities ? copies.get() : g.out_degree();
  GrB_Semiring spread = multiplicities ? GrB_PLUS_TIMES_SEMIRING_FP64 : GxB_PLUS_SECOND_FP64;
  grb_vector d = new_vector(GrB_FP64, n), sinks = new_vector(GrB_BOOL, n);
  // d = outdeg / damping, so that r ./ d = damping · r ./ outdeg
  GRAPHRING_GRB(GrB_Vector_apply_BinaryOp2nd_FP64(d.get(), nullptr, nullptr, GrB_DIV_FP64, outdeg,
                                                  damping, nullptr));
  // sinks<¬outdeg, struct> = true
  GRAPHRING_GRB(
      GrB_Vector_assign_BOOL(sinks.get(), outdeg, nullptr, true, GrB_ALL, n, GrB_DESC_SC));
  const bool has_sinks = grb_nvals(sinks.get()) > 0;
  grb_vector r = new_vector(GrB_FP64, n), prev = new_vector(GrB_FP64, n),
             w = new_vector(GrB_FP64, n), t = new_vector(GrB_FP64, n);
  GRAPHRING_GRB(
      GrB_Vector_assign_FP64(r.get(), nullptr, nullptr, 1.0 / double(n), GrB_ALL, n, nullptr));
  for (result.iterations = 1; result.iterations <= max_iters; ++result.iterations) {
    double teleport = (1 - damping) / double(n);
    if (has_sinks) {
      double sink_rank = 0;
      // t = r .* sinks; sink_rank = Σ t
      GRAPHRING_GRB(GrB_Vector_eWiseMult_BinaryOp(t.get(), nullptr, nullptr, GrB_FIRST_FP64,
                                                  r.get(), sinks.get(), nullptr));
      GRAPHRING_GRB(
          GrB_Vector_reduce_FP64(&sink_rank, nullptr, GrB_PLUS_MONOID_FP64, t.get(), nullptr));
      teleport += damping * sink_rank / double(n);
    }
    std::swap(r, prev);
    // w = prev ./ d
    GRAPHRING_GRB(GrB_Vector_eWiseMult_BinaryOp(w.get(), nullptr, nullptr, GrB_DIV_FP64, prev.get(),
                                                d.get(), nullptr));
    // r = teleport; r += Aᵀ plus.second w (plus.times with multiplicities)
    GRAPHRING_GRB(GrB_Vector_assign_FP64(r.get(), nullptr, nullptr, teleport, GrB_ALL, n, nullptr));
    GRAPHRING_GRB(GrB_mxv(r.get(), nullptr, GrB_PLUS_FP64, spread, at, w.get(), nullptr));
    // change = Σ |prev - r|
    GRAPHRING_GRB(GrB_Vector_eWiseAdd_BinaryOp(t.get(), nullptr, nullptr, GrB_MINUS_FP64,
                                               prev.get(), r.get(), nullptr));
    GRAPHRING_GRB(GrB_Vector_apply(t.get(), nullptr, nullptr, GrB_ABS_FP64, t.get(), nullptr));
    double change = 0;
    GRAPHRING_GRB(GrB_Vector_reduce_FP64(&change, nullptr, GrB_PLUS_MONOID_FP64, t.get(), nullptr));
    if (change < tol) break;
  }
  result.iterations = std::min(result.iterations, max_iters);
  result.ranks = dense<double>(r.get(), 0.0);
  return result;
}

std::vector<double> graphblas_sssp_bellman_ford(const graphblas_graph& g, std::uint64_t source) {
  check_source(g, source);
  const std::uint64_t n = g.vertices();
  grb_vector d = new_vector(GrB_FP64, n), f = new_vector(GrB_FP64, n), r = new_vector(GrB_FP64, n);
  GRAPHRING_GRB(GrB_Vector_assign_FP64(d.get(), nullptr, nullptr, infinity, GrB_ALL, n, nullptr));
  GRAPHRING_GRB(GrB_Vector_setElement_FP64(d.get(), 0.0, source));
  GRAPHRING_GRB(GrB_Vector_setElement_FP64(f.get(), 0.0, source));
  for (std::uint64_t round = 0; grb_nvals(f.get()) > 0; ++round) {
    // a path of n edges that still improves a distance goes round a negative cycle
    if (round == n)
      throw error(error_kind::bad_input, "a negative cycle is reachable from the source");
    // r = f min.+ A
    GRAPHRING_GRB(GrB_vxm(r.get(), nullptr, nullptr, GxB_MIN_PLUS_FP64, f.get(), g.a(), nullptr));
    improve(d.get(), r.get(), f.get());
  }
  return dense<double>(d.get(), infinity);
}

std::vector<double> graphblas_sssp_delta_stepping(const graphblas_graph& g, std::uint64_t source,
                                                  double delta) {
  check_source(g, source);
  const std::uint64_t n = g.vertices();
  if (delta <= 0) {
    double total = 0;
    GRAPHRING_GRB(GrB_Matrix_reduce_FP64(&total, nullptr, GrB_PLUS_MONOID_FP64, g.a(), nullptr));
    const std::uint64_t m = grb_nvals(g.a());
    delta = m > 0 && total > 0 ? total / double(m) : 1.0;
  }
  // A = AL + AH: light edges (w <= delta) and heavy ones
  grb_matrix light = new_matrix(GrB_FP64, n, n), heavy = new_matrix(GrB_FP64, n, n);
  GRAPHRING_GRB(GrB_Matrix_select_FP64(light.get(), nullptr, nullptr, GrB_VALUELE_FP64, g.a(),
                                       delta, nullptr));
  GRAPHRING_GRB(GrB_Matrix_select_FP64(heavy.get(), nullptr, nullptr, GrB_VALUEGT_FP64, g.a(),
                                       delta, nullptr));
  grb_vector t = new_vector(GrB_FP64, n), bucket = new_vector(GrB_FP64, n),
             settled = new_vector(GrB_BOOL, n), r = new_vector(GrB_FP64, n),
             f = new_vector(GrB_FP64, n), s = new_vector(GrB_FP64, n);
  GRAPHRING_GRB(GrB_Vector_assign_FP64(t.get(), nullptr, nullptr, infinity, GrB_ALL, n, nullptr));
  GRAPHRING_GRB(GrB_Vector_setElement_FP64(t.get(), 0.0, source));
  for (double i = 0;;) {
    const double lo = i * delta, hi = (i + 1) * delta;
    select_range(bucket.get(), t.get(), lo, hi);
    if (grb_nvals(bucket.get()) == 0) {
      // jump to the bucket of the smallest finite distance not yet settled
      select_range(s.get(), t.get(), hi, infinity);
      if (grb_nvals(s.get()) == 0) break;
      double next = 0;
      GRAPHRING_GRB(GrB_Vector_reduce_FP64(&next, nullptr, GrB_MIN_MONOID_FP64, s.get(), nullptr));
      i = std::floor(next / delta);
      continue;
    }
    GRAPHRING_GRB(GrB_Vector_clear(settled.get()));
    while (grb_nvals(bucket.get()) > 0) {
      // settled<bucket, struct> = true
      GRAPHRING_GRB(GrB_Vector_assign_BOOL(settled.get(), bucket.get(), nullptr, true, GrB_ALL, n,
                                           GrB_DESC_S));
      // r = bucket min.+ AL; improved entries go to t and to f; those still in the bucket stay
      GRAPHRING_GRB(GrB_vxm(r.get(), nullptr, nullptr, GxB_MIN_PLUS_FP64, bucket.get(), light.get(),
                            nullptr));
      improve(t.get(), r.get(), f.get());
      select_range(bucket.get(), f.get(), lo, hi);
    }
    // s<settled, struct, replace> = t; r = s min.+ AH; improve t
    GRAPHRING_GRB(
        GrB_Vector_apply(s.get(), settled.get(), nullptr, GrB_IDENTITY_FP64, t.get(), GrB_DESC_RS));
    GRAPHRING_GRB(
        GrB_vxm(r.get(), nullptr, nullptr, GxB_MIN_PLUS_FP64, s.get(), heavy.get(), nullptr));
    improve(t.get(), r.get(), f.get());
    i += 1;
  }
  return dense<double>(t.get(), infinity);
}

std::uint64_t graphblas_triangle_count(graphblas_graph& g) {
  const std::uint64_t n = g.vertices();
  const undirected_structure u = undirected(g);
  grb_matrix l = new_matrix(GrB_BOOL, n, n), c = new_matrix(GrB_INT64, n, n);
  // L = tril(S, -1)
  GRAPHRING_GRB(GrB_Matrix_select_INT64(l.get(), nullptr, nullptr, GrB_TRIL, u.s, -1, nullptr));
  // C<L, struct> = L plus.pair Lᵀ
  GRAPHRING_GRB(
      GrB_mxm(c.get(), l.get(), nullptr, GxB_PLUS_PAIR_INT64, l.get(), l.get(), GrB_DESC_ST1));
  std::int64_t triangles = 0;
  GRAPHRING_GRB(
      GrB_Matrix_reduce_INT64(&triangles, nullptr, GrB_PLUS_MONOID_INT64, c.get(), nullptr));
  return std::uint64_t(triangles);
}

std::vector<double> graphblas_betweenness(graphblas_graph& g,
                                          const std::vector<std::uint64_t>& sources) {
  const std::uint64_t n = g.vertices(), ns = sources.size();
  GrB_Matrix at = g.at();
  for (std::uint64_t s : sources) check_source(g, s);
  std::vector<GrB_Index> rows(ns);
  std::iota(rows.begin(), rows.end(), GrB_Index(0));
  std::vector<double> ones(ns, 1.0);
  grb_matrix paths = new_matrix(GrB_FP64, ns, n), frontier = new_matrix(GrB_FP64, ns, n);
  // paths(k, s_k) = 1
  GRAPHRING_GRB(GrB_Matrix_build_FP64(paths.get(), rows.data(), sources.data(), ones.data(), ns,
                                      GrB_PLUS_FP64));
  // frontier<¬paths, struct, replace> = paths plus.first A
  GRAPHRING_GRB(GrB_mxm(frontier.get(), paths.get(), nullptr, GxB_PLUS_FIRST_FP64, paths.get(),
                        g.a(), GrB_DESC_RSC));
  std::vector<grb_matrix> levels;  // levels[d]: the vertices at depth d + 1 from each source
  while (grb_nvals(frontier.get()) > 0) {
    levels.push_back(new_matrix(GrB_BOOL, ns, n));
    GRAPHRING_GRB(GrB_Matrix_apply(levels.back().get(), nullptr, nullptr, GxB_ONE_BOOL,
                                   frontier.get(), nullptr));
    // paths += frontier; frontier<¬paths, struct, replace> = frontier plus.first A
    GRAPHRING_GRB(GrB_Matrix_eWiseAdd_BinaryOp(paths.get(), nullptr, nullptr, GrB_PLUS_FP64,
                                               paths.get(), frontier.get(), nullptr));
    GRAPHRING_GRB(GrB_mxm(frontier.get(), paths.get(), nullptr, GxB_PLUS_FIRST_FP64, frontier.get(),
                          g.a(), GrB_DESC_RSC));
  }
  // bcu = 1 + the dependency of each source on each vertex, accumulated level by level upward
  grb_matrix bcu = new_matrix(GrB_FP64, ns, n), w = new_matrix(GrB_FP64, ns, n);
  GRAPHRING_GRB(
      GrB_Matrix_assign_FP64(bcu.get(), nullptr, nullptr, 1.0, GrB_ALL, ns, GrB_ALL, n, nullptr));
  for (std::size_t d = levels.size(); d-- > 1;) {
    // w<levels[d], struct, replace> = bcu ./ paths
    GRAPHRING_GRB(GrB_Matrix_eWiseMult_BinaryOp(w.get(), levels[d].get(), nullptr, GrB_DIV_FP64,
                                                bcu.get(), paths.get(), GrB_DESC_RS));
    // w<levels[d-1], struct, replace> = w plus.first Aᵀ
    GRAPHRING_GRB(GrB_mxm(w.get(), levels[d - 1].get(), nullptr, GxB_PLUS_FIRST_FP64, w.get(), at,
                          GrB_DESC_RS));
    // bcu += w .* paths
    GRAPHRING_GRB(GrB_Matrix_eWiseMult_BinaryOp(bcu.get(), nullptr, GrB_PLUS_FP64, GrB_TIMES_FP64,
                                                w.get(), paths.get(), nullptr));
  }
  // centrality(j) = Σ_k bcu(k, j) - ns
  grb_vector c = new_vector(GrB_FP64, n);
  GRAPHRING_GRB(GrB_Matrix_reduce_Monoid(c.get(), nullptr, nullptr, GrB_PLUS_MONOID_FP64, bcu.get(),
                                         GrB_DESC_T0));
  std::vector<double> centrality = dense<double>(c.get(), double(ns));
  for (double& x : centrality) x -= double(ns);
  return centrality;
}

namespace {

using examples::path_count;

void path_count_add(void* z, const void* x, const void* y) {
  *static_cast<path_count*>(z) = examples::path_count_min{}(*static_cast<const path_count*>(x),
                                                            *static_cast<const path_count*>(y));
}

void path_count_times(void* z, const void* x, const void* y) {
  *static_cast<path_count*>(z) = examples::path_count_extend{}(*static_cast<const path_count*>(x),
                                                               *static_cast<const double*>(y));
}

}  // namespace

const graphblas_user_semiring& graphblas_path_count_semiring() {
  static const path_count identity = examples::path_count_min::identity();
  static const graphblas_user_semiring algebra =
      make_graphblas_user_semiring(sizeof(path_count), path_count_add, &identity, path_count_times,
                                   GrB_FP64, edge_operand::second);
  return algebra;
}

sparse_vector<path_count> graphblas_path_count_vxm(const sparse_vector<path_count>& u,
                                                   GrB_Matrix a) {
  const graphblas_user_semiring& pc = graphblas_path_count_semiring();
  grb_vector gu = new_vector(pc.type, u.size), w = new_vector(pc.type, grb_ncols(a));
  GRAPHRING_GRB(
      GrB_Vector_build_UDT(gu.get(), u.indices.data(), u.values.data(), u.indices.size(), pc.add));
  // w = u ⊕.⊗ A
  GRAPHRING_GRB(GrB_vxm(w.get(), nullptr, nullptr, pc.semiring, gu.get(), a, nullptr));
  GrB_Index count = grb_nvals(w.get());
  sparse_vector<path_count> r{grb_ncols(a), std::vector<std::uint64_t>(count),
                              std::vector<path_count>(count)};
  GRAPHRING_GRB(GrB_Vector_extractTuples_UDT(r.indices.data(), r.values.data(), &count, w.get()));
  return r;
}

}  // namespace graphring::baselines

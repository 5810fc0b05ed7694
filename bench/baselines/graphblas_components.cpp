// Connected components with the GraphBLAS C API the way LAGraph's FastSV6 runs them [1, 2]:
// parents start at min(i, smallest neighbour) (a MIN_SECONDI product), FastSV rounds run first
// on at most four edges per vertex (a sample built on the unpacked CSR arrays), the most
// frequent root among 864 sampled vertices names the largest component, whose internal edges
// are dropped, and the rounds finish on the rest. Stochastic hooking parent(Px(j)) =
// min(parent(Px(j)), mngp(j)) is a MIN_SECOND product with the matrix C(Px(j), j) = 1, packed in
// O(1) from the parent array as LAGraph does. Unlike LAGraph, the pruned matrix keeps the edges
// between the largest component and the rest in both directions (LAGraph replaces them by one
// edge to the representative from the outside only), so that a tree whose root is smaller than
// the representative is still joined.
// [1] Zhang, Azad, Hu, "FastSV", SIAM PP 2020.  [2] Mattson et al., "LAGraph", IPDPSW 2019.
#include <cstdlib>
#include <cstring>
#include <new>
#include <numeric>
#include <unordered_map>
#include <vector>

#include "bench/baselines/graphblas_algorithms.hpp"
#include "core/error.hpp"

namespace graphring::baselines {
namespace {

constexpr std::uint64_t sampled_edges = 4;
constexpr std::uint64_t mode_samples = 864;

template <class T>
T* grb_malloc(std::uint64_t count) {
  void* p = std::malloc(sizeof(T) * (count == 0 ? 1 : count));
  if (!p) throw std::bad_alloc();
  return static_cast<T*>(p);
}

grb_vector new_vector(GrB_Type type, std::uint64_t n) {
  grb_vector v;
  GRAPHRING_GRB(GrB_Vector_new(v.out(), type, n));
  return v;
}

// A matrix's CSR arrays, unpacked for direct reading and packed back when the scope ends.
class unpacked_csr {
 public:
  explicit unpacked_csr(GrB_Matrix a) : a_(a) {
    GRAPHRING_GRB(GxB_Matrix_unpack_CSR(a_, &ap_, &aj_, &ax_, &ap_size_, &aj_size_, &ax_size_,
                                        &iso_, &jumbled_, nullptr));
  }
  ~unpacked_csr() {
    GxB_Matrix_pack_CSR(a_, &ap_, &aj_, &ax_, ap_size_, aj_size_, ax_size_, iso_, jumbled_,
                        nullptr);
  }
  unpacked_csr(const unpacked_csr&) = delete;
  unpacked_csr& operator=(const unpacked_csr&) = delete;
  const GrB_Index* p() const { return ap_; }
  const GrB_Index* j() const { return aj_; }

 private:
  GrB_Matrix a_;
  GrB_Index *ap_ = nullptr, *aj_ = nullptr;
  void* ax_ = nullptr;
  GrB_Index ap_size_ = 0, aj_size_ = 0, ax_size_ = 0;
  bool iso_ = false, jumbled_ = false;
};

// An iso BOOL n×n matrix holding, in row i, the columns keep(i, j) admits of s's row i.
template <class Keep>
grb_matrix filtered(GrB_Matrix s, std::uint64_t n, const Keep& keep) {
  const unpacked_csr a(s);
  GrB_Index* tp = grb_malloc<GrB_Index>(n + 1);
  GrB_Index* tj = grb_malloc<GrB_Index>(a.p()[n]);
  bool* tx = grb_malloc<bool>(1);
  tx[0] = true;
  GrB_Index count = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    tp[i] = count;
    for (GrB_Index k = a.p()[i]; k < a.p()[i + 1]; ++k)
      if (keep(i, a.j()[k], k - a.p()[i])) tj[count++] = a.j()[k];
  }
  tp[n] = count;
  grb_matrix t;
  GRAPHRING_GRB(GrB_Matrix_new(t.out(), GrB_BOOL, n, n));
  GRAPHRING_GRB(GxB_Matrix_pack_CSR(
      t.get(), &tp, &tj, reinterpret_cast<void**>(&tx), (n + 1) * sizeof(GrB_Index),
      (count == 0 ? 1 : a.p()[n]) * sizeof(GrB_Index), sizeof(bool), true, false, nullptr));
  return t;
}

// FastSV state: parent, grandparent, the smallest grandparent among the neighbours, and Px, a
// plain copy of parent that also serves as the row indices of the hooking matrix C.
struct fastsv_state {
  grb_vector parent, gp, mngp, gp_new, same;
  std::vector<GrB_Index> px;
};

void refresh_px(fastsv_state& st) {
  GrB_Index count = st.px.size();
  GRAPHRING_GRB(GrB_Vector_extractTuples_UINT64(nullptr, st.px.data(), &count, st.parent.get()));
}

// FastSV rounds over s until the grandparents settle.
void fastsv(GrB_Matrix s, fastsv_state& st) {
  const std::uint64_t n = st.px.size();
  grb_matrix c;
  GRAPHRING_GRB(GrB_Matrix_new(c.out(), GrB_BOOL, n, n));
  for (bool done = n == 0; !done;) {
    // mngp = min(mngp, S min.second gp)
    GRAPHRING_GRB(GrB_mxv(st.mngp.get(), nullptr, GrB_MIN_UINT64, GrB_MIN_SECOND_SEMIRING_UINT64, s,
                          st.gp.get(), nullptr));
    // parent = min(parent, C min.second mngp), C(Px(j), j) = 1 packed from Px (CSC)
    GrB_Index* cp = grb_malloc<GrB_Index>(n + 1);
    GrB_Index* ci = grb_malloc<GrB_Index>(n);
    bool* cx = grb_malloc<bool>(1);
    cx[0] = true;
    std::iota(cp, cp + n + 1, GrB_Index(0));
    std::memcpy(ci, st.px.data(), n * sizeof(GrB_Index));
    GRAPHRING_GRB(GxB_Matrix_pack_CSC(c.get(), &cp, &ci, reinterpret_cast<void**>(&cx),
                                      (n + 1) * sizeof(GrB_Index), n * sizeof(GrB_Index),
                                      sizeof(bool), true, true, nullptr));
    GRAPHRING_GRB(GrB_mxv(st.parent.get(), nullptr, GrB_MIN_UINT64, GrB_MIN_SECOND_SEMIRING_UINT64,
                          c.get(), st.mngp.get(), nullptr));
    GRAPHRING_GRB(GrB_Matrix_clear(c.get()));
    // parent = min(parent, mngp, gp)
    GRAPHRING_GRB(GrB_Vector_eWiseAdd_BinaryOp(st.parent.get(), nullptr, GrB_MIN_UINT64,
                                               GrB_MIN_UINT64, st.mngp.get(), st.gp.get(),
                                               nullptr));
    // gp_new = parent(parent)
    refresh_px(st);
    GRAPHRING_GRB(GrB_Vector_extract(st.gp_new.get(), nullptr, nullptr, st.parent.get(),
                                     st.px.data(), n, nullptr));
    // done = all(gp_new == gp)
    GRAPHRING_GRB(GrB_Vector_eWiseMult_BinaryOp(st.same.get(), nullptr, nullptr, GrB_EQ_UINT64,
                                                st.gp_new.get(), st.gp.get(), nullptr));
    GRAPHRING_GRB(
        GrB_Vector_reduce_BOOL(&done, nullptr, GrB_LAND_MONOID_BOOL, st.same.get(), nullptr));
    std::swap(st.gp, st.gp_new);
  }
}

// The most frequent of px's values at `mode_samples` pseudo-random vertices.
GrB_Index sampled_mode(const std::vector<GrB_Index>& px) {
  std::unordered_map<GrB_Index, std::uint64_t> votes;
  GrB_Index best = px[0];
  std::uint64_t best_votes = 0, state = px.size();
  for (std::uint64_t k = 0; k < mode_samples; ++k) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const GrB_Index root = px[(state >> 33) % px.size()];
    if (++votes[root] > best_votes) {
      best = root;
      best_votes = votes[root];
    }
  }
  return best;
}

}  // namespace

std::vector<std::uint64_t> graphblas_connected_components(graphblas_graph& g) {
  const std::uint64_t n = g.vertices();
  if (n == 0) return {};
  const undirected_structure u = undirected(g);
  const GrB_Matrix s = u.s;
  fastsv_state st;
  st.px.resize(n);
  st.parent = new_vector(GrB_UINT64, n);
  st.gp_new = new_vector(GrB_UINT64, n);
  st.same = new_vector(GrB_BOOL, n);
  {
    // parent = min(0:n-1, S min.secondi 0): i or its smallest neighbour
    grb_vector zero = new_vector(GrB_INT64, n), y = new_vector(GrB_INT64, n);
    GRAPHRING_GRB(GrB_Vector_assign_INT64(zero.get(), nullptr, nullptr, 0, GrB_ALL, n, nullptr));
    GRAPHRING_GRB(GrB_Vector_apply_IndexOp_INT64(y.get(), nullptr, nullptr, GrB_ROWINDEX_INT64,
                                                 zero.get(), 0, nullptr));
    GRAPHRING_GRB(
        GrB_mxv(y.get(), nullptr, GrB_MIN_INT64, GxB_MIN_SECONDI_INT64, s, zero.get(), nullptr));
    GRAPHRING_GRB(
        GrB_Vector_assign(st.parent.get(), nullptr, nullptr, y.get(), GrB_ALL, n, nullptr));
  }
  refresh_px(st);
  GRAPHRING_GRB(GrB_Vector_dup(st.gp.out(), st.parent.get()));
  GRAPHRING_GRB(GrB_Vector_dup(st.mngp.out(), st.parent.get()));
  if (n > 1024 && grb_nvals(s) > 2 * sampled_edges * n) {
    // T = the first four entries of each row of S
    const grb_matrix sample = filtered(
        s, n, [](std::uint64_t, GrB_Index, GrB_Index rank) { return rank < sampled_edges; });
    fastsv(sample.get(), st);
    const GrB_Index key = sampled_mode(st.px);
    const GrB_Index* px = st.px.data();
    // T = S without the edges inside the largest component
    const grb_matrix rest = filtered(s, n, [px, key](std::uint64_t i, GrB_Index j, GrB_Index) {
      return px[i] != key || px[j] != key;
    });
    fastsv(rest.get(), st);
  } else {
    fastsv(s, st);
  }
  // every root is the smallest id of its tree, since hooking only ever lowers a parent
  std::vector<std::uint64_t> component(st.px.begin(), st.px.end());
  std::vector<std::uint64_t> smallest(n, n);
  for (std::uint64_t v = 0; v < n; ++v)
    smallest[component[v]] = std::min(smallest[component[v]], v);
  for (std::uint64_t v = 0; v < n; ++v) component[v] = smallest[component[v]];
  return component;
}

}  // namespace graphring::baselines

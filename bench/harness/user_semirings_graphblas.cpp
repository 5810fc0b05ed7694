// GraphBLAS's version of the benchmark's user-defined min_plus (see the header).
#include "bench/harness/user_semirings_graphblas.hpp"

namespace graphring::bench {
namespace {

void shorter(void* z, const void* x, const void* y) {
  *static_cast<distance*>(z) =
      shorter_distance{}(*static_cast<const distance*>(x), *static_cast<const distance*>(y));
}

void extend(void* z, const void* w, const void* x) {
  *static_cast<distance*>(z) =
      extend_by_edge{}(*static_cast<const float*>(w), *static_cast<const distance*>(x));
}

}  // namespace

const baselines::graphblas_user_semiring& graphblas_user_min_plus_semiring() {
  static const distance identity = shorter_distance::identity();
  static const baselines::graphblas_user_semiring algebra = baselines::make_graphblas_user_semiring(
      sizeof(distance), shorter, &identity, extend, GrB_FP32, baselines::edge_operand::first);
  return algebra;
}

baselines::grb_vector graphblas_distance_vector(const std::vector<distance>& dense) {
  const baselines::graphblas_user_semiring& s = graphblas_user_min_plus_semiring();
  baselines::grb_vector v;
  GRAPHRING_GRB(GrB_Vector_new(v.out(), s.type, dense.size()));
  std::vector<GrB_Index> indices(dense.size());
  for (std::size_t i = 0; i < dense.size(); ++i) indices[i] = i;
  GRAPHRING_GRB(GrB_Vector_build_UDT(v.get(), indices.data(), const_cast<distance*>(dense.data()),
                                     dense.size(), s.add));
  return v;
}

void graphblas_distance_entries(GrB_Vector v, std::vector<std::uint64_t>& indices,
                                std::vector<distance>& values) {
  GrB_Index count = 0;
  GRAPHRING_GRB(GrB_Vector_nvals(&count, v));
  std::vector<GrB_Index> found(count);
  values.resize(count);
  GRAPHRING_GRB(GrB_Vector_extractTuples_UDT(found.data(), values.data(), &count, v));
  indices.assign(found.begin(), found.begin() + count);
  values.resize(count);
}

}  // namespace graphring::bench

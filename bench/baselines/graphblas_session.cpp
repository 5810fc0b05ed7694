// GraphBLAS start-up and error checking for the baselines.
#include "bench/baselines/graphblas_session.hpp"

#include <mutex>

#include "core/error.hpp"

namespace graphring::baselines {

void graphblas_init() {
  static std::once_flag once;
  std::call_once(once, [] { GRAPHRING_GRB(GrB_init(GrB_NONBLOCKING)); });
}

void graphblas_start(int threads) {
  graphblas_init();
  GRAPHRING_GRB(GxB_Global_Option_set_INT32(GxB_GLOBAL_NTHREADS, threads));
}

void graphblas_check(GrB_Info info, const char* call) {
  if (info == GrB_SUCCESS || info == GrB_NO_VALUE) return;
  throw error(error_kind::internal, std::string("GraphBLAS call failed (GrB_Info ") +
                                        std::to_string(int(info)) + "): " + call);
}

}  // namespace graphring::baselines

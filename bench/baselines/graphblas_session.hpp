// GraphBLAS for the baselines: one GrB_init per process (GrB_NONBLOCKING), and every GrB_Info
// checked: a failure becomes a graphring::error naming the call. GraphBLAS.h is included only
// by the baselines and the tests, never by the engine.
#pragma once

// Debian's GraphBLAS.h (7.4) declares its functions without C linkage guards.
extern "C" {
#include <GraphBLAS.h>
}

#include <string>

namespace graphring::baselines {

// Initializes GraphBLAS once (thread-safe, idempotent).
void graphblas_init();
// graphblas_init, then sets GraphBLAS's thread count.
void graphblas_start(int threads);

// Throws graphring::error(internal) when `info` is not GrB_SUCCESS (or GrB_NO_VALUE).
void graphblas_check(GrB_Info info, const char* call);

}  // namespace graphring::baselines

#define GRAPHRING_GRB(call) ::graphring::baselines::graphblas_check((call), #call)

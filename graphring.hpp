// graphring's public C++ API in one include: graph container, builder, I/O, generators, semirings,
// vectors, matrices and the GraphBLAS-style operations (also over a compressed format), the
// run-time semiring registry, and the graph algorithms (CPU or GPU: algorithms/backend.hpp).
#pragma once

#include "algorithms/backend.hpp"
#include "algorithms/bc.hpp"
#include "algorithms/bfs.hpp"
#include "algorithms/cc.hpp"
#include "algorithms/msf.hpp"
#include "algorithms/pagerank.hpp"
#include "algorithms/sssp.hpp"
#include "algorithms/tc.hpp"
#include "core/error.hpp"
#include "engine/backends.hpp"
#include "engine/builder.hpp"
#include "engine/csr.hpp"
#include "engine/csr_transpose.hpp"
#include "engine/edge_list.hpp"
#include "engine/generators.hpp"
#include "engine/graph.hpp"
#include "engine/io/load.hpp"
#include "engine/io/writers.hpp"
#include "engine/labels.hpp"
#include "engine/ops/mxv_format.hpp"
#include "engine/ops/operations.hpp"
#include "engine/registry/register_semiring.hpp"
#include "engine/registry/semiring_registry.hpp"
#include "semirings/builtin.hpp"

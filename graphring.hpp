// graphring's public C++ API in one include: graph container, builder, I/O, generators, semirings,
// vectors, matrices and the GraphBLAS-style operations, and the run-time semiring registry.
#pragma once

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
#include "engine/ops/operations.hpp"
#include "engine/registry/register_semiring.hpp"
#include "engine/registry/semiring_registry.hpp"
#include "semirings/builtin.hpp"

// Every GraphBLAS-style operation of graphring in one include (docs/operations.md describes them
// and where they differ from the GraphBLAS C API).
#pragma once

#include "engine/matrix.hpp"
#include "engine/ops/assign.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/dot.hpp"
#include "engine/ops/elementwise.hpp"
#include "engine/ops/ewise_mult_dot.hpp"
#include "engine/ops/mxm.hpp"
#include "engine/ops/mxv.hpp"
#include "engine/ops/reduce.hpp"
#include "engine/ops/transpose.hpp"
#include "engine/vector.hpp"
#include "semirings/builtin.hpp"
#include "semirings/index_ops.hpp"
#include "semirings/unary_ops.hpp"

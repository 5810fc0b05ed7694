// graphring's public C++ API in one include: graph container, builder, I/O, generators, semirings.
#pragma once

#include "engine/backends.hpp"
#include "engine/builder.hpp"
#include "engine/csr.hpp"
#include "engine/edge_list.hpp"
#include "engine/error.hpp"
#include "engine/generators.hpp"
#include "engine/graph.hpp"
#include "engine/io/load.hpp"
#include "engine/io/writers.hpp"
#include "engine/labels.hpp"
#include "semirings/builtin.hpp"

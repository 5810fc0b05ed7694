# The systems graphring is measured and validated against: SuiteSparse:GraphBLAS (Debian's
# libgraphblas-dev, C API) and Boost.Graph (header-only). Defines GraphBLAS::GraphBLAS.
find_path(GRAPHBLAS_INCLUDE_DIR GraphBLAS.h PATH_SUFFIXES suitesparse)
find_library(GRAPHBLAS_LIBRARY graphblas)
if(NOT GRAPHBLAS_INCLUDE_DIR OR NOT GRAPHBLAS_LIBRARY)
  message(FATAL_ERROR "SuiteSparse:GraphBLAS not found: apt-get install libgraphblas-dev "
                      "(scripts/setup.sh does this)")
endif()
add_library(GraphBLAS::GraphBLAS UNKNOWN IMPORTED)
set_target_properties(GraphBLAS::GraphBLAS PROPERTIES
  IMPORTED_LOCATION ${GRAPHBLAS_LIBRARY}
  INTERFACE_INCLUDE_DIRECTORIES ${GRAPHBLAS_INCLUDE_DIR})
find_package(Boost 1.74 REQUIRED)

# Installs graphring from BUILD_DIR into a scratch prefix, builds tests/consumer against it with
# find_package(graphring), runs the result, and runs the installed CLI with a semiring defined at
# run time. Called by CTest with -DBUILD_DIR -DSOURCE_DIR -DWORK_DIR.
file(REMOVE_RECURSE ${WORK_DIR})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix
  RESULT_VARIABLE status OUTPUT_QUIET)
if(status)
  message(FATAL_ERROR "install failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/consumer -B ${WORK_DIR}/build
  -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DCMAKE_BUILD_TYPE=Release
  RESULT_VARIABLE status)
if(status)
  message(FATAL_ERROR "configuring the consumer failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR}/build RESULT_VARIABLE status)
if(status)
  message(FATAL_ERROR "building the consumer failed")
endif()
execute_process(COMMAND ${WORK_DIR}/build/consumer ${WORK_DIR}/grid.grb RESULT_VARIABLE status)
if(status)
  message(FATAL_ERROR "the consumer failed")
endif()
# The installed program compiles a semiring defined at run time against the installed headers
# (include/graphring beside its bin/), through a compressed format, and gets the built-in's answer.
set(cli ${WORK_DIR}/prefix/bin/graphring)
execute_process(COMMAND ${cli} spmv rmat:8 --semiring min_plus --format cci
  OUTPUT_VARIABLE want RESULT_VARIABLE status)
if(status)
  message(FATAL_ERROR "the installed graphring spmv failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=GRAPHRING_INCLUDE_DIR
                        GRAPHRING_JIT_CACHE=${WORK_DIR}/jit-cache
                        ${cli} spmv rmat:8 --semiring-def "add=min; multiply=a + b" --format cci --quiet
  OUTPUT_VARIABLE got ERROR_VARIABLE err RESULT_VARIABLE status)
if(status OR NOT got STREQUAL want)
  message(FATAL_ERROR "the installed graphring's --semiring-def failed or differs: ${err}")
endif()

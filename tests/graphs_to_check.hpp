// Which real graphs a test that loops over many of them checks, by build (defined in
// tests/test_support.cpp).
#pragma once

#include <string>
#include <vector>

namespace graphring::testing {

// The real graphs (paths as dataset() takes them) that a test looping over many of them checks:
// all of them, or in a build with a sanitizer those the repository bundles (soc-Epinions1,
// email-Eu-core, rome99) and the largest file of the rest (web-NotreDame: the most vertices, so
// the kernels' paths for an x beyond the caches). The sanitizers look for memory and thread
// errors, which those graphs reach on the same code paths at a fraction of the instrumented
// time; .ci/run's ordinary build has checked every graph before its sanitizer stages run.
std::vector<std::string> graphs_to_check(const std::vector<std::string>& graphs);

}  // namespace graphring::testing

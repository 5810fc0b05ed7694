"""NetworkX's own tests for the functions graphring serves, run with graphring as the backend.

    python tests/python/networkx_suite.py [--json FILE] [pytest options]

NetworkX's test mode (NETWORKX_TEST_BACKEND=graphring) converts every graph a test passes to a
dispatchable function into graphring's, calls graphring where it can run, and converts the answer
back; with NETWORKX_FALLBACK_TO_NX=True a call graphring refuses (can_run, NotImplementedError)
runs NetworkX's own code instead. The run counts, per function, the calls graphring answered and
the calls it refused, prints pytest's outcome counts beside them, and exits non-zero when a test
fails or when graphring answered no call of a function it serves (a suite that never reached it).
"""
import collections
import json
import os
import pathlib
import sys

os.environ["NETWORKX_TEST_BACKEND"] = "graphring"
os.environ["NETWORKX_FALLBACK_TO_NX"] = "True"

import networkx as nx  # noqa: E402
import pytest  # noqa: E402

from graphring import nx_backend  # noqa: E402

# NetworkX's test modules for the functions graphring serves (paths in the networkx package).
MODULES = [
    "algorithms/link_analysis/tests/test_pagerank.py",
    "algorithms/centrality/tests/test_betweenness_centrality.py",
    "algorithms/tests/test_cluster.py",
    "algorithms/shortest_paths/tests/test_unweighted.py",
    "algorithms/shortest_paths/tests/test_weighted.py",
    "algorithms/shortest_paths/tests/test_generic.py",
    "algorithms/components/tests/test_connected.py",
    "algorithms/components/tests/test_weakly_connected.py",
    "algorithms/tree/tests/test_mst.py",
]

answered = collections.Counter()
refused = collections.Counter()


def counted(name, function):
    def call(*args, **kwargs):
        try:
            result = function(*args, **kwargs)
        except NotImplementedError:
            refused[name] += 1
            raise
        if hasattr(result, "__next__"):  # a generator: answered when it runs
            def run():
                yield from result
            answered[name] += 1
            return run()
        answered[name] += 1
        return result
    return staticmethod(call)


original_can_run = nx_backend.BackendInterface.can_run


def can_run(name, args, kwargs):
    verdict = original_can_run(name, args, kwargs)
    if name in nx_backend._FUNCTIONS and verdict is not True:
        refused[name] += 1
    return verdict


for _name in nx_backend._FUNCTIONS:
    setattr(nx_backend.BackendInterface, _name,
            counted(_name, getattr(nx_backend.BackendInterface, _name)))
nx_backend.BackendInterface.can_run = staticmethod(can_run)


class Outcomes:
    """pytest's outcome counts, and how many tests had graphring answer at least one call."""

    def __init__(self):
        self.counts = collections.Counter()
        self.reached = 0
        self._before = 0

    def pytest_runtest_setup(self, item):
        self._before = sum(answered.values())

    def pytest_runtest_logreport(self, report):
        if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
            outcome = "xfailed" if hasattr(report, "wasxfail") else report.outcome
            self.counts[outcome] += 1
        if report.when == "call" and sum(answered.values()) > self._before:
            self.reached += 1


def main(argv):
    out = None
    if "--json" in argv:
        at = argv.index("--json")
        out = argv[at + 1]
        argv = argv[:at] + argv[at + 2:]
    package = pathlib.Path(nx.__file__).parent
    outcomes = Outcomes()
    modules = [str(package / m) for m in MODULES if (package / m).exists()]
    if len(modules) < len(MODULES):
        print(f"NetworkX {nx.__version__} lacks {len(MODULES) - len(modules)} of the test "
              "modules named in MODULES")
    status = pytest.main(["-q", "-p", "no:cacheprovider", "--rootdir", str(package), *modules,
                          *argv], plugins=[outcomes])
    print(f"\nNetworkX {nx.__version__}'s tests with the graphring backend "
          f"(fallback to NetworkX where graphring refuses):")
    print("  tests: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.counts.items())) +
          f"; graphring answered calls in {outcomes.reached} of them")
    print(f"  {'function':40} {'graphring':>10} {'refused':>8}")
    for name in nx_backend._FUNCTIONS:
        print(f"  {name:40} {answered[name]:>10} {refused[name]:>8}")
    never = [name for name in nx_backend._FUNCTIONS if answered[name] == 0]
    if out:
        pathlib.Path(out).write_text(json.dumps({
            "networkx": nx.__version__, "tests": dict(outcomes.counts),
            "tests_reaching_graphring": outcomes.reached,
            "answered": dict(answered), "refused": dict(refused)}, indent=1))
    if never:
        print("graphring answered no call of: " + ", ".join(never))
        return 1
    return int(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

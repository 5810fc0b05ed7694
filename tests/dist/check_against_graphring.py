#!/usr/bin/env python3
"""graphring-dist against graphring on one machine: the same command on the same graph, compared.

For each graph (the bundled rome99 and karate, as .grb files every process maps and as text
files each process parses a piece of, an edge list whose labels spread over ±10^15, and R-MAT and uniform random graphs, which each process
makes its share of; or, with --graphs shared, web-NotreDame as .grb and soc-Slashdot0902 and
soc-Epinions1 as edge lists read in pieces), under `mpirun -np P`:
  bfs       levels equal; parents valid (the parent is one level up and has an edge to the vertex)
  sssp      distances equal
  pagerank  every rank within 1e-9 of graphring's
  cc        the same smallest id per component (so the same partition)
  --stats   one JSON line, PageRank's bytes sent within 10% of the 2-D model's
and bad input: a missing file, a truncated .grb, a bad line, a wrong edge count and a duplicate
Matrix Market entry in text read in pieces (named at the file's line, whichever process read it),
an unknown option, --help, and a process count that is no square (P = 2): one message from one
process, the same exit status from all, never a hang. Every run has a time limit, so a process that waits forever fails the test instead of
hanging it.
Exit status 0 when every check passes, 1 otherwise.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

LIMIT = 600  # seconds per command


def run(command, **kw):
    return subprocess.run(command, capture_output=True, text=True, timeout=LIMIT, **kw)


def values(path):
    out = {}
    with open(path) as f:
        for line in f:
            k, v = line.split()
            out[k] = v
    return out


def edges(graphring, graph, work):
    el = os.path.join(work, "edges.el")
    r = run([graphring, "convert", graph, el, "--quiet"])
    if r.returncode != 0:
        raise RuntimeError(f"convert {graph}: {r.stderr.strip()}")
    found = set()
    with open(el) as f:
        for line in f:
            if line[0] in "#%":
                continue
            parts = line.split()
            found.add((parts[0], parts[1]))
    return found


def check_errors(a, mpirun, work):
    """Bad input and usage: (args, expected exit status, text the one message must hold)."""
    rome = os.path.join(a.datasets, "rome99.gr")
    truncated = os.path.join(work, "truncated.grb")
    run([a.graphring, "convert", rome, truncated, "--quiet"])
    with open(truncated, "r+b") as f:
        f.truncate(os.path.getsize(truncated) // 2)
    negative = os.path.join(work, "negative.wel")
    with open(negative, "w") as f:
        f.write("1 2 4\n2 3 -1\n3 1 2\n")  # a cycle of length 5: no negative cycle
    cycle = os.path.join(work, "cycle.wel")
    with open(cycle, "w") as f:
        f.write("1 2 4\n2 3 -1\n3 1 -4\n")  # a cycle of length -1
    # Text read in pieces, each fault near the end, in the last process's piece.
    lines = [f"{i} {(i * 7919) % 3000}" for i in range(3000)]
    bad_line = os.path.join(work, "bad_line.el")
    with open(bad_line, "w") as f:
        f.write("\n".join(lines[:2990] + ["17 x9"] + lines[2990:]) + "\n")  # line 2991
    miscounted = os.path.join(work, "miscounted.el")
    with open(miscounted, "w") as f:
        f.write("3000\n2999\n" + "\n".join(lines) + "\n")
    duplicate = os.path.join(work, "duplicate.mtx")
    with open(duplicate, "w") as f:
        entries = [f"{i + 1} {(i * 7919) % 3000 + 1}" for i in range(3000)] + ["2990 2892"]
        f.write(f"%%MatrixMarket matrix coordinate pattern general\n3000 3000 {len(entries)}\n")
        f.write("\n".join(entries) + "\n")  # (2990, 2892) again at line 3003
    square = round(a.np ** 0.5) ** 2 == a.np
    cases = [(["bfs", rome, "--source", "1"], 0 if square else 2, "" if square else "square")]
    if square:
        cases += [(["bfs", os.path.join(work, "absent.grb"), "--source", "1"], 2, "absent.grb"),
                  (["pagerank", truncated], 2, "truncated.grb"),
                  (["bfs", rome, "--source", "999999"], 2, "999999"),
                  (["cc", rome, "--no-such-option"], 2, "--no-such-option"),
                  (["walk", rome], 2, "unknown command"),
                  (["sssp", negative, "--source", "1"], 0, ""),
                  (["sssp", negative, "--source", "1", "--delta", "2"], 2, "non-negative"),
                  (["sssp", cycle, "--source", "1"], 2, "negative-weight cycle"),
                  (["cc", bad_line], 2, "bad_line.el:2991: destination id is not an integer"),
                  (["cc", miscounted], 2, "miscounted.el:2: the count line says 2999 edges"),
                  (["cc", duplicate], 2, "duplicate.mtx:3003: duplicate entry (2990, 2892)"),
                  (["cc", duplicate, "--duplicates", "min"], 2, "keeps parallel edges"),
                  (["sssp", "--help"], 0, "")]
    failures = 0
    for args, status, text in cases:
        r = run(mpirun + [a.dist, *args, "--quiet"])
        messages = [line for line in r.stderr.splitlines() if line.startswith("graphring-dist:")]
        problem = None
        if r.returncode != status:
            problem = f"exit status {r.returncode}, not {status}"
        elif status != 0 and (len(messages) != 1 or text not in messages[0]):
            problem = f"wanted one message naming '{text}', got {messages}"
        elif args[-1] == "--help" and r.stdout.count("usage:") != 1:
            problem = "the usage should be printed once"
        label = f"np={a.np} error case {' '.join(os.path.basename(x) for x in args)}"
        print(("FAIL " if problem else "ok   ") + label + (f": {problem}" if problem else ""))
        failures += bool(problem)
    return failures


def check_stats(a, mpirun):
    """--stats: one JSON line from the root, and PageRank's bytes as the 2-D model has them.

    A dense product y = Aᵀx on a √P x √P grid sends, per process, its part of x to the transposed
    process (n/P words), that part to the √P - 1 others of its grid column, and its partial sums
    of y to the owners in its row (another n/P): (2√P - 1)·n/P words of 8 bytes per iteration
    (docs/distributed.md), and nothing at all on one process."""
    rome = os.path.join(a.datasets, "rome99.gr")
    r = run(mpirun + [a.dist, "pagerank", rome, "--out", os.devnull, "--stats", "--quiet"])
    lines = [line for line in r.stderr.splitlines() if line.startswith("{")]
    problem = None
    if r.returncode != 0 or len(lines) != 1:
        problem = f"exit {r.returncode}, {len(lines)} JSON lines: {r.stderr.strip()[:300]}"
    else:
        stats = json.loads(lines[0])
        side = round(a.np ** 0.5)
        model = (2 * side - 1) * (stats["vertices"] / a.np) * 8 * stats["steps"] if a.np > 1 else 0
        sent = stats["bytes_sent_per_process"]["max"]
        if stats["processes"] != a.np or stats["steps"] < 1:
            problem = f"processes {stats['processes']}, steps {stats['steps']}"
        elif (model == 0 and sent != 0) or (model > 0 and not 0.9 <= sent / model <= 1.2):
            problem = f"{sent} bytes sent by the busiest process, the model says {model:.0f}"
    print(("FAIL " if problem else "ok   ") + f"np={a.np} pagerank --stats" +
          (f": {problem}" if problem else ""))
    return 1 if problem else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--graphring", required=True)
    p.add_argument("--dist", required=True, help="the graphring-dist program")
    p.add_argument("--mpiexec", default="mpirun")
    p.add_argument("--np", type=int, required=True)
    p.add_argument("--datasets", required=True, help="the repository's datasets/")
    p.add_argument("--shared", required=True, help="../shared/datasets")
    p.add_argument("--graphs", choices=["bundled", "shared"], default="bundled",
                   help="bundled: the repository's graphs, a generated one and the error cases; "
                        "shared: the larger graphs of --shared (exit status 77, a skip, when it "
                        "is absent, unless GRAPHRING_REQUIRE_SHARED_DATASETS=1)")
    a = p.parse_args()
    mpirun = [a.mpiexec, "--oversubscribe", "-np", str(a.np), "-x", "OMP_NUM_THREADS=1"]
    if os.geteuid() == 0:
        mpirun.insert(1, "--allow-run-as-root")

    # (graph, source or None for the vertex of most out-edges, the form the processes read it
    # in: ".grb" mapped by every process, ".wel" / ".el" converted to it and read in pieces,
    # "text" the file as it is, read in pieces, "made" a generator's shares)
    if a.graphs == "bundled":
        graphs = [(os.path.join(a.datasets, "rome99.gr"), "1", ".grb"),
                  (os.path.join(a.datasets, "rome99.gr"), "1", ".wel"),
                  (os.path.join(a.datasets, "karate.mtx"), "1", ".grb"),
                  (os.path.join(a.datasets, "karate.mtx"), "1", "text"),
                  ("rmat:12:8:seed=3:weighted", None, "made"),
                  ("urand:12:8:seed=5:weighted", None, "made")]
    else:
        graphs = [(os.path.join(a.shared, name), source, form) for name, source, form in
                  [("web/web-NotreDame.txt.gz", "0", ".grb"),
                   ("social/soc-Slashdot0902.txt.gz", "0", ".el"),
                   ("social/soc-Epinions1.txt.gz", "0", ".el")]]
        absent = [g for g, _, _ in graphs if not os.path.exists(g)]
        if absent:
            print(f"{', '.join(absent)} absent")
            return 1 if os.environ.get("GRAPHRING_REQUIRE_SHARED_DATASETS") == "1" else 77

    failures = 0
    with tempfile.TemporaryDirectory() as work:
        if a.graphs == "bundled":
            # labels spread far wider than the edges (merged across the processes, not a table)
            wide = os.path.join(work, "wide_labels.wel")
            random.seed(11)
            labels = [random.randrange(-10 ** 15, 10 ** 15) for _ in range(500)]
            with open(wide, "w") as f:
                for _ in range(3000):
                    f.write(f"{random.choice(labels)} {random.choice(labels)} "
                            f"{random.randrange(1, 100)}\n")
            with open(wide) as f:
                graphs.append((wide, f.readline().split()[0], "text"))
            failures += check_errors(a, mpirun, work)
            if round(a.np ** 0.5) ** 2 != a.np:
                graphs = []  # the error checks above are all a non-square count can run
            else:
                failures += check_stats(a, mpirun)
        for graph, source, form in graphs:
            if form.startswith("."):
                converted = os.path.join(work, os.path.basename(graph).split(".")[0] + form)
                r = run([a.graphring, "convert", graph, converted, "--quiet"])
                if r.returncode != 0:
                    print(f"FAIL convert {graph}: {r.stderr.strip()}")
                    failures += 1
                    continue
                graph = converted
            edge = edges(a.graphring, graph, work)
            if source is None:  # the vertex with the most out-edges
                degree = {}
                for u, _ in edge:
                    degree[u] = degree.get(u, 0) + 1
                source = max(degree, key=degree.get)
            commands = [["bfs", "--source", source], ["bfs", "--source", source, "--parents"],
                        ["sssp", "--source", source], ["pagerank"], ["cc"]]
            if form == ".wel":  # the first arc of each pair kept, as graphring's build keeps it
                commands.append(["sssp", "--source", source, "--symmetrize", "--drop-self-loops"])
            for command in commands:
                want, got = os.path.join(work, "want.txt"), os.path.join(work, "got.txt")
                label = f"np={a.np} {os.path.basename(graph)} {' '.join(command)}"
                single = run([a.graphring, *command, graph, "--out", want, "--quiet"])
                dist = run(mpirun + [a.dist, *command, graph, "--out", got, "--quiet"])
                if single.returncode != 0 or dist.returncode != 0:
                    print(f"FAIL {label}: exit {single.returncode}/{dist.returncode}: "
                          f"{single.stderr.strip()} {dist.stderr.strip()}")
                    failures += 1
                    continue
                x, y = values(want), values(got)
                problem = None
                if x.keys() != y.keys():
                    problem = "different vertices"
                elif command[0] == "pagerank":
                    worst = max((abs(float(x[k]) - float(y[k])) for k in x), default=0.0)
                    if worst > 1e-9:
                        problem = f"a rank differs by {worst:.3g}"
                elif "--parents" in command:
                    levels_run = run([a.graphring, "bfs", "--source", source, graph, "--out",
                                      want, "--quiet"])
                    level = values(want) if levels_run.returncode == 0 else {}
                    if sum(1 for v in level.values() if v != "-1") < 2:
                        problem = "the source reaches no other vertex: the check would prove nothing"
                    for v, parent in ([] if problem else y.items()):
                        if (parent == "-1") != (level.get(v) == "-1"):
                            problem = f"vertex {v}: reached by one and not the other"
                        elif v == source and parent != source:
                            problem = f"the source's parent is {parent}"
                        elif parent != "-1" and v != source and (
                                int(level[parent]) != int(level[v]) - 1 or (parent, v) not in edge):
                            problem = f"vertex {v}: {parent} is not a valid parent"
                        if problem:
                            break
                else:
                    bad = [k for k in x if x[k] != y[k]]
                    if bad:
                        problem = f"{len(bad)} values differ, first at {bad[0]}: {x[bad[0]]} vs {y[bad[0]]}"
                print(("FAIL " if problem else "ok   ") + label + (f": {problem}" if problem else ""))
                failures += bool(problem)
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""graphring against python-graphblas (SuiteSparse:GraphBLAS from PyPI) in one process:

    python -m graphring.bench [GRAPH ...] [--trials N] [--threads T] [--json FILE] [--svg FILE]

on the same graphs, from the same sources, with the same thread count: mxv with plus_times and
min_plus over float64 (x dense and random), min_plus again as a graphring.Semiring defined at
run time (compiled on first use, its compile time in the first line; then timed against the
built-in min_plus alone, round robin, for their ratio), BFS levels (the plain
GraphBLAS loop q<!visited> = q any.pair A, whose push or pull SuiteSparse picks at each step),
PageRank (20 iterations of graphring's formula), SSSP (Bellman-Ford in min_plus for GraphBLAS;
graphring's delta-stepping), weak components (label propagation in min.second for GraphBLAS,
the labels the least id of each component as graphring's; graphring's FastSV) and triangle
counting (sum of L .* (L plus.pair L), L the strictly
lower triangle). The systems run in round robin, one trial each per round; times are medians.
Every GraphBLAS answer is checked against graphring's. Without GRAPH, from the repository's
root: soc-Epinions1 (datasets/), web-NotreDame and soc-Slashdot0902 (../shared/datasets, when
present) and rmat:18.
Needs python-graphblas (pip install python-graphblas).
"""

import argparse
import json
import os
import pathlib
import platform
import statistics
import sys
import time

import numpy as np

import graphring
from graphring.chart import ratio_chart


def _graphblas():
    try:
        import graphblas as gb
    except ImportError:
        sys.exit("graphring.bench: needs python-graphblas (pip install python-graphblas)")
    return gb


def default_graphs():
    root = pathlib.Path.cwd()  # the repository's root, when run from there
    graphs = [root / "datasets" / "soc-Epinions1.txt.gz"]
    shared = root.parent / "shared" / "datasets"
    for name in ("web/web-NotreDame.txt.gz", "social/soc-Slashdot0902.txt.gz"):
        if (shared / name).exists():
            graphs.append(shared / name)
    return [str(g) for g in graphs if g.exists()] + ["rmat:18"]


# --- the GraphBLAS side, written as a python-graphblas user would ---------------------------

def gb_bfs_levels(gb, A, s):
    n = A.nrows
    levels = gb.Vector(gb.dtypes.INT64, n)
    q = gb.Vector(gb.dtypes.BOOL, n)
    q[s] << True
    depth = 0
    while q.nvals:
        levels(q.S) << depth
        q(~levels.S, replace=True) << q.vxm(A, gb.semiring.any_pair)
        depth += 1
    return levels


def gb_pagerank(gb, AT, outdeg, damping, iterations):
    """graphring's formula: r' = (1 - d)/n + d (Aᵀ (r / outdeg) + dangling / n)."""
    n = AT.nrows
    r = gb.Vector.from_scalar(1.0 / n, n)
    dangling_mask = outdeg.apply(gb.unary.one).new()  # present where outdeg > 0
    for _ in range(iterations):
        w = (r / outdeg).new()  # only vertices with out-edges
        dangling = r.reduce().value - r.select(dangling_mask.S).new().reduce().value
        t = AT.mxv(w, gb.semiring.plus_second).new()
        r2 = gb.Vector.from_scalar((1 - damping) / n + damping * dangling / n, n)
        r2(accum=gb.binary.plus) << t.apply(gb.binary.times, damping)
        r = r2
    return r


def gb_sssp(gb, A, s):
    n = A.nrows
    d = gb.Vector(gb.dtypes.FP64, n)
    d[s] << 0.0
    for _ in range(n):
        d2 = d.dup()
        d2(accum=gb.binary.min) << d.vxm(A, gb.semiring.min_plus)
        if d2.isequal(d):
            break
        d = d2
    return d


def gb_triangles(gb, A):
    P = gb.select.offdiag(A.apply(gb.unary.one).new(dtype=gb.dtypes.BOOL)).new()
    S = P.ewise_add(P.T, gb.binary.lor).new()
    L = gb.select.tril(S, -1).new()
    C = gb.Matrix(gb.dtypes.INT64, S.nrows, S.ncols)
    C(L.S) << L.mxm(L.T, gb.semiring.plus_pair)
    return int(C.reduce_scalar().value or 0)


def gb_components(gb, A):
    """Weak components by label propagation, each vertex's label the least id it reaches:
    labels = min(labels, S min.second labels) over S = A | Aᵀ until nothing changes."""
    P = A.apply(gb.unary.one).new(dtype=gb.dtypes.BOOL)
    S = P.ewise_add(P.T, gb.binary.lor).new()
    labels = gb.Vector.from_dense(np.arange(S.nrows, dtype=np.int64))
    while True:
        step = labels.dup()
        step(gb.binary.min) << S.mxv(labels, gb.semiring.min_second)
        if step.isequal(labels):
            return labels
        labels = step


# --- the run --------------------------------------------------------------------------------

# min_plus written as a user writes a semiring at run time (graphring/jit.py), to time it beside
# the built-in one; compiled (or loaded from the cache) before the first graph.
_RUN_TIME_MIN_PLUS = graphring.Semiring(add="min", multiply="a + b", name="min_plus by hand")


def median_ms(samples):
    return statistics.median(samples) * 1e3


def run_graph(gb, name, trials, threads):
    g = graphring.load(name)
    a = g.to_scipy()
    A = gb.io.from_scipy_sparse(a)
    AT = A.T.new()
    outdeg = A.apply(gb.unary.one).new(dtype=gb.dtypes.FP64).reduce_rowwise(gb.monoid.plus).new()
    source_label = int(g.labels[int(np.argmax(np.diff(a.indptr)))])  # the largest out-degree
    s = g.id_of(source_label)

    x = np.random.default_rng(1).random(g.vertices)
    xv = gb.Vector.from_dense(x)

    def same_product(ours, theirs):
        values, present = ours
        idx, vals = theirs.to_coo()
        return (np.array_equal(np.flatnonzero(present), idx)
                and np.allclose(values[idx], vals, rtol=1e-9))

    workloads = {
        "mxv plus_times fp64": (
            lambda: graphring.mxv(g, x, "plus_times", threads=threads),
            lambda: A.mxv(xv, gb.semiring.plus_times).new(),
            same_product),
        "mxv min_plus fp64": (
            lambda: graphring.mxv(g, x, "min_plus", threads=threads),
            lambda: A.mxv(xv, gb.semiring.min_plus).new(),
            same_product),
        "mxv min_plus, Semiring": (  # the same, defined at run time and compiled
            lambda: graphring.mxv(g, x, semiring=_RUN_TIME_MIN_PLUS, threads=threads),
            lambda: A.mxv(xv, gb.semiring.min_plus).new(),
            same_product),
        "BFS levels": (
            lambda: graphring.bfs(g, source_label, threads=threads),
            lambda: gb_bfs_levels(gb, A, s),
            lambda ours, theirs: np.array_equal(
                ours, _dense(theirs, g.vertices, -1).astype(np.int64))),
        "PageRank 20 iterations": (
            lambda: graphring.pagerank(g, tolerance=0, max_iterations=20, threads=threads),
            lambda: gb_pagerank(gb, AT, outdeg, 0.85, 20),
            lambda ours, theirs: np.allclose(ours, _dense(theirs, g.vertices, 0.0),
                                             rtol=1e-9, atol=1e-15)),
        "SSSP": (
            lambda: graphring.sssp(g, source_label, threads=threads),
            lambda: gb_sssp(gb, A, s),
            lambda ours, theirs: np.allclose(ours, _dense(theirs, g.vertices, np.inf))),
        "connected components": (
            lambda: graphring.connected_components(g, threads=threads),
            lambda: gb_components(gb, A),
            lambda ours, theirs: np.array_equal(ours, _dense(theirs, g.vertices, -1))),
        "triangles": (
            lambda: graphring.triangle_count(g, threads=threads),
            lambda: gb_triangles(gb, A),
            lambda ours, theirs: ours == theirs),
    }
    rows = []
    for workload, (ours, theirs, same) in workloads.items():
        mine, other = [], []
        first_ours, first_theirs = ours(), theirs()  # warm-up and check
        ok = bool(same(first_ours, first_theirs))
        for _ in range(trials):
            t = time.perf_counter()
            ours()
            mine.append(time.perf_counter() - t)
            t = time.perf_counter()
            theirs()
            other.append(time.perf_counter() - t)
        rows.append({"graph": pathlib.Path(name).name, "vertices": g.vertices, "arcs": g.edges,
                     "workload": workload, "graphring_ms": median_ms(mine),
                     "graphblas_ms": median_ms(other), "check": "ok" if ok else "DIFFERS",
                     "graphring_trials_ms": [x * 1e3 for x in mine],
                     "graphblas_trials_ms": [x * 1e3 for x in other]})
        r = rows[-1]
        print(f"{r['graph']:<26} {workload:<24} {r['graphring_ms']:>10.2f} "
              f"{r['graphblas_ms']:>10.2f} {r['graphring_ms'] / r['graphblas_ms']:>7.2f} "
              f"{r['check']}", flush=True)
    # The run-time min_plus against the built-in one, round robin between the two alone.
    builtin, compiled = [], []
    for _ in range(trials):
        t = time.perf_counter()
        graphring.mxv(g, x, "min_plus", threads=threads)
        builtin.append(time.perf_counter() - t)
        t = time.perf_counter()
        graphring.mxv(g, x, semiring=_RUN_TIME_MIN_PLUS, threads=threads)
        compiled.append(time.perf_counter() - t)
    ratio = median_ms(compiled) / median_ms(builtin)
    print(f"{pathlib.Path(name).name:<26} run-time min_plus over the built-in, round robin: "
          f"{median_ms(compiled):.2f} / {median_ms(builtin):.2f} ms = {ratio:.2f}", flush=True)
    for r in rows:
        if r["workload"] == "mxv min_plus, Semiring":
            r.update(builtin_ms=median_ms(builtin), run_time_ms=median_ms(compiled),
                     run_time_over_builtin=ratio)
    return rows


def _dense(v, n, missing):
    out = np.full(n, missing, dtype=float)
    idx, vals = v.to_coo()
    out[idx] = vals
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m graphring.bench",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("graphs", nargs="*", help="files or generators (default: see above)")
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--json", help="write every trial to this file")
    parser.add_argument("--svg", help="draw the time ratios as a bar chart in this file")
    args = parser.parse_args(argv)
    gb = _graphblas()
    gb.ss.config["nthreads"] = args.threads
    version = ".".join(str(x) for x in gb.ss.about["library_version"])
    head = (f"graphring {graphring.__version__} vs python-graphblas {gb.__version__} "
            f"(SuiteSparse:GraphBLAS {version}), {args.threads} threads, median of "
            f"{args.trials} round-robin trials, {platform.processor() or platform.machine()}")
    _RUN_TIME_MIN_PLUS.compiled()
    compiled = _RUN_TIME_MIN_PLUS.compile_seconds
    head += (f"; run-time min_plus compiled in {compiled:.1f} s" if compiled else
             "; run-time min_plus loaded from the cache")
    print(head)
    print(f"{'graph':<26} {'workload':<24} {'graphring':>10} {'GraphBLAS':>10} {'ratio':>7} check")
    print(f"{'':<26} {'':<24} {'ms':>10} {'ms':>10}")
    rows = []
    for name in args.graphs or default_graphs():
        rows += run_graph(gb, name, args.trials, args.threads)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"title": head, "graphblas_version": version,
                       "python_graphblas_version": gb.__version__, "rows": rows}, f, indent=1)
    if args.svg:
        ratio_chart(args.svg, f"graphring's time over SuiteSparse:GraphBLAS {version}'s "
                    f"(python-graphblas), {args.threads} threads",
                    [(f"{r['graph']}: {r['workload']}", r["graphring_ms"] / r["graphblas_ms"])
                     for r in rows], False)
    return 0 if all(r["check"] == "ok" for r in rows) else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except graphring.Error as e:  # bad input: graphring's one line, exit status 2
        print(f"graphring.bench: {e}", file=sys.stderr)
        sys.exit(2)

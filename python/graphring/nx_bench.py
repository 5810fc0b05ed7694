"""NetworkX on its own against NetworkX with graphring as its backend, in one process:

    python -m graphring.nx_bench [GRAPH ...] [--trials N] [--sample K] [--json FILE] [--svg FILE]

Each graph is read by graphring and handed to NetworkX as a DiGraph (and, for the undirected
functions, as the Graph NetworkX's to_undirected makes). Each function is called as a NetworkX
user calls it, once with NetworkX's own code and once with backend="graphring"; the answers
must agree (PageRank within 1e-6 per node, betweenness within 1e-9, the rest exactly). The
backend's time is a call with the conversion cached (NetworkX keeps it on the graph); the
conversion itself, paid once per graph and weight attribute, is timed on its own. Times are
medians of --trials (NetworkX's slow calls run once). Without GRAPH, from the repository's root:
soc-Epinions1 (datasets/) and web-NotreDame (../shared/datasets, when present).
"""

import argparse
import json
import math
import pathlib
import statistics
import sys
import time

import graphring
from graphring import nx_backend
from graphring.chart import ratio_chart


def default_graphs():
    root = pathlib.Path.cwd()
    graphs = [root / "datasets" / "soc-Epinions1.txt.gz",
              root.parent / "shared" / "datasets" / "web" / "web-NotreDame.txt.gz"]
    return [str(g) for g in graphs if g.exists()]


def timed(call, trials):
    samples, result = [], None
    for _ in range(trials):
        start = time.perf_counter()
        result = call()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples), result


def same(a, b, tolerance):
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(
            math.isclose(a[k], b[k], rel_tol=0, abs_tol=tolerance) for k in a)
    return a == b


def workloads(nx, D, U, source, sample):
    """(name, graph, call(backend)) for each function; backend None is NetworkX's own code."""
    def kw(backend):
        return {} if backend is None else {"backend": backend}
    return [
        ("pagerank", D, lambda b: nx.pagerank(D, weight=None, **kw(b)), 1e-6),
        ("single_source_shortest_path_length", D,
         lambda b: nx.single_source_shortest_path_length(D, source, **kw(b)), 0),
        (f"betweenness_centrality k={sample}", D,
         lambda b: nx.betweenness_centrality(D, k=sample, seed=1, **kw(b)), 1e-9),
        ("connected_components", U,
         lambda b: sorted(map(min, nx.connected_components(U, **kw(b)))), 0),
        ("triangles", U, lambda b: nx.triangles(U, **kw(b)), 0),
    ]


def run_graph(nx, path, trials, sample):
    g = graphring.load(path)
    start = time.perf_counter()
    D = nx.from_scipy_sparse_array(g.to_scipy(), create_using=nx.DiGraph)
    U = D.to_undirected()
    made = time.perf_counter() - start
    source = max(D, key=D.out_degree)  # in the giant component
    rows = []
    for name, G, call, tolerance in workloads(nx, D, U, source, sample):
        G.__networkx_cache__.clear()
        start = time.perf_counter()
        nx_backend.convert_from_nx(G).engine()
        conversion = time.perf_counter() - start
        call("graphring")  # converts once, as a user's first call does
        ours, got = timed(lambda: call("graphring"), trials)
        theirs, want = timed(lambda: call(None), 1 if name.startswith("betweenness") else trials)
        if not same(got, want, tolerance):
            sys.exit(f"graphring.nx_bench: {name} on {path}: the answers differ")
        rows.append({"graph": pathlib.Path(path).name, "function": name,
                     "networkx_s": theirs, "graphring_s": ours, "conversion_s": conversion,
                     "speedup": theirs / ours})
    return made, rows


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m graphring.nx_bench",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("graphs", nargs="*", help="files or generators (default: see above)")
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--sample", type=int, default=16, help="betweenness sources (k)")
    parser.add_argument("--json", help="write the table to this file")
    parser.add_argument("--svg", help="draw the speedups as a bar chart in this file")
    args = parser.parse_args(argv)
    import networkx as nx
    nx.config.warnings_to_ignore.add("cache")
    print(f"NetworkX {nx.__version__} alone and with the graphring backend; "
          f"graphring {graphring.__version__}; medians of {args.trials}")
    print(f"{'graph':26} {'function':40} {'NetworkX s':>11} {'graphring s':>12} "
          f"{'speedup':>8} {'conversion s':>13}")
    table = []
    for path in args.graphs or default_graphs():
        made, rows = run_graph(nx, path, args.trials, args.sample)
        print(f"{pathlib.Path(path).name:26} (NetworkX graphs built in {made:.1f} s)")
        for r in rows:
            print(f"{'':26} {r['function']:40} {r['networkx_s']:11.3f} {r['graphring_s']:12.4f} "
                  f"{r['speedup']:7.1f}x {r['conversion_s']:13.2f}")
        table += rows
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(table, indent=1))
    if args.svg:
        ratio_chart(args.svg, f"NetworkX {nx.__version__}'s time over its time with the "
                    "graphring backend (conversion cached)",
                    [(f"{r['graph']}: {r['function']}", r["speedup"]) for r in table], True)


if __name__ == "__main__":
    main()

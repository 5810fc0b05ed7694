"""graphring as a NetworkX backend: NetworkX's dispatch (networkx >= 3.4, the entry points
`networkx.backends` and `networkx.backend_info` in pyproject.toml) hands these functions to
graphring's engine when asked, `nx.pagerank(G, backend="graphring")`, or for every call once
`nx.config.backend_priority = ["graphring"]`:

    pagerank, betweenness_centrality, triangles, single_source_shortest_path_length,
    single_source_dijkstra_path_length, single_source_bellman_ford_path_length,
    connected_components, number_connected_components, is_connected,
    weakly_connected_components, number_weakly_connected_components, is_weakly_connected,
    minimum_spanning_tree

Answers follow NetworkX's definitions, not the CLI's defaults: PageRank stops on NetworkX's
tolerance (the L1 change below N * tol) and raises PowerIterationFailedConvergence as NetworkX
does; betweenness is rescaled as NetworkX rescales it (normalized, undirected pairs counted
once, sampled sources drawn from `seed` exactly as NetworkX draws them); distances are dicts of
the reached nodes. Where graphring computes something else (PageRank with unequal edge weights,
a personalization, nstart or dangling dict; betweenness with unequal weights; Dijkstra with a
negative weight; callable weights; a multigraph's spanning tree), `can_run` says no, or the
function raises NotImplementedError, so NetworkX runs its own code when fallback is on
(`nx.config.fallback_to_nx`) and otherwise says why.

A converted graph keeps NetworkX's node order: node i of `G` is graphring's vertex id i. A
multigraph's parallel edges stay parallel arcs, which is NetworkX's meaning for PageRank (their
weights add up), distances (the lightest counts) and components; betweenness counts paths
through neighbours, so it runs on the graph with parallel arcs merged.
NetworkX caches the conversion on `G` (`G.__networkx_cache__`) until `G` changes, so repeated
calls convert once; graphring's graph for each weight attribute is built on first use and kept.
"""

import math

import numpy as _np

import graphring as _gr

_FUNCTIONS = {
    "pagerank": "Power iteration over graphring's pull SpMV. Edge weights must be equal "
                "(they cancel in the stochastic matrix); no personalization, nstart or dangling.",
    "betweenness_centrality": "Batched Brandes over graphring's masked products (unweighted, "
                              "or equal weights).",
    "triangles": "Masked products C<S> = S plus.pair S, summed by rows.",
    "single_source_shortest_path_length": "Direction-optimizing BFS.",
    "single_source_dijkstra_path_length": "Delta-stepping over min-plus products (weights >= 0).",
    "single_source_bellman_ford_path_length": "Bellman-Ford over min-plus products.",
    "connected_components": "FastSV.",
    "number_connected_components": "FastSV.",
    "is_connected": "FastSV.",
    "weakly_connected_components": "FastSV.",
    "number_weakly_connected_components": "FastSV.",
    "is_weakly_connected": "FastSV.",
    "minimum_spanning_tree": "Boruvka; edges keep their attributes as NetworkX's do. Among "
                             "equal weights graphring keeps the edge with the smaller "
                             "(u, v) in G's node order.",
}


def backend_info():
    """The `networkx.backend_info` entry point: what NetworkX's docs and config show."""
    return {
        "backend_name": "graphring",
        "project": "graphring",
        "package": "graphring",
        "short_summary": "Semiring graph analytics over compressed adjacency (C++/OpenMP)",
        "functions": {name: {"additional_docs": doc} for name, doc in _FUNCTIONS.items()},
        "default_config": {},
    }


class Graph:
    """A NetworkX graph converted for graphring: its nodes in NetworkX's order (id i is node
    `nodes[i]`), its edges as two id arrays (an undirected edge once, as G.edges gives it), the
    weights read so far, and the NetworkX graph itself (for attributes a result carries)."""

    __networkx_backend__ = "graphring"

    def __init__(self, graph_nx, index, src, dst):
        self.graph_nx = graph_nx
        self.nodes = list(index)
        self.index = index
        self.src = src
        self.dst = dst
        self._weights = {}  # (attribute, default) -> float64 per edge
        self._engine = {}  # (attribute, default), or (merged,) unweighted -> graphring.Graph

    def is_directed(self):
        return self.graph_nx.is_directed()

    def is_multigraph(self):
        return self.graph_nx.is_multigraph()

    def number_of_nodes(self):
        return len(self.nodes)

    def __len__(self):
        return len(self.nodes)

    def __iter__(self):
        return iter(self.nodes)

    def __contains__(self, node):
        try:
            return node in self.index
        except TypeError:  # an unhashable "node"
            return False

    def weights(self, attribute, default=1):
        """Each edge's `attribute` (default where absent) as float64, in edge order."""
        key = (attribute, default)
        if key not in self._weights:
            self._weights[key] = _np.array(
                [w for _, _, w in self.graph_nx.edges(data=attribute, default=default)],
                dtype=_np.float64)
        return self._weights[key]

    def engine(self, attribute=None, default=1, merged=False):
        """graphring's graph: both directions of each undirected edge, weighted by `attribute`
        (None: unweighted); merged=True (unweighted only): one arc for parallel edges."""
        key = (merged,) if attribute is None else (attribute, default)
        if key not in self._engine:
            src, dst = self.src, self.dst
            w = None if attribute is None else self.weights(attribute, default)
            if not self.is_directed():
                back = src != dst  # a self-loop is one arc
                src, dst = _np.concatenate([src, dst[back]]), _np.concatenate([dst, src[back]])
                if w is not None:
                    w = _np.concatenate([w, w[back]])
            if merged and self.is_multigraph():
                arcs = _np.unique(src * len(self.nodes) + dst)
                src, dst = arcs // len(self.nodes), arcs % len(self.nodes)
            self._engine[key] = _gr.from_edges(src, dst, w, n=len(self.nodes))
        return self._engine[key]

    def id_of(self, node, message):
        if node not in self:
            import networkx as nx
            raise nx.NodeNotFound(message)
        return self.index[node]


def convert_from_nx(graph, *, edge_attrs=None, node_attrs=None, preserve_edge_attrs=False,
                    preserve_node_attrs=False, preserve_graph_attrs=False, name=None,
                    graph_name=None):
    """A NetworkX graph to graphring's."""
    if isinstance(graph, Graph):
        return graph
    index = {v: i for i, v in enumerate(graph)}
    arcs = _np.fromiter((index[x] for edge in graph.edges() for x in edge), dtype=_np.int64,
                        count=2 * graph.number_of_edges())
    converted = Graph(graph, index, arcs[0::2], arcs[1::2])
    for attribute, default in (edge_attrs or {}).items():
        converted.weights(attribute, 1 if default is None else default)
    return converted


def convert_to_nx(obj, *, name=None):
    return obj.graph_nx if isinstance(obj, Graph) else obj


def _graph_argument(args, kwargs):
    return args[0] if args else kwargs.get("G")


def _argument(args, kwargs, position, keyword, default=None):
    if len(args) > position:
        return args[position]
    return kwargs.get(keyword, default)


# Arguments under which graphring would answer something else than NetworkX: for each, its
# position (G is 0) and keyword, NetworkX's default, a test the value must pass, and why not.
def _is(value):
    return lambda v: v == value


def _not_callable(v):
    return not callable(v)


_REFUSED = {
    "pagerank": [(2, "personalization", None, _is(None), "a personalization"),
                 (5, "nstart", None, _is(None), "nstart"),
                 (7, "dangling", None, _is(None), "a dangling dict")],
    "single_source_dijkstra_path_length": [(3, "weight", "weight", _not_callable,
                                            "a weight function")],
    "single_source_bellman_ford_path_length": [(2, "weight", "weight", _not_callable,
                                                "a weight function")],
    "minimum_spanning_tree": [
        (1, "weight", "weight", _not_callable, "a weight function"),
        (2, "algorithm", "kruskal", lambda a: a in ("kruskal", "prim", "boruvka"),
         "an unknown algorithm")],
}


def can_run(name, args, kwargs):
    if name not in _FUNCTIONS:
        return False
    graph = _graph_argument(args, kwargs)
    if graph is not None and hasattr(graph, "is_multigraph"):
        if name == "minimum_spanning_tree" and (graph.is_directed() or graph.is_multigraph()):
            return "graphring's spanning trees are of undirected graphs without parallel edges"
    for position, keyword, default, takes, why in _REFUSED.get(name, []):
        if not takes(_argument(args, kwargs, position, keyword, default)):
            return f"graphring does not take {why}"
    return True


def _plain(values):
    """NumPy values as Python's (NetworkX's results hold no NumPy scalars)."""
    return values.tolist()


def _equal_positive(weights):
    return weights.size == 0 or (weights[0] > 0 and bool(_np.all(weights == weights[0])))


def pagerank(G, alpha=0.85, personalization=None, max_iter=100, tol=1.0e-6, nstart=None,
             weight="weight", dangling=None):
    import networkx as nx
    n = len(G)
    if n == 0:
        return {}
    if weight is not None and not _equal_positive(G.weights(weight)):
        raise NotImplementedError("graphring's PageRank takes equal positive edge weights")
    if max_iter <= 0:
        raise nx.PowerIterationFailedConvergence(max_iter)
    limit = n * tol
    ranks, _, change = _gr.pagerank(G.engine(), damping=alpha, tolerance=limit,
                                    max_iterations=max_iter, full_result=True)
    if not change < limit:
        raise nx.PowerIterationFailedConvergence(max_iter)
    return dict(zip(G.nodes, _plain(ranks)))


def _distances(G, values, reached, cutoff):
    order = _np.flatnonzero(reached & (values <= cutoff))
    order = order[_np.argsort(values[order], kind="stable")]
    return {G.nodes[i]: v for i, v in zip(_plain(order), _plain(values[order]))}


def single_source_shortest_path_length(G, source, cutoff=None):
    s = G.id_of(source, f"Source {source} is not in G")
    levels = _gr.bfs(G.engine(), s)
    return _distances(G, levels, levels >= 0, math.inf if cutoff is None else cutoff)


def _weighted_distances(G, s, weight, cutoff):
    try:
        d = _gr.sssp(G.engine(weight), s)
    except _gr.Error as e:
        if "negative-weight cycle" in str(e):
            import networkx as nx
            raise nx.NetworkXUnbounded("Negative cycle detected.") from None
        raise
    return _distances(G, d, _np.isfinite(d), math.inf if cutoff is None else cutoff)


def single_source_dijkstra_path_length(G, source, cutoff=None, weight="weight"):
    s = G.id_of(source, f"Node {source} not found in graph")
    if weight is not None and bool(_np.any(G.weights(weight) < 0)):
        raise NotImplementedError("Dijkstra's distances are for weights >= 0")
    return _weighted_distances(G, s, weight, cutoff)


def single_source_bellman_ford_path_length(G, source, weight="weight"):
    import networkx as nx
    s = G.id_of(source, f"Source {source} not in G")
    if weight is not None and bool(_np.any((G.src == G.dst) & (G.weights(weight) < 0))):
        raise nx.NetworkXUnbounded("Negative cycle detected.")  # as NetworkX: anywhere
    return _weighted_distances(G, s, weight, None)


def _components(G):
    component = _gr.connected_components(G.engine())
    first, members = _np.unique(component, return_inverse=True)
    groups = [[] for _ in first]
    for i, c in enumerate(_plain(members)):
        groups[c].append(G.nodes[i])
    return groups  # by each component's first node in G's order, as NetworkX yields them


def connected_components(G):
    for group in _components(G):
        yield set(group)


def weakly_connected_components(G):
    return connected_components(G)


def number_connected_components(G):
    return len(_components(G))


def number_weakly_connected_components(G):
    return len(_components(G))


def _is_connected(G):
    if len(G) == 0:
        import networkx as nx
        raise nx.NetworkXPointlessConcept("Connectivity is undefined for the null graph.")
    return len(_components(G)) == 1


def is_connected(G):
    return _is_connected(G)


def is_weakly_connected(G):
    return _is_connected(G)


def _rescale(values, n, normalized, directed, endpoints, sources):
    """NetworkX's rescaling of betweenness (networkx.algorithms.centrality.betweenness._rescale):
    by the valid (s, t) pairs, unordered ones on an undirected graph; without endpoints and with
    sampled sources, the sources apart from the others."""
    pairs = n if endpoints else n - 1
    if pairs < 2:
        return values
    k = pairs if sources is None else len(sources)
    pair_count = 1 if directed else 2
    if sources is None or endpoints:
        return values * (1 / (k * (pairs - 1)) if normalized else pairs / (k * pair_count))
    if normalized:
        scale_source = 1 / ((k - 1) * (pairs - 1)) if k > 1 else math.nan
        scale_other = 1 / (k * (pairs - 1))
    else:
        scale_source = pairs / ((k - 1) * pair_count) if k > 1 else math.nan
        scale_other = pairs / (k * pair_count)
    scale = _np.full(n, scale_other)
    scale[sources] = scale_source
    return values * scale


def _endpoint_terms(G, sources):
    """What counting endpoints adds to each vertex's betweenness (NetworkX's
    _accumulate_endpoints): 1 for each source other than itself that reaches it, and, at a
    source, the vertices it reaches besides itself."""
    n = len(G)
    source = _np.zeros(n, dtype=bool)
    source[_np.arange(n) if sources is None else sources] = True
    if not G.is_directed():  # a source reaches its component
        _, part = _np.unique(_gr.connected_components(G.engine()), return_inverse=True)
        size = _np.bincount(part)[part]
        return _np.bincount(part, weights=source)[part] - source + source * (size - 1)
    terms = _np.zeros(n)
    for s in _np.flatnonzero(source):
        reached = _gr.bfs(G.engine(merged=True), int(s)) >= 0
        terms += reached
        terms[s] += reached.sum() - 2  # itself, counted above, is neither
    return terms


def betweenness_centrality(G, k=None, normalized=True, weight=None, endpoints=False, seed=None):
    if weight is not None and not _equal_positive(G.weights(weight)):
        raise NotImplementedError("graphring's betweenness counts every edge as 1")
    n = len(G)
    if n == 0:
        return {}
    sources = None
    if k is not None and k != n:
        sources = _np.array([G.index[v] for v in seed.sample(list(G.nodes), k)], dtype=_np.int64)
    raw = _gr.betweenness_centrality(G.engine(merged=True), sources=sources)
    if endpoints:
        raw = raw + _endpoint_terms(G, sources)
    scaled = _rescale(raw, n, normalized, G.is_directed(), endpoints, sources)
    return dict(zip(G.nodes, _plain(scaled)))


def triangles(G, nodes=None):
    t = _gr.triangles(G.engine())
    if nodes is not None:
        if nodes in G:  # one node
            return int(t[G.index[nodes]])
        return {v: int(t[G.index[v]]) for v in nodes if v in G}
    return dict(zip(G.nodes, _plain(t)))


def minimum_spanning_tree(G, weight="weight", algorithm="kruskal", ignore_nan=False):
    w = G.weights(weight)
    if bool(_np.any(_np.isnan(w))):
        raise NotImplementedError("NaN weights are NetworkX's to handle (ignore_nan)")
    u, v, _, _ = _gr.minimum_spanning_forest(G.engine(weight))
    original = G.graph_nx
    tree = original.__class__()
    tree.graph.update(original.graph)
    tree.add_nodes_from(original.nodes.items())
    nodes = G.nodes
    tree.add_edges_from((nodes[a], nodes[b], original[nodes[a]][nodes[b]])
                        for a, b in zip(_plain(u), _plain(v)))
    return tree


class BackendInterface:
    """The `networkx.backends` entry point's object."""

    convert_from_nx = staticmethod(convert_from_nx)
    convert_to_nx = staticmethod(convert_to_nx)
    can_run = staticmethod(can_run)


for _name in _FUNCTIONS:
    setattr(BackendInterface, _name, staticmethod(globals()[_name]))

backend_interface = BackendInterface()

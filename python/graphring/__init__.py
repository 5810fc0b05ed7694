"""graphring from Python: semiring graph analytics on graphs from files, generators, NumPy
arrays, SciPy sparse matrices or NetworkX graphs.

    import graphring
    g = graphring.load("datasets/karate.mtx")           # or "rmat:16", an edge list, a .grb
    levels, parents = graphring.bfs(g, source=1, parents=True)
    ranks = graphring.pagerank(g)

Vertices. A graph numbers its vertices 0..n-1 (its ids); every array a function returns is
indexed by id. `g.labels` maps ids to the labels of the input (a file's own vertex numbers);
`source=` and `sources=` take labels, as the CLI's --source does. For a graph built from arrays,
SciPy or NetworkX (with integer nodes 0..n-1) ids and labels are the same.

Results are NumPy arrays that own graphring's result (no copy is made after the algorithm).
`Graph.to_scipy()` copies the adjacency into SciPy's index types. Errors raise graphring.Error
(a RuntimeError) with graphring's one-line message; a wrong argument type raises TypeError.
Every algorithm takes `threads=` (0: all cores); bfs, sssp, pagerank, connected_components,
triangle_count, betweenness_centrality and minimum_spanning_forest also take `format=`
(csr|coo|ell|hyb|sell|cci|dtans|svb|auto, the storage they read the adjacency from) and `order=`
(original|degree|rcm). The GIL is released while graphring works.
"""

import numpy as _np

from . import _graphring
from ._graphring import Error
from .jit import Semiring

__version__ = "0.1.0"

__all__ = [
    "Error", "Graph", "load", "save", "from_edges", "from_scipy", "from_networkx", "bfs", "sssp",
    "pagerank", "connected_components", "triangle_count", "triangles", "betweenness_centrality",
    "minimum_spanning_forest", "mxv", "semirings", "Semiring",
]


class Graph:
    """A directed graph (an undirected one stores both directions), optionally weighted."""

    def __init__(self, handle):
        self._g = handle

    @property
    def vertices(self):
        return self._g.vertices

    @property
    def edges(self):
        """Stored arcs: an undirected edge counts twice."""
        return self._g.edges

    @property
    def weighted(self):
        return self._g.weighted

    @property
    def stored_format(self):
        """"cci" or "dtans" for a graph loaded from a compressed .grb (held in that format, no
        CSR until an operation needs one), else None."""
        return self._g.stored_format or None

    @property
    def labels(self):
        """The input's label of each vertex id (int64 array)."""
        return self._g.labels()

    def id_of(self, label):
        """The id of the vertex with this label; graphring.Error if there is none."""
        return self._g.vertex(int(label))

    @property
    def kept_formats(self):
        """The formatted copies of the adjacency this graph holds for later calls, such as
        ["structure sell original"]: a call with format="sell" (or "cci", ..., or an order other
        than "original") builds the format once and keeps it with the graph, so the next call in
        that format and order reuses it. Each is a copy of the adjacency (and of its transpose
        where the algorithm pulls) in memory; release_formats() frees them."""
        return list(self._g.kept_formats())

    def release_formats(self):
        """Frees the formatted copies in kept_formats; a later call builds its format again."""
        self._g.release_formats()

    def to_scipy(self):
        """The adjacency as a scipy.sparse.csr_array (weights, or 1.0 for an unweighted graph)."""
        import scipy.sparse
        indptr, indices, data = self._g.csr()
        if data is None:
            data = _np.ones(len(indices))
        n = self.vertices
        return scipy.sparse.csr_array((data, indices, indptr), shape=(n, n))

    def __repr__(self):
        kind = "weighted" if self.weighted else "unweighted"
        return f"<graphring.Graph: {self.vertices} vertices, {self.edges} arcs, {kind}>"


def load(source, symmetrize=False, drop_self_loops=False, input_format=""):
    """A graph from a file (.mtx, .el/.txt, .wel, .e, .gr, .grb; .gz too) or a generator name
    such as "rmat:20", "urand:16" or "grid:100"; as `graphring` reads them on the command line."""
    return Graph(_graphring.load(str(source), symmetrize, drop_self_loops, input_format))


def save(graph, path, format=None):
    """Writes the graph as the name says (.mtx, .el, .wel, .e, .grb; text may end .gz); with
    format="cci", "dtans" or "svb", a compressed .grb that load() maps without building a CSR."""
    _graphring.save(graph._g, str(path), format or "")


def _storage(graph, format):
    # None: the format a compressed .grb holds the graph in, else CSR.
    return format or graph.stored_format or "csr"


def from_edges(src, dst, weights=None, n=None, symmetrize=False, drop_self_loops=False):
    """A graph with an arc src[i] -> dst[i] for each i (ids 0..n-1; n defaults to the largest
    id + 1); weights, when given, one float per arc. Duplicate arcs are kept."""
    src = _np.asarray(src)
    dst = _np.asarray(dst)
    for name, a in (("src", src), ("dst", dst)):
        if a.ndim != 1 or (a.size and not _np.issubdtype(a.dtype, _np.integer)):
            raise TypeError(f"{name} must be a one-dimensional array of integers")
        if a.size and a.min() < 0:
            raise ValueError(f"{name} holds a negative vertex id")
    if n is None:
        n = int(max(src.max(initial=-1), dst.max(initial=-1))) + 1
    if n < 0 or n > 2**32 - 1:
        raise ValueError("n must be between 0 and 2^32 - 1")
    if (src.size and src.max() >= n) or (dst.size and dst.max() >= n):
        raise ValueError(f"an edge names a vertex outside 0..{n - 1}")
    w = None
    if weights is not None:
        w = _np.ascontiguousarray(weights, dtype=_np.float64)
        if w.ndim != 1:
            raise TypeError("weights must be a one-dimensional array")
    return Graph(_graphring.from_edges(
        int(n), _np.ascontiguousarray(src, dtype=_np.uint32),
        _np.ascontiguousarray(dst, dtype=_np.uint32), w, symmetrize, drop_self_loops))


def from_scipy(matrix, weighted=True):
    """A graph from a square SciPy sparse matrix or array: entry (i, j) is the arc i -> j with
    its value as weight (weighted=False: the pattern only). Explicit zeros are arcs."""
    import scipy.sparse
    if not scipy.sparse.issparse(matrix):
        raise TypeError("from_scipy takes a scipy.sparse matrix or array")
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
        raise ValueError(f"the matrix must be square, not {matrix.shape[0]} x {matrix.shape[1]}")
    coo = matrix.tocoo()
    weights = _np.asarray(coo.data, dtype=_np.float64) if weighted else None
    return from_edges(coo.row, coo.col, weights, n=matrix.shape[0])


def from_networkx(G, weight="weight"):
    """A graph from a NetworkX graph whose nodes are the integers 0..n-1 (relabel others with
    networkx.convert_node_labels_to_integers); an undirected graph stores both directions. Edge
    attribute `weight` (None: unweighted; missing on an edge: 1.0) gives the weights."""
    n = G.number_of_nodes()
    if any(not isinstance(v, (int, _np.integer)) or v < 0 or v >= n for v in G.nodes):
        raise ValueError("the nodes must be the integers 0..n-1 "
                         "(networkx.convert_node_labels_to_integers relabels them)")
    src, dst, w = [], [], []
    for u, v, d in G.edges(data=True):
        for a, b in ((u, v), (v, u)) if not G.is_directed() and u != v else ((u, v),):
            src.append(a)
            dst.append(b)
            w.append(d.get(weight, 1.0) if weight is not None else 1.0)
    return from_edges(_np.array(src, dtype=_np.int64), _np.array(dst, dtype=_np.int64),
                      _np.array(w) if weight is not None else None, n=n)


def semirings():
    """The names mxv takes: graphring's built-in semirings (the CLI's `graphring semirings`)."""
    return list(_graphring.semirings())


def mxv(graph, x, semiring="plus_times", present=None, method="auto", format="csr",
        order="original", threads=0):
    """w = A ⊕.⊗ x over the adjacency A (row i: i's out-edges; its weights, or 1) with a
    semiring by name (semirings() lists them) or a graphring.Semiring defined at run time
    (compiled on first use into every format's kernels): w(i) = ⊕_k A(i,k) ⊗ x(k). x is dense
    (one value per vertex id: float, int or bool), or present (bool per id) says which entries
    exist.
    Returns (values, present): w's values (the semiring's type; 0 where absent) and which rows
    took a product. method: auto|push|pull; format and order as for the algorithms."""
    x = _np.asarray(x)
    if x.ndim != 1:
        raise TypeError("x must be a one-dimensional array")
    if isinstance(semiring, Semiring):
        x = _np.ascontiguousarray(x, dtype=semiring.dtype)
        p = None if present is None else _np.ascontiguousarray(present, dtype=_np.uint8)
        values, taken = _graphring.mxv_compiled(graph._g, x, p, semiring.compiled(), method,
                                                format, order, threads)
        return values, taken.view(_np.bool_)
    kind = _np.int64 if x.dtype == bool or _np.issubdtype(x.dtype, _np.integer) else _np.float64
    x = _np.ascontiguousarray(x, dtype=kind)
    p = None if present is None else _np.ascontiguousarray(present, dtype=_np.uint8)
    values, taken = _graphring.mxv(graph._g, x, p, semiring, method, format, order, threads)
    if values.dtype == _np.uint8:  # a semiring over bool
        values = values.view(_np.bool_)
    return values, taken.view(_np.bool_)


def bfs(graph, source, parents=False, direction="auto", format=None, order="original",
        threads=0):
    """Breadth-first search from the vertex labelled `source`: levels (int64, -1 where
    unreached), and with parents=True also (levels, parents), each vertex's parent id (the
    source its own, -1 unreached); any valid BFS tree may come out. parents="only": the
    parents alone, the levels not kept (less work: GAP's BFS output). direction: auto
    (direction-optimizing), push or pull. format None: the graph's stored format, else CSR."""
    only = isinstance(parents, str)
    if only and parents != "only":
        raise ValueError(f'parents must be True, False or "only", not {parents!r}')
    levels, tree = _graphring.bfs(graph._g, int(source), bool(parents), not only, direction,
                                  _storage(graph, format), order, threads)
    if only:
        return tree
    return (levels, tree) if parents else levels


def sssp(graph, source, delta=None, format="csr", order="original", threads=0):
    """Single-source shortest-path distances (float64, inf where unreached) over the weights
    (1 for an unweighted graph): delta-stepping, or Bellman-Ford when a weight is negative."""
    return _graphring.sssp(graph._g, int(source), delta, format, order, threads)


def pagerank(graph, damping=0.85, tolerance=1e-7, max_iterations=100, format=None,
             order="original", threads=0, full_result=False, precision="float64"):
    """PageRank (float64 ranks summing to 1; weights ignored, dangling rank spread evenly);
    stops when the L1 change is below tolerance. full_result=True: (ranks, iterations, change).
    format None: the graph's stored format (a compressed .grb runs without a CSR), else CSR.
    precision="float32" iterates in float, as GAP and LAGraph do (ranks still returned as
    float64; an L1 change below about 1e-7 may then never be reached)."""
    ranks, iterations, change = _graphring.pagerank(graph._g, damping, tolerance,
                                                    max_iterations, _storage(graph, format),
                                                    order, threads, precision)
    return (ranks, iterations, change) if full_result else ranks


def connected_components(graph, format="csr", order="original", threads=0):
    """Weakly connected components: each vertex's component is the smallest id in it (int64)."""
    return _graphring.connected_components(graph._g, format, order, threads)


def triangle_count(graph, format=None, order="original", threads=0):
    """Triangles of the graph taken as undirected (self-loops and duplicate edges dropped).
    format None: the graph's stored format, else CSR (the lower triangle is read from it)."""
    return _graphring.triangle_count(graph._g, _storage(graph, format), order, threads)


def triangles(graph, threads=0):
    """The triangles each vertex is in (int64 per id), the graph taken as undirected as for
    triangle_count (whose total is a third of their sum); NetworkX's `triangles`."""
    return _graphring.triangles(graph._g, threads)


def betweenness_centrality(graph, sources=None, format=None, order="original", threads=0):
    """Brandes' betweenness (float64, unnormalized, every edge counting 1) summed over the
    vertices labelled `sources` (None: every vertex, exact). On an undirected graph each pair
    counts in both directions: halve it for NetworkX's undirected, unnormalized value.
    format None: the graph's stored format, else CSR (the products gather A's rows from it)."""
    s = None if sources is None else _np.ascontiguousarray(sources, dtype=_np.int64)
    return _graphring.betweenness(graph._g, s, _storage(graph, format), order, threads)


def minimum_spanning_forest(graph, format=None, order="original", threads=0):
    """The minimum spanning forest of the graph taken as undirected (weight 1 when unweighted;
    among equal weights the smaller (u, v) wins): (u, v, weight, total), u < v ascending.
    format None: the graph's stored format, else CSR (the edge weights are read from it)."""
    return _graphring.minimum_spanning_forest(graph._g, _storage(graph, format), order, threads)


# The constructors as Graph's too: Graph.load(...), Graph.from_scipy(...), ...
Graph.load = staticmethod(load)
Graph.from_edges = staticmethod(from_edges)
Graph.from_scipy = staticmethod(from_scipy)
Graph.from_networkx = staticmethod(from_networkx)

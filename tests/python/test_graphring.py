"""The Python package against independent references: SciPy's csgraph (BFS hops, Dijkstra,
components, spanning trees) and NetworkX (PageRank, triangles, betweenness), on the bundled
graphs (karate, email-Eu-core, soc-Epinions1, rome99) and on tiny edge cases; plus conversions,
options and bad input."""
import os
import pathlib

import networkx as nx
import numpy as np
import pytest
import scipy.sparse
import scipy.sparse.csgraph as csgraph

import graphring

DATASETS = pathlib.Path(os.environ.get(
    "GRAPHRING_DATASETS", pathlib.Path(__file__).resolve().parents[2] / "datasets"))


def dataset(name):
    return str(DATASETS / name)


@pytest.fixture(scope="module")
def karate():
    return graphring.load(dataset("karate.mtx"))


@pytest.fixture(scope="module")
def email():  # directed, 1005 vertices, 25571 arcs
    return graphring.load(dataset("email-Eu-core.txt.gz"))


@pytest.fixture(scope="module")
def rome():  # weighted, directed
    return graphring.load(dataset("rome99.gr"))


def hops(g, source_id):
    """Unweighted distances from a vertex id by SciPy (inf where unreached)."""
    return csgraph.shortest_path(g.to_scipy(), method="D", unweighted=True,
                                 indices=source_id)


@pytest.mark.parametrize("name", ["karate", "email"])
@pytest.mark.parametrize("direction", ["auto", "push", "pull"])
def test_bfs_levels_are_scipy_hops_and_parents_form_a_tree(name, direction, request):
    g = request.getfixturevalue(name)
    a = g.to_scipy()
    for label in g.labels[[0, g.vertices // 2, g.vertices - 1]]:
        s = g.id_of(label)
        levels, parents = graphring.bfs(g, label, parents=True, direction=direction)
        want = hops(g, s)
        reached = np.isfinite(want)
        assert np.array_equal(levels[reached], want[reached].astype(np.int64))
        assert np.all(levels[~reached] == -1)
        assert np.all(parents[~reached] == -1)
        assert parents[s] == s
        for v in np.flatnonzero(reached):
            if v != s:  # a valid parent: an arc parent -> v, one level up
                p = parents[v]
                assert a[p, v] != 0 and levels[p] == levels[v] - 1
        only = graphring.bfs(g, label, parents="only", direction=direction)  # no levels kept
        assert np.array_equal(only >= 0, reached) and only[s] == s
        for v in np.flatnonzero(reached):
            if v != s:
                assert a[only[v], v] != 0 and levels[only[v]] == levels[v] - 1
    with pytest.raises(ValueError, match='"only"'):
        graphring.bfs(g, g.labels[0], parents="yes")


def test_sssp_equals_scipy_dijkstra(rome):
    for label in (1, 1000, 3353):
        s = rome.id_of(label)
        want = csgraph.dijkstra(rome.to_scipy(), indices=s)
        got = graphring.sssp(rome, label)
        assert np.array_equal(np.isinf(got), np.isinf(want))
        np.testing.assert_allclose(got[np.isfinite(want)], want[np.isfinite(want)], rtol=1e-12)


@pytest.mark.parametrize("name", ["karate", "email"])
def test_pagerank_equals_networkx(name, request):
    g = request.getfixturevalue(name)
    G = nx.from_scipy_sparse_array(g.to_scipy(), create_using=nx.DiGraph)
    want = nx.pagerank(G, alpha=0.85, tol=1e-12, max_iter=1000)
    ranks, iterations, change = graphring.pagerank(g, tolerance=1e-12, max_iterations=1000,
                                                   full_result=True)
    assert iterations > 1 and change < 1e-12
    np.testing.assert_allclose(ranks, [want[v] for v in range(g.vertices)], atol=1e-9)
    assert abs(ranks.sum() - 1) < 1e-9


def test_pagerank_in_float_is_float_rounding_of_double(email):
    want = graphring.pagerank(email, tolerance=0, max_iterations=20)
    got = graphring.pagerank(email, tolerance=0, max_iterations=20, precision="float32")
    assert got.dtype == np.float64
    assert np.array_equal(got.astype(np.float32).astype(np.float64), got)  # iterated in float
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-9)
    with pytest.raises(graphring.Error, match="precision must be"):
        graphring.pagerank(email, precision="float16")


def test_components_are_scipys_weak_components(email):
    got = graphring.connected_components(email)
    count, want = csgraph.connected_components(email.to_scipy(), connection="weak")
    assert len(np.unique(got)) == count
    for c in range(count):  # the same partition, each part named by its smallest id
        members = np.flatnonzero(want == c)
        assert np.all(got[members] == members.min())


def test_triangles_and_betweenness_equal_networkx(karate):
    G = nx.from_scipy_sparse_array(karate.to_scipy())
    assert graphring.triangle_count(karate) == sum(nx.triangles(G).values()) // 3 == 45
    per_vertex = graphring.triangles(karate)
    assert per_vertex.dtype == np.int64
    assert list(per_vertex) == [nx.triangles(G)[v] for v in range(34)]
    want = nx.betweenness_centrality(G, normalized=False)
    got = graphring.betweenness_centrality(karate)  # pairs in both directions: twice NetworkX's
    np.testing.assert_allclose(got / 2, [want[v] for v in range(34)], rtol=1e-9)
    some = karate.labels[[0, 5, 33]]
    want_some = nx.betweenness_centrality_subset(G, sources=[0, 5, 33], targets=list(G),
                                                 normalized=False)
    np.testing.assert_allclose(graphring.betweenness_centrality(karate, sources=some) / 2,
                               [want_some[v] for v in range(34)], rtol=1e-9)


def test_betweenness_on_a_directed_graph_equals_networkx():
    G = nx.gnp_random_graph(60, 0.08, seed=7, directed=True)
    g = graphring.from_networkx(G, weight=None)
    want = nx.betweenness_centrality(G, normalized=False)
    np.testing.assert_allclose(graphring.betweenness_centrality(g),
                               [want[v] for v in range(60)], rtol=1e-9, atol=1e-12)


def test_spanning_forest_weight_equals_scipys():
    rng = np.random.default_rng(3)
    n, m = 300, 900
    src, dst = rng.integers(0, n, m), rng.integers(0, n, m)
    w = rng.integers(1, 100, m).astype(float)
    g = graphring.from_edges(src, dst, w, n=n, symmetrize=True)
    u, v, weight, total = graphring.minimum_spanning_forest(g)
    assert np.all(u < v) and len(u) == len(v) == len(weight)
    sym = g.to_scipy()
    want = csgraph.minimum_spanning_tree(sym).sum()
    assert total == pytest.approx(want) and weight.sum() == pytest.approx(want)
    count, _ = csgraph.connected_components(sym, directed=False)
    assert len(u) == n - count


def test_every_format_and_order_give_csrs_answers(email):
    levels = graphring.bfs(email, 0)
    ranks = graphring.pagerank(email)
    comps = graphring.connected_components(email)
    central = graphring.betweenness_centrality(email, sources=[0, 5])
    triangles = graphring.triangle_count(email)
    forest = graphring.minimum_spanning_forest(email)
    for fmt in ["coo", "ell", "hyb", "sell", "cci", "dtans", "svb", "auto"]:
        for order in ["original", "degree"]:
            assert np.array_equal(graphring.bfs(email, 0, format=fmt, order=order), levels)
            np.testing.assert_allclose(graphring.pagerank(email, format=fmt, order=order),
                                       ranks, rtol=1e-9)
            assert np.array_equal(
                graphring.connected_components(email, format=fmt, order=order), comps)
            np.testing.assert_allclose(
                graphring.betweenness_centrality(email, sources=[0, 5], format=fmt, order=order),
                central, rtol=1e-12)
            assert graphring.triangle_count(email, format=fmt, order=order) == triangles
            got = graphring.minimum_spanning_forest(email, format=fmt, order=order)
            assert all(np.array_equal(x, y) for x, y in zip(got[:3], forest[:3]))
            assert got[3] == forest[3]


def test_a_format_is_built_once_and_kept_with_the_graph():
    g = graphring.load(dataset("email-Eu-core.txt.gz"))
    assert g.kept_formats == []
    graphring.pagerank(g)  # CSR: nothing to keep
    assert g.kept_formats == []
    first = graphring.pagerank(g, format="sell")
    assert g.kept_formats == ["structure sell original"]
    assert np.array_equal(graphring.pagerank(g, format="sell"), first)  # on the kept copy
    levels = graphring.bfs(g, 0)
    assert np.array_equal(graphring.bfs(g, 0, format="cci", order="degree"), levels)
    assert np.array_equal(graphring.bfs(g, 5, format="cci", order="degree"), graphring.bfs(g, 5))
    distances = graphring.sssp(g, 0, format="svb")
    assert np.array_equal(distances, graphring.sssp(g, 0))
    graphring.mxv(g, np.ones(g.vertices), format="sell")
    kept = g.kept_formats
    # sssp on CSR keeps the weights as double (with their summary): none converted again
    assert kept[1:] == ["structure cci degree", "structure sell original", "weights csr original",
                        "weights svb original"]
    assert len(kept) == 5 and kept[0].startswith("mxv ") and kept[0].endswith(" sell original")
    graphring.mxv(g, np.ones(g.vertices), format="sell")  # on the kept copy
    assert g.kept_formats == kept
    g.release_formats()
    assert g.kept_formats == []
    assert np.array_equal(graphring.pagerank(g, format="sell"), first)  # built again
    assert g.kept_formats == ["structure sell original"]


def test_a_compressed_grb_runs_in_its_format(email, tmp_path):
    for fmt in ["cci", "dtans", "svb"]:
        path = tmp_path / f"email-{fmt}.grb"
        graphring.save(email, path, format=fmt)
        g = graphring.load(str(path))
        assert g.stored_format == fmt and email.stored_format is None
        assert (g.vertices, g.edges) == (email.vertices, email.edges)
        # The default runs in the stored format: the same numbers as that format built from CSR.
        assert np.array_equal(graphring.pagerank(g), graphring.pagerank(email, format=fmt))
        assert np.array_equal(graphring.bfs(g, 0), graphring.bfs(email, 0))
        some = [0, 1, 7]
        np.testing.assert_allclose(graphring.betweenness_centrality(g, sources=some),
                                   graphring.betweenness_centrality(email, sources=some),
                                   rtol=1e-12)
        assert graphring.triangle_count(g) == graphring.triangle_count(email)
        msf = graphring.minimum_spanning_forest
        assert msf(g)[3] == msf(email)[3]
        assert (g.to_scipy() != email.to_scipy()).nnz == 0  # decodes on request
    with pytest.raises(graphring.Error, match="cci, dtans or svb"):
        graphring.save(email, tmp_path / "x.grb", format="sell")


def test_threads_do_not_change_the_answers(email):
    one = graphring.bfs(email, 0, threads=1)
    two = graphring.bfs(email, 0, threads=2)
    assert np.array_equal(one, two)
    assert graphring.triangle_count(email, threads=1) == graphring.triangle_count(email,
                                                                                threads=2)


def test_scipy_and_networkx_round_trips():
    a = scipy.sparse.random(50, 50, density=0.1, format="csr", random_state=1)
    g = graphring.Graph.from_scipy(a)
    assert g.weighted and g.vertices == 50 and g.edges == a.nnz
    back = g.to_scipy()
    assert (abs(back - a) > 0).nnz == 0
    assert not graphring.from_scipy(a, weighted=False).weighted
    G = nx.path_graph(5)
    g = graphring.Graph.from_networkx(G)
    assert g.edges == 8  # each undirected edge both ways
    assert list(graphring.bfs(g, 0)) == [0, 1, 2, 3, 4]
    assert np.array_equal(g.labels, np.arange(5))


def test_tiny_edge_cases():
    empty = graphring.from_edges([], [], n=3)
    assert list(graphring.bfs(empty, 1)) == [-1, 0, -1]
    assert list(graphring.connected_components(empty)) == [0, 1, 2]
    assert graphring.triangle_count(empty) == 0
    loop = graphring.from_edges([0, 0, 1], [0, 1, 2])  # a self-loop and a path
    assert list(graphring.bfs(loop, 0)) == [0, 1, 2]
    assert list(graphring.sssp(loop, 2)) == [np.inf, np.inf, 0]
    assert graphring.pagerank(loop).sum() == pytest.approx(1)
    star = graphring.from_edges(np.zeros(1000, dtype=int), np.arange(1, 1001))  # one huge row
    assert graphring.bfs(star, 0).max() == 1


def test_generators_and_labels():
    g = graphring.load("rmat:10")
    assert g.vertices == 1024
    loaded = graphring.load(dataset("rome99.gr"))
    assert loaded.labels[0] == 1 and loaded.id_of(1) == 0  # DIMACS numbers vertices from 1


def test_bad_input_raises_documented_errors(karate, tmp_path):
    with pytest.raises(ValueError, match="negative"):
        graphring.from_edges([0, -1], [1, 2])
    with pytest.raises(ValueError, match="outside"):
        graphring.from_edges([0, 5], [1, 2], n=3)
    with pytest.raises(TypeError):
        graphring.from_edges([0.5], [1])
    with pytest.raises(ValueError, match="square"):
        graphring.from_scipy(scipy.sparse.random(3, 4, density=0.5, format="csr"))
    with pytest.raises(TypeError):
        graphring.from_scipy(np.eye(3))
    with pytest.raises(graphring.Error, match="NaN"):
        graphring.from_edges([0], [1], [float("nan")])
    with pytest.raises(graphring.Error, match="no vertex"):
        graphring.bfs(karate, 99)
    with pytest.raises(graphring.Error, match="unknown format"):
        graphring.pagerank(karate, format="zip")
    with pytest.raises(graphring.Error, match="direction"):
        graphring.bfs(karate, 1, direction="sideways")
    with pytest.raises(graphring.Error, match="threads"):
        graphring.bfs(karate, 1, threads=-1)
    bad = tmp_path / "bad.mtx"
    bad.write_text("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 x\n")
    with pytest.raises(graphring.Error, match="bad.mtx"):
        graphring.load(bad)
    with pytest.raises(ValueError, match="0..n-1"):
        graphring.from_networkx(nx.Graph([("a", "b")]))


def test_mxv_equals_scipy_for_plus_times_min_plus_and_lor_land(rome):
    a = rome.to_scipy()
    n = rome.vertices
    x = np.random.default_rng(5).random(n)
    for fmt in ["csr", "cci", "dtans", "svb"]:
        values, present = graphring.mxv(rome, x, format=fmt)
        np.testing.assert_allclose(values, a @ x, rtol=1e-12)
        assert np.array_equal(present, np.diff(a.indptr) > 0)
    values, present = graphring.mxv(rome, x, "min_plus", method="push")
    for i in range(n):
        row = slice(a.indptr[i], a.indptr[i + 1])
        assert present[i] == (a.indptr[i + 1] > a.indptr[i])
        if present[i]:
            assert values[i] == pytest.approx((a.data[row] + x[a.indices[row]]).min())
    some = np.zeros(n, dtype=bool)
    some[::7] = True  # x present only there: w(i) = sum over those neighbours
    values, present = graphring.mxv(rome, x, present=some)
    np.testing.assert_allclose(values[present], (a @ np.where(some, x, 0))[present], rtol=1e-12)
    assert np.array_equal(present, (a @ some.astype(float)) > 0)
    reach, present = graphring.mxv(rome, some, "lor_land")
    assert reach.dtype == bool and np.array_equal(reach & present, (a @ some) > 0)
    with pytest.raises(graphring.Error, match="unknown semiring"):
        graphring.mxv(rome, x, "none_such")
    with pytest.raises(graphring.Error, match="entries"):
        graphring.mxv(rome, x[:-1])
    assert "min_plus" in graphring.semirings()

"""graphring as a NetworkX backend (graphring.nx_backend): every function it serves, called
through NetworkX's own dispatch (backend="graphring", fallback off, so an answer comes from
graphring or the call raises), equals NetworkX's own answer on the bundled graphs and on tiny
and odd ones (string nodes, isolated nodes, self-loops, empty graphs); what graphring cannot
answer as NetworkX would is refused, never answered differently."""
import os
import pathlib
import random

import networkx as nx
import numpy as np
import pytest

import graphring
from graphring import nx_backend

DATASETS = pathlib.Path(os.environ.get(
    "GRAPHRING_DATASETS", pathlib.Path(__file__).resolve().parents[2] / "datasets"))


@pytest.fixture(autouse=True)
def no_fallback():
    before = nx.config.fallback_to_nx
    nx.config.fallback_to_nx = False
    nx.config.warnings_to_ignore.add("cache")  # NetworkX's note that a conversion is reused
    yield
    nx.config.fallback_to_nx = before


def labelled(G):
    """G with nodes renamed to strings in a shuffled order, so that ids are not node names."""
    nodes = list(G)
    random.Random(5).shuffle(nodes)
    H = G.__class__()
    H.add_nodes_from(f"v{v}" for v in nodes)
    H.add_edges_from((f"v{u}", f"v{v}", d) for u, v, d in G.edges(data=True))
    return H


def karate():
    return labelled(nx.karate_club_graph())  # undirected, weighted (unequal weights)


def email():
    g = graphring.load(DATASETS / "email-Eu-core.txt.gz")
    return labelled(nx.from_scipy_sparse_array(g.to_scipy(), create_using=nx.DiGraph))


def rome():
    g = graphring.load(DATASETS / "rome99.gr")
    return labelled(nx.from_scipy_sparse_array(g.to_scipy(), create_using=nx.DiGraph))


def odd():
    """Two components, an isolated node, a self-loop, a dangling node."""
    G = nx.DiGraph()
    G.add_nodes_from(["iso", "a", "b", "c", "d", "e"])
    G.add_edges_from([("a", "b"), ("b", "c"), ("c", "a"), ("c", "c"), ("d", "e"), ("a", "d")])
    return G


GRAPHS = {"karate": karate, "email": email, "odd": odd}


def assert_close(got, want, tol=1e-9):
    assert set(got) == set(want)
    for v in want:
        assert got[v] == pytest.approx(want[v], abs=tol, nan_ok=True), v


@pytest.mark.parametrize("name", list(GRAPHS))
def test_pagerank(name):
    G = GRAPHS[name]()
    got = nx.pagerank(G, weight=None, tol=1e-10, backend="graphring")
    assert_close(got, nx.pagerank(G, weight=None, tol=1e-10))
    assert all(type(r) is float for r in got.values())


def test_pagerank_with_equal_weights_and_networkx_convergence():
    G = email()
    nx.set_edge_attributes(G, 3.0, "weight")
    assert_close(nx.pagerank(G, backend="graphring"), nx.pagerank(G), tol=1e-6)
    with pytest.raises(nx.PowerIterationFailedConvergence):
        nx.pagerank(G, max_iter=3, backend="graphring")
    assert nx.pagerank(nx.DiGraph(), backend="graphring") == {}


def test_pagerank_refuses_what_it_would_answer_differently():
    G = karate()  # unequal weights
    with pytest.raises(NotImplementedError):
        nx.pagerank(G, backend="graphring")
    with pytest.raises(NotImplementedError):
        nx.pagerank(G, weight=None, personalization={"v0": 1}, backend="graphring")


@pytest.mark.parametrize("name", list(GRAPHS))
def test_shortest_path_lengths(name):
    G = GRAPHS[name]()
    for source in list(G)[:3]:
        got = nx.single_source_shortest_path_length(G, source, backend="graphring")
        assert got == nx.single_source_shortest_path_length(G, source)
        assert all(type(d) is int for d in got.values())
        assert nx.single_source_shortest_path_length(G, source, cutoff=2,
                                                     backend="graphring") == \
            nx.single_source_shortest_path_length(G, source, cutoff=2)
    with pytest.raises(nx.NodeNotFound, match="is not in G"):
        nx.single_source_shortest_path_length(G, "nowhere", backend="graphring")


@pytest.mark.parametrize("name", ["karate", "odd"])
def test_dijkstra_and_bellman_ford(name):
    G = GRAPHS[name]()
    if name == "odd":
        for i, (u, v) in enumerate(G.edges()):
            G[u][v]["weight"] = 0.5 + i
    for source in list(G)[:3]:
        want = nx.single_source_dijkstra_path_length(G, source)
        assert_close(nx.single_source_dijkstra_path_length(G, source, backend="graphring"), want)
        assert_close(nx.single_source_bellman_ford_path_length(G, source, backend="graphring"),
                     want)
        assert_close(nx.single_source_dijkstra_path_length(G, source, cutoff=3,
                                                           backend="graphring"),
                     nx.single_source_dijkstra_path_length(G, source, cutoff=3))
        assert nx.single_source_dijkstra_path_length(G, source, weight=None,
                                                     backend="graphring") == \
            nx.single_source_shortest_path_length(G, source)


def test_dijkstra_on_rome99():
    G = rome()
    for source in list(G)[:2]:
        assert_close(nx.single_source_dijkstra_path_length(G, source, backend="graphring"),
                     nx.single_source_dijkstra_path_length(G, source))


def test_negative_weights():
    G = nx.DiGraph([(0, 1, {"weight": 2}), (1, 2, {"weight": -1}), (0, 2, {"weight": 3})])
    assert nx.single_source_bellman_ford_path_length(G, 0, backend="graphring") == \
        {0: 0, 1: 2, 2: 1}
    with pytest.raises(NotImplementedError):  # Dijkstra's answer is NetworkX's own
        nx.single_source_dijkstra_path_length(G, 0, backend="graphring")
    G.add_edge(2, 0, weight=-2)
    with pytest.raises(nx.NetworkXUnbounded, match="Negative cycle detected."):
        nx.single_source_bellman_ford_path_length(G, 0, backend="graphring")
    H = nx.DiGraph([(0, 1, {"weight": 1}), (5, 5, {"weight": -1})])  # unreachable, as NetworkX
    with pytest.raises(nx.NetworkXUnbounded):
        nx.single_source_bellman_ford_path_length(H, 0, backend="graphring")


def test_components():
    G = karate()
    G.add_nodes_from(["x", "y"])
    G.add_edge("p", "q")
    got = list(nx.connected_components(G, backend="graphring"))
    assert got == list(nx.connected_components(G))  # the same sets in the same order
    assert nx.number_connected_components(G, backend="graphring") == 4
    assert not nx.is_connected(G, backend="graphring")
    assert nx.is_connected(karate(), backend="graphring")
    D = odd()
    assert list(nx.weakly_connected_components(D, backend="graphring")) == \
        list(nx.weakly_connected_components(D))
    assert nx.number_weakly_connected_components(D, backend="graphring") == 2
    assert not nx.is_weakly_connected(D, backend="graphring")
    with pytest.raises(nx.NetworkXPointlessConcept):
        nx.is_connected(nx.Graph(), backend="graphring")
    with pytest.raises(nx.NetworkXNotImplemented):
        nx.connected_components(D, backend="graphring")


@pytest.mark.parametrize("name", list(GRAPHS))
@pytest.mark.parametrize("normalized", [True, False])
def test_betweenness(name, normalized):
    G = GRAPHS[name]()
    if name != "email":  # NetworkX's exact betweenness takes 10-20 s on it
        assert_close(nx.betweenness_centrality(G, normalized=normalized, backend="graphring"),
                     nx.betweenness_centrality(G, normalized=normalized))
    for k in (1, 5):  # the same sampled sources as NetworkX, from the same seed
        assert_close(nx.betweenness_centrality(G, k=k, seed=11, normalized=normalized,
                                               backend="graphring"),
                     nx.betweenness_centrality(G, k=k, seed=11, normalized=normalized))
    for k in (None, 5):  # endpoints counted, exact and sampled
        if k is None and name == "email":
            continue
        assert_close(nx.betweenness_centrality(G, k=k, seed=3, normalized=normalized,
                                               endpoints=True, backend="graphring"),
                     nx.betweenness_centrality(G, k=k, seed=3, normalized=normalized,
                                               endpoints=True))
    nx.set_edge_attributes(G, {e: i for i, e in enumerate(G.edges())}, "weight")
    with pytest.raises(NotImplementedError):  # unequal weights: NetworkX's Dijkstra paths
        nx.betweenness_centrality(G, weight="weight", backend="graphring")


def test_multigraphs_answer_as_networkx():
    """Parallel edges: PageRank counts each, distances take the lightest, betweenness counts
    paths through neighbours (parallel edges once), components ignore them."""
    G = nx.MultiDiGraph(email())
    rng = random.Random(8)
    nodes = list(G)
    for _ in range(3000):
        u, v = rng.choice(nodes), rng.choice(nodes)
        G.add_edge(u, v)
        if G.has_edge(v, u):
            G.add_edge(v, u)  # a parallel arc
    for u, v, key in G.edges(keys=True):
        G[u][v][key]["weight"] = rng.randint(1, 9)
    assert_close(nx.pagerank(G, weight=None, tol=1e-10, backend="graphring"),
                 nx.pagerank(G, weight=None, tol=1e-10))
    s = nodes[0]
    assert_close(nx.single_source_dijkstra_path_length(G, s, backend="graphring"),
                 nx.single_source_dijkstra_path_length(G, s))
    assert_close(nx.single_source_bellman_ford_path_length(G, s, backend="graphring"),
                 nx.single_source_bellman_ford_path_length(G, s))
    assert nx.single_source_shortest_path_length(G, s, backend="graphring") == \
        nx.single_source_shortest_path_length(G, s)
    U = nx.MultiGraph(G)
    assert list(nx.connected_components(U, backend="graphring")) == \
        list(nx.connected_components(U))
    small = nx.MultiGraph(karate())
    small.add_edges_from(list(small.edges())[:30])  # parallel edges
    assert_close(nx.betweenness_centrality(small, backend="graphring"),
                 nx.betweenness_centrality(small))
    with pytest.raises(NotImplementedError):
        nx.minimum_spanning_tree(small, backend="graphring")


def test_triangles():
    G = karate()
    G.add_edge("v0", "v0")  # a self-loop is no triangle
    G.add_node("alone")
    got = nx.triangles(G, backend="graphring")
    assert got == nx.triangles(G) and all(type(t) is int for t in got.values())
    assert nx.triangles(G, "v0", backend="graphring") == nx.triangles(G, "v0")
    assert nx.triangles(G, ["v0", "v5", "nowhere"], backend="graphring") == \
        nx.triangles(G, ["v0", "v5", "nowhere"])
    U = email().to_undirected()
    assert nx.triangles(U, backend="graphring") == nx.triangles(U)
    with pytest.raises(nx.NetworkXNotImplemented):
        nx.triangles(email(), backend="graphring")


def test_spanning_tree_equals_networkx_with_attributes():
    rng = np.random.default_rng(2)
    G = nx.gnm_random_graph(200, 700, seed=4)
    weights = rng.permutation(700) + 1  # distinct: one spanning forest
    for (u, v), w in zip(G.edges(), weights):
        G[u][v]["weight"] = int(w)
        G[u][v]["name"] = f"{u}-{v}"
    G.add_node(500, color="red")
    G.graph["title"] = "random"
    for algorithm in ("kruskal", "prim", "boruvka"):
        T = nx.minimum_spanning_tree(G, algorithm=algorithm, backend="graphring")
        want = nx.minimum_spanning_tree(G, algorithm=algorithm)
        assert type(T) is nx.Graph
        assert T.graph == want.graph and dict(T.nodes(data=True)) == dict(want.nodes(data=True))
        assert {frozenset(e) for e in T.edges()} == {frozenset(e) for e in want.edges()}
        assert all(T[u][v] == G[u][v] for u, v in T.edges())
    with pytest.raises(NotImplementedError):
        nx.minimum_spanning_tree(G, weight=lambda u, v, d: 1, backend="graphring")


def test_spanning_tree_of_a_graph_with_ties_has_the_minimum_weight():
    G = labelled(nx.grid_2d_graph(8, 8))  # every weight 1
    T = nx.minimum_spanning_tree(G, backend="graphring")
    assert nx.is_tree(T) and T.number_of_nodes() == 64


def test_conversion_is_cached_until_the_graph_changes():
    G = karate()
    first = nx.pagerank(G, weight=None, backend="graphring")
    cached = [g for g in G.__networkx_cache__["backends"]["graphring"].values()]
    assert cached and all(isinstance(g, nx_backend.Graph) for g in cached)
    assert nx.pagerank(G, weight=None, backend="graphring") == first
    G.add_edge("v0", "new")
    assert "new" in nx.pagerank(G, weight=None, backend="graphring")


def test_backend_is_found_by_networkx():
    assert "graphring" in nx.utils.backends.backends
    info = nx.utils.backends.backend_info["graphring"]
    assert set(info["functions"]) == set(nx_backend._FUNCTIONS)
    for name in nx_backend._FUNCTIONS:
        assert "graphring" in getattr(nx, name).backends, name


def test_nx_bench_checks_answers_and_writes_its_table(tmp_path, capsys):
    from graphring import nx_bench
    out = tmp_path / "nx.json"
    nx_bench.main([str(DATASETS / "karate.mtx"), "--trials", "1", "--sample", "4",
                   "--json", str(out), "--svg", str(tmp_path / "nx.svg")])
    import json
    rows = json.loads(out.read_text())
    assert [r["function"] for r in rows] == [
        "pagerank", "single_source_shortest_path_length", "betweenness_centrality k=4",
        "connected_components", "triangles"]
    assert all(r["networkx_s"] > 0 and r["graphring_s"] > 0 for r in rows)
    assert "NetworkX 3." in capsys.readouterr().out
    from xml.etree import ElementTree
    bars = ElementTree.parse(tmp_path / "nx.svg").getroot().findall(
        "{http://www.w3.org/2000/svg}rect")
    assert len(bars) == len(rows)

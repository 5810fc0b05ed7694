"""Semirings defined at run time (graphring.Semiring, graphring/jit.py): compiled into
graphring's own kernels, they give the built-in semirings' answers (values and presence)
on the bundled graphs, weighted and not, with and without a sparse x, in every format, by push
and by pull and in another vertex order; a definition compiles once
and is then loaded from the disk cache; bad definitions and a missing compiler raise one
documented error."""
import os
import pathlib

import numpy as np
import pytest

import graphring

DATASETS = pathlib.Path(os.environ.get(
    "GRAPHRING_DATASETS", pathlib.Path(__file__).resolve().parents[2] / "datasets"))


@pytest.fixture(autouse=True)
def cache(tmp_path_factory, monkeypatch):
    folder = tmp_path_factory.getbasetemp() / "jit-cache"  # one per test session
    monkeypatch.setenv("GRAPHRING_JIT_CACHE", str(folder))
    return folder


@pytest.fixture(scope="module")
def rome():  # weighted, directed
    return graphring.load(DATASETS / "rome99.gr")


@pytest.fixture(scope="module")
def karate():  # unweighted: every a is 1
    return graphring.load(DATASETS / "karate.mtx")


def same_product(got, want, exact=True):
    (values, present), (want_values, want_present) = got, want
    assert values.dtype == want_values.dtype
    assert np.array_equal(present, want_present)
    if exact:
        assert np.array_equal(values, want_values)
    else:
        np.testing.assert_allclose(values, want_values, rtol=1e-12)


def test_min_plus_by_hand_is_the_built_in(rome, karate):
    sr = graphring.Semiring(add="min", multiply="a + b")
    for g in (rome, karate):
        x = np.random.default_rng(1).random(g.vertices)
        same_product(graphring.mxv(g, x, semiring=sr), graphring.mxv(g, x, "min_plus"))
        some = np.random.default_rng(2).random(g.vertices) < 0.3  # a sparse x
        same_product(graphring.mxv(g, x, semiring=sr, present=some),
                     graphring.mxv(g, x, "min_plus", present=some))
    assert sr.compile_seconds > 0
    assert repr(sr) == "<graphring.Semiring (min, a + b) over float64>"


@pytest.mark.parametrize("fmt", ["csr", "coo", "ell", "hyb", "sell", "cci", "dtans", "svb", "auto"])
def test_every_format_both_directions_and_an_order(rome, fmt):
    sr = graphring.Semiring(add="min", multiply="a + b")
    x = np.random.default_rng(5).random(rome.vertices)
    some = np.random.default_rng(6).random(rome.vertices) < 0.02  # sparse: auto pushes
    for method in ("auto", "push", "pull"):
        for order in ("original", "rcm"):
            for present in (None, some):
                same_product(
                    graphring.mxv(rome, x, semiring=sr, present=present, method=method,
                                  format=fmt, order=order),
                    graphring.mxv(rome, x, "min_plus", present=present, method=method,
                                  format=fmt, order=order))


def test_an_add_given_as_an_expression(rome):
    x = np.random.default_rng(3).random(rome.vertices)
    plus_times = graphring.Semiring(add="a + b", multiply="a * b", identity=0)
    same_product(graphring.mxv(rome, x, semiring=plus_times), graphring.mxv(rome, x, "plus_times"),
                 exact=False)
    # min written out, with its terminal and taken as not commutative: the same minima
    least = graphring.Semiring(add="b < a ? b : a", multiply="a + b", identity=float("inf"),
                               terminal="-inf", commutative=False)
    same_product(graphring.mxv(rome, x, semiring=least), graphring.mxv(rome, x, "min_plus"))


def test_int64(rome):
    x = np.random.default_rng(4).integers(0, 1000, rome.vertices)
    sr = graphring.Semiring(add="min", multiply="a + b", dtype="int64")
    same_product(graphring.mxv(rome, x, semiring=sr), graphring.mxv(rome, x, "min_plus_int64"))


def test_a_definition_compiles_once_then_loads_from_the_cache(karate, cache):
    x = np.ones(karate.vertices)
    first = graphring.Semiring(add="max", multiply="a * b + 0.5")
    w1, _ = graphring.mxv(karate, x, semiring=first)
    again = graphring.Semiring(add="max", multiply="a * b + 0.5")
    w2, _ = graphring.mxv(karate, x, semiring=again)
    assert first.compile_seconds > 0 and again.compile_seconds == 0.0
    assert np.array_equal(w1, w2) and set(w1[w1 != 0]) == {1.5}
    assert len(list(cache.glob("semiring-*.so"))) >= 1


def test_bad_definitions_raise_one_documented_error(karate, monkeypatch):
    x = np.ones(karate.vertices)
    with pytest.raises(graphring.Error, match="does not compile: .*error"):
        graphring.mxv(karate, x, semiring=graphring.Semiring(add="min", multiply="a +* b"))
    with pytest.raises(ValueError, match="needs its identity"):
        graphring.Semiring(add="a + b", multiply="a * b")
    with pytest.raises(ValueError, match="dtype"):
        graphring.Semiring(add="min", multiply="a + b", dtype="complex128")
    with pytest.raises(graphring.Error, match="method must be auto, push or pull"):
        graphring.mxv(karate, x, semiring=graphring.Semiring(add="min", multiply="a + b"),
                      method="sideways")
    with pytest.raises(graphring.Error, match="x has 3 entries"):
        graphring.mxv(karate, np.ones(3), semiring=graphring.Semiring(add="min", multiply="a"))
    monkeypatch.setenv("CXX", "no-such-compiler")
    with pytest.raises(graphring.Error, match="no C\\+\\+ compiler"):
        graphring.mxv(karate, x, semiring=graphring.Semiring(add="min", multiply="a - b"))

"""python -m graphring.bench: every answer checked against python-graphblas's, the table and the
JSON written, on two bundled graphs (one weighted) and a generated one."""
import json
import pathlib
from xml.etree import ElementTree

import graphring.bench

DATASETS = pathlib.Path(__file__).resolve().parents[2] / "datasets"


def test_bench_checks_every_answer_and_writes_json(tmp_path, capsys):
    out = tmp_path / "bench.json"
    status = graphring.bench.main([str(DATASETS / "karate.mtx"), str(DATASETS / "rome99.gr"),
                                   "rmat:8", "--trials", "1", "--threads", "2",
                                   "--json", str(out), "--svg", str(tmp_path / "b.svg")])
    printed = capsys.readouterr().out
    assert status == 0, printed
    assert "SuiteSparse:GraphBLAS" in printed.splitlines()[0]
    result = json.loads(out.read_text())
    assert result["graphblas_version"].count(".") == 2
    rows = result["rows"]
    assert len(rows) == 3 * 8
    assert {r["workload"] for r in rows} == {"mxv plus_times fp64", "mxv min_plus fp64",
                                            "mxv min_plus, Semiring",
                                            "BFS levels", "PageRank 20 iterations", "SSSP",
                                            "connected components",
                                            "triangles"}
    assert all(r["check"] == "ok" and r["graphring_ms"] > 0 and r["graphblas_ms"] > 0
               for r in rows)
    compiled = [r for r in rows if r["workload"] == "mxv min_plus, Semiring"]
    assert len(compiled) == 3 and all(r["run_time_over_builtin"] > 0 for r in compiled)
    assert "run-time min_plus over the built-in" in printed
    chart = ElementTree.parse(tmp_path / "b.svg").getroot()  # one bar and label per row
    ns = "{http://www.w3.org/2000/svg}"
    assert len(chart.findall(f"{ns}rect")) == len(rows)
    labels = [t.text for t in chart.findall(f"{ns}text")]
    assert "karate.mtx: BFS levels" in labels and "rmat:8: triangles" in labels


def test_bench_says_what_it_needs_for_a_bad_graph(capsys):
    try:
        graphring.bench.main(["no-such-graph.mtx", "--trials", "1"])
    except graphring.Error as e:
        assert "no-such-graph.mtx" in str(e)
    else:
        raise AssertionError("a missing graph must raise graphring.Error")

#!/usr/bin/env python3
"""Mutation testing by hand: applies each small, plausible bug below to the source, rebuilds only
what it touches (the test binary and the programs it runs), runs the tests that should catch it,
restores the file, and prints which mutations survived. A surviving mutation is a hole in the
suite: add the test that kills it (or, for a mutation that cannot change any result, say why and
drop it from the list).

Usage: python3 scripts/mutants.py [--build DIR] [--only NAME,NAME] [--list]
       (DIR: a configured build of this tree, default build/; run from anywhere)
Exit status: 0 when every mutation was killed, 1 when one survived, no longer applies (its text
is gone) or does not compile (which tests nothing).
The source is restored after each mutation, on an error and on Ctrl-C; the build is brought
back to the unmutated source at the end.
"""
import argparse
import os
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# name, file, the exact text (found once), its replacement, the gtest filter that must fail,
# and ctest names (a regex) that must fail as an alternative.
MUTANTS = [
    # algorithms
    ("bfs-format-ignored", "algorithms/bfs.cpp",
     "if (options.format.plain_csr()) return bfs(a, source, options);",
     "return bfs(a, source, options);", "AlgorithmsFormats.*", None),
    ("sssp-format-ignored", "algorithms/sssp.cpp",
     "if (format.plain_csr()) return shortest_paths(a, a, source, delta);",
     "return shortest_paths(a, a, source, delta);", "AlgorithmsFormats.*", None),
    ("cc-format-ignored", "algorithms/cc.cpp",
     "  if (format.plain_csr()) {", "  if (true) {", "AlgorithmsFormats.*", None),
    ("format-order-ignored", "engine/formatted_matrix.hpp",
     "if (order != vertex_order::original) relabel();", "",
     "AlgorithmsFormats.*:FormatsEngine.*", None),
    ("bfs-alpha-multiplies", "algorithms/bfs_direction.hpp",
     "double(unexplored_) / options_.alpha", "double(unexplored_) * options_.alpha",
     "AlgorithmsBfs.*", None),
    ("bfs-beta-inverted", "algorithms/bfs_direction.hpp",
     "double(size) < double(n_) / options_.beta", "double(size) > double(n_) / options_.beta",
     "AlgorithmsBfs.*", None),
    ("bfs-unexplored-never-shrinks", "algorithms/bfs_direction.hpp",
     "unexplored_ -= edges;", "(void)edges;", "AlgorithmsBfs.*", None),
    ("sssp-heavy-step-skipped", "algorithms/sssp.cpp",
     "    if (!split) continue;\n", "    continue;\n", "AlgorithmsSssp.*:Determinism.Sssp*", None),
    ("sssp-heavy-improvements-dropped", "algorithms/sssp.cpp",
     "    buckets.push(vxm_improve(dist, min_plus<double>{}, settling, heavy));\n",
     "    vxm_improve(dist, min_plus<double>{}, settling, heavy);\n", "AlgorithmsSssp.*", None),
    ("pagerank-dangling-rank-undamped", "algorithms/pagerank_steps.hpp",
     "(1 - d) / double(n) + d * lost / double(n)", "(1 - d) / double(n) + lost / double(n)",
     "AlgorithmsPagerank.*:AlgorithmsCli.Pagerank*", None),
    ("pagerank-stops-at-once", "algorithms/pagerank_steps.hpp",
     "result.change < options.tolerance) break;", "result.change > options.tolerance) break;",
     "AlgorithmsPagerank.*", None),
    ("bc-last-level-skipped", "algorithms/bc.cpp",
     "d-- > 1;)", "d-- > 2;)", "AlgorithmsBc.*", None),
    ("msf-keeps-the-heaviest", "algorithms/msf.cpp",
     "return y < x ? y : x;", "return y < x ? x : y;", "AlgorithmsMsf.*", None),
    ("cc-first-parents-max", "algorithms/cc.cpp",
     "mxv(f, no_mask, min_op<label>{}, min_secondi<label>{}, e,",
     "mxv(f, no_mask, max_op<label>{}, min_secondi<label>{}, e,", "AlgorithmsCc.*", None),
    ("tc-one-duplicate-not-merged", "algorithms/tc.cpp",
     "if (g.duplicate_edges() > 0) {", "if (g.duplicate_edges() > 1) {", "AlgorithmsTc.*", None),
    ("tc-per-vertex-self-loops-kept", "algorithms/tc.cpp",
     "g, {.symmetrize = true, .drop_self_loops = true, .duplicates = duplicate_policy::first});\n"
     "  const matrix<bool> s = structure_of(simple, false);",
     "g, {.symmetrize = true, .drop_self_loops = false, .duplicates = duplicate_policy::first});\n"
     "  const matrix<bool> s = structure_of(simple, false);", "AlgorithmsTc.*", None),
    ("sssp-nan-check-skipped", "algorithms/checks.cpp",
     "if (!std::isnan(reduce(plus_monoid<double>{}, a))) return;", "return;",
     "CliErrors.EveryCommands*", None),
    # semirings
    ("max-monoid-identity-zero", "semirings/monoids.hpp",
     "GRAPHRING_HD static constexpr T identity() { return least_v<T>; }",
     "GRAPHRING_HD static constexpr T identity() { return T{}; }", "MonoidLaws*", None),
    # engine: builder, readers, outputs, memory
    ("builder-min-keeps-max", "engine/builder.cpp",
     "kept = std::min(kept, incoming);", "kept = std::max(kept, incoming);", "Builder.*", None),
    ("builder-wide-arc-truncated", "engine/builder.cpp",
     "return Packed ? key & 0xffffffffu : key;", "return key & 0xffffffffu;",
     "Builder.MoreThanTwoToThe31Edges*", None),
    ("labels-span-wraps", "engine/io/label_compaction.cpp",
     "const bool dense = distance < 4 * count + (1u << 20);",
     "const bool dense = distance + 1 <= 4 * count + (1u << 20);", "EdgeList.*:CliErrors.Labels*", None),
    ("mm-negative-size-accepted", "engine/io/matrix_market_reader.cpp",
     "if (x < 0)\n        throw parse_failure", "if (x < -1000)\n        throw parse_failure",
     "CliErrors.EveryMalformed*", None),
    ("edge-list-count-line-ignored", "engine/io/edge_list_reader.cpp",
     "if (counts.size() == 2 && std::uint64_t(counts[1].first) != edges)",
     "if (counts.size() == 3 && std::uint64_t(counts[1].first) != edges)",
     "CliErrors.EveryMalformed*:EdgeList.*", None),
    ("grb-label-offset-unchecked", "engine/io/grb_reader.cpp",
     "if (h.nrows > 0 &&\n        __builtin_add_overflow(",
     "if (h.nrows > 1u << 30 &&\n        __builtin_add_overflow(",
     "Grb.*", None),
    ("load-mtx-by-name-only", "engine/io/load.cpp",
     'if (first.starts_with("%%MatrixMarket")) return file_format::matrix_market;', "",
     "Load.*", None),
    ("output-may-replace-an-input", "cli/arguments.cpp",
     "if (io::same_file(out, in))", "if (out == in)", "Outputs.AnOutputThatNamesAnInput*", None),
    ("named-temp-kept-on-error", "engine/io/atomic_output.cpp",
     "if (!committed_ && !named_temp_.empty()) unlink(named_temp_.c_str());", "",
     "Outputs.AFileSizeLimit*", None),
    ("stale-temp-test-inverted", "engine/io/temp_names.cpp",
     "errno != ESRCH) continue;", "errno == ESRCH) continue;", "Outputs.ANamedTemporary*", None),
    ("message-control-bytes-raw", "cli/main.cpp",
     "} else if (byte < 0x20 || byte == 0x7f) {", "} else if (byte == 0x7f) {",
     "CliErrors.EveryMalformed*", None),
    ("memory-budget-doubled", "core/memory_budget.cpp",
     "if (before + bytes <= budget && before + bytes >= before) return;",
     "if (before + bytes <= 2 * budget && before + bytes >= before) return;", "MemoryBudget.*", None),
    # decoders
    # (Leaving out validate()'s "length > nvalues - k" check changes no answer: the decode that
    # follows and the group's entry count refuse the same views; it only stops earlier.)
    ("cci-validate-column-unchecked", "engine/formats/cci.cpp",
     "          if (col >= v.ncols) return false;\n        }\n      }\n      bit = c.bit;",
     "        }\n      }\n      bit = c.bit;", "CciDecode.*", None),
    ("cci-validate-stream-end-unchecked", "engine/formats/cci.cpp",
     "if (c.bit > end) return false;", "", "CciDecode.*", None),
    ("cci-reader-refill-at-32", "kernels/formats/cci_view.hpp",
     "if (avail < v.max_code_bits()) {", "if (avail < 32) {", "CciDecode.*", None),
    ("dtans-escape-bit-short", "kernels/formats/dtans_view.hpp",
     "e.symbol + std::uint32_t(read_raw(esc, e.raw_bits));",
     "e.symbol + std::uint32_t(read_raw(esc, e.raw_bits ? e.raw_bits - 1 : 0));",
     "Formats.*:FormatSpmv.*:DtansDecode.*", None),
    ("svb-validate-column-unchecked", "engine/formats/svb.cpp",
     "      if (col >= v.ncols) return false;", "", "Formats.SvbValidate*", None),
    ("svb-tail-skips-whole-control", "kernels/cpu/spmv_svb.hpp",
     "data += n == 4 ? svb_tables.bytes[c] : svb_data_bytes(c, n);",
     "data += svb_tables.bytes[c];", "FormatSpmv.*", None),
    ("svb-prefix-sum-half", "kernels/cpu/spmv_svb.hpp",
     "    d = _mm_add_epi32(d, _mm_slli_si128(d, 8));\n", "", "FormatSpmv.*", None),
    # kernels
    ("pull-search-ignores-presence", "kernels/cpu/spmv_pull.hpp",
     "while (p < last && !x_present[a.cols[p]]) ++p;", "while (p < last && false) ++p;",
     "AlgorithmsBfs.*:OpsProducts.*", None),
    ("pull-search-misses-last-entry", "kernels/cpu/spmv_pull.hpp",
     "    if (p == last) return false;\n", "    if (p + 1 >= last) return false;\n",
     "AlgorithmsBfs.*:OpsProducts.*", None),
    ("improve-repeats-kept", "engine/ops/listed_entries.hpp",
     "std::unique(indices.data(), out) - indices.data()", "out - indices.data()",
     "OpsImprove.*", None),
    ("bucket-refill-keeps-stale", "engine/ops/bucket_queue.hpp",
     "      if (slot_of(key) < window_slots) continue;\n", "", "OpsBucketQueue.*", None),
    ("bucket-below-window-merged", "engine/ops/bucket_queue.hpp",
     "    } else if (lowest < base_) {\n      move_window_down(lowest);\n", "", "OpsBucketQueue.*",
     None),
    ("push-buckets-past-n", "kernels/cpu/spmspv_push.hpp",
     "  if (split.span > 0) split.buckets = int((a.ncols + split.span - 1) / split.span);\n", "",
     "OpsProducts.PushOnManyThreadsFoldsEachIndexOnce", None),
    ("gpu-sell-keeps-long-rows", "engine/device/format_layout.hpp",
     "const bool long_row = length > cuda::sell_row_limit;",
     "const bool long_row = length > 4 * cuda::sell_row_limit;", "CudaGeometry.*", None),
]


def run(cmd, timeout=None, **kw):
    return subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=timeout, **kw)


def build(build_dir):
    targets = ["graphring_tests", "graphring_cli"]
    replays = [f"replay_{t}" for t in ("matrix_market", "edge_list", "dimacs", "grb", "gzip_edge_list", "formats")]
    return run(["cmake", "--build", build_dir, "-j", str(os.cpu_count() or 2), "--target", *targets, *replays])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--only", default="")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    build_dir = os.path.join(ROOT, args.build) if not os.path.isabs(args.build) else args.build
    chosen = [m for m in MUTANTS if not args.only or m[0] in args.only.split(",")]
    if args.list:
        for name, path, *_ in chosen:
            print(f"{name:36} {path}")
        return 0
    tests = os.path.join(build_dir, "tests", "graphring_tests")
    results = []
    original = {}

    def restore(*_):
        for path, text in original.items():
            with open(os.path.join(ROOT, path), "w") as f:
                f.write(text)
        original.clear()

    signal.signal(signal.SIGINT, lambda *a: (restore(), sys.exit(130)))
    signal.signal(signal.SIGTERM, lambda *a: (restore(), sys.exit(143)))
    try:
        for name, path, before, after, gtest_filter, ctest_regex in chosen:
            started = time.time()
            full = os.path.join(ROOT, path)
            with open(full) as f:
                text = f.read()
            if text.count(before) != 1:
                results.append((name, f"NOT APPLIED ({text.count(before)} matches of its text)", 0))
                print(results[-1][1], name, flush=True)
                continue
            original[path] = text
            with open(full, "w") as f:
                f.write(text.replace(before, after))
            made = build(build_dir)
            if made.returncode != 0 and "static assertion failed" in made.stdout:
                verdict = "killed (by a static_assert)"  # a compile-time test caught it
            elif made.returncode != 0:  # tests nothing: the mutation itself needs mending
                verdict = "DOES NOT COMPILE"
            else:
                caught = run([tests, f"--gtest_filter={gtest_filter}"], timeout=1800).returncode != 0
                if not caught and ctest_regex:
                    caught = run(["ctest", "--test-dir", build_dir, "-R", ctest_regex]).returncode != 0
                verdict = "killed" if caught else "SURVIVED"
            restore()
            results.append((name, verdict, time.time() - started))
            print(f"{verdict:28} {name} ({time.time() - started:.0f} s)", flush=True)
    finally:
        restore()
        build(build_dir)
    survived = [r for r in results if not r[1].startswith("killed")]
    print(f"\n{len(results) - len(survived)} of {len(results)} mutations killed")
    for name, verdict, _ in survived:
        print(f"  {verdict}: {name}")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())

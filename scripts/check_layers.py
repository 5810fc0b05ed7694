#!/usr/bin/env python3
"""Checks that the folders form layers and that no header includes itself back.

Layers, bottom to top (docs/architecture.md): core -> semirings -> kernels -> engine ->
algorithms -> bench -> cli -> python -> dist. A file may include files of its own layer and of the layers below,
never above; tests/, docs/ and the top-level graphring.hpp may include anything. Then every
cycle among the repository's own includes (quoted, repository-relative paths) is an error.
Exit status 0 when clean, 1 with one line per violation otherwise.
"""
import os
import re
import sys

LAYERS = ["core", "semirings", "kernels", "engine", "algorithms", "bench", "cli", "python", "dist"]
RANK = {name: rank for rank, name in enumerate(LAYERS)}
SOURCE = re.compile(r"\.(hpp|cpp|cu|cuh|h)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def repository_files(root):
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".") and not d.startswith("build")]
        for name in files:
            if SOURCE.search(name):
                yield os.path.relpath(os.path.join(folder, name), root)


def includes(root, path):
    with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if m and os.path.exists(os.path.join(root, m.group(1))):
                yield number, m.group(1)


def layer(path):
    return path.split("/")[0] if path.split("/")[0] in RANK else None


def cycles(graph):
    """Every include cycle, once each (as the list of its files)."""
    found, state, stack = [], {}, []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for nxt in graph.get(node, ()):
            if state.get(nxt) == "open":
                found.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = "done"

    sys.setrecursionlimit(10000)
    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    problems, graph = [], {}
    for path in sorted(repository_files(root)):
        graph[path] = []
        for number, target in includes(root, path):
            graph[path].append(target)
            mine, theirs = layer(path), layer(target)
            if mine and theirs and RANK[theirs] > RANK[mine]:
                problems.append(f"{path}:{number}: {mine}/ includes {target} from the higher "
                                f"layer {theirs}/")
    for cycle in cycles(graph):
        problems.append("include cycle: " + " -> ".join(cycle))
    for p in problems:
        print(p)
    if problems:
        print(f"check_layers: {len(problems)} problem(s); the layers: {' -> '.join(LAYERS)}")
        return 1
    print(f"check_layers: {len(graph)} files, layers {' -> '.join(LAYERS)} respected, no cycles")
    return 0


if __name__ == "__main__":
    sys.exit(main())

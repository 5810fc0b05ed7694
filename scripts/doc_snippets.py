#!/usr/bin/env python3
"""Runs every code block of README.md and docs/*.md, so that a snippet that stops working fails.

Usage: doc_snippets.py --build BUILD_DIR --work WORK_DIR [--list]

Each fenced block names its language, and an HTML comment on the line before it may say more
(`<!-- snippet: ... -->`, invisible when the Markdown is rendered):
  cpp      a program (it has `int main`) or, with `in NAME`, a fragment put in place of the line
           `// snippet` of tests/snippets/NAME.cpp, which sets up what the fragment uses and
           checks what it computes (the fragment's #include lines go to the top of the file). All are compiled in one consumer project against graphring
           installed from BUILD_DIR with find_package (the cmake block below is that project's
           link step), configured as on a machine without the CUDA toolkit, and run in a scratch
           folder holding `datasets` (the repository's) and `build` (BUILD_DIR). `needs-cuda`:
           compiled only when the library has the CUDA backend, run only where a GPU is present.
           `excerpt FILE`: the block is a verbatim part of FILE (but for comment lines and
           spacing), which the test suite compiles.
  cuda     with `in NAME`: put into tests/snippets/NAME.cu and compiled with nvcc (when the
           library has the CUDA backend), with tests/snippets/ on the include path.
  cmake    the consumer project's find_package and link lines (`my_tool` is each program).
  sh       run with bash -e in the scratch folder, where `graphring` is BUILD_DIR's CLI on PATH.
           Blocks with the same commands (comments and spacing aside) run once.
           `ci`: the commands are the README's own, run by .ci/run, which must contain each.
           `needs-gpu`: run only where a GPU is present. `needs-dist`: run only when BUILD_DIR
           has graphring-dist (dist/), with mpirun allowed to run as root and to place more
           processes than cores.
  console  `$ COMMAND` lines, each followed by the output it prints (standard output and error):
           run, and the output compared line by line, a number with a point or an exponent (a
           time) standing for any number and `...` for anything. `no-gpu`: run only where no GPU is present; `needs-cuda`: only where
           the library has the CUDA backend.
  python   run in the scratch folder by the Python that built BUILD_DIR's module (the build's
           Python_EXECUTABLE), importing graphring from BUILD_DIR/python; not run when the build
           has no Python module.
  text     not code (tables, pictures, synopses); json: a data sample. Neither is run.
Also checks that the package found from the build tree (CMAKE_PREFIX_PATH=BUILD_DIR) builds the
first program. Exit status 0 when every block passes, 1 otherwise, with one line per failure.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANGUAGES = {"cpp", "cuda", "cmake", "sh", "console", "python", "text", "json"}
FENCE = re.compile(r"^```(\S*)\n(.*?)^```\s*$", re.S | re.M)
DIRECTIVE = re.compile(r"<!--\s*snippet:\s*(.*?)\s*-->\s*$")


class Block:
    def __init__(self, path, line, language, body, directive):
        self.path, self.line, self.language, self.body = path, line, language, body
        self.words = directive.split()
        self.name = f"{os.path.relpath(path, ROOT)}:{line}"

    def option(self, key):
        """The word after `key` in the directive, or None."""
        return self.words[self.words.index(key) + 1] if key in self.words[:-1] else None


def blocks():
    paths = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    for path in paths:
        text = open(path, encoding="utf-8").read()
        for m in FENCE.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            before = text[: m.start()].rstrip("\n").rsplit("\n", 1)[-1]
            d = DIRECTIVE.search(before)
            yield Block(path, line, m.group(1), m.group(2), d.group(1) if d else "")


def run(command, cwd, env=None, timeout=600, merged=False):
    """Runs command; with merged, standard error goes into stdout as the command prints it."""
    if merged:
        return subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=timeout)
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)


def gpu_present(cli):
    out = run([cli, "--version"], ROOT).stdout
    m = re.search(r"(\d+) devices? present", out)
    return bool(m and int(m.group(1)) > 0)


def has_cuda_backend(cli):
    return "CUDA backend built" in run([cli, "--version"], ROOT).stdout


def module_python(build):
    """The Python that built BUILD_DIR's graphring module, or None when it has none."""
    if not glob.glob(os.path.join(build, "python", "graphring", "_graphring*.so")):
        return None
    cache = open(os.path.join(build, "CMakeCache.txt"), encoding="utf-8").read()
    m = re.search(r"^Python_EXECUTABLE:\w+=(.*)$", cache, re.M)
    return m.group(1).strip() if m else None


def program_source(block):
    """The C++ source of a cpp block: itself, or its fragment inside its context."""
    context = block.option("in")
    if not context:
        return block.body
    template = open(os.path.join(ROOT, "tests", "snippets", context + ".cpp"), encoding="utf-8")
    text = template.read()
    if "// snippet\n" not in text:
        raise ValueError(f"tests/snippets/{context}.cpp has no '// snippet' line")
    # The fragment's #include lines go to the top of the file, the rest in place of the marker.
    lines = block.body.splitlines(keepends=True)
    includes = "".join(l for l in lines if l.startswith("#include"))
    body = "".join(l for l in lines if not l.startswith("#include"))
    return includes + text.replace("// snippet\n", body, 1)


def normalized(text):
    """The text's words, without its comment lines."""
    kept = [l for l in text.splitlines() if not l.strip().startswith("//")]
    return " ".join(" ".join(kept).split())


def output_matches(expected, got):
    """Line by line; a number with a point or an exponent in `expected` (a time) stands for any
    number, `...` for anything; integers and the rest must match."""
    number = r"-?\d+\.?\d*(?:[eE][-+]?\d+)?"
    decimal = r"-?\d+\.\d*(?:[eE][-+]?\d+)?|-?\d+[eE][-+]?\d+"
    want = [l for l in expected if l.strip()]
    have = [l for l in got.splitlines() if l.strip()]
    if len(want) != len(have):
        return False
    for w, h in zip(want, have):
        parts = re.split(f"(\\.\\.\\.|{decimal})", w)
        pattern = "".join(
            ".*" if p == "..." else number if p and re.fullmatch(decimal, p) else re.escape(p)
            for p in parts)
        if not re.fullmatch(pattern, h.rstrip()):
            return False
    return True


def console_commands(body):
    """[(command, [expected output lines])] of a console block."""
    steps = []
    for line in body.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
        elif line.strip():
            raise ValueError("a console block starts with a '$ ' command")
    return steps


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--list", action="store_true", help="list the blocks and what is done")
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    cli = os.path.join(build, "graphring")
    all_blocks = list(blocks())
    failures = []

    def fail(block, why):
        failures.append(f"{block.name}: {why}")

    for b in all_blocks:
        if b.language not in LANGUAGES:
            fail(b, f"a code block needs a language, one of {sorted(LANGUAGES)}")
    if args.list:
        for b in all_blocks:
            print(f"{b.name} {b.language} {' '.join(b.words)}")
        return 0

    cuda_backend = has_cuda_backend(cli)
    gpu = cuda_backend and gpu_present(cli)
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    scratch = os.path.join(work, "scratch")
    os.makedirs(scratch)
    os.symlink(os.path.join(ROOT, "datasets"), os.path.join(scratch, "datasets"))
    os.symlink(build, os.path.join(scratch, "build"))
    env = dict(os.environ, PATH=build + os.pathsep + os.environ.get("PATH", ""))

    # The consumer project: one executable per C++ block.
    cmake_blocks = [b for b in all_blocks if b.language == "cmake"]
    link_lines = cmake_blocks[0].body if cmake_blocks else ""
    if "find_package(graphring" not in link_lines:
        print("no cmake block with find_package(graphring) in the docs")
        return 1
    find_line = next(l for l in link_lines.splitlines() if "find_package" in l)
    per_target = "\n".join(l for l in link_lines.splitlines() if "find_package" not in l)
    project = os.path.join(work, "consumer")
    os.makedirs(project)
    programs = []
    cmake = ["cmake_minimum_required(VERSION 3.25)", "project(doc_snippets LANGUAGES CXX)",
             "set(CMAKE_CXX_STANDARD 20)", find_line]
    for b in all_blocks:
        if b.language != "cpp" or b.option("excerpt"):
            continue
        if "needs-cuda" in b.words and not cuda_backend:
            print(f"{b.name}: not compiled (this build has no CUDA backend)")
            continue
        name = f"snippet_{len(programs)}"
        try:
            source = program_source(b)
        except (OSError, ValueError) as e:
            fail(b, str(e))
            continue
        if "int main" not in source:
            fail(b, "neither a program (int main) nor a fragment with 'in CONTEXT'")
            continue
        with open(os.path.join(project, name + ".cpp"), "w", encoding="utf-8") as f:
            f.write(source)
        cmake.append(f"add_executable({name} {name}.cpp)")
        cmake.append(per_target.replace("my_tool", name))
        programs.append((name, b))
    with open(os.path.join(project, "CMakeLists.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(cmake) + "\n")

    prefix = os.path.join(work, "prefix")
    r = run(["cmake", "--install", build, "--prefix", prefix], ROOT)
    if r.returncode:
        print("cmake --install failed:\n" + r.stdout + r.stderr)
        return 1
    # As on a machine without the CUDA toolkit: the package must not need it.
    configure = ["cmake", "-S", project, "-B", os.path.join(work, "installed"),
                 "-DCMAKE_BUILD_TYPE=Release", f"-DCMAKE_PREFIX_PATH={prefix}",
                 "-DCMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit=ON"]
    r = run(configure, ROOT)
    built = r.returncode == 0
    if built:
        r = run(["cmake", "--build", os.path.join(work, "installed"), "-j",
                 str(os.cpu_count() or 2)], ROOT, timeout=1800)
        built = r.returncode == 0
    if not built:
        print("the consumer project failed to build:\n" + (r.stdout + r.stderr)[-6000:])
        return 1
    for name, b in programs:
        if "needs-cuda" in b.words and not gpu:
            print(f"{b.name}: compiled, not run (no GPU here)")
            continue
        r = run([os.path.join(work, "installed", name)], scratch, env)
        if r.returncode:
            fail(b, f"exit status {r.returncode}: {(r.stdout + r.stderr).strip()[-800:]}")

    # The same package from the build tree, for the first program.
    if programs:
        r = run(["cmake", "-S", project, "-B", os.path.join(work, "build-tree"),
                 "-DCMAKE_BUILD_TYPE=Release", f"-DCMAKE_PREFIX_PATH={build}"], ROOT)
        if r.returncode == 0:
            r = run(["cmake", "--build", os.path.join(work, "build-tree"), "--target",
                     programs[0][0]], ROOT, timeout=1800)
        if r.returncode:
            failures.append("find_package(graphring) from the build tree failed: "
                            + (r.stdout + r.stderr)[-1500:])

    ci_script = open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8").read()
    passed_sh = {}  # the commands of each sh block that passed -> its name
    for b in all_blocks:
        if b.language == "cpp" and b.option("excerpt"):
            source = open(os.path.join(ROOT, b.option("excerpt")), encoding="utf-8").read()
            if normalized(b.body) not in normalized(source):
                fail(b, f"not a verbatim part of {b.option('excerpt')}")
        elif b.language == "cuda":
            if not cuda_backend:
                print(f"{b.name}: not compiled (this build has no CUDA backend)")
                continue
            context = b.option("in")
            if not context:
                fail(b, "a cuda block needs 'in CONTEXT'")
                continue
            text = open(os.path.join(ROOT, "tests", "snippets", context + ".cu")).read()
            source = os.path.join(work, context + ".cu")
            with open(source, "w", encoding="utf-8") as f:
                f.write(text.replace("// snippet\n", b.body, 1))
            nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
            r = run([nvcc, "-std=c++20", "--expt-relaxed-constexpr", "-arch=sm_80",
                     "-I", os.path.join(prefix, "include", "graphring"),
                     "-I", os.path.join(ROOT, "tests", "snippets"), "-c", source,
                     "-o", source + ".o"], work, timeout=1800)
            if r.returncode:
                fail(b, "nvcc: " + (r.stdout + r.stderr)[-1500:])
        elif b.language == "sh":
            commands = [l.split("#")[0].strip() for l in b.body.splitlines()]
            if "ci" in b.words:
                for c in commands:
                    if c and c not in ci_script:
                        fail(b, f"'{c}' is not run by .ci/run")
                continue
            if "needs-gpu" in b.words and not gpu:
                print(f"{b.name}: not run (no GPU here)")
                continue
            block_env = env
            if "needs-dist" in b.words:
                if not os.path.exists(os.path.join(build, "dist", "graphring-dist")):
                    print(f"{b.name}: not run (this build has no graphring-dist)")
                    continue
                block_env = dict(env, OMPI_ALLOW_RUN_AS_ROOT="1",
                                 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                                 OMPI_MCA_rmaps_base_oversubscribe="1", OMP_NUM_THREADS="1")
            # The same commands in two documents (README and a docs page) run once.
            same = tuple(" ".join(c.split()) for c in commands if c) + tuple(sorted(b.words))
            if same in passed_sh:
                print(f"{b.name}: not run (the same commands as {passed_sh[same]}, which passed)")
                continue
            r = run(["bash", "-e", "-c", b.body], scratch, block_env)
            if r.returncode:
                fail(b, f"exit status {r.returncode}: {(r.stdout + r.stderr).strip()[-800:]}")
            else:
                passed_sh[same] = b.name
        elif b.language == "python":
            python = module_python(build)
            if not python:
                print(f"{b.name}: not run (this build has no Python module)")
                continue
            r = run([python, "-c", b.body], scratch,
                    dict(env, PYTHONPATH=os.path.join(build, "python")))
            if r.returncode:
                fail(b, f"exit status {r.returncode}: {(r.stdout + r.stderr).strip()[-800:]}")
        elif b.language == "console":
            if "needs-cuda" in b.words and not cuda_backend:
                print(f"{b.name}: not run (this build has no CUDA backend)")
                continue
            if "no-gpu" in b.words and gpu:
                print(f"{b.name}: not run (it shows what happens without a GPU)")
                continue
            try:
                steps = console_commands(b.body)
            except ValueError as e:
                fail(b, str(e))
                continue
            for command, expected in steps:
                r = run(["bash", "-c", command], scratch, env, merged=True)
                if not output_matches(expected, r.stdout):
                    fail(b, f"'{command}' printed:\n{r.stdout.strip()[-800:]}")

    counts = {}
    for b in all_blocks:
        counts[b.language] = counts.get(b.language, 0) + 1
    print(f"{len(all_blocks)} blocks ({', '.join(f'{v} {k}' for k, v in sorted(counts.items()))}),"
          f" {len(programs)} C++ programs built; {len(failures)} failed")
    for f in failures:
        print("FAILED " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

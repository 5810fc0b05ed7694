"""Semirings defined at run time, compiled on first use into graphring's own kernel.

    sr = graphring.Semiring(add="min", multiply="a + b")           # min_plus, by hand
    w, present = graphring.mxv(g, x, semiring=sr)

`add` is a built-in monoid by name (min, max, plus, times: graphring's own monoids, with their
identities and early exits) or a C++ expression in `a` and `b` with an `identity` (and, when a
value ends every sum, a `terminal`); `multiply` is a C++ expression in `a`, the matrix entry (the
edge's weight, 1 on an unweighted graph), and `b`, x's entry. Both are over `dtype` (float64 or
int64; the C++ type is `T`; <cmath> and <limits> are included). The definition becomes a small
C++ file that instantiates graphring's CSR pull kernel (kernels/cpu/spmv_pull.hpp, the template
the built-in semirings are compiled from) with it, compiled by the system's C++ compiler ($CXX,
else c++) with the flags graphring's own build uses, and cached on disk
($GRAPHRING_JIT_CACHE, else ~/.cache/graphring/jit) under a hash of the source, the compiler, its
flags and this graphring module, as SuiteSparse:GraphBLAS's JIT caches its kernels. A second
definition with the same text, in this process or a later one, loads the cached library.

The expressions are C++ compiled into this process: define semirings from code you trust.
"""

import ctypes
import hashlib
import math
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

from . import _graphring
from ._graphring import Error

_TYPES = {"float64": "double", "int64": "std::int64_t"}
_MONOIDS = {"min": "min_monoid<T>", "max": "max_monoid<T>", "plus": "plus_monoid<T>",
            "times": "times_monoid<T>"}
_FLAGS = ["-std=c++20", "-O3", "-DNDEBUG", "-fopenmp", "-fPIC", "-shared"]

_SOURCE = """\
// graphring semiring compiled at run time (graphring/jit.py): {title}
#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/cpu/spmv_pull.hpp"
#include "semirings/semiring.hpp"

namespace graphring::detail {{
namespace {{
void (*module_reserve)(std::size_t) = nullptr;
}}
// The memory budget's check is the graphring module's: blocks made here count against its limit.
void reserve_memory(std::size_t bytes) {{ module_reserve(bytes); }}
}}  // namespace graphring::detail

namespace graphring::compiled {{
using T = {ctype};
{monoid}
struct multiply_op : binary_op_types<T> {{
  GRAPHRING_HD constexpr T operator()(T a, T b) const {{ return ({multiply}); }}
}};
using S = semiring<{add_monoid}, multiply_op>;
}}  // namespace graphring::compiled

extern "C" {{
void graphring_jit_init(void (*reserve)(std::size_t)) {{ graphring::detail::module_reserve = reserve; }}

std::uint64_t graphring_jit_mxv(const graphring::kernels::csr_view<double>* a, const void* x,
                                const std::uint8_t* x_present, void* w, std::uint8_t* w_present) {{
  using graphring::compiled::T;
  try {{
    return graphring::kernels::spmv_pull<graphring::compiled::S>(
        *a, static_cast<const T*>(x), x_present, static_cast<T*>(w), w_present,
        [](std::uint64_t) {{ return true; }});
  }} catch (...) {{
    return ~std::uint64_t(0);
  }}
}}
}}
"""

_MONOID = """struct add_monoid : binary_op_types<T> {{
  using value_type = T;
  static constexpr bool commutative = {commutative};
  GRAPHRING_HD static constexpr T identity() {{ return ({identity}); }}
{terminal}  GRAPHRING_HD constexpr T operator()(T a, T b) const {{ return ({add}); }}
}};"""


def _constant(value):
    """A Python number (inf and nan too) or a C++ expression, as C++ of type T."""
    if isinstance(value, str):
        return {"inf": "std::numeric_limits<T>::infinity()",
                "-inf": "-std::numeric_limits<T>::infinity()"}.get(value.strip(), value)
    if isinstance(value, float) and math.isinf(value):
        return ("-" if value < 0 else "") + "std::numeric_limits<T>::infinity()"
    if isinstance(value, float) and math.isnan(value):
        return "std::numeric_limits<T>::quiet_NaN()"
    return f"T({value!r})"


def _include_dir():
    shipped = pathlib.Path(__file__).resolve().parent / "include"
    return shipped if (shipped / "kernels").is_dir() else pathlib.Path(_graphring.source_dir)


def _cache_dir():
    if os.environ.get("GRAPHRING_JIT_CACHE"):
        return pathlib.Path(os.environ["GRAPHRING_JIT_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or pathlib.Path.home() / ".cache"
    return pathlib.Path(base) / "graphring" / "jit"


class Semiring:
    """A semiring for graphring.mxv, compiled on first use (see the module's doc)."""

    def __init__(self, add, multiply, identity=None, dtype="float64", terminal=None,
                 commutative=True, name=None):
        if dtype not in _TYPES:
            raise ValueError(f"dtype must be one of {', '.join(_TYPES)}, not {dtype!r}")
        for what, text in (("add", add), ("multiply", multiply)):
            if not isinstance(text, str) or not text.strip():
                raise TypeError(f"{what} must be a monoid's name or a C++ expression in a and b")
        self.dtype = dtype
        self.name = name or f"({add}, {multiply})"
        if add in _MONOIDS:
            if identity is not None or terminal is not None:
                raise ValueError(f"the {add} monoid has its own identity and terminal")
            monoid, add_monoid = "", _MONOIDS[add]
        else:
            if identity is None:
                raise ValueError("an add given as an expression needs its identity")
            term = "" if terminal is None else (
                f"  GRAPHRING_HD static constexpr T terminal() {{ return "
                f"({_constant(terminal)}); }}\n")
            monoid = _MONOID.format(commutative="true" if commutative else "false",
                                    identity=_constant(identity), terminal=term, add=add)
            add_monoid = "add_monoid"
        self.source = _SOURCE.format(title=self.name.replace("\n", " "), ctype=_TYPES[dtype],
                                     monoid=monoid, add_monoid=add_monoid, multiply=multiply)
        self.compile_seconds = None  # the first use's compile time; 0.0 when loaded from cache
        self._kernel = None
        self._library = None

    def __repr__(self):
        return f"<graphring.Semiring {self.name} over {self.dtype}>"

    def kernel(self):
        """The compiled product's address (compiling or loading the library on first use)."""
        if self._kernel is None:
            self._load()
        return self._kernel

    def _load(self):
        compiler = shutil.which(os.environ.get("CXX", "c++"))
        if compiler is None:
            raise Error(f"no C++ compiler to compile the semiring {self.name} with: "
                        f"'{os.environ.get('CXX', 'c++')}' is not found (set CXX)")
        include = _include_dir()
        module = pathlib.Path(_graphring.__file__).stat()
        key = hashlib.sha256("\0".join([
            self.source, compiler, " ".join(_FLAGS), str(include),
            f"{module.st_size} {module.st_mtime_ns}"]).encode()).hexdigest()[:24]
        cache = _cache_dir()
        library = cache / f"semiring-{key}.so"
        started = time.perf_counter()
        if library.exists():
            self.compile_seconds = 0.0
        else:
            cache.mkdir(parents=True, exist_ok=True)
            source = cache / f"semiring-{key}.cpp"
            source.write_text(self.source)
            with tempfile.NamedTemporaryFile(dir=cache, suffix=".so", delete=False) as t:
                partial = pathlib.Path(t.name)
            run = subprocess.run([compiler, *_FLAGS, "-I", str(include), str(source), "-o",
                                  str(partial)], capture_output=True, text=True)
            if run.returncode != 0:
                partial.unlink(missing_ok=True)
                errors = [line for line in run.stderr.splitlines() if "error" in line]
                first = (errors or run.stderr.strip().splitlines() or ["no message"])[0]
                raise Error(f"the semiring {self.name} does not compile: {first} "
                            f"(source: {source})")
            os.replace(partial, library)  # whole, even with another process compiling it
            self.compile_seconds = time.perf_counter() - started
        self._library = ctypes.CDLL(str(library))
        self._library.graphring_jit_init.argtypes = [ctypes.c_void_p]
        self._library.graphring_jit_init(_graphring.reserve_memory_address())
        self._kernel = ctypes.cast(self._library.graphring_jit_mxv, ctypes.c_void_p).value

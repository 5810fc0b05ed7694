"""Semirings defined at run time, compiled on first use into graphring's own kernels.

    sr = graphring.Semiring(add="min", multiply="a + b")           # min_plus, by hand
    w, present = graphring.mxv(g, x, semiring=sr)

`add` is a built-in monoid by name (min, max, plus, times: graphring's own monoids, with their
identities and early exits) or a C++ expression in `a` and `b` with an `identity` (and, when a
value ends every sum, a `terminal`); `multiply` is a C++ expression in `a`, the matrix entry (the
edge's weight, 1 on an unweighted graph), and `b`, x's entry. Both are over `dtype` (float64 or
int64; the C++ type is `T`; <cmath> and <limits> are included). The definition becomes a small
C++ file that instantiates graphring's kernels with it (every format's pull kernel and the push
kernel, kernels/cpu/product_table.hpp: the templates the built-in semirings are compiled from),
compiled by the system's C++ compiler ($CXX, else c++) with the flags graphring's own build uses,
and cached on disk
($GRAPHRING_JIT_CACHE, else ~/.cache/graphring/jit) under a hash of the source, the compiler, its
flags and this graphring module, as SuiteSparse:GraphBLAS's JIT caches its kernels. A second
definition with the same text, in this process or a later one, loads the cached library. The
C++ engine compiles and loads it (engine/registry/compiled_semiring.hpp), as for the CLI's
`graphring spmv --semiring-def`, and multiplies with it as with a built-in semiring: mxv's
`method`, `format` and `order` work the same.

The expressions are C++ compiled into this process: define semirings from code you trust.
"""

import math
import pathlib

from . import _graphring

_TYPES = ("float64", "int64")


def _text(value):
    """A Python number (inf and nan too) or a C++ expression, as the engine's definition text."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, float) and math.isinf(value):
        return "-inf" if value < 0 else "inf"
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    return repr(value)


def _include_dir():
    shipped = pathlib.Path(__file__).resolve().parent / "include"
    return shipped if (shipped / "kernels").is_dir() else pathlib.Path(_graphring.source_dir)


class Semiring:
    """A semiring for graphring.mxv, compiled on first use (see the module's doc)."""

    def __init__(self, add, multiply, identity=None, dtype="float64", terminal=None,
                 commutative=True, name=None):
        if dtype not in _TYPES:
            raise ValueError(f"dtype must be one of {', '.join(_TYPES)}, not {dtype!r}")
        for what, text in (("add", add), ("multiply", multiply)):
            if not isinstance(text, str) or not text.strip():
                raise TypeError(f"{what} must be a monoid's name or a C++ expression in a and b")
        if add.strip() in ("min", "max", "plus", "times"):
            if identity is not None or terminal is not None:
                raise ValueError(f"the {add} monoid has its own identity and terminal")
        elif identity is None:
            raise ValueError("an add given as an expression needs its identity")
        self.dtype = dtype
        self.name = name or f"({add}, {multiply})"
        self._definition = (add.strip(), multiply.strip(), _text(identity), _text(terminal),
                            dtype, bool(commutative), self.name)
        self.source = _graphring.semiring_source(*self._definition)
        self.compile_seconds = None  # the first use's compile time; 0.0 when loaded from cache
        self._compiled = None

    def __repr__(self):
        return f"<graphring.Semiring {self.name} over {self.dtype}>"

    def compiled(self):
        """The compiled library (compiling it, or loading it from the cache, on first use)."""
        if self._compiled is None:
            self._compiled = _graphring.compile_semiring(
                *self._definition, str(_include_dir()), _graphring.__file__)
            self.compile_seconds = self._compiled.compile_seconds
        return self._compiled

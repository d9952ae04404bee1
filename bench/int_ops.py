"""What Python's integers cost where the solvers live: bit-set operations on integers below
2**30 (one digit: CPython's compact ints), of 54 and of 108 bits (Gyre's card masks and
their keys), and dict inserts with small tuple keys, 200,000 each, in milliseconds. Run in
CPython, then in the build's Pyodide in a blank page (``--page``; ``--malloc mimalloc`` starts
that Pyodide with ``PYTHONMALLOC=mimalloc``, which its Python 3.14 is built with). Three runs
each; docs/PERFORMANCE.md has the figures.

    .venv/bin/python bench/int_ops.py [--page] [--dist dist] [--malloc mimalloc]
"""

from __future__ import annotations

import time
def bench() -> dict[str, float]:
    out = {}
    for name, a, b in (("small", (1 << 29) - 12345, (1 << 28) + 777), ("big54", (1 << 53) - 12345, (1 << 50) + 777), ("big108", (1 << 107) - 12345, (1 << 100) + 777)):
        t = time.perf_counter()
        acc = 0
        for i in range(200_000):
            x = (a | i) & ~b
            acc ^= x >> 3
            low = x & -x
        out[name] = round((time.perf_counter() - t) * 1e3, 1)
    t = time.perf_counter()
    d: dict[tuple[int, int, int], int] = {}
    for i in range(200_000):
        d[(i & 1023, i & 7, i & 63)] = i
    out["tuplekeys"] = round((time.perf_counter() - t) * 1e3, 1)
    return out


def in_page(dist: str, malloc: str) -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import solve_speed

    with solve_speed.blank_page(dist, f'env: {{PYTHONMALLOC: "{malloc}"}}, ' if malloc else "") as (page, _browser):
        page.evaluate("code => py.runPython(code)", Path(__file__).read_text().split("\ndef in_page")[0])
        print("allocator:", page.evaluate(
            "() => py.runPython('import _testinternalcapi as t; t.pymem_getallocatorsname()')"))
        for _ in range(3):
            print(page.evaluate("() => py.runPython('str(bench())')"))

if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", action="store_true")
    parser.add_argument("--dist", default="dist")
    parser.add_argument("--malloc", default="")
    args = parser.parse_args()
    if args.page:
        in_page(args.dist, args.malloc)
    else:
        for _ in range(3):
            print(bench())

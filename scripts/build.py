"""Build the static site into dist/ (or the folder given): page, app, runtime, service worker.

    python3 scripts/build.py [--out dist] [--zip solitaire-orbit.zip]

Needs only the standard library and `npm ci` having filled node_modules/.
Every URL in the output is relative, so the folder works from any sub-path
(GitHub Pages) and zipped with index.html at its root (itch.io).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Pyodide's runtime files; its python_stdlib.zip is replaced by a pre-compiled one.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
#: Fixed timestamp for zip entries so identical sources give an identical app.zip.
ZIP_DATE = (2026, 1, 1, 0, 0, 0)


def app_zip(root: Path, dest: Path) -> None:
    """pyapp/ (the engine, the tables and the DOM binding) as one zip, unpacked by PyScript into its cwd."""
    files = sorted(p for p in (root / "pyapp").rglob("*.py") if "__pycache__" not in p.parts)
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(root).as_posix(), ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())


def compiled_stdlib(node: Path) -> Path:
    """The standard library as .pyc, compiled by Pyodide's own Python under Node;
    cached in node_modules/.cache per Pyodide version (it takes a few seconds)."""
    version = json.loads((node / "pyodide" / "package.json").read_text())["version"]
    cached = node / ".cache" / "solitaire-orbit" / f"python_stdlib_pyc-{version}-deflated.zip"
    if not cached.exists():
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".partial")
        subprocess.run(["node", str(ROOT / "scripts" / "compile_stdlib.mjs"), str(node / "pyodide"), str(partial)], check=True)
        partial.replace(cached)
    return cached


def build(out: Path, root: Path = ROOT) -> dict[str, object]:
    """Build the site from the project at ``root`` into ``out``; returns a summary."""
    node = root / "node_modules"
    if not (node / "pyodide" / "pyodide.mjs").exists() or not (node / "@pyscript" / "core" / "dist" / "core.js").exists():
        sys.exit("node_modules is missing pyodide or @pyscript/core: run `npm ci` first")
    if out.exists():
        shutil.rmtree(out)
    (out / "runtime" / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(node / "pyodide" / name, out / "runtime" / "pyodide" / name)
    shutil.copy2(compiled_stdlib(node), out / "runtime" / "pyodide" / "python_stdlib_pyc.zip")
    shutil.copy2(root / "static" / "pyodide-loader.mjs", out / "runtime" / "pyodide" / "loader.mjs")
    shutil.copytree(
        node / "@pyscript" / "core" / "dist",
        out / "runtime" / "pyscript",
        ignore=shutil.ignore_patterns("*.map"),
    )
    shutil.copytree(root / "static", out / "static", ignore=shutil.ignore_patterns("sw.js", "*.md", "pyodide-loader.mjs"))
    app_zip(root, out / "app.zip")
    (out / "pyscript.json").write_text(
        json.dumps({"interpreter": "./runtime/pyodide/loader.mjs", "files": {"./app.zip": "./*"}}, indent=1) + "\n"
    )
    shutil.copy2(root / "index.html", out / "index.html")

    # The service worker precaches every file; its cache name is a hash of them all,
    # so any change to the build installs a new cache and drops the old one.
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    sw = (root / "static" / "sw.js").read_text()
    digest = hashlib.sha256(sw.encode())
    for rel in files:
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes())
    version = digest.hexdigest()[:16]
    # The page is cached under both of the URLs it is opened by.
    precache = ["./"] + [f"./{rel}" for rel in files]
    sw = sw.replace("__VERSION__", version).replace('"__PRECACHE__"', json.dumps(precache, indent=1))
    (out / "sw.js").write_text(sw)
    (out / "version.json").write_text(json.dumps({"version": version}) + "\n")
    size = sum((out / rel).stat().st_size for rel in files)
    return {"out": str(out), "version": version, "files": len(files) + 2, "bytes": size}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "dist"))
    parser.add_argument("--zip", help="also write an itch.io zip of the site to this path")
    args = parser.parse_args()
    out = Path(args.out).resolve()
    info = build(out)
    if args.zip:
        with zipfile.ZipFile(args.zip, "w", zipfile.ZIP_DEFLATED) as zf:
            for p in sorted(out.rglob("*")):
                if p.is_file():
                    zf.write(p, p.relative_to(out).as_posix())
        info["zip"] = args.zip
    print(f"built {info['out']}: {info['files']} files, {int(info['bytes']) / 1e6:.1f} MB, version {info['version']}")  # type: ignore[call-overload]


if __name__ == "__main__":
    main()

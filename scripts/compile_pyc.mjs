// Compile Python sources to .pyc with Pyodide's own Python (run by Node), so the page
// imports byte code instead of compiling sources at every start.
//
//     node scripts/compile_pyc.mjs <pyodide package dir> <output zip> [<source zip>]
//
// Without a source zip it compiles Pyodide's standard library; with one (the app's
// pyapp/ sources, from scripts/build.py), that zip. Each `x.py` becomes `x.pyc` beside
// where it was (imported without its source, so the zip holds byte code only; the app's
// docstrings are left out of it); other files are kept. Entries are sorted, dated 2026-01-01 and deflated (4.5 MB rather than
// 10.6 MB stored for the standard library; inflating costs no measurable start-up time),
// so the same Pyodide and sources always give the same bytes.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, out, sources] = process.argv.slice(2);
if (!dir || !out) {
  console.error("usage: node scripts/compile_pyc.mjs <pyodide package dir> <output zip> [<source zip>]");
  process.exit(2);
}
const indexURL = resolve(dir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL });
if (sources) py.FS.writeFile("/tmp/sources.zip", readFileSync(sources));
const counts = py.runPython(`
import ast, sys, zipfile
from importlib._bootstrap_external import _code_to_timestamp_pyc


def without_docstrings(data, name):
    """The app's module, class and function docs (its doctests and proofs: nothing reads
    __doc__ at run time) left out of the byte code; asserts and line numbers kept."""
    tree = ast.parse(data, name)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            if len(body) > 1:
                del body[0]
            else:
                body[0] = ast.copy_location(ast.Pass(), body[0])
    return tree

DATE = (2026, 1, 1, 0, 0, 0)
APP = ${sources ? "True" : "False"}
source = "/tmp/sources.zip" if APP else next(p for p in sys.path if p.endswith(".zip"))
compiled = kept = 0
with zipfile.ZipFile(source) as src, zipfile.ZipFile("/tmp/compiled.zip", "w", zipfile.ZIP_DEFLATED) as dst:
    for info in sorted(src.infolist(), key=lambda i: i.filename):
        data = src.read(info.filename)
        name = info.filename
        if name.endswith(".py"):
            try:
                code = without_docstrings(data, name) if APP else data
                data = bytes(_code_to_timestamp_pyc(compile(code, name, "exec", dont_inherit=True), 0, 0))
                name += "c"
                compiled += 1
            except SyntaxError:
                if APP:
                    raise
                kept += 1
        else:
            kept += 1
        entry = zipfile.ZipInfo(name, DATE)
        entry.compress_type = zipfile.ZIP_DEFLATED
        dst.writestr(entry, data)
f"{compiled} modules compiled, {kept} files kept"
`);
writeFileSync(out, py.FS.readFile("/tmp/compiled.zip"));
console.log(`${out}: ${counts}`);

// PyScript's "interpreter": Pyodide's own loadPyodide, given the standard
// library pre-compiled to byte code by scripts/compile_stdlib.mjs. Importing
// .pyc instead of compiling sources makes every start about a second faster.
import { loadPyodide as realLoadPyodide, version } from "./pyodide.mjs";

export { version };

export function loadPyodide(options = {}) {
  return realLoadPyodide({ ...options, stdLibURL: new URL("./python_stdlib_pyc.zip", import.meta.url).href });
}

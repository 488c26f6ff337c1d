// Build step: run web/pyc.py in Pyodide under Node.js, with the build folder mounted at /host.
// Usage: node web/pyc.mjs PYODIDE_DIR BUILD_DIR  (BUILD_DIR holds app/; python_stdlib.zip is written there)
import path from "node:path";
import { fileURLToPath } from "node:url";
import fs from "node:fs";

const [pyodideDir, buildDir] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
pyodide.FS.mkdirTree("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: buildDir }, "/host");
const script = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "pyc.py"), "utf8");
pyodide.globals.set("SCRIPT", script);
try {
  pyodide.runPython(`
import sys
stdlib = next(p for p in sys.path if p.endswith(".zip"))
sys.argv = ["pyc.py", stdlib, "/host/python_stdlib.zip", "/host/app"]
exec(compile(SCRIPT, "pyc.py", "exec"), {"__name__": "__main__"})
`);
} catch (error) {  // the Python traceback, not Node's dump of the minified line it came through
  console.error(String(error.message || error));
  process.exit(1);
}

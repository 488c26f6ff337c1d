"""Run by web/pyc.mjs inside Pyodide (the browser's own Python, under Node.js) at build time.

Python in the page would otherwise compile every module it imports from source at each start: the
standard library while Pyodide starts and Flet and Tabula after it, some 450 modules, seconds of work
on a phone. Compiled here once, with the very Python version the page runs, the page only loads them.

    pyc.py STDLIB_ZIP OUT_ZIP APP_DIR
- the standard library zip becomes a zip of .pyc files (docstrings and asserts left out, -OO: this is
  Python's own code, tested so), without the modules a browser app never imports (DROP);
- in APP_DIR (Tabula and its packages) every .py becomes a .pyc beside it, in place of the source,
  without docstrings (asserts stay: -OO would drop those too).
"""

from __future__ import annotations

import ast
import importlib._bootstrap_external as bootstrap
import os
import re
import sys
import zipfile

# Never imported by Tabula, Flet or Pyodide's start in a page: the interactive console and debuggers,
# tests and documentation tools, servers and mail clients, process pools, a database without its
# extension module, and codecs for legacy and East Asian encodings (Tabula reads and writes UTF-8).
DROP = {
    "_pyrepl", "unittest", "doctest", "pydoc", "pydoc_data", "pdb", "bdb", "idlelib", "turtle",
    "turtledemo", "tkinter", "ensurepip", "venv", "lib2to3", "xmlrpc", "wsgiref", "imaplib", "mailbox",
    "poplib", "smtplib", "nntplib", "telnetlib", "sqlite3", "dbm", "shelve", "curses", "multiprocessing",
    "antigravity", "this", "__hello__", "__phello__", "cProfile", "profile", "pstats", "tabnanny",
    "zipapp", "pyclbr", "cgi", "cgitb", "mailcap", "xdrlib",
    # imported by nothing that stays (a scan of every import statement, lazy ones included)
    "_pyio", "zoneinfo", "optparse", "shlex", "graphlib", "wave", "colorsys", "sched", "symtable", "timeit",
    "code", "asyncio/__main__.py", "asyncio/windows_events.py", "asyncio/windows_utils.py",
}
DROP_CODECS = re.compile(r"(cp(?!437\b|1252\b)\d+|iso8859_\d+|mac_\w+|koi8_\w+|big5\w*|euc_\w+|gb\w+|hz|"
                         r"iso2022_\w+|johab|shift_jis\w*|ptcp154|tis_620|kz1048|hp_roman8|palmos)")


def without_docstrings(source: bytes, name: str) -> ast.Module:
    tree = ast.parse(source, name)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                # removed (a `from __future__` import must stay first), or `pass` if it was all there was
                node.body[:1] = [] if len(node.body) > 1 else [ast.copy_location(ast.Pass(), first)]
    return tree


def pyc(source: bytes | ast.Module, name: str, optimize: int) -> bytes:
    code = compile(source, name, "exec", dont_inherit=True, optimize=optimize)
    # Unchecked hash-based: there is no source beside it to check against.
    return bytes(bootstrap._code_to_hash_pyc(code, b"\0" * 8, checked=False))


def dropped(name: str) -> bool:
    top = name.split("/")[0].removesuffix(".py")
    if top in DROP or name in DROP:
        return True
    parts = name.split("/")
    return top == "encodings" and len(parts) == 2 and bool(DROP_CODECS.fullmatch(parts[1].removesuffix(".py")))


def compile_stdlib(source: str, target: str) -> tuple[int, int]:
    kept = left = 0
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for info in zin.infolist():
            if dropped(info.filename):
                left += 1
                continue
            data = zin.read(info)
            if info.filename.endswith(".py"):
                zout.writestr(info.filename + "c", pyc(data, info.filename, 2))
            else:
                zout.writestr(info, data)
            kept += 1
    return kept, left


def compile_tree(root: str) -> int:
    count = 0
    for folder, _, files in os.walk(root):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    data = f.read()
                with open(path + "c", "wb") as f:
                    name = os.path.relpath(path, root)
                    f.write(pyc(without_docstrings(data, name), name, 0))
                os.remove(path)
                count += 1
    return count


if __name__ == "__main__":
    stdlib, out, app = sys.argv[1:4]
    kept, left = compile_stdlib(stdlib, out)
    print(f"standard library: {kept} files kept, {left} left out; app: {compile_tree(app)} modules compiled")

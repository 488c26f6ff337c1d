"""Timers around the Python side of a tap, for the phone bench (bench/phone.py): each call of the functions
in TIMED is recorded with its start (epoch seconds) and its own time (ms, without the timed calls inside
it), so that the bench can add up, for each tap, what Python spent on the entry (the move applied and
checked, the game saved), on rendering components, on Flet's diff and on encoding and sending.

    python bench/phone_hooks.py run --port P --data DIR    # the server (`python -m companion ...`), timed

The server serves its records on 127.0.0.1:$PHONE_HOOKS_PORT (GET: the records since the last GET, as
JSON). In the static app the bench runs this file's source in Python's worker and calls `install()`,
then `take()`. The app's and Flet's names it wraps are all in TIMED and SPANS below (issue 36 renames
some: adapt them there); one that is not there is named in `missing`, and the bench stops on it.
"""

from __future__ import annotations

import importlib
import json
import os
import runpy
import sys
import threading
import time

# What is timed: a name and the (module, Class.method) of the calls that are its own.
TIMED = {
    "entry": [("companion.core.table", "TableHub.apply")],  # the move applied and checked, the tabs told
    "save": [("companion.storage.repository", "Repository.save")],
    "render": [("flet.components.component", "Component.update")],  # components' bodies, run again
    "diff": [("flet.controls.object_patch", "ObjectPatch.from_diff")],
    "send": [("flet_web.fastapi.flet_app", "FletApp.send_message"),  # msgpack, then to the socket
             ("flet.messaging.pyodide_connection", "PyodideConnection.send_message")],  # ... to the page
}
# What the app itself times and tells a callable kept on its object (not CPU time: waiting for IndexedDB):
# a name and the (module, Class.attribute) of that callable, called with the seconds taken. The static app
# holds the screen's messages until its write-back to IndexedDB is over: part of every entry's time there.
SPANS = {"indexeddb": ("companion.web_main", "IndexedDBSync.report")}
RECORDS: list[tuple[str, float, float]] = []  # (name, start in epoch seconds, own ms)
missing: list[str] = []
_local = threading.local()  # each thread's stack of timed calls (saves may run off the event loop)


def _timed(name: str, function):
    def timed(*args, **kwargs):
        stack = _local.__dict__.setdefault("stack", [])
        began, start = time.perf_counter(), time.time()
        stack.append(0.0)
        try:
            return function(*args, **kwargs)
        finally:
            took = time.perf_counter() - began
            inner = stack.pop()
            if stack:
                stack[-1] += took
            RECORDS.append((name, start, (took - inner) * 1000))
    timed.__wrapped__ = function
    return timed


def _span(name: str, function):
    def told(seconds, *args, **kwargs):
        RECORDS.append((name, time.time() - seconds, seconds * 1000))
        return function(seconds, *args, **kwargs)
    told.__wrapped__ = function
    return told


def _owner(module_name: str, qualified: str):
    class_name, attribute = qualified.split(".")
    try:
        owner = getattr(importlib.import_module(module_name), class_name)
        return owner, attribute, owner.__dict__[attribute]
    except Exception:  # not there (another version), or not importable here (the server's, the browser's)
        return None, attribute, None


def install(spans: bool = False) -> list[str]:
    """Wrap every function of TIMED that is there (and of SPANS: the static app); returns what is missing."""
    if spans:  # on the objects that exist (the app has started): the callable is each one's own
        import gc
        for name, (module_name, qualified) in SPANS.items():
            class_name, attribute = qualified.split(".")
            owner = getattr(sys.modules.get(module_name), class_name, None)
            objects = [o for o in gc.get_objects() if owner is not None and isinstance(o, owner)]
            for found in objects:
                told = getattr(found, attribute, None)
                if told is not None and not hasattr(told, "__wrapped__"):
                    setattr(found, attribute, _span(name, told))
            if not any(callable(getattr(o, attribute, None)) for o in objects):
                missing.append(f"{module_name}.{qualified}")
    for name, places in TIMED.items():
        found = False
        for module_name, qualified in places:
            owner, attribute, raw = _owner(module_name, qualified)
            if owner is None:
                continue
            found = True
            if hasattr(getattr(raw, "__func__", raw), "__wrapped__"):
                continue  # installed already
            if isinstance(raw, (classmethod, staticmethod)):
                setattr(owner, attribute, type(raw)(_timed(name, raw.__func__)))
            else:
                setattr(owner, attribute, _timed(name, raw))
        if not found:
            missing.append(" or ".join(f"{m}.{q}" for m, q in places))
    return missing


def take() -> str:
    """The records since the last take, as JSON: {"records": [[name, start, ms], ...], "missing": [...]}."""
    taken = RECORDS[:]
    del RECORDS[:len(taken)]
    return json.dumps({"records": taken, "missing": missing})


def serve(port: int) -> None:
    import http.server

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = take().encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, name="phone-hooks", daemon=True).start()


if __name__ == "__main__":
    install()
    serve(int(os.environ["PHONE_HOOKS_PORT"]))
    sys.argv = ["companion", *sys.argv[1:]]
    runpy.run_module("companion", run_name="__main__", alter_sys=True)

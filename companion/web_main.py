"""Tabula in the browser alone: the entry point of the static web app (`make web`, web/build.py).

Python runs in the page (Pyodide) and this is the same app as the server's (`make_main`); only what
differs is chosen here:
- the data folder is an IndexedDB-backed mount (Emscripten's IDBFS) at /tabula: filled from IndexedDB
  once at start, written back after every change of a data file (`atomic.after_change`);
- an entry is stored before the screen shows it, as on the server: while a write-back is under way,
  every message to the screen waits, and goes out once IndexedDB has committed the change;
- a write-back that IndexedDB refuses (its quota, a full disk) is said as on the server: the files are
  read back from IndexedDB (what was last stored), the app reads them again, and the screen says "Not
  saved" until a later write-back goes through;
- no table mode (one phone, one player list), no token; instead of the data-folder lock (no `fcntl`
  here) a Web Lock keeps a second tab of the same browser from writing (it says so and keeps nothing);
- file downloads are Flet's FilePicker.save_file, which in a browser is a download either way.
"""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path

DATA_DIR = Path("/tabula")
log = logging.getLogger("tabula.web")


class IndexedDBSync:
    """Writes the IDBFS mount back to IndexedDB after changes and holds the screen's messages meanwhile.

    One write-back at a time (Emscripten warns about overlapping ones and they do double work); changes
    made while one runs are taken by the next. The first write-back starts on the next turn of the
    event loop, so that all the changes of one click (e.g. history written, then the game's file
    removed) go in together; the messages are held from the first change on.

    A write-back IndexedDB refuses is all or nothing (IDBFS stores it in one transaction): the files are
    then put back from IndexedDB (`FS.syncfs(true)`), `on_failed(error)` has the app read them again
    and say so, and only then do the held messages go out. `on_stored()` is told of every write-back
    that went through (a "Not saved" is then over).
    """

    def __init__(self, fs, proxy=None, report=None):
        if proxy is None:  # a Python callable that JavaScript may call later
            from pyodide.ffi import create_proxy as proxy

        self.fs = fs
        self.report = report or (lambda seconds: None)  # told how long each write-back took
        self.dirty = False  # a change not yet in a write-back
        self.running = False  # a write-back under way
        self.held: list = []  # messages to the screen, in order, waiting for the write-back
        self.send_now = None  # the connection's own sender
        self.failures = 0
        self.on_failed = lambda error: None
        self.on_stored = lambda: None
        self._refused = ""  # why the last write-back failed
        self._done_proxy = proxy(self._done)
        self._back_proxy = proxy(self._put_back)

    # -------------------------------------------------------------- the files

    def changed(self, path: Path) -> None:
        if DATA_DIR not in Path(path).parents and Path(path) != DATA_DIR:
            return
        self.dirty = True
        if not self.running:
            asyncio.get_event_loop().call_soon(self._start)

    def _start(self) -> None:
        if self.running or not self.dirty:
            return
        self.running, self.dirty = True, False
        self._began = time.perf_counter()
        self.fs.syncfs(False, self._done_proxy)

    def _done(self, error=None) -> None:
        self.report(time.perf_counter() - self._began)
        if error:  # e.g. the storage quota: back to what IndexedDB holds, the messages still held
            self.failures += 1
            log.error("could not store the data in IndexedDB: %s", error)
            self._refused = str(error)  # a JavaScript error object lives only as long as this call
            self.fs.syncfs(True, self._back_proxy)
            return
        self.running = False
        if self.dirty:
            self._start()
            return
        try:
            self.on_stored()
        finally:
            self._release()

    def _put_back(self, error=None) -> None:
        """The files are what IndexedDB holds again: the app reads them and says "Not saved"."""
        if error:
            log.error("could not read the data back from IndexedDB: %s", error)
        try:
            self.on_failed(self._refused)
        finally:  # whatever happens there, the screen goes on
            # What the app wrote while reading back (a file it makes when it is missing) goes with the
            # next change: a write-back of its own would fail again and again while IndexedDB is full.
            self.running, self.dirty = False, False
            self._release()

    def _release(self) -> None:
        held, self.held = self.held, []
        for message in held:
            self.send_now(message)

    @property
    def idle(self) -> bool:
        return not (self.dirty or self.running)

    # -------------------------------------------------------------- the screen

    def attach(self, connection) -> None:
        """Route the connection's messages to the browser through `send`."""
        self.send_now = connection.send_callback
        connection.send_callback = self.send

    def send(self, message) -> None:
        if self.idle and not self.held:
            self.send_now(message)
        else:
            self.held.append(message)


async def syncfs(fs, populate: bool):
    """FS.syncfs as a coroutine: the error it reports, or None."""
    from pyodide.ffi import create_once_callable

    done = asyncio.get_event_loop().create_future()

    def callback(error=None):
        if not done.done():
            done.set_result(error)
    fs.syncfs(populate, create_once_callable(callback))
    return await done


# One tab at a time: each tab has its own copy of the files in memory, and a write-back makes IndexedDB
# equal to the writer's copy, so a second tab would undo the first one's games. The tab holds a Web Lock
# for its whole life (released when the tab closes or reloads); a reload waits a moment for the old one.
HOLD_LOCK = """
(async (name, waitMs) => {
  if (!navigator.locks) return true;
  try {
    return await new Promise((held, refused) => {
      navigator.locks.request(name, { signal: AbortSignal.timeout(waitMs) }, () => {
        held(true);
        return new Promise(() => {});
      }).catch(refused);
    });
  } catch (error) {
    return false;
  }
})
"""


async def open_storage():
    """Mount IndexedDB at DATA_DIR and read what it holds: (sync, notice). Without IndexedDB (a private
    window of some browsers), or while Tabula is open in another tab, the data lives in memory only and
    `notice` is the message key that says so."""
    import js
    import pyodide_js
    from pyodide.code import run_js

    if not await run_js(HOLD_LOCK)("tabula-data", 3000):
        return None, "web.notice.other_tab"
    fs = pyodide_js.FS
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    try:
        fs.mount(fs.filesystems.IDBFS, js.Object.new(), str(DATA_DIR))
        error = await syncfs(fs, True)
    except Exception as exc:  # a browser without IndexedDB throws from the mount
        error = exc
    if error:
        log.error("no IndexedDB: %s", error)
        return None, "web.notice.memory_only"
    # On the browser's console (verbose level): how long each write-back took (bench/static_web.py).
    return IndexedDBSync(fs, report=lambda s: js.console.debug(f"tabula: stored in IndexedDB in {s * 1000:.1f} ms")), None


def report_to(sync: IndexedDBSync, repo, model) -> None:
    """A write-back IndexedDB refused: the app reads the files put back (the last stored state) and
    every screen says "Not saved" until a later write-back goes through."""
    from companion.core.saving import SaveFailed
    from companion.ui.model import ANYWHERE

    page = model.broadcast.page

    def in_page(change) -> None:
        """A change of the model on the page's own loop: IndexedDB's callbacks run without Flet's page
        context, where a change of the model raises instead of redrawing."""
        if page is None:
            change()
            return

        async def run():
            change()
        page.run_task(run)

    def refused(error) -> None:
        repo.reload()
        in_page(lambda: model.not_saved(SaveFailed(error, "core.not_saved.browser"), ANYWHERE))

    def stored() -> None:
        if model.error and model.error_session == ANYWHERE:
            in_page(lambda: model.saved(ANYWHERE))
    sync.on_failed, sync.on_stored = refused, stored


def preload() -> None:
    """What `run` imports, without starting anything: the static web app's memory snapshot is taken after
    this (web/tabula-snapshot.js), so that a start from it finds these modules loaded. Not
    flet.messaging.pyodide_connection: it imports the worker's `flet_js`, which a snapshot cannot hold."""
    import msgpack  # noqa: F401  (Flet's worker start imports it before the app)
    from pyodide.http import pyfetch  # noqa: F401  (the worker start's download of the app archive)

    import flet  # noqa: F401
    import flet.messaging.session  # noqa: F401
    from companion.core.text import Msg  # noqa: F401
    from companion.games import GAMES  # noqa: F401
    from companion.storage import Repository, atomic  # noqa: F401
    from companion.ui.app import make_main  # noqa: F401


def run() -> None:
    import flet as ft

    from companion.core.text import Msg
    from companion.games import GAMES
    from companion.storage import Repository, atomic
    from companion.ui.app import make_main

    async def main(page: ft.Page) -> None:
        sync, notice = await open_storage()
        if sync is not None:
            atomic.after_change = sync.changed
            sync.attach(page.session.connection)
        repo = Repository(DATA_DIR, GAMES)
        if notice:
            repo.notices.append(Msg(notice))
        model = make_main(repo, static_app=True)(page)
        if sync is not None:
            report_to(sync, repo, model)

    ft.run(main)

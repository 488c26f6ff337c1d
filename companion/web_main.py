"""Tabula in the browser alone: the entry point of the static web app (`make web`, web/build.py).

Python runs in the page (Pyodide) and this is the same app as the server's (`make_main`); only what
differs is chosen here:
- the data folder is an IndexedDB-backed mount (Emscripten's IDBFS) at /tabula: filled from IndexedDB
  when this tab starts storing, written back after every change of a data file (the folder's `Watch`);
- an entry is stored before the screen shows it, as on the server: while a write-back is under way,
  every message to the screen waits, and goes out once IndexedDB has committed the change;
- a write-back that IndexedDB refuses (its quota, a full disk) is said as on the server: the files are
  read back from IndexedDB (what was last stored), the app reads them again and every screen is drawn
  from them; only then do the held messages go out, all in one piece that the page draws in one frame,
  so the value that was not stored is never drawn; every screen says "Not saved" until a later
  write-back goes through;
- one tab of the browser stores at a time (each tab has its own copy of the files in memory, and a
  write-back makes IndexedDB equal to the writer's copy): the one holding the Web Lock `tabula-data`.
  Another tab shows what was stored when it opened, refuses every write ("Not saved") and says on
  every screen that it stores nothing, with "Use here": that asks the storing tab to let go (it finishes its write-back first), reads what is
  stored afresh and stores from then on, while the tab that let go says on every screen that it was
  taken over and refuses every write;
- the table with no computer: other phones join this one's games over WebRTC, each a Flet session
  of this Python (companion/web_table.py); no token (a one-time secret per invite instead), no
  data-folder lock (no `fcntl` here);
- file downloads are Flet's FilePicker.save_file, which in a browser is a download either way.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Iterable
from pathlib import Path

from companion.core.saving import SaveFailed, StoredElsewhere
from companion.storage.atomic import Watch

DATA_DIR = Path("/tabula")
LOCK = "tabula-data"  # the Web Lock of the tab that stores, and the channel on which a tab asks for it
log = logging.getLogger("tabula.web")


class IndexedDBSync:
    """Writes the IDBFS mount back to IndexedDB after changes and holds the screen's messages meanwhile.

    One write-back at a time (Emscripten warns about overlapping ones and they do double work); changes
    made while one runs are taken by the next. The first write-back starts on the next turn of the
    event loop, so that all the changes of one click (e.g. history written, then the game's file
    removed) go in together; the messages are held from the first change on, and go out together once
    nothing is left to store (`together`: in one piece, drawn in one frame).

    Most write-backs rewrite files IndexedDB holds already (an entry rewrites its game's file): those are
    written at once, in one transaction committed right away (`rewrite`, REWRITE below), so that IndexedDB
    stores them while Python draws the screens. Any other change (a file made, removed or moved aside, and
    the first write-back of this tab) goes through FS.syncfs, which compares the whole folder with
    IndexedDB first: one step of its cursor per file, each waiting for a turn of this worker's loop.

    A write-back IndexedDB refuses is all or nothing (IDBFS stores it in one transaction): the files are
    then put back from IndexedDB (`FS.syncfs(true)`), and `on_failed(error, then)` has the app read them
    again and draw every screen from them; its `then()` lets the held messages go, the unsaved value and
    its revert in one piece. `on_stored()` is told of every write-back that went through (a "Not saved"
    is then over).
    """

    def __init__(self, fs, proxy=None, report=None, together=None, rewrite=None):
        if proxy is None:  # a Python callable that JavaScript may call later
            from pyodide.ffi import create_proxy as proxy

        self.fs = fs
        self.rewrite = rewrite  # rewrite(paths, done): those files stored as they are; None: FS.syncfs only
        self.report = report or (lambda seconds, whole: None)  # each write-back's time, and whether FS.syncfs
        self.dirty = False  # a change not yet in a write-back
        self.paths: set[Path] = set()  # the paths changed since the last write-back began
        self.stored: set[Path] | None = None  # the files IndexedDB holds, known after a whole write-back
        self._whole = True  # the write-back under way compares the whole folder (FS.syncfs)
        self.running = False  # a write-back under way, or the files put back being read
        self.reading = False  # the app reads the files put back: what it writes meanwhile is no change
        self.held: list = []  # (sender, message) to a screen, in order, waiting for the write-back
        self.send_now = None  # the host page's own sender
        self.together = together  # sends several messages in one piece; None: one by one
        self.failures = 0
        self.on_failed = lambda error, then: then()
        self.on_stored = lambda: None
        self._when_idle: list = []  # told once nothing is left to store or show
        self._refused = ""  # why the last write-back failed
        self._done_proxy = proxy(self._done)
        self._back_proxy = proxy(self._put_back)

    # -------------------------------------------------------------- the files

    def changed(self, path: Path) -> None:
        if DATA_DIR not in Path(path).parents and Path(path) != DATA_DIR or self.reading:
            return
        self.dirty = True
        self.paths.add(Path(path))
        if not self.running:
            asyncio.get_event_loop().call_soon(self._start)

    def _start(self) -> None:
        if self.running or not self.dirty:
            return
        self.running, self.dirty = True, False
        paths, self.paths = self.paths, set()
        self._began = time.perf_counter()
        if self.rewrite is not None and self.stored is not None and all(
                path in self.stored and path.is_file() for path in paths):
            self._whole = False
            self.rewrite([str(path) for path in sorted(paths)], self._done_proxy)
        else:
            self._whole = True
            self.fs.syncfs(False, self._done_proxy)

    def _done(self, error=None) -> None:
        self.report(time.perf_counter() - self._began, self._whole)
        if error:  # e.g. the storage quota: back to what IndexedDB holds, the messages still held
            self.failures += 1
            log.error("could not store the data in IndexedDB: %s", error)
            self._refused = str(error)  # a JavaScript error object lives only as long as this call
            self.stored = None  # the next write-back compares the whole folder again
            self.fs.syncfs(True, self._back_proxy)
            return
        if self._whole:  # IndexedDB holds exactly the folder's files now
            self.stored = {path for path in DATA_DIR.rglob("*") if path.is_file()}
        self.running = False
        if self.dirty:
            self._start()
            return
        try:
            self.on_stored()
        finally:
            self._release()

    def _put_back(self, error=None) -> None:
        """The files are what IndexedDB holds again: the app reads them, draws every screen from them and
        says "Not saved"; then `_reverted`."""
        if error:
            log.error("could not read the data back from IndexedDB: %s", error)
        # What the app writes while it reads them (a file it makes when it is missing) goes with the next
        # change: a write-back of its own would fail again and again while IndexedDB is full.
        self.reading = True
        try:
            self.on_failed(self._refused, self._reverted)
        except Exception:  # whatever happens there, the screen goes on
            log.exception("could not read the data put back from IndexedDB")
            self._reverted()
        finally:
            self.reading = False

    def _reverted(self) -> None:
        """Every screen shows what was last stored: the held messages go, unless a change was made
        meanwhile (it is stored, or refused, first)."""
        self.running = False
        if self.dirty:
            self._start()
        else:
            self._release()

    def _release(self) -> None:
        held, self.held = self.held, []
        # The guest phones' first, in order: the host page only passes them on to their data channels,
        # and would otherwise do so only after handing its own to Flutter (its main thread's longest work).
        for send_now, message in held:
            if send_now is not self.send_now:
                send_now(message)
        own = [message for send_now, message in held if send_now is self.send_now]
        if len(own) > 1 and self.together is not None:
            self.together(own)
        else:
            for message in own:
                self.send_now(message)
        waiting, self._when_idle = self._when_idle, []
        for callback in waiting:
            callback()

    @property
    def idle(self) -> bool:
        return not (self.dirty or self.running)

    def when_idle(self, callback) -> None:
        """`callback()` once every change made so far is stored (or refused) and shown: at once if so."""
        if self.idle and not self.held:
            callback()
        else:
            self._when_idle.append(callback)

    # -------------------------------------------------------------- the screen

    def attach(self, connection) -> None:
        """Route the connection's messages to the browser through `send`: the host page's own is attached
        first, then each guest phone's (companion/web_table.py), whose messages wait for the same
        write-backs (and go out before the host page's own: `_release`)."""
        send_now = connection.send_callback
        if self.send_now is None:
            self.send_now = send_now
        connection.send_callback = lambda message: self.send(message, send_now)

    def send(self, message, send_now=None) -> None:
        send_now = send_now or self.send_now
        if self.idle and not self.held:
            send_now(message)
        else:
            self.held.append((send_now, message))


async def syncfs(fs, populate: bool, once=None):
    """FS.syncfs as a coroutine: the error it reports, or None."""
    if once is None:  # a Python callable that JavaScript calls once
        from pyodide.ffi import create_once_callable as once

    done = asyncio.get_event_loop().create_future()

    def callback(error=None):
        if not done.done():
            done.set_result(error)
    fs.syncfs(populate, once(callback))
    return await done


# Files IndexedDB holds already, written as they are now, in IDBFS's own records (its functions make and
# store them, as FS.syncfs does): one transaction, committed as soon as its writes are asked for, so that
# IndexedDB stores them while Python goes on, and `done(error or null)` needs one turn of the worker's loop.
REWRITE = """
(IDBFS, mountpoint, paths, done) => IDBFS.getDB(mountpoint, (error, db) => {
  if (error) return done(error);
  let failed = false;
  const fail = (error) => {
    if (!failed) {
      failed = true;
      done(error || new Error("IndexedDB did not store the change"));
    }
  };
  let transaction;
  try {
    transaction = db.transaction([IDBFS.DB_STORE_NAME], "readwrite");
  } catch (error) {
    return fail(error);
  }
  transaction.onerror = transaction.onabort = (event) => {
    fail(event.target.error);
    event.preventDefault();
  };
  transaction.oncomplete = () => { if (!failed) done(null); };
  const store = transaction.objectStore(IDBFS.DB_STORE_NAME);
  for (const path of paths) {
    IDBFS.loadLocalEntry(path, (error, entry) => {
      if (error) {
        fail(error);
        transaction.abort();
        return;
      }
      IDBFS.storeRemoteEntry(store, path, entry, (error) => { if (error) fail(error); });
    });
    if (failed) return;
  }
  if (transaction.commit) transaction.commit();
})
"""

# Several messages to the screen in one message of Python's worker: web/tabula-boot.js hands them to
# Flutter in one go, so that they are drawn in one frame.
POST_TOGETHER = """
(messages) => {
  const frames = [];
  for (const message of messages) {
    frames.push(message.toJs());
    message.destroy();
  }
  self.postMessage(frames, frames.map((frame) => frame.buffer));
}
"""

# One tab at a time stores: the one holding the Web Lock `name` (for as long as it stores; the browser
# releases it when the tab closes or reloads). `claim()` at start waits a moment (a reload: the old page
# lets go meanwhile). `takeOver()` ("Use here") asks the storing tab on a BroadcastChannel to let go, and
# takes the lock when it does; one that does not answer in time (a frozen tab) has it taken. The storing
# tab hears `told("asked")` (it stores what is under way, then calls `letGo()`) or `told("taken")`.
ONE_TAB = """
(name, told) => {
  if (!navigator.locks) {  // no way to know of other tabs
    return { claim: async () => true, takeOver: async () => true, letGo: () => {} };
  }
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(name) : null;
  let letGo = null;  // ends this tab's hold of the lock
  const hold = (options) => new Promise((granted) => {
    let held = false;
    navigator.locks.request(name, options, () => {
      held = true;
      granted(true);
      return new Promise((release) => { letGo = release; });
    }).catch(() => {
      if (!held) {
        granted(false);  // not in time
      } else {
        letGo = null;
        told("taken");
      }
    });
  });
  if (channel) channel.onmessage = (event) => { if (event.data === "let go" && letGo) told("asked"); };
  return {
    claim: () => hold({ signal: AbortSignal.timeout(3000) }),
    takeOver: async () => {
      if (channel) channel.postMessage("let go");
      return (await hold({ signal: AbortSignal.timeout(5000) })) || hold({ steal: true });
    },
    letGo: () => {
      const release = letGo;
      letGo = null;
      if (release) release();
    },
  };
}
"""
OTHER_TAB, TAKEN_OVER, MEMORY_ONLY = "web.storage.other_tab", "web.storage.taken_over", "web.storage.memory_only"
JUST_TAKEN_OVER = "web.storage.just_taken_over"
# What a guest phone at this tab's table says of it (companion/web_table.py): in its own words, since the
# guest's browser stores nothing of the games either way, and it has no "Use here".
GUEST_NOTES = {MEMORY_ONLY: "web.storage.host_memory_only", OTHER_TAB: "web.storage.host_not_storing",
               TAKEN_OVER: "web.storage.host_not_storing", JUST_TAKEN_OVER: "web.storage.host_just_taken_over"}


class BrowserStorage:
    """This tab's part in storing: it stores (holds the lock, its files written back to IndexedDB), or it
    cannot and says so on every screen (`note`), refusing every write, with "Use here"."""

    def __init__(self, fs, sync: IndexedDBSync, once=None, watch: Watch | None = None):
        self.fs, self.sync, self.once = fs, sync, once
        self.watch = watch or Watch()  # the data folder's: its writes written back, or refused
        self.lock = None  # ONE_TAB's answer
        self.note = ""  # why this tab stores nothing (a message key); "" while it stores
        self.repo = self.model = self.page = None
        self.taking = False  # "Use here" under way
        self._guests: list[weakref.ref] = []  # the models of the guest phones at this tab's table

    def seat_guest(self, model) -> None:
        """A guest phone's session at this tab's table: it says what this tab's storage means for it, now
        and whenever that changes."""
        self._guests.append(weakref.ref(model))
        model.storage_note = GUEST_NOTES.get(self.note, "")

    def _to_guests(self, change) -> None:
        """`change(model)` for each guest phone still at the table, on its own page (a model changed from
        another page's loop would not redraw)."""
        self._guests = [ref for ref in self._guests if ref() is not None]
        for ref in self._guests:
            guest = ref()
            page = guest.broadcast.page if guest is not None else None
            if page is None or page.session.connection is not None:  # else it left
                in_page(page, lambda guest=guest: change(guest))

    async def start(self) -> None:
        """At start: store here, with the files as stored, unless another tab does; then this tab only
        looks at what is stored (the games, in the players' language) and writes nothing back."""
        if not await self.lock.claim():
            self.note = OTHER_TAB
            error = await syncfs(self.fs, True, self.once)
            if error:  # then it shows nothing stored, and says that it stores nothing all the same
                log.error("could not read what another tab stores: %s", error)
        elif not await self._read_stored():
            self.note = MEMORY_ONLY
        else:
            self.watch.changed = self.sync.changed

    async def _read_stored(self) -> bool:
        """The files as IndexedDB holds them (a file only this tab had is gone); False if they cannot be
        read (the lock then goes: this tab cannot store)."""
        error = await syncfs(self.fs, True, self.once)
        if error:
            log.error("no IndexedDB: %s", error)
            self.lock.letGo()
        return not error

    def serve(self, repo, model, page) -> None:
        """The app runs on `repo` (opened on the files read at start): say what this tab cannot do."""
        self.repo, self.model, self.page = repo, model, page
        report_to(self.sync, repo, model)
        if self.note in (OTHER_TAB, TAKEN_OVER):
            self.watch.refuse = StoredElsewhere
        self._say(self.note)

    def told(self, what: str) -> None:
        """Another tab asked for the storage ("asked": this one lets go once what it changed is stored
        and shown) or took it ("taken"). From now on every write here is refused."""
        self.watch.refuse = StoredElsewhere
        if what == "asked":
            self.sync.when_idle(self.lock.letGo)

        def say():
            self._say(TAKEN_OVER)
            if self.model is not None:  # over an open player's sheet too, which covers the screen's note
                self.model.warn(JUST_TAKEN_OVER)
        in_page(self.page, say)
        self._to_guests(lambda guest: guest.warn(GUEST_NOTES[JUST_TAKEN_OVER]))

    def _say(self, note: str) -> None:
        self.note = note
        if self.model is not None:  # else `serve` says it
            self.model.storage_note = note
            self.model.use_here = self.tap_use_here if note in (OTHER_TAB, TAKEN_OVER) else None
        self._to_guests(lambda guest: setattr(guest, "storage_note", GUEST_NOTES.get(note, "")))

    def tap_use_here(self) -> None:
        self.page.run_task(self.use_here)

    async def use_here(self) -> None:
        """Store in this tab: the other tab lets go, what is stored is read afresh, every screen shows it."""
        if self.taking:
            return
        self.taking = True
        try:
            await self.lock.takeOver()
            if not await self._read_stored():
                return
            self.watch.refuse = None
            self.watch.changed = self.sync.changed
            self.repo.reload()
            self._say("")
            self.model.reread()
            if self.page is not None:  # the page itself, not a screen, carries the theme
                from companion.ui.widgets import theme_mode
                self.page.theme_mode = theme_mode(self.model.theme)
                self.page.update()
        finally:
            self.taking = False


async def open_storage() -> BrowserStorage | None:
    """Mount IndexedDB at DATA_DIR, and store there unless another tab does. None: this browser has no
    IndexedDB (a private window of some browsers), the data lives in memory only."""
    import js
    import pyodide_js
    from pyodide.code import run_js
    from pyodide.ffi import JsException, create_proxy, to_js

    fs = pyodide_js.FS
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    try:
        fs.mount(fs.filesystems.IDBFS, js.Object.new(), str(DATA_DIR))
    except JsException as error:  # a browser without IndexedDB throws from the mount (a bug of ours is no such)
        log.error("no IndexedDB: %s", error)
        return None
    post, rewrite = run_js(POST_TOGETHER), run_js(REWRITE)

    def report(seconds: float, whole: bool) -> None:  # on the console, verbose level (bench/static_web.py)
        how = "the whole folder compared" if whole else "files rewritten"
        js.console.debug(f"tabula: stored in IndexedDB in {seconds * 1000:.1f} ms ({how})")
    sync = IndexedDBSync(fs, report=report, together=lambda messages: post(messages),
                         rewrite=lambda paths, done: rewrite(fs.filesystems.IDBFS, str(DATA_DIR), to_js(paths), done))
    storage = BrowserStorage(fs, sync)
    storage.lock = run_js(ONE_TAB)(LOCK, create_proxy(storage.told))
    await storage.start()
    return storage


def in_page(page, change) -> None:
    """`change()` on the page's own loop: IndexedDB's and the lock's callbacks run without Flet's page
    context, where a change of the model raises instead of redrawing. At once without a page (tests)."""
    if page is None:
        change()
        return

    async def run():
        change()
    page.run_task(run)


async def drawn(before: set, limit: float = 2.0) -> None:
    """Once the screens are drawn again after a change of the model: every task it set off since `before`
    (the play screen behind an open sheet is drawn a moment after the sheet) has ended, and the page's
    update pass after them has run. At most `limit` seconds: a task waiting for an answer of the browser
    would wait for the held messages."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while True:
        for _ in range(3):  # the tasks it set off start; the page's update pass runs
            await asyncio.sleep(0)
        running = [t for t in asyncio.all_tasks() - before if t is not asyncio.current_task() and not t.done()]
        if not running or loop.time() >= end:
            return
        await asyncio.wait(running, timeout=end - loop.time())


def report_to(sync: IndexedDBSync, repo, model) -> None:
    """A write-back IndexedDB refused: the app reads the files put back (the last stored state), every
    screen is drawn from them and says "Not saved" (until a later write-back goes through), and only
    then does the screen get the held messages."""
    from companion.ui.model import ANYWHERE

    page = model.broadcast.page

    def refused(error, then) -> None:
        repo.reload()
        failed = SaveFailed(error, "core.not_saved.browser")
        if page is None:  # no screen to draw (tests)
            model.not_saved(failed, ANYWHERE)
            then()
            return

        async def show():
            before = asyncio.all_tasks()
            try:
                model.not_saved(failed, ANYWHERE)
                await drawn(before)
            finally:
                then()
        page.run_task(show)

    def stored() -> None:
        if model.error and model.error_game == ANYWHERE:
            in_page(page, lambda: model.saved(ANYWHERE))
    sync.on_failed, sync.on_stored = refused, stored


def preload(flet_names: Iterable[str] = ()) -> None:
    """What `run` imports, without starting anything: the static web app's memory snapshot is taken after
    this (web/tabula-snapshot.js), so that a start from it finds these modules loaded. Not
    flet.messaging.pyodide_connection: it imports the worker's `flet_js`, which a snapshot cannot hold.
    `flet_names`: the names of Flet's the app's code uses (`ft.TextField`, found by web/build.py), whose
    modules Flet imports only when they are first named: after every start, on the first screen, 4 of a
    cached start's 11 s on the phone bench. Not all of Flet's: Pyodide restores a snapshot only into
    memory of the size it starts with, and all of them outgrow it."""
    import msgpack  # noqa: F401  (Flet's worker start imports it before the app)
    from pyodide.http import pyfetch  # noqa: F401  (the worker start's download of the app archive)

    import flet
    import flet.messaging.session  # noqa: F401
    from companion.games import GAMES  # noqa: F401
    from companion.storage import Repository  # noqa: F401
    from companion.ui.app import make_main  # noqa: F401

    for name in flet_names:
        getattr(flet, name, None)


def run(plugins: str = "") -> None:
    """The app, with the games from outside the app it was built with (`plugins`, as TABULA_PLUGINS).
    The first session is the host page's own; every later one is a guest phone's at its table
    (companion/web_table.py), on the same repository, table hub and storage."""
    import flet as ft

    from companion.games import GAMES, load_plugins
    from companion.storage import Repository
    from companion.ui.app import make_main
    from companion.web_table import GuestConnection, open_table

    load_plugins(plugins)
    host: dict = {}  # the host page's: "app" (make_main's), "storage"

    async def main(page: ft.Page) -> None:
        connection = page.session.connection
        if isinstance(connection, GuestConnection):
            model = host["app"](page)
            if host["storage"] is None:
                model.storage_note = GUEST_NOTES[MEMORY_ONLY]
            else:
                host["storage"].seat_guest(model)
            connection.model = model
            return
        storage = await open_storage()
        if storage is not None:
            storage.sync.attach(connection)
        attach = storage.sync.attach if storage is not None else (lambda guest: None)
        repo = Repository(DATA_DIR, GAMES, watch=storage.watch if storage is not None else None)
        host["app"] = make_main(repo, table=open_table(connection, attach))
        host["storage"] = storage
        model = host["app"](page)
        if storage is None:
            model.storage_note = MEMORY_ONLY
        else:
            storage.serve(repo, model, page)

    ft.run(main)

"""Failures at the edges (issue 19): every write site made to fail once, and a bug in a game's code
told apart from damaged data.

- Every write the app makes (a new game, the names remembered, a tracker entry, a setup tick, box data,
  a setting, finishing a game, discarding one, deleting and putting back a play, an import) fails once:
  the screen's message says "Not saved: <reason in plain words>" and what stays; the data folder keeps
  every byte it had and no temporary file; memory is the disk (the app and a fresh read of the folder see
  the same); the same write goes through once the disk takes it again, and the message is gone.
  Two ways to fail: ENOSPC raised by the storage layer's fsync (a disk that fills up), and the kernel's own
  EFBIG for a process whose files may not grow (RLIMIT_FSIZE 0, as `prlimit` does to the server in
  tests/browser/test_table_mode_browser.py).
- The command line: the lock file at start, opening a new data folder, `import` and `export --out` on a
  full disk print one line and exit 2.
- The static app: a write-back IndexedDB refuses puts the files back, and the app shows the last stored
  state with "Not saved" until a later write-back goes through.
- A bug (an exception other than InvalidMove from a game's code) while opening a saved game leaves its
  file byte for byte, logs the traceback and says so on Home; damaged data is still set aside.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import copy
import errno
import json
import logging
import os
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli, web_main
from companion.core.definition import InvalidMove
from companion.core.saving import SaveFailed
from companion.core.game import Game, make_config
from companion.games import GAMES
from companion.storage import Repository, atomic, export
from companion.ui.model import AppModel
from companion.web_main import IndexedDBSync
from tests.test_data_lock import a_play

ROOT = Path(__file__).resolve().parents[1]
ROME = GAMES["city-of-rome"]
CASTLES = GAMES["castles-of-tuscany"]
NAMES = ["Anna", "Ben", "Cleo"]


def players(definition, names=NAMES) -> list[dict]:
    return [{"name": n, "colour": c} for n, c in zip(names, definition.colours_for(len(names)))]


def filled(folder: Path) -> Repository:
    """A data folder with every kind of data: settings, names, box data, two plays (one deleted and one
    history line more), a game in progress with entries."""
    repo = Repository(folder, GAMES)
    repo.set_setting("theme", "dark")
    repo.remember_names(["Zoë", "Yann"])
    repo.set_box_data("castles-of-tuscany", {"colour_bonus.red.I": 5})
    for n in range(3):
        done = Game(f"20240101-10000{n}-played", ROME, make_config(ROME, players(ROME), 0))
        repo.restore_play(a_play(done, 1_700_000_000.0 + n))
    repo.delete_play(repo.plays()[0]["doc_id"])
    game = Game("20250101-120000-rome01", ROME, make_config(ROME, players(ROME), 0), stage="play")
    game.record({"type": "adjust", "player": 0, "counter": "money", "delta": 3})
    game.record({"type": "adjust", "player": 1, "counter": "influence_tokens", "delta": 2})
    repo.save(game)
    return repo


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def what_it_holds(repo: Repository) -> dict:
    """Everything the screens read of the data, from the repository's memory."""
    return {
        "settings": repo.settings(), "names": repo.known_names(),
        "box": {g: repo.box_data(g) for g in GAMES},
        "plays": [{k: v for k, v in p.items() if k != "doc_id"} for p in repo.plays()],
        "games": {s.id: (s.to_json(), s.state) for s in repo.live_games()},
    }


# ------------------------------------------------------------------ a disk that refuses writes

def refused_by_fsync(monkeypatch):
    """A disk that has filled up: the storage layer's fsync says ENOSPC (for files; a directory's
    fsync after a rename has nothing left to write)."""
    real = os.fsync

    def fsync(fd):
        if not os.path.isdir(f"/proc/self/fd/{fd}"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)
    monkeypatch.setattr(os, "fsync", fsync)
    return lambda: monkeypatch.setattr(os, "fsync", real)


def refused_by_kernel(monkeypatch):
    """The kernel refuses to let any file of this process grow (RLIMIT_FSIZE 0): every write fails with
    EFBIG, from the system call itself. (Python ignores SIGXFSZ, so the write returns the error.)"""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    assert signal.getsignal(signal.SIGXFSZ) == signal.SIG_IGN
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, hard))
    lifted = []

    def lift():
        if not lifted:
            resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
            lifted.append(True)
    return lift


DISKS = {"ENOSPC at fsync": refused_by_fsync, "EFBIG from the kernel": refused_by_kernel}
REASON = {"ENOSPC at fsync": "the device's storage is full",
          "EFBIG from the kernel": "the file would be larger than this system allows"}


@pytest.fixture(params=list(DISKS))
def disk(request, monkeypatch):
    """`disk.refuse()` makes every write to the disk fail until `disk.lift()`; `disk.reason` is what
    the message must say."""
    class Disk:
        reason = REASON[request.param]

        def refuse(self):
            self.lift = DISKS[request.param](monkeypatch)

        def lift(self):
            pass
    d = Disk()
    yield d
    d.lift()


@pytest.fixture
def app(tmp_path):
    """A data folder with data in it and two phones' models on it (as the server gives each tab)."""
    repo = filled(tmp_path / "data")
    anna = AppModel.create(repo)
    ben = AppModel.create(repo, anna.hub)
    return anna, ben, repo, tmp_path / "data"


def start_castles(model):
    return model.start_game(CASTLES, players(CASTLES, ["Ida", "Jon"]), 0)


def finish(model, repo):
    game = repo.game("20250101-120000-rome01")
    done = []
    model.finish(game, lambda s: a_play(s, 1_800_000_000.0), then=done.append)
    return bool(done)


def dispatched(model, sid: str, move: dict) -> bool:
    """A move sent as a screen sends it: True when it was saved (the screen then said nothing)."""
    saved = []
    model.dispatch(sid, move, then=saved.append)
    return bool(saved)


def import_a_backup(model, repo):
    """History's import: a backup with a play not in the history and box data of another game."""
    backup = export.full_export(repo)
    extra = Game("20240301-100000-import", ROME, make_config(ROME, players(ROME), 0))
    backup["plays"].append(a_play(extra, 1_650_000_000.0))
    backup["box_data"] = {"castles-of-tuscany": {"colour_bonus.grey.I": 4}}
    return asyncio.run(model.import_backup(export.dumps(backup).encode())) is not None


BOX_SAID = {}  # the box-data form says its message itself (it is in dialogs too): what it said last


def enter_box_data(model, repo):
    failed, _ = model.keep_box_data("castles-of-tuscany", {"colour_bonus.orange.I": 3})
    BOX_SAID["said"] = failed or "Saved."
    return failed is None


ROME_ID = "20250101-120000-rome01"
# Each write site as its screen makes it (True: stored), where its message shows, and what that message
# says besides "Not saved: <reason>".
SITES = {
    "new game": (lambda m, r: start_castles(m), "/new", "The game was not started"),
    "tracker entry": (lambda m, r: dispatched(m, ROME_ID, {"type": "adjust", "player": 2, "counter": "money",
                                                           "delta": 1}),
                      ROME_ID, "The game is as it was before"),
    "setup tick": (lambda m, r: dispatched(m, ROME_ID, {"type": "setup_tick", "step": "colours", "done": True}),
                   ROME_ID, "The game is as it was before"),
    "to final scoring": (lambda m, r: dispatched(m, ROME_ID, {"type": "stage", "stage": "scoring"}),
                         ROME_ID, "The game is as it was before"),
    "language": (lambda m, r: m.set_lang("de"), "/settings", "The setting is as it was"),
    "theme": (lambda m, r: m.set_theme("light"), "/settings", "The setting is as it was"),
    "box data": (enter_box_data, "box form", "The box data is as it was"),
    "finish a game": (finish, ROME_ID, "The game is still in progress"),
    "delete a play": (lambda m, r: m.delete_play("/history/x", r.play(r.plays()[0]["id"])),
                      "/history/x", "The play was not deleted"),
    "put a play back": (lambda m, r: m.put_back(), "/history", "The play was not put back"),
    "import": (import_a_backup, "/history", "The import did not finish"),
}


def message_at(model, where: str) -> str:
    if where == "box form":
        return BOX_SAID.pop("said")
    game = model.repo.game(where)
    return model.error_for(game) if game is not None else model.error_at(where)


@pytest.mark.parametrize("site", list(SITES))
def test_every_write_site_fails_once_says_so_and_keeps_what_was_saved(app, disk, site):
    anna, ben, repo, folder = app
    write, where, stays = SITES[site]
    if site == "put a play back":  # the delete that Undo takes back is stored before the disk fills
        anna.deleted_play = repo.delete_play(repo.plays()[-1]["doc_id"])
    before_files, before = files(folder), what_it_holds(repo)

    disk.refuse()
    try:
        if site == "new game":  # the new-game screen says the SaveFailed's message (its own state)
            with pytest.raises(SaveFailed) as failed:
                write(anna, repo)
            said = anna.m(failed.value.msg)
        else:
            assert not write(anna, repo)
            said = message_at(anna, where)
    finally:
        disk.lift()

    assert said.startswith(f"Not saved: {disk.reason}. {stays}"), said
    # Nothing saved before was lost, nothing half-written was left, and memory is the disk.
    assert files(folder) == before_files
    assert what_it_holds(repo) == before
    assert what_it_holds(Repository(folder, GAMES, read_only=True)) == before
    assert anna.lang == "en" and anna.theme == "dark"  # a setting not saved is not shown as chosen
    assert not ben.error and ben.error_for(repo.game("20250101-120000-rome01")) == ""  # the other phone: nothing

    # The disk takes writes again: the same write goes through and the message is gone.
    assert write(anna, repo)
    if site == "box data":
        assert message_at(anna, where) == "Saved."
    elif site != "new game":
        assert message_at(anna, where) == ""
    assert what_it_holds(repo) != before
    assert what_it_holds(Repository(folder, GAMES, read_only=True)) == what_it_holds(repo)


def test_names_not_remembered_are_said_on_the_new_game_and_the_game_is_saved(app, monkeypatch):
    anna, _, repo, folder = app
    real = atomic.write_atomic

    def settings_refused(path, text, watch=None):
        if path.name == "settings.json":
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text, watch)
    monkeypatch.setattr(atomic, "write_atomic", settings_refused)
    game = start_castles(anna)
    assert repo.game(game.id) is not None and (folder / "live" / f"{game.id}.json").exists()
    assert repo.known_names() == ["Zoë", "Yann"]
    assert anna.error_for(game) == ("Not saved: the device's storage is full. The game is saved, but its "
                                       "names were not remembered for next time.")
    monkeypatch.undo()
    assert dispatched(anna, game.id, {"type": "setup_tick", "step": CASTLES.rules.setup_checklist(game.config)[0].id,
                                         "done": True})
    assert anna.error_for(repo.game(game.id)) == ""


def test_a_game_that_cannot_be_discarded_stays(app, monkeypatch):
    anna, _, repo, folder = app
    game = repo.game("20250101-120000-rome01")
    real = os.unlink

    def read_only(path, *args, **kwargs):
        if str(path).endswith(f"{game.id}.json"):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        real(path, *args, **kwargs)
    monkeypatch.setattr(os, "unlink", read_only)
    assert not anna.discard(game)
    assert anna.error_at("/") == ("Not saved: the data folder is on storage that cannot be written to. "
                                  "The game was not discarded.")
    assert repo.game(game.id) is game and (folder / "live" / f"{game.id}.json").exists()
    monkeypatch.undo()
    assert anna.discard(game) and anna.error_at("/") == "" and repo.game(game.id) is None


def folder_refused(monkeypatch, how: str) -> None:
    """After the rename, the data folder cannot be opened or synced (EIO): the file holds the change."""
    real_open, real_fsync = os.open, os.fsync

    def open_(path, flags, *args, **kwargs):
        if how == "open" and os.path.isdir(path):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return real_open(path, flags, *args, **kwargs)

    def fsync(fd):
        if how == "fsync" and os.path.isdir(f"/proc/self/fd/{fd}"):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real_fsync(fd)
    monkeypatch.setattr(os, "open", open_)
    monkeypatch.setattr(os, "fsync", fsync)


@pytest.mark.parametrize("how", ["open", "fsync"])
def test_a_folder_that_cannot_be_synced_after_the_rename_is_a_warning_not_a_lost_entry(app, monkeypatch, caplog,
                                                                                       how):
    """Once the new file is in place the change is saved: the screen says nothing, memory follows the
    file, and the next entry builds on it (before, "Not saved" was said, memory kept the old state while
    the file held the entry, and the next entry overwrote it)."""
    anna, _, repo, folder = app
    money = repo.game(ROME_ID).state["players"][2]["counters"]["money"]
    folder_refused(monkeypatch, how)
    with caplog.at_level(logging.WARNING, logger="tabula.storage"):
        for _ in range(2):
            assert dispatched(anna, ROME_ID, {"type": "adjust", "player": 2, "counter": "money", "delta": 1})
            assert anna.error_for(repo.game(ROME_ID)) == ""
        assert anna.set_lang("de") and anna.error_at("/settings") == ""
    monkeypatch.undo()
    assert repo.game(ROME_ID).state["players"][2]["counters"]["money"] == money + 2
    assert what_it_holds(Repository(folder, GAMES, read_only=True)) == what_it_holds(repo)
    assert repo.settings()["lang"] == "de"
    warned = [r for r in caplog.records if r.name == "tabula.storage" and r.levelno == logging.WARNING]
    assert len(warned) == 3 and all("was written, but its folder could not be synced" in r.getMessage()
                                    for r in warned), caplog.text


def test_every_reason_is_said_in_both_languages():
    for number in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EACCES, errno.EPERM, errno.EROFS, errno.EIO,
                   errno.ENAMETOOLONG):
        failed = SaveFailed(OSError(number, os.strerror(number)))
        for lang, start in (("en", "Not saved: "), ("de", "Nicht gespeichert: ")):
            text = failed.msg.render(lang)
            assert text.startswith(start) and "core." not in text, text
    assert "(File name too long)" in SaveFailed(OSError(errno.ENAMETOOLONG, "File name too long")).msg.render("en")
    browser = SaveFailed("QuotaExceededError: The quota has been exceeded.", "core.not_saved.browser")
    assert browser.msg.render("en") == ("Not saved: the browser's storage for Tabula is full. Tabula is back at "
                                        "what was last stored.")
    other = SaveFailed("UnknownError: Internal error.", "core.not_saved.browser")
    assert other.msg.render("en").startswith("Not saved: the browser refused to store it (UnknownError: Internal error)")


# ------------------------------------------------------------------ the command line

def test_cli_writes_on_a_full_disk_say_one_line_and_exit_2(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "data"
    filled(folder)
    backup = tmp_path / "backup.json"
    assert cli.main(["export", "--format", "json", "--data", str(folder), "--out", str(backup)]) == 0
    extra = json.loads(backup.read_text(encoding="utf-8"))
    extra["plays"].append(a_play(Game("20240301-100000-import", ROME, make_config(ROME, players(ROME), 0)),
                                 1_650_000_000.0))
    backup.write_text(json.dumps(extra), encoding="utf-8")
    out = tmp_path / "out.csv"
    out.write_text("an export of yesterday\n", encoding="utf-8")
    before = files(folder)
    capsys.readouterr()

    disk = refused_by_fsync(monkeypatch)
    assert cli.main(["export", "--format", "csv", "--data", str(folder), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == (f"error: {out}: the export was not written: the device's storage is full "
                   "(No space left on device)\n")
    assert out.read_text(encoding="utf-8") == "an export of yesterday\n"  # not cut short, no temporary file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["backup.json", "data", "out.csv"]

    assert cli.main(["import", str(backup), "--data", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: not saved to the data folder {folder}: the device's storage is full") and \
        err.count("\n") == 1
    assert {k: v for k, v in files(folder).items() if k != "tabula.lock"} == \
        {k: v for k, v in before.items() if k != "tabula.lock"}

    # `run` on a new folder: the lock is taken, then opening the folder cannot write its first files.
    monkeypatch.setattr("flet.run", lambda *a, **k: pytest.fail("served on a disk that refuses every write"))
    assert cli.main(["run", "--data", str(tmp_path / "new"), "--port", "9"]) == 2
    err = capsys.readouterr().err
    assert err == (f"error: cannot write to the data folder {tmp_path / 'new'}: the device's storage is full "
                   "(No space left on device)\n")
    disk()
    assert cli.main(["import", str(backup), "--data", str(folder)]) == 0


def test_run_on_a_disk_that_refuses_the_lock_file_says_one_line_and_exits_2(tmp_path):
    """The real command, its files limited to 0 bytes by the kernel: the lock file's few bytes fail."""
    folder = tmp_path / "data"
    filled(folder)
    before = files(folder)

    def no_growing():
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
    done = subprocess.run([sys.executable, "-m", "companion", "run", "--data", str(folder), "--port", "9"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, preexec_fn=no_growing,
                          env={k: v for k, v in os.environ.items() if k != "DISPLAY"})
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr == (f"error: cannot write to the data folder {folder}: the file would be larger than "
                           "this system allows (File too large)\n")
    assert done.stdout == ""
    assert files(folder) == {**before, "tabula.lock": b""}


# ------------------------------------------------------------------ the static app (IndexedDB)

class IndexedDBStandIn:
    """FS.syncfs over a real folder: a write-back copies the folder into `stored` (all or nothing, as
    IDBFS's one transaction), unless the quota is used up; a read back makes the folder `stored` again.
    `rewrite(paths, callback)` (web_main.REWRITE) copies those files alone, or is refused the same way."""

    def __init__(self, folder: Path, stored: Path):
        self.folder, self.stored = folder, stored
        self.full = False
        self.calls: list[tuple[bool | list, object]] = []
        self.rewrites = 0

    def syncfs(self, populate, callback):
        self.calls.append((populate, callback))

    def rewrite(self, paths, callback):
        self.rewrites += 1
        self.calls.append((list(paths), callback))

    def run(self) -> None:
        """Finish what was asked, in order (the browser's event loop)."""
        while self.calls:
            populate, callback = self.calls.pop(0)
            if isinstance(populate, list):
                if self.full:
                    callback("QuotaExceededError: The quota has been exceeded.")
                    continue
                for path in populate:
                    shutil.copy2(path, self.stored / Path(path).relative_to(self.folder))
                callback(None)
            elif populate:
                shutil.rmtree(self.folder)
                shutil.copytree(self.stored, self.folder)
                callback(None)
            elif self.full:
                callback("QuotaExceededError: The quota has been exceeded.")
            else:
                shutil.rmtree(self.stored, ignore_errors=True)
                shutil.copytree(self.folder, self.stored)
                callback(None)


@contextlib.contextmanager
def static_app(tmp_path, monkeypatch):
    folder = tmp_path / "tabula"
    filled(folder)
    shutil.copytree(folder, tmp_path / "indexeddb")  # as stored by an earlier visit
    idb = IndexedDBStandIn(folder, tmp_path / "indexeddb")
    monkeypatch.setattr(web_main, "DATA_DIR", folder)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    sync = IndexedDBSync(idb, proxy=lambda f: f, rewrite=idb.rewrite)
    repo = Repository(folder, GAMES, watch=atomic.Watch(changed=sync.changed))
    model = AppModel.create(repo)
    # What reaches the screen, with what the app held and said at that moment.
    shown = []
    sync.send_now = lambda message: shown.append((message, what_it_holds(repo), model.error))
    web_main.report_to(sync, repo, model)

    def settle():
        asyncio.set_event_loop(loop)  # the page's loop (History's import runs one of its own)
        loop.run_until_complete(asyncio.sleep(0))
        idb.run()
    settle.loop = loop
    settle()  # what opening the folder wrote (the history tidied up) is stored first
    try:
        yield idb, sync, repo, model, settle, shown
    finally:
        loop.close()
        asyncio.set_event_loop(None)


def test_static_app_a_write_indexeddb_refuses_is_said_and_the_last_stored_state_is_shown(tmp_path, monkeypatch):
    with static_app(tmp_path, monkeypatch) as (idb, sync, repo, model, settle, shown):
        sid = "20250101-120000-rome01"
        stored = what_it_holds(repo)
        idb.full = True
        assert dispatched(model, sid, {"type": "adjust", "player": 2, "counter": "money", "delta": 1})
        sync.send(b"the entry drawn")  # Flet's update after the tap: held until IndexedDB answers
        assert shown == []
        settle()
        assert idb.rewrites == 1  # the game's file alone (IndexedDB holds it)
        # IndexedDB refused: the files are what it holds, the app reads them and says so on every screen,
        # and only then does the held update reach the screen (with the redrawing after it, one frame).
        said = "Not saved: the browser's storage for Tabula is full. Tabula is back at what was last stored."
        [(message, held_then, said_then)] = shown
        assert message == b"the entry drawn" and held_then == stored and said_then.startswith(said)
        assert what_it_holds(repo) == stored and files(idb.folder) == files(idb.stored)
        assert model.error_for(repo.game(sid)).startswith(said)
        assert model.error_at("/history").startswith(said) and model.error_at("/").startswith(said)
        # A deletion refused the same way: the play is back.
        plays = repo.plays()
        assert model.store("/history/x", "core.not_saved.delete_play", lambda: repo.delete_play(plays[0]["doc_id"]))
        settle()
        assert what_it_holds(repo) == stored

        # Room again: the next entry is stored, and "Not saved" is over on every screen.
        idb.full = False
        assert dispatched(model, sid, {"type": "adjust", "player": 2, "counter": "money", "delta": 1})
        settle()
        assert model.error_at("/") == "" and model.error_for(repo.game(sid)) == ""
        assert repo.game(sid).state["players"][2]["counters"]["money"] == 6
        assert files(idb.folder) == files(idb.stored)
        assert dispatched(model, sid, {"type": "adjust", "player": 2, "counter": "money", "delta": 1})
        settle()  # the game's file alone again
        assert idb.rewrites == 2 and files(idb.folder) == files(idb.stored)


class OneTab:
    """ONE_TAB's answer (companion/web_main.py) as another tab would make it answer."""

    def __init__(self, free: bool):
        self.free = free  # no other tab stores
        self.let_go = 0

    async def claim(self):
        return self.free

    async def takeOver(self):  # noqa: N802  (JavaScript's name)
        return True

    def letGo(self):  # noqa: N802
        self.let_go += 1


def storing(idb, sync, repo, model, free: bool, settle) -> web_main.BrowserStorage:
    """This tab's storage, started as the app starts it (the other tab holding the lock unless `free`)."""
    storage = web_main.BrowserStorage(idb, sync, once=lambda f: f, watch=repo.watch)
    storage.lock = OneTab(free)
    started = settle.loop.create_task(storage.start())
    settle()
    settle.loop.run_until_complete(started)
    storage.serve(repo, model, None)
    return storage


def use_here(storage, settle) -> None:
    taking = settle.loop.create_task(storage.use_here())
    settle()  # the files read afresh from IndexedDB
    settle.loop.run_until_complete(taking)


OTHER_TAB_SAID = "Not saved: another tab of this browser stores Tabula's games. The game is as it was before"


def test_static_app_taken_over_in_another_tab_stores_nothing_and_says_so_until_used_here(tmp_path, monkeypatch):
    with static_app(tmp_path, monkeypatch) as (idb, sync, repo, model, settle, shown):
        storage = storing(idb, sync, repo, model, True, settle)
        assert model.storage_note == "" and model.use_here is None
        # An entry under way when the other tab asks: this tab lets go once it is stored and shown.
        assert dispatched(model, ROME_ID, {"type": "adjust", "player": 2, "counter": "money", "delta": 1})
        sync.send(b"the entry drawn")
        storage.told("asked")
        assert storage.lock.let_go == 0 and model.storage_note == "web.storage.taken_over" and model.use_here
        settle()
        assert storage.lock.let_go == 1 and [m for m, _, _ in shown] == [b"the entry drawn"]
        assert files(idb.stored) == files(idb.folder)
        stored = what_it_holds(repo)

        # Taken over: every write site is refused and says so; nothing changes, nothing reaches IndexedDB.
        model.deleted_play = repo.play(repo.plays()[-1]["id"])  # History's Undo offers it back
        for site, (write, where, stays) in SITES.items():
            if site == "new game":
                with pytest.raises(SaveFailed) as failed:
                    write(model, repo)
                said = model.m(failed.value.msg)
            else:
                assert not write(model, repo), site
                said = message_at(model, where)
            assert said.startswith(f"Not saved: another tab of this browser stores Tabula's games. {stays}"), said
        settle()
        assert what_it_holds(repo) == stored and files(idb.stored) == files(idb.folder) and not idb.calls

        # Meanwhile the other tab stored an entry of its own. Use here: read afresh, stored from now on.
        other = Repository(idb.stored, GAMES)  # its own tab: nothing refused there
        theirs = other.game(ROME_ID)
        theirs.record({"type": "adjust", "player": 0, "counter": "money", "delta": 4})
        other.save(theirs)
        use_here(storage, settle)
        assert model.storage_note == "" and model.use_here is None and model.error == ""
        assert repo.game(ROME_ID).state == theirs.state
        assert dispatched(model, ROME_ID, {"type": "adjust", "player": 2, "counter": "money", "delta": 1})
        settle()
        assert files(idb.stored) == files(idb.folder)
        assert Repository(idb.stored, GAMES, read_only=True).game(ROME_ID).state == repo.game(ROME_ID).state


def test_static_app_a_guest_phone_says_what_the_hosts_storage_means_for_it(tmp_path, monkeypatch):
    """A phone at the table of a tab that stores says nothing of storage. When that tab is taken over in
    another tab of its phone, every guest says so in its own words (its own browser stores nothing either
    way, and it has no "Use here"), over whatever it shows, until that tab takes the storage back."""
    with static_app(tmp_path, monkeypatch) as (idb, sync, repo, model, settle, shown):
        storage = storing(idb, sync, repo, model, True, settle)
        guest = AppModel.create(repo)
        storage.seat_guest(guest)
        assert guest.storage_note == "" and guest.use_here is None
        storage.told("taken")
        assert model.storage_note == "web.storage.taken_over" and model.use_here is not None
        assert guest.storage_note == "web.storage.host_not_storing" and guest.use_here is None
        assert guest.t(guest.storage_note).startswith("The phone you joined does not store the games any more")
        assert guest.error == "The phone you joined was just taken over in another tab there: nothing entered now is stored."
        use_here(storage, settle)
        assert model.storage_note == "" and guest.storage_note == ""
        late = AppModel.create(repo)
        storage.told("taken")
        storage.seat_guest(late)  # a phone that joins now says it at once
        assert late.storage_note == "web.storage.host_not_storing"


def test_static_app_opened_while_another_tab_stores_shows_what_is_stored_and_keeps_nothing(tmp_path, monkeypatch):
    with static_app(tmp_path, monkeypatch) as (idb, sync, _, _, settle, _):
        shutil.rmtree(idb.folder)
        idb.folder.mkdir()  # this tab's files in memory: none yet
        storage = web_main.BrowserStorage(idb, sync, once=lambda f: f)  # as the app opens: nothing written back
        storage.lock = OneTab(False)
        started = settle.loop.create_task(storage.start())
        settle()  # what is stored, read
        settle.loop.run_until_complete(started)
        repo = Repository(idb.folder, GAMES, watch=storage.watch)
        model = AppModel.create(repo)
        storage.serve(repo, model, None)
        assert model.storage_note == "web.storage.other_tab" and model.use_here is not None
        assert repo.game(ROME_ID) is not None and model.theme == "dark"  # as stored, as the players set it
        before = files(idb.stored)
        assert not dispatched(model, ROME_ID, {"type": "adjust", "player": 2, "counter": "money", "delta": 1})
        assert model.error_for(repo.game(ROME_ID)).startswith(OTHER_TAB_SAID)
        assert not model.set_lang("de") and model.lang == "en"
        settle()
        assert files(idb.stored) == before and not sync.running and not idb.calls  # nothing written back


# ------------------------------------------------------------------ a bug is not damaged data

def saved_game(folder: Path) -> tuple[Path, bytes]:
    """A City of Rome game with two entries: Anna's money (core's `adjust`) and the round's end (the game's)."""
    repo = Repository(folder, GAMES)
    game = Game("20250101-120000-buggy1", ROME, make_config(ROME, players(ROME), 0), stage="play")
    for event in [{"type": "adjust", "player": 0, "counter": "money", "delta": 3}, {"type": "end_round"}]:
        game.record(event)
    repo.save(game)
    path = folder / "live" / f"{game.id}.json"
    return path, path.read_bytes()


def broken_game(monkeypatch, where: str, error: Exception):
    """City of Rome with a bug in `where`: its initial_state, or its end_round move's apply or upgrade (the
    round's end is the second entry; money is core's `adjust`)."""
    def buggy(*args, **kwargs):
        raise error

    if where == "initial_state":
        definition = dataclasses.replace(ROME, rules=dataclasses.replace(ROME.rules, initial_state=buggy))
    else:
        def broken(move):
            if move.name != "end_round":
                return move
            return dataclasses.replace(move, apply=buggy) if where == "apply" else \
                dataclasses.replace(move, upgrades={1: buggy})
        definition = dataclasses.replace(ROME, rules=dataclasses.replace(ROME.rules, moves=tuple(broken(m) for m in ROME.rules.moves)))
    monkeypatch.setitem(GAMES, "city-of-rome", definition)


@pytest.mark.parametrize("where, error", [
    ("initial_state", KeyError("rounds")),
    ("apply", TypeError("'NoneType' object is not subscriptable")),
    ("upgrade", ValueError("a bug that raises ValueError is a bug all the same")),
], ids=["KeyError in initial_state", "TypeError in a move", "ValueError in a move's upgrade"])
def test_a_bug_while_opening_a_game_leaves_its_file_as_it_is_and_home_says_why(tmp_path, monkeypatch, caplog,
                                                                               where, error):
    folder = tmp_path / "data"
    path, saved = saved_game(folder)
    if where == "upgrade":  # only an entry saved under an older event schema is upgraded
        doc = json.loads(saved)
        doc["session"]["1"]["event_schema"] = 1
        path.write_text(json.dumps(doc), encoding="utf-8")
        saved = path.read_bytes()
    broken_game(monkeypatch, where, error)

    with caplog.at_level(logging.ERROR, logger="tabula.storage"):
        repo = Repository(folder, GAMES)

    assert path.read_bytes() == saved and sorted(p.name for p in path.parent.iterdir()) == [path.name]
    assert repo.live_games() == []
    [notice] = repo.notices
    assert notice.key == "core.notice.game_failed"
    text = notice.render("en")
    assert text.startswith(f"City of Rome (Anna, Ben, Cleo) could not be opened: Tabula failed while replaying "
                           f"it ({type(error).__name__}: ")
    assert "live/20250101-120000-buggy1.json is kept exactly as it is" in text
    assert "Tabula ist beim Nachspielen gescheitert" in notice.render("de")
    [record] = [r for r in caplog.records if r.name == "tabula.storage"]
    assert record.exc_info and record.exc_info[1] is error  # the traceback is in the log
    # Read-only commands say the same and leave it too.
    assert [n.key for n in Repository(folder, GAMES, read_only=True).notices] == ["core.notice.game_failed"]
    # Writes elsewhere never touch it; once the bug is fixed, the game opens with all its entries.
    repo.set_setting("lang", "de")
    monkeypatch.undo()
    fixed = Repository(folder, GAMES)
    assert fixed.notices == [] and len(fixed.game("20250101-120000-buggy1").events) == 2


def test_damaged_entries_and_files_are_still_set_aside(tmp_path):
    """The other side of the line: entries the rules refuse or of the wrong shape are set aside (the
    game resumes at its last good one); a saved game of the wrong shape is moved aside whole."""
    folder = tmp_path / "data"
    path, _ = saved_game(folder)
    doc = json.loads(path.read_text(encoding="utf-8"))
    good = doc["session"]["1"]["events"]
    for bad in ([1, 2], "end_round", {"type": ["adjust"]}, {"type": "adjust", "player": 0, "counter": ["money"],
                                                            "delta": 1}, {"type": "adjust", "player": 0,
                                                                          "counter": "money", "delta": -99}):
        doc["session"]["1"]["events"] = [*good, bad, good[0]]
        doc["session"]["1"]["cursor"] = 3
        path.write_text(json.dumps(doc), encoding="utf-8")
        repo = Repository(folder, GAMES)
        kept = repo.game("20250101-120000-buggy1")
        assert kept.events == good and kept.set_aside == [{"event_schema": 2, "event": e} for e in (bad, good[0])], bad
        assert [n.key for n in repo.notices] == ["core.notice.set_aside"]
    for shape in ({"players": "Anna"}, {"players": [{"name": "Anna"}] * 3, "start_player": 0},
                  {"players": players(ROME), "start_player": 7}, {"players": players(ROME), "start_player": 0,
                                                                  "box": [1]}):
        doc["session"]["1"].update(config=shape, events=good, cursor=2)
        path.write_text(json.dumps(doc), encoding="utf-8")
        repo = Repository(folder, GAMES)
        assert [n.key for n in repo.notices] == ["core.notice.damaged"], shape
        assert not path.exists()
        aside = next(path.parent.glob("*.damaged-*"))
        aside.unlink()


def test_a_game_this_tabula_does_not_know_is_left_as_it_is(tmp_path):
    """A game of a plugin that is not loaded this time (or of a newer Tabula) is not damaged data."""
    folder = tmp_path / "data"
    path, saved = saved_game(folder)
    repo = Repository(folder, {k: g for k, g in GAMES.items() if k != "city-of-rome"})
    assert [n.key for n in repo.notices] == ["core.notice.game_unknown"]
    assert repo.notices[0].render("en").startswith("live/20250101-120000-buggy1.json is a game of city-of-rome")
    assert path.read_bytes() == saved and len(list(path.parent.iterdir())) == 1
    assert Repository(folder, GAMES).notices == []


def test_a_file_the_system_cannot_read_is_left_as_it_is(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    path, saved = saved_game(folder)
    real = Path.read_text

    def refused(self, *args, **kwargs):
        if self == path:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(self, *args, **kwargs)
    monkeypatch.setattr(Path, "read_text", refused)
    repo = Repository(folder, GAMES)
    assert [n.key for n in repo.notices] == ["core.notice.game_unreadable"]
    assert "could not be read (Permission denied)" in repo.notices[0].render("en")
    monkeypatch.undo()
    assert path.read_bytes() == saved and len(list(path.parent.iterdir())) == 1


def entries_of_the_fixtures() -> list[tuple[str, dict, list]]:
    """Every entry of the saved games in tests/data/event-schema-1 (all four games), with the entries
    before it, in today's form."""
    out = []
    for game_id in GAMES:
        doc = json.loads((ROOT / "tests" / "data" / "event-schema-1" / f"{game_id}.json").read_text())
        game = Game.from_json(doc["session"]["1"], GAMES)
        out.append((game_id, game.config, game.events))
    return out


ODD_VALUES = [None, "x", "", [], {}, [1], {"a": [1, {"b": None}]}, -1, 0, 999, 10 ** 9, True, 1.5, "red"]


def test_every_game_refuses_an_entry_of_the_wrong_shape_with_invalid_move():
    """What makes an entry in a file "damaged" rather than "a bug": each game's own check raises
    InvalidMove for an entry of the wrong shape (every key of every fixture entry dropped or replaced by
    an odd value), never another exception."""
    tried = 0
    for game_id, config, events in entries_of_the_fixtures():
        definition = GAMES[game_id]
        state = definition.rules.initial_state(config)
        for event in events:
            changed = [{k: v for k, v in event.items() if k != key} for key in event]
            changed += [{**event, key: value} for key in event for value in ODD_VALUES]
            for odd in changed:
                try:
                    definition.apply(state, odd, config)
                except InvalidMove:
                    pass
                tried += 1
            definition.apply_in_place(state, event, config)
    assert tried > 3000

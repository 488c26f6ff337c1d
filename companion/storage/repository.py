"""Tabula's data directory, behind one small interface.

Files (all TinyDB, all written atomically):
- `live/<id>.json`          one game in progress (`Game`) each, so an entry rewrites only its own game;
- `history.jsonl`           finished plays, one line appended per play (see storage/history.py;
                            a `history.json` of earlier versions is upgraded once and kept as a backup);
- `settings.json`           language, theme and the names entered before;
- `boxdata.json`            values printed on components that the players entered.
A file that cannot be read (empty, truncated, not JSON, wrong version or shape) is renamed to
`<name>.damaged-<time>` and a notice is kept for the home screen; the app carries on without it.
Only damaged data is moved: a game whose file is sound but which a game's code fails to open (a bug:
anything but a parse, shape or rules error, see core/game.py) stays exactly as it is, its traceback
is logged, and Home says that the game could not be opened and why; so does a file the system cannot
read (permissions, a disk error).

Every write stores the change or raises (OSError) with memory and disk both as they were before:
the games in progress and the history change in memory only once their file is written; settings and
box data are read from their files.

`Repository(dir, games, read_only=True)` (for `export` and `score --data`) only reads: it creates no
folder or file, leaves a damaged file where it is (with a notice), and every write raises `ReadOnlyError`.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from pathlib import Path
from typing import Any, Callable

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document

from companion.core.definition import GameDefinition
from companion.core.plays import renamed, rescored
from companion.core.saving import reason
from companion.core.game import Game, check_shape
from companion.core.stats import player_key
from companion.core.text import Msg
from companion.storage.atomic import AtomicJSONStorage, Watch
from companion.storage.history import History

SCHEMA_VERSION = 1
SETTINGS_DEFAULTS = {"lang": "en", "theme": "light"}
SETTINGS_CHOICES = {"lang": ("en", "de"), "theme": ("light", "dark")}
MAX_KNOWN_NAMES = 40
log = logging.getLogger("tabula.storage")


class DamagedFile(Exception):
    pass


class ReadOnlyError(Exception):
    """A write on a Repository opened with read_only=True."""


class _Snapshot(Storage):
    """A file's text as read once: every read parses it afresh (TinyDB changes what it reads in place
    before it writes), every write raises."""

    def __init__(self, text: str | None):
        self.text = text

    def read(self):
        return json.loads(self.text) if self.text else None

    def write(self, data) -> None:
        raise ReadOnlyError("this data folder was opened read-only")


def _check_tinydb_shape(data: Any) -> None:
    if not isinstance(data, dict):
        raise DamagedFile("not a JSON object")
    for table, docs in data.items():
        if not isinstance(docs, dict) or not all(isinstance(d, dict) for d in docs.values()):
            raise DamagedFile(f"table {table!r} is not a set of records")
        # TinyDB turns record ids into int on every write: a non-number id would fail later, mid-game.
        if not all(isinstance(k, str) and k.isascii() and k.isdigit() for k in docs):
            raise DamagedFile(f"table {table!r} has a record id that is not a number")
    meta = data.get("meta", {}).get("1")
    if meta is None or meta.get("schema") != SCHEMA_VERSION:
        raise DamagedFile(f"schema version {None if meta is None else meta.get('schema')!r}, "
                          f"expected {SCHEMA_VERSION}")


class Repository:
    def __init__(self, data_dir: Path, games: dict[str, GameDefinition], read_only: bool = False,
                 watch: Watch | None = None):
        """`watch`: what every write to the folder tells and whether it may happen (the static app's
        write-back to IndexedDB, companion/storage/atomic.py); none: the files alone."""
        self.dir = Path(data_dir)
        self.games = games
        self.read_only = read_only
        self.watch = watch or Watch()
        if not read_only:
            (self.dir / "live").mkdir(parents=True, exist_ok=True)
        self.notices: list[Msg] = []
        self._lock = threading.RLock()
        self._read_files()

    def _read_files(self) -> None:
        self._settings = self._open(self.dir / "settings.json")
        self._history = History(self.dir, self.read_only, self.notices, self._move_aside, self.watch)
        self._box = self._open(self.dir / "boxdata.json")
        self._live_games: dict[str, Game] = {}
        for path in sorted((self.dir / "live").glob("*.json")):
            self._load_game(path)

    def reload(self) -> None:
        """Read every file again, after they were put back to what was last stored (the static app when
        IndexedDB refused a write): memory is then the files again."""
        with self._lock:
            version = self._history.version
            self._read_files()
            self._history.version += version + 1  # never a version a screen has computed for already

    # ------------------------------------------------------------------ files

    def _open(self, path: Path, check: Callable[[TinyDB], Any] | None = None) -> TinyDB:
        if self.read_only:
            return self._open_read_only(path, check)
        db = TinyDB(path, storage=AtomicJSONStorage, watch=self.watch)
        if path.exists():
            try:
                text = path.read_text(encoding="utf-8")
                _check_tinydb_shape(json.loads(text))
                if check:
                    check(db)
                return db
            except (OSError, ValueError, DamagedFile) as error:
                self._move_aside(path, error)
        db.table("meta").upsert(Document({"schema": SCHEMA_VERSION}, doc_id=1))
        return db

    def _open_read_only(self, path: Path, check: Callable[[TinyDB], Any] | None) -> TinyDB:
        """The same checks as `_open`, but a missing or damaged file reads as empty and stays as it is."""
        text = None
        if path.exists():
            try:
                text = path.read_text(encoding="utf-8")
                _check_tinydb_shape(json.loads(text))
                if check:
                    check(TinyDB(text, storage=_Snapshot))
            except (OSError, ValueError, DamagedFile) as error:
                self._move_aside(path, error)
                text = None
        return TinyDB(text, storage=_Snapshot)

    def _move_aside(self, path: Path, error: Exception) -> None:
        if self.read_only:
            self.notices.append(Msg("core.notice.damaged_kept", file=path.name, reason=str(error)))
            return
        aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        n = 1
        while aside.exists():
            aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
            n += 1
        path.rename(aside)
        self.watch.tell(path)
        self.notices.append(Msg("core.notice.damaged", file=path.name, aside=aside.name, reason=str(error)))

    def _load_game(self, path: Path) -> None:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as error:
            self._move_aside(path, error)
            return
        except OSError as error:  # the system's doing (permissions, a disk error), not damage: left as it is
            log.error("cannot read %s: %s", path, error)
            self.notices.append(Msg("core.notice.game_unreadable", file=f"live/{path.name}",
                                    reason=error.strerror or str(error)))
            return
        try:  # damaged data: not JSON, not a TinyDB file, not a saved game's shape
            data = json.loads(text)
            _check_tinydb_shape(data)
            doc = data.get("session", {}).get("1")  # "session": the stored name of a game in progress
            if not isinstance(doc, dict):
                raise DamagedFile("no game in the file")
            if isinstance(doc.get("game"), str) and doc["game"] not in self.games:
                # Not damage: a game this Tabula does not have (a plugin not loaded, a newer version's game).
                self.notices.append(Msg("core.notice.game_unknown", file=f"live/{path.name}", game=doc["game"]))
                return
            check_shape(doc, self.games)
        except (ValueError, RecursionError, DamagedFile) as error:
            self._move_aside(path, error)
            return
        try:  # the games' own code: entries the rules refuse are set aside inside; anything else is a bug
            game = Game.from_json(doc, self.games)
        except Exception as error:  # a bug is not damage: the file stays byte for byte, and Home says so
            log.exception("the game in %s could not be opened (a bug, the file is left as it is)", path)
            self.notices.append(Msg("core.notice.game_failed", game=self.games[doc["game"]].name,
                                    players=[p["name"] for p in doc["config"]["players"]], file=f"live/{path.name}",
                                    error=f"{type(error).__name__}: {error}"))
            return
        newly_aside = len(game.set_aside) - len(doc.get("set_aside", []))
        if newly_aside > 0:  # the game resumes at its last good entry; the rest stays in its file
            self.notices.append(Msg("core.notice.set_aside", game=game.definition.name, count=newly_aside,
                                    players=[p["name"] for p in game.config["players"]]))
        self._live_games[game.id] = game

    def _game_path(self, sid: str) -> Path:
        return self.dir / "live" / f"{sid}.json"

    # ------------------------------------------------------------------ games in progress

    def live_games(self) -> list[Game]:
        with self._lock:
            return sorted(self._live_games.values(), key=lambda s: s.updated, reverse=True)

    def game(self, sid: str) -> Game | None:
        with self._lock:
            return self._live_games.get(sid)

    def save(self, game: Game) -> None:
        """Persist a game in progress; when this returns, the entry survives a crash."""
        self._check_writable()
        # Outside the repository's lock: each game has its own file, and the table hub's lock of that game
        # orders its writes; a slow disk under one game's save holds up no other game's.
        db = TinyDB(self._game_path(game.id), storage=AtomicJSONStorage, watch=self.watch)
        # "session": the name a game in progress is stored under (kept, so that every data folder reads)
        db.storage.write({"meta": {"1": {"schema": SCHEMA_VERSION}}, "session": {"1": game.to_json()}})
        with self._lock:
            self._live_games[game.id] = game

    def _check_writable(self) -> None:
        # The TinyDB files refuse writes themselves (_Snapshot); the live games are written directly.
        if self.read_only:
            raise ReadOnlyError("this data folder was opened read-only")
        self.watch.check()  # before anything changes (the history's append, a game's removal)

    def discard(self, sid: str) -> None:
        self._check_writable()
        with self._lock:
            self._game_path(sid).unlink(missing_ok=True)  # first: if it fails, the game stays
            self._live_games.pop(sid, None)
            self.watch.tell(self._game_path(sid))

    # ------------------------------------------------------------------ history

    def finish(self, game: Game, play: dict) -> None:
        """Move a finished game into the history (history first: a crash in between keeps both). A play
        already there (its id) is not added again: after such a crash, confirming again only discards."""
        self._check_writable()
        with self._lock:
            self._history.add(play)
            self.discard(game.id)

    def plays(self) -> list[dict]:
        """Every play's summary (see storage/history.py), newest first, each with `doc_id`: the history's
        own list, kept in memory; do not change it."""
        with self._lock:
            return self._history.plays()

    def play(self, play_id: str) -> dict | None:
        """One whole play (explanations, notes, board), with `doc_id`."""
        with self._lock:
            return self._history.play(play_id)

    def whole_plays(self) -> list[dict]:
        """Every whole play, newest first (for the backup)."""
        with self._lock:
            return self._history.whole_plays()

    @property
    def history_version(self) -> int:
        """Changes whenever the history does: a screen can key what it computes from the plays on it."""
        return self._history.version

    def games_played(self) -> list[str]:
        with self._lock:
            return self._history.games_played()

    def player_names(self) -> list[str]:
        with self._lock:
            return self._history.player_names()

    def delete_play(self, doc_id: int) -> dict | None:
        self._check_writable()
        with self._lock:
            stored = self._history.by_doc(doc_id)
            return None if stored is None else self._history.delete(stored)

    def restore_play(self, play: dict) -> bool:
        """Put a play back (undo of a delete); False if a play of that id is there already."""
        self._check_writable()
        with self._lock:
            return self._history.add(play)

    def add_plays(self, plays: list[dict], checked: bool = False) -> int:
        """Add the plays whose ids are not in the history yet, in one write; returns how many.
        `checked`: they passed the import's check (companion.storage.export.check_play)."""
        self._check_writable()
        with self._lock:
            return self._history.add_many(plays, checked)

    def rename_player(self, old: str, new: str) -> int:
        """Call the player `old` `new` in every finished play (one write; OSError: none is renamed) and among
        the names the new-game form offers; returns how many plays were renamed. The caller checks the
        new name first (`core.plays.rename_problem`)."""
        self._check_writable()
        new = new.strip()
        with self._lock:
            plays = [p for p in (renamed(whole, old, new) for whole in self._history.whole_plays()) if p is not None]
            if plays:
                self._history.replace(plays)
            names: dict[str, str] = {}  # by player_key, most recent first, each once
            for n in self.known_names():
                names.setdefault(player_key(new if player_key(n) == player_key(old) else n),
                                 new if player_key(n) == player_key(old) else n)
            colours = self.known_colours()
            if player_key(old) in colours and player_key(new) not in colours:
                colours[player_key(new)] = colours[player_key(old)]
            try:  # only what the form offers: the plays are renamed even if this is not written
                self._settings.table("names").upsert(Document({"names": list(names.values()),
                                                               "colours": colours}, doc_id=1))
            except OSError as error:
                log.warning("the names offered for a new game were not renamed: %s", error)
        return len(plays)

    # ------------------------------------------------------------------ settings and names

    def settings(self) -> dict:
        with self._lock:
            doc = self._settings.table("settings").get(doc_id=1) or {}
        # An unknown value (hand-edited file) falls back to the default rather than failing.
        return {k: doc.get(k) if doc.get(k) in SETTINGS_CHOICES[k] else v for k, v in SETTINGS_DEFAULTS.items()}

    def set_setting(self, key: str, value: str) -> None:
        if value not in SETTINGS_CHOICES.get(key, ()):
            raise ValueError(f"{key}={value!r}")
        with self._lock:
            table = self._settings.table("settings")
            doc = dict(table.get(doc_id=1) or {})
            doc[key] = value
            table.upsert(Document(doc, doc_id=1))

    def known_names(self) -> list[str]:
        with self._lock:
            doc = self._settings.table("names").get(doc_id=1) or {}
        names = doc.get("names", [])
        return [n for n in names if isinstance(n, str)] if isinstance(names, list) else []

    def remember_names(self, names: list[str], colours: list[str] | None = None) -> None:
        """Most recent first, each once (case-insensitive); with `colours`, the colour each played last."""
        with self._lock:
            merged: list[str] = []
            for n in [n.strip() for n in names if isinstance(n, str)] + self.known_names():
                if n and player_key(n) not in {player_key(m) for m in merged}:
                    merged.append(n)
            kept = {player_key(n): c for n, c in self.known_colours().items() if player_key(n) in
                    {player_key(m) for m in merged[:MAX_KNOWN_NAMES]}}
            kept.update({player_key(n): c for n, c in zip(names, colours or []) if n.strip()})
            self._settings.table("names").upsert(
                Document({"names": merged[:MAX_KNOWN_NAMES], "colours": kept}, doc_id=1))

    def known_colours(self) -> dict[str, str]:
        """The colour each known name played last, by its `player_key`."""
        with self._lock:
            doc = self._settings.table("names").get(doc_id=1) or {}
        colours = doc.get("colours", {})
        return {player_key(n): c for n, c in colours.items() if isinstance(n, str) and isinstance(c, str)} \
            if isinstance(colours, dict) else {}

    # ------------------------------------------------------------------ a game's preferences

    def preferences(self, definition: GameDefinition) -> dict[str, str]:
        """The table's choices for `definition`'s game (its declared preferences), each its default until chosen."""
        with self._lock:
            doc = self._settings.table("settings").get(doc_id=1) or {}
        chosen = {}
        for pref in definition.box.preferences:
            value = doc.get(f"{definition.id}.{pref.id}", doc.get(pref.formerly) if pref.formerly else None)
            chosen[pref.id] = value if value in pref.choices else pref.default
        return chosen

    def set_preference(self, definition: GameDefinition, pref_id: str, value: str) -> None:
        pref = next((p for p in definition.box.preferences if p.id == pref_id), None)
        if pref is None or value not in pref.choices:
            raise ValueError(f"{definition.id}.{pref_id}={value!r}")
        with self._lock:
            table = self._settings.table("settings")
            doc = dict(table.get(doc_id=1) or {})
            doc[f"{definition.id}.{pref_id}"] = value
            table.upsert(Document(doc, doc_id=1))

    # ------------------------------------------------------------------ box data

    def box_data(self, game_id: str) -> dict[str, int]:
        with self._lock:
            doc = self._box.table(game_id).get(doc_id=1) or {}
        return {k: v for k, v in doc.items() if isinstance(v, (int, list, dict)) and not isinstance(v, bool)}

    def set_box_data(self, game_id: str, values: dict) -> list[tuple[dict, dict]]:
        """Keep the values (OSError: they are not kept); then the provisional plays of that game are scored
        again with them. Returns each play scored again as (before, after). Those that cannot be written
        stay provisional, and Home says so (the values are kept all the same)."""
        with self._lock:
            table = self._box.table(game_id)
            doc = dict(table.get(doc_id=1) or {})
            doc.update(values)
            table.upsert(Document(doc, doc_id=1))
            box = self.box_data(game_id)
            changed = [(before, after) for before in (self._history.play(p["id"]) for p in self._history.plays()
                                                      if p["game"] == game_id and p.get("uncounted"))
                       if (after := rescored(before, self.games[game_id], box)) is not None]
            if not self.read_only and changed:
                try:
                    self._history.replace([after for _, after in changed])
                except OSError as error:
                    log.warning("provisional plays not scored again: %s", error)
                    self.notices.append(Msg("core.notice.rescore_failed", count=len(changed), reason=reason(error)))
                    return []
            return changed

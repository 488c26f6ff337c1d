"""The history of finished plays: one JSON-lines file, kept in memory, appended to.

`history.jsonl`: a header line `{"format": "tabula-history", "version": 1}`, then one record per line:
`{"add": PLAY}` (a finished, restored or imported play) or `{"delete": "<play id>"}`. Finishing a game
appends one line and fsyncs it (no rewrite of the file, whatever its size); an import appends all its
plays in one write; deleting appends a `delete` line. The file is rewritten (atomically: temporary file,
fsync, rename) only at start, and only when it holds deletes, repeats, a torn last line or damaged lines.

The one process that holds the data folder (the server, under its lock; or `import`) keeps every play in
memory, newest first, with what History lists besides (games played, player names) kept up to date on
every change: opening History re-reads, re-parses and re-sorts nothing. In memory a play is its summary
(what History, the statistics, the CSV and BG Stats read: names, totals, ranks, points per category,
times) and its whole line, compressed; a play's page and the backup read the whole play back from it.
The file is read line by line: 10,000 plays take about 32 MB so, against 320 MB as parsed JSON.

A line that cannot be read (not JSON, not a play) is set aside alone into `history.jsonl.damaged-<time>`
and Home says so; the other plays stay. A torn last line (a crash in the middle of an append, which had
not been confirmed) is kept if it is a whole play and set aside otherwise.

`history.json` (TinyDB, before this file existed) is read on the first start that finds no
`history.jsonl`: its plays are written to `history.jsonl`, then it is renamed to
`history.json.before-upgrade` and kept as a backup. A read-only history (export, score --data) reads
either file and writes, renames and moves nothing.
"""

from __future__ import annotations

import bisect
import contextlib
import gc
import json
import zlib
import os
import time
from pathlib import Path
from typing import Any, Callable, Iterable

from companion.core.stats import player_key
from companion.core.text import Msg
from companion.storage.atomic import Watch, write_atomic

FILE = "history.jsonl"
OLD_FILE = "history.json"
OLD_SCHEMA = 1
BACKUP_SUFFIX = ".before-upgrade"
HEADER = {"format": "tabula-history", "version": 1}
MAX_TIME = 253_402_300_799  # 9999-12-31 23:59:59 UTC: a time a date can show


@contextlib.contextmanager
def gc_paused():
    """For reading many plays at once. Each play is hundreds of small dicts and lists; with the cyclic
    collector running, its passes over everything read so far made reading 10,000 plays 5 x slower
    (measured: 3.1 s against 0.6 s). What is read here holds no cycles: reference counting frees it."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class DamagedHistory(Exception):
    """The whole file cannot be read: it is moved aside like any damaged data file."""


class ReadOnlyHistory(Exception):
    """A write to a history opened read-only (the Repository refuses those before they get here)."""


def _is_msg(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("key"), str) and isinstance(value.get("params", {}), dict)


def check_play(play: Any) -> None:
    """What History, a play's page, the statistics and the export read from a stored play; raises
    ValueError. (An import checks much more: companion.storage.export.check_play.)"""
    if not isinstance(play, dict):
        raise ValueError("a play is not an object")
    for key, kind in (("id", str), ("game", str), ("finished", (int, float)), ("players", list),
                      ("winners", list)):
        if not isinstance(play.get(key), kind) or isinstance(play.get(key), bool):
            raise ValueError(f"a play has no valid {key!r}")
    for key, kind in (("start_player", str), ("start_seat", int), ("duration_s", (int, float))):  # when there
        if key in play and (not isinstance(play[key], kind) or isinstance(play[key], bool)):
            raise ValueError(f"a play has no valid {key!r}")
    if not (0 <= play["finished"] <= MAX_TIME and abs(play.get("duration_s", 0)) <= MAX_TIME):  # NaN fails too
        raise ValueError("a play has a time that is not a date")
    if not all(isinstance(w, str) for w in play["winners"]):
        raise ValueError("a play has a winner that is not a name")
    if not (isinstance(play.get("uncounted", []), list) and all(isinstance(k, str) for k in play.get("uncounted", []))):
        raise ValueError("a play has box values not counted that are not keys")
    for p in play["players"]:
        if not (isinstance(p, dict) and isinstance(p.get("name"), str) and isinstance(p.get("total"), int)
                and isinstance(p.get("categories"), dict) and isinstance(p.get("rank", 1), int)):
            raise ValueError("a play has a player without name, total or categories")
        explanations = p.get("explanations", {})
        if not isinstance(explanations, dict) or not all(_is_msg(m) for m in explanations.values()):
            raise ValueError("a play has an explanation that is not a message")
    labels, notes = play.get("category_labels", {}), play.get("notes", [])
    if not (isinstance(labels, dict) and all(_is_msg(m) for m in labels.values())
            and isinstance(notes, list) and all(_is_msg(m) for m in notes)):
        raise ValueError("a play has a label or note that is not a message")


def _line(record: dict) -> bytes:
    # ASCII: every line is valid UTF-8 whatever a name holds (even a lone surrogate, as its escape).
    return (json.dumps(record, separators=(",", ":")) + "\n").encode("ascii")


def _newest_first(play: dict) -> float:
    return -play["finished"]


SUMMARY = ("id", "game", "started", "finished", "duration_s", "start_player", "start_seat", "winners", "uncounted")
PLAYER_SUMMARY = ("name", "colour", "total", "rank", "categories")


def _labels_key(labels: dict) -> Any:
    try:  # labels are {category: {"key": ..., "params": {}}}: a tuple is quicker than their JSON
        key = tuple((cid, m["key"], tuple(m.get("params", {}).items())) for cid, m in labels.items())
        hash(key)  # a list among the params cannot be a key
        return key
    except (TypeError, KeyError, AttributeError):
        return json.dumps(labels, sort_keys=True)


def _summary(play: dict, labels: dict[Any, dict]) -> dict:
    """What History, the statistics, the CSV and the BG Stats file read of a play. Category labels are
    the same in most plays of a game: one shared copy each (`labels`, keyed by their JSON)."""
    out = {k: play[k] for k in SUMMARY if k in play}
    if "category_labels" in play:
        out["category_labels"] = labels.setdefault(_labels_key(play["category_labels"]), play["category_labels"])
    out["players"] = [{k: p[k] for k in PLAYER_SUMMARY if k in p} for p in play["players"]]
    return out


class History:
    def __init__(self, folder: Path, read_only: bool, notices: list[Msg],
                 move_aside: Callable[[Path, Exception], None], watch: Watch | None = None):
        """`move_aside(path, error)` deals with a file that cannot be read at all (the Repository's rule:
        renamed to `<name>.damaged-<time>` with a notice; read-only: left in place, with a notice). `watch`:
        the data folder's (companion/storage/atomic.py)."""
        self.folder = Path(folder)
        self.watch = watch or Watch()
        self.path = self.folder / FILE
        self.read_only = read_only
        self.notices = notices
        self._move_aside = move_aside
        self._by_id: dict[str, dict] = {}  # play id -> its summary (with doc_id)
        self._by_doc: dict[int, dict] = {}
        self._newest: list[dict] = []  # the same summaries, newest first (equal times: in the order added)
        self._lines: dict[str, bytes] = {}  # play id -> its `add` line, compressed
        self._labels: dict[Any, dict] = {}
        self._next_doc = 1
        self.version = 0  # +1 on every change: what a screen may key a cache on
        self._games: dict[str, int] = {}
        self._name_plays: dict[str, int] = {}
        self._names: dict[str, tuple[float, int, str]] | None = {}  # key -> (finished, doc_id, spelling)
        with gc_paused():
            self._load()

    # ------------------------------------------------------------------ reading

    def _load(self) -> None:
        old = self.folder / OLD_FILE
        upgrade = False
        if self.path.exists():
            try:
                with open(self.path, "rb") as lines:
                    plays, damaged, rewrite = _read_lines(lines, self._compact)
            except (OSError, DamagedHistory) as error:
                self._move_aside(self.path, error)
                plays, damaged, rewrite = [], [], True
            upgrade = old.exists()  # an upgrade stopped between writing history.jsonl and the rename
        elif old.exists():
            try:
                plays, damaged = _read_old(old, self._compact)
                upgrade = True
            except (OSError, ValueError, RecursionError, DamagedHistory) as error:
                self._move_aside(old, error)  # the old rule: a file that is not a history at all
                plays, damaged = [], []
            rewrite = True
        else:
            plays, damaged, rewrite = [], [], True
        for summary, blob in plays:
            if summary["id"] not in self._by_id:  # a play confirmed twice (before `finish` checked) counts once
                self._insert(summary, blob, sort=False)
            else:
                rewrite = True
        self._newest.sort(key=_newest_first)  # stable: equal times stay in the order they were added
        if damaged:
            self._set_aside(damaged)
        if rewrite and not self.read_only:
            self._rewrite()
        if upgrade and not self.read_only:  # only once history.jsonl holds every play
            backup = _free_name(old.with_name(old.name + BACKUP_SUFFIX))
            old.rename(backup)
            self.watch.tell(old)
            self.watch.tell(backup)

    def _set_aside(self, lines: list[bytes]) -> None:
        if self.read_only:
            self.notices.append(Msg("core.notice.plays_damaged_kept", count=len(lines), file=self.path.name))
            return
        aside = _free_name(self.path.with_name(f"{self.path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"))
        write_atomic(aside, b"".join(lines), self.watch)
        self.notices.append(Msg("core.notice.plays_set_aside", count=len(lines), file=self.path.name,
                                aside=aside.name))

    # ------------------------------------------------------------------ the plays in memory

    def _compact(self, play: dict, line: bytes) -> tuple[dict, bytes]:
        """What is kept of a play: its summary and its line, compressed (the parsed play is let go at once:
        10,000 parsed plays at a time would take 320 MB)."""
        return _summary(play, self._labels), zlib.compress(line, 1)

    def _insert(self, summary: dict, blob: bytes, sort: bool = True) -> dict:
        stored = dict(summary, doc_id=self._next_doc)
        self._next_doc += 1
        self._lines[stored["id"]] = blob
        self._by_id[stored["id"]] = stored
        self._by_doc[stored["doc_id"]] = stored
        if sort:  # after the others of the same time, as the stable sort at start puts them
            bisect.insort_right(self._newest, stored, key=_newest_first)
        else:
            self._newest.append(stored)
        self._games[stored["game"]] = self._games.get(stored["game"], 0) + 1
        for p in stored["players"]:
            key = player_key(p["name"])
            self._name_plays[key] = self._name_plays.get(key, 0) + 1
            if self._names is not None:
                seen = self._names.get(key)
                mark = (stored["finished"], stored["doc_id"], p["name"].strip())
                if seen is None or mark[:2] >= seen[:2]:
                    self._names[key] = mark
        self.version += 1
        return stored

    def _remove(self, stored: dict) -> None:
        del self._by_id[stored["id"]]
        del self._lines[stored["id"]]
        del self._by_doc[stored["doc_id"]]
        i = bisect.bisect_left(self._newest, -stored["finished"], key=_newest_first)
        while self._newest[i] is not stored:  # the plays of the same time, then this one
            i += 1
        del self._newest[i]
        self._games[stored["game"]] -= 1
        if not self._games[stored["game"]]:
            del self._games[stored["game"]]
        for p in stored["players"]:
            key = player_key(p["name"])
            self._name_plays[key] -= 1
            if not self._name_plays[key]:
                del self._name_plays[key]
        self._names = None  # whose spelling is the latest: worked out again when next asked
        self.version += 1

    def plays(self) -> list[dict]:
        """Every play's summary, newest first, each with its `doc_id`. The list and its plays are the
        history's own: read them, never change them (export.clean makes a copy without doc_id)."""
        return self._newest

    def play(self, play_id: str) -> dict | None:
        """The whole play (explanations, notes, board, box data used), with its `doc_id`."""
        stored = self._by_id.get(play_id)
        return None if stored is None else dict(self._whole(play_id), doc_id=stored["doc_id"])

    def whole_plays(self) -> list[dict]:
        """Every whole play, newest first, without doc_id (for the backup)."""
        return [self._whole(p["id"]) for p in self._newest]

    def _whole(self, play_id: str) -> dict:
        return json.loads(zlib.decompress(self._lines[play_id]))["add"]

    def by_doc(self, doc_id: int) -> dict | None:
        return self._by_doc.get(doc_id)

    def __len__(self) -> int:
        return len(self._newest)

    def games_played(self) -> list[str]:
        """Game ids, most played first (then by id): `stats.games_played` without a pass over the plays."""
        return sorted(self._games, key=lambda g: (-self._games[g], g))

    def player_names(self) -> list[str]:
        """Everyone who played, in the spelling of their latest play, by name: `stats.player_names`."""
        if self._names is None:
            self._names = {}
            for stored in self._newest:  # the latest play (of the same time: the one added last) wins
                for p in stored["players"]:
                    key, mark = player_key(p["name"]), (stored["finished"], stored["doc_id"], p["name"].strip())
                    if key not in self._names or mark[:2] >= self._names[key][:2]:
                        self._names[key] = mark
        return sorted((spelling for _, _, spelling in self._names.values()), key=str.casefold)

    # ------------------------------------------------------------------ writing

    def add(self, play: dict) -> bool:
        """Append one play (on disk, fsynced, when this returns); False if its id is there already."""
        return self.add_many([play]) == 1

    def add_many(self, plays: Iterable[dict], checked: bool = False) -> int:
        """Append the plays whose ids are not there yet in one write and one fsync; returns how many.
        `checked`: the plays passed the import's check (export.check_play), which includes this one."""
        new, ids = [], set()
        for play in plays:
            if not checked:
                check_play(play)  # what is written here must read back at the next start
            if play["id"] not in self._by_id and play["id"] not in ids:
                clean = {k: v for k, v in play.items() if k != "doc_id"}
                new.append((clean, _line({"add": clean})))
                ids.add(play["id"])
        if new:
            self._append(b"".join(line for _, line in new))
            for play, line in new:
                self._insert(*self._compact(play, line))
        return len(new)

    def replace(self, plays: list[dict]) -> None:
        """Put these plays in the place of the ones of the same ids (a provisional result scored again),
        in one write: each a `delete` and an `add` line."""
        for play in plays:
            check_play(play)
        clean = [{k: v for k, v in play.items() if k != "doc_id"} for play in plays]
        lines = [_line({"add": play}) for play in clean]
        self._append(b"".join(_line({"delete": play["id"]}) + line for play, line in zip(clean, lines)))
        for play, line in zip(clean, lines):
            self._remove(self._by_id[play["id"]])
            self._insert(*self._compact(play, line))

    def delete(self, stored: dict) -> dict:
        """Take a play (as `plays()` gives it) out; returns the whole play without doc_id, to restore it."""
        whole = self._whole(stored["id"])
        self._append(_line({"delete": stored["id"]}))
        self._remove(stored)
        return whole

    def _append(self, data: bytes) -> None:
        if self.read_only:
            raise ReadOnlyHistory("this data folder was opened read-only")
        # Unbuffered: after a failed write nothing is left in a buffer that would be written later.
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            size = os.fstat(fd).st_size
            try:
                written = 0
                while written < len(data):
                    written += os.write(fd, data[written:])
                os.fsync(fd)
            except BaseException:
                # e.g. a full disk: take the partial record back, or the next append would join its line
                try:
                    os.ftruncate(fd, size)
                except OSError:
                    pass  # then the next start finds a torn line and sets it aside
                raise
        finally:
            os.close(fd)
        self.watch.tell(self.path)

    def _rewrite(self) -> None:
        """The header and one `add` per play, in the order they were added; atomically."""
        body = b"".join(zlib.decompress(self._lines[p["id"]]) for p in self._by_doc.values())
        write_atomic(self.path, _line(HEADER) + body, self.watch)


def _read_lines(lines: Iterable[bytes], compact: Callable[[dict, bytes], Any]) -> tuple[list, list[bytes], bool]:
    """What a history.jsonl holds, read line by line: `compact(play, line)` of each play (adds minus
    deletes, in the order added), the damaged lines, and whether the file should be rewritten."""
    lines = iter(lines)
    first = next(lines, b"")
    try:
        header = json.loads(first) if first.endswith(b"\n") else None
    except (ValueError, RecursionError):
        header = None
    if header != HEADER:
        raise DamagedHistory(f"the first line is not {json.dumps(HEADER)}")
    live: dict[str, Any] = {}
    damaged: list[bytes] = []
    rewrite = False
    for line in lines:
        if not line.endswith(b"\n"):  # the last line, torn: its append did not finish
            line += b"\n"
            rewrite = True
        if not line.strip():
            rewrite = True
            continue
        try:
            record = json.loads(line)
            if not isinstance(record, dict) or len(record) != 1 or not ({"add", "delete"} & set(record)):
                raise ValueError("not a history record")
            if "delete" in record:
                if not isinstance(record["delete"], str):
                    raise ValueError("not a play id")
                live.pop(record["delete"], None)
                rewrite = True
                continue
            check_play(record["add"])
        except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError too
            damaged.append(line)
            rewrite = True
            continue
        play = record["add"]
        if play["id"] in live:  # added twice without a delete between: the first counts
            rewrite = True
        else:
            live[play["id"]] = compact(play, line)
    return list(live.values()), damaged, rewrite


def _read_old(path: Path, compact: Callable[[dict, bytes], Any]) -> tuple[list, list[bytes]]:
    """The plays of a TinyDB history.json (by record id) and its records that are not plays. A file
    that is not such a database at all raises (and is moved aside whole, as before)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise DamagedHistory("not a JSON object")
    for table, docs in data.items():
        if not isinstance(docs, dict):
            raise DamagedHistory(f"table {table!r} is not a set of records")
        if table != "plays" and not all(isinstance(k, str) and k.isascii() and k.isdigit()
                                        and isinstance(d, dict) for k, d in docs.items()):
            raise DamagedHistory(f"table {table!r} has a record that is not one")
    meta = data.get("meta", {}).get("1")
    if meta is None or meta.get("schema") != OLD_SCHEMA:
        raise DamagedHistory(f"schema version {None if meta is None else meta.get('schema')!r}, expected {OLD_SCHEMA}")
    docs = data.get("plays", {})
    plays, damaged = [], []
    numbered = sorted((k for k in docs if k.isascii() and k.isdigit()), key=int)  # TinyDB's ids: the order added
    unnumbered = docs.keys() - set(numbered)  # a set: 10,000 plays are not 50 million comparisons
    for doc_id in numbered + [k for k in docs if k in unnumbered]:
        try:
            check_play(docs[doc_id])
            plays.append(compact(docs[doc_id], _line({"add": docs[doc_id]})))
        except ValueError:
            damaged.append(_line({"record": doc_id, "play": docs[doc_id]}))
    return plays, damaged


def _free_name(path: Path) -> Path:
    n, candidate = 1, path
    while candidate.exists():
        candidate = path.with_name(f"{path.name}-{n}")
        n += 1
    return candidate

"""A TinyDB storage that never leaves a half-written file behind.

TinyDB's JSONStorage rewrites the file in place, so a crash mid-write corrupts it. This one writes
a temporary file in the same directory, fsyncs it, renames it over the target (atomic on POSIX)
and fsyncs the directory so the rename itself survives a power cut.

Once the rename is done the change is made: the file holds it and every later read sees it. A directory
that cannot be opened or synced after that is a warning in the log (the rename may not survive a power
cut), not a failed write: raising then would make the app say "Not saved" and keep its old state in
memory while the file holds the new one, and its next write would overwrite the entry.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from tinydb.storages import Storage

log = logging.getLogger("tabula.storage")


@dataclass
class Watch:
    """What the writes to one data folder tell, and whether they may happen (the Repository's own).

    `changed` is told the path after every change to a data file (a write, a removal, a file moved
    aside): in the browser build the files live in memory and it persists them to IndexedDB
    (companion/web_main.py); on a real file system it stays None, the fsync and rename already made the
    change durable. `refuse`, while set, makes every write raise what it returns before anything changes
    (the static app in a tab that does not store)."""

    changed: Callable[[Path], None] | None = None
    refuse: Callable[[], OSError] | None = None

    def check(self) -> None:
        if self.refuse is not None:
            raise self.refuse()

    def tell(self, path: Path) -> None:
        if self.changed is not None:
            self.changed(path)


def write_atomic(path: Path, text: str | bytes, watch: Watch | None = None) -> None:
    """Replace `path` with `text` (UTF-8) or raw bytes (e.g. a damaged line that is not UTF-8). `watch`: the
    data folder's (none: a file of no data folder, an export or the table token)."""
    if watch is not None:
        watch.check()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8") if isinstance(text, str) else text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    try:
        sync_folder(path.parent)
    except OSError as error:  # the file holds the change already: saved, only perhaps not through a power cut
        log.warning("%s was written, but its folder could not be synced: %s", path, error)
    if watch is not None:
        watch.tell(path)


def sync_folder(folder: Path) -> None:
    """fsync a directory: a rename in it survives a power cut."""
    dir_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


class AtomicJSONStorage(Storage):
    """A TinyDB storage written atomically, and read from the disk once: TinyDB reads its storage for every
    query (the settings and box data on every screen drawn); this keeps what the file holds in memory,
    changed only by a write that went through. Only this process writes its data folder (its lock)."""

    def __init__(self, path: str | os.PathLike, watch: Watch | None = None):
        self.path = Path(path)
        self.watch = watch
        self._held: str | None = None  # the file's text as read or last written

    def read(self):
        if self._held is None:
            try:
                self._held = self.path.read_text(encoding="utf-8")
            except FileNotFoundError:
                return None
        # parsed afresh each time: TinyDB changes what it read before it writes (a failed write must not
        # leave that change in memory)
        return json.loads(self._held) if self._held.strip() else None

    def write(self, data) -> None:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        write_atomic(self.path, text, self.watch)
        self._held = text

    def close(self) -> None:
        pass

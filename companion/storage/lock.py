"""One writer per data folder: the server for its whole life, `companion import` while it runs.

An exclusive, non-blocking `flock` on `<data>/tabula.lock`. The kernel drops the lock when the process
ends, however it ends (SIGKILL included), so a crashed server never leaves the folder locked. The file
says who holds the lock (pid, command, URL) for the message the next process prints. It stays in place:
removing a lock file lets two processes lock two different files of the same name.

Where `fcntl` does not exist (Python in the browser, Windows) there is no locking: `acquire` returns at
once. There the app runs in one process on its own storage, so there is no second server to keep out.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from companion.core.saving import in_one_line

try:
    import fcntl
except ImportError:  # no flock on this platform: one process per folder is the platform's doing
    fcntl = None

LOCK_FILE = "tabula.lock"


class LockError(Exception):
    """The data folder cannot be locked; the text is one line for the user."""


class DataFolderBusy(LockError):
    """Another process holds the data folder."""

    def __init__(self, folder: Path, holder: dict):
        self.folder = folder
        self.pid = holder.get("pid") if isinstance(holder.get("pid"), int) else None
        self.command = holder.get("command") if holder.get("command") in ("server", "import") else None
        self.url = holder.get("url") if isinstance(holder.get("url"), str) else None
        super().__init__(self.for_server())

    def _who(self, with_url: bool) -> str:
        parts = [f"pid {self.pid}"] if self.pid else []
        if with_url and self.url:
            parts.append(self.url)
        return f" ({', '.join(parts)})" if parts else ""

    def for_server(self) -> str:
        if self.command == "import":
            return (f"a Tabula import is writing to the data folder {self.folder}{self._who(False)}; "
                    "wait for it to finish or choose another folder with --data")
        return (f"another Tabula server is already using the data folder {self.folder}{self._who(True)}; "
                "stop it or choose another folder with --data")

    def for_import(self) -> str:
        if self.command == "import":
            return f"another import is writing to this data folder{self._who(False)}; wait for it to finish"
        return f"the Tabula server is running on this data folder{self._who(False)}; stop it first"


class DataLock:
    """`DataLock(folder).acquire("server", url)`; held until `release()` or the end of the process."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.path = self.folder / LOCK_FILE
        self._fd: int | None = None

    def acquire(self, command: str, url: str = "") -> "DataLock":
        if fcntl is None:
            return self
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)  # not inherited by child processes
        except OSError as error:
            raise LockError(f"cannot use the data folder {self.folder}: {error.strerror}")
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _read_holder(fd)
            os.close(fd)
            raise DataFolderBusy(self.folder, holder)
        except OSError as error:
            os.close(fd)
            raise LockError(f"cannot lock the data folder {self.folder}: {error.strerror}")
        try:  # a full disk (or a file-size limit) refuses even these few bytes
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps({"pid": os.getpid(), "command": command, "url": url}).encode(), 0)
        except OSError as error:
            os.close(fd)  # the kernel drops the lock with it
            raise LockError(f"cannot write to the data folder {self.folder}: {in_one_line(error)}")
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is not None:
            os.ftruncate(self._fd, 0)  # an empty file: nobody holds it
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> "DataLock":
        return self

    def __exit__(self, *exc) -> None:
        self.release()


def _read_holder(fd: int) -> dict:
    """What the holder wrote; empty if it has not written yet (it locks first, then writes)."""
    try:
        data = json.loads(os.pread(fd, 4096, 0) or b"{}")
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}

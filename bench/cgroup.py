"""CPU cgroups for the phone bench (bench/phone.py): every process a program started through `wrapper`
runs in the group `tabula-phone-<pid of the bench>`, slowed to a `share` of a core that the bench sets
and changes while they run. Linux only, as root.

Two ways to share (`mode`):
- "threads" (the bench's way; cgroup v1): every thread in a group of its own under the bench's group,
  each at most `share` of a core, as on a phone whose cores are each that much slower and many: the
  page's main thread, the render worker and Python's worker run side by side, each slowed. A thread
  starts in the group of the thread that made it (a new process in that of the thread that forked it)
  and gets a group of its own within POLL_S (new processes within SCAN_S), found in /proc.
- "shared": one quota for all the threads together (at 0.25 a lone busy thread runs at a quarter of its
  speed, two at an eighth each): a phone with one slow core. The only way on cgroup v2 here.
cgroup v1's `cpu` controller (`cpu.cfs_quota_us` over `cpu.cfs_period_us`) where it is mounted, else
cgroup v2's `cpu.max`. The period is as short as the kernel allows for the share (a quota of at least
1 ms), so that a quota slows a thread evenly rather than stopping it for tens of milliseconds at a time:
a share of 0.25 is 1 ms of every 4 ms.

Processes whose command line holds one of `exclude` (the bench: the GPU process) are taken out as they
are found. The groups are removed when the `with` block ends, however it ends (any process left is moved
out first); `sweep` removes those of bench runs that were killed before they could.
"""

from __future__ import annotations

import math
import os
import shutil
import stat
import threading
from pathlib import Path

PREFIX = "tabula-phone-"
MIN_US = 1000  # the kernel's smallest quota and period
POLL_S, SCAN_S = 0.02, 0.2  # how often the threads of known processes are looked at, all processes


def _mounts() -> list[tuple[str, str, str]]:
    """(mount point, file system type, options) of each cgroup mount."""
    found = []
    for line in Path("/proc/mounts").read_text().splitlines():
        fields = line.split()
        if len(fields) >= 4 and fields[2] in ("cgroup", "cgroup2"):
            found.append((fields[1], fields[2], fields[3]))
    return found


def where() -> tuple[Path, int] | None:
    """The folder new groups go in and the cgroup version (1 or 2), or None where no CPU controller can be
    used (not Linux, not mounted, or v2 without the cpu controller)."""
    try:
        mounts = _mounts()
    except OSError:
        return None
    for point, kind, options in mounts:
        if kind == "cgroup" and "cpu" in options.split(","):
            return Path(point), 1
    for point, kind, _ in mounts:
        if kind == "cgroup2" and "cpu" in (Path(point) / "cgroup.controllers").read_text().split():
            return Path(point), 2
    return None


def period_for(share: float) -> int:
    return max(MIN_US, math.ceil(MIN_US / share))


def quota_for(share: float) -> int:
    return max(MIN_US, round(share * period_for(share)))


def _limit(path: Path, version: int, share: float | None) -> None:
    period = period_for(share) if share else 100_000
    quota = quota_for(share) if share else -1
    if version == 1:
        (path / "cpu.cfs_quota_us").write_text("-1")  # a period may only change without a quota
        (path / "cpu.cfs_period_us").write_text(str(period))
        (path / "cpu.cfs_quota_us").write_text(str(quota))
    else:
        (path / "cpu.max").write_text(f"{'max' if quota < 0 else quota} {period}")


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:  # the process or thread ended meanwhile
        return ""


class CpuCgroup:
    """The bench's group (made on entering the `with` block), slowing its processes as `mode` says."""

    def __init__(self, mode: str = "threads", exclude: tuple[bytes, ...] = ()):
        found = where()
        if found is None:
            raise RuntimeError("no cgroup CPU controller here (cgroup v1 'cpu' or v2 with 'cpu' in "
                               "cgroup.controllers): the phone bench needs one to slow the whole browser")
        self.root, self.version = found
        self.mode = mode if self.version == 1 else "shared"
        self.exclude = exclude
        self.path = self.root / f"{PREFIX}{os.getpid()}"
        self.share: float | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._placed: dict[int, Path] = {}  # thread id -> its own group
        self._processes: set[int] = set()
        self._groups: set[int] = set()  # process groups of the browsers started through the wrapper
        self._out: set[int] = set()  # processes taken out (`exclude`, `release`)
        self.error: Exception | None = None

    def __enter__(self) -> "CpuCgroup":
        sweep()
        if self.version == 2:  # the cpu controller must be on for the root's children
            (self.root / "cgroup.subtree_control").write_text("+cpu")
        self.path.mkdir()
        if self.mode == "threads" or self.exclude:
            threading.Thread(target=self._watch, name="cgroup-threads", daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        with self._lock:
            for group in self._placed.values():
                _remove(group)
        _remove(self.path)

    def set_share(self, share: float | None) -> None:
        """Each thread (mode "threads"), or all of them together ("shared"), at most `share` of one core
        (None: no limit)."""
        with self._lock:
            self.share = share
            if self.mode == "shared":
                _limit(self.path, self.version, share)
                return
            for group in self._placed.values():
                try:
                    _limit(group, 1, share)
                except OSError:  # its thread ended and the group was removed meanwhile
                    pass

    def wrapper(self, executable: str, folder: Path) -> Path:
        """A script in `folder` that puts itself into the group and then becomes `executable` with the same
        arguments: every process that program starts is in the group from its first instruction."""
        script = folder / "in-cgroup"
        script.write_text(f"#!/bin/sh\necho $$ > '{self.path / 'cgroup.procs'}' || exit 1\n"
                          f"exec '{shutil.which(executable) or executable}' \"$@\"\n")
        script.chmod(script.stat().st_mode | stat.S_IXUSR)
        return script

    def release(self, pid: int) -> None:
        """Take the process (every thread of it) out of the group."""
        self._out.add(pid)
        (self.root / "cgroup.procs").write_text(str(pid))

    # ---------------------------------------------------------------- mode "threads"

    def _watch(self) -> None:
        ticks = 0
        while not self._stop.wait(POLL_S):
            try:
                with self._lock:
                    if ticks % round(SCAN_S / POLL_S) == 0:
                        self._scan()
                    self._place()
            except Exception as error:  # said in the figures (phone_device), the bench goes on
                self.error = error
            ticks += 1

    def _scan(self) -> None:
        """Find the browsers' processes (their process group) and forget the threads that ended."""
        for pid in _read(self.path / "cgroup.procs").split():
            fields = _read(Path(f"/proc/{pid}/stat")).rsplit(")", 1)[-1].split()
            if len(fields) > 2:
                self._groups.add(int(fields[2]))
        found = set()
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                fields = _read(Path(entry.path) / "stat").rsplit(")", 1)[-1].split()
                if len(fields) > 2 and int(fields[2]) in self._groups:
                    found.add(int(entry.name))
        self._processes = found
        for tid, group in list(self._placed.items()):
            if not Path(f"/proc/{tid}").exists():
                _remove(group)
                del self._placed[tid]

    def _place(self) -> None:
        """Each thread not placed yet into a group of its own at the current share (mode "threads"); a
        process that matches `exclude` out of the group instead."""
        for pid in self._processes - self._out:
            if self.exclude and any(word in _read_bytes(Path(f"/proc/{pid}/cmdline")) for word in self.exclude):
                try:
                    self.release(pid)
                except OSError:
                    pass
                continue
            if self.mode != "threads":
                continue
            try:
                tids = [int(t) for t in os.listdir(f"/proc/{pid}/task")]
            except OSError:
                continue
            for tid in tids:
                if tid not in self._placed:
                    self._placed[tid] = self._own_group(tid)

    def _own_group(self, tid: int) -> Path:
        group = self.path / f"t{tid}"
        group.mkdir(exist_ok=True)
        _limit(group, 1, self.share)
        try:
            (group / "tasks").write_text(str(tid))
        except OSError:  # it ended meanwhile
            pass
        return group


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _remove(path: Path) -> None:
    """Move any thread left out of the group (to the root), then remove it."""
    if not path.exists():
        return
    root = path
    while root.parent.name.startswith(PREFIX):
        root = root.parent
    tasks = "tasks" if (path / "tasks").exists() else "cgroup.procs"  # v1, v2
    for _ in range(3):
        for tid in _read(path / tasks).split():
            try:
                (root.parent / tasks).write_text(tid)
            except OSError:  # it ended meanwhile
                pass
        for child in [c for c in path.iterdir() if c.is_dir()] if path.exists() else []:
            _remove(child)
        try:
            path.rmdir()
            return
        except OSError:
            continue
    path.rmdir()  # raises: the group could not be removed, and the error says why


def sweep() -> list[str]:
    """Remove the groups of earlier bench runs whose process is gone (killed before it could)."""
    found = where()
    removed = []
    if found is None:
        return removed
    for path in found[0].glob(f"{PREFIX}*"):
        pid = path.name.removeprefix(PREFIX)
        if pid.isdigit() and not Path(f"/proc/{pid}").exists():
            _remove(path)
            removed.append(path.name)
    return removed

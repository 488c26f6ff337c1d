"""`python bench/slow_fsync.py run --port P --data DIR`: the server (`python -m companion ...`) on a disk that
is slow for one game: every fsync of a file whose path holds SLOW_FSYNC_MARKER takes SLOW_FSYNC_MS longer
(default 200 ms); the other games' files are written as fast as the disk allows. For the responsiveness
benchmark: does one phone wait for another game's saves?"""

from __future__ import annotations

import os
import runpy
import sys
import time

MARKER = os.environ.get("SLOW_FSYNC_MARKER", "slow")
DELAY = int(os.environ.get("SLOW_FSYNC_MS", "200")) / 1000
_fsync = os.fsync


def fsync(fd: int) -> None:
    try:
        path = os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        path = ""
    if MARKER in path:
        time.sleep(DELAY)
    _fsync(fd)


if __name__ == "__main__":
    os.fsync = fsync
    sys.argv = ["companion", *sys.argv[1:]]
    runpy.run_module("companion", run_name="__main__", alter_sys=True)

"""The game clock: the same on every phone at the table, because it is kept with the game.

A clock is the list of the times (seconds since the epoch, the server's) at which it was started and
stopped, in turn: `[start, pause, resume, ...]`; an odd length is a clock that runs. The hub sets the
times (`{"type": "clock", "run": bool}`, core/table.py), under the game's lock, and saves them with the
game before any phone shows them; a phone draws the time from them and never keeps a timer of its own.
"""

from __future__ import annotations


def running(clock: list[float] | tuple[float, ...]) -> bool:
    return len(clock) % 2 == 1


def elapsed(clock: list[float] | tuple[float, ...], now: float) -> float:
    """Seconds the clock ran until `now`, its pauses left out."""
    ends = list(clock[1::2]) + ([max(now, clock[-1])] if running(clock) else [])
    return sum(end - start for start, end in zip(clock[::2], ends))


def set_running(clock: list[float], run: bool, now: float) -> list[float]:
    """The clock started (`run`) or paused at `now`; as it is when it already is so (another phone was
    first): a pause and a resume are what the phone asked for, never a toggle of what it did not see."""
    if run == running(clock):
        return clock
    return [*clock, max(now, clock[-1]) if clock else now]


def is_clock(value) -> bool:
    """A clock as saved: numbers that never go back."""
    return isinstance(value, list) and all(isinstance(t, (int, float)) and not isinstance(t, bool) for t in value) \
        and all(a <= b for a, b in zip(value, value[1:]))

"""Reliability through the real server and Chromium, at a size that fits `make test` (the full-size
harnesses are in bench/: 200 entries under SIGKILL, every damaged-file case, 25 entries x 4 sessions):
- SIGKILL of `python -m companion run` during browser entries: every entry the browser showed is kept;
- damaged data files: the server starts, moves the file aside, the home screen says so, the app goes on;
- 4 browser sessions entering into 4 different games at once: nothing lost, no file damaged;
- 4 phones on ONE game (table mode), in turns and all at once, and Undo from a phone that is behind:
  nothing lost, every phone agrees."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

import concurrency  # noqa: E402
import crash_harness  # noqa: E402
import damaged_files  # noqa: E402
import table_mode  # noqa: E402


def test_sigkill_during_browser_entries_loses_no_acknowledged_entry():
    result = crash_harness.run(entries=20, seed=3, gap=(6, 9))
    assert result["entries_acknowledged"] == 20
    assert result["kills"] >= 3  # a kill also ends every life that showed nothing yet
    assert result["lost"] == 0
    assert result["saved_events"] >= 20


def test_damaged_files_are_moved_aside_and_the_home_screen_says_so():
    cases = [("history.jsonl", "truncated"), ("history.jsonl", "not JSON"),
             (f"live/{damaged_files.LIVE}.json", "wrong version")]
    results = damaged_files.run(cases)
    failed = [(r["file"], r["variant"], r.get("error"), r.get("details")) for r in results if not r["ok"]]
    assert not failed, failed


def test_four_browser_sessions_enter_into_four_games_at_once():
    summary = concurrency.run(entries=3)
    assert summary["entries"] == 12
    assert summary["lost"] == 0 and summary["damaged"] == 0 and summary["page_errors"] == 0


def test_four_phones_on_one_game_lose_nothing_and_agree():
    # Board taps at machine speed from two phones: test_what_phones_showed_browser.py.
    summary = table_mode.run(entries=3, rounds=2, board=False)
    assert summary["entries"] == 24 and summary["saved_entries"] == 24
    assert summary["lost"] == 0 and summary["converged"] and summary["page_errors"] == 0
    assert summary["wrong_undo"] == 0

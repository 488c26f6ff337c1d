"""Reliability through the real server and Chromium, at a size that fits `make test`: the quick runs of the
harnesses in bench/ (`bench/run_all.py --quick`; the full size there: 200 entries under SIGKILL, every
damaged-file case, 25 entries x 4 sessions), whose figures are checked as the other parts' are
(test_bench_parts_browser.py):
- SIGKILL of `python -m companion run` during browser entries: every entry the browser showed is kept;
- damaged data files: the server starts, moves the file aside, the home screen says so, the app goes on;
- 4 browser sessions entering into 4 different games at once: nothing lost, no file damaged;
- 4 phones on ONE game (table mode), in turns and all at once, Undo from a phone that is behind, and taps
  on a board in final scoring: nothing lost, every phone agrees."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

import run_all  # noqa: E402

from tests.browser.test_bench_parts_browser import check  # noqa: E402


def test_sigkill_during_browser_entries_loses_no_acknowledged_entry(browser):
    result = run_all.run_part("crash", quick=True, browser=browser)  # 6 entries, 3 in each life
    check("crash", result)
    assert result["entries_acknowledged"] == 6
    assert result["kills"] >= 2  # a kill also ends every life that showed nothing yet
    assert result["lost"] == 0
    assert result["saved_events"] >= 6


def test_damaged_files_are_moved_aside_and_the_home_screen_says_so(browser):
    results = run_all.run_part("damaged", quick=True, browser=browser)  # the history cut; not JSON beside a game's file
    check("damaged", results)
    failed = [(r["file"], r["variant"], r.get("error"), r.get("details")) for r in results if not r["ok"]]
    assert not failed, failed


def test_four_browser_sessions_enter_into_four_games_at_once():
    summary = run_all.run_part("concurrency", quick=True)  # 2 entries each
    check("concurrency", summary)
    assert summary["entries"] == 8
    assert summary["lost"] == 0 and summary["damaged"] == 0 and summary["page_errors"] == 0


def test_four_phones_on_one_game_lose_nothing_and_agree():
    # 1 entry each in turns and 1 each at once, 2 rounds of undo, 3 board taps (at machine speed from two phones:
    # test_what_phones_showed_browser.py).
    summary = run_all.run_part("table", quick=True)
    check("table", summary)
    assert summary["entries"] == 8 and summary["saved_entries"] == 8
    assert summary["lost"] == 0 and summary["converged"] and summary["page_errors"] == 0
    assert summary["wrong_undo"] == 0 and summary["board_lost"] == 0

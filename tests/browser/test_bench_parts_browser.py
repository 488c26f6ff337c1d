"""Every part of the benchmarks (bench/run_all.py) still runs: each in its quick run (a few samples, the
smallest sizes), and returns the figures it promises, numbers where numbers go. A bench that a change of
the app broke (a button renamed, a screen moved) fails here, not in the next `make bench`. The values are
not checked: what is fast enough is for the benchmarks to say."""

from __future__ import annotations

import inspect
import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

import damaged_files  # noqa: E402
import entry_effort  # noqa: E402
import phone  # noqa: E402
import play_effort  # noqa: E402
import run_all  # noqa: E402

from companion.games import GAMES  # noqa: E402

NUMBER, COUNT = "number", "count"  # a measured figure (int or float); a whole number of things
NOT_MEASURED = type(None)  # a figure the quick run leaves out


def matches(figures, promised, where: str = "") -> list[str]:
    """Where `figures` are not as `promised` (a dict of the same keys, each a nested promise, NUMBER,
    COUNT, bool or str)."""
    if isinstance(promised, dict):
        if not isinstance(figures, dict):
            return [f"{where}: {figures!r} is not a dict"]
        wrong = [f"{where}: keys {sorted(map(str, figures))} instead of {sorted(map(str, promised))}"] \
            if set(figures) != set(promised) else []
        return wrong + [w for key in promised if key in figures
                        for w in matches(figures[key], promised[key], f"{where}/{key}")]
    if promised == NUMBER:
        ok = isinstance(figures, (int, float)) and not isinstance(figures, bool)
    elif promised == COUNT:
        ok = isinstance(figures, int) and not isinstance(figures, bool)
    else:
        ok = isinstance(figures, promised)
    return [] if ok else [f"{where}: {figures!r} is not a {getattr(promised, '__name__', promised)}"]


def clicks(**more) -> dict:
    return {"p50_ms": NUMBER, "p95_ms": NUMBER, "max_ms": NUMBER, "clicks": COUNT, **more}


def timed_clicks(**more) -> dict:
    return clicks(server_p50_ms=NUMBER, server_p95_ms=NUMBER, **more)


def effort() -> dict:
    return {"taps": COUNT, "chars": COUNT, "scrolls": COUNT, "seconds": NUMBER}


def entry_promised() -> dict:
    """Every procedure of every game (and City of Rome's builds during play), each board its own effort."""
    promised = {}
    for game_id, procedures in entry_effort.PROCEDURES.items():
        example = json.loads((entry_effort.EXAMPLES / entry_effort.CASES[game_id].example).read_text(encoding="utf-8"))
        last = {example["players"][-1]["name"]: effort()}  # the quick run enters the last board only
        for name, procedure in procedures.items():
            promised[f"{game_id}/{name}"] = {"boards": last, "finish": effort(), "total": effort()}
            if hasattr(procedure, "during_play"):
                promised[f"{game_id}/built: Build during play"] = {"boards": last, "finish": effort(),
                                                                  "total": effort()}
    return promised


PROMISED = {  # each part's figures in its quick run
    "startup": {"tabula": NUMBER, "hello": NUMBER, "ratio": NUMBER, "runs": COUNT},
    "responsiveness": {**timed_clicks(), "beside_slow_saves": timed_clicks(slow_fsync_ms=COUNT),
                       "other_games": {}, "undo": clicks(entries=COUNT)},
    "scoring": {game: {"full_4p_p50_ms": NUMBER, "random_n": COUNT, "random_failures": COUNT,
                       "random_p50_ms": NUMBER, "random_p95_ms": NUMBER, "random_max_ms": NUMBER,
                       "random_4p_p50_ms": NUMBER, "random_total_s": NUMBER, "drawn_refused": COUNT}
                for game in GAMES},
    "storage": {**{size: {"entry_p50_ms": NUMBER, "open_ms": NUMBER, "finish_ms": NUMBER, "history_ms": NUMBER}
                   for size in (0, 10)},
                "entry_p50_ms_ratio": NUMBER, "finish_ms_ratio": NUMBER, "history_ms_ratio": NUMBER, "ratio": NUMBER,
                "import_s": NUMBER, "import_cpu_s": NUMBER, "import_mb": NUMBER, "upgrade_s": NUMBER,
                "open_after_upgrade_s": NUMBER, "history_mb": NUMBER, "browser_history_ms": {10: NUMBER}},
    "memory": {"idle_mb": NUMBER, "sessions_1_mb": NUMBER},
    "crash": {"entries_acknowledged": COUNT, "kills": COUNT, "lost": COUNT, "in_flight_saved": COUNT,
              "saved_events": COUNT, "files_checked_each_time": COUNT, "tmp_files_left": COUNT},
    "damaged": {str(n): {"file": str, "variant": str, "started": bool, "moved_aside": bool, "told": bool,
                         "carried_on": bool, "details": {"other data": bool, "notice dismissed": bool,
                                                         "setting saved": bool},
                         "server_output": str, "ok": bool}
                for n in range(len(damaged_files.QUICK_CASES))},
    "concurrency": {"files": COUNT, "lost": COUNT, "damaged": COUNT, "entries": COUNT, "page_errors": COUNT},
    "table": {"phones": COUNT, "entries": COUNT, "saved_entries": COUNT, "lost": COUNT, "converged": bool,
              "page_errors": COUNT, "undo_rounds": COUNT, "wrong_undo": COUNT, "board_taps": COUNT,
              "board_lost": COUNT, "propagation_p50_ms": NUMBER, "propagation_p95_ms": NUMBER,
              "propagation_max_ms": NUMBER, "observations": COUNT},
    "p2p": {"phones": COUNT, "join_s": NUMBER, "joins_s": list, "guests_cached": bool,
            "propagation_p50_ms": NUMBER, "propagation_p95_ms": NUMBER, "propagation_max_ms": NUMBER,
            "observations": COUNT, "entries": COUNT, "lost": COUNT, "converged": bool, "page_errors": COUNT,
            "by_phone": {phone: {"p50_ms": NUMBER, "p95_ms": NUMBER} for phone in ("host", "guests")},
            "host_python_per_entry": dict, "run_s": COUNT, "stages_s": dict, "load_average": list},
    "entry": entry_promised(),
    "play": {game: {"players": COUNT, "scores_visible": COUNT,
                    "actions": {list(actions)[-1]: {"taps": COUNT, "scrolls": COUNT, "typed": bool},
                                "+12": {"taps": COUNT, "scrolls": COUNT, "typed": bool}},
                    "turn": {"taps": COUNT, "scrolls": COUNT, "dialogs": COUNT}}
             for game, actions in play_effort.ACTIONS.items()},
    # The quick run: the server app only (the static app's start alone takes longer than a quick run may), one
    # game, the phone at its nominal share, not calibrated (bench/phone.py's run).
    "phone": {"static_tap_p95_ms": NOT_MEASURED, "server_tap_p95_ms": NUMBER, "sheet_open_p95_ms": NUMBER,
              "cached_start_s": NOT_MEASURED, "first_visit_mb": NOT_MEASURED, "calibration": dict, "static": {},
              "server": {next(iter(phone.PLANS)): {"tap": dict, "sheet_open": dict, "next": dict, "undo": dict,
                                                   "points": dict, "samples": dict}},
              "samples": dict, "network": dict, "load_average": list, "seconds": COUNT},
}
# The reliability harnesses' quick runs are tests/browser/test_reliability_browser.py's, the table with no
# computer's tests/p2p/test_netns.py's (in a network of its own): they check them (with `check`) besides what
# they find.
RELIABILITY = ("crash", "damaged", "concurrency", "table", "p2p")


# A part that goes game by game is run here one game at a time, so that the two workers share it. The Castles
# of Tuscany's tables are entered whole, with every procedure, by test_entry_effort_browser.py. The play part
# runs whole: its quick run plays every game on one server and page (one of each per game cost more).
BY_GAME = {"entry": [game for game in entry_effort.CASES if game != "castles-of-tuscany"]}


def check(part: str, figures, game: str | None = None) -> None:
    """The part's figures (of `game` only, if given) are there, numbers where numbers go (their values are
    the benchmark's)."""
    if part == "damaged":  # a list of cases; a case that failed says so (and why) rather than raising
        assert [case.get("error") for case in figures] == [None] * len(figures), figures
        figures = {str(n): case for n, case in enumerate(figures)}
    promised = {key: figure for key, figure in PROMISED[part].items()
                if game is None or key == game or key.startswith(f"{game}/")}
    assert matches(figures, promised) == []


def test_every_part_has_its_figures_checked():
    assert set(PROMISED) == set(run_all.PARTS)


def on_phones(part: str) -> bool:
    """Whether the part opens its pages in the browser it is given (the kept phones); the others start a
    Chromium of their own (Playwright's async API, or a fresh browser being what they time)."""
    return "browser" in inspect.signature(run_all.PARTS[part]).parameters


@pytest.mark.parametrize("part, game", [(p, game) for p in run_all.PARTS if p not in RELIABILITY and on_phones(p)
                                        for game in BY_GAME.get(p, [None])])
def test_the_part_runs_quickly_on_the_kept_phones(part, game, browser):
    one_game = {"games": [game]} if game else {}
    check(part, run_all.run_part(part, quick=True, browser=browser, **one_game), game)


@pytest.mark.parametrize("part", [p for p in run_all.PARTS if p not in RELIABILITY and not on_phones(p)])
def test_the_part_runs_quickly(part):
    check(part, run_all.run_part(part, quick=True))

"""Storage: time to persist one entry of a game in progress (record + Repository.save, which fsyncs)
when the history holds 0, 100, 1,000 and 10,000 finished plays. Target: flat, 10,000 <= 1.5 x 0.
Also shown: opening the data directory and finishing a game (the history file is rewritten then)."""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from pathlib import Path

import common  # noqa: F401
from common import header, median

from companion.core.session import Session, make_config
from companion.games import GAMES
from companion.storage import Repository
from companion.storage.repository import SCHEMA_VERSION

GAME = GAMES["city-of-rome"]
NAMES = ["Anna", "Ben", "Cleo", "Dora"]


def a_play(i: int) -> dict:
    return {"id": f"20240101-000000-{i:06x}", "game": "city-of-rome", "started": 1.7e9 + i * 10,
            "finished": 1.7e9 + i * 10 + 5400,
            "players": [{"name": n, "total": 60 - k, "rank": k + 1, "colour": "red",
                         "categories": {"districts": 30, "aqueducts": 12, "temples": 8, "money": 6 - k,
                                        "influence_tokens": 2, "influence_cards": 3}}
                        for k, n in enumerate(NAMES)],
            "winners": ["Anna"], "box_used": {}}


def data_dir_with_history(path: Path, plays: int) -> None:
    path.mkdir(parents=True)
    history = {"meta": {"1": {"schema": SCHEMA_VERSION}}, "plays": {str(i + 1): a_play(i) for i in range(plays)}}
    (path / "history.json").write_text(json.dumps(history), encoding="utf-8")


def new_session(sid: str) -> Session:
    config = make_config(GAME, [{"name": n, "colour": c} for n, c in zip(NAMES, GAME.colours_for(4))], 0)
    return Session(sid, GAME, config, stage="play")


def run(sizes=(0, 100, 1000, 10_000), entries: int = 200, runs: int = 3) -> dict:
    header("Storage (persist one entry of a game in progress; target: 10,000 plays <= 1.5 x 0 plays)")
    # One data directory per history size, entries made round-robin across them, so that a busy
    # machine slows every size alike and the ratio is measured in one run.
    entry_ms = {n: [] for n in sizes}
    open_ms = {n: [] for n in sizes}
    finish_ms = {n: [] for n in sizes}
    base = Path(tempfile.mkdtemp(prefix="tabula-bench-storage-"))
    try:
        for r in range(runs):
            repos, sessions = {}, {}
            for size in sizes:
                d = base / f"h{size}-{r}"
                data_dir_with_history(d, size)
                t = time.perf_counter()
                repos[size] = Repository(d, GAMES)
                open_ms[size].append((time.perf_counter() - t) * 1000)
                assert not repos[size].notices, repos[size].notices
                sessions[size] = new_session(f"20250101-120000-{r:06x}")
                repos[size].save(sessions[size])
            for n in range(entries):
                for size in sizes:
                    t = time.perf_counter()
                    sessions[size].record({"type": "adjust", "player": n % 4, "counter": "money", "delta": 1})
                    repos[size].save(sessions[size])
                    entry_ms[size].append((time.perf_counter() - t) * 1000)
            for size in sizes:
                t = time.perf_counter()
                repos[size].finish(sessions[size], a_play(size + 1))
                finish_ms[size].append((time.perf_counter() - t) * 1000)
                assert len(Repository(base / f"h{size}-{r}", GAMES).plays()) == size + 1
            for size in sizes:
                shutil.rmtree(base / f"h{size}-{r}", ignore_errors=True)
        results = {}
        for size in sizes:
            results[size] = {"entry_p50_ms": median(entry_ms[size]), "open_ms": median(open_ms[size]),
                             "finish_ms": median(finish_ms[size])}
            print(f"history {size:>6} plays: one entry p50 {results[size]['entry_p50_ms']:.2f} ms; "
                  f"opening the data directory {results[size]['open_ms']:.1f} ms; finishing a game "
                  f"{results[size]['finish_ms']:.1f} ms", flush=True)
        ratio = results[sizes[-1]]["entry_p50_ms"] / results[sizes[0]]["entry_p50_ms"]
        results["ratio"] = ratio
        print(f"entry at {sizes[-1]} plays / at {sizes[0]} plays: {ratio:.2f} x "
              f"({'ok' if ratio <= 1.5 else 'OVER TARGET'}); {entries * runs} entries per size")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return results


if __name__ == "__main__":
    run()

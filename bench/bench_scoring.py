"""Scoring: time to read and score a full 4-player end state of each game (p50 of many runs), and
10,000 random valid states per game (each read and scored once). Target: <= 2 ms per 4-player game."""

from __future__ import annotations

import gc
import random
import sys
import time

import common  # noqa: F401  (puts the project on sys.path)
from common import header, median, percentile
from states import box_for, four_player_end_state, valid_state

from companion.cli import score_data
from companion.games import GAMES

TARGET_MS = 2.0


def time_once(data: dict, box: dict) -> float:
    t = time.perf_counter()
    score_data(data, box)
    return (time.perf_counter() - t) * 1000


def run(repeats: int = 500, random_states: int = 10_000, seed: int = 2025, quick: bool = False) -> dict:
    """`quick`: 5 repeats and 40 random states a game (bench/run_all.py --quick: the bench runs, it
    measures nothing)."""
    if quick:
        repeats, random_states = 5, 40
    header(f"Scoring (score_data: read + validate + score; target <= {TARGET_MS} ms per 4-player game)")
    results = {}
    for game_id in GAMES:
        box = box_for(game_id)
        full = four_player_end_state(game_id)
        for _ in range(20):
            time_once(full, box)  # warm-up
        full_ms = [time_once(full, box) for _ in range(repeats)]
        rng = random.Random(seed)
        stats: dict = {}
        states = [valid_state(game_id, rng, stats=stats) for _ in range(random_states)]
        # The 10,000 states are the benchmark's own data: keep the collector from scanning them.
        gc.collect()
        gc.freeze()
        times, failures = [], 0
        for data in states:
            try:
                times.append(time_once(data, box))
            except Exception as error:  # a valid state that cannot be scored is a bug: count it
                failures += 1
                print(f"  {game_id}: {type(error).__name__}: {error}", file=sys.stderr)
        gc.unfreeze()
        four = [t for t, d in zip(times, states) if len(d["players"]) == 4]
        r = {"full_4p_p50_ms": median(full_ms), "random_n": len(states), "random_failures": failures,
             "random_p50_ms": median(times), "random_p95_ms": percentile(times, 95), "random_max_ms": max(times),
             "random_4p_p50_ms": median(four) if four else None, "random_total_s": sum(times) / 1000,
             "drawn_refused": stats.get("refused", 0)}
        results[game_id] = r
        ok = "ok" if r["full_4p_p50_ms"] <= TARGET_MS else "OVER TARGET"
        print(f"{game_id:<20} full 4-player end state p50 {r['full_4p_p50_ms']:.3f} ms ({ok}); "
              f"{r['random_n']} random valid states: p50 {r['random_p50_ms']:.3f} ms, p95 {r['random_p95_ms']:.3f} ms, "
              f"max {r['random_max_ms']:.2f} ms, 4-player p50 {r['random_4p_p50_ms']:.3f} ms, "
              f"total {r['random_total_s']:.2f} s, failures {failures}", flush=True)
    return results


if __name__ == "__main__":
    run()

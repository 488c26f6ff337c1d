"""City of Rome's scoreboard: its large numbers are worked out (the final scoring of each city as the
tracker has it, with money, influence tokens and cards), so each draw of the scoreboard scores 4 players,
and the score sheet (the final scoring's rows) scores every player once more. Times: the 4 standings of a game
at its end (what a redraw of the scoreboard asks), and the score sheet of a whole 4-player game of 14
rounds (every builder placed, each player building and producing each round: about 390 entries), with
the cache emptied first (the first opening) and as it is then (opened again). Target: a tap answers in
100 ms, so the sheet's work must stay well under it.

    python bench/bench_rome_scoreboard.py
"""

from __future__ import annotations

import random
import time

import common  # noqa: F401  (puts the project on sys.path)
from common import header, median

from companion.core.score_sheet import score_sheet
from companion.core.game import Game, make_config
from companion.games.city_of_rome import GAME, standing, tracker


def whole_game(seed: int = 1) -> Game:
    """14 rounds: builders placed at random, each player in turn builds where the rules allow and moves
    money and influence tokens four times, Next, End round."""
    rng = random.Random(seed)
    config = make_config(GAME, [{"name": n, "colour": c} for n, c in zip("ABCD", GAME.colours_for(4))], 0)
    s = Game("bench", GAME, config)
    for _ in range(14):
        for space in rng.sample(range(1, 6), 4):
            s.record({"type": "place_builder", "player": GAME.rules.player_on_turn(s.state, s.config), "space": space})
        for k in range(4):
            player = GAME.rules.player_on_turn(s.state, s.config)
            options = tracker.build_options(s.state, player, 4)
            if options:
                space = rng.choice(sorted(options))
                s.record({"type": "build", "player": player, "card": rng.choice(options[space]), "space": list(space)})
            for _ in range(4):
                s.record({"type": "adjust", "player": player, "delta": 1,
                          "counter": rng.choice(["money", "influence_tokens"])})
            if k < 3:
                s.record({"type": "next_player"})
        s.record({"type": "end_round"})
    return s


def clear() -> None:
    standing._categories.cache_clear()
    standing._grid.cache_clear()


def timed(fn, repeats: int, cold: bool) -> float:
    times = []
    for _ in range(repeats):
        if cold:
            clear()
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return median(times)


def run(repeats: int = 20) -> dict:
    header("City of Rome's scoreboard: standings worked out from the cities, and the score sheet")
    s = whole_game()
    seats = range(len(s.config["players"]))
    result = {
        "entries": len(s.events),
        "standings_4_cold_ms": timed(lambda: [GAME.standing_of(s.state, s.config, p) for p in seats], repeats, True),
        "standings_4_warm_ms": timed(lambda: [GAME.standing_of(s.state, s.config, p) for p in seats], repeats, False),
        "score_sheet_cold_ms": timed(lambda: score_sheet(s), repeats, True),
        "score_sheet_warm_ms": timed(lambda: score_sheet(s), repeats, False),
    }
    print(f"a game of {result['entries']} entries: 4 standings {result['standings_4_cold_ms']:.2f} ms "
          f"({result['standings_4_warm_ms']:.3f} ms cached); the score sheet {result['score_sheet_cold_ms']:.1f} ms "
          f"({result['score_sheet_warm_ms']:.1f} ms opened again); p50 of {repeats}")
    return result


if __name__ == "__main__":
    run()

"""Memory: the server's resident memory (its whole process group) idle, with 1 and with 4 concurrent
browser sessions, each in the live tracker of its own game with a player's sheet open (the
scoreboard under it). Target: <= 120 MB with 4."""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from common import App, chromium, header, make_game, median, tabula

TARGET_MB = 120
GAMES_4 = ["city-of-rome", "carpe-diem", "milestones", "castles-of-tuscany"]


def settle_rss(server, seconds: float) -> float:
    samples = []
    end = time.time() + seconds
    while time.time() < end:
        samples.append(server.rss_mb())
        time.sleep(0.25)
    return median(samples[len(samples) // 2:])


def run(quick: bool = False, browser=None) -> dict:
    """`quick`: 1 session, sampled half a second (bench/run_all.py --quick: the bench runs, it measures
    nothing); `browser`: see common.chromium."""
    sessions, settle_s = ((1,), 0.5) if quick else ((1, 4), 3.0)
    header(f"Memory (server RSS; target <= {TARGET_MB} MB with 4 browser sessions)")
    data = Path(tempfile.mkdtemp(prefix="tabula-bench-mem-"))
    sids = [f"20250101-12000{i}-mem00{i}" for i in range(sessions[-1])]
    for sid, game_id in zip(sids, GAMES_4):
        make_game(data, game_id, sid)
    server = tabula(data).start()
    result = {}
    try:
        result["idle_mb"] = settle_rss(server, settle_s / 2)
        with chromium(browser) as b:
            apps = []
            for n, sid in enumerate(sids, 1):
                app = App(b, server.url).open(f"game/{sid}/play")
                app.sheet("Anna")  # from the scoreboard, as a phone at the table
                apps.append(app)
                if n in sessions:
                    result[f"sessions_{n}_mb"] = settle_rss(server, settle_s)
            for app in apps:
                app.close()
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)
    most = sessions[-1]
    ok = "ok" if result[f"sessions_{most}_mb"] <= TARGET_MB else "OVER TARGET"
    print(f"idle {result['idle_mb']:.0f} MB, " + ", ".join(f"{n} session{'s' if n > 1 else ''} "
                                                          f"{result[f'sessions_{n}_mb']:.0f} MB" for n in sessions)
          + f" ({ok})", flush=True)
    return result


if __name__ == "__main__":
    run()

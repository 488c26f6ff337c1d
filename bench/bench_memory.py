"""Memory: the server's resident memory (its whole process group) idle, with 1 and with 4 concurrent
browser sessions, each in the live tracker of its own game with a player's sheet open (the
scoreboard under it). Target: <= 120 MB with 4."""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from common import App, header, launch, make_game, median, tabula

TARGET_MB = 120
GAMES_4 = ["city-of-rome", "carpe-diem", "milestones", "castles-of-tuscany"]


def settle_rss(server, seconds: float = 3.0) -> float:
    samples = []
    end = time.time() + seconds
    while time.time() < end:
        samples.append(server.rss_mb())
        time.sleep(0.25)
    return median(samples[len(samples) // 2:])


def run() -> dict:
    header(f"Memory (server RSS; target <= {TARGET_MB} MB with 4 browser sessions)")
    data = Path(tempfile.mkdtemp(prefix="tabula-bench-mem-"))
    sids = [f"20250101-12000{i}-mem00{i}" for i in range(4)]
    for sid, game_id in zip(sids, GAMES_4):
        make_game(data, game_id, sid)
    server = tabula(data).start()
    result = {}
    try:
        result["idle_mb"] = settle_rss(server, 1.5)
        with sync_playwright() as p:
            browser = launch(p)
            apps = []
            for n, sid in enumerate(sids, 1):
                app = App(browser, server.url).open(f"game/{sid}/play")
                app.sheet("Anna")  # from the scoreboard, as a phone at the table
                apps.append(app)
                if n in (1, 4):
                    result[f"sessions_{n}_mb"] = settle_rss(server)
            for app in apps:
                app.close()
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)
    ok = "ok" if result["sessions_4_mb"] <= TARGET_MB else "OVER TARGET"
    print(f"idle {result['idle_mb']:.0f} MB, 1 session {result['sessions_1_mb']:.0f} MB, "
          f"4 sessions {result['sessions_4_mb']:.0f} MB ({ok})", flush=True)
    return result


if __name__ == "__main__":
    run()

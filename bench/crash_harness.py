"""Crash harness: the real server (`python -m companion run`) is killed with SIGKILL at random moments
while a real browser makes scripted tracker entries (in one player's sheet per life of the server);
after every kill the data directory is checked and the server restarted. An entry counts as
acknowledged when the browser shows its new value. Checked after each kill: every data file parses,
nothing is moved aside as damaged, and every acknowledged entry is in the saved game (at most the
one entry in flight may be there as well).

    python bench/crash_harness.py [ENTRIES] [SEED]
"""

from __future__ import annotations

import json
import random
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

from common import NAMES, SHOWS_JS, App, chromium, header, make_game, tabula

SID = "20250101-120000-crash1"
VIEWPORT = {"width": 800, "height": 1400}
COUNTERS = [("money", "Money"), ("influence_tokens", "Influence tokens")]


def check_data_dir(data: Path) -> dict:
    """Every data file parses; the game loads with no notice; returns the saved game's counters."""
    from companion.games import GAMES
    from companion.storage import Repository

    files = [p for p in data.rglob("*.json")]
    for path in files:
        json.loads(path.read_text(encoding="utf-8"))
    damaged = [p.name for p in data.rglob("*") if ".damaged-" in p.name]
    assert not damaged, damaged
    repo = Repository(data, GAMES)
    assert not repo.notices, [n.render("en") for n in repo.notices]
    game = repo.game(SID)
    assert game is not None
    return {"events": len(game.events), "files": len(files),
            "values": [dict(p["counters"]) for p in game.state["players"]],
            "tmp_left": len(list(data.rglob("*.tmp")))}


def run(entries: int = 200, seed: int = 6, gap=(3, 15), log=print, quick: bool = False, browser=None) -> dict:
    """`gap`: the entries of one life of the server (at random between the two); `quick`: 6 entries, 3 a life, so
    at least 2 lives, the second from what the first kept (bench/run_all.py --quick, and `make test`:
    tests/browser/test_reliability_browser.py); `browser`: see common.chromium."""
    if quick:
        entries, seed, gap = 6, 3, (3, 3)
    header(f"Crash harness: SIGKILL of the real server during {entries} browser entries (seed {seed})")
    rng = random.Random(seed)
    data = Path(tempfile.mkdtemp(prefix="tabula-crash-")) / "data"
    make_game(data, "city-of-rome", SID)
    acked, kills, in_flight_saved, restarts = 0, 0, 0, 0
    lives = []
    try:
        with chromium(browser) as b:
            while acked < entries:
                before = check_data_dir(data)
                values = before["values"]
                saved_events = before["events"]
                server = tabula(data).start()
                restarts += 1
                app = App(b, server.url, viewport=VIEWPORT).open(f"game/{SID}/play")
                counter, label = COUNTERS[0]
                app.wait_label(f"{label} of {NAMES[0]}: {values[0][counter]}", timeout=20_000)
                player = rng.randrange(4)  # this life's entries: one player's, in their sheet
                app.sheet(NAMES[player])
                kill_at = min(rng.randint(*gap), entries - acked)
                delay = rng.uniform(0.0, 0.35)
                timer = None
                acked_here = 0
                for k in range(kill_at):
                    counter, label = rng.choice(COUNTERS)
                    target = f"{label} of {NAMES[player]}: {values[player][counter] + 1}"
                    if k == kill_at - 1:  # the last entry of this life: the kill comes some time after it
                        timer = threading.Timer(delay, server.kill)
                    box = app.button(f"{label} +1 ({NAMES[player]})").first.bounding_box(timeout=5000)
                    if timer:
                        timer.start()
                    app.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                    try:
                        app.page.wait_for_function(SHOWS_JS, arg=target, timeout=4000)
                    except Exception:
                        break  # killed before the browser showed it: not acknowledged
                    values[player][counter] += 1
                    acked_here += 1
                if timer:
                    timer.join()
                server.kill()
                kills += 1
                app.close()
                after = check_data_dir(data)
                expected = saved_events + acked_here
                lost = expected - after["events"]
                assert after["events"] in (expected, expected + 1), (
                    f"life {restarts}: {acked_here} entries acknowledged on top of {saved_events}, "
                    f"{after['events']} saved")
                in_flight_saved += after["events"] - expected
                acked += acked_here
                lives.append((acked_here, after["events"] - expected, round(delay, 3)))
                assert lost <= 0
        final = check_data_dir(data)
    finally:
        shutil.rmtree(data.parent, ignore_errors=True)
    result = {"entries_acknowledged": acked, "kills": kills, "lost": 0, "in_flight_saved": in_flight_saved,
              "saved_events": final["events"], "files_checked_each_time": final["files"],
              "tmp_files_left": final["tmp_left"]}
    log(f"{acked} acknowledged entries, {kills} SIGKILLs (each followed by a check and a restart): "
        f"0 acknowledged entries lost, {in_flight_saved} unacknowledged in-flight entries saved as well, "
        f"every data file parsed after every kill ({final['files']} files), "
        f"{final['tmp_left']} temporary files left behind; saved entries at the end: {final['events']}")
    log("  per life (acknowledged, in-flight saved, kill delay s): " + ", ".join(map(str, lives)))
    return result


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 200, int(sys.argv[2]) if len(sys.argv) > 2 else 6)

"""Responsiveness: in the live tracker of a 4-player City of Rome game, the time from the click on
Money +1 in a player's sheet (pointerdown in the page) to the first frame after the updated value is
on screen, p50 and p95 over 50 clicks; then the same in the other games' sheets (`other_games`). The round trip to the server (the entry is saved before the
screen shows it) is timed too, from the WebSocket messages. Target: p95 <= 100 ms.

`beside_slow_saves`: the same clicks while another phone taps entries into another game whose files are
on a slow disk (each fsync of that game's file 200 ms longer, bench/slow_fsync.py): a save must hold up
no other tab (saves run off the event loop). Target: p95 <= 100 ms there too. `beside_fast_saves`: the
same other phone's taps with its saves as fast as the disk allows, the reference that tells what the slow
saves add. The other phone's tab draws nothing once its sheet is open (at a table that is its own
processor's work; here it would take the cores this phone's tab needs); its taps reach the server as any
phone's.

`undo`: Undo in the bar (no sheet open: the whole play screen is drawn again), click to the value taken
back on screen, 50 undos of Money +1 at the end of a game UNDO_ENTRIES entries long (naming what Undo
takes back costs more the longer the game)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from common import App, PY, ROOT, Proc, chromium, free_port, header, make_game, median, percentile, tabula

TARGET_MS = 100
SID = "20250101-120000-bench1"
CLICK_TIMER = (ROOT / "bench" / "click_timer.js").read_text(encoding="utf-8")
WS_HOOK = """
(() => { const W = window.WebSocket; window.__wsIn = [];
  window.WebSocket = function (...a) { const ws = new W(...a);
    ws.addEventListener('message', () => window.__wsIn.push(performance.now())); return ws; };
  window.WebSocket.prototype = W.prototype; Object.assign(window.WebSocket, W);
  window.addEventListener('pointerdown', () => { window.__down = performance.now(); window.__wsIn = []; }, true);
})();
"""
VIEWPORT = {"width": 800, "height": 1400}


SLOW_SID = "20250101-120000-slow"  # its file's fsyncs are slowed (bench/slow_fsync.py's marker "slow")
SLOW_FSYNC_MS = 200


# The same clicks in the other games' sheets: the counter tapped (its name on the screen and Anna's value at
# the start are the game's own).
OTHER_GAMES = {"carpe-diem": "vp", "milestones": "points", "castles-of-tuscany": "red"}


def run(clicks: int = 50, quick: bool = False, browser=None) -> dict:
    """`clicks` timed in each case, after 5 that are not; `quick`: one click in each case, none before, the
    quiet click and the one beside slow saves on one server and phone (the quiet one first, the other
    phone tapping nothing then), and neither the other phone's fast saves nor the other games (the same
    clicks as the cases before, with other numbers and names) (bench/run_all.py --quick: the bench runs,
    it measures nothing); `browser`: see common.chromium (None: a Chromium of its own for each case)."""
    clicks, warm_ups = (1, 0) if quick else (clicks, 5)
    if quick:
        quiet, slow = clicks_timed(clicks, warm_ups, browser, neighbour_fsync_ms=SLOW_FSYNC_MS, quiet_first=True)
        beside = {"beside_slow_saves": slow}
    else:
        quiet = clicks_timed(clicks, warm_ups, browser)
        beside = {"beside_slow_saves": clicks_timed(clicks, warm_ups, browser, neighbour_fsync_ms=SLOW_FSYNC_MS),
                  "beside_fast_saves": clicks_timed(clicks, warm_ups, browser, neighbour_fsync_ms=0)}
    others = {game: clicks_timed(clicks, warm_ups, browser, game=game, counter=counter)
              for game, counter in ({} if quick else OTHER_GAMES).items()}
    return {**quiet, **beside, "other_games": others, "undo": undos_timed(clicks, warm_ups, browser)}


UNDO_ENTRIES = 150  # late in a long game: every tap on the play screen is an entry


def undos_timed(clicks: int, warm_ups: int, browser=None) -> dict:
    header(f"Responsiveness (city-of-rome: Undo in the bar, {clicks} undos at the end of a game "
           f"{UNDO_ENTRIES} entries long, click -> value taken back on screen; target p95 <= {TARGET_MS} ms)")
    from companion.games import GAMES
    from companion.storage import Repository
    data = Path(tempfile.mkdtemp(prefix="tabula-bench-undo-"))
    make_game(data, "city-of-rome", SID)
    repo = Repository(data, GAMES)
    game = repo.game(SID)
    for _ in range(UNDO_ENTRIES):
        game.record({"type": "adjust", "player": 0, "counter": "money", "delta": 1})
    repo.save(game)
    top = 5 + UNDO_ENTRIES  # Anna's money
    server = tabula(data).start()
    ms = []
    try:
        with chromium(browser) as b:
            app = App(b, server.url, viewport=VIEWPORT)
            app.open(f"game/{SID}/play")
            app.wait_label(f"Money of Anna: {top}")
            for i in range(clicks + warm_ups):
                button = app.page.get_by_role("button", name=f"Undo: Anna: Money +1 (now {top - i})", exact=False)
                took = timed_click(app, button.first.bounding_box(), f"Money of Anna: {top - i - 1}")
                if i >= warm_ups:
                    ms.append(took)
            assert not app.errors, app.errors
            app.close()
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)
    result = {"p50_ms": median(ms), "p95_ms": percentile(ms, 95), "max_ms": max(ms), "clicks": len(ms),
              "entries": UNDO_ENTRIES}
    print(f"{len(ms)} undos: p50 {result['p50_ms']:.0f} ms, p95 {result['p95_ms']:.0f} ms, max {result['max_ms']:.0f} ms "
          f"({'ok' if result['p95_ms'] <= TARGET_MS else 'OVER TARGET'})", flush=True)
    return result


def clicks_timed(clicks: int, warm_ups: int, browser=None, neighbour_fsync_ms: int | None = None,
                 game: str = "city-of-rome", counter: str = "money", quiet_first: bool = False):
    """`neighbour_fsync_ms`: another phone taps entries into another game meanwhile, each fsync of that
    game's file this much longer (None: no other phone). `quiet_first` (with a neighbour): the same clicks
    first with the other phone tapping nothing, their figures returned before the others' (a pair)."""
    from companion.games import GAMES
    from companion.storage import Repository
    slow_neighbour = neighbour_fsync_ms is not None
    data = Path(tempfile.mkdtemp(prefix="tabula-bench-click-"))
    make_game(data, game, SID)
    start = Repository(data, GAMES).game(SID).state["players"][0]["counters"][counter]  # Anna's
    name = next(c.label for c in GAMES[game].rules.counters if c.id == counter).render("en")  # as on the screen
    header(f"Responsiveness ({game}: {name} +1 in a sheet, click -> updated value on screen; target p95 <= "
           f"{TARGET_MS} ms)" + (f": beside another game tapped meanwhile, its saves {neighbour_fsync_ms} ms longer"
                                 if slow_neighbour else ""))
    if slow_neighbour:
        make_game(data, "city-of-rome", SLOW_SID)
        port = free_port()
        server = Proc([PY, str(ROOT / "bench" / "slow_fsync.py"), "run", "--port", str(port), "--data", str(data)],
                      port, env={"SLOW_FSYNC_MS": str(neighbour_fsync_ms)}).start()
    else:
        server = tabula(data).start()
    timings = []  # (screen ms, server ms) of each case: the quiet one first (`quiet_first`)
    try:
        with chromium(browser) as b:
            tap_other, other = None, None
            if slow_neighbour:  # just before each timed click, the other phone taps an entry of its own
                other = App(b, server.url, viewport=VIEWPORT)
                other.open(f"game/{SLOW_SID}/play")
                other.wait_label("Money of Anna: 5")
                other.sheet("Anna")
                spot = other.button("Money +1 (Anna)").first.bounding_box()
                other.page.evaluate("() => { window.__tabula.drawless = true; }")  # see the docstring

                def tap_other():
                    click_middle(other, spot)
            app = App(b, server.url, viewport=VIEWPORT)
            app.page.add_init_script(WS_HOOK)
            app.open(f"game/{SID}/play")
            app.sheet("Anna")  # a player's sheet, opened from the scoreboard: where entries are made
            app.wait_label(f"{name} of Anna: {start}")
            box = app.button(f"{name} +1 (Anna)").first.bounding_box()
            value = start
            for before in ([None] if quiet_first else []) + [tap_other]:
                screen_ms, server_ms = [], []
                for i in range(clicks + warm_ups):
                    value += 1
                    took = timed_click(app, box, f"{name} of Anna: {value}", before=before)
                    if i >= warm_ups:
                        screen_ms.append(took)
                        server_ms.append(app.page.evaluate(
                            "() => window.__wsIn.length ? window.__wsIn[0] - window.__down : null"))
                timings.append((screen_ms, server_ms))
            assert not app.errors, app.errors
            app.close()
            if other:
                other.close()
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)
    results = [clicks_result(*timings[0], None)] if quiet_first else []
    results.append(clicks_result(*timings[-1], neighbour_fsync_ms))
    return tuple(results) if quiet_first else results[0]


def clicks_result(screen_ms: list[float], server_ms: list[float | None], slow_fsync_ms: int | None) -> dict:
    """The figures of one case's clicks, printed too (`slow_fsync_ms`: the other phone's, if it tapped)."""
    server_ms = [t for t in server_ms if t is not None]
    result = {"p50_ms": median(screen_ms), "p95_ms": percentile(screen_ms, 95), "max_ms": max(screen_ms),
              **({"slow_fsync_ms": slow_fsync_ms} if slow_fsync_ms is not None else {}),
              "server_p50_ms": median(server_ms), "server_p95_ms": percentile(server_ms, 95), "clicks": len(screen_ms)}
    print(f"{len(screen_ms)} clicks{'' if slow_fsync_ms is None else ' beside the other phone'}: p50 "
          f"{result['p50_ms']:.0f} ms, p95 {result['p95_ms']:.0f} ms, max "
          f"{result['max_ms']:.0f} ms ({'ok' if result['p95_ms'] <= TARGET_MS else 'OVER TARGET'}); of which the "
          f"server's answer arrived after p50 {result['server_p50_ms']:.0f} ms, p95 {result['server_p95_ms']:.0f} ms",
          flush=True)
    return result


def timed_click(app: App, box: dict, shows: str, before=None) -> float:
    """Click the middle of `box` and return the ms from pointerdown until the screen `shows` it (after
    `before`, e.g. the other phone's tap, just before the click); then 100 ms of rest, as between taps."""
    app.page.evaluate(CLICK_TIMER, shows)
    if before is not None:
        before()
    click_middle(app, box)
    app.page.wait_for_function("() => window.__clickResult !== null", timeout=15_000)
    took = app.page.evaluate("() => window.__clickResult")
    app.page.wait_for_timeout(100)
    return took


def click_middle(app: App, box: dict) -> None:
    app.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


if __name__ == "__main__":
    run()

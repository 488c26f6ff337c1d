"""Concurrency: 4 browser sessions on one real server, each making entries in a different game at
the same time (each entry in a player's sheet, opened from the scoreboard). Checked afterwards: every entry each browser saw acknowledged is saved, in order, in
its own game; no other game changed; every data file parses; nothing was moved aside.

    python bench/concurrency.py [ENTRIES_PER_SESSION]
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

from playwright.async_api import async_playwright

from common import CHROMIUM, LAUNCH_ARGS, NAMES, SEMANTICS_JS, SHOWS_JS, header, make_game, tabula
from tests.browser.harness import IDLE_JS, init_js

from companion.games import BUILT_IN  # noqa: E402  (the app's games: one session each, at once)

GAME_IDS = list(BUILT_IN)
VIEWPORT = {"width": 800, "height": 2400}


def sid_of(game_id: str) -> str:
    return f"20250101-120000-{game_id[:6].replace('-', 'x')}"


async def session_worker(browser, url: str, game_id: str, entries: int, start_values: list[dict]) -> dict:
    from companion.games import GAMES

    definition = GAMES[game_id]
    counter = definition.rules.counters[0]
    label = counter.label.render("en")
    context = await browser.new_context(viewport=VIEWPORT)
    await context.add_init_script(init_js())  # tells when the page has settled (a sheet has slid away)
    page = await context.new_page()
    await page.route(lambda u: not u.startswith("http://127.0.0.1"), lambda r: r.abort())
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    await page.goto(url + f"game/{sid_of(game_id)}/play", timeout=60_000)
    await page.wait_for_selector("#loading", state="detached", timeout=60_000)
    await page.wait_for_function(SEMANTICS_JS, polling=100, timeout=60_000)
    values = [v[counter.id] for v in start_values]
    await page.wait_for_function(SHOWS_JS, arg=f"{label} of {NAMES[0]}: {values[0]}", timeout=30_000)
    acked, times = [], []
    for n in range(entries):
        player = n % 4
        # the player's sheet, opened from the scoreboard; the entry; back to the scoreboard
        await page.get_by_role("button", name=f"{NAMES[player]}'s sheet", exact=False).first.click()
        close = page.get_by_role("button", name=f"Close {NAMES[player]}'s sheet", exact=True).first
        await close.wait_for(timeout=20_000)
        button = page.get_by_role("button", name=f"{label} +1 ({NAMES[player]})", exact=True).first
        t = time.perf_counter()
        await button.click()
        await page.wait_for_function(SHOWS_JS, arg=f"{label} of {NAMES[player]}: {values[player] + 1}",
                                     timeout=20_000)
        times.append(time.perf_counter() - t)
        await close.click()
        await close.wait_for(state="detached", timeout=20_000)
        await page.wait_for_function(IDLE_JS, arg=150, polling=50, timeout=20_000)  # the sheet has slid away
        values[player] += 1
        acked.append({"type": "adjust", "player": player, "counter": counter.id, "delta": 1})
    await context.close()
    return {"game": game_id, "acked": acked, "values": values, "errors": errors, "times": times}


def check(data: Path, results: list[dict]) -> dict:
    from companion.games import GAMES
    from companion.storage import Repository

    files = list(data.rglob("*.json"))
    for path in files:
        json.loads(path.read_text(encoding="utf-8"))
    damaged = [p.name for p in data.rglob("*") if ".damaged-" in p.name]
    repo = Repository(data, GAMES)
    lost = 0
    for r in results:
        game = repo.game(sid_of(r["game"]))
        saved = game.events
        lost += sum(1 for a, b in zip(r["acked"], saved) if a != b) + max(0, len(r["acked"]) - len(saved))
        assert saved == r["acked"], (r["game"], len(saved), len(r["acked"]))
        counter = GAMES[r["game"]].rules.counters[0].id
        assert [p["counters"][counter] for p in game.state["players"]] == r["values"]
    assert not damaged and not repo.notices, (damaged, repo.notices)
    return {"files": len(files), "lost": lost, "damaged": len(damaged)}


async def main_async(url: str, entries: int, starts: dict) -> list[dict]:
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            return await asyncio.gather(*[session_worker(browser, url, g, entries, starts[g]) for g in GAME_IDS])
        finally:
            await browser.close()


def run(entries: int = 25, log=print, quick: bool = False) -> dict:
    """`quick`: 2 entries a session (bench/run_all.py --quick, and `make test`:
    tests/browser/test_reliability_browser.py)."""
    entries = 2 if quick else entries
    header(f"Concurrency: 4 browser sessions, {entries} entries each in 4 different games at the same time")
    from companion.games import GAMES
    from companion.storage import Repository

    data = Path(tempfile.mkdtemp(prefix="tabula-concurrency-")) / "data"
    for game_id in GAME_IDS:
        make_game(data, game_id, sid_of(game_id))
    repo = Repository(data, GAMES)
    starts = {g: [dict(p["counters"]) for p in repo.game(sid_of(g)).state["players"]] for g in GAME_IDS}
    server = tabula(data).start()
    try:
        results = asyncio.run(main_async(server.url, entries, starts))
    finally:
        server.stop()
    try:
        summary = check(data, results)
    finally:
        shutil.rmtree(data.parent, ignore_errors=True)
    errors = [e for r in results for e in r["errors"]]
    total = sum(len(r["acked"]) for r in results)
    times = sorted(t for r in results for t in r["times"])
    summary.update(entries=total, page_errors=len(errors))
    log(f"{total} entries acknowledged in 4 sessions at once; {summary['lost']} lost, {summary['damaged']} files "
        f"damaged, {summary['files']} data files parse, {len(errors)} page errors; "
        f"median click-to-value under this load {times[len(times) // 2] * 1000:.0f} ms")
    return summary


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 25)

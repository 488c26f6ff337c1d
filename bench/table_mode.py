"""Table mode: 4 phones (browser contexts) on ONE game, through the real server.

1. Propagation: the phones take turns; each entry is a tap on one phone, and the time is measured
   until each of the 3 other phones shows the new value (they watch at the same time).
2. All at once: every phone taps its own entries as fast as it can, at the same time as the others.
Checked afterwards: every entry a phone showed as done is in the saved game, every phone shows the
same final values, every data file parses.

    python bench/table_mode.py [ENTRIES_PER_PHONE]     (default 50: 4 x 50 taken in turns, then 4 x 50 at once)
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

from common import CHROMIUM, LAUNCH_ARGS, NAMES, SHOWS_JS, header, make_game, median, percentile, tabula

GAME_ID, SID = "city-of-rome", "20250101-120000-table"
VIEWPORT = {"width": 800, "height": 2400}  # every player card within the accessibility tree
COUNTER, LABEL, START = "money", "Money", 5


async def open_phone(browser, url: str):
    context = await browser.new_context(viewport=VIEWPORT)
    page = await context.new_page()
    await page.route(lambda u: not u.startswith("http://127.0.0.1"), lambda r: r.abort())
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    await page.goto(url + f"game/{SID}/play", timeout=60_000)
    await page.wait_for_selector("#loading", state="detached", timeout=60_000)
    await page.locator("flt-semantics-placeholder").dispatch_event("click")
    await page.wait_for_function(SHOWS_JS, arg=f"{LABEL} of {NAMES[0]}: {START}", timeout=60_000)
    return context, page, errors


async def tap(page, seat: int) -> None:
    await page.get_by_role("button", name=f"{LABEL} +1 ({NAMES[seat]})", exact=True).first.click()


async def shows(page, seat: int, value: int, timeout: int = 20_000) -> None:
    await page.wait_for_function(SHOWS_JS, arg=f"{LABEL} of {NAMES[seat]}: {value}", timeout=timeout)


async def in_turns(phones, values: list[int], entries: int) -> list[float]:
    """Each phone in turn taps its own player's +1; the other three watch for the new value."""
    delays: list[float] = []
    for n in range(entries * len(phones)):
        seat = n % len(phones)
        values[seat] += 1
        t = time.perf_counter()
        await tap(phones[seat], seat)

        async def seen(page):
            await shows(page, seat, values[seat])
            return time.perf_counter() - t
        delays += await asyncio.gather(*[seen(p) for i, p in enumerate(phones) if i != seat])
        await shows(phones[seat], seat, values[seat])  # and the tapping phone itself
    return delays


async def at_once(phones, values: list[int], entries: int) -> None:
    """Every phone taps as fast as it sees its own entries acknowledged, all at the same time."""
    async def phone(seat):
        for _ in range(entries):
            values[seat] += 1
            await tap(phones[seat], seat)
            await shows(phones[seat], seat, values[seat])
    await asyncio.gather(*[phone(s) for s in range(len(phones))])


async def drive(url: str, entries: int) -> dict:
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            opened = [await open_phone(browser, url) for _ in range(4)]
            phones = [page for _, page, _ in opened]
            values = [START] * 4
            delays = await in_turns(phones, values, entries)
            await at_once(phones, values, entries)
            # Every phone converges on the same final values.
            for page in phones:
                for seat in range(4):
                    await shows(page, seat, values[seat])
            return {"delays": delays, "values": values, "errors": [e for _, _, errs in opened for e in errs]}
        finally:
            await browser.close()


def run(entries: int = 50, log=print) -> dict:
    header(f"Table mode: 4 phones on one game, {entries} entries each in turns, then {entries} each at once")
    from companion.games import GAMES
    from companion.storage import Repository

    data = Path(tempfile.mkdtemp(prefix="tabula-table-")) / "data"
    make_game(data, GAME_ID, SID)
    server = tabula(data).start()
    try:
        result = asyncio.run(drive(server.url, entries))
    finally:
        server.stop()
    try:
        for path in data.rglob("*.json"):
            json.loads(path.read_text(encoding="utf-8"))
        session = Repository(data, GAMES).session(SID)
        saved = [p["counters"][COUNTER] for p in session.state["players"]]
        acknowledged = 2 * 4 * entries
        lost = sum(max(0, shown - kept) for shown, kept in zip(result["values"], saved))
    finally:
        shutil.rmtree(data.parent, ignore_errors=True)
    delays = result["delays"]
    summary = {"phones": 4, "entries": acknowledged, "saved_entries": session.cursor, "lost": lost,
               "converged": saved == result["values"], "page_errors": len(result["errors"]),
               "propagation_p50_ms": round(median(delays) * 1000), "propagation_p95_ms": round(percentile(delays, 95) * 1000),
               "propagation_max_ms": round(max(delays) * 1000), "observations": len(delays)}
    log(f"{acknowledged} entries from 4 phones on one game ({entries} each in turns, {entries} each at once): "
        f"{summary['saved_entries']} saved, {lost} lost, all phones agree: {summary['converged']}, "
        f"{summary['page_errors']} page errors")
    log(f"entry on one phone -> visible on the other three: p50 {summary['propagation_p50_ms']} ms, "
        f"p95 {summary['propagation_p95_ms']} ms, max {summary['propagation_max_ms']} ms "
        f"({len(delays)} observations)")
    return summary


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 50)

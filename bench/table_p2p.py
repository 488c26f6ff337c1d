"""The table with no computer (issue 38): 4 phones on one game, a host phone running the static app and 3
guest phones joined to it over WebRTC, in a network of their own (tests/p2p/netns.py: a namespace with a
veth pair; the guests in a network stack of their own, so their packets cross the pair as on a Wi-Fi).

1. Join (`join_s`): the guests join one after another, each by the host's camera scanning its answer's
   QR code (tests/p2p/phones.py: Chromium's fake camera films a file, written anew for each scan); the
   time from the tap on "Scan its code" to the guest's Home drawn. The guest's app is cached: in the full
   run each guest phone opened the site once before (the app started, its service worker holding every
   file, as tests/browser/test_static_web_browser.py checks), as a phone that was at a table before.
2. Propagation: the phones take turns; each taps its own player's Money +1 and the other three watch, both
   moments read in the pages (bench/table_mode.py's TAP_AT_JS and SEEN_AT_JS: the finger down, and the
   first frame whose accessibility tree holds the new value). Meanwhile the host's Python is timed
   (bench/phone_hooks.py in its worker): `host_python_per_entry`, ms and calls per entry of what it did
   between the tap and the last phone showing it (the entry, its save, the components rendered, Flet's
   diff, sending; `indexeddb`: the write-back's own time, from its start to IndexedDB's answer, during
   which every phone's messages are held).
3. All at once (`lost`): every phone taps its own player's Money +1 again and again, the four taps of a
   round in flight together, each phone tapping again once its own screen shows its last one. Lost: taps
   whose +1 is not in the game the host stored (read from its IndexedDB with the app's own Repository),
   once everything settled; and every phone shows the stored values (`converged`).

    python bench/table_p2p.py [ENTRIES_PER_PHONE] [TURNS_PER_PHONE]   (default 50 and 10)
"""

from __future__ import annotations

import base64
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

from common import NAMES, PY, header, load_average, median, percentile
from phone import HOOKS, INSTALL_HOOKS, TAKE_HOOKS, python_worker
from table_mode import SEEN_AT_JS, SHOWS_JS, TAP_AT_JS

from tests.browser.test_static_web_browser import LOAD, STEP, build_dist
from tests.p2p import netns
from tests.p2p.phones import Phones, y4m_of_qr
from tests.p2p.scenarios import answer_of, guest_state, invite_link, screen_of, table_host

GAME, COUNTER, LABEL = "City of Rome", "money", "Money"
# The files of the host's data folder as its IndexedDB holds them (Emscripten's IDBFS: one database named
# after the mount point, companion/web_main.py's DATA_DIR, a record per file keyed by its path).
STORED_JS = """async (mount) => {
  const asked = (request) => new Promise((ok, no) => { request.onsuccess = () => ok(request.result);
                                                        request.onerror = () => no(request.error); });
  const db = await asked(indexedDB.open(mount));
  const store = db.transaction("FILE_DATA").objectStore("FILE_DATA");
  const [paths, records] = [await asked(store.getAllKeys()), await asked(store.getAll())];
  db.close();
  const files = {};
  paths.forEach((path, n) => {
    const bytes = records[n].contents;
    if (!bytes) return;  // a folder
    let text = "";
    for (const b of bytes) text += String.fromCharCode(b);
    files[path] = btoa(text);
  });
  return files;
}"""
MOUNT = "/tabula"
SEEN_WITHIN_JS = """(ms) => Promise.race([window.__tabulaSeenAt,
  new Promise((_, late) => setTimeout(() => late(new Error("not seen within " + ms + " ms")), ms))])"""


def stored_money(host, sid: str) -> list[int]:
    """Each player's money in the game the host phone stored: its IndexedDB's files, read by the app's
    Repository as the server reads its folder."""
    from companion.games import GAMES
    from companion.storage import Repository

    files = host.page.evaluate(STORED_JS, MOUNT)
    with tempfile.TemporaryDirectory(prefix="tabula-p2p-stored-") as data:
        for path, contents in files.items():
            target = Path(data) / Path(path).relative_to(MOUNT)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(base64.b64decode(contents))
        game = Repository(Path(data), GAMES, read_only=True).game(sid)
        return [player["counters"][COUNTER] for player in game.state["players"]]


def label(seat: int, value: int) -> str:
    return f"{LABEL} of {NAMES[seat]}: {value}"


def plus(screen, seat: int):
    return screen.page.get_by_role("button", name=f"{LABEL} +1 ({NAMES[seat]})", exact=True).first


def shows(screen, seat: int, value: int, timeout: int = STEP) -> None:
    screen.page.wait_for_function(SHOWS_JS, arg=label(seat, value), timeout=timeout)


def join(host, guests: list, camera: Path) -> list[float]:
    """Each guest in turn opens the open invite (its camera app would) and shows its answer's QR code,
    which the host's camera films: seconds from the tap on Scan its code to the guest's Home."""
    took = []
    for n, guest in enumerate(guests, 1):
        y4m_of_qr(answer_of(guest, invite_link(host)), camera)  # the file is read when the host's camera starts
        scanned = time.monotonic()
        host.tap("Scan its code")
        guest_state(guest, "")
        guest.start(lambda: None)
        took.append(time.monotonic() - scanned)
        host.see(rf"^At this table: {n} phones? besides this one\.$")
    return took


def in_turns(screens: list, values: list[int], turns: int) -> tuple[list[float], list[tuple[float, float]], list[bool]]:
    """Each phone in turn taps its own player's +1; the other three watch for the new value: ms from the
    finger down to each of them showing it; for each entry, that span (epoch ms: the finger down, the last
    phone showing it); and for each of the delays, whether the phone that showed it was the host
    (`screens[0]`, which draws its own screen and passes the guests theirs on)."""
    delays: list[float] = []
    on_host: list[bool] = []
    spans: list[tuple[float, float]] = []
    for n in range(turns * len(screens)):
        seat = n % len(screens)
        me, watchers = screens[seat], [s for i, s in enumerate(screens) if i != seat]
        me.sheet(NAMES[seat])
        values[seat] += 1
        for watcher in watchers:
            watcher.page.evaluate(SEEN_AT_JS, label(seat, values[seat]))
        me.page.evaluate(TAP_AT_JS)
        plus(me, seat).click()
        seen = [watcher.page.evaluate(SEEN_WITHIN_JS, STEP) for watcher in watchers]
        tapped = me.page.evaluate("() => window.__tabulaTapAt")
        delays += [at - tapped for at in seen]
        on_host += [watcher is screens[0] for watcher in watchers]
        spans.append((tapped, max(seen)))
        shows(me, seat, values[seat])  # and the tapping phone itself, in the sheet
        me.close_sheet(NAMES[seat])
    return delays, spans, on_host


def at_once(screens: list, values: list[int], taps: int) -> list[int]:
    """Every phone taps its own player's +1 `taps` times, the four taps of a round in flight together.
    A phone whose tap its own screen never shows taps no more (the count of lost says so). Returns the
    taps made by each phone."""
    for seat, screen in enumerate(screens):
        screen.sheet(NAMES[seat])
    tapped, tapping = [0] * len(screens), list(range(len(screens)))
    for _ in range(taps):
        for seat in tapping:
            plus(screens[seat], seat).click()
            tapped[seat] += 1
            values[seat] += 1
        for seat in list(tapping):
            try:
                shows(screens[seat], seat, values[seat])
            except Exception:
                tapping.remove(seat)
    for seat, screen in enumerate(screens):
        screen.close_sheet(NAMES[seat])
    return tapped


def agree(screens: list, values: list[int], timeout: int) -> bool:
    """Whether every phone shows these values, waiting up to `timeout` ms each for what is still coming."""
    try:
        for screen in screens:
            for seat, value in enumerate(values):
                shows(screen, seat, value, timeout)
        return True
    except Exception:
        return False


def settled(host, sid: str, values: list[int], quiet: float = 5.0) -> list[int]:
    """The host's stored values once its screen shows the values tapped, or once they stay the same while
    it waited `quiet` seconds for them (an entry was lost: the count says so). Not a fixed time: the last
    taps are answered late on a busy machine."""
    last = None
    while True:
        shown = agree([host], values, int(quiet * 1000))
        stored = stored_money(host, sid)  # what it shows, it stored first
        if shown or stored == last:
            return stored
        last = stored


def four_phones(phones: Phones, turns: int, taps: int, cached: bool) -> dict:
    """Inside the network of its own (python bench/table_p2p.py runs it there): a host and 3 guests."""
    url, camera, _, host = table_host(phones)
    guests = [screen_of(phones.phone(f"guest{n}", apart=True), url) for n in (1, 2, 3)]
    started = time.monotonic()
    for screen in ([host] + guests if cached else [host]):  # the loads go on together
        screen.page.goto(url)
    for screen in ([host] + guests if cached else [host]):
        screen.start(lambda: None)
    if cached:  # every file stored by the service worker, and the page's work after its start done
        for guest in guests:
            offline = guest.page.evaluate("window.tabulaOffline")
            assert "error" not in offline, offline
            guest.page.evaluate("window.tabulaSnapshot")
    host.new_game(GAME, NAMES)
    host.tap("Setup done – start playing")
    host.see(r"^End round 1$")
    sid = re.search(r"#/game/([^/]+)/play", host.page.url).group(1)
    stages = {"ready": time.monotonic() - started}
    join_s = join(host, guests, camera)
    stages["joined"] = time.monotonic() - started
    screens = [host] + guests
    for screen in screens:
        screen.page.evaluate(f"location.hash = '#/game/{sid}/play'")
        screen.see(r"^End round 1$")
    before = stored_money(host, sid)
    values = list(before)
    assert agree(screens, values, STEP), "the phones do not show the stored game"
    phones.phones[0].shot("four-before")
    python = python_worker(host.page)  # the host's Python timed while the phones take turns (bench/phone_hooks.py)
    python.evaluate(INSTALL_HOOKS, HOOKS)
    python.evaluate(TAKE_HOOKS)  # what came before
    delays, spans, on_host = in_turns(screens, values, turns)
    timed = json.loads(python.evaluate(TAKE_HOOKS))
    stages["in_turns"] = time.monotonic() - started
    tapped = at_once(screens, values, taps)
    stages["at_once"] = time.monotonic() - started
    agree(screens, values, STEP)  # what is still coming, shown
    stored = settled(host, sid, values)
    stages["settled"] = time.monotonic() - started
    for phone in phones.phones:
        phone.shot("four-after")
    made = [turns + n for n in tapped]
    # What the host's Python did between an entry's tap and the last phone showing it (the sheet's opening
    # and closing around it left out): ms per entry, and calls.
    spent: dict[str, list[float]] = {}
    for name, start, ms in timed["records"]:
        if any(tap <= start * 1000 <= seen for tap, seen in spans):
            spent.setdefault(name, []).append(ms)
    python_ms = {name: {"ms": round(sum(times) / len(spans), 1), "calls": round(len(times) / len(spans), 1)}
                 for name, times in spent.items()}
    return {"join_s": join_s, "stages_s": stages, "delays_ms": delays, "on_host": on_host, "tapped": made,
            "before": before, "host_python_per_entry": python_ms, "hooks_missing": timed["missing"],
            "stored": stored, "converged": agree(screens, stored, 2000),
            "lost": sum(max(0, b + m - s) for b, m, s in zip(before, made, stored)),
            "errors": [e for screen in screens for e in screen.errors]}


def run(entries: int = 50, turns: int = 10, log=print, quick: bool = False) -> dict:
    """`quick`: 1 entry each in turns and 2 each at once, the guests' app not cached before (their first
    visit is the invite: bench/run_all.py --quick, and `make test`: tests/p2p/test_netns.py)."""
    taps, turns, cached = (2, 1, False) if quick else (entries, turns, True)
    header(f"The table with no computer: a host phone and 3 guests joined by scan; {turns} entries each in "
           f"turns, then {taps} each at once")
    problem = netns.own_network_unavailable()
    if problem:
        raise RuntimeError(problem)
    build_dist()
    load_before = load_average()
    args = json.dumps({"turns": turns, "taps": taps, "cached": cached})
    with tempfile.TemporaryDirectory(prefix="tabula-p2p-bench-") as tmp:  # the phones' profiles
        done = netns.run_in_own_network([PY, str(Path(__file__).resolve()), "--inside", args],
                                        timeout=LOAD / 1000 + 600, env=dict(os.environ, TMPDIR=tmp))
    result = json.loads(done.stdout.splitlines()[-1]) if done.stdout.strip() else {}
    if done.returncode or "error" in result:
        raise RuntimeError(f"the p2p run failed: {result.get('error')}\n{done.stderr[-4000:]}")
    delays = result["delays_ms"]
    joins = [round(s, 2) for s in result["join_s"]]
    summary = {"phones": 4, "join_s": max(joins), "joins_s": joins, "guests_cached": cached,
               "propagation_p50_ms": round(median(delays)),
               "propagation_p95_ms": round(percentile(delays, 95)), "propagation_max_ms": round(max(delays)),
               "observations": len(delays), "entries": sum(result["tapped"]), "lost": result["lost"],
               # the host phone's own screen and the guests' (theirs passed on by the host's page)
               "by_phone": {phone: {"p50_ms": round(median(ms)), "p95_ms": round(percentile(ms, 95))}
                            for phone, ms in (("host", [d for d, h in zip(delays, result["on_host"]) if h]),
                                              ("guests", [d for d, h in zip(delays, result["on_host"]) if not h]))},
               "converged": result["converged"], "page_errors": len(result["errors"]),
               "host_python_per_entry": result["host_python_per_entry"], "run_s": round(result["run_s"]),
               "stages_s": {k: round(v) for k, v in result["stages_s"].items()},
               "load_average": [load_before, load_average()]}
    log(f"join by scan, guests' app {'cached' if cached else 'not cached'}: {summary['joins_s']} s "
        f"(the slowest {summary['join_s']} s)")
    log(f"entry on one phone -> visible on the other three: p50 {summary['propagation_p50_ms']} ms, "
        f"p95 {summary['propagation_p95_ms']} ms, max {summary['propagation_max_ms']} ms ({len(delays)} observations); "
        + ", ".join(f"on the {phone} p50 {ms['p50_ms']} / p95 {ms['p95_ms']} ms" for phone, ms in summary["by_phone"].items()))
    log("the host's Python per entry in turns (ms, and calls): " + ", ".join(
        f"{name} {part['ms']} ({part['calls']})" for name, part in summary["host_python_per_entry"].items())
        + f"; not found to time: {result['hooks_missing']}" * bool(result["hooks_missing"]))
    log(f"the run inside: {summary['run_s']} s; seconds from the phones' start to the end of each stage: "
        f"{summary['stages_s']}")
    log(f"{summary['entries']} entries from 4 phones: {summary['lost']} lost, all phones agree: "
        f"{summary['converged']}, {summary['page_errors']} page errors; load average {load_before} before, "
        f"{load_average()} after")
    return summary


if __name__ == "__main__":
    if sys.argv[1:2] == ["--inside"]:  # in the network of its own, started by run() below
        from tests.p2p import run as p2p_run
        raise SystemExit(p2p_run.run(four_phones, json.loads(sys.argv[2])))
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 50, int(sys.argv[2]) if len(sys.argv) > 2 else 10)

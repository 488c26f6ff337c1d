"""The static web app (`make web`): size of dist/, bytes and time of a first visit, of a start from the
service worker's cache (a reload) and with the network off, and how long an entry takes from the tap to
the screen (it is written to IndexedDB in between). Served by a plain static file server on 127.0.0.1,
in headless Chromium on a phone-sized screen.

    python bench/static_web.py [runs]      # runs: fresh browser profiles (default 3)
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import PY, ROOT, chromium_version, header, load_average, machine, median  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.test_static_web_browser import DIST, Phone, StaticSite  # noqa: E402


def sizes() -> dict:
    info = json.loads((DIST / "build.json").read_text(encoding="utf-8"))
    parts = {"pyodide/": 0, "canvaskit/": 0, "main.dart.": 0, "app.tar.gz": 0, "assets/": 0}
    for path in DIST.rglob("*"):
        if path.is_file():
            rel = path.relative_to(DIST).as_posix()
            for prefix in parts:
                if rel.startswith(prefix):
                    parts[prefix] += path.stat().st_size
    return {"dist_bytes": info["bytes"], "files": info["files"], "renderer": info["renderer"], "parts": parts}


def entry_latency(phone: Phone, taps: int) -> list[float]:
    """A new game for three, then `taps` entries: seconds from the click to the new value on screen."""
    phone.new_game("City of Rome", ["Anna", "Ben", "Carla"])
    phone.tap("Setup done – start playing")
    phone.see(r"Money of Anna: 5")
    phone.sheet("Anna")  # her sheet, opened from the scoreboard
    button = phone.button("Money +1 (Anna)")
    phone.stored.clear()
    took = []
    for value in range(6, 6 + taps):
        began = time.monotonic()
        button.click()
        phone.see(rf"Money of Anna: {value}(?!\d)")
        took.append(time.monotonic() - began)
    return took


def listen_for_write_backs(phone: Phone) -> None:
    phone.stored = []
    pattern = re.compile(r"tabula: stored in IndexedDB in ([\d.]+) ms")

    def heard(message):
        found = pattern.search(message.text)
        if found:
            phone.stored.append(float(found.group(1)) / 1000)
    phone.context.on("console", heard)


def main(runs: int = 3) -> dict:
    header("Static web app (make web): size, loads, entries")
    done = subprocess.run([PY, str(ROOT / "web" / "build.py")], cwd=ROOT, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(done.stdout + done.stderr)
    result = {"machine": machine(), "chromium": chromium_version(), **sizes(),
              "first": [], "first_bytes": [], "reload": [], "reload_requests": [], "snapshot": [],
              "reload_from_snapshot": [], "offline": [], "entry": []}
    site = StaticSite(DIST)
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        for run in range(runs):
            phone = Phone(p, Path(tmp) / f"profile{run}", site)
            try:
                mark = len(site.sent)
                result["first"].append(phone.start(lambda: phone.page.goto(site.url)))
                result["first_bytes"].append(site.bytes_since(mark))
                result["flutter_build"] = phone.page.evaluate(
                    "performance.getEntriesByType('resource').map(e => e.name)"
                    ".filter(n => /main\\.dart\\.(js|wasm)$|canvaskit\\.wasm$|skwasm\\.wasm$/.test(n))"
                    ".map(n => n.split('/').slice(3).join('/'))")
                assert "error" not in phone.offline_ready()
                snapshot = phone.snapshot_ready()
                assert "bytes" in snapshot, snapshot
                result["snapshot"].append(snapshot)
                for _ in range(2):
                    mark, heard = len(site.sent), len(phone.console)
                    result["reload"].append(phone.start(lambda: phone.page.reload()))
                    result["reload_requests"].append(site.sent[mark:])
                    result["reload_from_snapshot"].append(phone.started_from_snapshot(heard))
                if run == 0:
                    listen_for_write_backs(phone)
                    result["entry"] = entry_latency(phone, 10)
                    result["write_back"] = list(phone.stored)
                phone.context.set_offline(True)
                result["offline"].append(phone.start(lambda: phone.page.goto(site.url)))
            finally:
                phone.close()
    site.stop()
    # The same on a phone's network: 20 Mbit/s (a good 4G link) from the static host.
    site = StaticSite(DIST, rate=20e6 / 8)
    result["first_20mbit"], result["reload_20mbit"] = [], []
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        for run in range(max(1, runs - 1)):
            phone = Phone(p, Path(tmp) / f"slow{run}", site)
            try:
                result["first_20mbit"].append(phone.start(lambda: phone.page.goto(site.url)))
                assert "error" not in phone.offline_ready()
                assert "bytes" in phone.snapshot_ready()
                result["reload_20mbit"].append(phone.start(lambda: phone.page.reload()))
            finally:
                phone.close()
    site.stop()
    result["load_average"] = load_average()
    first, reload_ = median(result["first"]), median(result["reload"])
    print(f"dist/: {result['dist_bytes'] / 1e6:.1f} MB in {result['files']} files ({result['renderer']} renderer: "
          f"{', '.join(result['flutter_build'])})")
    print(f"first visit: {median(result['first_bytes']) / 1e6:.2f} MB, home after {first:.1f} s "
          f"(runs: {', '.join(f'{t:.1f}' for t in result['first'])})")
    print(f"cached reload: home after {reload_:.1f} s = {reload_ / first:.2f} x first "
          f"(runs: {', '.join(f'{t:.1f}' for t in result['reload'])}); requests: "
          f"{sorted({path for run in result['reload_requests'] for path, _ in run}) or 'none'}")
    print(f"snapshot of Python for the next starts: {median([s['bytes'] for s in result['snapshot']]) / 1e6:.1f} MB, "
          f"made in {median([s['ms'] for s in result['snapshot']]) / 1000:.1f} s (runs: "
          f"{', '.join(str(s['ms']) for s in result['snapshot'])} ms); reloads that started from it: "
          f"{sum(result['reload_from_snapshot'])} of {len(result['reload_from_snapshot'])}")
    print(f"offline start: home after {median(result['offline']):.1f} s")
    slow, slow_reload = median(result["first_20mbit"]), median(result["reload_20mbit"])
    print(f"at 20 Mbit/s: first visit {slow:.1f} s, cached reload {slow_reload:.1f} s = {slow_reload / slow:.2f} x "
          f"(runs: {', '.join(f'{a:.1f}/{b:.1f}' for a, b in zip(result['first_20mbit'], result['reload_20mbit']))})")
    print(f"entry, tap to value on screen (stored in IndexedDB first): median {median(result['entry']) * 1000:.0f} ms, "
          f"max {max(result['entry']) * 1000:.0f} ms; of which the IndexedDB write-back: median "
          f"{median(result['write_back']) * 1000:.0f} ms, max {max(result['write_back']) * 1000:.0f} ms "
          f"({len(result['write_back'])} write-backs)")
    print(f"load average: {result['load_average']}")
    out = ROOT / "test-artifacts" / "static-web.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2, default=str), encoding="utf-8")
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)

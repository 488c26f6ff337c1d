"""Start-up: process start -> first rendered frame in headless Chromium (Flutter's "#loading" element
gone), Tabula's home screen versus a minimal Flet hello-world served the same way (web mode, no_cdn).
Runs alternate between the two so a busy machine slows both alike; ratio of the medians.
Target: Tabula <= 1.3 x hello-world."""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from common import header, hello_world, launch, median, open_page, tabula

TARGET = 1.3


def first_frame(browser, server) -> float:
    """Seconds from spawning the server process to the first frame of its page."""
    context, page = open_page(browser, server.url)
    try:
        server.spawn().wait_port(60)
        page.goto(server.url, timeout=60_000)
        page.wait_for_selector("#loading", state="detached", timeout=60_000)
        return time.perf_counter() - server.started
    finally:
        context.close()
        server.kill()


def run(runs: int = 7, quick: bool = False) -> dict:
    """`quick`: one run of each and no warm-up (bench/run_all.py --quick: the bench runs, it measures nothing)."""
    runs = 1 if quick else runs
    header(f"Start-up (process start -> first frame in headless Chromium; target <= {TARGET} x hello-world)")
    base = Path(tempfile.mkdtemp(prefix="tabula-bench-startup-"))
    times = {"tabula": [], "hello": []}
    try:
        with sync_playwright() as p:
            browser = launch(p)
            if not quick:  # warm the disk cache for both
                first_frame(browser, hello_world())
                first_frame(browser, tabula(base / "warm"))
            for r in range(runs):
                times["hello"].append(first_frame(browser, hello_world()))
                times["tabula"].append(first_frame(browser, tabula(base / f"run{r}")))
            browser.close()
    finally:
        shutil.rmtree(base, ignore_errors=True)
    result = {k: median(v) for k, v in times.items()}
    result["ratio"] = result["tabula"] / result["hello"]
    result["runs"] = runs
    print(f"hello-world {result['hello']:.2f} s, Tabula home {result['tabula']:.2f} s (medians of {runs}); "
          f"ratio {result['ratio']:.2f} x ({'ok' if result['ratio'] <= TARGET else 'OVER TARGET'})")
    print("  runs hello: " + ", ".join(f"{t:.2f}" for t in times["hello"]))
    print("  runs Tabula: " + ", ".join(f"{t:.2f}" for t in times["tabula"]), flush=True)
    return result


if __name__ == "__main__":
    run()

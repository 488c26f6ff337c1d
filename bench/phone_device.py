"""The phone of the phone bench (bench/phone.py): headless Chromium slowed as a whole to a mid-range phone.

Two brakes, calibrated once per run:
- every process of the browser in CPU cgroups (bench/cgroup.py, mode "threads"): each thread at most
  `share` of one core, the page's main thread, the render worker and Python's worker side by side as
  on a phone's several cores; but not the GPU process (GPU_PROCESS), which stands for the phone's GPU:
  here, without one, it draws every picture in software (SwiftShader) on this machine's CPU, which a
  phone's GPU does in hardware;
- Chromium's own CPU throttle (CDP `Emulation.setCPUThrottlingRate`), which slows a page's main thread
  only, for what the cgroup leaves.
`calibrate` finds the share at which a fixed Python loop in the static app's worker runs SLOWDOWN times
slower than in the unslowed browser, then the CDP rate at which a fixed JavaScript loop on the page's main
thread does (1 when the cgroup already slows it so much). Unslowed and slowed runs alternate; the
unslowed loop's time is the fastest of its runs (the core as free as the shared machine let it be: a
median would put the other engineers' load into "unslowed" and the search would then slow the phone far
more than 4x, as soon as that load goes), the slowed one's the median. The share never goes below
MIN_SHARE (the search's last resort on a very busy machine: its figures say so). The servers (the
table's computer, the static host) run outside the cgroup, unslowed.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from cgroup import CpuCgroup, period_for, quota_for
from common import CHROMIUM, LAUNCH_ARGS, load_average

GPU_PROCESS = b"--type=gpu-process"  # in its command line
SLOWDOWN = 4.0  # a mid-range phone against this machine's core (Chromium's own "mid-tier mobile" preset)
TOLERANCE = 0.08  # a slowdown within 8 % of SLOWDOWN is taken
NOMINAL_SHARE = 0.25  # where the search starts, and a quick run's share (not calibrated)
MIN_SHARE = 0.1
# Every host name but loopback fails to resolve: nothing leaves the machine (these rules instead of the tests').
ARGS = [a for a in LAUNCH_ARGS if not a.startswith("--host-resolver-rules=")] + [
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]

# The fixed loops, in milliseconds each run (the same arithmetic in both languages).
JS_LOOP = """(n) => {
  const began = performance.now();
  let x = 0;
  for (let i = 0; i < n; i++) x = (x + i * i) % 1000003;
  return [performance.now() - began, x];
}"""
PY_LOOP = """(n) => {
  const began = performance.now();
  const x = self.pyodide.runPython(`
x = 0
for i in range(${n}):
    x = (x + i * i) % 1000003
x`);
  return [performance.now() - began, x];
}"""
JS_STEPS, PY_STEPS = 2_000_000, 150_000  # about 30-60 ms each here, unslowed


class Phone:
    """Chromiums started through the cgroup's wrapper; `slow()` and `unslow()` switch both brakes for
    every page registered with `attach`. Without a cgroup (`cgroup=None`, a quick run where none can be
    made) only the CDP throttle slows, and the figures say so."""

    def __init__(self, playwright, folder: Path, cgroup: CpuCgroup | None):
        self.playwright = playwright
        self.cgroup = cgroup
        self.executable = str(cgroup.wrapper(CHROMIUM, folder)) if cgroup else CHROMIUM
        self.share: float | None = NOMINAL_SHARE
        self.rate = 1.0
        self.slowed = False
        self.sessions: list = []  # CDP sessions of the attached pages

    def launch(self):
        return self.playwright.chromium.launch(executable_path=self.executable, args=ARGS)

    def persistent(self, profile: Path, viewport: dict):
        """A browser with a profile on disk (its cache and service worker kept from one start to the next)."""
        return self.playwright.chromium.launch_persistent_context(
            str(profile), executable_path=self.executable, args=ARGS, viewport=viewport)

    def attach(self, context, page):
        """The page slowed with the others from now on; its CDP session (also for network conditions)."""
        cdp = context.new_cdp_session(page)
        page.on("close", lambda _: self.sessions.remove(cdp) if cdp in self.sessions else None)
        self.sessions.append(cdp)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": self.rate if self.slowed else 1})
        return cdp

    def slow(self) -> None:
        self._set(self.share, self.rate)
        self.slowed = True

    def unslow(self) -> None:
        self._set(None, 1.0)
        self.slowed = False

    def _set(self, share: float | None, rate: float) -> None:
        if self.cgroup is not None:
            self.cgroup.set_share(share)
        for cdp in list(self.sessions):
            try:
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            except Exception:  # its page closed meanwhile
                self.sessions.remove(cdp)

    def describe(self) -> dict:
        cg = self.cgroup
        return {"cgroup": f"v{cg.version}, mode {cg.mode}" if cg else "none",
                "gpu_process_slowed": bool(cg) and GPU_PROCESS not in cg.exclude,
                "share": round(self.share, 3) if cg else None,
                "quota_us": quota_for(self.share) if cg and self.share else None,
                "period_us": period_for(self.share) if cg and self.share else None, "cdp_rate": round(self.rate, 2),
                "cgroup_error": str(cg.error) if cg and cg.error else None}


def loop_ms(target, script: str, steps: int) -> float:
    return target.evaluate(script, steps)[0]


def slowdowns(phone: Phone, page, worker, pairs: int, share: float | None, rate: float,
              which: tuple[str, ...] = ("js", "py")) -> dict:
    """The loops run unslowed and slowed by (`share`, `rate`) in turn, `pairs` times: the fastest unslowed
    run, the median slowed one, and their ratio."""
    runs = {name: ([], []) for name in which}
    loops = {"js": (page, JS_LOOP, JS_STEPS), "py": (worker, PY_LOOP, PY_STEPS)}
    for _ in range(pairs):
        for name in which:
            target, script, steps = loops[name]
            phone._set(None, 1.0)
            runs[name][0].append(loop_ms(target, script, steps))
            phone._set(share, rate)
            runs[name][1].append(loop_ms(target, script, steps))
    phone._set(None, 1.0)
    return {name: {"unslowed_ms": round(min(a), 1), "slowed_ms": round(statistics.median(b), 1),
                   "slowdown": round(statistics.median(b) / min(a), 2)}
            for name, (a, b) in runs.items()}


def calibrate(phone: Phone, page, worker, pairs: int = 3, checks: int = 5) -> dict:
    """Find the cgroup's share (Python's loop in the worker SLOWDOWN times slower), then the CDP rate (the
    page's JavaScript loop too), then measure both loops once more at what was found. `page` and `worker`:
    the static app's page and its Python worker, started and idle."""
    began, load = time.monotonic(), load_average()
    for target, script, steps in ((page, JS_LOOP, JS_STEPS), (worker, PY_LOOP, PY_STEPS)):
        loop_ms(target, script, steps)  # compiled and warm
    steps = []
    if phone.cgroup is not None:
        share = NOMINAL_SHARE
        for _ in range(4):
            found = slowdowns(phone, page, worker, pairs, share, 1.0, ("py",))["py"]
            steps.append({"share": round(share, 3), "rate": 1.0, "py": found["slowdown"]})
            if abs(found["slowdown"] / SLOWDOWN - 1) <= TOLERANCE:
                break
            share = min(1.0, max(MIN_SHARE, share * found["slowdown"] / SLOWDOWN))
        phone.share = share
    rate = 1.0
    for _ in range(4):
        found = slowdowns(phone, page, worker, pairs, phone.share if phone.cgroup else None, rate, ("js",))["js"]
        steps.append({"share": phone.share if phone.cgroup else None, "rate": round(rate, 2), "js": found["slowdown"]})
        if found["slowdown"] >= SLOWDOWN * (1 - TOLERANCE) and (rate == 1.0 or found["slowdown"] <= SLOWDOWN * (1 + TOLERANCE)):
            break
        rate = max(1.0, rate * SLOWDOWN / found["slowdown"])
    phone.rate = rate
    check = slowdowns(phone, page, worker, checks, phone.share if phone.cgroup else None, rate)
    return {**phone.describe(), "target_slowdown": SLOWDOWN, "js_loop": check["js"], "python_loop": check["py"],
            "steps": steps, "seconds": round(time.monotonic() - began, 1), "load_average": [load, load_average()]}

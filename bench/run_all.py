"""`make bench`: every benchmark and the full-size reliability harnesses, each printing its figures.

    python bench/run_all.py                     # everything (about 20 minutes on 2 busy cores)
    python bench/run_all.py benchmarks          # startup, responsiveness, scoring, storage and memory only
    python bench/run_all.py scoring storage     # named parts only
    python bench/run_all.py --quick [part ...]  # each part's quick run: a few samples, the smallest sizes
Parts: startup, responsiveness, scoring, storage, memory, crash, damaged, concurrency, table, p2p (the table
with no computer: bench/table_p2p.py), entry, play, phone (Tabula on a slowed phone: bench/phone.py).
The results also go to test-artifacts/bench.json, not those of a quick run: its figures say only that the
part still runs (`make test` runs every part so: tests/browser/test_bench_parts_browser.py, and
tests/browser/test_reliability_browser.py for crash, damaged, concurrency and table, tests/p2p/test_netns.py
for p2p).
"""

from __future__ import annotations

import json
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_memory  # noqa: E402
import bench_responsiveness  # noqa: E402
import bench_scoring  # noqa: E402
import bench_startup  # noqa: E402
import bench_storage  # noqa: E402
import concurrency  # noqa: E402
import crash_harness  # noqa: E402
import damaged_files  # noqa: E402
import entry_effort  # noqa: E402
import table_p2p  # noqa: E402
import phone  # noqa: E402
import play_effort  # noqa: E402
import table_mode  # noqa: E402
from common import ROOT, load_average, machine  # noqa: E402

PARTS = {
    "startup": bench_startup.run,
    "responsiveness": bench_responsiveness.run,
    "scoring": bench_scoring.run,
    "storage": bench_storage.run,
    "memory": bench_memory.run,
    "crash": crash_harness.run,
    "damaged": damaged_files.run,
    "concurrency": concurrency.run,
    "table": table_mode.run,
    "p2p": table_p2p.run,
    "entry": entry_effort.run,
    "play": play_effort.run,
    "phone": phone.run,
}
BENCHMARKS = ("startup", "responsiveness", "scoring", "storage", "memory")


def run_part(name: str, quick: bool = False, **more):
    """One part's figures, from its full run or its quick run (each part's `run(quick=True)`: a few samples,
    the smallest sizes; it runs, it measures nothing); `more`: the kept phones a test gives a part that
    opens its pages in them (`browser`, see common.chromium)."""
    return PARTS[name](quick=quick, **more)


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    argv = [a for a in argv if a != "--quick"]
    names = list(BENCHMARKS) if argv == ["benchmarks"] else (argv or list(PARTS))
    unknown = [n for n in names if n not in PARTS]
    if unknown:
        print(f"unknown part(s) {unknown}; known: {', '.join(PARTS)}", file=sys.stderr)
        return 2
    print(f"Machine: {machine()}")
    print(f"Load average before: {load_average()}", flush=True)
    results, failed = {"machine": machine()}, []
    started = time.time()
    for name in names:
        t = time.time()
        try:
            results[name] = run_part(name, quick)
        except Exception:
            failed.append(name)
            traceback.print_exc()
        print(f"  ({name}: {time.time() - t:.0f} s, load average {load_average()})", flush=True)
    done = f"\nDone in {time.time() - started:.0f} s" + (f"; FAILED: {', '.join(failed)}" if failed else "")
    if quick:  # its figures say only that each part runs: the last full run's stay
        print(done + "; a quick run: test-artifacts/bench.json left as it was")
        return 1 if failed else 0
    out = ROOT / "test-artifacts" / "bench.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    try:  # a run of some parts updates those parts and keeps the others' last figures
        kept = json.loads(out.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        kept = {}
    kept.update(results)
    out.write_text(json.dumps(kept, indent=2, default=str), encoding="utf-8")
    print(done + "; results in test-artifacts/bench.json")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""`python -m tests.p2p.run SCENARIO [JSON]`: one scenario of tests/p2p/scenarios.py, run with its phones
in the network of its own that this process must be in (tests/p2p/netns.py: run_in_own_network starts
it there). Prints one JSON line at the end: the scenario's results, or {"error": ...} (exit 1; the
traceback on stderr). With TABULA_SHOTS=1 the phones' screenshots go to test-artifacts/screenshots/."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

from tests.p2p import netns
from tests.p2p.phones import ROOT, Phones
from tests.p2p.scenarios import SCENARIOS


def main(argv: list[str]) -> int:
    return run(SCENARIOS[argv[0]], json.loads(argv[1]) if len(argv) > 1 else {})


def run(scenario, args: dict) -> int:
    """`scenario(phones, **args)` with the run's Phones, its result printed as main() says (a bench's own
    scenario runs so too: bench/table_p2p.py)."""
    problem = netns.isolated()
    if problem:  # never a phone on this machine's own network
        print(json.dumps({"error": f"not in a network of its own: {problem}"}))
        return 2
    shots = ROOT / "test-artifacts" / "screenshots" if os.environ.get("TABULA_SHOTS") == "1" else None
    started = time.monotonic()
    try:
        with tempfile.TemporaryDirectory(prefix="tabula-p2p-") as profiles, Phones(Path(profiles), shots) as phones:
            result = scenario(phones, **args)
    except Exception as e:
        traceback.print_exc()
        print(json.dumps({"error": f"{type(e).__name__}: {e}"}))
        return 1
    print(json.dumps(result | {"run_s": time.monotonic() - started}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

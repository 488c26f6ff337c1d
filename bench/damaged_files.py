"""Damaged files: each data file (settings, history, box data, a game in progress) is made empty,
truncated, not JSON, of a wrong schema version and of a wrong shape; then the real server is started
and the home screen opened in Chromium. Checked per case: the server starts, the file is moved aside
as `<name>.damaged-<time>` (byte for byte), the home screen tells the user (naming the file kept
aside), the other data is still there, and the app carries on (the notice is dismissed, a setting
is saved and a new data file written). The history is one play per line: truncated in the middle of
its last play, only that play is set aside (into `history.jsonl.damaged-<time>`), the others stay.

    python bench/damaged_files.py
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path

from common import App, chromium, header, make_game, tabula

from companion.storage.repository import SCHEMA_VERSION

LIVE = "20250101-120000-broken"
HEALTHY = "20250101-110000-health"
FILES = ("settings.json", "history.jsonl", "boxdata.json", f"live/{LIVE}.json")
VARIANTS = ("empty", "truncated", "not JSON", "wrong version", "wrong shape")


def prepare(data: Path) -> None:
    """A data directory in use: settings, one finished play, box data, two games in progress."""
    from companion.games import GAMES
    from companion.storage import Repository

    make_game(data, "city-of-rome", HEALTHY)
    make_game(data, "milestones", LIVE)
    repo = Repository(data, GAMES)
    repo.set_setting("theme", "light")
    repo.remember_names(["Anna", "Ben"])
    repo.set_box_data("castles-of-tuscany", {"colour_bonus.red.I": 4})
    repo.add_plays([{  # an older play: when the last line of the history is cut, this one stays
        "id": "20231201-000000-played", "game": "milestones", "started": 1.69e9, "finished": 1.69e9 + 3600,
        "players": [{"name": "Cleo", "total": 30, "rank": 1, "categories": {"points": 30}},
                    {"name": "Dora", "total": 20, "rank": 2, "categories": {"points": 20}}],
        "winners": ["Cleo"]}])
    repo.finish(repo.game(HEALTHY), {
        "id": "20240101-000000-played", "game": "city-of-rome", "started": 1.7e9, "finished": 1.7e9 + 3600,
        "players": [{"name": "Anna", "total": 50, "rank": 1, "categories": {"money": 5}},
                    {"name": "Ben", "total": 40, "rank": 2, "categories": {"money": 4}}],
        "winners": ["Anna"]})
    make_game(data, "city-of-rome", HEALTHY)  # finishing removed it; a game in progress again


def damage(path: Path, variant: str) -> bytes:
    good = path.read_text(encoding="utf-8")
    if path.name == "history.jsonl":  # a header line, then one play per line
        header_line, rest = good.split("\n", 1)
        content = {
            "empty": "",
            "truncated": good[: len(good) - len(rest.splitlines()[-1]) // 2 - 1],  # the last play cut in two
            "not JSON": "<html>this is not JSON</html>",
            "wrong version": json.dumps(dict(json.loads(header_line), version=99)) + "\n" + rest,
            "wrong shape": json.dumps({"plays": [1, 2, 3]}) + "\n" + rest,
        }[variant].encode()
        path.write_bytes(content)
        return content
    content = {
        "empty": "",
        "truncated": good[: len(good) // 2],
        "not JSON": "<html>this is not JSON</html>",
        "wrong version": json.dumps(dict(json.loads(good), meta={"1": {"schema": SCHEMA_VERSION + 1}})),
        "wrong shape": json.dumps({"meta": {"1": {"schema": SCHEMA_VERSION}}, "plays": [1, 2, 3],
                                   "session": "none", "settings": {"1": "dark"}}),
    }[variant].encode()
    path.write_bytes(content)
    return content


def run_case(browser, base: Path, cases: list[tuple[str, str]], shot: str | None = None) -> list[dict]:
    """The files of `cases` ((file, variant) pairs, each file once) damaged together in one data directory, the
    server started once; an outcome per case (the other data and the app carrying on are the start's)."""
    data = base / re.sub(r"\W+", "-", "-".join(f"{name}-{variant}" for name, variant in cases))
    prepare(data)
    targets = [data / name for name, _ in cases]
    contents = [damage(target, variant) for target, (_, variant) in zip(targets, cases)]
    server = tabula(data)
    outcomes = [{"file": name, "variant": variant} for name, variant in cases]
    app = None
    try:
        server.start()
        asides = [moved_aside(outcome, target, content)
                  for outcome, target, content in zip(outcomes, targets, contents)]
        app = App(browser, server.url).open()
        for outcome, target, aside in zip(outcomes, targets, asides):
            told(app, outcome, target, aside)
        # carries on: the other data is there, the notice goes away, a setting is saved
        other_ok = True
        names = [name for name, _ in cases]
        if all(name != "history.jsonl" or one_play(outcome) for name, outcome in zip(names, outcomes)):
            app.click("History")
            other_ok &= app.has_text("Anna" if "history.jsonl" not in names else "Cleo")
            app.click("Back")
        if not any(name.startswith("live/") for name in names):
            other_ok &= app.has_text("Milestones")
        other_ok &= app.has_text("City of Rome")
        if shot:
            app.shot(shot)
        app.click("Understood")
        gone = app.wait_gone("could not be read")
        app.click("Settings")
        app.click("Dark")  # the click returns once the server has answered: the setting is saved by then
        settings = json.loads((data / "settings.json").read_text(encoding="utf-8"))
        saved = settings["settings"]["1"]["theme"] == "dark"
        for outcome in outcomes:
            outcome["carried_on"] = bool(other_ok and gone and saved and not app.errors)
            outcome["details"] = {"other data": other_ok, "notice dismissed": gone, "setting saved": saved}
    except Exception as error:  # a case that fails is reported, the others still run
        for outcome in outcomes:
            outcome.setdefault("started", False)
            outcome["error"] = f"{type(error).__name__}: {str(error).splitlines()[0][:200]}"
    finally:
        if app is not None:
            app.close()
        server.stop()
        output = server.output()[-500:]
    for outcome in outcomes:
        outcome["server_output"] = output
        outcome["ok"] = all(outcome.get(k) for k in ("started", "moved_aside", "told", "carried_on"))
    return outcomes


def one_play(outcome: dict) -> bool:
    """The history cut in its last play: only that play is set aside, the others stay."""
    return outcome["file"] == "history.jsonl" and outcome["variant"] == "truncated"


def moved_aside(outcome: dict, target: Path, content: bytes) -> Path | None:
    """Whether the server, started, moved the damaged `target` aside byte for byte (in `outcome`); where to."""
    outcome["started"] = True
    aside = [p for p in target.parent.iterdir() if p.name.startswith(target.name + ".damaged-")]
    kept = content[content.rindex(b"\n") + 1:] + b"\n" if one_play(outcome) else content
    outcome["moved_aside"] = len(aside) == 1 and aside[0].read_bytes() == kept
    return aside[0] if aside else None


def told(app: App, outcome: dict, target: Path, aside: Path | None) -> None:
    """Whether the home screen names the file kept aside and says what could not be read (in `outcome`)."""
    try:
        app.wait_text(re.escape(aside.name) if aside else "could not be read", timeout=20_000)
        said = (f"finished plays? in {re.escape(target.name)} could not be read" if one_play(outcome)
                else f"data file {re.escape(target.name)} could not be read")
        outcome["told"] = app.has_text(said)
    except Exception:
        outcome["told"] = False


# The quick run's cases (bench/run_all.py --quick, and `make test`: tests/browser/test_reliability_browser.py):
# the history cut in its last play, alone; the history not JSON at all and a game in progress of a later
# version, both at one start of the server (each start and page load is seconds of `make test`).
QUICK_STARTS = [[("history.jsonl", "truncated")],
                [("history.jsonl", "not JSON"), (f"live/{LIVE}.json", "wrong version")]]
QUICK_CASES = [case for cases in QUICK_STARTS for case in cases]


def run(cases=None, log=print, quick: bool = False, browser=None) -> list[dict]:
    """Every file in every variant, each at a start of the server of its own, or the `cases` given ((file,
    variant) pairs), or QUICK_STARTS (`quick`); `browser`: see common.chromium."""
    header("Damaged files: the real server starts, moves the file aside, tells the user, carries on")
    starts = QUICK_STARTS if quick else [[case] for case in cases or [(f, v) for f in FILES for v in VARIANTS]]
    base = Path(tempfile.mkdtemp(prefix="tabula-damaged-"))
    results = []
    try:
        with chromium(browser) as b:
            for n, together in enumerate(starts):
                for r in run_case(b, base, together, shot="damaged-file-notice" if n == 0 else None):
                    results.append(r)
                    marks = " ".join(f"{k.replace('_', ' ')} {'yes' if r.get(k) else 'NO'}"
                                     for k in ("started", "moved_aside", "told", "carried_on"))
                    log(f"{r['file']:<32} {r['variant']:<14} {marks}" + (f"  [{r['error']}]" if "error" in r else ""))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    log(f"{sum(r['ok'] for r in results)} of {len(results)} cases handled")
    return results


if __name__ == "__main__":
    run()

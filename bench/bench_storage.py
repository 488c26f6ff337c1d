"""Storage, with a history of 0, 100, 1,000 and 10,000 finished 4-player plays (real score sheets:
explanations, labels, notes, boards; about 4.5 KB each):
- one entry of a game in progress (record + Repository.save, which fsyncs). Target: 10,000 <= 1.5 x 0;
- finishing a game (the table hub's finish: the play appended to history.jsonl and fsynced, the game's
  file removed). Target: <= 50 ms at 10,000 plays and <= 1.5 x the time at 0;
- opening History, what the server does (the History screen's reads: the plays newest first, their
  count, the first page of tiles with their texts, the games and player names of the filters). Target:
  <= 50 ms at 10,000 plays and <= 1.5 x the time at 0;
- importing a backup of 10,000 plays into an empty data folder (read, check, one write). Target: <= 5 s;
- also shown: opening the data directory, upgrading a history.json of earlier versions once, and
  opening History in Chromium (click on Home to the list on screen) at 0, 30 and 10,000 plays."""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from pathlib import Path

import common  # noqa: F401
from common import ROOT, App, chromium, header, median, tabula

from companion.cli import score_data
from companion.core.plays import make_play
from companion.core.game import Game, make_config
from companion.core.table import TableHub
from companion.core.text import date_time, tr
from companion.games import GAMES
from companion.storage import Repository, export
from companion.storage.history import FILE, HEADER
from companion.storage.repository import SCHEMA_VERSION
from companion.ui.screens.history import PAGE, winning_total

GAME = GAMES["city-of-rome"]
NAMES = ["Anna", "Ben", "Cleo", "Dora"]


EXAMPLES = ["city-of-rome-rulebook.json", "castles-of-tuscany-tie.json", "milestones-4-players.json",
            "carpe-diem-2p-district.json", "castles-of-tuscany-three-players.json"]
PEOPLE = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Greta", "Hugo", "Ida", "Jonas", "Karla", "Lena"]
_TEMPLATES: list[str] = []


def templates() -> list[str]:
    """Finished plays as the app saves them, scored from the example boards (as JSON text)."""
    if not _TEMPLATES:
        box = json.loads((ROOT / "examples" / "carpe-diem-box.json").read_text(encoding="utf-8"))
        for name in EXAMPLES:
            board = json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))
            definition = GAMES[board["game"]]
            sheet = score_data(board, box.get(definition.id, {}))
            config = make_config(definition, [{"name": p.name, "colour": c}
                                        for p, c in zip(sheet.players, definition.colours_for(len(sheet.players)))], 0)
            _TEMPLATES.append(json.dumps(make_play(Game("x", definition, config), sheet, board, box.get(definition.id, {}))))
    return _TEMPLATES


def real_play(i: int) -> dict:
    """Play number i: one of the example score sheets, its own id, time and players' names."""
    play = json.loads(templates()[i % len(templates())])
    play["id"] = f"20240101-000000-{i:06x}"
    play["started"], play["finished"], play["duration_s"] = 1.7e9 + i * 7200, 1.7e9 + i * 7200 + 5400, 5400
    names = {p["name"]: PEOPLE[(i + k) % len(PEOPLE)] for k, p in enumerate(play["players"])}
    for p in play["players"]:
        p["name"] = names[p["name"]]
    play["winners"] = [names[w] for w in play["winners"]]
    play["start_player"] = names.get(play["start_player"], play["players"][0]["name"])
    return play


def data_dir_with_history(path: Path, plays: int) -> None:
    """A data folder whose history.jsonl holds `plays` plays."""
    path.mkdir(parents=True)
    lines = [json.dumps(HEADER)] + [json.dumps({"add": real_play(i)}) for i in range(plays)]
    (path / FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")


def old_data_dir(path: Path, plays: int) -> None:
    """The same history as a history.json of earlier versions (TinyDB), to be upgraded on first start."""
    path.mkdir(parents=True)
    history = {"meta": {"1": {"schema": SCHEMA_VERSION}}, "plays": {str(i + 1): real_play(i) for i in range(plays)}}
    (path / "history.json").write_text(json.dumps(history), encoding="utf-8")


def open_history(repo: Repository, lang: str = "en") -> int:
    """What the server does to draw History (companion/ui/screens/history.py, no filter): the plays as
    the repository keeps them, the count, a page of tiles with their texts, the filters' choices."""
    everything = repo.plays()
    texts = [(f"{GAMES[p['game']].name.render(lang)} · {date_time(lang, p['finished'])}",
              ", ".join(q["name"] for q in p["players"]),
              tr(lang, "history.won", winners=p["winners"], total=winning_total(p)))
             for p in everything[:PAGE]]
    filters = ([GAMES[g].name.render(lang) for g in repo.games_played()], repo.player_names())
    tr(lang, "history.count", shown=len(everything), total=len(everything))
    return len(texts) + len(filters[0]) + len(filters[1])


def new_game(sid: str) -> Game:
    config = make_config(GAME, [{"name": n, "colour": c} for n, c in zip(NAMES, GAME.colours_for(4))], 0)
    return Game(sid, GAME, config, stage="play")


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER TARGET"


def run(sizes=(0, 100, 1000, 10_000), entries: int = 200, finishes: int = 20, opens: int = 50, runs: int = 3,
        import_plays: int = 10_000, quick: bool = False, browser=None) -> dict:
    """`quick`: histories of 0 and 10 plays, 2 entries, finishes and opens each, 10 plays imported, History
    opened once in Chromium at 10 plays (bench/run_all.py --quick: the bench runs, it measures nothing);
    `browser`: see common.chromium."""
    if quick:
        sizes, entries, finishes, opens, runs, import_plays = (0, 10), 2, 2, 2, 1, 10
    header("Storage: entries, finishing a game, opening History (history of 0 to 10,000 plays), importing")
    # One data directory per history size; entries, finishes and opens made round-robin across them,
    # so that a busy machine slows every size alike and each ratio is measured in one run.
    entry_ms = {n: [] for n in sizes}
    open_ms = {n: [] for n in sizes}
    finish_ms = {n: [] for n in sizes}
    history_ms = {n: [] for n in sizes}
    base = Path(tempfile.mkdtemp(prefix="tabula-bench-storage-"))
    try:
        for r in range(runs):
            repos, games = {}, {}
            for size in sizes:
                d = base / f"h{size}-{r}"
                data_dir_with_history(d, size)
                t = time.perf_counter()
                repos[size] = Repository(d, GAMES)
                open_ms[size].append((time.perf_counter() - t) * 1000)
                assert not repos[size].notices, repos[size].notices
                games[size] = new_game(f"20250101-120000-{r:06x}")
                repos[size].save(games[size])
            for n in range(entries):
                for size in sizes:
                    t = time.perf_counter()
                    games[size].record({"type": "adjust", "player": n % 4, "counter": "money", "delta": 1})
                    repos[size].save(games[size])
                    entry_ms[size].append((time.perf_counter() - t) * 1000)
            hubs = {size: TableHub(repos[size]) for size in sizes}
            for n in range(finishes):
                for size in sizes:
                    sid = f"20250102-{r:02d}{n:04d}-finish"
                    repos[size].save(new_game(sid))
                    play = dict(real_play(size + 1 + n), id=sid)
                    t = time.perf_counter()
                    hubs[size].finish(sid, lambda game: play)
                    finish_ms[size].append((time.perf_counter() - t) * 1000)
            for n in range(opens):
                for size in sizes:
                    t = time.perf_counter()
                    open_history(repos[size], ("en", "de")[n % 2])
                    history_ms[size].append((time.perf_counter() - t) * 1000)
            for size in sizes:
                assert len(Repository(base / f"h{size}-{r}", GAMES).plays()) == size + finishes
                shutil.rmtree(base / f"h{size}-{r}", ignore_errors=True)
        results = {}
        for size in sizes:
            results[size] = {"entry_p50_ms": median(entry_ms[size]), "open_ms": median(open_ms[size]),
                             "finish_ms": median(finish_ms[size]), "history_ms": median(history_ms[size])}
            print(f"history {size:>6} plays: one entry p50 {results[size]['entry_p50_ms']:.2f} ms; "
                  f"finishing a game p50 {results[size]['finish_ms']:.2f} ms; opening History p50 "
                  f"{results[size]['history_ms']:.3f} ms; opening the data directory {results[size]['open_ms']:.1f} ms",
                  flush=True)
        low, high = results[sizes[0]], results[sizes[-1]]
        for key, what in (("entry_p50_ms", "one entry"), ("finish_ms", "finishing a game"),
                          ("history_ms", "opening History")):
            ratio = high[key] / low[key]
            results[f"{key}_ratio"] = ratio
            within = ratio <= 1.5 and (key == "entry_p50_ms" or high[key] <= 50)
            print(f"{what}: {sizes[-1]} plays / {sizes[0]} plays = {ratio:.2f} x ({verdict(within)})")
        results["ratio"] = results["entry_p50_ms_ratio"]
        results.update(bench_import(base, import_plays))
        results.update(bench_upgrade(base, sizes[-1]))
        in_browser, rounds = ((sizes[-1],), 0) if quick else ((0, 30, sizes[-1]), 7)
        results["browser_history_ms"] = bench_history_in_browser(base, in_browser, rounds, browser)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return results


def bench_import(base: Path, plays: int) -> dict:
    """A backup of `plays` plays (as `export --format json` writes it) imported into an empty folder."""
    text = export.dumps({"format": export.FORMAT, "version": export.VERSION, "exported": "2025-01-01 00:00:00",
                         "plays": [real_play(i) for i in range(plays)], "box_data": {}})
    raw = text.encode("utf-8")
    del text
    target = base / "import"
    # what `companion import FILE` does once the file is read: parse, check, one write (and the box data)
    t, cpu = time.perf_counter(), time.process_time()
    result = export.import_data(Repository(target, GAMES), export.parse_text(raw), checked=True)
    seconds, cpu = time.perf_counter() - t, time.process_time() - cpu
    assert result["added"] == plays and len(Repository(target, GAMES).plays()) == plays
    print(f"importing {plays} plays ({len(raw) / 1e6:.1f} MB): {seconds:.2f} s ({verdict(seconds <= 5)}); "
          f"CPU time {cpu:.2f} s", flush=True)
    shutil.rmtree(target, ignore_errors=True)
    return {"import_s": seconds, "import_cpu_s": cpu, "import_mb": len(raw) / 1e6}


def bench_upgrade(base: Path, plays: int) -> dict:
    """The first start on a history.json of earlier versions: read it, write history.jsonl, keep a backup."""
    folder = base / "upgrade"
    old_data_dir(folder, plays)
    t = time.perf_counter()
    repo = Repository(folder, GAMES)
    first = time.perf_counter() - t
    assert len(repo.plays()) == plays and not repo.notices and (folder / "history.json.before-upgrade").exists()
    t = time.perf_counter()
    Repository(folder, GAMES)
    again = time.perf_counter() - t
    size = (folder / FILE).stat().st_size / 1e6
    print(f"upgrading a history.json of {plays} plays on the first start: {first:.2f} s; the next start "
          f"{again:.2f} s ({size:.1f} MB history.jsonl)", flush=True)
    shutil.rmtree(folder, ignore_errors=True)
    return {"upgrade_s": first, "open_after_upgrade_s": again, "history_mb": size}


def bench_history_in_browser(base: Path, sizes: tuple[int, ...], rounds: int = 7, browser=None) -> dict:
    """Home -> History in Chromium: from the click to the list on screen (the count line drawn), `rounds`
    times after one that warms up (0: that one only, its times kept)."""
    servers, apps, ms = {}, {}, {n: [] for n in sizes}
    try:
        for size in sizes:
            folder = base / f"browser{size}"
            data_dir_with_history(folder, size)
            servers[size] = tabula(folder).start()
        with chromium(browser) as b:
            for size in sizes:
                apps[size] = App(b, servers[size].url).open()
            for r in range(rounds + 1):  # the first round warms up
                for size in sizes:
                    app = apps[size]
                    app.find(app.button("History"))
                    shown = app.text(f"^{size} plays$" if size else "No finished plays yet").first
                    t = time.perf_counter()
                    app.button("History").click()
                    shown.wait_for(timeout=60_000)
                    if r or not rounds:
                        ms[size].append((time.perf_counter() - t) * 1000)
                    app.page.go_back()
                    app.button("History").wait_for(timeout=60_000)
            errors = [e for app in apps.values() for e in app.errors]
            assert not errors, errors
            for app in apps.values():
                app.close()
    finally:
        for server in servers.values():
            server.stop()
    out = {size: median(v) for size, v in ms.items()}
    print("opening History in Chromium (click to list on screen), median of "
          f"{rounds or 1}: " + "; ".join(f"{size} plays {v:.0f} ms" for size, v in out.items()), flush=True)
    return out


if __name__ == "__main__":
    run()

"""The data directory: settings, names, box data, games in progress, history; damaged files; and a
process killed with SIGKILL in the middle of its writes."""

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.core.game import Game, make_config
from companion.core.text import Msg
from companion.games import GAMES
from companion.games.city_of_rome import GAME
from companion.storage import Repository
from companion.storage.repository import MAX_KNOWN_NAMES, SCHEMA_VERSION

ROOT = Path(__file__).resolve().parents[1]
DATA_FILES = ("settings.json", "history.jsonl", "boxdata.json")
# history.json is the history of earlier versions: read once, upgraded to history.jsonl


def repo(path) -> Repository:
    return Repository(Path(path), GAMES)


def new_game(sid="20250101-120000-abc123", n=3) -> Game:
    colours = GAME.colours_for(n)
    names = ["Anna", "Ben", "Cleo", "Dora"][:n]
    config = make_config(GAME, [{"name": m, "colour": c} for m, c in zip(names, colours)], 0)
    return Game(id=sid, definition=GAME, config=config)


def play(game: Game) -> None:
    game.record({"type": "adjust", "player": 0, "counter": "money", "delta": 4})
    game.record({"type": "adjust", "player": 1, "counter": "influence_tokens", "delta": 2})
    for _ in range(3):
        game.record({"type": "end_round"})
    game.record({"type": "adjust", "player": 2, "counter": "build_markers", "delta": 1})
    game.undo()
    game.stage = "play"
    game.setup_done = ["colours"]


def a_play(game: Game, finished: float = 1_700_000_000.0, total: int = 10, play_id: str | None = None) -> dict:
    return {"id": play_id or game.id, "game": game.definition.id, "started": game.created, "finished": finished,
            "duration_s": 3600, "start_player": game.config["players"][0]["name"],
            "players": [{"name": p["name"], "total": total - i, "rank": i + 1, "categories": {"money": total - i}}
                        for i, p in enumerate(game.config["players"])],
            "winners": [game.config["players"][0]["name"]]}


def damaged_files(path: Path) -> list[Path]:
    return sorted(p for p in path.rglob("*") if ".damaged-" in p.name)


# ------------------------------------------------------------------ settings

def test_settings_defaults_on_a_new_directory(tmp_path):
    r = repo(tmp_path / "data")
    assert r.settings() == {"lang": "en", "theme": "light"}
    assert r.notices == []
    assert r.known_names() == [] and r.plays() == [] and r.live_games() == []
    assert r.box_data("city-of-rome") == {}


def test_settings_are_kept_across_repositories(tmp_path):
    r = repo(tmp_path)
    r.set_setting("lang", "de")
    r.set_setting("theme", "dark")
    assert r.settings() == {"lang": "de", "theme": "dark"}
    assert repo(tmp_path).settings() == {"lang": "de", "theme": "dark"}
    r.set_setting("theme", "light")
    assert repo(tmp_path).settings() == {"lang": "de", "theme": "light"}


@pytest.mark.parametrize("key, value", [("lang", "fr"), ("theme", "blue"), ("colour", "red"), ("lang", None),
                                        ("lang", "EN")])
def test_set_setting_validates(tmp_path, key, value):
    r = repo(tmp_path)
    with pytest.raises(ValueError):
        r.set_setting(key, value)
    assert r.settings() == {"lang": "en", "theme": "light"}


def test_hand_edited_unknown_setting_falls_back_to_the_default(tmp_path):
    r = repo(tmp_path)
    r.set_setting("lang", "de")
    data = json.loads((tmp_path / "settings.json").read_text())
    data["settings"]["1"]["theme"] = "purple"
    (tmp_path / "settings.json").write_text(json.dumps(data))
    r2 = repo(tmp_path)
    assert r2.settings() == {"lang": "de", "theme": "light"}
    assert r2.notices == []


# ------------------------------------------------------------------ names

def test_known_names_most_recent_first_unique_case_insensitive(tmp_path):
    r = repo(tmp_path)
    r.remember_names(["Anna", "Ben"])
    assert r.known_names() == ["Anna", "Ben"]
    r.remember_names(["cleo", "ANNA"])
    assert r.known_names() == ["cleo", "ANNA", "Ben"]  # the latest spelling wins, moved to the front
    r.remember_names(["Dora", "dora", " Ben "])  # duplicates within one game count once, names trimmed
    assert r.known_names() == ["Dora", "Ben", "cleo", "ANNA"]
    assert repo(tmp_path).known_names() == ["Dora", "Ben", "cleo", "ANNA"]


def test_known_names_are_capped(tmp_path):
    r = repo(tmp_path)
    for i in range(MAX_KNOWN_NAMES + 10):
        r.remember_names([f"P{i}"])
    names = r.known_names()
    assert len(names) == MAX_KNOWN_NAMES
    assert names[0] == f"P{MAX_KNOWN_NAMES + 9}"


# ------------------------------------------------------------------ box data

def test_box_data_per_game_and_kept(tmp_path):
    r = repo(tmp_path)
    r.set_box_data("city-of-rome", {"a": 3})
    r.set_box_data("city-of-rome", {"b": [1, 2]})
    r.set_box_data("other", {"a": 9})
    assert r.box_data("city-of-rome") == {"a": 3, "b": [1, 2]}
    assert repo(tmp_path).box_data("city-of-rome") == {"a": 3, "b": [1, 2]}
    assert repo(tmp_path).box_data("other") == {"a": 9}
    assert r.box_data("unknown-game") == {}


# ------------------------------------------------------------------ games in progress

def test_live_games_survive_a_new_repository(tmp_path):
    r = repo(tmp_path)
    s1, s2 = new_game("20250101-120000-aaaaaa"), new_game("20250101-130000-bbbbbb", n=2)
    play(s1)
    s2.record({"type": "end_round"})
    r.save(s1)
    r.save(s2)
    s2.updated = s1.updated + 10
    r.save(s2)
    r2 = repo(tmp_path)
    assert r2.notices == []
    assert [s.id for s in r2.live_games()] == [s2.id, s1.id]  # most recently updated first
    back = r2.game(s1.id)
    assert back is not s1
    assert back.state == s1.state
    assert back.to_json() == s1.to_json()
    assert back.can_redo  # the undone entry is still there to redo
    back.redo()
    s1.redo()
    assert back.state == s1.state
    assert r2.game(s2.id).state == s2.state


def test_a_saved_entry_replaces_only_its_own_game(tmp_path):
    r = repo(tmp_path)
    s1, s2 = new_game("20250101-120000-aaaaaa"), new_game("20250101-130000-bbbbbb")
    r.save(s1)
    r.save(s2)
    before = (tmp_path / "live" / f"{s2.id}.json").read_bytes()
    s1.record({"type": "end_round"})
    r.save(s1)
    assert (tmp_path / "live" / f"{s2.id}.json").read_bytes() == before
    assert repo(tmp_path).game(s1.id).state["round"] == 2


def test_discard_removes_a_game_in_progress(tmp_path):
    r = repo(tmp_path)
    s = new_game()
    r.save(s)
    r.discard(s.id)
    assert r.game(s.id) is None
    assert repo(tmp_path).live_games() == []
    r.discard("no-such-game")  # no error


def test_finish_moves_a_game_into_history(tmp_path):
    r = repo(tmp_path)
    s = new_game()
    play(s)
    r.save(s)
    r.finish(s, a_play(s))
    assert r.live_games() == [] and r.game(s.id) is None
    assert not (tmp_path / "live" / f"{s.id}.json").exists()
    r2 = repo(tmp_path)
    assert r2.live_games() == []
    plays = r2.plays()
    assert len(plays) == 1
    assert plays[0]["id"] == s.id and plays[0]["winners"] == ["Anna"]
    assert isinstance(plays[0]["doc_id"], int)


def test_plays_most_recent_first_delete_and_restore(tmp_path):
    r = repo(tmp_path)
    s = new_game()
    r.finish(s, a_play(s, finished=100.0, total=10, play_id="p1"))
    r.finish(s, a_play(s, finished=300.0, total=30, play_id="p3"))
    r.finish(s, a_play(s, finished=200.0, total=20, play_id="p2"))
    assert [p["finished"] for p in r.plays()] == [300.0, 200.0, 100.0]
    middle = r.plays()[1]
    deleted = r.delete_play(middle["doc_id"])
    assert deleted["finished"] == 200.0 and "doc_id" not in deleted
    assert [p["finished"] for p in repo(tmp_path).plays()] == [300.0, 100.0]
    assert r.delete_play(middle["doc_id"]) is None  # already gone
    assert r.delete_play(999) is None
    r.restore_play(deleted)
    plays = repo(tmp_path).plays()
    assert [p["finished"] for p in plays] == [300.0, 200.0, 100.0]
    assert {k: v for k, v in plays[1].items() if k != "doc_id"} == deleted


# ------------------------------------------------------------------ damaged files

def valid_tinydb(tables: dict) -> dict:
    return {"meta": {"1": {"schema": SCHEMA_VERSION}}, **tables}


def good_content(name: str, game: Game) -> dict:
    return {
        "settings.json": valid_tinydb({"settings": {"1": {"lang": "de", "theme": "dark"}},
                                       "names": {"1": {"names": ["Anna"]}}}),
        "history.json": valid_tinydb({"plays": {"1": a_play(game)}}),
        "history.jsonl": valid_tinydb({"plays": {"1": a_play(game)}}),  # (what a mix-up would put there)
        "boxdata.json": valid_tinydb({"city-of-rome": {"1": {"x": 1}}}),
        "live": valid_tinydb({"session": {"1": game.to_json()}}),
    }[name]


def damage_variants(name: str, game: Game) -> dict[str, bytes]:
    good = json.dumps(good_content(name, game))
    variants = {
        "empty": b"",
        "whitespace": b"  \n",
        "truncated": good[: len(good) * 2 // 3].encode(),
        "not json": b"this is not JSON {",
        "binary": bytes(range(256)),
        "wrong version": json.dumps(dict(good_content(name, game), meta={"1": {"schema": 99}})).encode(),
        "no version": json.dumps({k: v for k, v in good_content(name, game).items() if k != "meta"}).encode(),
        "a list": b"[1, 2, 3]",
        "a number": b"42",
        "table not a dict": json.dumps(valid_tinydb({"x": [1, 2]})).encode(),
        "record not a dict": json.dumps(valid_tinydb({"x": {"1": "text"}})).encode(),
        "record id not a number": json.dumps(valid_tinydb({"settings": {"first": {"lang": "de"}}})).encode(),
    }
    if name == "history.jsonl":  # the file as a whole: its header line is not Tabula's
        line = json.dumps({"add": a_play(game)}).encode() + b"\n"
        return {"empty": b"", "whitespace": b"  \n", "not json": b"this is not JSON {\n" + line,
                "binary": bytes(range(256)), "no header": line,
                "wrong version": b'{"format": "tabula-history", "version": 99}\n' + line,
                "a TinyDB file": good.encode(), "a list": b"[1, 2, 3]\n"}
    if name == "live":
        doc = game.to_json()
        variants["no session"] = json.dumps(valid_tinydb({})).encode()
        variants["game not a name"] = json.dumps(valid_tinydb({"session": {"1": dict(doc, game=["chess"])}})).encode()
        variants["no config"] = json.dumps(valid_tinydb({"session": {"1": {
            k: v for k, v in doc.items() if k != "config"}}})).encode()
        variants["cursor past the log"] = json.dumps(valid_tinydb({"session": {"1": dict(doc, cursor=99)}})).encode()
        variants["players not a list"] = json.dumps(valid_tinydb({"session": {"1": dict(
            doc, config={"players": "Anna", "start_player": 0})}})).encode()
    return variants


CASES = [(name, variant) for name in (*DATA_FILES, "history.json", "live")
         for variant in damage_variants(name, new_game())]


@pytest.mark.parametrize("name, variant", CASES, ids=[f"{n}-{v}" for n, v in CASES])
def test_a_damaged_file_is_moved_aside_and_the_app_goes_on(tmp_path, name, variant):
    game = new_game()
    play(game)
    good_game = new_game("20250101-090000-goodgo")
    good_game.record({"type": "end_round"})
    r = repo(tmp_path)
    r.save(good_game)  # a healthy game next to the damaged one is not affected
    content = damage_variants(name, game)[variant]
    target = tmp_path / "live" / f"{game.id}.json" if name == "live" else tmp_path / name
    if name == "history.json":  # an old history is read only where there is no history.jsonl yet
        (tmp_path / "history.jsonl").unlink()
    target.write_bytes(content)

    r = repo(tmp_path)  # must not raise

    aside = damaged_files(tmp_path)
    assert len(aside) == 1, aside
    assert aside[0].parent == target.parent
    assert aside[0].name.startswith(target.name + ".damaged-")
    assert aside[0].read_bytes() == content  # moved, not rewritten: nothing is thrown away
    assert len(r.notices) == 1
    notice = r.notices[0]
    assert isinstance(notice, Msg) and notice.key == "core.notice.damaged"
    assert notice.params["file"] == target.name and notice.params["aside"] == aside[0].name
    for lang in ("en", "de"):
        assert aside[0].name in notice.render(lang)

    # ...and goes on with an empty default
    assert r.game(good_game.id).state == good_game.state
    if name == "settings.json":
        assert r.settings() == {"lang": "en", "theme": "light"} and r.known_names() == []
    if name.startswith("history"):
        assert r.plays() == []
    if name == "boxdata.json":
        assert r.box_data("city-of-rome") == {}
    if name == "live":
        assert r.game(game.id) is None
        assert [s.id for s in r.live_games()] == [good_game.id]

    # The file works again: new data is written and read back, with no further notice.
    r.set_setting("lang", "de")
    r.remember_names(["Zoe"])
    r.set_box_data("city-of-rome", {"y": 2})
    r.finish(good_game, a_play(good_game))
    s3 = new_game("20250102-100000-cccccc")
    r.save(s3)
    r3 = repo(tmp_path)
    assert r3.notices == []
    assert damaged_files(tmp_path) == aside
    assert r3.settings()["lang"] == "de" and r3.known_names()[0] == "Zoe"
    assert r3.box_data("city-of-rome")["y"] == 2
    assert len(r3.plays()) == 1
    assert [s.id for s in r3.live_games()] == [s3.id]


def test_every_damaged_file_at_once(tmp_path):
    game = new_game()
    repo(tmp_path).save(game)
    for name in DATA_FILES:
        (tmp_path / name).write_text("{", encoding="utf-8")
    (tmp_path / "live" / f"{game.id}.json").write_text("", encoding="utf-8")
    r = repo(tmp_path)
    assert len(r.notices) == 4
    assert len(damaged_files(tmp_path)) == 4
    assert r.settings() == {"lang": "en", "theme": "light"}
    assert r.live_games() == [] and r.plays() == []


def test_two_damages_of_the_same_file_in_one_second_keep_both(tmp_path):
    repo(tmp_path)
    (tmp_path / "settings.json").write_text("first")
    repo(tmp_path)
    (tmp_path / "settings.json").write_text("second")
    repo(tmp_path)
    aside = damaged_files(tmp_path)
    assert sorted(p.read_text() for p in aside) == ["first", "second"]


# ------------------------------------------------------------------ SIGKILL in the middle of writes

CHILD = r"""
import sys
from pathlib import Path
from companion.core.game import Game, make_config
from companion.games import GAMES
from companion.games.city_of_rome import GAME
from companion.storage import Repository

data, sid = Path(sys.argv[1]), sys.argv[2]
repo = Repository(data, GAMES)
if repo.notices:
    print("NOTICE", repo.notices, flush=True)
    sys.exit(3)
game = repo.game(sid)
if game is None:
    colours = GAME.colours_for(3)
    config = make_config(GAME, [{"name": n, "colour": c} for n, c in zip(["Anna", "Ben", "Cleo"], colours)], 0)
    game = Game(id=sid, definition=GAME, config=config)
print("START", len(game.events), flush=True)
n = len(game.events)
while True:
    n += 1
    game.record({"type": "adjust", "player": n % 3, "counter": "money", "delta": 1})
    if n % 5 == 0:  # the other files are written in the middle of play too
        repo.remember_names([f"Name{n}"])
        repo.set_setting("theme", "dark" if n % 2 else "light")
        repo.set_box_data("city-of-rome", {"n": n})
    repo.save(game)
    print(len(game.events), flush=True)
"""


def run_and_kill(data: Path, sid: str, rng: random.Random) -> tuple[int, int]:
    """Start a writer, SIGKILL it at a random moment; return (entries at start, last acknowledged)."""
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(data), sid], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    started = threading.Event()

    def reader():
        for line in child.stdout:  # only complete lines: a line cut by the kill is not an acknowledgement
            if line.endswith("\n"):
                lines.append(line.strip())
                started.set()

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    try:
        assert started.wait(15), f"writer did not start: {child.stderr.read() if child.poll() is not None else ''}"
        time.sleep(rng.uniform(0.15, 0.9))
        assert child.poll() is None, f"writer stopped by itself: {lines[-3:]} {child.stderr.read()}"
        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)
        thread.join(10)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == -signal.SIGKILL
    assert lines[0].startswith("START"), lines[:3]
    acked = [int(x) for x in lines[1:]]
    return int(lines[0].split()[1]), (acked[-1] if acked else int(lines[0].split()[1]))


def check_directory(data: Path) -> None:
    for path in [data / n for n in DATA_FILES] + sorted((data / "live").glob("*.json")):
        assert path.exists(), path
        json.loads(path.read_text(encoding="utf-8"))  # every data file parses
    assert damaged_files(data) == []


def test_sigkill_during_writes_loses_no_acknowledged_entry(tmp_path, request):
    rng = random.Random(int(os.environ.get("KILL_SEED", "20250101")))
    data, sid = tmp_path / "data", "20250101-120000-k1ll9x"
    kills, previous, figures = 6, 0, []
    deadline = time.monotonic() + 25
    for _ in range(kills):
        start, acked = run_and_kill(data, sid, rng)
        assert start >= previous  # each run resumes with at least everything acknowledged before
        check_directory(data)
        r = repo(data)
        assert r.notices == []
        game = r.game(sid)
        assert game is not None
        saved = len(game.events)
        # every acknowledged entry is there; at most the one in flight when the kill came is extra
        assert acked <= saved <= acked + 1, (acked, saved)
        assert game.cursor == saved
        money = [p["counters"]["money"] for p in game.state["players"]]
        assert sum(money) == 15 + saved  # the replayed state is the log's
        figures.append((acked, saved))
        previous = saved
        assert time.monotonic() < deadline, "SIGKILL test is too slow"
    assert figures[-1][0] > 0
    leftovers = sorted(p.name for p in data.rglob("*.tmp"))
    request.node.user_properties.append(("sigkill", {"kills": kills, "figures": figures, "tmp_left": leftovers}))
    print(f"\nSIGKILL: {kills} kills, (acknowledged, saved) after each: {figures}; temp files left: {len(leftovers)}")


def test_a_game_whose_log_no_longer_replays_resumes_at_its_last_good_entry(tmp_path):
    """Not moved aside: the good entries stay, the rest is kept in the file, and Home says so."""
    game = new_game()
    game.record({"type": "adjust", "player": 0, "counter": "money", "delta": 2})
    doc = game.to_json()
    doc["events"].append({"type": "adjust", "player": 0, "counter": "money", "delta": -50})
    doc["cursor"] = 2
    r = repo(tmp_path)
    (tmp_path / "live" / f"{game.id}.json").write_text(json.dumps(valid_tinydb({"session": {"1": doc}})))
    r = repo(tmp_path)
    assert damaged_files(tmp_path) == []
    kept = r.game(game.id)
    assert kept.cursor == 1 and kept.state["players"][0]["counters"]["money"] == 7
    assert kept.set_aside == [{"event_schema": 2, "event": {"type": "adjust", "player": 0, "counter": "money",
                                                             "delta": -50}}]
    assert [n.key for n in r.notices] == ["core.notice.set_aside"]
    assert "1" in r.notices[0].render("en") and "Anna" in r.notices[0].render("de")
    r.save(kept)  # saved again, the entries set aside stay in the file and are not reported twice
    assert repo(tmp_path).notices == [] and repo(tmp_path).game(game.id).set_aside == kept.set_aside


# ------------------------------------------------------------------ the history file (history.jsonl)

from tinydb import TinyDB  # noqa: E402
from tinydb.table import Document  # noqa: E402

from companion.core import stats  # noqa: E402
from companion.storage.atomic import AtomicJSONStorage  # noqa: E402
from companion.storage.history import HEADER  # noqa: E402


def plays_of(r: Repository) -> list[dict]:
    return [{k: v for k, v in p.items() if k != "doc_id"} for p in r.plays()]


def history_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in (path / "history.jsonl").read_text().splitlines()]


def old_history(path: Path, plays: list[dict]) -> bytes:
    """history.json exactly as Tabula wrote it before history.jsonl: TinyDB through AtomicJSONStorage."""
    path.mkdir(parents=True, exist_ok=True)
    db = TinyDB(path / "history.json", storage=AtomicJSONStorage)
    db.table("meta").upsert(Document({"schema": SCHEMA_VERSION}, doc_id=1))
    for p in plays:
        db.table("plays").insert(p)
    return (path / "history.json").read_bytes()


def three_plays() -> list[dict]:
    s = new_game()
    s.created = 50.0
    return [a_play(s, finished=100.0 * i, total=10 + i, play_id=f"p{i}") for i in (1, 3, 2)]


def test_a_history_json_of_today_is_upgraded_once_and_kept_as_a_backup(tmp_path):
    s = new_game()
    confirmed_twice = a_play(s, finished=400.0, play_id="twice")
    written = old_history(tmp_path, three_plays() + [confirmed_twice, confirmed_twice])
    r = repo(tmp_path)
    assert r.notices == []
    assert [p["id"] for p in r.plays()] == ["twice", "p3", "p2", "p1"]  # newest first; the double counts once
    assert not (tmp_path / "history.json").exists()
    assert (tmp_path / "history.json.before-upgrade").read_bytes() == written  # kept as it was
    assert history_lines(tmp_path)[0] == HEADER
    assert [line["add"]["id"] for line in history_lines(tmp_path)[1:]] == ["p1", "p3", "p2", "twice"]
    again = repo(tmp_path)  # the second start reads history.jsonl only
    assert again.notices == [] and plays_of(again) == plays_of(r)
    assert (tmp_path / "history.json.before-upgrade").read_bytes() == written
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("history")) == [
        "history.json.before-upgrade", "history.jsonl"]


def test_an_upgrade_stopped_before_the_rename_is_finished_at_the_next_start(tmp_path):
    written = old_history(tmp_path, three_plays())
    repo(tmp_path)
    (tmp_path / "history.json.before-upgrade").rename(tmp_path / "history.json")  # as if killed before the rename
    r = repo(tmp_path)
    assert len(r.plays()) == 3 and r.notices == []
    assert not (tmp_path / "history.json").exists()
    assert (tmp_path / "history.json.before-upgrade").read_bytes() == written


def test_a_bad_play_in_an_old_history_json_is_set_aside_alone(tmp_path):
    bad = dict(three_plays()[0], id="bad")
    del bad["players"]
    old_history(tmp_path, three_plays() + [bad])
    r = repo(tmp_path)
    assert [p["id"] for p in r.plays()] == ["p3", "p2", "p1"]
    assert [n.key for n in r.notices] == ["core.notice.plays_set_aside"] and r.notices[0].params["count"] == 1
    aside = tmp_path / r.notices[0].params["aside"]
    assert json.loads(aside.read_text()) == {"record": "4", "play": bad}


def test_finishing_appends_one_line_and_rewrites_nothing(tmp_path):
    r = repo(tmp_path)
    r.add_plays(three_plays())
    before, inode = (tmp_path / "history.jsonl").read_bytes(), (tmp_path / "history.jsonl").stat().st_ino
    s = new_game("20250105-100000-ffffff")
    r.save(s)
    r.finish(s, a_play(s, finished=500.0))
    after = (tmp_path / "history.jsonl").read_bytes()
    assert after.startswith(before) and after[len(before):].count(b"\n") == 1
    assert (tmp_path / "history.jsonl").stat().st_ino == inode  # the same file, appended to
    assert json.loads(after[len(before):]) == {"add": a_play(s, finished=500.0)}
    assert repo(tmp_path).plays()[0]["id"] == s.id and (tmp_path / "history.jsonl").read_bytes() == after


def test_a_crash_between_the_two_writes_of_finish_cannot_confirm_a_play_twice(tmp_path):
    r = repo(tmp_path)
    s = new_game()
    r.save(s)
    r._history.add(a_play(s))  # the history is written, then the process dies before the game is discarded
    r2 = repo(tmp_path)
    assert r2.game(s.id) is not None and len(r2.plays()) == 1  # the game is back: the table confirms again
    r2.finish(r2.game(s.id), a_play(s, finished=1_700_000_999.0))
    assert len(r2.plays()) == 1 and r2.game(s.id) is None
    r3 = repo(tmp_path)
    assert [p["finished"] for p in r3.plays()] == [1_700_000_000.0] and r3.live_games() == []


def test_deletes_are_appended_and_compacted_at_the_next_start(tmp_path):
    r = repo(tmp_path)
    r.add_plays(three_plays())
    gone = r.delete_play(r.plays()[0]["doc_id"])  # p3, the newest
    assert history_lines(tmp_path)[-1] == {"delete": "p3"}
    assert r.restore_play(gone) and not r.restore_play(gone)  # back once; a second time adds nothing
    r.delete_play(r.play("p1")["doc_id"])
    assert [line.get("delete") or line.get("add", {}).get("id") for line in history_lines(tmp_path)[1:]] == [
        "p1", "p3", "p2", "p3", "p3", "p1"]
    r2 = repo(tmp_path)
    assert [p["id"] for p in r2.plays()] == ["p3", "p2"] and r2.notices == []
    assert history_lines(tmp_path) == [HEADER, {"add": three_plays()[2]}, {"add": gone}]  # compacted


def test_damaged_lines_are_set_aside_alone_and_home_says_so(tmp_path):
    good = [json.dumps({"add": p}).encode() for p in three_plays()]
    no_players = dict(three_plays()[0], id="np")
    del no_players["players"]
    bad = [b"this is not JSON", json.dumps({"add": no_players}).encode(), b"\xff\xfe", b'{"add": 1}',
           json.dumps({"add": dict(three_plays()[0], id="nan", finished=float("nan"))}).encode(), b"[1]"]
    content = b"\n".join([json.dumps(HEADER).encode(), good[0], bad[0], bad[1], good[1], bad[2], bad[3], bad[4],
                          bad[5], good[2]]) + b"\n"
    (tmp_path / "history.jsonl").write_bytes(content)
    r = repo(tmp_path)
    assert [p["id"] for p in r.plays()] == ["p3", "p2", "p1"]
    assert [n.key for n in r.notices] == ["core.notice.plays_set_aside"]
    notice = r.notices[0]
    assert notice.params["count"] == 6 and "6" in notice.render("de") and notice.params["aside"] in notice.render("en")
    assert (tmp_path / notice.params["aside"]).read_bytes() == b"\n".join(bad) + b"\n"  # as they were, byte for byte
    assert history_lines(tmp_path) == [HEADER] + [{"add": p} for p in three_plays()]
    assert repo(tmp_path).notices == []


@pytest.mark.parametrize("tail, kept", [(b'{"add": {"id": "p9", "ga', False), (None, True)])
def test_a_torn_last_line_is_set_aside_or_kept_whole(tmp_path, tail, kept):
    r = repo(tmp_path)
    r.add_plays(three_plays()[:2])
    last = json.dumps({"add": three_plays()[2]}).encode()
    with open(tmp_path / "history.jsonl", "ab") as f:
        f.write(tail if tail is not None else last)  # no newline: the append did not finish
    r = repo(tmp_path)
    assert len(r.plays()) == (3 if kept else 2)
    assert [n.key for n in r.notices] == ([] if kept else ["core.notice.plays_set_aside"])
    s = new_game("20250106-100000-eeeeee")
    r.finish(s, a_play(s))
    r2 = repo(tmp_path)
    assert len(r2.plays()) == (4 if kept else 3) and r2.notices == []


def test_an_import_is_one_write_and_one_fsync(tmp_path, monkeypatch):
    r = repo(tmp_path)
    s = new_game()
    plays = [a_play(s, finished=1000.0 + i, play_id=f"i{i}") for i in range(500)]
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    assert r.add_plays(plays + plays[:10]) == 500  # repeats count once
    assert len(synced) == 1
    assert r.add_plays(plays) == 0 and len(synced) == 1  # nothing new: nothing written
    assert len(repo(tmp_path).plays()) == 500


def test_a_failed_append_changes_neither_the_file_nor_the_history(tmp_path, monkeypatch):
    r = repo(tmp_path)
    r.add_plays(three_plays())
    before = (tmp_path / "history.jsonl").read_bytes()
    s = new_game()
    r.save(s)

    def disk_full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError):
        r.finish(s, a_play(s))
    monkeypatch.undo()
    assert (tmp_path / "history.jsonl").read_bytes() == before  # the partial line was taken back
    assert len(r.plays()) == 3 and r.game(s.id) is not None
    r.finish(s, a_play(s))
    r2 = repo(tmp_path)
    assert len(r2.plays()) == 4 and r2.notices == []


def tree_of(folder: Path) -> dict:
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None, p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*"))}


def test_read_only_reads_an_old_history_json_without_upgrading_it(tmp_path):
    old_history(tmp_path, three_plays())
    before = tree_of(tmp_path)
    r = Repository(tmp_path, GAMES, read_only=True)
    assert [p["id"] for p in r.plays()] == ["p3", "p2", "p1"] and r.notices == []
    assert tree_of(tmp_path) == before


def test_read_only_reports_damaged_lines_and_writes_nothing(tmp_path):
    r = repo(tmp_path)
    r.add_plays(three_plays())
    r.delete_play(r.play("p2")["doc_id"])
    with open(tmp_path / "history.jsonl", "ab") as f:
        f.write(b"garbage\n{\"add\": {\"id\": \"torn")
    before = tree_of(tmp_path)
    ro = Repository(tmp_path, GAMES, read_only=True)
    assert [p["id"] for p in ro.plays()] == ["p3", "p1"]
    assert [n.key for n in ro.notices] == ["core.notice.plays_damaged_kept"] and ro.notices[0].params["count"] == 2
    assert tree_of(tmp_path) == before


def test_games_and_names_kept_in_step_with_the_statistics(tmp_path):
    rng = random.Random(7)
    r = repo(tmp_path)
    names = ["Anna", "anna ", "Ben", "BEN", "Cleo", "Dora"]
    for step in range(300):
        if r.plays() and rng.random() < 0.3:
            r.delete_play(rng.choice(r.plays())["doc_id"])
        else:
            s = new_game(n=rng.choice([2, 3, 4]))
            p = a_play(s, finished=float(rng.randrange(50)), play_id=f"x{step}")
            p["game"] = rng.choice(["city-of-rome", "milestones", "carpe-diem"])
            for q in p["players"]:
                q["name"] = rng.choice(names) + str(rng.randrange(3))
            r.add_plays([p])
        plays = r.plays()
        assert plays == sorted(plays, key=lambda p: -p["finished"])
        assert r.games_played() == stats.games_played(plays)
        assert r.player_names() == stats.player_names(plays), step
    assert plays_of(repo(tmp_path)) == sorted(plays_of(r), key=lambda p: -p["finished"])


PLAY_SOURCE = """
def history_play(n):
    return {"id": f"play{n}", "game": "city-of-rome", "started": 1.0, "finished": float(n), "duration_s": 60,
            "start_player": "Anna", "winners": ["Anna"],
            "players": [{"name": "Anna", "total": n, "rank": 1, "categories": {"money": n}}]}
"""

HISTORY_CHILD = PLAY_SOURCE + r"""
import sys
from pathlib import Path
from companion.games import GAMES
from companion.storage import Repository

repo = Repository(Path(sys.argv[1]), GAMES)
if repo.notices:
    print("NOTICE", repo.notices, flush=True)
    sys.exit(3)
n = len(repo.plays())
print("START", n, flush=True)
while True:
    n += 1
    repo.add_plays([history_play(n)])
    print(n, flush=True)
"""


def test_sigkill_while_plays_are_appended_loses_no_confirmed_play(tmp_path):
    data = tmp_path / "data"
    rng = random.Random(11)
    for _ in range(4):
        child = subprocess.Popen([sys.executable, "-c", HISTORY_CHILD, str(data)], cwd=ROOT,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            first = child.stdout.readline()
            assert first.startswith("START"), (first, child.stderr.read() if child.poll() is not None else "")
            time.sleep(rng.uniform(0.1, 0.4))
            os.kill(child.pid, signal.SIGKILL)
            child.wait(10)
            acked = [int(line) for line in child.stdout.read().splitlines() if line.strip().isdigit()]
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
        r = repo(data)
        in_flight = (max(acked) if acked else int(first.split()[1])) + 1
        # The kernel can stop a write killed between two pages: the append in flight (never confirmed)
        # is then a torn last line, which is set aside and said. Nothing else may be.
        for notice in r.notices:
            assert notice.key == "core.notice.plays_set_aside" and notice.params["count"] == 1, notice
            torn = (data / notice.params["aside"]).read_bytes()
            assert history_line(in_flight).startswith(torn.rstrip(b"\n")), (torn, in_flight)
        ids = {p["id"] for p in r.plays()}
        assert {f"play{n}" for n in acked} <= ids  # every confirmed play is there
        assert len(ids) <= in_flight  # at most the one in flight more


def history_line(n: int) -> bytes:
    """The line the child appends for its play `n`."""
    from companion.storage.history import _line
    plays = {}
    exec(PLAY_SOURCE, plays)
    return _line({"add": plays["history_play"](n)})


def test_history_keeps_summaries_and_gives_the_whole_play_for_its_page(tmp_path):
    from tests.test_export import example_play
    whole = [example_play("carpe-diem-2p-district.json", 1), example_play("city-of-rome-rulebook.json", 2)]
    r = repo(tmp_path)
    r.add_plays(whole)
    for summary in r.plays():
        assert set(summary) <= {"id", "game", "started", "finished", "duration_s", "start_player", "start_seat",
                                "winners", "category_labels", "players", "doc_id"}
        assert all(set(p) <= {"name", "colour", "total", "rank", "categories"} for p in summary["players"])
        page = r.play(summary["id"])
        assert page["doc_id"] == summary["doc_id"]
        original = next(p for p in whole if p["id"] == summary["id"])
        assert {k: v for k, v in page.items() if k != "doc_id"} == original  # explanations, notes, board
        assert {k: v for k, v in summary.items() if k != "doc_id"} == {
            **{k: original[k] for k in summary if k not in ("players", "doc_id")},
            "players": [{k: p[k] for k in ("name", "colour", "total", "rank", "categories")}
                        for p in original["players"]]}
    assert repo(tmp_path).whole_plays() == sorted(whole, key=lambda p: -p["finished"])
    assert r.play("nope") is None


def test_players_keep_their_colour_from_game_to_game(tmp_path):
    from companion.ui.screens.new_game import seat_colours
    r = repo(tmp_path)
    r.remember_names(["Anna", "Ben"], ["white", "red"])
    r.remember_names(["ben", "Cleo"], ["blue", "red"])  # Ben played blue last; names in any case
    assert repo(tmp_path).known_colours() == {"anna": "white", "ben": "blue", "cleo": "red"}
    allowed = ["red", "blue", "white", "yellow"]
    # Ben and Anna sit down again: their last colours; a newcomer takes the first free one in box order.
    assert seat_colours(3, allowed, {}, ["blue", "white", None]) == ["blue", "white", "red"]
    # A colour picked by hand wins, and a game without a player's colour gives them a free one.
    assert seat_colours(2, allowed, {1: "blue"}, ["blue", None]) == ["red", "blue"]
    assert seat_colours(2, ["green", "black"], {}, ["blue", "white"]) == ["green", "black"]

"""Writes this folder's saved games as the app wrote them just before each game had its own event schema
(one schema, 2, for every game; set-aside entries saved bare, in the form they were saved in). Run once
with the code of that commit (77e44c9), checked out as its own worktree (never the current tree):

    git worktree add /tmp/schema2tree 77e44c9
    PYTHONPATH=/tmp/schema2tree .venv/bin/python tests/data/event-schema-2/make_fixtures.py tests/data/event-schema-2

Each game is one of tests/data/event-schema-1 as that code loaded it (its entries upgraded to schema 2,
ids given), played on a little: the Castles game gets an entry that no longer replays at its end (kept
aside bare, in its schema-1 form, under event_schema 2: the case per-game versions fix), the City of Rome
game is in final scoring with a board edited and one board entered. `<game>.json` is the live file as
saved, `<game>.state.json` what it replays to (see tests/data/event-schema-1/make_fixtures.py).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

from companion.core.game import Game
from companion.core.table import TableHub
from companion.games import GAMES
from companion.storage.repository import Repository

SCHEMA_1 = Path(__file__).resolve().parent.parent / "event-schema-1"
GAME_IDS = ("castles-of-tuscany", "milestones", "carpe-diem", "city-of-rome")


def rendered(state: dict) -> dict:
    return {"state": {k: v for k, v in state.items() if k != "log"}, "log": state["log"]}


def main(out: Path) -> None:
    import companion
    assert "schema2tree" in companion.__file__ or "--any-tree" in sys.argv, companion.__file__  # never today's code
    data = Path(tempfile.mkdtemp()) / "data"
    (data / "live").mkdir(parents=True)
    shutil.copyfile(SCHEMA_1 / "boxdata.json", data / "boxdata.json")
    shutil.copyfile(SCHEMA_1 / "boxdata.json", out / "boxdata.json")
    for game_id in GAME_IDS:
        sid = json.loads((SCHEMA_1 / f"{game_id}.json").read_text(encoding="utf-8"))["session"]["1"]["id"]
        shutil.copyfile(SCHEMA_1 / f"{game_id}.json", data / "live" / f"{sid}.json")
    repo = Repository(data, GAMES)
    hub = TableHub(repo)
    ids = {s.definition.id: s.id for s in repo.live_games()}
    for game_id, sid in ids.items():
        repo.save(repo.game(sid))  # as schema 2, with entry ids
    # Castles: an entry that no longer replays is kept aside in the form it was saved in (schema 1).
    path = data / "live" / f"{ids['castles-of-tuscany']}.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    game = doc["session"]["1"]
    game["events"] = game["events"][:game["cursor"]] + [
        {"type": "colour_bonus", "player": 1, "value": 99}, {"type": "end_round"}]
    game["entry_ids"] = game["entry_ids"][:game["cursor"]] + ["x1", "x2"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    repo = Repository(data, GAMES)
    hub = TableHub(repo)
    repo.save(repo.game(ids["castles-of-tuscany"]))
    # City of Rome: final scoring begun, Anna's money changed, her board entered.
    rome = ids["city-of-rome"]
    hub.apply(rome, {"type": "stage", "stage": "scoring"})
    hub.apply(rome, {"type": "board_add", "player": 0, "path": ["money"], "delta": 3, "maximum": 999})
    hub.apply(rome, {"type": "board_done", "player": 0, "done": True})
    for game_id, sid in ids.items():
        saved = repo.game(sid)
        shutil.copyfile(data / "live" / f"{sid}.json", out / f"{game_id}.json")
        everything = Game(saved.id, saved.definition, saved.config, list(saved.events), len(saved.events))
        expected = {"cursor": saved.cursor, "events": saved.events, "entry_ids": saved.entry_ids,
                    "set_aside": saved.set_aside, "board": saved.board, "board_done": saved.board_done,
                    "stage": saved.stage, "at_cursor": rendered(saved.state), "all_redone": rendered(everything.state)}
        (out / f"{game_id}.state.json").write_text(json.dumps(expected, ensure_ascii=False, indent=1) + "\n",
                                                   encoding="utf-8")
    shutil.rmtree(data.parent)


if __name__ == "__main__":
    main(Path(sys.argv[1]))

"""Games saved before entries named their choices (event schema 1) resume after the change.

`tests/data/event-schema-1/` holds one live file per game as the code of commit c573f15 saved it
(recorded entry by entry through `Repository`, with undo and entries left undone; see its
make_fixtures.py) and the state that code replayed it to. Loaded by today's code from a copy of a
data folder, each game upgrades its entries, replays to exactly that state, and every entry is in
the named form; saved again, it is a schema-2 file that loads to the same state.
"""

import json
import shutil
from pathlib import Path

import pytest

from companion.core.game import Game
from companion.games import GAMES
from companion.games.carpe_diem.tracker import resolved
from companion.storage.repository import Repository

DATA = Path(__file__).parent / "data" / "event-schema-1"
# Kept since both fixtures were written: City of Rome's action strip and the builders that have acted
# (who is on turn; test_city_of_rome_turns.py checks an old game resumes with the round's turns ahead).
ROME_TURNS = {"strip", "acted"}
ADDED_SINCE_SCHEMA_2 = {"city-of-rome": ROME_TURNS, "carpe-diem": {"turn"}, "castles-of-tuscany": {"turn"}}
# The games that have a game saved by an earlier version here (a game of later date has none to resume).
GAME_IDS = tuple(sorted(p.name.removesuffix(".state.json") for p in DATA.glob("*.state.json")))

# Every entry in the named form: the keys each kind of entry carries (besides "type"), per game.
NAMED = {
    "castles-of-tuscany": {
        "bonus_tile": {"player", "bonus"}, "region": {"player", "fields"}, "agriculture": {"player", "kinds"},
        # a tile placed before the tracker took it off storage itself (Castles' event schema 3)
        "colour_bonus": {"player", "colour"}, "tile_effect": {"player", "tile", "storage_by_hand"},
        "yield_red": {"player", "points"},
        "yield_green": {"player", "points"}, "yield_goods": {"player", "goods"}, "box_value": {"key", "value"},
        "end_round": set(), "end_extra_cycle": set()},
    "milestones": {
        "road": {"player", "number"}, "market": {"player", "number"}, "house": {"player", "points"},
        "flour": {"player", "points"}, "bonus_produced": {"player", "workers"},
        # a tile taken before a bonus tile needed a worker field without one (Milestones' event schema 3)
        "bonus_taken": {"player", "before_bound"},
        "buy_worker": {"player"}, "castle": {"keep"}, "end_turn": set()},
    "carpe-diem": {
        "set_card": {"space", "card"}, "end_round": set(), "banderole": {"player", "steps"},
        "score_circle": {"player", "circle", "order", "bread", "sets"},
        **{f"complete_{k}": {"player", "tiles"} for k in ("vineyard", "garden", "chicken_yard", "pond")},
        **{k: {"player"} for k in ("complete_merchant", "complete_baker", "complete_administrator",
                                   "complete_craftsman", "place_market", "place_bakery", "place_fountain",
                                   "banderole_space")}},
    "city-of-rome": {"end_round": set()},
}
# A Carpe Diem scoring names the wares its coins stood in for ("coins_for") when coins paid for any.
OPTIONAL = {("carpe-diem", "score_circle"): {"owned", "coins_for"}, ("milestones", "castle"): {"keep", "player"}}
STRINGS = {"bonus", "colour", "tile", "goods"}  # kinds and colours by their string ids


def fixture(game_id):
    doc = json.loads((DATA / f"{game_id}.json").read_text(encoding="utf-8"))["session"]["1"]
    expected = json.loads((DATA / f"{game_id}.state.json").read_text(encoding="utf-8"))
    return doc, expected


def loaded(tmp_path, game_id):
    """A data folder holding the saved game (and the box data it was played with), opened as the app does."""
    doc, _ = fixture(game_id)
    (tmp_path / "live").mkdir()
    shutil.copyfile(DATA / f"{game_id}.json", tmp_path / "live" / f"{doc['id']}.json")
    shutil.copyfile(DATA / "boxdata.json", tmp_path / "boxdata.json")
    repo = Repository(tmp_path, GAMES)
    return repo, repo.game(doc["id"])


# What the trackers keep since the fixtures were written (each game's own tests check these values):
# Milestones counts the pieces built, which the box limits, and the worker fields a player can have
# (which a bonus tile needs); City of Rome keeps the last influence scoring's outcome, to announce it,
# the cities as built, and the round's action strip (who is on turn); Castles of Tuscany the seat on turn.
# Carpe Diem follows the turns (a game saved before recorded no Next: each round is its start player's).
ADDED_SINCE = {"milestones": {"built", "worker_fields"},
               "city-of-rome": {"last_scoring", "cities", "buildings_built", "replaced", *ROME_TURNS},
               "carpe-diem": {"turn"}, "castles-of-tuscany": {"turn"}}


def turn_kept(state, game_id):
    """A game saved before turns were followed: the start player's turn while a phase is played (no Next
    was recorded), nobody's in a scoring period (the banderole bar says who scores) and after the end."""
    if game_id == "carpe-diem":
        assert state["turn"] == (state["start_player"] if state["stage"] == "play" else None)


def rendered(state, game_id):
    """A state as the fixture keeps it: the parts the code of then had, and the log as messages (key
    and parameters: a message's wording may change since, not what it says)."""
    assert ADDED_SINCE.get(game_id, set()) <= set(state)
    turn_kept(state, game_id)
    return {"state": {k: v for k, v in state.items() if k != "log" and k not in ADDED_SINCE.get(game_id, ())},
            "log": json.loads(json.dumps(state["log"]))}


def kept(expected):
    return {"state": expected["state"], "log": expected["log"]}


def check_named(game_id, event):
    kind = event["type"]
    keys = set(event) - {"type"}
    if kind == "adjust":
        assert keys == {"player", "counter", "delta"}, event
        return
    assert kind in NAMED[game_id], event
    required = NAMED[game_id][kind] - OPTIONAL.get((game_id, kind), set())
    assert required <= keys <= NAMED[game_id][kind] | OPTIONAL.get((game_id, kind), set()), event
    assert "value" not in keys or kind == "box_value", event
    for key in STRINGS & keys:
        assert isinstance(event[key], str), event
    if (game_id, kind) == ("carpe-diem", "score_circle"):
        assert resolved(event), event  # the advisor's choice as it was made, not left to a later replay
    if (game_id, kind) == ("milestones", "castle") and "keep" in event:
        assert isinstance(event["keep"], dict), event


def test_the_fixtures_are_of_event_schema_1():
    """What the test below upgrades: files without an event schema, entries with positions."""
    values = 0
    for game_id in GAME_IDS:
        doc, expected = fixture(game_id)
        assert "event_schema" not in doc
        assert doc["cursor"] < len(doc["events"]) == expected["events"]  # some entries left undone
        values += sum("value" in e and e["type"] != "box_value" for e in doc["events"])
    assert values > 30


# A Carpe Diem scoring that schema 1 left to the advisor is resolved by its move's upgrade from schema 1
# (`definition.upgrade(event, 1, state, config)`) with the tracker state just before it: Game.from_json upgrades entry by entry while replaying.
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_saved_before_named_events_resumes(tmp_path, game_id):
    doc, expected = fixture(game_id)
    repo, game = loaded(tmp_path, game_id)
    assert repo.notices == [] and game is not None
    assert not game.set_aside  # every entry replays
    assert (game.cursor, len(game.events)) == (expected["cursor"], expected["events"])
    assert rendered(game.state, game_id) == kept(expected["at_cursor"])
    for event in game.events:  # the undone ones too: redo brings them back
        check_named(game_id, event)
    everything = Game(game.id, game.definition, game.config, list(game.events), len(game.events))
    assert rendered(everything.state, game_id) == kept(expected["all_redone"])

    # Saved again it is a file of today's schema, which loads to the same game without an upgrade.
    repo.save(game)
    saved = json.loads((tmp_path / "live" / f"{doc['id']}.json").read_text(encoding="utf-8"))["session"]["1"]
    assert saved["event_schema"] == game.definition.rules.event_schema >= 2
    again = Repository(tmp_path, GAMES).game(doc["id"])
    assert again.events == game.events and rendered(again.state, game_id) == kept(expected["at_cursor"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_upgraded_with_the_state_before_each_entry(game_id):
    """The upgrade as a replay does it: each entry upgraded with the state it is then applied to
    (Carpe Diem's scorings left to the advisor need that state)."""
    doc, expected = fixture(game_id)
    definition = GAMES[game_id]
    state, events = definition.rules.initial_state(doc["config"]), []
    for old in doc["events"]:
        event = definition.upgrade(old, 1, state, doc["config"])
        check_named(game_id, event)
        definition.apply_in_place(state, event, doc["config"])
        events.append(event)
    assert rendered(state, game_id) == kept(expected["all_redone"])
    at_cursor = Game(doc["id"], definition, doc["config"], events, doc["cursor"])
    assert rendered(at_cursor.state, game_id) == kept(expected["at_cursor"])


# ---------------------------------------------------------------- files of one schema for every game

SCHEMA_2 = Path(__file__).parent / "data" / "event-schema-2"


def whole(state, game_id):
    """A state as these fixtures keep it: everything the code of then had, the log as messages."""
    turn_kept(state, game_id)
    added = ADDED_SINCE_SCHEMA_2.get(game_id, set())
    assert added <= set(state)
    return json.loads(json.dumps({"state": {k: v for k, v in state.items() if k != "log" and k not in added},
                                  "log": state["log"]}))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_saved_before_each_game_had_its_own_event_schema_resumes_exactly(tmp_path, game_id):
    """tests/data/event-schema-2: files as the app wrote them when one event schema (2) held for every
    game (see its make_fixtures.py). They resume exactly: the same entries and ids, cursor, stage, end
    board and boards entered, the same state; entries set aside then (bare, in the form they were saved
    in) are kept, with no version known."""
    doc = json.loads((SCHEMA_2 / f"{game_id}.json").read_text(encoding="utf-8"))["session"]["1"]
    expected = json.loads((SCHEMA_2 / f"{game_id}.state.json").read_text(encoding="utf-8"))
    (tmp_path / "live").mkdir()
    shutil.copyfile(SCHEMA_2 / f"{game_id}.json", tmp_path / "live" / f"{doc['id']}.json")
    shutil.copyfile(SCHEMA_2 / "boxdata.json", tmp_path / "boxdata.json")
    repo = Repository(tmp_path, GAMES)
    game = repo.game(doc["id"])
    assert repo.notices == [] and game is not None
    # each entry as the game upgrades one of its schema 2 (Milestones, now at 3, marks its old bonus tiles;
    # Castles, at 3, its tiles placed)
    definition, state, events = GAMES[game_id], GAMES[game_id].rules.initial_state(doc["config"]), []
    for event in expected["events"]:
        events.append(definition.upgrade(event, 2, state, doc["config"]))
        definition.apply_in_place(state, events[-1], doc["config"])
    assert (game.events, game.entry_ids, game.cursor) == (events, expected["entry_ids"], expected["cursor"])
    assert (game.stage, game.board, game.board_done) == (expected["stage"], expected["board"],
                                                                 expected["board_done"])
    assert game.set_aside == [{"event_schema": None, "event": e} for e in expected["set_aside"]]
    assert whole(game.state, game_id) == expected["at_cursor"]
    everything = Game(game.id, game.definition, game.config, list(game.events), len(game.events))
    assert whole(everything.state, game_id) == expected["all_redone"]
    repo.save(game)  # saved again under the game's own schema, it loads to the same game
    again = Repository(tmp_path, GAMES).game(doc["id"])
    assert again.events == game.events and again.set_aside == game.set_aside
    assert whole(again.state, game_id) == expected["at_cursor"]


def test_the_schema_2_fixtures_hold_what_they_are_for():
    castles = json.loads((SCHEMA_2 / "castles-of-tuscany.json").read_text(encoding="utf-8"))["session"]["1"]
    assert castles["event_schema"] == 2 and castles["set_aside"][0] == {"type": "colour_bonus", "player": 1,
                                                                        "value": 99}  # schema-1 form
    rome = json.loads((SCHEMA_2 / "city-of-rome.json").read_text(encoding="utf-8"))["session"]["1"]
    assert rome["stage"] == "scoring" and rome["board_done"] == [0] and rome["board"] is not None
    assert all(len(json.loads((SCHEMA_2 / f"{g}.json").read_text(encoding="utf-8"))["session"]["1"]["entry_ids"]) > 0
               for g in GAME_IDS)

"""A game is one registry entry: a made-up fifth game defined under tests/ only (tests/fifth_game) is
registered by one call and then works in the engine, the storage, the command line, the app's screen
lookups, the board-path messages and the random end states; unknown ids say what is known."""

from __future__ import annotations

import dataclasses

import importlib.util
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import score_data
from companion.core.board import read_fields
from companion.core.definition import BoardStateError, GameDefinition
from companion.core.plays import make_play
from companion.core.game import Game, make_config
from companion.core.table import TableHub
from companion.core.text import Msg
from companion.games import BUILT_IN, GAMES, UnknownGame, definition, register, unregister
from companion.storage import Repository
from companion.ui import games as ui_games
from companion.core.moves import added
from companion.core.where import where
from companion.ui.boards.generic import GenericBoard, typed_value, value_of
from tests import fifth_game
from tests.fifth_game import GAME, GAME_ID

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = [{"name": "Anna", "colour": "yellow"}, {"name": "Ben", "colour": "black"}, {"name": "Cleo", "colour": "white"}]


@pytest.fixture
def honey():
    fifth_game.register()
    yield GAME
    fifth_game.unregister()


def test_an_unknown_game_id_names_the_known_ones():
    with pytest.raises(UnknownGame) as raised:
        definition("chess")
    assert str(raised.value) == f"unknown game 'chess'; known: {', '.join(GAMES)}"
    with pytest.raises(UnknownGame, match="unknown game 'chess'; known: city-of-rome"):
        ui_games.game_ui("chess")
    with pytest.raises(UnknownGame, match=r"unknown game \['x'\]"):  # not even a string: still one plain line
        definition(["x"])


def test_the_game_is_known_only_while_registered(honey):
    assert definition(GAME_ID) is GAME and GAME_ID in GAMES
    fifth_game.unregister()
    with pytest.raises(UnknownGame):
        ui_games.game_ui(GAME_ID)
    fifth_game.register()  # for the fixture's unregister


def test_a_game_brings_its_screens_and_one_without_gets_the_generic_editor(honey):
    from tests.fifth_game.ui import HoneyBoard, HoneyPanel
    assert ui_games.game_ui(GAME_ID).board_editor is HoneyBoard and ui_games.game_ui(GAME_ID).panel is HoneyPanel
    plain = dataclasses.replace(GAME, id="plain-honey", show=dataclasses.replace(GAME.show, ui=None))
    register(plain)
    try:
        assert ui_games.game_ui("plain-honey").board_editor is GenericBoard
        assert ui_games.game_ui("plain-honey").panel is None
    finally:
        unregister("plain-honey")
    for built_in in BUILT_IN:  # each of the app's games keeps the editor laid out like its board
        assert ui_games.game_ui(built_in).board_editor is not GenericBoard
    # Carpe Diem draws its rewards in a player's sheet itself (a landscape's size one tap)
    assert ui_games.game_ui("carpe-diem").sheet_actions is not None
    assert ui_games.game_ui("milestones").sheet_actions is None
    assert not ui_games.game_ui("milestones").panel_offers_game_actions


def test_registering_refuses_what_cannot_work():
    bare = GameDefinition("bare", GAME.name, GAME.min_players, GAME.max_players, GAME.rules,
                          dataclasses.replace(GAME.end, board_fields=()))
    with pytest.raises(ValueError, match="neither an end-scoring editor .* nor board_fields"):
        register(bare)
    assert "bare" not in GAMES
    with pytest.raises(ValueError, match="another game is registered as 'milestones'"):
        register(dataclasses.replace(bare, id="milestones", end=GAME.end))
    assert GAMES["milestones"].name == Msg("milestones.name")
    with pytest.raises(ValueError, match="one of the app's own games"):
        unregister("city-of-rome")
    with pytest.raises(ValueError, match="two moves are named 'harvest'"):
        dataclasses.replace(GAME, rules=dataclasses.replace(GAME.rules, moves=GAME.rules.moves + tuple(
            m for m in GAME.rules.moves if m.name == "harvest")))


def test_adding_the_game_took_only_its_package_its_texts_and_its_registration():
    """Everything Honey Harvest brings is in its own folder: its definition and rules, its screens and
    its texts; the app's code names it nowhere (it is registered by TABULA_PLUGINS, or `register()`)."""
    package = ROOT / "tests" / "fifth_game"
    files = sorted(p.relative_to(package).as_posix() for p in package.rglob("*") if p.is_file()
                   and "__pycache__" not in p.parts)
    assert files == ["__init__.py", "i18n/de/honey-harvest.json", "i18n/en/honey-harvest.json", "ui.py"]
    for path in (ROOT / "companion").rglob("*"):
        if path.is_file() and path.suffix in (".py", ".json"):
            text = path.read_text(encoding="utf-8").casefold()
            assert "honey" not in text and "fifth_game" not in text, path


def test_the_made_up_game_plays_through_setup_tracker_scoring_and_history(honey, tmp_path):
    repo = Repository(tmp_path, GAMES)
    hub = TableHub(repo)
    config = make_config(GAME, PLAYERS, 1)
    game = Game("honey-1", GAME, config)
    repo.save(game)
    steps = GAME.rules.setup_checklist(config)
    assert [s.text.render("en") for s in steps][-1] == "Ben starts."
    hub.apply(game.id, *[{"type": "setup_tick", "step": s.id, "done": True} for s in steps],
                 {"type": "stage", "stage": "play"})
    hub.apply(game.id, {"type": "adjust", "player": 0, "counter": "honey", "delta": 5})
    hub.apply(game.id, {"type": "adjust", "player": 2, "counter": "honey", "delta": 7})
    hub.apply(game.id, {"type": "undo", "entry": hub.game(game.id).last_entry})
    state = hub.game(game.id).state
    assert [p["counters"]["honey"] for p in state["players"]] == [5, 0, 0]
    assert not GAME.rules.is_finished(state, config) and GAME.rules.player_on_turn(state, config) == 1  # the start player begins
    assert GAME.rules.start_player_now(state, config) == 1  # the default: the start player chosen at the start
    # Turns go clockwise from the start player: Next player is an entry like any other, undone the same way.
    hub.apply(game.id, {"type": "next_player"}, {"type": "next_player"})
    assert GAME.rules.player_on_turn(hub.game(game.id).state, config) == 0  # Ben, Cleo, then Anna
    hub.apply(game.id, {"type": "undo", "entry": hub.game(game.id).last_entry})
    assert GAME.rules.player_on_turn(hub.game(game.id).state, config) == 2
    hub.apply(game.id, {"type": "set_turn", "player": 0})  # the table decides otherwise
    assert GAME.rules.player_on_turn(hub.game(game.id).state, config) == 0
    assert GAME.actions(hub.game(game.id).state, config)[0].label.render("en") == "Next: Ben"
    for _ in range(3):
        hub.apply(game.id, {"type": "end_round"})
    state = hub.game(game.id).state
    assert GAME.rules.is_finished(state, config) and GAME.rules.status(state, config)[0].render("de").startswith("Die Ernte ist vorbei")
    board = GAME.end.board_from_tracker(state, config)
    assert [p["honey"] for p in board["players"]] == [5, 0, 0]
    # Anna 5 + 2x2 = 9, Ben 9 with 1 jar more: the tie-breaker decides
    board["players"][0].update(flowers=2, jars=3)
    board["players"][1].update(honey=9, jars=4)
    sheet = GAME.end.score(GAME.end.parse_board_state(board), {})
    assert [(p.name, p.total, p.rank) for p in sheet.players] == [("Anna", 9, 2), ("Ben", 9, 1), ("Cleo", 0, 3)]
    assert sheet.players[1].tiebreak_note.render("en") == "4 full jars"
    play_id = hub.finish(game.id, lambda latest: make_play(latest, sheet, board))
    assert [p["id"] for p in Repository(tmp_path, GAMES, read_only=True).plays()] == [play_id]


def test_every_text_of_the_made_up_game_is_in_its_catalogue(honey):
    """The game's own texts come from its own folder (tests/fifth_game/i18n), in both languages."""
    en = json.loads((fifth_game.CATALOGUES / "en" / f"{GAME_ID}.json").read_text(encoding="utf-8"))
    de = json.loads((fifth_game.CATALOGUES / "de" / f"{GAME_ID}.json").read_text(encoding="utf-8"))
    assert set(en) == set(de)
    config = make_config(GAME, PLAYERS, 0)
    state = GAME.rules.initial_state(config)
    board = fifth_game.random_board(random.Random(1), 3)[0]
    sheet = GAME.end.score(GAME.end.parse_board_state(board))
    msgs = [GAME.name, *[s.text for s in GAME.rules.setup_checklist(config)], *[c.label for c in GAME.rules.counters],
            *[a.label for a in GAME.actions(state, config)], *GAME.rules.status(state, config),
            *[f.label for f in GAME.end.board_fields], *[f.help for f in GAME.end.board_fields if f.help],
            *sheet.category_labels.values(), *sheet.notes,
            *[c.explanation for p in sheet.players for c in p.categories], sheet.players[0].tiebreak_note]
    for lang in ("en", "de"):
        for msg in msgs:
            assert GAME_ID not in msg.render(lang), msg  # a key missing from the catalogue shows itself


def test_board_problems_name_the_declared_field(honey):
    names = ["Anna", "Ben"]
    board = {"game": GAME_ID, "players": [{"name": "Anna", "honey": 3, "flowers": 1, "jars": 0},
                                          {"name": "Ben", "honey": 3, "flowers": 13, "jars": 0}]}
    with pytest.raises(BoardStateError) as raised:
        GAME.end.parse_board_state(board)
    assert raised.value.field == "$.players[1].flowers"
    assert where("en", GAME, raised.value.field, names) == "Ben's flower cards"
    assert where("de", GAMES[GAME_ID], raised.value.field, names).endswith("Blumenkarten")
    with pytest.raises(BoardStateError, match="unknown_field"):
        read_fields({"name": "Anna", "honey": 1, "flowers": 0, "jars": 0, "bees": 2}, "$.players[0]",
                    GAME.end.board_fields)


def test_the_generic_editor_keeps_each_number_within_its_field():
    honey_field, flowers, jars = GAME.end.board_fields
    assert value_of({"name": "Anna"}, flowers) == 0  # not entered yet: its lowest value
    assert value_of({"flowers": True}, flowers) == 0
    def stepped(value, delta, field):  # what the editor's -/+ asks the hub to do (board_add with its bounds)
        return added(value, delta, field.minimum, field.maximum)
    assert stepped(0, -1, flowers) == 0 and stepped(11, 1, flowers) == 12 and stepped(12, 1, flowers) == 12
    assert stepped(40, 5, honey_field) == 45  # no upper bound
    assert typed_value(" 57 ", honey_field) == (57, None)
    assert typed_value("5a", honey_field) == (None, ("ui.board.not_a_number", {"value": "5a"}))
    assert typed_value("²", honey_field)[0] is None
    assert typed_value("-3", honey_field) == (None, ("ui.board.at_least", {"minimum": 0}))
    assert typed_value("11", jars) == (None, ("ui.board.at_most", {"maximum": 10}))


def _bench_states():
    spec = importlib.util.spec_from_file_location("bench_states_registry", ROOT / "bench" / "states.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_random_end_states_for_a_game_that_brings_a_generator(honey):
    states = _bench_states()
    assert GAME_ID in states.drawable()  # the fuzz tests and benchmarks cover every game that brings one ...
    for seed in range(30):
        data = states.valid_state(GAME_ID, random.Random(seed))
        sheet = score_data(data, states.box_for(GAME_ID))
        assert [p.total for p in sheet.players] == [
            p["honey"] + 2 * p["flowers"] + sum(h["frames"] for h in p["hives"] if h["queen"]) for p in data["players"]]
    assert len(states.four_player_end_state(GAME_ID)["players"]) == 4
    plain = dataclasses.replace(GAME, id="plain-honey", end=dataclasses.replace(GAME.end, random_board=None))
    register(plain)
    try:  # ... and leave out one that does not
        assert "plain-honey" not in states.drawable()
        with pytest.raises(LookupError, match="no random end states for 'plain-honey'"):
            states.random_state("plain-honey", random.Random(0))
    finally:
        unregister("plain-honey")


def test_the_command_line_takes_a_game_named_in_tabula_plugins(tmp_path):
    env = dict(os.environ, TABULA_PLUGINS="tests.fifth_game")
    listed = subprocess.run([sys.executable, "-m", "companion", "games", "--json"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0, listed.stderr
    assert {"id": GAME_ID, "name": "Honey Harvest", "min_players": 2, "max_players": 4} in json.loads(listed.stdout)
    board = tmp_path / "honey.json"
    board.write_text(json.dumps(fifth_game.random_board(random.Random(2), 2)[0]), encoding="utf-8")
    scored = subprocess.run([sys.executable, "-m", "companion", "score", str(board), "--lang", "de"], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=60)
    assert scored.returncode == 0 and "Honigernte" in scored.stdout, scored.stderr
    env["TABULA_PLUGINS"] = "tests.no_such_game"
    missing = subprocess.run([sys.executable, "-m", "companion", "games"], cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=60)
    assert missing.returncode == 2 and missing.stderr.strip() == \
        "error: TABULA_PLUGINS: No module named 'tests.no_such_game'"


def test_the_score_sheet_has_a_row_per_round_with_what_each_player_made_in_it(honey):
    """Honey Harvest keeps honey per round: the sheet adds up, row by row, to the scores now; an entry
    counts in the round it was made in (End round's own row)."""
    from companion.core.score_sheet import score_sheet
    config = make_config(GAME, PLAYERS, 0)
    game = Game("honey-sheet", GAME, config)
    for event in ({"type": "adjust", "player": 0, "counter": "honey", "delta": 5},
                  {"type": "harvest", "player": 1},  # 2 bees: 2 honey
                  {"type": "end_round"},
                  {"type": "adjust", "player": 2, "counter": "honey", "delta": 3},
                  {"type": "adjust", "player": 0, "counter": "honey", "delta": -1},
                  {"type": "end_round"}):
        game.record(event)
    sheet = score_sheet(game)
    assert [row.label.render("en") for row in sheet.rows] == ["Round 1 of 3", "Round 2 of 3", "Round 3 of 3"]
    assert [row.points for row in sheet.rows] == [(5, 2, 0), (-1, 0, 3), (0, 0, 0)]
    assert sheet.totals == (4, 2, 3) and sheet.label.render("en") == "Honey"
    assert [GAME.standing_of(game.state, config, s).score for s in range(3)] == list(sheet.totals)
    game.undo()  # the sheet follows the entries as they stand
    assert [row.label.render("en") for row in score_sheet(game).rows] == ["Round 1 of 3", "Round 2 of 3"]


def test_a_game_without_its_own_standing_shows_its_first_counters(honey):
    standing = GAME.standing_of(GAME.rules.initial_state(make_config(GAME, PLAYERS, 0)), make_config(GAME, PLAYERS, 0), 1)
    assert (standing.score, standing.counter, standing.label.render("en")) == (0, "honey", "Honey")
    assert [(label.render("en"), value) for label, value in standing.numbers] == [("Bees", 2)]


def test_the_fifth_game_is_a_template_a_copy_of_it_is_a_game(tmp_path):
    """Copied into a package of another name, with another id, the made-up game is a game of its own: no
    import names the tests' folder, so copying it is how a sixth game starts. The copy goes through the
    registry's checks, the command line and random end states scored as the fuzz tests score them."""
    import shutil

    copy = tmp_path / "bee_copy"
    shutil.copytree(ROOT / "tests" / "fifth_game", copy, ignore=shutil.ignore_patterns("__pycache__"))
    init = copy / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8").replace(f'GAME_ID = "{GAME_ID}"', 'GAME_ID = "bee-copy"'),
                    encoding="utf-8")
    for catalogue in list((copy / "i18n").rglob("*.json")):  # its texts under its own id
        text = catalogue.read_text(encoding="utf-8").replace(f'"{GAME_ID}.', '"bee-copy.')
        catalogue.unlink()
        catalogue.with_name(catalogue.name.replace(GAME_ID, "bee-copy")).write_text(text, encoding="utf-8")
    env = dict(os.environ, TABULA_PLUGINS="bee_copy", PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    listed = subprocess.run([sys.executable, "-m", "companion", "games", "--json"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0, listed.stderr
    assert {"id": "bee-copy", "name": "Honey Harvest", "min_players": 2, "max_players": 4} in json.loads(listed.stdout)
    script = (
        "import random, sys; sys.path.insert(0, 'bench'); import states; from companion.cli import score_data; "
        "from companion.games import GAMES, load_plugins; load_plugins(); "
        "assert 'bee-copy' in states.drawable(); "
        "[score_data(states.valid_state('bee-copy', random.Random(n)), states.box_for('bee-copy')) for n in range(20)]; "
        "from companion.ui.games import game_ui; "
        "print(game_ui('bee-copy').board_editor.__module__, GAMES['bee-copy'].name.render('de'))")
    checked = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=120)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.split() == ["bee_copy.ui", "Honigernte"]  # its own screens, not the tests' game's

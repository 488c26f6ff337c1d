"""Every problem of a board at once (core.board.every_problem): the games' readers, collecting, note
each problem and read on. The first problem collected is always the one the reader raises (the
command line's), a board that can be scored has none, and two mistakes in two places are both said."""

from __future__ import annotations

import copy
import importlib.util
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.board import every_problem
from companion.core.definition import BoardStateError
from companion.games import GAMES
from tests.test_fuzz_board_states import locations

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("bench_states", ROOT / "bench" / "states.py")
states = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(states)
GAME_IDS = states.drawable()


def examples(game_id: str) -> list[Path]:
    """A game's own example end boards: examples/<game id>-*.json holding a board of that game."""
    found = []
    for path in sorted((ROOT / "examples").glob(f"{game_id}-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("game") == game_id and "players" in data:
            found.append(path)
    return found


def example(name: str) -> dict:
    return json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))


def said(errors) -> list[tuple[str, str]]:
    return [(e.field, e.msg.key) for e in errors]


def first_raised(game_id: str, data) -> BoardStateError | None:
    try:
        GAMES[game_id].end.parse_board_state(data)
    except BoardStateError as error:
        return error
    return None


# ------------------------------------------------------------------ the same reader, all its problems

VALUES = st.none() | st.booleans() | st.integers(-2, 40) | st.sampled_from(["", "x", "stone", "villa", "top", 5, 99])


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_collecting_starts_with_the_raised_problem_and_never_fails_otherwise(game_id, seed, data):
    state = states.valid_state(game_id, random.Random(seed))
    assert every_problem(GAMES[game_id].end.parse_board_state, state) == []
    changed = copy.deepcopy(state)
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        where = data.draw(st.sampled_from([p for p in locations(changed) if p]), label="where")
        parent = changed
        for step in where[:-1]:
            parent = parent[step]
        if data.draw(st.booleans(), label="delete") and isinstance(parent, dict):
            del parent[where[-1]]
        else:
            parent[where[-1]] = data.draw(VALUES, label="value")
        if not isinstance(changed.get("players"), list):
            break
    raised = first_raised(game_id, changed)
    problems = every_problem(GAMES[game_id].end.parse_board_state, changed)
    if raised is None:
        assert problems == []
    else:
        assert problems and said(problems[:1]) == said([raised]) and problems[0].msg == raised.msg
        assert len(set(said(problems))) == len(problems)  # nothing said twice
        for problem in problems:
            for lang in ("en", "de"):
                assert problem.msg.render(lang)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_board_that_can_be_scored_has_no_problem(game_id):
    assert examples(game_id), f"{game_id} brings no example end board (examples/{game_id}-*.json)"
    for path in examples(game_id):
        assert every_problem(GAMES[game_id].end.parse_board_state, json.loads(path.read_text(encoding="utf-8"))) == [], path


# ------------------------------------------------------------------ two mistakes in two places

def test_carpe_diem_empty_frame_and_a_one_tile_villa():
    data = example("carpe-diem-2p-district.json")
    nick = data["players"][0]
    nick["frame"] = []
    villa = next(i for i, f in enumerate(nick["district"]["features"]) if f["kind"] == "villa" and f["completed"])
    nick["district"]["features"][villa]["cells"] = nick["district"]["features"][villa]["cells"][:1]
    assert said(every_problem(GAMES["carpe-diem"].end.parse_board_state, data)) == [
        (f"$.players[0].district.features[{villa}].cells", "carpe-diem.error.villa_size"),
        ("$.players[0].frame", "carpe-diem.error.frame_count"),
    ]


def test_carpe_diem_problems_of_two_features_and_two_goals_and_of_both_players():
    data = example("carpe-diem-2p-district.json")
    features = data["players"][0]["district"]["features"]
    features[0]["kind"] = "castle"
    features[1]["cells"] = []
    data["players"][0]["frame"][2]["vp"] = 6
    data["players"][0]["frame"][5]["side"] = "middle"
    data["players"][1]["vp"] = "lots"
    assert said(every_problem(GAMES["carpe-diem"].end.parse_board_state, data)) == [
        ("$.players[0].district.features[0].kind", "carpe-diem.error.kind"),
        ("$.players[0].district.features[1].cells", "core.board.too_few"),
        ("$.players[0].frame[2].vp", "carpe-diem.error.frame_vp"),
        ("$.players[0].frame[5].side", "carpe-diem.error.side"),
        ("$.players[1].vp", "core.board.not_integer"),
    ]


def test_castles_every_field_of_a_board():
    data = example("castles-of-tuscany-three-players.json")
    anna = data["players"][0]
    anna["green"] = anna["red"] + 1
    anna["empty_fields"] = 40
    anna["cards"] = -1
    assert said(every_problem(GAMES["castles-of-tuscany"].end.parse_board_state, data)) == [
        ("$.players[0].cards", "core.board.below"),
        ("$.players[0].empty_fields", "castles-of-tuscany.error.empty_fields"),
        ("$.players[0].red", "castles-of-tuscany.error.red_below_green"),
    ]


def test_milestones_points_goods_and_the_row():
    data = example("milestones-4-players.json")
    ben = data["players"][1]
    ben["points"] = -3
    ben["goods"]["gold"] = 1
    ben["workers"][2] = {"kind": "wood", "bonus": "yes"}
    assert said(every_problem(GAMES["milestones"].end.parse_board_state, data)) == [
        ("$.players[1].points", "core.board.below"),
        ("$.players[1].goods.gold", "core.board.unknown_field"),
        ("$.players[1].workers[2].bonus", "milestones.error.not_bool"),
    ]


def test_city_of_rome_every_rule_of_a_city_and_the_money():
    data = example("city-of-rome-rulebook.json")
    city = data["players"][0]["city"]
    therme = next((r, c) for r, row in enumerate(city) for c, cell in enumerate(row)
                  if isinstance(cell, dict) and cell.get("vp_markers"))
    city[therme[0]][therme[1]]["vp_markers"] = 0
    data["players"][0]["money"] = "nine"
    problems = said(every_problem(GAMES["city-of-rome"].end.parse_board_state, data))
    assert problems == [
        (f"$.players[0].city[{therme[0]}][{therme[1]}]", "city-of-rome.error.too_few_markers"),
        ("$.players[0].money", "core.board.not_integer"),
    ]


def test_a_table_that_is_not_a_table_says_so_once():
    assert said(every_problem(GAMES["milestones"].end.parse_board_state, {"game": "milestones"})) == [
        ("$.players", "core.board.missing")]


def test_a_reader_that_does_not_collect_says_its_first_problem():
    def parse(data):
        raise BoardStateError("$.players[0].x", GAMES["milestones"].name)
    assert said(every_problem(parse, {})) == [("$.players[0].x", "milestones.name")]

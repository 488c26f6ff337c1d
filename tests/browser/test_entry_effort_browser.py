"""The entry-effort benchmark (bench/entry_effort.py): the prepared games prefill what a real game's
tracker knows, the comparison with the example catches a wrong board, and one game (the quickest)
is entered through the real UI and checked against its example."""

import copy
import json
import sys
from collections import Counter

import pytest

from tests.browser.harness import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import entry_effort  # noqa: E402

from companion.games import GAMES  # noqa: E402

# What each game's tracker knows at the end, field by field of the board state.
TRACKED = {
    "city-of-rome": ("money", "influence_tokens", "influence_cards"),
    "carpe-diem": ("vp", "storage", "banderole"),
    "milestones": ("points", "goods"),
    "castles-of-tuscany": ("red", "green", "tiles", "hexagons", "marble", "workers", "cards"),
}


def example(case):
    return json.loads((entry_effort.EXAMPLES / case.example).read_text(encoding="utf-8"))


@pytest.mark.parametrize("game_id", list(entry_effort.CASES))
def test_the_prepared_game_is_at_its_end_and_prefills_what_the_tracker_knows(tmp_path, game_id):
    case = entry_effort.CASES[game_id]
    table = example(case)
    game = entry_effort.prepare(tmp_path / "data", "20250101-120000-t", game_id, table, case.play)
    assert game.stage == "scoring"
    assert entry_effort.saved_board(tmp_path / "data", "20250101-120000-t") is None  # nothing entered yet
    prefilled = GAMES[game_id].end.board_from_tracker(game.state, game.config)
    for seat, (got, want) in enumerate(zip(prefilled["players"], table["players"])):
        assert got["name"] == want["name"]
        for key in TRACKED[game_id]:
            have, expected = got[key], want[key]
            if key == "banderole":
                have, expected = have["space"], expected["space"]
            elif key == "goods":  # the example leaves out the goods nobody has
                expected = {good: expected.get(good, 0) for good in have}
            assert have == expected, (want["name"], key)
        if game_id == "milestones":  # each bonus tile taken on the kind of worker it lies on at the end
            carried = Counter(s["kind"] for s in want["workers"] if isinstance(s, dict) and s.get("bonus"))
            assert game.state["players"][seat].get("bonus_kinds", {}) == carried, want["name"]


def test_city_of_rome_built_during_play_prefills_every_city(tmp_path):
    """Procedure "built": the example's cities recorded as builds in an order the rules allow (thermes
    with the markers they carry), so the end-scoring form opens with each city as on the table."""
    case = entry_effort.CASES["city-of-rome"]
    table = example(case)
    game = entry_effort.prepare(tmp_path / "data", "20250101-120000-t", "city-of-rome", table,
                                   entry_effort.play_city_of_rome_built)
    prefilled = GAMES["city-of-rome"].end.board_from_tracker(game.state, game.config)
    assert entry_effort.differences("city-of-rome", table, prefilled) == []
    # where a city lies in the 4 x 4 does not matter: the same city one space further up is the same board
    from companion.games.city_of_rome.board import shifted
    moved = copy.deepcopy(prefilled)
    moved["players"][2]["city"] = shifted(moved["players"][2]["city"], "up")
    assert moved["players"][2]["city"] != table["players"][2]["city"]
    assert entry_effort.differences("city-of-rome", table, moved) == []
    with pytest.raises(ValueError):  # no start building where it could have been laid
        entry_effort.city_of_rome_builds([["house-3", "house-3", None, None]] + [[None] * 4] * 3)


def test_a_board_that_differs_from_the_example_is_named():
    case = entry_effort.CASES["city-of-rome"]
    table = example(case)
    assert entry_effort.differences("city-of-rome", table, copy.deepcopy(table)) == []
    wrong = copy.deepcopy(table)
    wrong["players"][1]["city"][0][1] = "house-3"
    wrong["players"][2]["money"] = 4
    found = entry_effort.differences("city-of-rome", table, wrong)
    assert len(found) == 2
    assert found[0].startswith("Second city: city:") and found[1].startswith("Third city: money: entered 4")
    assert entry_effort.differences("city-of-rome", table, None) == ["nothing was saved"]


def test_carpe_diem_features_in_another_order_are_the_same_board():
    table = example(entry_effort.CASES["carpe-diem"])
    shuffled = copy.deepcopy(table)
    shuffled["players"][0]["district"]["features"].reverse()
    shuffled["players"][0]["frame"].reverse()
    assert entry_effort.differences("carpe-diem", table, shuffled) == []


def test_castles_of_tuscany_entered_on_a_phone_and_checked():
    lines = []
    results = entry_effort.run(["castles-of-tuscany"], log=lines.append)  # raises when the board is wrong
    baseline = entry_effort.BASELINE["castles-of-tuscany"]["total"][0]
    assert results, "no procedure ran"
    for key, figures in results.items():
        assert key.startswith("castles-of-tuscany/")
        assert set(figures["boards"]) == {"Anna", "Ben", "Clara"}
        assert 0 < figures["total"]["taps"] <= baseline, key
        assert figures["finish"]["taps"] == 2  # Calculate, and the boards confirmed as they are
    assert any("baseline" in line for line in lines)
    # Every player's empty fields in the table's list, no player tab: Anna 2 and Ben 4 one tap each (Clara's
    # 0 is what the list starts with), then "Calculate scores" and its "Confirm them as they are".
    table = results["castles-of-tuscany/table"]
    assert {name: e["taps"] for name, e in table["boards"].items()} == {"Anna": 1, "Ben": 1, "Clara": 0}
    assert table["total"]["taps"] == 4

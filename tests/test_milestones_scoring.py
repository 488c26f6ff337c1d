"""Milestones' final scoring against the rulebook (SPIELENDE: Schlusswertung, Beispiel Steinhauer)."""

import copy
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.core.board import every_problem
from companion.core.definition import BoardStateError
from companion.core.where import where
from companion.games import GAMES
from companion.games.milestones import GAME
from companion.games.milestones.scoring import majority_points, parse_board_state, score

KINDS = ["stone", "wood", "sand", "grain", "coin"]
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def sheet_for(data):
    return score(parse_board_state(data), {})


def board(*rows, points=None, goods=None):
    """A table of these worker rows. A board always shows at least 2 workers (see the test of that rule):
    where a row has fewer, every row gets the same 2 sand workers more, which changes no majority (every
    player's sand value grows by 2: the same players lead, or all stay equal)."""
    names = ["Anna", "Ben", "Cleo", "Dora"]
    if any(sum(space not in (None, "empty", "covered") for space in row) < 2 for row in rows):
        rows = [[*row, "sand", "sand"] for row in rows]
    return {"game": "milestones", "players": [
        {"name": names[i], "points": (points or [0] * len(rows))[i],
         "goods": (goods or [0] * len(rows))[i], "workers": row}
        for i, row in enumerate(rows)]}


def cats(sheet, i):
    return {c.id: c.points for c in sheet.players[i].categories}


def bonus(kind):
    return {"kind": kind, "bonus": True}


# ------------------------------------------------------------------ the rulebook's example

def test_stone_cutter_example(example):
    """Martina has 1 stone cutter with a bonus tile (value 2); Dirk reaches the same value: both get 2.
    (Dirk's row is in a picture missing from our text; here he has 2 plain stone cutters. The third
    player has less, otherwise all would be equal and nobody would score.)"""
    sheet = sheet_for(example("milestones-stone-cutters.json"))
    by_name = {p.name: p for p in sheet.players}
    stone = {name: {c.id: c for c in p.categories}["majority_stone"] for name, p in by_name.items()}
    assert stone["Martina"].points == 2
    assert stone["Dirk"].points == 2
    assert stone["Philipp"].points == 0
    assert "value 2" in stone["Martina"].explanation.render("en")
    assert "Dirk" in stone["Martina"].explanation.render("en")
    assert "Wert 2" in stone["Dirk"].explanation.render("de")


def test_stone_cutter_example_in_its_own_words():
    martina = [bonus("stone")]
    dirk = ["stone", "stone"]
    third = ["stone"]
    sheet = sheet_for(board(martina, dirk, third))
    assert [cats(sheet, i)["majority_stone"] for i in range(3)] == [2, 2, 0]


# ------------------------------------------------------------------ the majority rule, case by case

@pytest.mark.parametrize("rows, expected", [
    # single highest: 5
    ([["wood", "wood"], ["wood"]], [5, 0]),
    # a bonus tile makes a worker worth 2: one worker with bonus beats one without
    ([[bonus("wood")], ["wood"]], [5, 0]),
    # ... and ties with two plain workers
    ([[bonus("wood")], ["wood", "wood"], []], [2, 2, 0]),
    # 2 players tied: that is everybody, so nobody scores
    ([["wood"], ["wood"]], [0, 0]),
    ([[], []], [0, 0]),
    # a player with none still counts in "all": two tied at 1 against a 0 score 2 each
    ([["wood"], ["wood"], []], [2, 2, 0]),
    # all equal, with 4 players
    ([["wood"], ["wood"], ["wood"], ["wood"]], [0, 0, 0, 0]),
    # three tied at the top of four
    ([["wood"] * 3, ["wood"] * 3, ["wood", bonus("wood")], ["wood"]], [2, 2, 2, 0]),
    # nobody has any: all equal at 0
    ([["stone"], ["sand"], ["coin"]], [0, 0, 0]),
])
def test_wood_majority(rows, expected):
    sheet = sheet_for(board(*rows))
    assert [cats(sheet, i)["majority_wood"] for i in range(len(rows))] == expected


def test_every_kind_is_scored_separately():
    rows = [["stone", "wood", "sand", "grain", "coin"], ["stone", "stone", "wood", "wood", "sand", "sand"]]
    sheet = sheet_for(board(*rows))
    assert cats(sheet, 0) == {"track": 0, "majority_stone": 0, "majority_wood": 0, "majority_sand": 0,
                              "majority_grain": 5, "majority_coin": 5}
    assert cats(sheet, 1) == {"track": 0, "majority_stone": 5, "majority_wood": 5, "majority_sand": 5,
                              "majority_grain": 0, "majority_coin": 0}


def test_covered_and_empty_spaces_are_not_workers():
    sheet = sheet_for(board(["covered", "empty", None, "grain"], ["grain", "grain"]))
    assert cats(sheet, 1)["majority_grain"] == 5


# ------------------------------------------------------------------ totals and the tie-break

def test_track_points_plus_majorities():
    sheet = sheet_for(board(["coin"], [], points=[40, 44]))
    assert [p.total for p in sheet.players] == [45, 44]
    assert sheet.winners == ["Anna"]


def test_tie_more_goods_left_wins_and_coins_count():
    data = board(["coin"], ["grain"], [], points=[40, 40, 45])
    data["players"][0]["goods"] = {"stone": 1}
    data["players"][1]["goods"] = {"coins": 2}
    sheet = sheet_for(data)
    assert [p.total for p in sheet.players] == [45, 45, 45]
    assert [p.rank for p in sheet.players] == [2, 1, 3]
    assert sheet.winners == ["Ben"]


def test_tie_with_equal_goods_is_shared():
    data = board([], [], points=[50, 50], goods=[{"wood": 2}, {"sand": 1, "coins": 1}])
    sheet = sheet_for(data)
    assert sheet.winners == ["Anna", "Ben"]


def test_goods_as_a_number():
    data = board([], [], points=[50, 50], goods=[3, {"grain": 2}])
    assert sheet_for(data).winners == ["Anna"]


def test_count_only_entry_scores_like_the_row():
    row = board([bonus("stone"), "stone", "wood"], ["stone", "stone", "stone", "wood", "wood"])
    counts = copy.deepcopy(row)
    del counts["players"][0]["workers"], counts["players"][1]["workers"]
    counts["players"][0]["worker_counts"] = {"stone": {"workers": 2, "bonus": 1}, "wood": 1}
    counts["players"][1]["worker_counts"] = {"stone": 3, "wood": {"workers": 2}}
    a, b = sheet_for(row), sheet_for(counts)
    assert [cats(a, i) for i in range(2)] == [cats(b, i) for i in range(2)]
    # stone: 3 against 3 with two players: all equal; wood 1 against 2: Ben
    assert cats(a, 0)["majority_stone"] == 0 and cats(a, 1)["majority_wood"] == 5


def test_every_category_is_explained_in_both_languages():
    sheet = sheet_for(board([bonus("stone"), "wood"], ["wood"], []))
    for p in sheet.players:
        assert [c.id for c in p.categories] == ["track"] + [f"majority_{k}" for k in KINDS]
        for c in p.categories:
            for lang in ("en", "de"):
                text = c.explanation.render(lang)
                assert text and "milestones." not in text and "{" not in text
        assert "milestones." not in p.tiebreak_note.render("de")
    for label in sheet.category_labels.values():
        assert label.render("de") != label.key


# ------------------------------------------------------------------ the examples

def test_four_player_example(example):
    sheet = sheet_for(example("milestones-4-players.json"))
    totals = {p.name: p.total for p in sheet.players}
    # Anna 51 + stone 5 + coin (tied with Cleo) 2; Dora 54 + wood 2 + sand 2;
    # Cleo 44 + sand 2 + grain 5 + coin 2; Ben 50 + wood 2
    assert totals == {"Anna": 58, "Ben": 52, "Cleo": 53, "Dora": 58}
    ranks = {p.name: p.rank for p in sheet.players}
    assert ranks == {"Anna": 1, "Dora": 2, "Cleo": 3, "Ben": 4}  # Anna has 3 goods left, Dora 2


def test_two_player_counts_example(example):
    sheet = sheet_for(example("milestones-2-players-counts.json"))
    # Martina 67 + coin 5; Dirk 62 + wood 5 + grain 5; stone 3 against 3: all equal
    assert [p.total for p in sheet.players] == [72, 72]
    assert sheet.winners == ["Martina", "Dirk"]  # 2 goods each


def test_registered():
    assert GAMES["milestones"] is GAME
    assert (GAME.min_players, GAME.max_players) == (2, 4)


# ------------------------------------------------------------------ validation names the field

def _set(path, value):
    def mutate(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return mutate


def _delete(path):
    def mutate(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return mutate


BAD = [
    (_set(["game"], "city-of-rome"), "$.game", "milestones"),
    (_set(["players"], []), "$.players", "at least 2"),
    (_set(["players", 0, "points"], -1), "$.players[0].points", "at least 0"),
    (_set(["players", 0, "points"], "54"), "$.players[0].points", "whole number"),
    (_delete(["players", 1, "points"]), "$.players[1].points", "missing"),
    (_delete(["players", 1, "goods"]), "$.players[1].goods", "missing"),
    (_set(["players", 1, "goods", "gold"], 1), "$.players[1].goods.gold", "not a known field"),
    (_set(["players", 1, "goods", "coins"], -2), "$.players[1].goods.coins", "at least 0"),
    (_set(["players", 0, "workers", 1], "miller"), "$.players[0].workers[1].kind", "not a worker kind"),
    (_set(["players", 0, "workers", 0, "bonus"], "yes"), "$.players[0].workers[0].bonus", "true or false"),
    (_set(["players", 0, "workers", 2], 7), "$.players[0].workers[2]", "worker kind"),
    (_set(["players", 0, "workers"], ["wood"] * 9), "$.players[0].workers", "8 path spaces"),
    (_set(["players", 0, "workers"], "wood"), "$.players[0].workers", "must be a list"),
    (_delete(["players", 2, "workers"]), "$.players[2].workers", "missing"),
    (_set(["players", 2, "worker_counts"], {"stone": 1}), "$.players[2].worker_counts", "not both"),
    (_set(["players", 2, "colour"], "red"), "$.players[2].colour", "not a known field"),
    (_set(["players", 2, "name"], "martina"), "$.players[2].name", "used twice"),
]


@pytest.mark.parametrize("mutate, field, fragment", BAD)
def test_bad_boards_name_the_field(example, mutate, field, fragment):
    data = example("milestones-stone-cutters.json")
    mutate(data)
    with pytest.raises(BoardStateError) as error:
        parse_board_state(data)
    assert error.value.field == field
    assert fragment in error.value.msg.render("en")


@pytest.mark.parametrize("counts, field, fragment", [
    ({"stone": {"workers": 1, "bonus": 2}}, "$.players[0].worker_counts.stone.bonus", "at most one per worker"),
    ({"stone": 5, "wood": 4}, "$.players[0].worker_counts", "only 8 path spaces"),
    ({"miller": 1}, "$.players[0].worker_counts.miller", "not a known field"),
    ({"stone": {"bonus": 1}}, "$.players[0].worker_counts.stone.workers", "missing"),
    ({"stone": True}, "$.players[0].worker_counts.stone", "whole number"),
])
def test_bad_counts_name_the_field(counts, field, fragment):
    data = board([], [])
    del data["players"][0]["workers"]
    data["players"][0]["worker_counts"] = counts
    with pytest.raises(BoardStateError) as error:
        parse_board_state(data)
    assert error.value.field == field
    assert fragment in error.value.msg.render("en")


def test_more_bonus_tiles_than_the_game_has():
    """15 bonus tiles in the box: 16 on the boards together is impossible."""
    rows = [[bonus("wood")] * 8, [bonus("sand")] * 7]
    parse_board_state(board(*rows))  # 15: possible
    rows[1].append(bonus("coin"))
    with pytest.raises(BoardStateError) as error:
        parse_board_state(board(*rows))
    assert error.value.field == "$.players[1].workers"
    assert "only 15" in error.value.msg.render("en")


@pytest.mark.parametrize("form", ["workers", "worker_counts"])
def test_a_board_with_fewer_than_2_workers_cannot_be_scored(form):
    """SPIELVORBEREITUNG: every player's 2 start tiles ("von denen jeder 2 erhält") lie on the path spaces,
    "Jedes Plättchen zeigt 2 Arbeiter"; a worker tile bought lays 2 more; DIE BURG covers one worker, but
    "Besitzt du insgesamt nur noch 2 Arbeiterfelder, musst du davon keines abdecken". A board shows at least
    2 workers: with 0 or 1 the reader names that player's workers, in the game's words."""
    entries = {"workers": (["covered", None, "empty"], [bonus("coin"), "covered"], ["wood", None, "grain"]),
               "worker_counts": ({}, {"coin": {"workers": 1, "bonus": 1}}, {"wood": 1, "grain": 1})}[form]
    data = {"game": "milestones", "players": [
        {"name": name, "points": 50, "goods": 0, form: entry} for name, entry in zip(["Zoë", "Ben", "Cleo"], entries)]}
    problems = every_problem(parse_board_state, data)
    assert [(e.field, e.msg.key) for e in problems] == [
        (f"$.players[0].{form}", "milestones.error.too_few_workers"),
        (f"$.players[1].{form}", "milestones.error.too_few_workers")]
    assert problems[0].msg.render("en") == (
        "Zoë has only 0 workers on the path spaces, but a player always keeps at least 2: the 2 start tiles bring "
        "4, a worker tile bought lays 2 more, and the castle covers none of the last 2")
    assert problems[1].msg.render("en").startswith("Ben has only 1 worker on the path spaces")
    assert problems[0].msg.render("de").startswith("Zoë hat nur 0 Arbeiter auf den Wegefeldern, aber jeder behält "
                                                   "immer mindestens 2")
    with pytest.raises(BoardStateError) as raised:  # the command line: the first one
        parse_board_state(data)
    assert raised.value.field == f"$.players[0].{form}"
    # where the app says it: on Zoë's board, next to her workers
    assert where("en", GAME, problems[0].field, ["Zoë", "Ben", "Cleo"]) == (
        "Zoë's worker row" if form == "workers" else "Zoë's workers (count only)")
    assert where("de", GAME, problems[1].field, ["Zoë", "Ben", "Cleo"]).startswith("Ben")
    data["players"][1][form] = [bonus("coin"), "stone"] if form == "workers" else {"coin": {"workers": 1, "bonus": 1},
                                                                                   "stone": 1}
    data["players"][0][form] = ["sand", "sand"] if form == "workers" else {"sand": 2}
    assert every_problem(parse_board_state, data) == []


# ------------------------------------------------------------------ property tests

def reference_points(values):
    """Independent reference, the rule read pairwise: 5 for beating everyone; 2 for beating nobody
    while being beaten by nobody, when somebody else is lower; otherwise nothing."""
    out = []
    for i, mine in enumerate(values):
        others = values[:i] + values[i + 1:]
        if all(mine > o for o in others):
            out.append(5)
        elif all(mine >= o for o in others) and any(mine > o for o in others):
            out.append(2)
        else:
            out.append(0)
    return out


SPACE = st.one_of(st.none(), st.sampled_from(KINDS),
                  st.builds(lambda k: {"kind": k, "bonus": True}, st.sampled_from(KINDS)))
WORKER = st.one_of(st.sampled_from(KINDS), st.builds(lambda k: {"kind": k, "bonus": True}, st.sampled_from(KINDS)))
# Each row shows the 2 workers every board keeps, then up to 6 spaces of anything, shuffled.
ROW = st.tuples(st.lists(WORKER, min_size=2, max_size=2), st.lists(SPACE, max_size=6), st.randoms()).map(
    lambda drawn: drawn[2].sample(drawn[0] + drawn[1], len(drawn[0]) + len(drawn[1])))
ROWS = st.integers(2, 4).flatmap(lambda n: st.lists(ROW, min_size=n, max_size=n))


def value_of(row, kind):
    total = 0
    for space in row:
        if space == kind:
            total += 1
        elif isinstance(space, dict) and space["kind"] == kind:
            total += 2
    return total


def total_bonus(rows):
    return sum(1 for row in rows for s in row if isinstance(s, dict))


@settings(max_examples=300, deadline=None)
@given(ROWS)
def test_majorities_match_the_reference(rows):
    if total_bonus(rows) > 15:
        with pytest.raises(BoardStateError):
            parse_board_state(board(*rows))
        return
    sheet = sheet_for(board(*rows))
    for kind in KINDS:
        values = [value_of(row, kind) for row in rows]
        assert [cats(sheet, i)[f"majority_{kind}"] for i in range(len(rows))] == reference_points(values)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 16), min_size=2, max_size=4))
def test_majority_points_shape(values):
    points = majority_points(values)
    assert points == reference_points(values)
    winners = [p for p in points if p]
    # nobody; one player with 5; or 2 to 3 tied players (never all) with 2 each
    assert winners == [] or winners == [5] or (set(winners) == {2} and 2 <= len(winners) < len(values))
    if len(set(values)) == 1:
        assert points == [0] * len(values)
    # the order of the players does not matter
    order = list(range(len(values)))
    random.Random(sum(values)).shuffle(order)
    assert majority_points([values[i] for i in order]) == [points[i] for i in order]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 16), min_size=2, max_size=4), st.data())
def test_a_higher_value_never_costs_points(values, data):
    i = data.draw(st.integers(0, len(values) - 1))
    before = majority_points(values)[i]
    raised = list(values)
    raised[i] += data.draw(st.integers(1, 3))
    assert majority_points(raised)[i] >= before


# ------------------------------------------------------------------ the CLI

@pytest.mark.parametrize("name", ["milestones-stone-cutters.json", "milestones-4-players.json",
                                  "milestones-2-players-counts.json"])
def test_cli_scores_the_examples(name, capsys):
    assert main(["score", str(EXAMPLES / name)]) == 0
    assert main(["score", str(EXAMPLES / name), "--json", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    result = json.loads(out[out.index("{\n"):])
    assert result["game"] == "milestones"
    assert set(result["players"][0]["categories"]) == {"track"} | {f"majority_{k}" for k in KINDS}


def test_cli_json_totals(capsys):
    assert main(["score", str(EXAMPLES / "milestones-4-players.json"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {p["name"]: p["total"] for p in result["players"]} == {"Anna": 58, "Ben": 52, "Cleo": 53, "Dora": 58}
    assert result["winners"] == ["Anna"]


def test_cli_bad_input_exits_2_naming_the_field(tmp_path, capsys):
    data = json.loads((EXAMPLES / "milestones-4-players.json").read_text(encoding="utf-8"))
    data["players"][2]["workers"][4] = {"kind": "sand", "bonus": "maybe"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "$.players[2].workers[4].bonus" in err and "true or false" in err
    assert main(["score", str(bad), "--lang", "de"]) == 2
    assert "true oder false" in capsys.readouterr().err


# ------------------------------------------------------------------ fuzzing the reader

JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=6)
                    | st.sampled_from(KINDS + ["empty", "covered", "kind", "bonus", "workers"]),
                    lambda children: st.lists(children, max_size=4)
                    | st.dictionaries(st.sampled_from(["kind", "bonus", "workers", "stone", "coins", "x"]),
                                      children, max_size=3),
                    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["points", "goods", "workers", "worker_counts", "name"]), JSON, st.integers(0, 2))
def test_any_field_value_is_scored_or_refused_with_a_field(example_field, value, player):
    data = json.loads((EXAMPLES / "milestones-stone-cutters.json").read_text(encoding="utf-8"))
    data["players"][player][example_field] = value
    if example_field == "worker_counts":
        del data["players"][player]["workers"]
    try:
        sheet = sheet_for(data)
    except BoardStateError as error:
        assert error.field.startswith(f"$.players[{player}]") or error.field == "$.players"
        assert error.msg.render("en") and error.msg.render("de")
    else:
        assert len(sheet.players) == 3

"""Fuzzing every game's board-state reader and scoring the same way, through the JSON entry point
`companion.cli.score_data`:
- random valid end states (drawn by bench/states.py, seeded by hypothesis) are scored without error
  and the sheet adds up;
- a valid state with any one location changed (replaced by random JSON, deleted, an unknown key
  added, a list item doubled) is either scored or refused with a BoardStateError whose `field` is a
  JSON path into the input (its parent exists) and whose message renders in English and German;
- any JSON at all is scored or refused that way; nothing else escapes.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import score_data
from companion.core.definition import BoardStateError, MissingBoxData
from companion.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("bench_states", ROOT / "bench" / "states.py")
states = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(states)

GAME_IDS = states.drawable()  # every game bench/states.py can draw end states for (the app's four)
EXAMPLES = {g: sorted(p.name for p in (ROOT / "examples").glob(f"{g}-*.json") if not p.name.endswith("box.json"))
            for g in GAME_IDS}
# FUZZ_EXAMPLES=2000 for a longer run (checked: 1,500 per test pass)
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "120")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
PATH_TOKEN = re.compile(r"\.([A-Za-z0-9_]+)|\[(\d+)\]")


def resolves(data, path: str) -> bool:
    """`path` ($.a.b[2]...) leads into `data`: every step but the last exists; the last may be missing
    (a missing field is named by where it should be, e.g. `.card` of a cell given as a bare string)."""
    if path == "$":
        return True
    assert path.startswith("$"), path
    rest = path[1:]
    tokens = []
    while rest:
        m = PATH_TOKEN.match(rest)
        if not m:
            return False
        tokens.append(m.group(1) if m.group(1) is not None else int(m.group(2)))
        rest = rest[m.end():]
    node = data
    for n, token in enumerate(tokens):
        last = n == len(tokens) - 1
        if isinstance(token, int):
            if not isinstance(node, list) or not (token < len(node) or last):
                return False
            if token >= len(node):
                return True
            node = node[token]
        else:
            if last:  # a missing field is named by where it should be; its parent is there
                return True
            if not isinstance(node, dict) or token not in node:
                return False
            node = node[token]
    return True


def check_sheet(sheet, data) -> None:
    assert sheet.game == data["game"]
    assert [p.name for p in sheet.players] == [p["name"].strip() for p in data["players"]]
    for p in sheet.players:
        assert isinstance(p.total, int) and not isinstance(p.total, bool)
        assert p.total == sum(c.points for c in p.categories)
        assert 1 <= p.rank <= len(sheet.players)
    assert sheet.winners and set(sheet.winners) <= {p.name for p in sheet.players}
    assert {p.name for p in sheet.players if p.rank == 1} == set(sheet.winners)
    for lang in ("en", "de"):
        json.dumps(sheet.to_json(lang))


def score_or_refuse(data, box) -> None:
    """The contract: a sheet, or a BoardStateError naming a field of the input; nothing else."""
    try:
        sheet = score_data(data, box)
    except BoardStateError as error:
        assert isinstance(error.field, str) and error.field.startswith("$"), error.field
        assert resolves(data, error.field), (error.field, data)
        for lang in ("en", "de"):
            assert error.msg.render(lang)
    except MissingBoxData as error:  # not an input error: values the players have to enter once
        assert data.get("game") == "carpe-diem" and error.keys
    else:
        check_sheet(sheet, data)


# ------------------------------------------------------------------ random valid states

@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_random_valid_states_are_scored(game_id, seed):
    data = states.valid_state(game_id, random.Random(seed))
    sheet = score_data(data, states.box_for(game_id))
    check_sheet(sheet, data)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_full_four_player_end_state(game_id):
    data = states.four_player_end_state(game_id)
    check_sheet(score_data(data, states.box_for(game_id)), data)
    assert len(data["players"]) == 4


# ------------------------------------------------------------------ one location changed

KEYS = st.sampled_from(["name", "game", "players", "card", "kind", "cells", "completed", "chimneys", "bonus",
                        "workers", "space", "level", "vp", "red", "green", "x", "unknown_field"])


def json_values(plausible: list) -> st.SearchStrategy:
    leaves = (st.none() | st.booleans() | st.integers(-3, 20) | st.sampled_from([-1, 0, 10**6, 2**63])
              | st.floats(allow_nan=False, allow_infinity=False, width=32) | st.text(max_size=5)
              | st.sampled_from(plausible))
    return st.recursive(leaves, lambda children: st.lists(children, max_size=4)
                        | st.dictionaries(KEYS, children, max_size=3), max_leaves=10)


def locations(node, path=()) -> list[tuple]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += locations(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += locations(v, path + (i,))
    return out


def leaves_of(node) -> list:
    if isinstance(node, dict):
        return list(node) + [x for v in node.values() for x in leaves_of(v)]
    if isinstance(node, list):
        return [x for v in node for x in leaves_of(v)]
    return [node]


def base_state(game_id: str, source: int) -> dict:
    names = EXAMPLES[game_id]
    if source < len(names):
        return json.loads((ROOT / "examples" / names[source]).read_text(encoding="utf-8"))
    return states.valid_state(game_id, random.Random(source))


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(source=st.integers(0, 40), data=st.data())
def test_one_changed_location_is_scored_or_refused_naming_the_field(game_id, source, data):
    state = base_state(game_id, source)
    plausible = [x for x in leaves_of(state) if isinstance(x, (str, int)) and not isinstance(x, bool)] or [0]
    where = data.draw(st.sampled_from(locations(state)), label="where")
    operation = data.draw(st.sampled_from(["replace", "delete", "add key", "double"]), label="operation")
    changed = copy.deepcopy(state)
    parent = changed
    for step in where[:-1]:
        parent = parent[step]
    target = parent[where[-1]] if where else changed
    if operation == "replace" or not where:
        value = data.draw(json_values(plausible), label="value")
        if where:
            parent[where[-1]] = value
        else:
            changed = value
    elif operation == "delete":
        del parent[where[-1]]
    elif operation == "add key" and isinstance(target, dict):
        target[data.draw(KEYS, label="key")] = data.draw(json_values(plausible), label="value")
    elif operation == "double" and isinstance(target, list) and target:
        target.append(copy.deepcopy(target[-1]))
    score_or_refuse(changed, states.box_for(game_id))


# ------------------------------------------------------------------ anything at all

ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(GAME_IDS),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(KEYS, children, max_size=4),
    max_leaves=20)


@FUZZ
@given(game=st.sampled_from(GAME_IDS + ["chess", None, 3]), players=ANY_JSON, extra=st.dictionaries(KEYS, ANY_JSON,
                                                                                                    max_size=2))
def test_any_json_is_scored_or_refused_naming_the_field(game, players, extra):
    data = {**extra, "game": game, "players": players}
    score_or_refuse(data, states.box_for(game) if game in GAMES else {})


@FUZZ
@given(ANY_JSON)
def test_any_top_level_json_is_refused_naming_the_field(data):
    score_or_refuse(data, {})


def test_resolves_follows_json_paths():
    data = {"players": [{"name": "A", "city": [[None, {"card": "x"}]]}]}
    assert resolves(data, "$.players[0].city[0][1].card")
    assert resolves(data, "$.players[0].money")  # missing, but its object is there
    assert not resolves(data, "$.players[3].name")
    assert not resolves(data, "$.players[0].nothing.deeper")
    assert resolves(data, "$")


@pytest.mark.parametrize("game", [[], {}, ["city-of-rome"], 1.5, True])
def test_a_game_id_that_is_not_text_is_refused_naming_the_field(game):
    with pytest.raises(BoardStateError) as refused:
        score_data({"game": game, "players": []})
    assert refused.value.field == "$.game"


@pytest.mark.parametrize("card", [[], {}, ["arena"], 3])
def test_a_city_card_that_is_not_text_is_refused_naming_the_field(card):
    data = json.loads((ROOT / "examples" / "city-of-rome-rulebook.json").read_text(encoding="utf-8"))
    data["players"][0]["city"][1][3] = {"card": card, "vp_markers": 2}
    with pytest.raises(BoardStateError) as refused:
        score_data(data)
    assert refused.value.field == "$.players[0].city[1][3].card"


# ------------------------------------------------------------------ the real CLI entry: files from outside
# The same changes, plus what only a file can hold (an integer literal Python refuses to read, a lone
# surrogate, Infinity), written to a file and run through `companion.cli.main` as `score`, `score --box`
# and `import`: exit 0, or exit 2 with one line on stderr; nothing else escapes, the output can be written.

import contextlib  # noqa: E402
import io  # noqa: E402
import tempfile  # noqa: E402

from companion.cli import main  # noqa: E402

HUGE_LITERAL = "9" * 5000
HOSTILE = st.sampled_from([10**4000, -(10**4000), 10**6, "\ud800", "a\udfffb", "HUGE", float("inf"), float("nan"),
                           "x" * 300, [], {}, None, True, 1.5, "city-of-rome", ["carpe-diem"], {"game": "milestones"}])
HOSTILE_KEYS = KEYS | st.sampled_from(["\ud800", "", "game", "$msg", "key", "params"])


def hostile_values(plausible: list) -> st.SearchStrategy:
    return st.one_of(json_values(plausible), HOSTILE, st.lists(HOSTILE, max_size=3),
                     st.dictionaries(HOSTILE_KEYS, HOSTILE, max_size=2))


def write_json(path: Path, data) -> None:
    """ASCII JSON (a lone surrogate as its escape), "HUGE" as an integer literal of 5,000 digits."""
    path.write_text(json.dumps(data).replace('"HUGE"', HUGE_LITERAL), encoding="utf-8")


def run_main(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def exit_0_or_one_line(code: int, out: str, err: str) -> None:
    assert code in (0, 2), (code, err)
    if code == 2:
        assert out == "" and err.startswith("error: ") and len(err.strip().splitlines()) == 1, err
        assert len(err) <= len("error: ") + 1000 + 1, err
    else:
        out.encode("utf-8")  # what was printed can be written to a UTF-8 terminal or file


def changed(state, data, values) -> object:
    """`state` with one location replaced, deleted, given a new key or doubled (drawn from `data`)."""
    where = data.draw(st.sampled_from(locations(state)), label="where")
    operation = data.draw(st.sampled_from(["replace", "delete", "add key", "double"]), label="operation")
    out = copy.deepcopy(state)
    if not where:
        return data.draw(values, label="value") if operation == "replace" else out
    parent = out
    for step in where[:-1]:
        parent = parent[step]
    target = parent[where[-1]]
    if operation == "replace":
        parent[where[-1]] = data.draw(values, label="value")
    elif operation == "delete":
        del parent[where[-1]]
    elif operation == "add key" and isinstance(target, dict):
        target[data.draw(HOSTILE_KEYS, label="key")] = data.draw(values, label="value")
    elif operation == "double" and isinstance(target, list) and target:
        target.append(copy.deepcopy(target[-1]))
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(source=st.integers(0, 40), data=st.data())
def test_cli_score_of_a_changed_file_exits_0_or_2_with_one_line(game_id, source, data):
    state = base_state(game_id, source)
    plausible = [x for x in leaves_of(state) if isinstance(x, (str, int)) and not isinstance(x, bool)] or [0]
    bad = changed(state, data, hostile_values(plausible))
    options = data.draw(st.sampled_from([[], ["--json"], ["--lang", "de"]]), label="options")
    with tempfile.TemporaryDirectory() as tmp:
        board, box = Path(tmp) / "board.json", Path(tmp) / "box.json"
        write_json(board, bad)
        write_json(box, {game_id: states.box_for(game_id)})
        exit_0_or_one_line(*run_main(["score", str(board), "--box", str(box), *options]))


@FUZZ
@given(data=st.data())
def test_cli_score_with_any_box_file_exits_0_or_2_with_one_line(data):
    good = {"carpe-diem": states.box_for("carpe-diem"), "note": "made up"}
    box_file = changed(good, data, hostile_values(["villa_4", "banderole_7", 5, "carpe-diem"]))
    with tempfile.TemporaryDirectory() as tmp:
        box = Path(tmp) / "box.json"
        write_json(box, box_file)
        exit_0_or_one_line(*run_main(["score", str(ROOT / "examples" / "carpe-diem-2p-district.json"),
                                      "--box", str(box)]))


_BACKUP: list = []


def a_backup() -> dict:
    """Tabula's export of two finished plays (scored from the examples) and Carpe Diem's box data."""
    if not _BACKUP:
        from companion.storage import export
        from tests.test_export import BOX, example_play
        plays = [example_play("carpe-diem-2p-district.json", 1), example_play("city-of-rome-rulebook.json", 2)]
        _BACKUP.append({"format": export.FORMAT, "version": export.VERSION, "exported": "2025-01-01 10:00:00",
                        "plays": plays, "box_data": {"carpe-diem": BOX["carpe-diem"]}})
    return copy.deepcopy(_BACKUP[0])


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "120")) // 2, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_cli_import_of_a_changed_backup_exits_0_or_2_and_what_it_imports_renders(data):
    from companion.core.text import Msg
    from companion.storage import Repository, export
    from companion.core.text import date_time
    from companion.ui.screens.history import winning_total
    backup = a_backup()
    plausible = [x for x in leaves_of(backup) if isinstance(x, (str, int)) and not isinstance(x, bool)][:200]
    bad = changed(backup, data, hostile_values(plausible))
    with tempfile.TemporaryDirectory() as tmp:
        file, folder = Path(tmp) / "backup.json", Path(tmp) / "data"
        write_json(file, bad)
        code, out, err = run_main(["import", str(file), "--data", str(folder)])
        exit_0_or_one_line(code, out, err)
        repo = Repository(folder, GAMES)
        assert repo.notices == []
        if code == 2:
            assert repo.plays() == [] and all(repo.box_data(g) == {} for g in GAMES)
            return
        for play in repo.whole_plays():  # what History and the play's page draw
            messages = [*play.get("category_labels", {}).values(), *play.get("notes", []),
                        *[m for p in play["players"] for m in p.get("explanations", {}).values()]]
            for lang in ("en", "de"):
                for m in messages:
                    assert len(Msg.from_json(m).render(lang)) < 20_000
            export.play_bgstats(play)
            date_time("en", play["finished"]), winning_total(play)  # what a History tile shows
        export.plays_csv(repo.plays())

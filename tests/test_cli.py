"""`python -m companion ...` run as a user runs it: a subprocess with the project's Python, at the repo root."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = "examples/city-of-rome-rulebook.json"


def cli(*args, check_rc=None):
    result = subprocess.run([sys.executable, "-m", "companion", *map(str, args)], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    if check_rc is not None:
        assert result.returncode == check_rc, (result.returncode, result.stdout, result.stderr)
    return result


def rulebook() -> dict:
    return json.loads((ROOT / RULEBOOK).read_text(encoding="utf-8"))


# ------------------------------------------------------------------ games

def test_games_lists_city_of_rome_with_its_player_range():
    out = cli("games", check_rc=0).stdout
    line = next(l for l in out.splitlines() if l.startswith("city-of-rome"))
    assert "City of Rome" in line and "2-4" in line


def test_games_json():
    games = {g["id"]: g for g in json.loads(cli("games", "--json", check_rc=0).stdout)}
    assert games["city-of-rome"] == {"id": "city-of-rome", "name": "City of Rome", "min_players": 2, "max_players": 4}
    for g in games.values():
        assert 1 <= g["min_players"] <= g["max_players"]


def test_games_in_german():
    assert "2-4 Spieler" in cli("games", "--lang", "de", check_rc=0).stdout


# ------------------------------------------------------------------ setup

@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_text(n):
    out = cli("setup", "city-of-rome", "--players", n, check_rc=0).stdout
    assert f"{n} players" in out.splitlines()[0]
    assert "[ ] 1." in out
    assert f"{5 * n} in all" in out
    assert f"lasts {7 if n == 2 else 14} rounds" in out


@pytest.mark.parametrize("n, stacks, cards, rounds", [
    (2, "I, II", "4, 8, 14", 7), (3, "I, II, III", "3, 6, 10, 14", 14), (4, "I, II, III, IV", "3, 6, 10, 14", 14)])
def test_setup_json(n, stacks, cards, rounds):
    data = json.loads(cli("setup", "city-of-rome", "--players", n, "--json", check_rc=0).stdout)
    assert data["game"] == "city-of-rome" and data["players"] == n
    steps = {s["id"]: s for s in data["steps"]}
    for s in data["steps"]:
        assert isinstance(s["text"], str) and s["text"] and isinstance(s["details"], list)
        assert "{" not in s["text"] and "city-of-rome." not in s["text"]
    assert f"stacks {stacks} face down" in steps["stacks"]["text"]
    assert f"influence cards {cards} into stack I" in steps["influence"]["text"]
    assert f"{rounds} rounds" in steps["rounds"]["text"]
    assert f"({5 * n} in all)" in steps["money"]["text"]


def test_setup_with_names_and_start_player_gives_the_draft_order():
    data = json.loads(cli("setup", "city-of-rome", "--players", 4, "--names", "Anna,Ben,Cleo,Dora",
                          "--start", 3, "--json", check_rc=0).stdout)
    steps = {s["id"]: s for s in data["steps"]}
    assert steps["start_player"]["text"].startswith("Cleo is the start player")
    assert steps["draft"]["text"].startswith("Ben (right of the start player) draws 4 cards")
    assert steps["draft"]["details"] == ["Order of picking: Ben, Anna, Dora, Cleo; the start player takes the last card."]


def test_setup_in_german():
    out = cli("setup", "city-of-rome", "--players", 3, "--lang", "de", check_rc=0).stdout
    assert "Spieler" in out and "players" not in out


@pytest.mark.parametrize("players", [0, 1, 5, -1, 10])
def test_setup_invalid_player_count(players):
    result = cli("setup", "city-of-rome", "--players", players, check_rc=2)
    assert result.stdout == ""
    assert result.stderr.strip() == f"error: city-of-rome is for 2-4 players, not {players}"


def test_setup_player_count_not_a_number():
    result = cli("setup", "city-of-rome", "--players", "three", check_rc=2)
    assert "--players" in result.stderr and "three" in result.stderr


@pytest.mark.parametrize("args, message", [
    (["chess", "--players", "3"], "unknown game 'chess'"),
    (["city-of-rome", "--players", "3", "--names", "A,B"], "--names gives 2 names for 3 players"),
    (["city-of-rome", "--players", "3", "--names", "A,B,a"], "same name"),
    (["city-of-rome", "--players", "3", "--names", "A,,C"], "player 2 needs a name"),
    (["city-of-rome", "--players", "3", "--start", "4"], "--start must be between 1 and 3"),
])
def test_setup_other_mistakes(args, message):
    result = cli("setup", *args, check_rc=2)
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert "Traceback" not in result.stderr


# ------------------------------------------------------------------ score

def test_score_rulebook_json_has_the_documented_keys():
    data = json.loads(cli("score", RULEBOOK, "--json", check_rc=0).stdout)
    assert data["game"] == "city-of-rome"
    assert isinstance(data["winners"], list)
    assert len(data["players"]) == 3
    for p in data["players"]:
        assert {"name", "total", "rank", "categories"} <= set(p)
        assert isinstance(p["name"], str) and isinstance(p["total"], int) and isinstance(p["rank"], int)
        assert all(isinstance(v, int) for v in p["categories"].values())
        assert sum(p["categories"].values()) == p["total"]
    first = data["players"][0]
    assert first["name"] == "Rulebook example"
    assert first["total"] == 75
    assert first["categories"] == {"districts_2": 24, "districts_3": 14, "districts_4": 8, "aqueducts": 12,
                                   "temples": 4, "money": 9, "influence_tokens": 1, "influence_cards": 3}
    best = max(p["total"] for p in data["players"])
    assert data["winners"] == [p["name"] for p in data["players"] if p["total"] == best]
    assert first["rank"] == 1 and data["winners"] == ["Rulebook example"]


def test_score_text():
    out = cli("score", RULEBOOK, check_rc=0).stdout
    assert "1. Rulebook example: 75" in out
    assert "Winner: Rulebook example" in out


def test_score_german():
    out = cli("score", RULEBOOK, "--lang", "de", check_rc=0).stdout
    assert "Rulebook example: 75" in out


def broken(path: Path, change) -> Path:
    data = rulebook()
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def set_(path_keys, value):
    def change(data):
        target = data
        for k in path_keys[:-1]:
            target = target[k]
        target[path_keys[-1]] = value
    return change


def delete(path_keys):
    def change(data):
        target = data
        for k in path_keys[:-1]:
            target = target[k]
        del target[path_keys[-1]]
    return change


def two_aqueducts_in_a_row(data):
    data["players"][1]["city"][2][3] = "aqueduct"  # row 3 already has one at column 3


def temple_twice_across_players(data):
    data["players"][2]["city"][0][1] = "temple-fortuna"  # the rulebook city has it; only one in the box


INVALID = {
    "missing field": (delete(["players", 0, "money"]), "$.players[0].money", "is missing"),
    "missing players": (delete(["players"]), "$.players", "is missing"),
    "missing game": (delete(["game"]), "$.game", "is missing"),
    "wrong type": (set_(["players", 0, "money"], "9"), "$.players[0].money", "whole number"),
    "negative": (set_(["players", 1, "influence_tokens"], -1), "$.players[1].influence_tokens", "at least 0"),
    "city not a list": (set_(["players", 0, "city"], {}), "$.players[0].city", "must be a list"),
    "unknown card": (set_(["players", 0, "city", 0, 0], "palace"), "$.players[0].city[0][0].card", "palace"),
    "two aqueducts in one row": (two_aqueducts_in_a_row, "$.players[1].city[2]", "aqueduct"),
    "a temple twice across players": (temple_twice_across_players, "$.players[2].city[0][1]", "Temple of Fortuna"),
    "unknown game": (set_(["game"], "chess"), "$.game", "'chess' is not a known game"),
    "unknown field": (set_(["players", 0, "gold"], 3), "$.players[0].gold", "not a known field"),
    "influence card twice": (set_(["players", 2, "influence_cards"], [3]), "$.players[2].influence_cards[0]", "twice"),
    "influence card not in play": (set_(["players", 2, "influence_cards"], [4]), "$.players[2].influence_cards[0]", "4"),
    "one player": (lambda d: d["players"].__delitem__(slice(1, None)), "$.players", "at least 2"),
    "name twice": (set_(["players", 1, "name"], "rulebook example"), "$.players[1].name", "twice"),
}


@pytest.mark.parametrize("case", INVALID)
def test_score_invalid_file_names_the_field(tmp_path, case):
    change, field, words = INVALID[case]
    path = broken(tmp_path / "board.json", change)
    result = cli("score", path, "--json", check_rc=2)
    assert result.stdout == ""
    err = result.stderr.strip()
    assert "\n" not in err and "Traceback" not in err
    assert err.startswith(f"error: {path}: {field}"), err
    assert words in err


@pytest.mark.parametrize("content, words", [
    ("this is not JSON", "not valid JSON"),
    ('{"game": "city-of-rome", "players": [', "not valid JSON"),
    ("", "not valid JSON"),
    ("[1, 2]", "$: must be a JSON object"),
    ('"city-of-rome"', "$: must be a JSON object"),
])
def test_score_not_a_board_state(tmp_path, content, words):
    path = tmp_path / "board.json"
    path.write_text(content, encoding="utf-8")
    result = cli("score", path, check_rc=2)
    assert result.stderr.startswith(f"error: {path}: ") and words in result.stderr
    assert "Traceback" not in result.stderr


def test_score_unreadable_files(tmp_path):
    missing = cli("score", tmp_path / "nope.json", check_rc=2)
    assert "cannot read board state" in missing.stderr
    directory = cli("score", tmp_path, check_rc=2)
    assert "cannot read board state" in directory.stderr and "Traceback" not in directory.stderr
    (tmp_path / "latin1.json").write_bytes(b'{"game": "caf\xe9"}')
    assert "not UTF-8" in cli("score", tmp_path / "latin1.json", check_rc=2).stderr
    (tmp_path / "huge.json").write_text(" " * 1_000_001 + "{}", encoding="utf-8")
    assert "the limit is" in cli("score", tmp_path / "huge.json", check_rc=2).stderr


def test_no_command_is_a_usage_error():
    result = cli(check_rc=2)
    assert "usage" in result.stderr


# ------------------------------------------------------------------ hostile files, as a user runs them

def with_money(literal: str) -> str:
    data = rulebook()
    data["players"][0]["money"] = "MONEY"
    return json.dumps(data).replace('"MONEY"', literal)


def with_name(name: str) -> str:
    data = rulebook()
    data["players"][0]["name"] = name
    return json.dumps(data)  # ASCII: a lone surrogate is written as the escape \\ud800


@pytest.mark.parametrize("content, says", [
    (json.dumps(dict(rulebook(), game=["city-of-rome"])), "$.game: ['city-of-rome'] is not a known game"),
    (json.dumps(dict(rulebook(), game={"id": 1})), "$.game: {'id': 1} is not a known game"),
    (with_money("9" * 4400), "board state holds a number of more than 4300 digits"),
    (with_money("9" * 4300), "$.players[0].money: must be at most 999999"),
    (with_name("\ud800"), "$.players[0].name: contains text that is not valid Unicode"),
])
def test_score_hostile_files_in_a_real_process(tmp_path, content, says):
    path = tmp_path / "board.json"
    path.write_text(content, encoding="utf-8")
    result = cli("score", path, check_rc=2)
    assert result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"error: {path}: ") and says in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("entry", ["[5]", '"villa_4"', "7", "true", "null"])
def test_box_file_whose_game_entry_is_not_an_object_in_a_real_process(tmp_path, entry):
    box = tmp_path / "box.json"
    box.write_text('{"carpe-diem": ' + entry + "}", encoding="utf-8")
    result = cli("score", "examples/carpe-diem-2p-district.json", "--box", box, check_rc=2)
    assert result.stderr == f"error: {box}: $.carpe-diem: must be a JSON object\n"


def test_names_a_terminal_cannot_show_do_not_crash_the_output(tmp_path):
    data = rulebook()
    data["players"][0]["name"] = "Zoë 🎲"
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "companion", "score", str(path)], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, env={**__import__("os").environ, "PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0, result.stderr
    assert "Zo\\xeb \\U0001f3b2" in result.stdout

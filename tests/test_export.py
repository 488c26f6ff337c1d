"""Export (CSV, BG Stats, Tabula's own JSON) and import: exact round trips into a fresh data directory,
and bad files that change nothing and say why."""

import base64
import csv
import io
import json
import re
import time
import urllib.parse
import zlib
from pathlib import Path

import pytest
import segno

from companion.cli import main, score_data
from companion.core.plays import make_play
from companion.core.game import Game, make_config
from companion.games import GAMES
from companion.storage import Repository
from companion.storage import export

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ["city-of-rome-rulebook.json", "castles-of-tuscany-tie.json", "milestones-4-players.json",
            "carpe-diem-2p-district.json", "castles-of-tuscany-three-players.json"]
BOX = json.loads((ROOT / "examples/carpe-diem-box.json").read_text(encoding="utf-8"))
T0 = 1_760_000_000  # 2025-10-09, a fixed clock for the prepared plays


def example_play(name: str, n: int) -> dict:
    """A finished play as the app saves it, scored from an example board state."""
    board = json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))
    definition = GAMES[board["game"]]
    box = BOX.get(definition.id, {})
    sheet = score_data(board, box)
    colours = definition.colours_for(len(sheet.players))
    config = make_config(definition, [{"name": p.name, "colour": c} for p, c in zip(sheet.players, colours)], 0)
    game = Game(f"play{n:02d}", definition, config, created=T0 + n * 86400)
    play = make_play(game, sheet, board, box)
    play["finished"] = T0 + n * 86400 + 3000 + n
    play["duration_s"] = 3000 + n
    return play


def real_history() -> list[dict]:
    return [example_play(name, n) for n, name in enumerate(EXAMPLES, 1)]


def fill(data_dir: Path, plays: list[dict], box: dict | None = None) -> Repository:
    repo = Repository(data_dir, GAMES)
    for p in plays:
        repo.restore_play(p)
    for gid, values in (box or {}).items():
        repo.set_box_data(gid, values)
    return repo


@pytest.fixture
def repo(tmp_path):
    return fill(tmp_path / "data", real_history(), {"carpe-diem": BOX["carpe-diem"]})


def without_time(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "exported"}


# ------------------------------------------------------------------ own format

def test_export_import_round_trips_exactly_into_a_fresh_data_dir(repo, tmp_path):
    first = export.full_export(repo)
    assert len(first["plays"]) == 5 and first["box_data"] == {"carpe-diem": BOX["carpe-diem"]}
    text = export.dumps(first)
    fresh = Repository(tmp_path / "fresh", GAMES)
    assert export.import_data(fresh, export.parse_text(text)) == {"added": 5, "skipped": 0, "box_games": 1}
    again = export.full_export(Repository(tmp_path / "fresh", GAMES))  # reopened from disk
    assert without_time(again) == without_time(first)
    assert export.dumps(without_time(again)) == export.dumps(without_time(first))  # byte for byte
    # the plays are the very records the first history holds
    assert sorted(map(export.clean, repo.plays()), key=lambda p: p["id"]) == \
        sorted(map(export.clean, fresh.plays()), key=lambda p: p["id"])


def test_importing_twice_adds_nothing_the_second_time(repo, tmp_path):
    data = json.loads(export.dumps(export.full_export(repo)))
    fresh = Repository(tmp_path / "fresh", GAMES)
    export.import_data(fresh, data)
    assert export.import_data(fresh, data) == {"added": 0, "skipped": 5, "box_games": 1}
    assert len(fresh.plays()) == 5


def good_file(repo) -> dict:
    return json.loads(export.dumps(export.full_export(repo)))


BAD = [
    (lambda d: d.pop("format"), "$.format"),
    (lambda d: d.update(version=2), "$.version"),
    (lambda d: d.update(plays={}), "$.plays"),
    (lambda d: d["plays"][1].update(game="chess"), "$.plays[1].game"),
    (lambda d: d["plays"][0]["players"][1].update(total="12"), "$.plays[0].players[1].total"),
    (lambda d: d["plays"][0]["players"][0].update(total=True), "$.plays[0].players[0].total"),
    (lambda d: d["plays"][2]["players"][0]["categories"].update(x=1.5), "$.plays[2].players[0].categories.x"),
    (lambda d: d["plays"][0].update(winners=["Nobody"]), "$.plays[0].winners"),
    (lambda d: d["plays"][0].update(start_seat=len(d["plays"][0]["players"])), "$.plays[0].start_seat"),
    (lambda d: d["plays"][0].update(start_seat=True), "$.plays[0].start_seat"),
    (lambda d: d["plays"][3].update(finished="yesterday"), "$.plays[3].finished"),
    (lambda d: d["plays"][3].update(finished=1e300), "$.plays[3].finished"),  # no date can show it
    (lambda d: d["plays"][2].update(duration_s=d["plays"][2]["finished"] + 1), "$.plays[2].duration_s"),
    (lambda d: d["plays"][0]["category_labels"].update(x="text"), "$.plays[0].category_labels.x"),
    (lambda d: d["plays"][4].update(id=d["plays"][0]["id"]), "$.plays[4].id"),
    (lambda d: d["plays"][0]["players"].append(dict(d["plays"][0]["players"][0])), "$.plays[0].players"),
    (lambda d: d["box_data"].update(chess={}), "$.box_data.chess"),
    (lambda d: d["box_data"]["carpe-diem"].update(villa_4=True), "$.box_data.carpe-diem.villa_4"),
]


def explanation(d: dict, play: int = 0, player: int = 0) -> dict:
    """A message of the file: the first explanation of a player."""
    expl = d["plays"][play]["players"][player]["explanations"]
    return expl[next(iter(expl))]


def first_category(d: dict, play: int = 0, player: int = 0) -> str:
    return next(iter(d["plays"][play]["players"][player]["explanations"]))


MESSAGES = [  # (how the file is spoiled, the field named); the first explanation of plays[0].players[0]
    (lambda d: explanation(d).update(key="no.such.key"), "explanations.{c}.key"),
    (lambda d: explanation(d).update(key="{"), "explanations.{c}.key"),
    (lambda d: explanation(d).update(key="{x:>50000000}"), "explanations.{c}.key"),
    (lambda d: explanation(d).update(params={"x": "y" * 201}), "explanations.{c}.params.x"),
    (lambda d: explanation(d).update(params={"x": list(range(51))}), "explanations.{c}.params.x"),
    (lambda d: explanation(d).update(params={"x": [[1]]}), "explanations.{c}.params.x[0]"),
    (lambda d: explanation(d).update(params={f"p{i}": 1 for i in range(51)}), "explanations.{c}.params"),
    (lambda d: explanation(d).update(params={"x": {"a": 1}}), "explanations.{c}.params.x"),
    (lambda d: explanation(d).update(params={"x": 10**16}), "explanations.{c}.params.x"),
    (lambda d: explanation(d).update(params={"x": {"$msg": {"key": "core.list_sep", "params": {"y": {"$msg": {
        "key": "core.list_sep", "params": {"z": {"$msg": {"key": "core.list_sep"}}}}}}}}}),
     "explanations.{c}.params.x.$msg.params.y.$msg.params.z"),
    (lambda d: explanation(d).update(params={"x": {"$msg": {"key": "nope"}}}), "explanations.{c}.params.x.$msg.key"),
    (lambda d: explanation(d).update(extra=1), "explanations.{c}"),
]


@pytest.mark.parametrize("spoil,field", MESSAGES, ids=[f"msg-{i}" for i in range(len(MESSAGES))])
def test_a_message_must_be_in_the_catalogue_and_small(repo, tmp_path, spoil, field):
    data = good_file(repo)
    spoil(data)
    with pytest.raises(export.ImportProblem) as caught:
        export.import_data(Repository(tmp_path / "target", GAMES), data)
    assert caught.value.field == "$.plays[0].players[0]." + field.format(c=first_category(data))
    assert Repository(tmp_path / "target", GAMES).plays() == []


def test_a_message_three_deep_with_lists_is_what_tabula_writes_and_imports(repo, tmp_path):
    data = good_file(repo)
    explanation(data).update(params={"x": [{"$msg": {"key": "core.list_sep", "params": {"y": {"$msg": {
        "key": "core.list_sep", "params": {"z": ["a" * 200, 1.5, None, True]}}}}}}]})
    assert export.import_data(Repository(tmp_path / "target", GAMES), data)["added"] == 5


BOX_BAD = [
    ({"carpe-diem": {"villa_4": [1]}}, "$.box_data.carpe-diem.villa_4", "whole number"),
    ({"carpe-diem": {"villa_4": {"a": 1}}}, "$.box_data.carpe-diem.villa_4", "whole number"),
    ({"carpe-diem": {"villa_4": 1000}}, "$.box_data.carpe-diem.villa_4", "at most 999"),
    ({"carpe-diem": {"villa_4": -1}}, "$.box_data.carpe-diem.villa_4", "at least 0"),
    ({"carpe-diem": {"palace": 3}}, "$.box_data.carpe-diem.palace", "not a Carpe Diem box value"),
    ({"carpe-diem": {"villa_3": 4}}, "$.box_data.carpe-diem.villa_3", "3"),  # shipped: 3
    ({"carpe-diem": {"villa_6": 2}}, "$.box_data.carpe-diem.villa_6", "does not go down"),  # villa_5 is 7
    ({"city-of-rome": {"x": 1}}, "$.box_data.city-of-rome.x", "no box data"),
    ({"castles-of-tuscany": {"colour_bonus.blue.I": 5}}, "$.box_data.castles-of-tuscany.colour_bonus.blue.I",
     "not part of"),
    ({"castles-of-tuscany": {"colour_bonus.red.I": "5"}}, "$.box_data.castles-of-tuscany.colour_bonus.red.I",
     "whole number"),
    ({"carpe-diem": "villa_4=5"}, "$.box_data.carpe-diem", "object"),
]


@pytest.mark.parametrize("box,field,says", BOX_BAD, ids=[f"box-{i}" for i in range(len(BOX_BAD))])
def test_box_data_in_a_backup_goes_through_the_games_own_check(repo, tmp_path, box, field, says):
    data = good_file(repo)
    data["box_data"] = box
    with pytest.raises(export.ImportProblem) as caught:
        export.import_data(Repository(tmp_path / "target", GAMES), data)
    assert caught.value.field == field and says in caught.value.problem


def test_good_box_data_of_every_game_imports(repo, tmp_path):
    from companion.games.castles_of_tuscany.components import box_key
    data = good_file(repo)
    castles = {box_key("red", "I"): 5, box_key("grey", "II"): 2}
    data["box_data"] = {"carpe-diem": {"villa_4": 5, "banderole_12": 9}, "castles-of-tuscany": castles}
    target = Repository(tmp_path / "target", GAMES)
    assert export.import_data(target, data)["box_games"] == 2
    assert target.box_data("castles-of-tuscany") == castles


@pytest.mark.parametrize("text,field,says", [
    ('{"format": "tabula-export", "version": 1, "plays": [], "n": ' + "9" * 4301 + "}", "$", "4300 digits"),
    ('{"format": "tabula-export", "version": 1, "plays": [{"id": "\\ud800"}]}', "$.plays[0].id", "Unicode"),
    ('{"format": "tabula-export", "version": 1, "plays": [], "\\udfff": 1}', "$", "Unicode"),
])
def test_huge_numbers_and_lone_surrogates_are_refused(text, field, says):
    with pytest.raises(export.ImportProblem) as caught:
        export.parse_text(text)
    assert caught.value.field == field and says in caught.value.problem


def test_a_lone_surrogate_in_a_player_name_is_refused_naming_the_field(repo):
    data = good_file(repo)
    data["plays"][1]["players"][0]["name"] = "Ann\ud800"
    data["plays"][1]["winners"] = ["Ann\ud800"]
    with pytest.raises(export.ImportProblem) as caught:
        export.parse_text(json.dumps(data))
    assert caught.value.field == "$.plays[1].players[0].name"


@pytest.mark.parametrize("spoil,field", BAD, ids=[f for _, f in BAD])
def test_a_bad_file_changes_nothing_and_names_the_field(repo, tmp_path, spoil, field):
    data = good_file(repo)
    spoil(data)
    target = fill(tmp_path / "target", [example_play("milestones-stone-cutters.json", 9)])
    before = (tmp_path / "target" / "history.jsonl").read_bytes(), export.full_export(target)["box_data"]
    with pytest.raises(export.ImportProblem) as caught:
        export.import_data(target, data)
    assert caught.value.field == field
    assert (tmp_path / "target" / "history.jsonl").read_bytes() == before[0]
    assert export.full_export(target)["box_data"] == before[1]


@pytest.mark.parametrize("content,says", [
    (b"\xff\xfe not text", "not UTF-8"),
    (b"{\"format\": ", "not valid JSON"),
    (b"[1, 2]", "not a JSON object"),
])
def test_unreadable_content_is_refused(content, says):
    with pytest.raises(export.ImportProblem, match=says):
        export.parse_text(content)


def test_a_bgstats_file_is_recognised_and_refused(repo):
    bgs = export.play_bgstats(repo.plays()[0])
    with pytest.raises(export.ImportProblem, match="BG Stats file"):
        export.parse_text(json.dumps(bgs))


def test_size_limit(monkeypatch):
    monkeypatch.setattr(export, "MAX_IMPORT_BYTES", 100)
    with pytest.raises(export.ImportProblem, match="limit is 100"):
        export.parse_text("{" + " " * 200 + "}")


# ------------------------------------------------------------------ CSV and BG Stats

def test_csv_has_one_row_per_player_oldest_first(repo):
    rows = list(csv.DictReader(io.StringIO(export.plays_csv(repo.plays()))))
    plays = sorted(repo.plays(), key=lambda p: p["finished"])
    assert len(rows) == sum(len(p["players"]) for p in plays)
    first = plays[0]  # City of Rome, the rulebook city
    anna = next(r for r in rows if r["play_id"] == first["id"] and r["seat"] == "1")
    p0 = first["players"][0]
    assert (anna["game"], anna["player"], int(anna["total"])) == ("City of Rome", p0["name"], p0["total"])
    assert anna["winner"] == ("yes" if p0["name"] in first["winners"] else "no")
    assert int(anna["duration_min"]) == round(first["duration_s"] / 60)
    for cid, pts in p0["categories"].items():
        assert int(anna[f"cat:{cid}"]) == pts
    assert sum(int(v) for k, v in anna.items() if k.startswith("cat:") and v) == p0["total"]
    # a category of another game is empty
    other = next(r for r in rows if r["game_id"] != "city-of-rome")
    assert any(k.startswith("cat:") and v == "" for k, v in other.items())
    assert export.plays_csv([]).startswith("play_id,date,game_id")


def test_csv_in_german_names_the_game_in_german(repo):
    text = export.plays_csv(repo.plays(), "de")
    assert "Rom – Die Stadt der Baumeister" in text and "City of Rome" not in text


def test_bgstats_play_file_maps_every_field(repo):
    play = next(p for p in repo.plays() if p["game"] == "castles-of-tuscany" and len(p["winners"]) == 1)
    data = export.play_bgstats(play)
    assert data["about"].startswith("This is a Play file that can be read by Board Game Stats")
    assert data["games"][0]["name"] == "The Castles of Tuscany" and data["games"][0]["highestWins"] is True
    assert data["games"][0]["bggId"] == 300327 and data["games"][0]["noPoints"] is False
    (bp,) = data["plays"]
    assert bp["gameRefId"] == data["games"][0]["id"] and bp["bggId"] == 300327
    assert bp["durationMin"] == round(play["duration_s"] / 60)
    # UTC, as BG Stats' link wants it: when the game began
    assert bp["playDate"] == time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(play["finished"] - play["duration_s"]))
    assert bp["entryDate"] == time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(play["finished"]))
    names = {p["id"]: p["name"] for p in data["players"]}
    scores = {names[s["playerRefId"]]: s for s in bp["playerScores"]}
    for p in play["players"]:
        s = scores[p["name"]]
        assert s["score"] == str(p["total"]) and s["rank"] == p["rank"]
        assert s["winner"] == (p["name"] in play["winners"])
        assert s["startPlayer"] == (p["name"] == play["start_player"])
    assert sum(s["startPlayer"] for s in bp["playerScores"]) == 1
    assert [s["seatOrder"] for s in bp["playerScores"]] == list(range(len(play["players"])))
    # the same play gives the same uuids (BG Stats can recognise a play shared twice)
    assert export.play_bgstats(play)["plays"][0]["uuid"] == bp["uuid"]
    assert export.bgstats_file_name(play).endswith(".bgsplay")
    # the players' uuids are the link's player ids: the same name, the same player in every play
    assert [p["uuid"] for p in data["players"]] == [export.bgstats_player_id(p["name"]) for p in play["players"]]
    milestones = export.play_bgstats(next(p for p in repo.plays() if p["game"] == "milestones"))
    assert milestones["games"][0]["bggId"] == 0 == milestones["plays"][0]["bggId"]  # not known: not linked


def test_a_player_renamed_on_the_end_board_keeps_the_start_player_flag(tmp_path):
    """The start player is a player at the table ("Der jüngste Spieler wird Startspieler und erhält die
    Startspielerkarte, die er für den Rest des Spiels vor sich liegen lässt"): Ben starts, and his name is
    corrected to "Benedikt" on the end board. The play names him as the score sheet does
    and keeps his seat, so BG Stats' file, its link and the CSV mark Benedikt as the start player; an
    import brings the seat back whole."""
    board = json.loads((ROOT / "examples" / "castles-of-tuscany-three-players.json").read_text(encoding="utf-8"))
    definition = GAMES[board["game"]]
    colours = definition.colours_for(len(board["players"]))
    config = make_config(definition, [{"name": p["name"], "colour": c} for p, c in zip(board["players"], colours)], 1)
    assert config["players"][1]["name"] == "Ben"
    board["players"][1]["name"] = "Benedikt"
    play = make_play(Game("renamed", definition, config, created=T0), score_data(board, {}), board)
    assert (play["start_player"], play["start_seat"]) == ("Benedikt", 1)
    repo = fill(tmp_path / "data", [play])
    for kept in (repo.plays()[0], export.full_export(repo)["plays"][0]):
        file = export.play_bgstats(kept)
        names = {p["id"]: p["name"] for p in file["players"]}
        assert [names[s["playerRefId"]] for s in file["plays"][0]["playerScores"] if s["startPlayer"]] == ["Benedikt"]
        link = decode_link(export.bgstats_link(kept))
        assert [p["name"] for p in link["players"] if p["startPlayer"]] == ["Benedikt"]
        rows = list(csv.DictReader(io.StringIO(export.plays_csv([kept]))))
        assert {row["start_player"] for row in rows} == {"Benedikt"}
    again = Repository(tmp_path / "again", GAMES)
    export.import_data(again, json.loads(export.dumps(export.full_export(repo))))
    assert again.plays()[0]["start_seat"] == 1


def test_a_play_saved_before_the_seat_was_kept_exports_its_start_player_by_name(repo):
    """Plays of earlier versions hold the start player's name only: the player of that name is flagged."""
    play = {k: v for k, v in repo.plays()[0].items() if k != "start_seat"}
    starter = play["players"][-1]["name"]
    play["start_player"] = starter
    file = export.play_bgstats(play)
    assert [s["startPlayer"] for s in file["plays"][0]["playerScores"]] == [
        i == len(play["players"]) - 1 for i in range(len(play["players"]))]
    assert [p["startPlayer"] for p in decode_link(export.bgstats_link(play))["players"]] == [
        p["name"] == starter for p in play["players"]]
    assert {row["start_player"] for row in csv.DictReader(io.StringIO(export.plays_csv([play])))} == {starter}


def decode_link(link: str) -> dict:
    """What BG Stats reads of a createPlay link: the `data` query value, URL-decoded, as JSON."""
    parts = urllib.parse.urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    query = urllib.parse.parse_qs(parts.query, strict_parsing=True)
    assert list(query) == ["data"] and len(query["data"]) == 1
    return json.loads(query["data"][0])


def test_bgstats_link_carries_every_field_of_the_play(repo):
    utc = "%Y-%m-%d %H:%M:%S"
    for play in repo.plays():
        data = decode_link(export.bgstats_link(play))
        assert set(data) == {"sourceName", "sourcePlayId", "playDate", "durationMin", "game", "players"}
        assert data["sourceName"] == "Tabula" and data["sourcePlayId"] == play["id"]
        # UTC, when the game began; BG Stats' format exactly
        assert data["playDate"] == time.strftime(utc, time.gmtime(play["finished"] - play["duration_s"]))
        assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", data["playDate"])
        assert data["durationMin"] == round(play["duration_s"] / 60)
        game = data["game"]
        assert game["name"] == GAMES[play["game"]].name.render("en") and game["sourceGameId"] == play["game"]
        assert game["highestWins"] is True and game["noPoints"] is False
        expected = {"carpe-diem": 245934, "city-of-rome": 258466, "castles-of-tuscany": 300327}.get(play["game"])
        if expected is None:  # Milestones: no source for its BoardGameGeek id, so none is sent
            assert "bggId" not in game
        else:  # a number, never text (a quoted id crashed BG Stats)
            assert type(game["bggId"]) is int and game["bggId"] == expected
        assert [p["name"] for p in data["players"]] == [p["name"] for p in play["players"]]
        for sent, p in zip(data["players"], play["players"]):
            assert set(sent) == {"name", "sourcePlayerId", "score", "winner", "startPlayer", "rank"}
            assert type(sent["score"]) is int and sent["score"] == p["total"] and sent["rank"] == p["rank"]
            # every boolean present (BG Stats for Android fails on a missing one)
            assert sent["winner"] is (p["name"] in play["winners"])
            assert sent["startPlayer"] is (p["name"] == play["start_player"])
            assert sent["sourcePlayerId"] == export.bgstats_player_id(p["name"])
        assert sum(p["startPlayer"] for p in data["players"]) == 1 and any(p["winner"] for p in data["players"])
    # stable ids: a player is the same whatever the play, the case or the spaces around the name
    assert export.bgstats_player_id(" anna ") == export.bgstats_player_id("Anna") != export.bgstats_player_id("Ben")
    # the game's name in the app's language; a name with characters a URL must escape comes back whole
    play = dict(repo.plays()[0], players=[dict(p) for p in repo.plays()[0]["players"]])
    play["players"][0]["name"] = "Zoë & Ben = 100% #1 ?"
    sent = decode_link(export.bgstats_link(play, "de"))
    assert sent["players"][0]["name"] == "Zoë & Ben = 100% #1 ?"
    assert sent["game"]["name"] == GAMES[play["game"]].name.render("de")


def short_link_data(link: str, site: str) -> str:
    """What the BG Stats page reads of a short link: its fragment, base64url, raw deflate, as text."""
    page, _, fragment = link.partition("#")
    assert page == f"{site}bgstats.html" and fragment.startswith("play=")
    packed = fragment[len("play="):]
    assert re.fullmatch(r"[A-Za-z0-9_-]+", packed)  # nothing a URL escapes or a scanner cuts
    return zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)), -15).decode()


def test_the_short_link_carries_the_long_links_play(repo):
    site = "http://192.168.1.5:8550/"
    for play in repo.plays():
        for lang in ("en", "de"):
            data = short_link_data(export.bgstats_short_link(play, site, lang), site)
            assert data == export.bgstats_data(play, lang)
            assert export.bgstats_link(play, lang) == f"{export.BGSTATS_CREATE_PLAY}?data={urllib.parse.quote(data, safe=':,')}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_short_links_code_has_4px_modules_on_a_phone(repo, players):
    """4 px a module on a 390 px phone, edge to edge with its quiet zone (at most 97 modules a side), for
    the longest names a game takes (30 characters, some that UTF-8 writes in two bytes) and a site's path;
    BG Stats' own link needs up to 117 for 4 players."""
    play = next(p for p in repo.plays() if len(p["players"]) >= players)
    play = dict(play, players=[dict(p, name=f"{'Jürgen-Maximilian Österreicher'[:28]}{n:02d}")
                               for n, p in enumerate(play["players"][:players])])
    play["winners"] = [play["players"][0]["name"]]
    for site in ("http://192.168.178.100:8550/", "https://someone.github.io/tabula/"):
        short = segno.make(export.bgstats_short_link(play, site, "de"), error="l").symbol_size(border=4)[0]
        assert 390 / short >= 4, (players, site, short)
    assert segno.make(export.bgstats_link(play, "de"), error="l").symbol_size(border=4)[0] > 97


# ------------------------------------------------------------------ CLI

def test_cli_export_and_import_round_trip(repo, tmp_path, capsys):
    out = tmp_path / "all.json"
    assert main(["export", "--format", "json", "--out", str(out), "--data", str(repo.dir)]) == 0
    assert main(["import", str(out), "--data", str(tmp_path / "new")]) == 0
    assert "imported 5 plays (0 already there) and box data of 1 games" in capsys.readouterr().out
    assert main(["export", "--format", "json", "--out", str(tmp_path / "again.json"),
                 "--data", str(tmp_path / "new")]) == 0
    a = json.loads(out.read_text(encoding="utf-8"))
    b = json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))
    assert without_time(a) == without_time(b)


def test_cli_csv_and_bgstats_to_stdout(repo, capsys):
    assert main(["export", "--format", "csv", "--data", str(repo.dir)]) == 0
    assert capsys.readouterr().out.startswith("play_id,date,game_id,game,")
    latest = repo.plays()[0]
    assert main(["export", "--format", "bgstats", "--data", str(repo.dir)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["plays"][0]["uuid"] == export.play_bgstats(latest)["plays"][0]["uuid"]
    oldest = repo.plays()[-1]
    assert main(["export", "--format", "bgstats", "--play", oldest["id"], "--data", str(repo.dir)]) == 0
    assert json.loads(capsys.readouterr().out)["games"][0]["name"] == "City of Rome"


def test_cli_bgstats_of_an_empty_history_or_unknown_play(tmp_path, capsys):
    assert main(["export", "--format", "bgstats", "--data", str(tmp_path / "d")]) == 2
    assert "the history is empty" in capsys.readouterr().err
    assert main(["export", "--format", "bgstats", "--play", "nope", "--data", str(tmp_path / "d")]) == 2
    assert "no play 'nope'" in capsys.readouterr().err


def test_cli_import_of_a_bad_file_exits_2_and_changes_nothing(repo, tmp_path, capsys):
    data = good_file(repo)
    data["plays"][2]["players"][0]["rank"] = 0
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    target = tmp_path / "target"
    assert main(["import", str(bad), "--data", str(target)]) == 2
    err = capsys.readouterr().err
    assert "$.plays[2].players[0].rank" in err and "nothing was imported" in err
    assert Repository(target, GAMES).plays() == []
    assert main(["import", str(tmp_path / "missing.json"), "--data", str(target)]) == 2
    assert "cannot read it" in capsys.readouterr().err
    (tmp_path / "junk.json").write_bytes(b"not json")
    assert main(["import", str(tmp_path / "junk.json"), "--data", str(target)]) == 2
    assert "not valid JSON" in capsys.readouterr().err

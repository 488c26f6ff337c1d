"""Carpe Diem's final scoring against the rulebook (SPIELENDE / END OF THE GAME), box data, validation
and the CLI."""

import json

import pytest

from companion.cli import main
from companion.core.board import every_problem
from companion.core.definition import BoardStateError
from companion.core.where import where
from companion.games.carpe_diem import GAME
from companion.games.carpe_diem.scoring import GAME_ID, needed_box_keys, parse_board_state, score, validate_box

# Example box values (made up, as in examples/carpe-diem-box.json): never the rulebook's.
BOX = {"villa_4": 5, "villa_6": 10, "banderole_0": 0, "banderole_3": 2, "banderole_7": 6, "banderole_9": 8}


def cats(player):
    return {c.id: c.points for c in player.categories}


def quick_player(name, vp=0, storage=None, banderole=0, villas=(), completed=None, frame_met=(), cards=()):
    return {"name": name, "vp": vp, "storage": storage or {}, "banderole": banderole,
            "quick": {"villas": list(villas), "completed": completed or {}, "frame_met": list(frame_met)},
            "fountain_cards": list(cards)}


def OTHER():
    return quick_player("B", banderole=3)  # alone on its space


def table(*players):
    return {"game": "carpe-diem", "players": list(players)}


def sheet_for(data, box=BOX):
    return score(parse_board_state(data), box)


# ------------------------------------------------------------------ the rulebook's examples

def test_nick_villas_3_7_7_0_0(example):
    # A completed villa with 3 chimneys, two with 5, two incomplete with 4 each: 3 + 7 + 7 + 0 + 0 = 17.
    nick = sheet_for(example("carpe-diem-2p-district.json")).players[0]
    assert nick.name == "Nick"
    assert cats(nick)["villas"] == 3 + 7 + 7 + 0 + 0
    # The known values need no box data at all: 3 -> 3 and 5 -> 7 come from the rulebook.
    data = table(quick_player("Nick", villas=[3, 5, 5], banderole=3), quick_player("B", banderole=0))
    assert cats(score(parse_board_state(data), {"banderole_3": 2, "banderole_0": 0}).players[0])["villas"] == 17


def test_frame_example_baker_4_villa_3_pond_and_garden_missed(example):
    nick = sheet_for(example("carpe-diem-2p-district.json")).players[0]
    assert cats(nick)["frame"] == 4 + 3
    text = next(c for c in nick.categories if c.id == "frame").explanation.render("en")
    assert "baker dwelling (top 3): met, 4 VP" in text
    assert "villa (left 1): met, 3 VP" in text
    assert "pond (left 6): missed, 0 VP" in text
    assert "garden (bottom 2): missed, 0 VP" in text  # the garden on that column is not completed


def test_whole_nick_example(example):
    nick = sheet_for(example("carpe-diem-2p-district.json")).players[0]
    # storage: 1 grape + 2 chicken + 1 fish + 3 coins + 1 bread + 3 tiles = 11 -> 5;
    # fountain cards: merchant (1 completed) 2 + villa (3 completed) 6 = 8; banderole 9 -> 8 (example box).
    assert cats(nick) == {"vp_cards": 64, "villas": 17, "storage": 5, "banderole": 8, "fountains": 8, "frame": 7}
    assert nick.total == 109


def test_remaining_items_halved_rounded_down():
    for items, points in ((0, 0), (1, 0), (7, 3), (8, 4)):
        storage = {"tiles": items}
        assert cats(sheet_for(table(quick_player("A", storage=storage), OTHER())).players[0])[
            "storage"] == points
    storage = {"grapes": 1, "herbs": 1, "chicken": 1, "fish": 1, "coins": 1, "bread": 1, "tiles": 1}
    assert cats(sheet_for(table(quick_player("A", storage=storage), OTHER())).players[0])["storage"] == 3


def test_fountain_cards_duplicates_both_score():
    a = quick_player("A", completed={"garden": 2, "market": 1, "fountain": 3}, cards=["garden", "garden", "market"])
    assert cats(sheet_for(table(a, OTHER())).players[0])["fountains"] == 2 * 2 + 2 * 2 + 1 * 2


def test_incomplete_features_do_not_count_for_fountain_cards():
    features = [
        {"kind": "garden", "cells": [[1, 1], [1, 2]], "completed": True},
        {"kind": "garden", "cells": [[2, 1], [2, 2]], "completed": False},
        {"kind": "fountain", "cells": [[3, 3]]},
    ]
    a = {"name": "A", "vp": 0, "storage": {}, "banderole": 0, "district": {"features": features},
         "fountain_cards": ["garden"], "frame": FRAME_NOTHING}
    assert cats(sheet_for(table(a, OTHER())).players[0])["fountains"] == 2


FRAME_NOTHING = [{"side": "top", "line": i, "kind": "craftsman", "vp": 3} for i in range(1, 7)] + [
    {"side": "left", "line": 1, "kind": "craftsman", "vp": 3}, {"side": "left", "line": 2, "kind": "craftsman", "vp": 3}]


def district_player(features, frame, cards=()):
    return {"name": "A", "vp": 0, "storage": {}, "banderole": 0, "district": {"features": features},
            "fountain_cards": list(cards), "frame": frame}


def test_frame_lines_run_along_rows_and_columns():
    pond = {"kind": "pond", "cells": [[2, 5], [3, 5]], "completed": True}
    frame = [{"side": "top", "line": 5, "kind": "pond", "vp": 5},      # column 5: met
             {"side": "bottom", "line": 5, "kind": "pond", "vp": 4},   # same column from below: met
             {"side": "left", "line": 3, "kind": "pond", "vp": 3},     # row 3: met
             {"side": "right", "line": 5, "kind": "pond", "vp": 5},    # row 5: missed
             {"side": "top", "line": 2, "kind": "pond", "vp": 5},      # column 2: missed
             ] + FRAME_NOTHING[:3]
    assert cats(sheet_for(table(district_player([pond], frame), OTHER())).players[0])["frame"] == 5 + 4 + 3


def test_frame_goal_counts_once_however_many_features_lie_on_the_line():
    villas = [{"kind": "villa", "cells": [[1, 1], [1, 2]], "completed": True, "chimneys": 3},
              {"kind": "villa", "cells": [[1, 4], [1, 5]], "completed": True, "chimneys": 3}]
    frame = [{"side": "left", "line": 1, "kind": "villa", "vp": 3}] + FRAME_NOTHING[:7]
    result = cats(sheet_for(table(district_player(villas, frame), OTHER())).players[0])
    assert result["frame"] == 3 and result["villas"] == 6


# ------------------------------------------------------------------ tie-break

def test_tie_last_on_the_banderole_bar_wins():
    # Both 20 in all: A on space 3 (2 VP) with 18 VP cards, B on space 0 (0 VP) with 20: B is further back.
    sheet = sheet_for(table(quick_player("A", vp=18, banderole=3), quick_player("B", vp=20, banderole=0)))
    assert [p.total for p in sheet.players] == [20, 20]
    assert sheet.winners == ["B"]


def test_tie_on_a_shared_space_the_lower_disc_wins(example):
    sheet = sheet_for(example("carpe-diem-3p-quick-tie.json"))
    hardy, sylvia, nils = sheet.players
    assert hardy.total == sylvia.total
    # Sylvia's disc lies below Hardy's on space 7: she is further back.
    assert sheet.winners == ["Sylvia"] and hardy.rank == 2 and nils.rank == 3


# ------------------------------------------------------------------ box data

def test_a_value_printed_on_the_box_and_not_entered_is_never_guessed_and_the_result_names_it():
    """The final scoring never stops for box data: what is not entered is not counted, and the result
    says in words which values they are, where they are printed and where to enter them."""
    data = parse_board_state(table(quick_player("A", villas=[3, 4, 8], banderole={"space": 5, "level": 1}),
                                   quick_player("B", banderole={"space": 5, "level": 0})))
    assert needed_box_keys(data, {}) == ["banderole_5", "villa_4", "villa_8"]
    sheet = score(data, {})
    a, b = sheet.players
    assert cats(a)["villas"] == 3 and cats(a)["banderole"] == 0 == cats(b)["banderole"]  # 3 chimneys: the rulebook's
    assert "4 chimneys: not counted yet" in a.categories[1].explanation.render("en")
    assert a.categories[3].explanation.render("de") == "Feld 5: noch nicht gezählt (die dort aufgedruckten Punkte sind nicht eingegeben)"
    said = sheet.notes[0].render("en")
    assert said.startswith("Not counted yet, because these points printed on your game are not entered: ")
    for part in ("a completed villa with 4 chimneys (the villa table on the overview board)",
                 "a completed villa with 8 chimneys", "space 5 of the banderole bar (the top margin of the game board)",
                 "Settings, Box data, Carpe Diem"):
        assert part in said, part
    assert "villa_4" not in said and "box." not in said and "banderole_5" not in sheet.notes[0].render("de")
    assert all(n.key != "carpe-diem.note.box_used" for n in sheet.notes)  # nothing was entered
    # Entered: counted, and the result says which values the players entered.
    sheet = score(data, {"banderole_5": 3, "villa_4": 4, "villa_8": 12})
    assert cats(sheet.players[0])["villas"] == 3 + 4 + 12 and cats(sheet.players[0])["banderole"] == 3
    assert all(n.key != "carpe-diem.note.box_missing" for n in sheet.notes)
    note = sheet.notes[-1].render("en")
    assert "villa with 4 chimneys = 4 VP" in note and "banderole space 5 = 3 VP" in note
    assert "3 chimneys" not in note  # the rulebook's value is not "entered"


@pytest.mark.parametrize("box,field,fragment", [
    ({"villa_4": -1}, "box.villa_4", "at least 0"),
    ({"villa_4": "5"}, "box.villa_4", "whole number"),
    ({"villa_4": 8}, "box.villa_4", "does not go down"),   # 4 chimneys > 5 chimneys' 7
    ({"villa_2": 4}, "box.villa_2", "does not go down"),   # 2 chimneys > 3 chimneys' 3
    ({"villa_6": 6}, "box.villa_6", "does not go down"),
    ({"villa_5": 6}, "box.villa_5", "rulebook"),
    ({"banderole_3": -2}, "box.banderole_3", "at least 0"),
    ({"villa-4": 5}, "box.villa-4", "not a Carpe Diem box value"),
])
def test_box_data_is_validated(box, field, fragment):
    with pytest.raises(BoardStateError) as error:
        validate_box(box)
    assert error.value.field == field
    assert fragment in error.value.msg.render("en")


def test_box_values_declared_with_known_points_and_source():
    values = {v.key: v for v in GAME.box.values}
    assert values["villa_3"].known == 3 and values["villa_5"].known == 7
    assert values["villa_3"].source is not None
    assert values["villa_4"].known is None and values["banderole_0"].known is None
    assert GAME.box.value("banderole_27").label.render("de").startswith("SP auf Feld 27")
    assert validate_box({"villa_4": 5, "villa_6": 7, "banderole_3": 0}) == {"villa_4": 5, "villa_6": 7,
                                                                          "banderole_3": 0}


# ------------------------------------------------------------------ validation

def nick(example):
    return example("carpe-diem-2p-district.json")


def features(d):
    return d["players"][0]["district"]["features"]


@pytest.mark.parametrize("mutate,field,fragment", [
    (lambda d: d["players"][0].pop("vp"), "$.players[0].vp", "missing"),
    (lambda d: d["players"][0]["storage"].__setitem__("coins", -1), "$.players[0].storage.coins", "at least 0"),
    (lambda d: d["players"][0]["storage"].__setitem__("gold", 1), "$.players[0].storage.gold", "not a known field"),
    (lambda d: features(d)[0].__setitem__("kind", "palace"), "$.players[0].district.features[0].kind", "feature kind"),
    (lambda d: features(d)[0]["cells"].append([7, 1]), "$.players[0].district.features[0].cells[2][0]", "at most 6"),
    (lambda d: features(d)[0]["cells"].append([4, 4]), "$.players[0].district.features[0].cells", "touch"),
    (lambda d: features(d)[0]["cells"].append([1, 1]), "$.players[0].district.features[0].cells[2]", "twice"),
    (lambda d: features(d)[0].pop("chimneys"), "$.players[0].district.features[0].chimneys", "missing"),
    (lambda d: features(d)[0].__setitem__("cells", [[1, 1]]), "$.players[0].district.features[0].cells",
     "at least 2 tiles"),
    (lambda d: features(d)[5].__setitem__("cells", [[2, 3]]), "$.players[0].district.features[5].cells",
     "exactly 2 halves"),
    (lambda d: features(d)[5].__setitem__("chimneys", 1), "$.players[0].district.features[5].chimneys",
     "only villas"),
    (lambda d: features(d)[7].__setitem__("cells", [[3, 4], [4, 4], [5, 4], [6, 4], [6, 5]]),
     "$.players[0].district.features[7].cells", "never more than 4"),
    (lambda d: features(d)[7].pop("completed"), "$.players[0].district.features[7].completed", "missing"),
    (lambda d: features(d)[7].__setitem__("completed", "yes"), "$.players[0].district.features[7].completed",
     "true or false"),
    (lambda d: features(d)[9].__setitem__("completed", False), "$.players[0].district.features[9].completed",
     "always complete"),
    (lambda d: features(d)[10].__setitem__("cells", [[4, 1]]), "$.players[0].district.features[10].cells",
     "already holds a market"),
    (lambda d: d["players"][0]["fountain_cards"].pop(), "$.players[0].fountain_cards", "each fountain gives one"),
    (lambda d: d["players"][0]["fountain_cards"].__setitem__(0, "castle"), "$.players[0].fountain_cards[0]",
     "feature kind"),
    (lambda d: d["players"][0]["frame"].pop(), "$.players[0].frame", "8 goals"),
    (lambda d: d["players"][0]["frame"][0].__setitem__("vp", 6), "$.players[0].frame[0].vp", "3, 4 or 5"),
    (lambda d: d["players"][0]["frame"][0].__setitem__("side", "middle"), "$.players[0].frame[0].side", "not a side"),
    (lambda d: d["players"][0]["frame"][0].__setitem__("kind", "market"), "$.players[0].frame[0].kind",
     "villa, a landscape or a dwelling"),
    (lambda d: d["players"][0]["frame"][0].__setitem__("line", 0), "$.players[0].frame[0].line", "at least 1"),
    (lambda d: d["players"][1]["quick"].__setitem__("frame_met", [5, 2]), "$.players[1].quick.frame_met[1]",
     "3, 4 or 5"),
    (lambda d: d["players"][1]["quick"]["completed"].__setitem__("villa", 2), "$.players[1].quick.completed.villa",
     "chimney counts"),
    (lambda d: d["players"][1].__setitem__("district", {"features": []}), "$.players[1].district", "exactly one"),
    (lambda d: d["players"][1].__setitem__("banderole", 9), "$.players[1].banderole.level",
     "give each one's level"),
    (lambda d: (d["players"][1]["banderole"].update({"space": 9, "level": 2})), "$.players[1].banderole.level",
     "levels 0 to"),
    (lambda d: d["players"][1]["banderole"].__setitem__("level", 1), "$.players[1].banderole.level", "alone"),
    (lambda d: d["players"][1].__setitem__("name", "nick"), "$.players[1].name", "used twice"),
    (lambda d: d.__setitem__("game", "city-of-rome"), "$.game", "carpe-diem"),
])
def test_impossible_boards_name_the_field(example, mutate, field, fragment):
    data = nick(example)
    mutate(data)
    with pytest.raises(BoardStateError) as error:
        parse_board_state(data)
    assert error.value.field == field
    assert fragment in error.value.msg.render("en"), error.value.msg.render("en")
    assert "carpe-diem." not in error.value.msg.render("de")


def counted(name="Zoë", storage=None, villas=(), completed=None, cards=()):
    return quick_player(name, storage=storage, banderole=0 if name == "Zoë" else 3, villas=villas,
                        completed=completed, cards=cards)


def problems_of(*players):
    return [(e.field, e.msg.key) for e in every_problem(parse_board_state, table(*players))]


def test_counts_keep_a_fountain_card_for_each_fountain():
    """Brunnen: "nimmt sich der Spieler die obersten zwei Karten vom verdeckten Brunnenkarten-Stapel ... Eine
    der Karten behält er"; "Baut ein Spieler im Laufe des Spiels weitere Brunnen ein, darf er auch beide
    aufgenommenen Karten behalten und dafür eine bereits früher behaltene Karte wieder unter den Stapel
    schieben": one card kept per fountain, in the counts as in the grid."""
    assert problems_of(counted(cards=["garden"] * 20), OTHER()) == [
        ("$.players[0].fountain_cards", "carpe-diem.error.fountain_cards")]
    (field, msg), = [(e.field, e.msg) for e in every_problem(parse_board_state, table(
        counted(completed={"fountain": 2}, cards=["garden"]), OTHER()))]
    assert msg.render("en") == "1 fountain card but 2 fountains in the district: each fountain gives one card"
    assert where("en", GAME, field, ["Zoë", "B"]) == "Zoë's fountain cards"
    assert problems_of(counted(completed={"fountain": 2}, cards=["garden", "market"]), OTHER()) == []


def test_counts_fit_a_district_of_6_by_6_tiles():
    """"1 zufälliges Bau-Tableau" of 6 × 6 spaces: "Eine fertiggestellte Villa besteht aus mindestens zwei
    nebeneinander liegenden Plättchen", landscapes "bestehen aus zwei bis vier Plättchen", dwellings "aus
    genau zwei gleichfarbigen Hälften"; markets, bakeries and fountains "bestehen immer nur aus dem einen
    Plättchen, auf dem sie abgebildet sind". With no tile part of two features of one kind (as the grid draws
    a district), 36 tiles hold 18 completed features of a kind and 36 markets, bakeries and fountains."""
    for most in ({"villas": [3] * 18}, {"completed": {"garden": 18, "merchant": 18}},
                 {"completed": {"market": 20, "bakery": 16}}):
        assert problems_of(counted(**most), OTHER()) == []
    assert problems_of(counted(villas=[3] * 40), OTHER()) == [("$.players[0].quick.villas", "carpe-diem.error.quick_most")]
    assert problems_of(counted(completed={"pond": 19}), OTHER()) == [
        ("$.players[0].quick.completed.pond", "carpe-diem.error.quick_most")]
    assert problems_of(counted(completed={"market": 20, "bakery": 17}), OTHER()) == [
        ("$.players[0].quick.completed", "carpe-diem.error.quick_singles")]
    error = every_problem(parse_board_state, table(counted(villas=[3] * 40), OTHER()))[0]
    assert error.msg.render("en") == ("40 completed, but a district of 36 tiles holds at most 18: each covers 2 tiles "
                                      "or more, and no tile is part of two of them")
    assert where("en", GAME, error.field, ["Zoë", "B"]) == "Zoë's counts, completed villas"
    assert error.msg.render("de").startswith("40 fertiggestellt, aber ein Stadtviertel aus 36 Plättchen fasst")


def test_no_more_building_tiles_than_a_player_can_take():
    """"Das Spiel läuft über genau vier Durchgänge à sieben Runden"; "Ebenso muss auch ein Plättchen
    aufgenommen werden" (one a turn, "Nachdem jeder Spieler genau siebenmal an der Reihe war"); a craftsman
    dwelling's tile comes from "den am unteren Rand des Spielplans ausliegenden Bauplättchen" (the 11 seal
    spaces), and "Die ausliegenden Plättchen werden nach dem Nehmen nicht ergänzt". So a player owns at most
    28 + 11 = 39 building tiles, in storage and in the district, and a table at most 28 a player and the 11
    (with 4 players the whole box: 84 + 39)."""
    assert problems_of(counted(storage={"tiles": 39}), OTHER()) == []
    assert problems_of(counted(storage={"tiles": 200}), OTHER())[0] == (
        "$.players[0].storage.tiles", "carpe-diem.error.tiles_in_storage")
    # 2 markets and a fountain (3 tiles) and 5 completed gardens (10 tiles at least): 13 in the district
    crowded = counted(storage={"tiles": 27}, completed={"market": 2, "fountain": 1, "garden": 5}, cards=["villa"])
    error = every_problem(parse_board_state, table(crowded, OTHER()))[0]
    assert (error.field, error.msg.key) == ("$.players[0].storage.tiles", "carpe-diem.error.tiles_taken")
    assert error.msg.render("en") == (
        "27 unused tiles in storage and at least 13 in the district, but a player takes at most 39 building "
        "tiles: one on each of the 28 turns (4 phases of 7 rounds) and those of the 11 seal spaces (craftsman "
        "dwellings)")
    assert where("de", GAME, error.field, ["Zoë", "B"]) == "Zoë – Lager, Plättchen im Lager"
    crowded["storage"]["tiles"] = 26
    assert problems_of(crowded, OTHER()) == []
    # 2 players take 56 and the 11 of the seal spaces: 67 in all, not 39 + 29
    assert problems_of(counted(storage={"tiles": 39}), counted("Ben", storage={"tiles": 28})) == []
    assert problems_of(counted(storage={"tiles": 39}), counted("Ben", storage={"tiles": 29})) == [
        ("$.players", "carpe-diem.error.tiles_table")]
    table_msg = every_problem(parse_board_state, table(counted(storage={"tiles": 39}),
                                                       counted("Ben", storage={"tiles": 29})))[0].msg
    assert table_msg.render("en") == ("68 building tiles on the boards of the 2 players (in storage and in the "
                                      "districts), but at most 67 are ever taken: 28 by each player, one a turn, "
                                      "and the 11 of the seal spaces")
    assert table_msg.render("de").startswith("68 Bauplättchen bei den 2 Spielern")


def test_a_drawn_district_counts_every_tile_its_features_cover(example):
    """The same limit with the grid: Nick's district covers 19 tiles; with 20 unused in storage he would own
    39 tiles, with 21 one more than a player can take."""
    data = nick(example)
    covered = len({tuple(c) for f in features(data) for c in f["cells"]})
    data["players"][0]["storage"]["tiles"] = 39 - covered
    data["players"][1]["storage"]["tiles"] = 0
    assert every_problem(parse_board_state, data) == []
    data["players"][0]["storage"]["tiles"] += 1
    error, = every_problem(parse_board_state, data)
    assert (error.field, error.msg.params["placed"]) == ("$.players[0].storage.tiles", covered)


def test_every_explanation_renders_in_both_languages(example):
    for name in ("carpe-diem-2p-district.json", "carpe-diem-3p-quick-tie.json"):
        sheet = sheet_for(example(name))
        for lang in ("en", "de"):
            texts = [c.explanation.render(lang) for p in sheet.players for c in p.categories]
            texts += [p.tiebreak_note.render(lang) for p in sheet.players] + [n.render(lang) for n in sheet.notes]
            texts += [label.render(lang) for label in sheet.category_labels.values()]
            for text in texts:
                assert "carpe-diem." not in text and "{" not in text, text


# ------------------------------------------------------------------ CLI

EXAMPLE_BOX = "examples/carpe-diem-box.json"


@pytest.mark.parametrize("name", ["carpe-diem-2p-district.json", "carpe-diem-3p-quick-tie.json"])
def test_cli_scores_the_examples(name, capsys, monkeypatch):
    from tests.conftest import ROOT
    monkeypatch.chdir(ROOT)
    assert main(["score", f"examples/{name}", "--box", EXAMPLE_BOX, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "carpe-diem" and out["winners"]
    assert main(["score", f"examples/{name}", "--box", EXAMPLE_BOX, "--lang", "de"]) == 0
    assert "Sieger" in capsys.readouterr().out


def test_cli_bad_input_exit_2_names_the_field(tmp_path, capsys, example):
    from tests.conftest import ROOT
    data = nick(example)
    data["players"][0]["frame"][2]["vp"] = 7
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main(["score", str(bad), "--box", str(ROOT / EXAMPLE_BOX)]) == 2
    err = capsys.readouterr().err
    assert "$.players[0].frame[2].vp" in err and "3, 4 or 5" in err


def test_cli_scores_without_box_data_naming_what_is_not_counted_and_refuses_bad_box_data(tmp_path, capsys):
    from tests.conftest import ROOT
    assert main(["score", str(ROOT / "examples/carpe-diem-2p-district.json")]) == 0
    out = capsys.readouterr().out
    assert "space 9: not counted yet" in out and "6 chimneys: not counted yet" in out
    assert ("not entered: space 7 of the banderole bar (the top margin of the game board); space 9 of the banderole "
            "bar (the top margin of the game board); a completed villa with 6 chimneys") in out
    box = tmp_path / "box.json"
    box.write_text(json.dumps({"carpe-diem": {"villa_6": 1, "banderole_7": 1, "banderole_9": 1}}))
    assert main(["score", str(ROOT / "examples/carpe-diem-2p-district.json"), "--box", str(box)]) == 2
    assert f"{box}: $.carpe-diem.villa_6: the villa table does not go down" in capsys.readouterr().err

"""Milestones' setup checklist (rulebook: SPIELMATERIAL, SPIELVORBEREITUNG 1-12, SPIELENDE) and its
translations."""

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.game import make_config
from companion.games.milestones import GAME
from companion.games.milestones.setup import draft_order

NAMES = ["Anna", "Ben", "Cleo", "Dora"]
I18N = Path(__file__).resolve().parents[1] / "assets" / "i18n"


def checklist(n, start=0, drawn=False):
    config = make_config(GAME, [{"name": NAMES[i], "colour": GAME.colours_for(n)[i]} for i in range(n)], start)
    config["start_player_drawn"] = drawn
    return {s.id: s for s in GAME.rules.setup_checklist(config)}


def text(step, lang="en"):
    return step.text.render(lang)


def details(step, lang="en"):
    return [d.render(lang) for d in step.details]


# (players, start tiles, draw pile after setup = 35 - 5 - start tiles, tiles to buy, target field)
COUNTS = [(2, 5, 25, 30, 67), (3, 7, 23, 28, 59), (4, 9, 21, 26, 51)]


@pytest.mark.parametrize("n, start_tiles, pile, buyable, target", COUNTS)
def test_numbers_per_player_count(n, start_tiles, pile, buyable, target):
    steps = checklist(n)
    assert f"Turn up {start_tiles} more worker tiles" in text(steps["start_tiles"])
    assert f"holds {pile} tiles" in details(steps["start_tiles"])[0]
    assert f"{buyable} worker tiles can be bought" in details(steps["start_tiles"])[0]
    assert f"field {target}" in text(steps["target"])
    assert f"({n} coins in all)" in text(steps["coins"]) and "takes 1 coin" in text(steps["coins"])
    assert f"Stack the score markers of the {n} player colours on field 0" in text(steps["score_markers"])
    assert "35 worker tiles" in text(steps["display"]) and "turn up 5" in text(steps["display"])


def test_components_that_do_not_depend_on_the_player_count():
    steps = checklist(3)
    goods = text(steps["goods"])
    assert "12 cubes each, 48 in all" in goods and "24 coins" in goods
    assert "unlimited" in details(steps["goods"])[0]
    pieces = text(steps["pieces"])
    for fragment in ("12 houses", "48 road pieces", "24 road sections", "24 milestones", "12 markets",
                     "12 flour sacks"):
        assert fragment in pieces
    assert "11 markets stay in the supply" in text(steps["first_market"])
    assert "white market stall above the grain field" in text(steps["first_market"])
    assert "15 bonus tiles" in text(steps["bonus_tiles"]) and "bush" in text(steps["bonus_tiles"])
    assert "20 cover tiles" in text(steps["cover_tiles"])


@pytest.mark.parametrize("n, unused", [(2, 2), (3, 1), (4, 0)])
def test_action_boards(n, unused):
    step = checklist(n)["action_boards"]
    assert f"Each of the {n} players" in text(step)
    assert (details(step)[0].startswith(f"{unused} action board")) if unused else step.details == ()


@pytest.mark.parametrize("n, start, order", [
    (2, 0, ["Ben", "Anna"]),
    (3, 0, ["Cleo", "Ben", "Anna"]),
    (4, 0, ["Dora", "Cleo", "Ben", "Anna"]),
    (4, 2, ["Ben", "Anna", "Dora", "Cleo"]),
    (3, 1, ["Anna", "Cleo", "Ben"]),
])
def test_draft_from_the_start_players_right_counter_clockwise(n, start, order):
    assert [NAMES[i] for i in draft_order(n, start)] == order
    step = checklist(n, start)["draft"]
    assert text(step).startswith(f"Choosing the start tiles: {order[0]}, the start player's right neighbour")
    assert f"{NAMES[start]} comes last and chooses 2 of the 3 left" in text(step)
    open_tiles = [2 * n + 1 - 2 * k for k in range(n)]  # 5/7/9 laid out, each takes 2
    assert open_tiles[-1] == 3
    expected = "Order: " + "; ".join(f"{name} takes 2 of {count}" for name, count in zip(order, open_tiles))
    assert details(step)[0] == expected
    assert "8 path spaces" in details(step)[1]
    assert "back into the box" in details(step)[2]


def test_start_player_begins_and_the_drawn_variant():
    steps = checklist(3, start=2)
    assert text(steps["start_player"]) == "Cleo is the start player."
    assert text(steps["first_turn"]).startswith("Cleo begins") and "clockwise" in text(steps["first_turn"])
    assert "exactly 2 moves" in text(steps["first_turn"])
    assert text(checklist(3, start=2, drawn=True)["start_player"]) == "The app drew Cleo as start player."


def test_figures_on_the_castle_with_each_colour():
    step = checklist(4)["figures"]
    assert "castle" in text(step)
    assert details(step) == ["Anna: red", "Ben: blue", "Cleo: yellow", "Dora: green"]
    assert details(step, "de") == ["Anna: Rot", "Ben: Blau", "Cleo: Gelb", "Dora: Grün"]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_checklist_is_complete_in_german(n):
    for step in checklist(n).values():
        for msg in (step.text, *step.details):
            rendered = msg.render("de")
            assert "milestones." not in rendered and "{" not in rendered, rendered


def test_translations_have_the_same_keys_and_placeholders():
    en = json.loads((I18N / "en" / "milestones.json").read_text(encoding="utf-8"))
    de = json.loads((I18N / "de" / "milestones.json").read_text(encoding="utf-8"))
    assert en.keys() == de.keys()
    assert all(k.startswith("milestones.") for k in en)
    import string
    for key in en:
        fields = lambda t: {f.split("|")[0] for _, f, _, _ in string.Formatter().parse(t) if f}  # `{n|one|other}` uses n
        assert fields(en[key]) == fields(de[key]), key


def test_cli_setup(capsys):
    assert main(["setup", "milestones", "--players", "4", "--names", "Anna,Ben,Cleo,Dora", "--start", "2",
                 "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Feld 51" in out and "Ben ist Startspieler." in out
    assert "Reihenfolge: Anna wählt 2 aus 9; Dora wählt 2 aus 7; Cleo wählt 2 aus 5; Ben wählt 2 aus 3" in out

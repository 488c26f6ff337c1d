"""Carpe Diem's setup checklist (SPIELVORBEREITUNG / GAME SETUP) and the translations."""

import json

import pytest

from companion.core.game import make_config
from companion.core.text import I18N_DIR
from companion.games import GAMES
from companion.games.carpe_diem import GAME
from companion.games.carpe_diem.components import card_spaces, circles


def checklist(n, start=0, drawn=False):
    names = ["Anna", "Ben", "Cleo", "Dora"][:n]
    config = make_config(GAME, [{"name": x, "colour": c} for x, c in zip(names, GAME.rules.colours)], start)
    config["start_player_drawn"] = drawn
    return {s.id: s for s in GAME.rules.setup_checklist(config)}


def text(step, lang="en"):
    return " | ".join([step.text.render(lang)] + [d.render(lang) for d in step.details])


def test_registered():
    assert GAMES["carpe-diem"] is GAME and (GAME.min_players, GAME.max_players) == (2, 4)


@pytest.mark.parametrize("n,cards,corners,circle_count", [
    (2, "2 A, 2 B, 2 C and 2 D = 8 cards", "spaces 2, 4, 5, 6, 7, 8, 9, 11", 9),
    (3, "2 A, 3 B, 2 C and 3 D = 10 cards", "spaces 2, 3, 4, 5, 6, 7, 8, 9, 10, 11", 13),
    (4, "3 A, 3 B, 2 C and 4 D = 12 cards", "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12", 17),
])
def test_scoring_cards_and_circles(n, cards, corners, circle_count):
    step = text(checklist(n)["scoring_cards"])
    assert cards in step and corners in step
    assert f"{circle_count} scoring circles are free: one more than the {4 * n} discs" in step
    assert len(card_spaces(n)) == {2: 8, 3: 10, 4: 12}[n]
    assert len(circles(n)) == circle_count
    # every circle lies between two used, neighbouring card spaces
    for a, b in circles(n).values():
        assert a in card_spaces(n) and b in card_spaces(n) and b - a in (1, 3)


def test_three_players_leave_opposite_corners_empty():
    empty = set(range(1, 13)) - set(card_spaces(3))
    assert empty == {1, 12}


@pytest.mark.parametrize("n,start,expected", [
    (2, 1, "Ben 8; Anna 9"),
    (3, 0, "Anna 8; Ben 9; Cleo 13"),
    (3, 2, "Cleo 8; Anna 9; Ben 13"),
    (4, 3, "Dora 8; Anna 9; Ben 10; Cleo 11"),
])
def test_starting_vp_in_turn_order(n, start, expected):
    assert f"Starting victory points: {expected}." in text(checklist(n, start)["starting_vp"])


def test_tiles_and_removal_rule():
    for n in (2, 3, 4):
        tiles = text(checklist(n)["tiles"])
        assert "4 light tiles face up on each of the 7 blueprint spaces (28 tiles)" in tiles
        assert "each of the 11 seal spaces" in tiles
        assert "56 light tiles stay for phases 2 and 3, 28 dark ones for phase 4" in tiles
    assert "last 2 tiles" in text(checklist(2)["tile_removal"])
    assert "next-to-last tile" in text(checklist(3)["tile_removal"])
    assert "tile_removal" not in checklist(4)


def test_start_player_and_banderole_stack():
    steps = checklist(3, start=1)
    assert "Ben was born farthest from 1 B.C." in text(steps["start_player"])
    assert "Ben war zuletzt in Rom" in text(steps["start_player"], "de")
    assert "Stack from bottom to top: Ben, Cleo, Anna." in text(steps["banderole"])
    assert "The app drew Ben" in text(checklist(3, start=1, drawn=True)["start_player"])


def test_each_player_component_list():
    step = text(checklist(2)["players"])
    assert "Anna (red): 4 random frame parts, 1 random building board, 9 banderoles, 1 overview board, " \
           "the patrician and 5 discs" in step


def test_checklist_renders_fully_in_both_languages():
    for n in (2, 3, 4):
        for step in checklist(n).values():
            for lang in ("en", "de"):
                rendered = text(step, lang)
                assert "carpe-diem." not in rendered and "{" not in rendered, rendered


def test_translation_files_have_the_same_keys():
    en = json.loads((I18N_DIR / "en" / "carpe-diem.json").read_text(encoding="utf-8"))
    de = json.loads((I18N_DIR / "de" / "carpe-diem.json").read_text(encoding="utf-8"))
    assert set(en) == set(de)
    assert all(k.startswith("carpe-diem.") for k in en)
    assert all(v.strip() for v in (*en.values(), *de.values()))


def test_the_values_printed_only_on_the_box_are_asked_before_the_game():
    """The villa table (overview board) and the banderole bar (game board) are not in any source we have:
    the setup asks for exactly the values Tabula does not know yet, saying where each is printed; the
    rulebook's two villa values are never asked, and a box that knows them all asks nothing."""
    names = ["Anna", "Ben"]
    config = make_config(GAME, [{"name": x, "colour": c} for x, c in zip(names, GAME.rules.colours)], 0)
    step = {s.id: s for s in GAME.rules.setup_checklist(config)}["box"]
    assert step.box == ("villa_1", "villa_2", "villa_4", "villa_6", "villa_7", "villa_8",
                        *(f"banderole_{s}" for s in range(21)))
    words = text(step)
    assert "these 27 numbers" in words and "The villa table on an overview board" in words
    assert "(6 values)" in words and "top margin of the game board" in words and "(21 values)" in words
    assert "villa_" not in words and "banderole_" not in text(step, "de")
    known = {**{f"banderole_{s}": s for s in range(21)}, "villa_1": 1, "villa_2": 2, "villa_4": 5, "villa_6": 9}
    step = {s.id: s for s in GAME.rules.setup_checklist({**config, "box": known})}["box"]
    assert step.box == ("villa_7", "villa_8") and "banderole bar" not in text(step)
    everything = {**known, "villa_7": 11, "villa_8": 13}
    assert "box" not in {s.id for s in GAME.rules.setup_checklist({**config, "box": everything})}

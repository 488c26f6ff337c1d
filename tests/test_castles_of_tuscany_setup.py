"""The Castles of Tuscany's setup checklist against the rulebook (Spielmaterial, Spielvorbereitung)."""

import json

import pytest

from companion.cli import main
from companion.core.game import make_config
from companion.games.castles_of_tuscany import GAME

NAMES = ["Anna", "Ben", "Clara", "Dario"]


def checklist(n, start=0, drawn=False, lang="en"):
    config = make_config(GAME, [{"name": NAMES[i], "colour": GAME.rules.colours[i]} for i in range(n)], start)
    config["start_player_drawn"] = drawn
    return {s.id: (s.text.render(lang), [d.render(lang) for d in s.details]) for s in GAME.rules.setup_checklist(config)}


def test_steps_in_the_rulebooks_order():
    assert list(checklist(3)) == [
        "score_board", "cards", "yield_cards", "bonus_tiles", "colour_bonus", "wood", "neutral_tiles",
        "player_boards", "player_tiles", "markers", "start_player", "display", "hands", "board_pieces",
        "start_castle", "bonus_pick", "rounds"]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_numbers_per_player_count(n):
    steps = checklist(n)
    assert "122 cards" in steps["cards"][0]
    assert "27 yield cards" in steps["yield_cards"][0]
    assert "25 bonus tiles" in steps["bonus_tiles"][0] and "5 face-up stacks of 5" in steps["bonus_tiles"][0]
    assert "8 colour-bonus tiles" in steps["colour_bonus"][0] and 'side "I" face up' in steps["colour_bonus"][0]
    assert "34 wooden pieces: 12 marble blocks (white), 12 workers (orange), 10 wooden hexagons" in steps["wood"][0]
    assert "32 neutral tiles" in steps["neutral_tiles"][0]
    assert f"{22 * n} in all" in steps["player_tiles"][0]
    assert "3 stacks of 7" in steps["player_tiles"][1][1]
    # 5 cards each, dealt from 122
    assert f"5 cards and keeps them hidden ({5 * n} in all; {122 - 5 * n} stay" in steps["hands"][0]
    assert "8 neutral tiles" in steps["display"][0] and "(24 stay" in steps["display"][0]
    assert "exactly 30 fields" in steps["board_pieces"][0]
    details = " ".join(steps["board_pieces"][1])
    assert "long edge to long edge" in details and "more than one hexagon up or down" in details
    if n < 4:
        assert f"the other {3 * (4 - n)} board pieces go back in the box" in details
        assert (f"The {4 - n} unused colour goes" if n == 3 else f"The {4 - n} unused colours go") in steps["player_boards"][1][0]
    else:
        assert "All 12 board pieces" in details and steps["player_boards"][1] == []
    assert "3 dark-green fields" in steps["start_castle"][0]


def test_tile_mix_adds_up_to_22():
    mix = checklist(2)["player_tiles"][1][0]
    for part in ("4 × village", "4 × agriculture", "3 × cart", "3 × monastery", "3 × quarry", "2 × city",
                 "1 × estate", "1 × castle", "1 × start castle"):
        assert part in mix
    assert sum(int(p.split(" × ")[0].split()[-1]) for p in mix.split("; ")) == 22


def test_youngest_starts_and_bonus_pick_goes_clockwise_from_the_start_player():
    steps = checklist(4, start=2)
    assert steps["start_player"][0].startswith("Clara, the youngest player, is start player")
    assert "starting with Clara" in steps["bonus_pick"][0]
    assert "Order: Clara, Dario, Anna, Ben." in steps["bonus_pick"][1][0]
    assert "+1 storage space" in steps["bonus_pick"][1][1] and "2 fields on at once" in steps["bonus_pick"][1][1]
    assert "every turn cycle ends with Ben" in steps["rounds"][0]


def test_drawn_start_player_is_not_called_the_youngest():
    steps = checklist(3, start=1, drawn=True)
    assert "drew Ben" in steps["start_player"][0] and "youngest" not in steps["start_player"][0]


def test_markers_start_on_50_meaning_zero():
    steps = checklist(3)
    assert "inner (red) track" in steps["markers"][0] and "outer (green) track" in steps["markers"][0]
    assert "0 points" in steps["markers"][1][0]


def test_german_checklist():
    steps = checklist(3, lang="de")
    assert "Die 122 Spielkarten mischen" in steps["cards"][0]
    assert "Anna, der jüngste Spieler, ist Startspieler" in steps["start_player"][0]


def test_cli_setup(capsys):
    assert main(["setup", "castles-of-tuscany", "--players", "2", "--names", "Anna,Ben", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "castles-of-tuscany" and len(out["steps"]) == 17
    assert main(["setup", "castles-of-tuscany", "--players", "5"]) == 2


def test_translations_have_the_same_keys_and_placeholders():
    import string
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "assets" / "i18n"
    en = json.loads((root / "en" / "castles-of-tuscany.json").read_text(encoding="utf-8"))
    de = json.loads((root / "de" / "castles-of-tuscany.json").read_text(encoding="utf-8"))
    assert set(en) == set(de)
    assert all(k.startswith("castles-of-tuscany.") for k in en)

    def names(text):
        return {f.split("|")[0] for _, f, _, _ in string.Formatter().parse(text) if f}  # `{n|one|other}` uses n

    assert {k: names(v) for k, v in en.items()} == {k: names(v) for k, v in de.items()}

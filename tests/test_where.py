"""The app says where a board cannot be scored in the players' words, never as a JSON path (the CLI
keeps its paths): `$.players[1].frame` -> "Zoë's frame goals"."""

import copy
import importlib.util
import random
import re
from pathlib import Path

import pytest

from companion.cli import score_data
from companion.core.definition import BoardStateError
from companion.core.text import Msg
from companion.games import GAMES
from companion.core.where import player_of, tokens, where

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("bench_states", ROOT / "bench" / "states.py")
states = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(states)
NAMES = ["Anna", "Zoë 🎲", "Ben"]

CASES = [
    ("carpe-diem", "$.players[1].frame", "Zoë 🎲's frame goals", "Zoë 🎲 – Rahmenziele"),
    ("carpe-diem", "$.players[0].frame[2].side", "Anna's frame goals, goal 3, side", "Anna – Rahmenziele, Ziel 3, Seite"),
    ("carpe-diem", "$.players[0].district.features[2].cells[1][0]", "Anna's district, feature 3, cell 2",
     "Anna – Viertel, Teil 3, Feld 2"),
    ("carpe-diem", "$.players[2].quick.completed.pond", "Ben's counts, completed ponds", "Ben – Anzahlen, Fertige Teiche"),
    ("milestones", "$.players[0].workers[3].kind", "Anna's worker row, path space 4, kind",
     "Anna – Arbeiterreihe, Wegefeld 4, Art"),
    ("milestones", "$.players[1].worker_counts.stone.bonus", "Zoë 🎲's workers (count only), stone cutter, bonus tile",
     "Zoë 🎲 – Arbeiter (nur Anzahl), Steinhauer, Bonusplättchen"),
    ("milestones", "$.players[0].goods.coins", "Anna's goods left, coins", "Anna – übrige Güter, Münzen"),
    ("city-of-rome", "$.players[2].city[2][3].card", "Ben's city, row 3, column 4, card", "Ben – Stadt, Reihe 3, Spalte 4, Karte"),
    # an influence card is named by its value in the message itself, not by its place in the list
    ("city-of-rome", "$.players[0].influence_cards[1]", "Anna's influence cards won",
     "Anna – gewonnene Einflusswertungskarten"),
    ("city-of-rome", "$.players[1].city[1][3]", "Zoë 🎲's city, row 2, column 4", "Zoë 🎲 – Stadt, Reihe 2, Spalte 4"),
    ("castles-of-tuscany", "$.players[1].empty_fields", "Zoë 🎲's empty fields", "Zoë 🎲 – leere Felder"),
    ("castles-of-tuscany", "$.players[0].workers", "Anna's workers", "Anna – Arbeiter"),
    ("castles-of-tuscany", "$.players[0].zz", "Anna's board", "Auslage von Anna"),
    ("castles-of-tuscany", "$.players", "Board", "Auslage"),
    ("castles-of-tuscany", "$.players[7].red", "Board, red track", "Auslage, rote Leiste"),
]


@pytest.mark.parametrize("game, path, en, de", CASES, ids=[c[1] for c in CASES])
def test_paths_in_words(game, path, en, de):
    assert where("en", GAMES[game], path, NAMES) == en
    assert where("de", GAMES[game], path, NAMES) == de


def test_tokens_and_player():
    assert tokens("$.players[1].city[2][3].card") == ["players", 1, "city", 2, 3, "card"]
    assert tokens("players[1]") is None and tokens("$.a..b") is None
    assert player_of("$.players[12].frame") == 12 and player_of("$.game") is None


def test_the_app_message_names_the_player_and_part_never_the_path():
    """explain_error as the end-scoring screen shows it: Carpe Diem's default grid with no frame goals."""
    from companion.ui.screens.score import explain_error

    class Model:
        lang = "en"

        def t(self, key, **params):
            return Msg(key, **params).render(self.lang)

        def m(self, msg):
            return msg.render(self.lang)

    board = {"game": "carpe-diem", "players": [{"name": "Anna"}, {"name": "Zoë"}]}
    error = BoardStateError("$.players[1].frame", Msg("carpe-diem.error.frame_count", goals=8, count=0))
    text = explain_error(Model(), GAMES["carpe-diem"], board, error)
    assert text == "Zoë's frame goals: the frame has 8 goals (4 parts × 2), found 0"
    model = Model()
    model.lang = "de"
    assert explain_error(model, GAMES["carpe-diem"], board, error).startswith("Zoë – Rahmenziele: ")


PATH_LIKE = re.compile(r"\$|\[|\]|\b[a-z]+_[a-z_]+\b|\.\w")


def _error_paths(game: str, seeds: int = 6) -> set[str]:
    """The fields the readers name for a valid state with one location broken, as the fuzz test does."""
    out = set()
    for seed in range(seeds):
        state = states.valid_state(game, random.Random(seed))
        stack = [((), state)]
        places = []
        while stack:
            where_, node = stack.pop()
            places.append(where_)
            items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
            stack += [(where_ + (k,), v) for k, v in items]
        for place in places[1:]:
            for value in (None, -1, "x", [], {"kind": "x"}, 99):
                changed = copy.deepcopy(state)
                parent = changed
                for step in place[:-1]:
                    parent = parent[step]
                parent[place[-1]] = value
                try:
                    score_data(changed, states.box_for(game))
                except BoardStateError as error:
                    out.add(error.field)
                except Exception:  # missing box data and the like: not a board problem
                    pass
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_path_the_readers_name_reaches_the_screen(game):
    paths = _error_paths(game)
    assert len(paths) > 10
    for path in paths:
        for lang in ("en", "de"):
            text = where(lang, GAMES[game], path, NAMES)
            assert not PATH_LIKE.search(text.replace("Zoë 🎲", "")), (path, text)
            if player_of(path) is not None and player_of(path) < len(NAMES):
                assert NAMES[player_of(path)] in text, (path, text)

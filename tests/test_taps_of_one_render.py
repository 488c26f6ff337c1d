"""Two taps that reach Python together run handlers of one render (Flet draws what the first did only
afterwards): the second must act on what the first did (companion/ui/latest.py). Here the handlers of one
render are run one after the other, with the component's hooks stood in for (tests/hooks.py)."""

import pytest

from companion.core.game import Game, make_config
from companion.games.carpe_diem import GAME
from companion.games.carpe_diem.period import circle_advice
from companion.games.carpe_diem.ui.cards import CardBoard
from companion.games.carpe_diem.ui.district import District
from companion.games.carpe_diem.ui.period import ScoringPeriod
from companion.games.city_of_rome import GAME as CITY_OF_ROME
from companion.games.city_of_rome.ui.board import CityOfRomeBoard
from companion.ui.view import GameView
from tests.hooks import Hooks, named, tap
from tests.test_carpe_diem_coins import CHIMNEYS_3, HERBS_2, SET_3, scoring

VP_PLUS, VP_MINUS = "Victory points +1 (Reward (per set))", "Victory points -1 (Reward (per set))"


@pytest.fixture
def hooks(monkeypatch):
    return Hooks(monkeypatch)


def new_game(definition) -> GameView:
    colours = definition.colours_for(2)
    return GameView(Game("g", definition, make_config(definition, [{"name": "Anna", "colour": colours[0]},
                                                                   {"name": "Ben", "colour": colours[1]}], 0)), "en")


def card_board(hooks, view, sent):
    return hooks.render(CardBoard, view, lambda *moves, then=None: sent.extend(moves), [], None, lambda circle: None)


def test_a_cards_taps_of_one_render_each_count_and_save_saves_the_card_as_tapped(hooks):
    view, sent = new_game(GAME), []
    tap(named(card_board(hooks, view, sent), "Card space 5: enter the card"))
    for name in ("Letter B", "Add Chicken to Requirement (one set)", "Add Grapes to Requirement (one set)",
                "Add Herbs to Requirement (one set)", "Add Fish to Requirement (one set)",
                "Add Victory points to Reward (per set)"):
        card_board(hooks, view, sent)
        tap(named(hooks.dialog, name))
    card_board(hooks, view, sent)
    plus = named(hooks.dialog, VP_PLUS)
    tap(plus)
    tap(plus)  # the same render's +1: on the draft as the first +1 left it
    card_board(hooks, view, sent)
    assert named(hooks.dialog, "Victory points of Reward (per set): 3")
    minus, save = named(hooks.dialog, VP_MINUS), named(hooks.dialog, "Save card")
    tap(minus)
    tap(save)  # Save right after -1, from the render before it: the card as tapped
    assert [m["card"]["reward"] for m in sent] == [{"vp": 2}]


def test_coins_tapped_in_one_render_each_count_and_place_pays_them_as_tapped(hooks):
    """Ben pays 3 sets of card 2 (2 herbs each) with his 4 herbs and 2 coins; at the table he pays 3."""
    view = GameView(scoring([HERBS_2, SET_3, CHIMNEYS_3] + [HERBS_2] * 5, herbs=4, coins=3), "en")
    sent = []

    def period_screen():
        return hooks.render(ScoringPeriod, view, lambda *moves, then=None: sent.extend(moves), 1,
                            circle_advice(view.state, view.config, 1), 1, 0, lambda *picked: None, lambda: None)
    herbs = "Card 2: Herbs paid with coins"
    minus = named(period_screen(), f"{herbs} -1 (Ben)")
    tap(minus)
    tap(minus)
    assert named(period_screen(), f"{herbs} of Ben: 0")
    screen = period_screen()
    for _ in range(3):
        tap(named(screen, f"{herbs} +1 (Ben)"))
    # Place, from the render with 0 coins (2 sets, 8 VP): placed as the coins were tapped, 3 sets
    tap(named(screen, "Place disc on circle 1 for Ben (+8 VP)"))
    [event] = sent
    assert event["coins_for"][event["order"].index(2)] == {"herbs": 3}


def test_a_card_picked_and_a_space_tapped_in_one_render_lays_the_card_picked(hooks):
    view, sent = new_game(CITY_OF_ROME), []
    hooks.skip = {"CountRow"}  # its number pad needs a page
    board = hooks.render(CityOfRomeBoard, view, 0, lambda *moves, then=None: sent.extend(moves))
    tap(named(board, "Market"))
    tap(named(board, "Row 1, column 1: Empty"))  # the same render's space: the card in hand is the market
    assert [(m["type"], m.get("card")) for m in sent] == [("city_set", "market")]


def test_a_kind_picked_and_cells_tapped_in_one_render_draw_one_feature_of_that_kind(hooks):
    view, sent = new_game(GAME), []
    district = hooks.render(District, view, 0, lambda *moves, then=None: sent.extend(moves))
    for name in ("Draw garden", "Row 1, column 1: empty", "Row 1, column 2: empty"):  # all of one render
        tap(named(district, name))
    assert [(m["kind"], m["anchor"]) for m in sent] == [("garden", None), ("garden", [1, 1])]

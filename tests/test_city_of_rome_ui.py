"""City of Rome's screens' plain logic: the palette editor (what a tap on a space does, the cards
offered, typed counts), the tracker's influence-scoring announcement and panel lines, the Build dialog's
corner. The board moves the editor sends are tested in test_city_of_rome_board.py."""

import pytest

from companion.core.game import Game, make_config
from companion.games.city_of_rome import GAME
from companion.games.city_of_rome.board import cards_placed, cell_card, palette_cards, parse_number, shifted, tap_space
from companion.games.city_of_rome.cards import CARDS, PUBLIC
from companion.games.city_of_rome.tracker import (
    city_line, city_map, city_rows, grid_corner, influence_leader, leader_line, player_line, scoring_announcement,
)
from companion.games.city_of_rome.ui.board import troubled_spaces
from companion.games.city_of_rome.ui.cards import PUBLIC_COLOURS, PUBLIC_ICONS, card_style, has_stars
from companion.ui.boards.problems import Problem

NAMES = ["Anna", "Ben", "Cleo", "Dora"]


def new_game(n):
    colours = GAME.colours_for(n)
    return Game("t", GAME, make_config(GAME, [{"name": NAMES[i], "colour": colours[i]} for i in range(n)], 0))


def tokens(s, player, value):
    current = s.state["players"][player]["counters"]["influence_tokens"]
    if value != current:
        s.record({"type": "adjust", "player": player, "counter": "influence_tokens", "delta": value - current})


def rendered(msgs, lang="en"):
    return [m.render(lang) for m in msgs]


# ------------------------------------------------------------------ the palette editor

def test_a_tap_on_an_empty_space_lays_the_card_in_hand_and_a_tap_on_a_card_selects_it():
    """Issue 20: a tap on a filled space selects it for editing instead of overwriting it (a placed therme
    was replaced by the Minerva temple in hand)."""
    city = [[None] * 4 for _ in range(4)]
    city[1][1] = {"card": "therme", "vp_markers": 2}
    move, selected = tap_space(city, 2, 0, 3, "temple-minerva")
    assert move == {"type": "city_set", "player": 2, "row": 0, "column": 3, "card": "temple-minerva", "expect": None}
    assert selected == (0, 3)  # the space just laid is the one being edited
    assert tap_space(city, 2, 1, 1, "temple-minerva") == (None, (1, 1))  # the therme: selected, kept
    city[2][2] = "house-2"
    assert tap_space(city, 0, 2, 2, "house-3") == (None, (2, 2))


def test_cells_of_every_form_read_alike():
    assert cell_card(None) == (None, 0)
    assert cell_card("aqueduct") == ("aqueduct", 0)
    assert cell_card({"card": "therme", "vp_markers": 2}) == ("therme", 2)
    assert cell_card({"card": "therme"}) == ("therme", 0)
    assert cell_card(7) == (None, 0)  # a board edited by hand never crashes the editor
    assert cards_placed([["house-2", None, None, None], [None, {"card": "therme", "vp_markers": 1}, None, None],
                         [None] * 4, [None] * 4]) == 2


def test_the_spaces_a_problem_is_about_are_marked():
    problems = [Problem("$.players[1].city[1][3]", "..."), Problem("$.players[1].city[2]", "..."),
                Problem("$.players[1].money", "..."), Problem("$.players[1].city[0][0].card", "...")]
    assert troubled_spaces(problems) == {(1, 3), (0, 0)}


@pytest.mark.parametrize("players, absent", [(2, {"temple-fortuna", "temple-juno"}),
                                             (3, {"temple-juno", "temple-saturn"}), (4, set())])
def test_the_palette_offers_the_cards_in_play_grouped_by_kind(players, absent):
    cards = palette_cards(players)
    assert not absent & set(cards)
    assert "house-2" in cards and "vegetable-farm" in cards  # start buildings: always
    kinds = [CARDS[c].kind for c in cards]
    assert kinds == sorted(kinds, key=["house", "public", "production", "aqueduct", "temple"].index)
    assert len(cards) == len(set(cards))
    if players == 4:
        assert len(cards) == len(CARDS)


def test_the_four_public_kinds_have_four_colours_and_icons_and_specials_share_them():
    assert len(set(PUBLIC_COLOURS.values())) == 4 and len(set(PUBLIC_ICONS.values())) == 4
    assert PUBLIC_COLOURS["therme"] != PUBLIC_COLOURS["market"]  # the issue: they looked the same
    for card_id, card in CARDS.items():
        if card.kind == PUBLIC:
            standard = next(c for c in CARDS.values() if c.kind == PUBLIC and c.public_type == card.public_type
                            and not c.special)
            assert card_style(card_id) == card_style(standard.id)
    public = {card_style(c)[0] for c in ("market", "arena", "school", "therme")}
    others = {card_style(c)[0] for c in ("house-2", "vegetable-farm", "aqueduct", "temple-luna")}
    assert not public & others


def test_every_card_has_its_name_under_its_icon_in_words_and_stars_are_explained():
    """Issue 20: palettes with words (both languages), no abbreviations; "*" explained where it is shown."""
    from companion.core.text import tr
    for lang in ("en", "de"):
        for card_id, card in CARDS.items():
            short = tr(lang, f"city-of-rome.short.{card_id}")
            assert short != f"city-of-rome.short.{card_id}" and "." not in short, (lang, short)
            assert short.count("*") == card.stars, (lang, short)  # as many as on the card
        assert "*" in tr(lang, "city-of-rome.board.star_hint")
    assert has_stars(["house-2", "temple-mars"]) and not has_stars(["house-2", "market"])


def test_the_whole_city_moves_one_space_unless_a_card_would_fall_off():
    """A city entered or opened in the wrong place of the 4 x 4 moves in one tap, with its thermes' markers;
    a move that would push a card off the grid is not offered."""
    s = new_game(3)
    city = GAME.end.board_from_tracker(s.state, s.config)["players"][0]["city"]  # the start buildings, row 2
    city[2][2] = {"card": "therme", "vp_markers": 1}
    left = shifted(city, "left")
    assert left[1][:3] == ["house-2", "vegetable-farm", None] and left[2][1] == {"card": "therme", "vp_markers": 1}
    assert shifted(left, "left") is None  # the house is in the first column
    assert shifted(shifted(left, "right"), "right")[1] == [None, None, "house-2", "vegetable-farm"]
    assert shifted(shifted(city, "right"), "right") is None
    up = shifted(city, "up")
    assert up[0] == [None, "house-2", "vegetable-farm", None] and shifted(up, "up") is None
    assert shifted(shifted(city, "down"), "down") is None  # the therme reached the bottom row
    assert cards_placed(shifted(city, "down")) == cards_placed(city) == 3
    assert shifted([[None] * 4 for _ in range(4)], "left") is None  # nothing to move
    assert city[1][1] == "house-2"  # the city given is not changed


def test_typed_counts():
    assert parse_number("9") == 9
    assert parse_number(" 14 ") == 14
    assert parse_number("0") == 0
    for bad in ("", "-1", "1.5", "abc", "²", "1000", "99999"):
        assert parse_number(bad) is None, bad


# ------------------------------------------------------------------ the tracker card and the Build dialog

def test_a_city_on_the_tracker_card_and_for_screen_readers():
    s = new_game(2)
    s.record({"type": "build", "player": 1, "card": "therme", "space": [1, 0]})
    rows = city_rows(s.state, 1)
    assert rows == ((("house-2", 0), ("vegetable-farm", 0)), (("therme", 1), None))
    assert city_line("en", "Ben", rows) == "City of Ben: 3 cards: House 2, Vegetable farm, Therme"
    assert city_line("de", "Ben", rows) == "Stadt von Ben: 3 Karten: Wohnhaus 2, Gemüsehof, Therme"
    city = city_map(s.state["cities"][1])
    assert grid_corner(city, {(-1, 0): [], (2, 0): []}) == (-1, 0)
    assert grid_corner(city, {(0, -1): []}) == (0, -1)


# ------------------------------------------------------------------ influence scoring announced

def test_no_announcement_before_the_first_scoring_nor_in_a_round_without_one():
    s = new_game(3)
    assert scoring_announcement(s.state, s.config) == []
    s.record({"type": "end_round"})  # round 1: no card waiting
    assert scoring_announcement(s.state, s.config) == []


def test_the_winner_and_the_cards_are_announced_for_the_whole_next_round():
    s = new_game(3)
    s.record({"type": "end_round"})
    s.record({"type": "end_round"})
    tokens(s, 1, 2)
    tokens(s, 2, 1)
    s.record({"type": "end_round"})  # round 3: Ben takes card 3
    text = rendered(scoring_announcement(s.state, s.config))
    assert text == ["End of round 3: Ben has the most influence tokens (2) and takes influence card 3.",
                    "Ben returns all influence tokens to the supply."]
    assert rendered(scoring_announcement(s.state, s.config), "de")[0] == (
        "Ende von Runde 3: Ben hat die meisten Einflussmarker (2) und erhält die Einflusswertungskarte 3.")
    tokens(s, 0, 3)  # entries during round 4 keep it on screen
    assert scoring_announcement(s.state, s.config)
    s.record({"type": "end_round"})  # round 4 ends without a card waiting: gone
    assert scoring_announcement(s.state, s.config) == []


def test_a_tie_is_announced_with_the_cards_that_stay_and_the_lapse_at_the_end():
    s = new_game(4)
    s.record({"type": "end_round"})
    s.record({"type": "end_round"})
    s.record({"type": "end_round"})  # round 3, all at 0
    assert rendered(scoring_announcement(s.state, s.config)) == [
        "End of round 3: nobody has influence tokens, so nobody takes a card.",
        "Influence card 3 stays waiting for the next round's scoring."]
    for _ in range(10):
        s.record({"type": "end_round"})
    tokens(s, 0, 2)
    tokens(s, 3, 2)
    s.record({"type": "end_round"})  # the last round: a tie, every card lapses
    assert s.state["finished"]
    assert rendered(scoring_announcement(s.state, s.config)) == [
        "End of round 14: Anna, Dora are tied for the most influence tokens (2): nobody takes a card.",
        "The game is over: influence cards 3, 6, 10, 14 are not awarded."]


def test_several_cards_won_at_once():
    s = new_game(2)
    for _ in range(3):
        s.record({"type": "end_round"})  # card 4 waits from round 2 on, tied at 0
    tokens(s, 0, 1)
    s.record({"type": "end_round"})  # round 4: card 8 joins; Anna takes 4 and 8
    assert s.state["players"][0]["influence_cards"] == [4, 8]
    assert rendered(scoring_announcement(s.state, s.config))[0] == (
        "End of round 4: Anna has the most influence tokens (1) and takes influence cards 4, 8.")


def test_a_game_saved_before_the_announcement_existed_shows_none():
    s = new_game(3)
    state = dict(s.state)
    del state["last_scoring"]
    assert scoring_announcement(state, s.config) == []


# ------------------------------------------------------------------ the panel's lines

def test_who_would_take_the_waiting_cards_now():
    s = new_game(3)
    assert leader_line(s.state, NAMES) is None  # nothing waiting
    s.record({"type": "end_round"})
    s.record({"type": "end_round"})
    assert leader_line(s.state, NAMES).render("en") == (
        "If the round ended now, nobody would take the waiting cards: nobody has influence tokens.")
    tokens(s, 0, 2)
    tokens(s, 2, 2)
    assert influence_leader(s.state) == (None, [0, 2], 2)
    assert leader_line(s.state, NAMES).render("en") == (
        "If the round ended now, nobody would take the waiting cards: Anna, Cleo are tied (influence tokens: 2).")
    tokens(s, 2, 3)
    assert leader_line(s.state, NAMES).render("en") == (
        "If the round ended now, Cleo would take the waiting cards (influence tokens: 3).")


def test_each_players_won_cards_are_named_with_their_points():
    assert player_line("Ben", []).render("en") == "Ben: no influence card yet"
    assert player_line("Ben", [3, 10]).render("en") == "Ben: influence cards 3, 10, 13 VP"
    assert player_line("Ben", [3, 10]).render("de") == "Ben: Einflusswertungskarten 3, 10, 13 SP"


def test_the_panel_is_drawn_again_only_when_what_it_shows_changes():
    """The panel is memoized on `panel_content`: money changes none of it, a builder placed and the
    influence tokens (who would take the waiting cards) do."""
    from companion.games.city_of_rome.turns import on_turn
    from companion.games.city_of_rome.ui.panel import panel_content
    from companion.ui.view import GameView

    s = new_game(3)
    content = lambda: panel_content(GameView(s, "en"))  # noqa: E731
    before = content()
    s.record({"type": "adjust", "player": 0, "counter": "money", "delta": 3})
    assert content() == before
    seat = on_turn(s.state)
    s.record({"type": "place_builder", "player": seat, "space": 2})
    placed = content()
    assert placed != before
    texts, announced, (said, cells), hint, lines, won = placed
    assert cells[1][1:3] == (s.config["players"][seat]["colour"], NAMES[seat]) and f"Space 2: {NAMES[seat]}" in said
    s.record({"type": "end_round"})
    s.record({"type": "end_round"})
    waiting = content()
    tokens(s, 2, 2)
    assert content() != waiting and "Cleo would take the waiting cards" in content()[4][-1]

"""City of Rome during play (rulebook: SPIELABLAUF, RUNDENENDE / Einflusswertung, SPIEL ZU ZWEIT)
and its setup checklist (SPIELVORBEREITUNG)."""

import copy

import pytest

from companion.core.definition import InvalidMove
from companion.core.game import Game, make_config
from companion.core.text import Msg
from companion.games.city_of_rome import GAME, tracker
from companion.games.city_of_rome.cards import influence_cards, reveal_round, rounds
from companion.games.city_of_rome.setup import draft_order

NAMES = ["Anna", "Ben", "Cleo", "Dora"]
END_ROUND = {"type": "end_round"}


def config(n, start=0, drawn=False):
    colours = GAME.colours_for(n)
    c = make_config(GAME, [{"name": NAMES[i], "colour": colours[i]} for i in range(n)], start)
    c["start_player_drawn"] = drawn
    return c


def new_game(n, start=0):
    return Game(id="t", definition=GAME, config=config(n, start))


def tokens(s, player, value):
    """Set a player's influence tokens through the generic counter entry."""
    current = s.state["players"][player]["counters"]["influence_tokens"]
    if value != current:
        s.record({"type": "adjust", "player": player, "counter": "influence_tokens", "delta": value - current})


def end_rounds(s, count):
    for _ in range(count):
        s.record(END_ROUND)


def log_keys(state):
    return [entry["key"] for entry in state["log"]]


def test_two_players_play_white_and_brown():
    """SPIEL ZU ZWEIT: one player white, the other brown (the colours with a second builder)."""
    assert set(GAME.colours_for(2)) == {"white", "brown"}
    with pytest.raises(InvalidMove):
        make_config(GAME, [{"name": "A", "colour": "violet"}, {"name": "B", "colour": "brown"}], 0)
    for n in (3, 4):
        assert set(GAME.colours_for(n)) == {"violet", "orange", "white", "brown"}


# ------------------------------------------------------------------ rounds and the start player

@pytest.mark.parametrize("n, total", [(2, 7), (3, 14), (4, 14)])
def test_number_of_rounds(n, total):
    s = new_game(n)
    assert rounds(n) == total
    assert s.state["round"] == 1 and s.state["rounds"] == total
    end_rounds(s, total - 1)
    assert s.state["round"] == total and not s.state["finished"]
    assert GAME.actions(s.state, s.config)[0].label.key == "city-of-rome.action.end_round_last"
    s.record(END_ROUND)
    assert s.state["finished"]
    assert s.state["round"] == total  # the round counter does not run past the last round
    assert [a.id for a in GAME.actions(s.state, s.config)] == ["build"]  # no round left to end
    assert [m.key for m in GAME.rules.status(s.state, s.config)] == ["city-of-rome.status.finished"]
    assert log_keys(s.state)[-1] == "city-of-rome.log.game_over"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_no_end_round_after_the_game_is_over(n):
    s = new_game(n)
    end_rounds(s, rounds(n))
    before = (copy.deepcopy(s.state), list(s.events))
    with pytest.raises(InvalidMove) as raised:
        s.record(END_ROUND)
    assert raised.value.msg.key == "city-of-rome.error.game_over"
    assert (s.state, s.events) == before


@pytest.mark.parametrize("n, start", [(2, 1), (3, 0), (3, 2), (4, 1)])
def test_start_player_passes_clockwise_to_the_next_seat(n, start):
    s = new_game(n, start)
    assert s.state["start_player"] == start
    seen = [s.state["start_player"]]
    for _ in range(rounds(n) - 1):
        s.record(END_ROUND)
        seen.append(s.state["start_player"])
        assert GAME.rules.status(s.state, s.config)[1].params["name"] == NAMES[seen[-1]]
    assert seen == [(start + r) % n for r in range(rounds(n))]


def test_unknown_event_is_refused():
    s = new_game(3)
    with pytest.raises(InvalidMove):
        s.record({"type": "end_game"})
    assert s.events == []


# ------------------------------------------------------------------ influence cards: when they come up

@pytest.mark.parametrize("n, expected", [
    (2, {4: 2, 8: 4, 14: 7}),
    (3, {3: 3, 6: 6, 10: 10, 14: 14}),
    (4, {3: 3, 6: 6, 10: 10, 14: 14}),
])
def test_influence_cards_appear_in_the_right_rounds(n, expected):
    assert influence_cards(n) == tuple(expected)
    assert {c: reveal_round(c, n) for c in influence_cards(n)} == expected
    s = new_game(n)
    appeared = {}
    for r in range(1, rounds(n) + 1):
        assert s.state["round"] == r
        for card in s.state["waiting_cards"]:
            appeared.setdefault(card, r)
        if r < rounds(n):
            s.record(END_ROUND)  # all tokens 0: every scoring is a tie, so the cards stay waiting
    assert appeared == expected
    assert s.state["waiting_cards"] == list(expected)


def test_no_influence_card_in_round_one_and_status_names_the_next():
    s = new_game(3)
    assert s.state["waiting_cards"] == []
    assert GAME.rules.status(s.state, s.config)[-1].key == "city-of-rome.status.next_card"
    assert GAME.rules.status(s.state, s.config)[-1].params == {"card": 3, "round": 3}
    end_rounds(s, 2)
    assert s.state["waiting_cards"] == [3]
    status = {m.key: m.params for m in GAME.rules.status(s.state, s.config)}
    assert status["city-of-rome.status.waiting"] == {"cards": ["3"]}
    assert status["city-of-rome.status.next_card"] == {"card": 6, "round": 6}
    end = GAME.actions(s.state, s.config)[0]
    assert end.confirm is None and end.label.render("en") == "End round 3"  # one tap: Undo takes it back


def test_only_the_last_round_end_asks_first_it_ends_the_game():
    """"Das Spiel endet nach der 14. Runde mit der letzten Einflusswertung": End round 1 to 13 act at once
    (issue 39: Undo takes them back), the 14th asks first, saying the influence scoring it brings."""
    s = new_game(3)
    end_rounds(s, 13)
    end = GAME.actions(s.state, s.config)[0]
    assert end.label.render("en") == "End round 14 (the last)"
    assert end.label.render("de") == "Runde 14 beenden (die letzte)"
    assert end.confirm.key == "city-of-rome.confirm.end_round_scoring"
    s.undo()
    assert GAME.actions(s.state, s.config)[0].confirm is None


# ------------------------------------------------------------------ influence scoring

def test_single_majority_takes_the_card_and_returns_all_its_tokens():
    s = new_game(3)
    end_rounds(s, 2)
    tokens(s, 0, 2)
    tokens(s, 1, 5)
    tokens(s, 2, 4)
    s.record(END_ROUND)  # end of round 3: card 3 is scored
    players = s.state["players"]
    assert players[1]["influence_cards"] == [3]
    assert [p["counters"]["influence_tokens"] for p in players] == [2, 0, 4]  # only the winner's go back
    assert players[0]["influence_cards"] == players[2]["influence_cards"] == []
    assert s.state["waiting_cards"] == []
    won = [e for e in s.state["log"] if e["key"] == "city-of-rome.log.influence_won"]
    assert won[0]["params"] == {"player": "Ben", "cards": ["3"], "tokens": 5}


def test_a_tie_leaves_the_cards_waiting_and_they_accumulate():
    s = new_game(4)
    end_rounds(s, 2)
    tokens(s, 0, 3)
    tokens(s, 2, 3)
    tokens(s, 3, 1)
    s.record(END_ROUND)  # round 3: tie 3-3
    assert s.state["waiting_cards"] == [3]
    assert all(p["influence_cards"] == [] for p in s.state["players"])
    assert [p["counters"]["influence_tokens"] for p in s.state["players"]] == [3, 0, 3, 1]  # nobody pays
    tie = [e for e in s.state["log"] if e["key"] == "city-of-rome.log.influence_tie"][-1]
    assert tie["params"] == {"players": ["Anna", "Cleo"], "tokens": 3, "cards": ["3"]}
    s.record(END_ROUND)  # end of round 4: still tied, scored again, still waiting
    assert s.state["round"] == 5
    assert s.state["waiting_cards"] == [3]
    assert [e["key"] for e in s.state["log"]].count("city-of-rome.log.influence_tie") == 2
    s.record(END_ROUND)  # end of round 5: round 6 starts and card 6 joins
    assert s.state["round"] == 6
    assert s.state["waiting_cards"] == [3, 6]
    tokens(s, 3, 4)
    s.record(END_ROUND)  # end of round 6: Dora alone has most and takes both
    assert s.state["players"][3]["influence_cards"] == [3, 6]
    assert s.state["players"][3]["counters"]["influence_tokens"] == 0
    assert s.state["waiting_cards"] == []
    assert [p["counters"]["influence_tokens"] for p in s.state["players"]] == [3, 0, 3, 0]


def test_all_at_zero_is_a_tie():
    s = new_game(2)
    s.record(END_ROUND)
    assert s.state["waiting_cards"] == [4]
    s.record(END_ROUND)
    assert s.state["waiting_cards"] == [4]
    assert log_keys(s.state).count("city-of-rome.log.influence_tie") == 1


def test_winner_keeps_earlier_cards_and_adds_new_ones():
    s = new_game(2)
    s.record(END_ROUND)  # round 2: card 4 comes up
    tokens(s, 1, 1)
    s.record(END_ROUND)  # Ben takes 4
    s.record(END_ROUND)  # round 4: card 8 comes up
    tokens(s, 1, 2)
    tokens(s, 0, 1)
    s.record(END_ROUND)
    assert s.state["players"][1]["influence_cards"] == [4, 8]
    assert s.state["players"][0]["counters"]["influence_tokens"] == 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_tie_after_the_last_round_is_not_awarded(n):
    s = new_game(n)
    end_rounds(s, rounds(n) - 1)
    assert s.state["waiting_cards"] == list(influence_cards(n))  # every scoring so far tied at 0
    tokens(s, 0, 2)
    tokens(s, 1, 2)
    s.record(END_ROUND)
    assert s.state["finished"]
    assert s.state["waiting_cards"] == []
    assert all(p["influence_cards"] == [] for p in s.state["players"])
    assert s.state["players"][0]["counters"]["influence_tokens"] == 2  # nobody returned tokens
    lapse = [e for e in s.state["log"] if e["key"] == "city-of-rome.log.cards_lapse"]
    assert lapse[0]["params"] == {"cards": [str(c) for c in influence_cards(n)]}
    assert GAME.end.board_from_tracker(s.state, s.config)["players"][0]["influence_cards"] == []


def test_a_single_majority_in_the_last_round_takes_everything_waiting():
    s = new_game(3)
    end_rounds(s, 13)
    tokens(s, 2, 1)
    s.record(END_ROUND)
    assert s.state["finished"]
    assert s.state["players"][2]["influence_cards"] == [3, 6, 10, 14]
    assert "city-of-rome.log.cards_lapse" not in log_keys(s.state)


def test_influence_scoring_each_round_end_as_the_rulebook_says():
    """Only when a card is waiting: at the end of a round without a card nobody pays tokens."""
    s = new_game(3)
    tokens(s, 0, 4)
    s.record(END_ROUND)
    s.record(END_ROUND)
    assert s.state["players"][0]["counters"]["influence_tokens"] == 4
    assert "city-of-rome.log.influence_won" not in log_keys(s.state)


# ------------------------------------------------------------------ counters

@pytest.mark.parametrize("counter", ["money", "influence_tokens", "build_markers"])
def test_counters_cannot_go_below_zero(counter):
    s = new_game(3)
    start = s.state["players"][1]["counters"][counter]
    assert start == (5 if counter == "money" else 0)
    if start:
        s.record({"type": "adjust", "player": 1, "counter": counter, "delta": -start})
    before = copy.deepcopy(s.state)
    with pytest.raises(InvalidMove) as raised:
        s.record({"type": "adjust", "player": 1, "counter": counter, "delta": -1})
    assert raised.value.msg.key == "core.error.below_minimum"
    assert s.state == before
    s.record({"type": "adjust", "player": 1, "counter": counter, "delta": 5})
    assert s.state["players"][1]["counters"][counter] == 5


def test_every_player_starts_with_5_money():
    for n in (2, 3, 4):
        state = GAME.rules.initial_state(config(n))
        assert [p["counters"] for p in state["players"]] == [
            {"money": 5, "influence_tokens": 0, "build_markers": 0}] * n


# ------------------------------------------------------------------ setup checklist

def steps_of(n, start=0, drawn=False):
    return {s.id: s for s in GAME.rules.setup_checklist(config(n, start, drawn))}


@pytest.mark.parametrize("n, used, unused", [
    (2, ["I", "II"], ["III", "IV"]),
    (3, ["I", "II", "III"], ["IV"]),
    (4, ["I", "II", "III", "IV"], None),
])
def test_setup_stacks(n, used, unused):
    step = steps_of(n)["stacks"]
    assert step.text.params["stacks"] == used
    if unused is None:
        assert step.details == ()
    else:
        assert [d.params["stacks"] for d in step.details] == [unused]


@pytest.mark.parametrize("n, cards, unused, reveal", [
    (2, ["4", "8", "14"], ["3", "6", "10"], [(4, 2), (8, 4), (14, 7)]),
    (3, ["3", "6", "10", "14"], ["4", "8"], [(3, 3), (6, 6), (10, 10), (14, 14)]),
    (4, ["3", "6", "10", "14"], ["4", "8"], [(3, 3), (6, 6), (10, 10), (14, 14)]),
])
def test_setup_influence_cards(n, cards, unused, reveal):
    step = steps_of(n)["influence"]
    assert step.text.params["cards"] == cards
    assert step.details[0].params["cards"] == unused
    assert [(m.params["card"], m.params["round"]) for m in step.details[1].params["rounds"]] == reveal


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_money_colours_and_rounds(n):
    steps = steps_of(n)
    assert steps["money"].text.params == {"total": 5 * n}
    assert "5 money" in steps["money"].text.render("en")
    assert steps["colours"].text.key == ("city-of-rome.setup.colours_2p" if n == 2 else "city-of-rome.setup.colours")
    assert steps["rounds"].text.params == {"rounds": 7 if n == 2 else 14}


@pytest.mark.parametrize("n, who, back", [
    (2, "Anna plays white, Ben brown",
     "Back into the box: the start buildings and builders in violet; the start buildings and builders in orange."),
    (3, "Anna violet; Ben orange; Cleo white.",
     "Back into the box: the start buildings and builders in brown; the second builder in white."),
    (4, "Anna violet; Ben orange; Cleo white; Dora brown.",
     "Back into the box: the second builder in white; the second builder in brown."),
])
def test_setup_colours_are_the_ones_the_app_gave(n, who, back):
    """SPIELVORBEREITUNG: "Jeder Spieler wählt eine Spielerfarbe und nimmt sich die 2 Startgebäude und 1
    Baumeister in der entsprechenden Farbe. Hinweis: Der 2. Baumeister in den Spielerfarben Weiß und Braun
    wird nur für das Spiel zu zweit benötigt. [...] Die nicht benötigten Baumeister und Startgebäude werden
    zurück in die Schachtel gelegt." SPIEL ZU ZWEIT: "Einer der Spieler muss mit der Spielerfarbe Weiß, der
    andere mit Braun spielen. Beide nehmen sich die 2 Startgebäude und die 2 Baumeister". The app has given
    the colours already: the step names them, and what goes back into the box for this table."""
    step = steps_of(n)["colours"]
    text = step.text.render("en")
    assert who in text and "picks" not in text
    assert [d.render("en") for d in step.details][-1] == back
    assert "nur zu zweit" not in " ".join(d.render("de") for d in step.details)


@pytest.mark.parametrize("n, start, order", [
    # Right neighbour of seat i is seat i-1 (seated clockwise in list order); counter-clockwise
    # from there, the start player last.
    (2, 0, ["Ben", "Anna"]),
    (2, 1, ["Anna", "Ben"]),
    (3, 0, ["Cleo", "Ben", "Anna"]),
    (3, 1, ["Anna", "Cleo", "Ben"]),
    (3, 2, ["Ben", "Anna", "Cleo"]),
    (4, 0, ["Dora", "Cleo", "Ben", "Anna"]),
    (4, 2, ["Ben", "Anna", "Dora", "Cleo"]),
    (4, 3, ["Cleo", "Ben", "Anna", "Dora"]),
])
def test_setup_draft_order_and_start_player(n, start, order):
    steps = steps_of(n, start)
    assert [NAMES[i] for i in draft_order(n, start)] == order
    assert steps["draft"].text.params == {"first": order[0], "count": n}
    assert steps["draft"].details[0].params["order"] == order
    assert order[-1] == NAMES[start]
    assert steps["start_player"].text.key == "city-of-rome.setup.start_player"
    assert steps["start_player"].text.params == {"name": NAMES[start]}


def test_setup_says_when_the_start_player_was_drawn():
    assert steps_of(3, 1, drawn=True)["start_player"].text.key == "city-of-rome.setup.start_player_drawn"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_checklist_renders_in_both_languages(n):
    for step in GAME.rules.setup_checklist(config(n)):
        for lang in ("en", "de"):
            for msg in (step.text, *step.details):
                text = msg.render(lang)
                assert "{" not in text and msg.key not in text


# ------------------------------------------------------------------ end scoring prefilled

def test_board_from_tracker_carries_money_tokens_and_won_cards():
    s = new_game(3, start=1)
    end_rounds(s, 2)
    tokens(s, 2, 3)
    s.record(END_ROUND)  # Cleo takes card 3
    s.record({"type": "adjust", "player": 0, "counter": "money", "delta": 7})
    s.record({"type": "adjust", "player": 1, "counter": "money", "delta": -5})
    tokens(s, 1, 4)
    tokens(s, 2, 1)
    s.record({"type": "adjust", "player": 2, "counter": "build_markers", "delta": 2})
    board = GAME.end.board_from_tracker(s.state, s.config)
    assert board["game"] == "city-of-rome"
    assert [(p["name"], p["money"], p["influence_tokens"], p["influence_cards"]) for p in board["players"]] == [
        ("Anna", 12, 0, []), ("Ben", 0, 4, []), ("Cleo", 5, 1, [3])]
    # "Seine 2 Startgebäude legt jeder Spieler als Beginn seiner Stadt nebeneinander vor sich ab": nobody
    # built, every city is its start buildings, in the middle rows and columns of the grid
    for p in board["players"]:
        assert p["city"] == [[None] * 4, [None, "house-2", "vegetable-farm", None], [None] * 4, [None] * 4]
    # the prefilled board is a copy: editing it does not touch the tracker
    board["players"][2]["influence_cards"].append(6)
    assert s.state["players"][2]["influence_cards"] == [3]


def test_a_city_nobody_built_on_opens_as_its_start_buildings_and_scores():
    """"Seine 2 Startgebäude legt jeder Spieler als Beginn seiner Stadt nebeneinander vor sich ab ... Die
    Spieler sollten ausreichend Platz um ihre Startgebäude lassen, sodass sie im Spielverlauf ausgehend von
    ihren Startgebäuden eine Stadt aus maximal 4x4 Karten bilden können": a player who never used Build
    finds the two start buildings (the way round the tracker has them) with room on every side, and the
    form scores as it opens (it used to say the city had no cards)."""
    s = new_game(3)
    s.record({"type": "swap_start", "player": 2})
    build(s, 0, "market", 1, 0)  # only Anna recorded a build
    board = GAME.end.board_from_tracker(s.state, s.config)
    assert board["players"][1]["city"] == [[None] * 4, [None, "house-2", "vegetable-farm", None], [None] * 4,
                                           [None] * 4]
    assert board["players"][2]["city"][1] == [None, "vegetable-farm", "house-2", None]
    assert board["players"][0]["city"] == [[None] * 4, [None, "house-2", "vegetable-farm", None],
                                           [None, "market", None, None], [None] * 4]
    sheet = GAME.end.score(GAME.end.parse_board_state(board), {})
    # Ben: the lone value-2 house touches no public building (0), 5 money; Anna's touches her market: 2 x 1
    assert [p.total for p in sheet.players] == [2 + 5 + 1, 5, 5]


def test_a_city_lies_in_the_middle_of_the_grid_with_room_where_it_can_still_grow():
    s = new_game(4)
    build(s, 0, "house-3", 0, 2)   # three wide
    build(s, 0, "house-3", -1, 0)  # two high
    city = GAME.end.board_from_tracker(s.state, s.config)["players"][0]["city"]
    assert city == [[None] * 4, ["house-3", None, None, None], ["house-2", "vegetable-farm", "house-3", None],
                    [None] * 4]


# ------------------------------------------------------------------ building the cities (Aktion Bauen)

def build(s, player, card, row, col):
    s.record({"type": "build", "player": player, "card": card, "space": [row, col]})


def cities(s):
    return [[(e["card"], tuple(e["space"]), e.get("vp_markers")) for e in city] for city in s.state["cities"]]


def test_each_city_starts_with_its_start_buildings_side_by_side():
    """SPIELVORBEREITUNG: "Seine 2 Startgebäude legt jeder Spieler als Beginn seiner Stadt nebeneinander"."""
    s = new_game(3)
    assert cities(s) == [[("house-2", (0, 0), None), ("vegetable-farm", (0, 1), None)]] * 3
    # "Es spielt keine Rolle, welches der Startgebäude rechts oder links liegt"
    s.record({"type": "swap_start", "player": 1})
    assert cities(s)[1] == [("vegetable-farm", (0, 0), None), ("house-2", (0, 1), None)]
    assert s.state["log"][-1]["key"] == "city-of-rome.log.start_swapped"
    build(s, 1, "house-3", 1, 0)
    with pytest.raises(InvalidMove) as refused:  # once the city grows, the start buildings lie where they lie
        s.record({"type": "swap_start", "player": 1})
    assert refused.value.msg.key == "city-of-rome.error.swap_too_late"


# The rulebook's scoring example (WERTUNGSBEISPIEL), built card by card in an order the building rules
# allow: the farm was laid left of the value-2 house, an aqueduct later built in its place; each therme
# built when it had as many neighbours as it carries VP markers (the Kaiser-Therme one fewer).
RULEBOOK_BUILDS = [
    ("luxury-house-2", -1, 0), ("arena", -1, 1), ("luxury-house-3", -1, 2), ("house-3", -1, 3),
    ("aqueduct", 0, 0), ("house-2", 0, 2), ("therme", 0, 3), ("vegetable-farm", 1, 0), ("school", 1, 1),
    ("house-2", 1, 2), ("temple-fortuna", 2, 0), ("great-aqueduct", 2, 1), ("temple-luna", 2, 2),
    ("house-4", 2, 3), ("imperial-therme", 1, 3),
]


def test_the_rulebook_city_built_during_play_is_the_end_board_and_scores_75():
    """The scoring example's city recorded as it was built: the end-scoring form opens with that city,
    both thermes carrying the markers they got when built (2 and 4), and with the example's money,
    tokens and card it scores the example's 75."""
    import json
    from pathlib import Path
    example = json.loads((Path(__file__).parents[1] / "examples" / "city-of-rome-rulebook.json").read_text("utf-8"))
    s = new_game(3)
    s.record({"type": "swap_start", "player": 0})
    for card, row, col in RULEBOOK_BUILDS:
        build(s, 0, card, row, col)
    assert s.state["replaced"] == ["vegetable-farm"]  # the start farm, under the aqueduct
    board = GAME.end.board_from_tracker(s.state, s.config)
    assert board["players"][0]["city"] == example["players"][0]["city"]
    # nothing recorded: the start buildings as the setup lays them
    assert board["players"][1]["city"][1] == [None, "house-2", "vegetable-farm", None]
    # The stars' influence tokens came with the builds: 1 + 1 (luxury houses) + 1 (great aqueduct) + 1 (Luna),
    # and the arena 2 for its two neighbours then.
    assert s.state["players"][0]["counters"]["influence_tokens"] == 6
    me = board["players"][0]
    me.update(money=9, influence_tokens=3, influence_cards=[3])
    sheet = GAME.end.score(GAME.end.parse_board_state({**example, "players": [me, *example["players"][1:]]}), {})
    assert sheet.players[0].total == 75


def test_a_build_does_at_once_what_the_building_overview_says():
    s = new_game(4)
    build(s, 0, "house-3", 1, 0)                     # under the house: touches 1 card
    build(s, 0, "market", 1, 1)                      # touches the house-3 and the farm: +2 money
    assert s.state["players"][0]["counters"]["money"] == 5 + 2
    build(s, 1, "house-3", 1, 0)
    build(s, 1, "forum-romanum", 1, 1)               # as a market, 1 more: +3
    assert s.state["players"][1]["counters"]["money"] == 5 + 3
    build(s, 2, "arena", 1, 0)                       # 1 neighbour: +1 influence token
    build(s, 2, "colosseum", -1, 1)                  # 1 neighbour, 1 more: +2
    assert s.state["players"][2]["counters"]["influence_tokens"] == 3
    build(s, 3, "temple-mars", 0, 2)                 # 3 stars: +3 tokens
    build(s, 3, "therme", 1, 1)                      # touches the farm: 1 VP marker
    build(s, 3, "imperial-therme", -1, 2)            # touches Mars, 1 more: 2 VP markers
    assert s.state["players"][3]["counters"]["influence_tokens"] == 3
    assert cities(s)[3][-2:] == [("therme", (1, 1), 1), ("imperial-therme", (-1, 2), 2)]
    assert s.state["players"][3]["counters"]["money"] == 5  # nothing for a temple or a therme
    log = [Msg.from_json(m) for m in s.state["log"]]
    assert log[1].render("en") == "Anna built: Market, +2 money"
    assert log[-1].render("de") == "Dora baut: Kaiser-Therme, 2 Siegpunktmarker darauf"


def test_an_aqueduct_may_replace_a_card_once_per_row_and_column():
    """AQUÄDUKTE: "Sie dürfen aber auch so gebaut werden, dass sie ein Gebäude ... ersetzen. Das ersetzte
    Gebäude wird sofort aus dem Spiel genommen"; "In jeder Reihe oder Spalte ... nur genau 1 Aquädukt"."""
    s = new_game(3)
    build(s, 0, "aqueduct", 0, 1)                    # in place of the farm
    assert cities(s)[0] == [("house-2", (0, 0), None), ("aqueduct", (0, 1), None)]
    assert s.state["replaced"] == ["vegetable-farm"]
    assert s.state["log"][-1]["key"] == "city-of-rome.log.built_replacing"
    for card, row, col in (("aqueduct", 1, 1), ("great-aqueduct", 0, -1), ("aqueduct", 0, 0)):
        with pytest.raises(InvalidMove) as refused:
            build(s, 0, card, row, col)
        assert refused.value.msg.key == "city-of-rome.error.aqueduct_in_line", (card, row, col)
    build(s, 0, "great-aqueduct", 1, 0)              # another row and column


def test_the_great_aqueduct_over_a_card_still_brings_its_star():
    s = new_game(3)
    build(s, 0, "great-aqueduct", 0, 0)              # in place of the start house
    assert s.state["players"][0]["counters"]["influence_tokens"] == 1
    assert Msg.from_json(s.state["log"][-1]).render("en") == \
        "Anna built: Great aqueduct * in place of the House 2, +1 influence token"


@pytest.mark.parametrize("card, row, col, key", [
    ("house-3", 0, 1, "city-of-rome.error.space_taken"),      # "auf einen freien Platz"
    ("house-3", 2, 0, "city-of-rome.error.not_touching"),     # a row away
    ("house-3", 5, 0, "city-of-rome.error.not_touching"),
    ("house-3", 0, 4, "city-of-rome.error.beyond_4x4"),       # the fifth column
    ("temple-juno", 1, 0, "city-of-rome.error.card_not_in_play"),  # stack IV: not with 3 players
    ("no-such-card", 1, 0, "city-of-rome.error.unknown_card"),
    ("house-3", "1", 0, "core.error.bad_event"),
])
def test_a_build_the_rules_do_not_allow_is_refused_and_changes_nothing(card, row, col, key):
    s = new_game(3)
    for c in (2, 3):
        build(s, 0, "house-3", 0, c)                 # a row of four: house-2, farm, house-3, house-3
    before = copy.deepcopy(s.state)
    with pytest.raises(InvalidMove) as refused:
        s.record({"type": "build", "player": 0, "card": card, "space": [row, col]})
    assert refused.value.msg.key == key
    assert s.state == before


def test_a_card_is_built_no_more_often_than_the_box_holds():
    s = new_game(3)
    build(s, 0, "temple-minerva", 1, 0)              # one in the game
    with pytest.raises(InvalidMove) as refused:
        build(s, 1, "temple-minerva", 1, 0)
    assert refused.value.msg.key == "city-of-rome.error.no_copy_left"
    # With 3 players stacks I-III hold 8 value-2 houses, plus a start house each: 11 in all cities.
    for seat, spaces in ((0, [(1, 1), (-1, 0), (-1, 1)]), (1, [(1, 0), (1, 1), (-1, 0)]), (2, [(1, 0), (1, 1)])):
        for row, col in spaces:
            build(s, seat, "house-2", row, col)
    with pytest.raises(InvalidMove) as refused:
        build(s, 2, "house-2", -1, 0)
    assert refused.value.msg.key == "city-of-rome.error.no_copy_left"


def test_buildable_spaces_and_undo():
    s = new_game(2)
    options = tracker.build_options(s.state, 0, 2)
    assert list(options) == [(-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
    assert "house-3" in options[(1, 0)] and "temple-fortuna" not in options[(1, 0)]  # stack III: not with 2
    assert options[(0, 0)] == ["aqueduct", "great-aqueduct"]  # over a start building: only an aqueduct
    build(s, 0, "market", 0, 2)
    assert s.state["players"][0]["counters"]["money"] == 6
    s.undo()
    assert cities(s)[0] == [("house-2", (0, 0), None), ("vegetable-farm", (0, 1), None)]
    assert s.state["players"][0]["counters"]["money"] == 5


def test_a_full_city_with_an_aqueduct_in_every_row_and_column_has_no_space_left():
    s = new_game(4)
    s.state["cities"][0] = [{"card": "aqueduct" if r == c else "house-3", "space": [r, c]}
                            for r in range(4) for c in range(4)]
    assert tracker.build_options(s.state, 0, 4) == {}
    s.state["cities"][0][5]["card"] = "house-2"  # (1, 1): row 1 and column 1 without an aqueduct now
    assert tracker.build_options(s.state, 0, 4) == {(1, 1): ["aqueduct", "great-aqueduct"]}


def test_build_stays_offered_after_the_last_round():
    s = new_game(2)
    end_rounds(s, 7)
    assert [a.id for a in GAME.actions(s.state, s.config)] == ["build"]
    build(s, 1, "house-3", 1, 0)  # forgotten during play: entered without undoing the last round
    # the start buildings and the house under the value-2 house: 2 rows, 2 columns, in the middle
    assert GAME.end.board_from_tracker(s.state, s.config)["players"][1]["city"][2][1] == "house-3"


# ------------------------------------------------------------------ the moves as the game declares them

def test_each_entry_is_a_declared_move_with_its_exact_parameters():
    """end_round, place_builder, next_player, build and swap_start (and core's adjust); an entry with a key
    its move does not take is refused (a typo is never ignored), and the state is left as it was."""
    assert [m.name for m in tracker.MOVES] == ["end_round", "place_builder", "next_player", "build", "swap_start"]
    assert all(not m.upgrades for m in tracker.MOVES)  # schema-1 entries are today's form
    s = new_game(3)
    before = copy.deepcopy(s.state)
    for bad in ({"type": "end_round", "player": 0}, {"type": "build", "player": 0, "card": "market",
                                                     "space": [1, 0], "markers": 1},
                {"type": "swap_start", "player": 0, "side": "left"}, {"type": "build_city"},
                {"type": "place_builder", "player": 0, "space": 1, "builder": 1}, {"type": "next_player", "player": 1}):
        with pytest.raises(InvalidMove):
            s.record(bad)
    assert s.state == before
    assert GAME.upgrade({"type": "build", "player": 1, "card": "market", "space": [1, 0]}, 1, s.state, s.config) == \
        {"type": "build", "player": 1, "card": "market", "space": [1, 0]}


def test_the_moves_offer_end_round_then_the_rounds_next_step_then_build_and_swap_is_offered_inside_build():
    s = new_game(3)
    actions = GAME.actions(s.state, s.config)
    assert [(a.id, a.per_player) for a in actions] == [("end_round", False), ("place_builder", False),
                                                       ("build", True)]
    assert actions[0].confirm is None and actions[0].label.render("de") == "Runde 1 beenden"


def test_a_build_through_the_table_hub_is_saved_and_resumes(tmp_path):
    from companion.core.table import TableHub
    from companion.games import GAMES
    from companion.storage import Repository
    repo = Repository(tmp_path, GAMES)
    repo.save(new_game(3))
    table = TableHub(repo)
    table.apply("t", {"type": "swap_start", "player": 1},
                {"type": "build", "player": 1, "card": "therme", "space": [1, 0]})
    with pytest.raises(InvalidMove):  # all or nothing: the swap is too late after a build
        table.apply("t", {"type": "adjust", "player": 1, "counter": "money", "delta": 1},
                    {"type": "swap_start", "player": 1})
    resumed = Repository(tmp_path, GAMES).game("t")
    assert resumed.state["cities"][1] == [{"card": "vegetable-farm", "space": [0, 0]},
                                          {"card": "house-2", "space": [0, 1]},
                                          {"card": "therme", "space": [1, 0], "vp_markers": 1}]
    assert resumed.state["players"][1]["counters"]["money"] == 5

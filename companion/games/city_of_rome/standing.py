"""What the scoreboard shows of a City of Rome player during play, and the score sheet's rows.

There is no victory-point track during play: the points come at the end (SCHLUSSWERTUNG). The tracker
knows all that final scoring reads (each city as built, money, influence tokens, influence cards won),
so the large number is the victory points the player would score if the game ended now: the final
scoring itself (scoring.score_player) applied to the tracker's city. It is exact for a table that
enters its builds; for one that does not, it counts money, tokens and cards only. Under it: money,
influence tokens (the race for the waiting cards) and the cards in the city.

The score sheet has a row per influence scoring: the rounds up to the round whose end scores the next
influence card ("Liegt aktuell mindestens 1 Einflusswertungskarte neben dem Angebot, kommt es vor der
neuen Runde noch zu einer Einflusswertung"), each cell the points a player gained in those rounds.
"""

from __future__ import annotations

from functools import lru_cache

from companion.core.game import Standing
from companion.core.text import Msg
from companion.games.city_of_rome.cards import influence_cards, reveal_round
from companion.games.city_of_rome.scoring import parse_cell, score_player
from companion.games.city_of_rome.tracker import board_city


def points_now(state: dict, seat: int) -> int:
    """The final scoring of the player's city, money, influence tokens and cards as they are now."""
    me = state["players"][seat]
    city = tuple((e["card"], *e["space"], e.get("vp_markers", 0)) for e in state["cities"][seat])
    return _points(city, me["counters"]["money"], me["counters"]["influence_tokens"], tuple(me["influence_cards"]))


# Cached: the score sheet works out every player's points after every entry of the game (an entry changes
# one player's at most), and again each time it is opened; a whole game holds some 400 of them (see
# bench/bench_rome_scoreboard.py).
@lru_cache(maxsize=1024)
def _points(city: tuple, money: int, tokens: int, cards: tuple) -> int:
    return score_player({"name": "", "city": _grid(city), "money": money, "influence_tokens": tokens,
                         "influence_cards": list(cards)}).total


@lru_cache(maxsize=64)
def _grid(city: tuple) -> list:
    """The city as the final scoring reads it (never changed: the cache hands it out again)."""
    entries = [{"card": card, "space": [r, c], **({"vp_markers": m} if m else {})} for card, r, c, m in city]
    return [[parse_cell(cell, "$") for cell in row] for row in board_city(entries)]


POINTS, MONEY, TOKENS, CITY = (Msg(f"city-of-rome.{key}") for key in (
    "standing.points", "counter.money", "counter.influence_tokens", "standing.city"))


def standing(state: dict, config: dict, seat: int) -> Standing:
    counters = state["players"][seat]["counters"]
    return Standing(points_now(state, seat), POINTS, None, (
        (MONEY, counters["money"]), (TOKENS, counters["influence_tokens"]), (CITY, len(state["cities"][seat]))))


def scoring_rounds(players: int) -> list[tuple[int, int]]:
    """The rounds up to each influence scoring: (first, last) per influence card, the last being the
    round in which the card comes up (and at whose end it is scored)."""
    ends = [reveal_round(card, players) for card in influence_cards(players)]
    return [(first + 1, last) for first, last in zip([0, *ends], ends)]


def period(state: dict, config: dict) -> Msg:
    """The score sheet's row the game is in: the influence scoring whose rounds hold the current round."""
    spans = scoring_rounds(len(state["players"]))
    number, (first, last) = next((n, span) for n, span in enumerate(spans, 1) if state["round"] <= span[1])
    return Msg("city-of-rome.period", number=number, first=first, last=last)

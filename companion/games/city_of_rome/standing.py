"""What the scoreboard shows of a City of Rome player during play, and the score sheet's rows.

There is no victory-point track during play: the points come at the end (SCHLUSSWERTUNG). The tracker
knows all that final scoring reads (each city as built, money, influence tokens, influence cards won),
so the large number is the victory points the player would score if the game ended now: the final
scoring itself (scoring.score_player) applied to the tracker's city. It is exact for a table that
enters its builds; for one that does not, it counts money, tokens and cards only. Under it: money,
influence tokens (the race for the waiting cards) and the cards in the city.

The score sheet is the game's score pad (Wertungsblock: "Dazu geht er die verschiedenen
Wertungskategorien Zeile für Zeile von oben nach unten durch"): a row per category of the final scoring,
each cell what that player would score in it if the game ended now; the rows add up to the large number.
Nobody scores during play: an influence scoring hands out a card that counts at the end
("Einflusswertungskarten bringen bei Spielende entsprechend ihres abgebildeten Wertes Siegpunkte", the
row "Influence cards"), and money spent on action points is money the row "Money" no longer counts
("Jedes Geld ist bei Spielende 1 Siegpunkt wert"), not a negative score of a round.
"""

from __future__ import annotations

from functools import lru_cache

from companion.core.definition import Standing
from companion.core.text import Msg
from companion.games.city_of_rome.scoring import CATEGORY_LABELS, parse_cell, score_player
from companion.games.city_of_rome.tracker import board_city


def points_now(state: dict, seat: int) -> int:
    """The final scoring of the player's city, money, influence tokens and cards as they are now."""
    return sum(points for _, points in _categories(*_scored(state, seat)))


def categories(state: dict, config: dict, seat: int) -> tuple[tuple[Msg, int], ...]:
    """The score sheet's rows for a player: the final scoring's categories, as things are now."""
    return tuple((CATEGORY_LABELS[c], points) for c, points in _categories(*_scored(state, seat)))


def _scored(state: dict, seat: int) -> tuple:
    me = state["players"][seat]
    city = tuple((e["card"], *e["space"], e.get("vp_markers", 0)) for e in state["cities"][seat])
    return city, me["counters"]["money"], me["counters"]["influence_tokens"], tuple(me["influence_cards"])


# Cached: the scoreboard works out every player's points after every entry, and the score sheet again
# each time it is opened (see bench/bench_rome_scoreboard.py); an entry changes one player's at most.
@lru_cache(maxsize=1024)
def _categories(city: tuple, money: int, tokens: int, cards: tuple) -> tuple[tuple[str, int], ...]:
    scored = score_player({"name": "", "city": _grid(city), "money": money, "influence_tokens": tokens,
                           "influence_cards": list(cards)})
    return tuple((c.id, c.points) for c in scored.categories)


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

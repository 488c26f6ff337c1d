"""The Castles of Tuscany on the scoreboard and the score sheet.

The score in large type is the red (inner) track: the points a player has ("Bei jeder Wertung werden
die Zählsteine auf der roten Zählleiste um die Punkte der grünen Zählleiste vorwärts gezogen"), what
the final scoring adds to and the winner is decided on. Beside it the green (outer) track, the points
each of the scorings still to come adds onto red (it is never reset).

The score sheet keeps both tracks, each point in the row where it moved: a row per round (yield cards
onto red; regions, agriculture, colour bonuses and green yield cards onto green), then a row per scoring
(green moved onto red), in the rulebook's order: round 1, scoring 1, round 2, scoring 2, round 3, the
extra turn cycle, scoring 3 ("Im 3. Durchgang wird ... nach dem eigentlichen Durchgangsende noch eine
komplette weitere Runde gespielt")."""

from __future__ import annotations

from companion.core.definition import Standing
from companion.core.text import Msg
from companion.games.castles_of_tuscany.components import GAME_ID, STACKS


def m(key: str, **params) -> Msg:
    return Msg(f"{GAME_ID}.{key}", **params)


def standing(state: dict, config: dict, seat: int) -> Standing:
    tracks = state["players"][seat]["counters"]
    return Standing(tracks["red"], m("counter.red"), "red", ((m("standing.green"), tracks["green"]),),
                    tracks=((m("counter.green"), tracks["green"]),))


def period(state: dict, config: dict, event: dict | None = None) -> Msg:
    """The score sheet's row of an entry (event None: of the part being played): the round, the extra
    turn cycle, or the scoring an "End round" (rounds 1 and 2) or the extra cycle's end makes."""
    kind = (event or {}).get("type")
    if state["finished"] or kind == "end_extra_cycle" or (kind == "end_round" and state["round"] < STACKS):
        return m("period.scoring", scoring=state["round"])
    if state["extra_cycle"]:
        return m("period.extra_cycle")
    return m("period.round", round=state["round"])

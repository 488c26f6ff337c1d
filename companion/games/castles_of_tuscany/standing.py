"""The Castles of Tuscany on the scoreboard and the score sheet.

The score in large type is the red (inner) track: the points a player has ("Bei jeder Wertung werden
die Zählsteine auf der roten Zählleiste um die Punkte der grünen Zählleiste vorwärts gezogen"), what
the final scoring adds to and the winner is decided on. Beside it the green (outer) track, the points
each of the scorings still to come adds onto red (it is never reset).

The score sheet has a row per round, each with the scoring that ends it, in the rulebook's order: round 1
and scoring 1, round 2 and scoring 2, round 3, then the extra turn cycle and scoring 3 ("Im 3. Durchgang
wird ... nach dem eigentlichen Durchgangsende noch eine komplette weitere Runde gespielt"). A cell is
the red points the player made in it: yield cards during the round, then the green points the scoring
moved onto red."""

from __future__ import annotations

from companion.core.game import Standing
from companion.core.text import Msg
from companion.games.castles_of_tuscany.components import GAME_ID, STACKS


def m(key: str, **params) -> Msg:
    return Msg(f"{GAME_ID}.{key}", **params)


def standing(state: dict, config: dict, seat: int) -> Standing:
    tracks = state["players"][seat]["counters"]
    return Standing(tracks["red"], m("counter.red"), "red", ((m("standing.green"), tracks["green"]),))


def period(state: dict, config: dict) -> Msg:
    """The row of the score sheet the game is in: a round with the scoring that ends it."""
    if state["extra_cycle"] or state["finished"]:
        return m("period.extra_cycle", scoring=STACKS)
    if state["round"] < STACKS:
        return m("period.round", round=state["round"])
    return m("period.last_round", round=state["round"])

"""What the tracker panel shows of a game in progress, as plain values and messages: each player's three
stacks and the eight colour-bonus tiles (the side that is up and its points). The screens only lay
these out."""

from __future__ import annotations

from companion.core.text import Msg
from companion.games.castles_of_tuscany.components import (
    COLOURS, GAME_ID, SIDES, STACK_SIZE, STACK_TILES, STACKS, TILE_KINDS, box_key, left_in_stack, stack_of,
)

P = f"{GAME_ID}.panel"
# The tile kind that fills each field colour: its name is on the colour tile, so that the colours need
# not be told apart by sight.
KIND_OF_COLOUR = {colour: kind for kind, (colour, _n) in TILE_KINDS.items() if kind != "start_castle"}


def m(key: str, **params) -> Msg:
    return Msg(f"{P}.{key}", **params)


def stack_fill(revealed: int) -> list[float]:
    """How much of each of the three stacks has been revealed, 0.0 to 1.0, left to right."""
    return [min(max(revealed - s * STACK_SIZE, 0), STACK_SIZE) / STACK_SIZE for s in range(STACKS)]


def stack_line(name: str, revealed: int) -> Msg:
    if revealed >= STACK_TILES:
        return m("stacks_empty", player=name)
    return m("stack", player=name, stack=stack_of(revealed), left=left_in_stack(revealed), revealed=revealed)


def colour_tiles(state: dict) -> list[dict]:
    """Each colour-bonus tile: the side that is up (None once it is back in the box), that side's
    points if entered (None if not), and who has completed the colour."""
    tiles = []
    for colour in COLOURS:
        got = state["colour_bonus"][colour]
        side = SIDES[len(got)] if len(got) < len(SIDES) else None
        tiles.append({"colour": colour, "side": side, "players": list(got),
                      "points": state["box"].get(box_key(colour, side)) if side else None})
    return tiles


def tile_words(tile: dict, names: list[str]) -> tuple[Msg, Msg]:
    """What a colour tile says on it (its side and points, in words: "side I: 3 points", "side I: enter
    points", "back in the box") and what it says to a screen reader (the colour and who completed it too)."""
    players = [names[i] for i in tile["players"]] or m("nobody")
    if tile["side"] is None:
        return m("tile_gone_short"), m("tile_gone", colour=colour_name(tile), players=players)
    if tile["points"] is None:
        return (m("tile_unknown_short", side=tile["side"]),
                m("tile_unknown", colour=colour_name(tile), side=tile["side"], players=players))
    return (m("tile_up_short", side=tile["side"], points=tile["points"]),
            m("tile_up", colour=colour_name(tile), side=tile["side"], points=tile["points"], players=players))


def colour_name(tile: dict) -> Msg:
    return Msg(f"{GAME_ID}.colour.{tile['colour']}")

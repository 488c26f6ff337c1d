"""Who is on turn, for a tracker that follows turns: the moves "next_player" (one tap, undoable like any
entry) and "set_turn" (the table decides otherwise, where its rulebook lets it), over `state["turn"]`,
the seat on turn. The order is the game's: `order(state, config)` gives the seats of the current round
in the order they play (clockwise from the start player, or a round's own order). The game's own moves
put the turn where a round begins; these only step through it.

A game using them declares `player_on_turn=on_turn` and adds `*turn_moves(order)` to its moves."""

from __future__ import annotations

from typing import Callable

from companion.core.definition import Action, InvalidMove, Move
from companion.core.moves import is_int
from companion.core.text import Msg


def on_turn(state: dict) -> int | None:
    turn = state.get("turn")
    return turn if is_int(turn) else None


def clockwise(first: int, players: int) -> list[int]:
    """The seats from `first` on, clockwise (the seat order of the new-game screen)."""
    return [(first + k) % players for k in range(players)]


def turn_moves(order: Callable[[dict, dict], list[int]], playing: Callable[[dict], bool] = lambda state: True,
               ) -> tuple[Move, Move]:
    """"Next player" and "set_turn" in the order `order` gives; `playing(state)`: whether turns are being
    taken now (not between rounds, not after the end)."""

    def following(state: dict, config: dict) -> int:
        seats = order(state, config)
        now = on_turn(state)
        if not playing(state) or now not in seats:
            raise InvalidMove(Msg("core.error.no_turn"))
        return seats[(seats.index(now) + 1) % len(seats)]

    def next_player(state: dict, event: dict, config: dict) -> None:
        state["turn"] = following(state, config)
        state["log"].append(Msg("core.log.turn", player=config["players"][state["turn"]]["name"]).to_json())

    def set_turn(state: dict, event: dict, config: dict) -> None:
        seat = event.get("player")
        if not is_int(seat) or seat not in order(state, config):
            raise InvalidMove(Msg("core.error.no_such_player"))
        if not playing(state):
            raise InvalidMove(Msg("core.error.no_turn"))
        state["turn"] = seat
        state["log"].append(Msg("core.log.turn_set", player=config["players"][seat]["name"]).to_json())

    def offer(state: dict, config: dict) -> list[Action]:
        if not playing(state) or on_turn(state) is None:
            return []
        after = following(state, config)
        return [Action("next_player", Msg("core.action.next_player", player=config["players"][after]["name"]),
                       ends_turn=True)]

    return Move("next_player", next_player, offer=offer), Move("set_turn", set_turn, params=("player",))

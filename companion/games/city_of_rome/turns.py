"""Who is on turn in a round of City of Rome (rulebook: SPIELABLAUF, SPIEL ZU ZWEIT).

A round has two parts in which players take turns:
- Setzphase: "Beginnend mit dem Startspieler setzen die Spieler im Uhrzeigersinn nacheinander ihren
  Baumeister auf 1 beliebiges freies Feld des oben liegenden Aktionsstreifens." With 2 players "werden
  2 Setzrunden gespielt ... in der gleichen Reihenfolge".
- Aktionsphase: "in der Reihenfolge der Baumeister auf dem Aktionsstreifen ... Es beginnt der Spieler,
  dessen Baumeister am nächsten zur Kaiserfigur steht", and "Anschließend ist der nächste Spieler an der
  Reihe, das heißt derjenige, dessen Baumeister jetzt am nächsten zur Kaiserfigur steht." In that turn
  the player takes a card of the offer (the round's draft) and builds and produces. With 2 players each
  builder is a turn of its own.
The start player passes clockwise at the round's end (tracker.end_round), which clears the strip.

The rules fix both orders (the start player and the strip), so the table never sets the turn
otherwise: no "set_turn" here.

State: `state["strip"]`, the 5 spaces of the action strip counted from the emperor (space 1 is next to
him), each the seat whose builder stands there or None; `state["acted"]`, the builders that have had
their action phase this round. Who is on turn follows from them (`on_turn`).

Events:
- `{"type": "place_builder", "player": p, "space": 1..5}`: the player on turn in the Setzphase puts a
  builder there (refused for anyone else: a phone that had not seen the last placement);
- `{"type": "next_player"}`: the builder on turn has finished; the next one on the strip acts.
"""

from __future__ import annotations

from companion.core.definition import Action, InvalidMove, Move
from companion.core.moves import is_int
from companion.core.text import Msg

SPACES = 5  # "Jeder Aktionsstreifen besteht aus 5 Feldern."


def builders(players: int) -> int:
    """Builders each player sets: 2 in the game for two ("die 2 Baumeister in der entsprechenden Farbe")."""
    return 2 if players == 2 else 1


def placing_order(state: dict) -> list[int]:
    """The seats in the order they place their builders: clockwise from the start player, with 2 players
    twice round."""
    n = len(state["players"])
    once = [(state["start_player"] + k) % n for k in range(n)]
    return once * builders(n)


def action_order(state: dict) -> list[int]:
    """The builders on the strip from the emperor on, as the seats they belong to."""
    return [seat for seat in state["strip"] if seat is not None]


def placing(state: dict) -> bool:
    """Whether builders are still being placed (the Setzphase)."""
    return len(action_order(state)) < len(placing_order(state))


def on_turn(state: dict) -> int | None:
    """The seat on turn: the next to place a builder, or the builder acting now; nobody after the end."""
    if state.get("finished") or "strip" not in state:
        return None
    placed = action_order(state)
    if placing(state):
        return placing_order(state)[len(placed)]
    return placed[state["acted"]]


def last_to_act(state: dict) -> bool:
    return not placing(state) and state["acted"] == len(action_order(state)) - 1


def still_to_act(state: dict) -> list[int]:
    """The seats whose action phase is still to come this round (each once), for a table that follows the
    turns (a builder is on the strip); none while nobody has placed one."""
    placed = action_order(state)
    if not placed:
        return []
    later = placing_order(state) if placing(state) else placed[state["acted"] + 1:]
    return list(dict.fromkeys(later))


def turn_hint(state: dict, config: dict) -> Msg | None:
    """What the player on turn does now, in the rulebook's terms: place a builder (the nearer the
    emperor, the sooner a card of the offer, the fewer free action points), or take a card of the offer
    ("Zunächst wählt der Spieler, der an der Reihe ist, 1 Gebäudekarte aus dem Angebot"), then build and
    produce. The offer holds a card per builder (3 players: stacks I-III; 4: I-IV; 2: two of I and II)."""
    seat = on_turn(state)
    if seat is None:
        return None
    name = _names(config)[seat]
    if placing(state):
        return Msg("city-of-rome.hint.place", player=name)
    left = len(placing_order(state)) - state["acted"]
    return Msg("city-of-rome.hint.act_last" if left == 1 else "city-of-rome.hint.act", player=name, cards=left)


def new_round(state: dict) -> None:
    """An empty strip: the builders of the round before are off it."""
    state["strip"] = [None] * SPACES
    state["acted"] = 0


def _names(config: dict) -> list[str]:
    return [p["name"] for p in config["players"]]


def place_builder(state: dict, event: dict, config: dict) -> None:
    if state["finished"]:
        raise InvalidMove(Msg("city-of-rome.error.game_over"))
    names, player, space = _names(config), event.get("player"), event.get("space")
    if not is_int(player) or not 0 <= player < len(names):
        raise InvalidMove(Msg("core.error.no_such_player"))
    if not is_int(space) or not 1 <= space <= SPACES:
        raise InvalidMove(Msg("city-of-rome.error.no_such_space", space=str(space), spaces=SPACES))
    if not placing(state):
        raise InvalidMove(Msg("city-of-rome.error.all_placed"))
    if on_turn(state) != player:
        raise InvalidMove(Msg("city-of-rome.error.not_placing", player=names[player], on_turn=names[on_turn(state)]))
    taken = state["strip"][space - 1]
    if taken is not None:
        raise InvalidMove(Msg("city-of-rome.error.space_taken_by", space=space, player=names[taken]))
    state["strip"][space - 1] = player
    state["log"].append(Msg("city-of-rome.log.placed", player=names[player], space=space).to_json())
    if not placing(state):  # the Aktionsphase begins with the builder nearest the emperor
        state["log"].append(Msg("city-of-rome.log.actions_begin", player=names[on_turn(state)]).to_json())


def next_player(state: dict, event: dict, config: dict) -> None:
    if state["finished"] or placing(state) or last_to_act(state):
        raise InvalidMove(Msg("core.error.no_turn"))
    state["acted"] += 1
    state["log"].append(Msg("core.log.turn", player=_names(config)[on_turn(state)]).to_json())


def _place_offer(state: dict, config: dict) -> list[Action]:
    if state["finished"] or not placing(state):
        return []
    seat = on_turn(state)
    second = action_order(state).count(seat) > 0  # 2 players: this seat's second builder
    return [Action("place_builder", Msg("city-of-rome.action.place_second" if second else "city-of-rome.action.place",
                                        player=_names(config)[seat]))]


def _next_offer(state: dict, config: dict) -> list[Action]:
    if state["finished"] or placing(state) or last_to_act(state):
        return []  # the last builder's turn ends with the round: End round is the next step
    after = action_order(state)[state["acted"] + 1]
    return [Action("next_player", Msg("core.action.next_player", player=_names(config)[after]), ends_turn=True)]


MOVES = (
    Move("place_builder", place_builder, params=("player", "space"), offer=_place_offer),
    Move("next_player", next_player, offer=_next_offer),
)

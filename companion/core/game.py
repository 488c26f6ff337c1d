"""The game-definition protocol every game package implements.

A game is a static description plus pure functions over plain JSON-able data:
- `setup_checklist(config)`: the steps to set up the physical box for this table;
- `initial_state(config)` / `apply(state, event, config)`: the live tracker as a fold over the
  session's event log (undo, redo and resume are replays of that log);
- `parse_board_state(data)` / `score(board, box)`: the end scoring, pure.
The generic screens and the CLI only talk to this protocol: no `if game == ...` anywhere else.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable

from companion.core.scoring import ScoreSheet
from companion.core.text import Msg


class InvalidMove(Exception):
    """An event that the rules do not allow in the current state; the state is left unchanged."""

    def __init__(self, msg: Msg):
        super().__init__(msg.key)
        self.msg = msg


class BoardStateError(ValueError):
    """A board state that cannot be scored: `field` names where (a JSON path), `msg` what is wrong."""

    def __init__(self, field: str, msg: Msg):
        super().__init__(f"{field}: {msg.key} {msg.params}")
        self.field = field
        self.msg = msg


class MissingBoxData(Exception):
    """Scoring needs values printed on components that the players have not entered yet."""

    def __init__(self, game_id: str, keys: list[str]):
        super().__init__(f"{game_id}: box data needed: {', '.join(keys)}")
        self.game_id = game_id
        self.keys = keys


@dataclass(frozen=True)
class SetupStep:
    id: str
    text: Msg
    details: tuple[Msg, ...] = ()


@dataclass(frozen=True)
class Counter:
    """A per-player number the live tracker shows with -/+ buttons."""

    id: str
    label: Msg
    minimum: int = 0
    steps: tuple[int, ...] = (1,)
    maximum: int | None = None
    # Shown folded under "More" on the player's card: counts needed now and then, not every turn.
    secondary: bool = False


@dataclass(frozen=True)
class Action:
    """A game event the tracker offers as a button: `{"type": id}`, plus `"player": p` for
    `per_player` actions (shown on each player's card).

    `value_choices` (when given) are offered after tapping; the one chosen goes into the event under
    the key `field`, as it is: a number (a milestone's number: `"number": 5`), a string id (a colour:
    `"colour": "red"`) or a JSON object (the goods a player keeps). `choice_labels` (when given, one
    per value, same order) are what the screen shows instead of the bare values; `question` (when
    given) is asked above them; `confirm` asks first.
    """

    id: str
    label: Msg
    per_player: bool = False
    value_choices: tuple[int | str | dict, ...] = ()
    confirm: Msg | None = None
    choice_labels: tuple[Msg, ...] = ()
    field: str = ""
    question: Msg | None = None

    def __post_init__(self):
        # An event names its choice: a value without a key would be a bare position again.
        if self.value_choices and not self.field:
            raise ValueError(f"action {self.id!r}: value_choices need the event key they go to (field)")


@dataclass(frozen=True)
class BoxValue:
    """A value printed on a component that the players enter once (see the box-data policy)."""

    key: str
    label: Msg
    known: int | None = None
    source: Msg | None = None


@dataclass(frozen=True)
class BoardField:
    """A whole number on each player's end board (points on a track, tokens left), for a game scored
    with the generic end-scoring editor: a game without an editor of its own declares its board as these
    (`board_fields`), and `companion.core.board.read_fields` reads them from a board state."""

    id: str
    label: Msg
    help: Msg | None = None
    minimum: int = 0
    maximum: int | None = None
    steps: tuple[int, ...] = (1,)
    # Typed in (a score track running to 100 and more) rather than only stepped with -/+.
    typed: bool = False


@dataclass
class GameDefinition:
    id: str
    name: Msg
    min_players: int
    max_players: int
    counters: tuple[Counter, ...]
    setup_checklist: Callable[[dict], list[SetupStep]]
    initial_state: Callable[[dict], dict]
    apply_event: Callable[[dict, dict, dict], None]
    actions: Callable[[dict, dict], list[Action]]
    status: Callable[[dict, dict], list[Msg]]
    parse_board_state: Callable[[Any], dict]
    score: Callable[[dict, dict], ScoreSheet]
    board_from_tracker: Callable[[dict, dict], dict]
    player_counts_note: Msg | None = None
    box_values: tuple[BoxValue, ...] = ()
    colours: tuple[str, ...] = ("red", "blue", "yellow", "green")
    # Player counts whose rules fix the colours (City of Rome: 2 players are white and brown).
    fixed_colours: dict[int, tuple[str, ...]] = field(default_factory=dict)
    extra: dict = field(default_factory=dict)
    # Turns an entry saved under event schema 1 (games saved before entries named their choices)
    # into today's form, given the tracker state and config before it (a choice left to the advisor
    # is resolved there); see `companion.core.session.EVENT_SCHEMA`.
    upgrade_event: Callable[..., dict] = lambda event, state=None, config=None: event
    # What the screens need to know of a tracker state, declared by the game (a screen never reads a
    # game's own state keys). Whether the tracker has reached the game's own end (its last round, phase
    # or end trigger): final scoring before that asks first. The default: a tracker that does not follow
    # the game to its end never holds final scoring back.
    is_finished: Callable[[dict], bool] = lambda state: True
    # The seat on turn, for a tracker that follows turns (its card comes first and is marked); None
    # when it does not, or nobody is (after the end).
    player_on_turn: Callable[[dict], int | None] = lambda state: None
    # The seat holding the start-player marker now (`(state, config)`; a tracker may pass it on); the
    # default is the start player chosen on the new-game screen.
    start_player_now: Callable[[dict, dict], int | None] = lambda state, config: config.get("start_player")
    # The box values the tracker holds now (given at the start or by `box_value` entries), for a tracker
    # that reads box data during play: the screen hands it only the stored values it does not have.
    tracker_box: Callable[[dict], dict] = lambda state: {}
    # The end board as whole numbers per player, for a game without an end-scoring editor of its own
    # (the app then shows the generic one); see BoardField.
    board_fields: tuple[BoardField, ...] = ()
    # The rulebook's question that picks the start player ("Who is the oldest?"), asked on the new-game
    # screen with the names as answers; None where the rules draw the start player at random.
    start_question: Msg | None = None
    # A counter's limit that depends on the game so far (Castles: the storage spaces a player has):
    # `(state, config, player, counter_id, new_value)` returns the message naming the limit when the
    # raised value is more than the box can hold, else None. Lowering a counter is always allowed.
    counter_limit: Callable[..., Msg | None] = lambda state, config, player, counter, value: None

    def colours_for(self, players: int) -> tuple[str, ...]:
        return self.fixed_colours.get(players, self.colours)

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def apply(self, state: dict, event: dict, config: dict) -> dict:
        """Return the state after `event`; raise InvalidMove and leave `state` untouched otherwise."""
        # The log only ever grows and its entries are never changed: a new list of the same entries
        # keeps `state` untouched without deep-copying a long game's whole log on every entry.
        new = copy.deepcopy({k: v for k, v in state.items() if k != "log"})
        if "log" in state:
            new["log"] = list(state["log"])
        self.apply_in_place(new, event, config)
        return new

    def apply_in_place(self, state: dict, event: dict, config: dict) -> None:
        """Apply `event` to `state` itself: for replaying a log, where a copy per entry (the log
        included) would make undo and loading quadratic in the number of entries."""
        if not is_entry(event):
            raise InvalidMove(Msg("core.error.bad_event"))
        if event["type"] == "adjust":
            apply_adjust(self, state, event, config)
        else:
            self.apply_event(state, event, config)


def is_entry(event: Any) -> bool:
    """The shape every entry has, checked before any game reads it: an object whose type is a name.
    Anything else is bad data (refused, or set aside at load), never a crash in a game's code."""
    return isinstance(event, dict) and isinstance(event.get("type"), str)


def apply_adjust(game: GameDefinition, state: dict, event: dict, config: dict) -> None:
    """The generic counter change: {"type": "adjust", "player": p, "counter": id, "delta": n}."""
    counters = {c.id: c for c in game.counters}
    player, counter_id, delta = event.get("player"), event.get("counter"), event.get("delta")
    # bool is an int subclass: true/false is not a player number or a change.
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < len(config["players"]):
        raise InvalidMove(Msg("core.error.no_such_player"))
    if not isinstance(counter_id, str) or counter_id not in counters or not isinstance(delta, int) or isinstance(delta, bool) or delta == 0:
        raise InvalidMove(Msg("core.error.bad_event"))
    counter = counters[counter_id]
    values = state["players"][player]["counters"]
    new_value = values[counter_id] + delta
    if new_value < counter.minimum:
        raise InvalidMove(Msg("core.error.below_minimum", counter=counter.label, minimum=counter.minimum))
    if counter.maximum is not None and new_value > counter.maximum:
        raise InvalidMove(Msg("core.error.above_maximum", counter=counter.label, maximum=counter.maximum))
    if delta > 0:
        problem = game.counter_limit(state, config, player, counter_id, new_value)
        if problem is not None:
            raise InvalidMove(problem)
    values[counter_id] = new_value
    state["log"].append(
        Msg("core.log.adjust", player=config["players"][player]["name"], counter=counter.label,
            delta=f"{delta:+d}", value=new_value).to_json()
    )

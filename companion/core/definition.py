"""The game-definition protocol every game package implements.

A game is who it is (id, name, player counts) and four parts, each a frozen object of data and functions
over plain JSON-able data:
- `rules` (`Rules`): its setup checklist, its tracker's `initial_state(config)` and `moves`
  (companion/core/moves.py), a fold over the game's event log (undo, redo and resume are replays of
  that log), and what the screens need to know of a tracker state (status, turn, end);
- `end` (`EndBoard`): the end board read (`parse_board_state(data)`), edited (`board_moves`) and scored
  (`score(board, box)`, pure);
- `box` (`Box`): the values printed on components the players enter once, and the table's preferences;
- `show` (`Presentation`): the scoreboard's standing, the score sheet's rows, the game's own screens.
A callback over a tracker state takes `(state, config, ...)` in every part.
The generic screens and the CLI only talk to this protocol: no `if game_id == ...` anywhere else.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from companion.core.moves import CORE_BOARD_MOVES, BoardMove, InvalidMove, Move, by_name, seat_of
from companion.core.result import Result
from companion.core.text import Msg

__all__ = ["InvalidMove", "Move", "BoardMove"]  # re-exported: the games import them from here


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
    # Box values this step asks for (keys of `box_values` / `box_value`): the setup screen shows their form
    # under the step, so that values printed only on components are entered before the game, not at its end.
    box: tuple[str, ...] = ()


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
    # A player's action needed now and then, not every turn: folded under "More actions" on their sheet.
    secondary: bool = False
    # A step of the thumb slot that is one player's (not `per_player`): its entry carries `"player"`
    # (Castles' setup pick, "Pick: Jürgen", in the order the rulebook gives).
    player: int | None = None
    # The step that ends the turn of the player on turn ("Next: Ben", "End Zoë's turn"): their sheet ends
    # with it ("Done · Next: Ben"), one tap for closing the sheet and passing the turn.
    ends_turn: bool = False

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
    # Values printed in one place (a table on a board, the spaces of a track) share a `group`, the place's
    # name; `short` names the value within it ("space 7"). The forms show such values together.
    group: Msg | None = None
    short: Msg | None = None


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


@dataclass(frozen=True)
class Standing:
    """A player as the scoreboard shows them: the score in large type (`counter`: the tracker counter it
    is, which the number pad adds to; None: the score is worked out, not entered) and the few numbers
    the table watches, each with its label."""

    score: int
    label: Msg
    counter: str | None = None
    numbers: tuple[tuple[Msg, int | str], ...] = ()
    # The game's other score tracks, each with its label (Castles' green track): the score sheet keeps
    # them beside the score, in the rows where they moved.
    tracks: tuple[tuple[Msg, int], ...] = ()


@dataclass(frozen=True)
class BoardParts:
    """How the parts of a game's end board are named where a message says where a problem is
    (companion/core/where.py): "Zoë, path space 4", "Ben, city, row 2, column 3". A part's own name is
    the catalogue key `<game>.where.<part>`."""

    # Parts whose items are numbered on the board: the n-th item is `<game>.where.item.<part>` ({number}).
    numbered: frozenset[str] = frozenset()
    # Lists whose item says all the list's name would ("feature 3", not "features, feature 3").
    item_says_all: frozenset[str] = frozenset()
    # Parts whose keys are kinds named elsewhere in the catalogue: part -> key prefix ("goods" ->
    # "milestones.counter.": "wood" is "milestones.counter.wood").
    kinds: dict[str, str] = field(default_factory=dict)
    # Parts laid out as a grid of rows of cells: the first index is the row, the second the column.
    grids: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Preference:
    """A choice a table keeps from one game to the next (Carpe Diem: the districts entered as a grid or
    as counts). Kept in the settings as `<game id>.<id>`; `label` and each choice's `<game>.pref.<id>.<choice>`
    name it."""

    id: str
    choices: tuple[str, ...]
    default: str
    # The settings key it was kept under before (read until it is chosen again).
    formerly: str | None = None

    def __post_init__(self):
        if self.default not in self.choices:
            raise ValueError(f"preference {self.id!r}: default {self.default!r} is not a choice")


@dataclass(frozen=True)
class Rules:
    """How the game is played, as the live tracker follows it. A callback over the tracker takes
    `(state, config, ...)`: the state and the table's config it was set up with, in that order; the
    setup's take the config alone (there is no state yet)."""

    counters: tuple[Counter, ...]
    # `(config) -> [SetupStep]`: the steps to set up the physical box for this table.
    setup_checklist: Callable[[dict], list[SetupStep]]
    # `(config) -> state`: the tracker before its first entry (plain JSON data).
    initial_state: Callable[[dict], dict]
    # Every kind of tracker entry (companion/core/moves.py); "adjust" (a counter) comes with the core.
    moves: tuple[Move, ...]
    # `(state, config) -> [Msg]`: where the game is, in its own words.
    status: Callable[[dict, dict], list[Msg]]
    # The version of this game's entries: a saved game carries it, and an entry saved under an older
    # one is upgraded on load, step by step (each move's `upgrades`). Raise it when an entry's meaning
    # or shape changes, and add the step to the moves it changes.
    event_schema: int = 1
    # What the screens need to know of a tracker state, declared by the game (a screen never reads a
    # game's own state keys). Whether the tracker has reached the game's own end (its last round, phase
    # or end trigger): final scoring before that asks first. The default: a tracker that does not follow
    # the game to its end never holds final scoring back.
    is_finished: Callable[[dict, dict], bool] = lambda state, config: True
    # The seat on turn, for a tracker that follows turns (its card comes first and is marked); None
    # when it does not, or nobody is (after the end).
    player_on_turn: Callable[[dict, dict], int | None] = lambda state, config: None
    # The seat holding the start-player marker now (a tracker may pass it on); the default is the start
    # player chosen on the new-game screen.
    start_player_now: Callable[[dict, dict], int | None] = lambda state, config: config.get("start_player")
    # A counter's limit that depends on the game so far (Castles: the storage spaces a player has):
    # `(state, config, player, counter_id, new_value)` returns the message naming the limit when the
    # raised value is more than the box can hold, else None. Lowering a counter is always allowed.
    counter_limit: Callable[..., Msg | None] = lambda state, config, player, counter, value: None
    # The box values the tracker holds now (given at the start or by `box_value` entries), for a tracker
    # that reads box data during play: the screen hands it only the stored values it does not have.
    tracker_box: Callable[[dict, dict], dict] = lambda state, config: {}
    # The rulebook's question that picks the start player ("Who is the oldest?"), asked on the new-game
    # screen with the names as answers; None where the rules draw the start player at random.
    start_question: Msg | None = None
    colours: tuple[str, ...] = ("red", "blue", "yellow", "green")
    # Player counts whose rules fix the colours (City of Rome: 2 players are white and brown).
    fixed_colours: dict[int, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class EndBoard:
    """The end of the game: the boards as they lie, read, edited and scored. Pure functions of a board
    (`parse_board_state(data)`, `score(board, box)`), except `board_from_tracker(state, config)`, which
    lays the boards out from what the tracker knows."""

    # `(data) -> board`: an end state checked (raises BoardStateError naming the place).
    parse_board_state: Callable[[Any], dict]
    # `(board, box) -> Result`: the final scoring, pure.
    score: Callable[[dict, dict], Result]
    # `(state, config) -> board`: the end boards as far as the tracker knows them.
    board_from_tracker: Callable[[dict, dict], dict]
    # The game's own edits of the end board besides the core's board_set and board_add.
    board_moves: tuple[BoardMove, ...] = ()
    # How messages name the parts of its end board (companion/core/where.py).
    parts: BoardParts = BoardParts()
    # The end board as whole numbers per player, for a game without an end-scoring editor of its own
    # (the app then shows the generic one); see BoardField.
    board_fields: tuple[BoardField, ...] = ()
    # A random end state of its board format and the box values scoring it needs, `(rng, players) ->
    # (board, box)`, for the fuzz tests and benchmarks (bench/states.py); None: it is left out of them.
    random_board: Callable[[random.Random, int], tuple[dict, dict]] | None = None


@dataclass(frozen=True)
class Box:
    """What a table keeps from one game to the next: the values printed on components that the players
    enter once (the box-data policy), and the choices it made (preferences)."""

    values: tuple[BoxValue, ...] = ()
    # `(key) -> BoxValue | None`: a box key's description for keys made on demand (Carpe Diem's villa
    # values by chimneys); None for a key that is not one of the game's.
    value: Callable[[str], "BoxValue | None"] | None = None
    # `(box) -> None`: the game's own check of box values beyond whole numbers (raises BoardStateError).
    validate: Callable[[dict], None] | None = None
    # Choices a table keeps from one game to the next.
    preferences: tuple[Preference, ...] = ()


@dataclass(frozen=True)
class Presentation:
    """How the screens show the game beyond the generic ones; callbacks take `(state, config, ...)`."""

    # A player as the scoreboard shows them, `(state, config, seat) -> Standing`; the default: the first
    # counter as the score, the next two as its numbers.
    standing: Callable[[dict, dict, int], Standing] | None = None
    # The score sheet's row an entry's points go to, in the game's own terms ("Round 3", "Scoring 2"),
    # `(state, config, event) -> Msg` with the state before the entry; with event None, the row of the
    # part being played now. The sheet has a row per such part, with the points each player made in it.
    period: Callable[[dict, dict, dict | None], Msg] | None = None
    # For a game that scores at its end only, the score sheet as its score pad reads (a row per category
    # of its final scoring): a player's points by category if the game ended now, `(state, config, seat)
    # -> ((label, points), ...)`, adding up to the standing's score. Instead of `period`.
    categories: Callable[[dict, dict, int], tuple[tuple[Msg, int], ...]] | None = None
    # A function that imports the game's `ui` module and returns its `GameUI` (companion/ui/games.py).
    # Called by the app only: the command line never imports screens.
    ui: Callable[[], Any] | None = None

    @property
    def keeps_score_sheet(self) -> bool:
        """Whether the game has a score sheet (by period or by category); else it keeps no score in rows."""
        return self.period is not None or self.categories is not None


@dataclass(frozen=True)
class GameDefinition:
    """A game: who it is (id, name, player counts, BoardGameGeek's id) and its parts: how it is played
    (`rules`), its end board (`end`), what a table keeps of its box (`box`) and how the screens show it
    (`show`)."""

    id: str
    name: Msg
    min_players: int
    max_players: int
    rules: Rules
    end: EndBoard
    box: Box = Box()
    show: Presentation = Presentation()
    # BoardGameGeek's id of the game, where known with a source (docs/export.md): BG Stats matches by it.
    bgg_id: int | None = None

    def __post_init__(self):
        # The move tables, looked up by every entry: made once (a frozen object's own attributes).
        object.__setattr__(self, "_moves", by_name((*core_moves(self), *self.rules.moves)))
        object.__setattr__(self, "_board_moves", by_name((*CORE_BOARD_MOVES, *self.end.board_moves)))

    def move(self, name: Any) -> Move:
        """The tracker move `name`; InvalidMove for a type no move has."""
        found = self._moves.get(name) if isinstance(name, str) else None
        if found is None:
            raise InvalidMove(Msg("core.error.bad_event"))
        return found

    def board_move(self, name: Any) -> BoardMove | None:
        return self._board_moves.get(name) if isinstance(name, str) else None

    def standing_of(self, state: dict, config: dict, seat: int) -> Standing:
        if self.show.standing is not None:
            return self.show.standing(state, config, seat)
        counters = [c for c in self.rules.counters if not c.secondary]
        values = state["players"][seat]["counters"]
        if not counters:
            return Standing(0, Msg("core.score"))
        first, *rest = counters
        return Standing(values[first.id], first.label, first.id, tuple((c.label, values[c.id]) for c in rest[:2]))

    def has_move(self, name: str) -> bool:
        return name in self._moves

    def actions(self, state: dict, config: dict) -> list[Action]:
        """What the tracker offers now, in the order the moves are declared."""
        return [a for move in self._moves.values() if move.offer is not None for a in move.offer(state, config)]

    def upgrade(self, event: dict, schema: int, state: dict, config: dict) -> dict:
        """An entry saved under event schema `schema` of this game, in today's form: each version's step
        of its move in turn (the state before the entry: an old entry may have left a choice open)."""
        for version in range(schema, self.rules.event_schema):
            move = self._moves.get(event.get("type")) if isinstance(event, dict) else None
            step = move.upgrades.get(version) if move is not None else None
            if step is not None:
                event = step(event, copy.deepcopy(state), config)
        return event

    def colours_for(self, players: int) -> tuple[str, ...]:
        return self.rules.fixed_colours.get(players, self.rules.colours)

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
        move = self.move(event["type"])
        move.check(event)
        move.apply(state, event, config)


def core_moves(definition: GameDefinition) -> tuple[Move, ...]:
    """The moves every game with counters has: "adjust", a counter's -/+."""
    if not definition.rules.counters:
        return ()
    return (Move("adjust", lambda state, event, config: apply_adjust(definition, state, event, config),
                 params=("player", "counter", "delta")),)


def is_entry(event: Any) -> bool:
    """The shape every entry has, checked before any game reads it: an object whose type is a name.
    Anything else is bad data (refused, or set aside at load), never a crash in a game's code."""
    return isinstance(event, dict) and isinstance(event.get("type"), str)


def apply_adjust(definition: GameDefinition, state: dict, event: dict, config: dict) -> None:
    """The generic counter change: {"type": "adjust", "player": p, "counter": id, "delta": n}."""
    counters = {c.id: c for c in definition.rules.counters}
    player, counter_id, delta = seat_of(event, config), event.get("counter"), event.get("delta")
    # bool is an int subclass: true/false is not a change.
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
        problem = definition.rules.counter_limit(state, config, player, counter_id, new_value)
        if problem is not None:
            raise InvalidMove(problem)
    values[counter_id] = new_value
    state["log"].append(
        Msg("core.log.adjust", player=config["players"][player]["name"], counter=counter.label,
            delta=f"{delta:+d}", value=new_value).to_json()
    )

"""Where final scoring stands: which boards the players said are entered, what is wrong on them, and
the result, which comes only from boards every one of which a player confirmed.

A board counts as entered only when a player confirmed it (`board_done`), and an edit of it reopens it:
nothing is ever scored that nobody looked at. A board's problems are said once it is confirmed (never
while it is being entered); a problem of the table as a whole once every board is."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.board import every_problem
from companion.core.definition import BoardStateError, InvalidMove, MissingBoxData
from companion.core.result import Result
from companion.core.game import Game
from companion.core.text import Msg
from companion.core.where import player_of


@dataclass(frozen=True)
class EndScoring:
    board: dict
    players: int
    entered: frozenset[int]
    problems: tuple[BoardStateError, ...]  # every problem the game's reader finds (said or not yet)
    missing_box: tuple[str, ...]  # box values the result needs that nobody has entered
    computed: Result | None  # what the boards score as they are (entered or not)
    checked: frozenset[int] = frozenset()  # boards this phone tried to confirm: their problems are said

    @property
    def all_entered(self) -> bool:
        return len(self.entered) == self.players

    @property
    def not_entered(self) -> list[int]:
        return [i for i in range(self.players) if i not in self.entered]

    def told(self, seat: int | None) -> bool:
        """Whether the problems of seat's board (None: the table's) are said now: once a player tried to
        confirm it (never while it is being entered), the table's once every board is confirmed."""
        return self.all_entered or (seat is not None and (seat in self.entered or seat in self.checked))

    def problems_of(self, seat: int | None) -> list[BoardStateError]:
        """The problems of seat's board (None: of the table as a whole) that are said now."""
        return [e for e in self.problems if player_of(e.field) == seat and self.told(seat)]

    def keeps_from_confirming(self, seat: int) -> list[BoardStateError]:
        """The problems of seat's board, said or not: a board with any cannot be confirmed."""
        return [e for e in self.problems if player_of(e.field) == seat]

    @property
    def told_problems(self) -> list[BoardStateError]:
        return [e for e in self.problems if self.told(player_of(e.field))]

    @property
    def troubled(self) -> list[int | None]:
        """The boards (seats; None: the table) with problems said now, in seat order."""
        seats = {player_of(e.field) for e in self.told_problems}
        return sorted(seats, key=lambda s: -1 if s is None else s)

    @property
    def sheet(self) -> Result | None:
        """The result: only when every board is confirmed and the boards can be scored."""
        return self.computed if self.all_entered and not self.problems and not self.missing_box else None


def board_problems(definition, board: dict, seat: int) -> list[BoardStateError]:
    """What keeps seat's board from being scored (said or not yet): a board with any cannot be confirmed."""
    return [e for e in every_problem(definition.end.parse_board_state, board) if player_of(e.field) == seat]


def end_scoring(game: Game, box: dict, checked: frozenset[int] = frozenset()) -> EndScoring:
    """`checked`: the boards the phone asking tried to confirm."""
    definition = game.definition
    board = game.board or definition.end.board_from_tracker(game.state, game.config)
    problems, missing, computed = (), (), None
    try:
        computed = definition.end.score(definition.end.parse_board_state(board), box)
    except BoardStateError as error:
        problems = tuple(every_problem(definition.end.parse_board_state, board) or [error])
    except MissingBoxData as needed:
        missing = tuple(needed.keys)
    return EndScoring(board, len(game.config["players"]), frozenset(game.board_done), problems, missing,
                      computed, checked)


def as_opened(game: Game) -> dict[int, list[str]]:
    """Per seat, the parts of its end board (its top-level keys) that are still as the board opened from
    what the tracker knew: what nobody has looked at, said before a board is confirmed as it is."""
    if game.board is None:
        return {}
    opened = game.definition.end.board_from_tracker(game.state, game.config)["players"]
    return {seat: [key for key, value in now.items() if key != "name" and key in then and then[key] == value]
            for seat, (now, then) in enumerate(zip(game.board["players"], opened))}


def result_to_keep(game: Game, box: dict, shown: Result) -> EndScoring:
    """Where final scoring stands, if its result is the one a phone showed (`shown`) and every board of it
    is confirmed and right: a result is kept only as the phone that confirmed it saw it. Raises InvalidMove
    otherwise (another phone edited a board, or box values changed, between the result and the tap)."""
    now = end_scoring(game, box)
    if now.sheet is None:
        raise InvalidMove(Msg("core.error.result_not_ready"))
    if now.sheet.to_json() != shown.to_json():
        raise InvalidMove(Msg("core.error.result_changed"))
    return now

"""The games in progress as the whole table shares them: one hub for every phone and tab.

Every change is a small named event applied to the *latest* saved game under that game's lock:
- a tracker entry (any event of the game, e.g. `{"type": "adjust", "player": 1, "counter": "money", "delta": 5}`);
- `{"type": "undo", "entry": id}` / `{"type": "redo", "entry": id}`: take back (bring back) the entry the
  phone showed, named by its unique id (never a position: an entry that replaced an undone one is another
  entry). Unless it is still the one Undo (Redo) would take back (bring back), nothing happens and the
  refusal names what Undo would take back now: a phone that is behind never takes back someone else's
  entry without a word;
- `{"type": "setup_tick", "step": id, "done": bool}`: one line of the setup checklist;
- `{"type": "stage", "stage": "setup" | "play" | "scoring"}` (the game clock starts with the play);
- `{"type": "clock", "run": bool}`: start or pause the game clock (core/clock.py) at the hub's time;
- `{"type": "board_set", "player": i, "path": [...], "value": v, "expect": w}` (or `"delete": true`): one
  field of player i's end-scoring board (a cell, a typed number), set only if it still holds `w`, the
  value that phone drew (a field another phone changed since is refused and keeps that phone's value;
  without `expect`, set whatever it holds); it marks that board as not entered yet;
- `{"type": "board_add", "player": i, "path": [...], "delta": n, "minimum": a, "maximum": b}`: a -/+ tap on
  a count of player i's board, added to the count as it is now (kept within the bounds), so every tap
  counts however fast and from however many phones;
- `{"type": "board_done", "player": i, "done": bool, "shown": {...}}`: player i's board is entered (end
  scoring in parallel: each player enters their own board on their own phone). `shown`: that board as the
  confirming phone showed it; confirmed only if it is still so, but for the numbers that phone's screen
  set last (typed faster than it redrew).
A tracker entry made by a step of the thumb slot (End round 1, Next: Ben) carries `"step"`, the step's
label as the phone showed it: it is made only while the game still offers that step so named (a second
tap before the phone redrew, or another phone's tap on the same step, would take the step after it).
The change is applied to a copy; the copy becomes the game only once it is saved, so a save that
fails (a full disk) leaves the game, and every screen, at the last saved state.
"""

from __future__ import annotations

import copy
import threading
import time
from collections import OrderedDict, defaultdict
from typing import Any, Callable

from companion.core.clock import set_running
from companion.core.end_scoring import board_problems
from companion.core.definition import InvalidMove, MissingBoxData
from companion.core.moves import value_at
from companion.core.saving import SaveFailed
from companion.core.game import STAGES, Game, new_entry_id
from companion.core.text import Msg


KEPT_FINISHED = 64  # games finished lately whose play id a late Confirm still gets


class TableHub:
    """The hub over the repository: `apply` is the one way a game in progress changes."""

    def __init__(self, repo):
        self.repo = repo
        self._locks: dict[str, threading.Lock] = defaultdict(threading.Lock)
        self._guard = threading.Lock()
        # game id -> play id of the last games finished, for phones still showing one (a second Confirm)
        self.finished: OrderedDict[str, str] = OrderedDict()
        # (game id, player, path) -> the screen that set that board field last: a screen whose
        # keystrokes follow each other faster than it redraws is not "another phone" to itself.
        self.board_writers: dict[tuple, str] = {}

    def lock(self, sid: str) -> threading.Lock:
        with self._guard:
            return self._locks[sid]

    def game(self, sid: str) -> Game | None:
        return self.repo.game(sid)

    def apply(self, sid: str, *changes: dict, by: str = "", kept: Callable[[], object] | None = None) -> Game:
        """Apply `changes` (all or none) to the latest state of the game and save it; returns the saved
        game. `by` names the screen they come from. `kept`: what goes with them beyond this game (a choice
        the table keeps, box values), written once the changes are known to be right and before the game
        is saved (none of it when one is refused). Raises InvalidMove (the rules or the table refuse one)
        or SaveFailed; the game is then unchanged."""
        with self.lock(sid):
            latest = self.repo.game(sid)
            if latest is None:
                raise InvalidMove(Msg("core.error.game_gone"))
            candidate = latest.copy()
            writers = {}
            for change in changes:
                written = change_game(candidate, change, self._writer_of(sid, by))
                if written is not None:
                    writers[(sid, *written)] = by
            candidate.revision = latest.revision + 1
            try:
                if kept is not None:
                    kept()
                self.repo.save(candidate)
            except OSError as error:
                raise SaveFailed(error) from error
            self.board_writers.update(writers)
            return candidate

    def _writer_of(self, sid: str, by: str) -> Callable[[int, list], bool]:
        """Whether screen `by` set that field of that player's board last (nobody else since)."""
        return lambda player, path: bool(by) and self.board_writers.get((sid, player, tuple(path))) == by

    def finish(self, sid: str, make_play: Callable[[Game], dict], revision: int | None = None) -> str:
        """Move the game into the history once, however many phones tap Confirm; returns the play id.
        `revision`: the game as the confirming phone showed it; a game changed since is refused, as is one
        `make_play` refuses (InvalidMove: the result is not the one that phone showed)."""
        with self.lock(sid):
            if sid in self.finished:
                return self.finished[sid]
            game = self.repo.game(sid)
            if game is None:
                raise InvalidMove(Msg("core.error.game_gone"))
            if revision is not None and game.revision != revision:
                raise InvalidMove(Msg("core.error.result_changed"))
            play = make_play(game)
            try:
                self.repo.finish(game, play)
            except OSError as error:
                raise SaveFailed(error, "core.not_saved.finish") from error
            self.finished[sid] = play["id"]
            while len(self.finished) > KEPT_FINISHED:
                self.finished.popitem(last=False)
            self._forget(sid)
            return play["id"]

    def discard(self, sid: str) -> None:
        """Raises SaveFailed if the file cannot be removed: the game then stays."""
        with self.lock(sid):
            try:
                self.repo.discard(sid)
            except OSError as error:
                raise SaveFailed(error, "core.not_saved.discard") from error
            self._forget(sid)

    def _forget(self, sid: str) -> None:
        """A game closed (finished, discarded): the hub keeps nothing of it but its play id. Its lock goes
        too; a change still waiting for it finds the game gone and says so."""
        self.board_writers = {k: v for k, v in self.board_writers.items() if k[0] != sid}
        with self._guard:
            self._locks.pop(sid, None)


def change_game(game: Game, change: dict, set_last=lambda player, path: False) -> tuple | None:
    """Apply one change to `game` (a copy about to be saved); raise InvalidMove to refuse it. Returns
    (player, path) of the board field it set or added to, else None. `set_last(player, path)`: whether
    the screen this change comes from set that field last (its own earlier keystroke, not another phone)."""
    if not isinstance(change, dict):
        raise InvalidMove(Msg("core.error.bad_event"))
    kind = change.get("type")
    table_move = TABLE_MOVES.get(kind) if isinstance(kind, str) else None
    if kind == "board_done" and change.get("done") is True and "shown" in change:
        _expect_board(game, change, set_last)
    if table_move is not None:
        table_move(game, change)
        return None
    board_move = game.definition.board_move(kind)
    if board_move is not None:
        return edit_board(game, board_move, change, set_last)
    if "step" in change:
        _expect_step(game, change)
        change = entry_of(change)
    if isinstance(kind, str) and game.definition.has_move(kind):
        game.definition.move(kind).check_new(change)
    game.record(change)
    return None


def _undo(game: Game, change: dict) -> None:
    _expect_entry(game, change, game.last_entry, "undo")
    game.undo()


def _redo(game: Game, change: dict) -> None:
    _expect_entry(game, change, game.next_entry, "redo")
    game.redo()


def _setup_tick(game: Game, change: dict) -> None:
    steps = [s.id for s in game.definition.rules.setup_checklist(game.config)]
    step, done = change.get("step"), change.get("done")
    if step not in steps or not isinstance(done, bool):
        raise InvalidMove(Msg("core.error.bad_event"))
    ticked = set(game.setup_done) - {step} | ({step} if done else set())
    game.setup_done = [s for s in steps if s in ticked]


def _stage(game: Game, change: dict) -> None:
    if change.get("stage") not in STAGES:
        raise InvalidMove(Msg("core.error.bad_event"))
    game.stage = change["stage"]
    if game.stage == "play" and not game.clock:
        game.clock = [time.time()]
    if game.stage == "scoring":
        board_of(game)


def _clock(game: Game, change: dict) -> None:
    if not isinstance(change.get("run"), bool):
        raise InvalidMove(Msg("core.error.bad_event"))
    game.clock = set_running(game.clock, change["run"], time.time())


def _board_done(game: Game, change: dict) -> None:
    """A board is confirmed only as the game can score it: one with a problem (a box limit, a card apart
    from the city) is refused, whatever phone confirms it and whatever another phone just changed."""
    player = _seat(game, change.get("player"))
    if not isinstance(change.get("done"), bool):
        raise InvalidMove(Msg("core.error.bad_event"))
    board = board_of(game)
    if change["done"] and board_problems(game.definition, board, player):
        raise InvalidMove(Msg("core.error.board_not_right", name=game.config["players"][player]["name"]))
    done = set(game.board_done) - {player} | ({player} if change["done"] else set())
    game.board_done = sorted(done)


def _expect_board(game: Game, change: dict, set_last) -> None:
    """A board confirmed as the phone showed it: a field that differs from `shown` was set last by this
    phone's screen (its own number, typed faster than it redrew), or the board is refused."""
    player = _seat(game, change.get("player"))
    shown = change["shown"]
    if not isinstance(shown, dict):
        raise InvalidMove(Msg("core.error.bad_event"))
    for path in differing_paths(shown, board_of(game)["players"][player]):
        if not any(set_last(player, list(path[:n])) for n in range(1, len(path) + 1)):
            raise InvalidMove(Msg("core.error.board_done_changed", name=game.config["players"][player]["name"]))


def differing_paths(before: Any, after: Any, path: tuple = ()) -> list[tuple]:
    """The paths (keys and indexes) where two boards differ, as deep as both have the same shape."""
    if isinstance(before, dict) and isinstance(after, dict):
        return [p for key in {**before, **after} for p in differing_paths(before.get(key), after.get(key),
                                                                           (*path, key))]
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return [p for i, (b, a) in enumerate(zip(before, after)) for p in differing_paths(b, a, (*path, i))]
    return [] if before == after else [path]


# The moves of the table itself, the same for every game: undo and redo of a named entry, the setup
# checklist, the stage, the game clock, and a player's end board said to be entered.
TABLE_MOVES = {"undo": _undo, "redo": _redo, "setup_tick": _setup_tick, "stage": _stage, "clock": _clock,
               "board_done": _board_done,
               "board_undo": lambda game, change: _board_undo(game, change)}


def edit_board(game: Game, move, change: dict, set_last) -> tuple | None:
    """A board move on the latest board; every board it changed counts as not entered any more."""
    move.check(change)
    board = board_of(game)
    player = _seat(game, change.get("player"))
    path = change.get("path") if move.name in ("board_set", "board_add") else None
    if move.name == "board_set" and "expect" in change and isinstance(path, list) and set_last(player, path):
        change = {k: v for k, v in change.items() if k != "expect"}  # this screen's own earlier keystroke
    before = copy.deepcopy(board["players"])
    move.apply(board, change, game.config)
    changed = {i for i, (old, new) in enumerate(zip(before, board["players"])) if old != new}
    game.board_done = [p for p in game.board_done if p not in changed | {player}]
    if changed:
        game.board_edits = (game.board_edits + [{
            "id": new_entry_id({e["id"] for e in game.board_edits}),
            "said": edit_said(move, change, board),
            "before": {str(i): before[i] for i in sorted(changed)},
            "after": {str(i): copy.deepcopy(board["players"][i]) for i in sorted(changed)}}])[-MAX_BOARD_EDITS:]
    return (player, tuple(path)) if path is not None else None


MAX_BOARD_EDITS = 50  # Undo on final scoring goes back this many edits


def edit_said(move, change: dict, board: dict) -> dict:
    """What a board edit did, for its Undo button: the move and whose board; for one field (the core's
    moves) which field and its value now (the screen names the field in the players' words); for a
    game's own move, what the game says it did (`BoardMove.describe`)."""
    said = {"move": move.name, "player": change["player"]}
    if move.name in ("board_set", "board_add"):
        said.update(path=change["path"], value=value_at(board["players"][change["player"]], change["path"]))
        if move.name == "board_add":
            said["delta"] = change["delta"]
    elif move.describe is not None:
        said["msg"] = move.describe(change, board).to_json()
    return said


def _board_undo(game: Game, change: dict) -> None:
    """Take back the last edit of the end board, the one the phone showed on its Undo button; refused when
    another edit came since or that board changed since (then the phone says what Undo would take back)."""
    edit = game.board_edits[-1] if game.board_edits else None
    if not isinstance(change.get("edit"), str):
        raise InvalidMove(Msg("core.error.bad_event"))
    board = board_of(game)
    if edit is None or edit["id"] != change["edit"] or any(
            board["players"][int(seat)] != after for seat, after in edit["after"].items()):
        raise InvalidMove(Msg("core.error.board_undo_behind"))
    for seat, before in edit["before"].items():
        board["players"][int(seat)] = copy.deepcopy(before)
    game.board_done = [p for p in game.board_done if str(p) not in edit["before"]]
    game.board_edits = game.board_edits[:-1]


def board_of(game: Game) -> dict:
    """The end-scoring board being entered, prefilled from the tracker the first time."""
    if game.board is None:
        game.board = game.definition.end.board_from_tracker(game.state, game.config)
    return game.board


def undo_lines(game: Game) -> list[Msg]:
    """What Undo would take back now (the log lines of the last entry), or [] when there is none."""
    return game.entry_lines(game.cursor - 1) if game.can_undo else []


def redo_lines(game: Game) -> list[Msg]:
    """What Redo would bring back now."""
    if not game.can_redo:
        return []
    # The entry applied to the game as it is now: one step, not a replay of the whole game.
    before = game.state
    after = game.definition.apply(before, game.events[game.cursor], game.config)
    return [Msg.from_json(m) for m in after.get("log", [])[len(before.get("log", [])):]]


def _expect_entry(game: Game, change: dict, current: str | None, kind: str) -> None:
    """Undo (redo) only the entry the phone showed, and only while it is the one to take back (bring back)."""
    seen = change.get("entry")
    if not isinstance(seen, str):
        raise InvalidMove(Msg("core.error.bad_event"))
    if seen != current:
        now = undo_lines(game) if kind == "undo" else redo_lines(game)
        raise InvalidMove(Msg(f"core.error.{kind}_behind", entry=now or Msg("core.nothing")))


def entry_of(change: dict) -> dict:
    """The tracker entry a change makes: without the step the phone showed (checked, not kept)."""
    return {k: v for k, v in change.items() if k != "step"}


def _expect_step(game: Game, change: dict) -> None:
    """A step of the thumb slot only while the game offers it as the phone showed it (its label)."""
    shown = change["step"]
    offered = [a for a in game.definition.actions(game.state, game.config) if not a.per_player
               and a.id == change.get("type") and a.player == change.get("player")]
    if any(a.label.to_json() == shown for a in offered):
        return
    try:
        step = Msg.from_json(shown)
    except (AttributeError, KeyError, TypeError):
        raise InvalidMove(Msg("core.error.bad_event")) from None
    raise InvalidMove(Msg("core.error.step_taken", step=step))


def _seat(game: Game, player: Any) -> int:
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < len(game.config["players"]):
        raise InvalidMove(Msg("core.error.no_such_player"))
    return player


def box_values_needed(game: Game, entry: dict) -> tuple[tuple[str, ...], Msg | None]:
    """The box values `entry` would be refused for now (values printed on components that nobody has
    entered: a colour bonus's points) and the refusal's words; () when it needs none. Nothing changes:
    the rules run on a copy (what the screen asks before it sends the entry, to ask for them first)."""
    try:
        game.definition.apply(game.state, entry_of(entry), game.config)
    except MissingBoxData as missing:
        return tuple(missing.keys), getattr(missing, "msg", None)
    except InvalidMove:
        pass  # refused for another reason: recording it says why
    return (), None

"""The games in progress as the whole table shares them: one hub for every phone and tab.

Every change is a small named event applied to the *latest* saved game under that game's lock:
- a tracker entry (any event of the game, e.g. `{"type": "adjust", "player": 1, "counter": "money", "delta": 5}`);
- `{"type": "undo", "entry": n}` / `{"type": "redo", "entry": n}`: take back (bring back) entry number n, the one
  the screen showed. If the game has moved on since (another phone made or took back an entry), nothing
  happens and the refusal names what Undo would take back now: a phone that is behind never takes back
  someone else's entry without a word;
- `{"type": "setup_tick", "step": id, "done": bool}`: one line of the setup checklist;
- `{"type": "stage", "stage": "setup" | "play" | "scoring"}`;
- `{"type": "board_set", "player": i, "path": [...], "value": v}` (or `"delete": true`): one field of player
  i's end-scoring board (a cell, a count); it marks that board as not entered yet;
- `{"type": "board_done", "player": i, "done": bool}`: player i's board is entered (end scoring in parallel:
  each player enters their own board on their own phone).
The change is applied to a copy; the copy becomes the game only once it is saved, so a save that
fails (a full disk) leaves the game, and every screen, at the last saved state.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from typing import Any, Callable

from companion.core.game import InvalidMove
from companion.core.saving import SaveFailed  # noqa: F401  (raised here; screens import it from here too)
from companion.core.session import STAGES, Session
from companion.core.text import Msg

SESSION_CHANGES = ("undo", "redo", "setup_tick", "stage", "board_set", "board_done")


class Tables:
    """The hub over the repository: `apply` is the one way a game in progress changes."""

    def __init__(self, repo):
        self.repo = repo
        self._locks: dict[str, threading.Lock] = defaultdict(threading.Lock)
        self._guard = threading.Lock()
        self.finished: dict[str, str] = {}  # session id -> play id, for screens still showing a saved game

    def lock(self, session_id: str) -> threading.Lock:
        with self._guard:
            return self._locks[session_id]

    def session(self, session_id: str) -> Session | None:
        return self.repo.session(session_id)

    def apply(self, session_id: str, *changes: dict) -> Session:
        """Apply `changes` (all or none) to the latest state of the game and save it; returns the saved
        game. Raises InvalidMove (the rules or the table refuse one) or SaveFailed; the game is then unchanged."""
        with self.lock(session_id):
            latest = self.repo.session(session_id)
            if latest is None:
                raise InvalidMove(Msg("core.error.game_gone"))
            candidate = latest.copy()
            for change in changes:
                change_session(candidate, change)
            candidate.revision = latest.revision + 1
            try:
                self.repo.save(candidate)
            except OSError as error:
                raise SaveFailed(error) from error
            return candidate

    def finish(self, session_id: str, make_play: Callable[[Session], dict]) -> str:
        """Move the game into the history once, however many phones tap Confirm; returns the play id."""
        with self.lock(session_id):
            if session_id in self.finished:
                return self.finished[session_id]
            session = self.repo.session(session_id)
            if session is None:
                raise InvalidMove(Msg("core.error.game_gone"))
            play = make_play(session)
            try:
                self.repo.finish(session, play)
            except OSError as error:
                raise SaveFailed(error, "core.not_saved.finish") from error
            self.finished[session_id] = play["id"]
            return play["id"]

    def discard(self, session_id: str) -> None:
        """Raises SaveFailed if the file cannot be removed: the game then stays."""
        with self.lock(session_id):
            try:
                self.repo.discard(session_id)
            except OSError as error:
                raise SaveFailed(error, "core.not_saved.discard") from error


def change_session(session: Session, change: dict) -> None:
    """Apply one change to `session` (a copy about to be saved); raise InvalidMove to refuse it."""
    if not isinstance(change, dict):
        raise InvalidMove(Msg("core.error.bad_event"))
    kind = change.get("type")
    if kind == "undo":
        _expect_entry(session, change, session.cursor, "undo")
        if not session.can_undo:
            raise InvalidMove(Msg("core.error.nothing_to_undo"))
        session.undo()
    elif kind == "redo":
        _expect_entry(session, change, session.cursor, "redo")
        if not session.can_redo:
            raise InvalidMove(Msg("core.error.nothing_to_redo"))
        session.redo()
    elif kind == "setup_tick":
        steps = {s.id for s in session.game.setup_checklist(session.config)}
        step, done = change.get("step"), change.get("done")
        if step not in steps or not isinstance(done, bool):
            raise InvalidMove(Msg("core.error.bad_event"))
        ticked = set(session.setup_done) - {step} | ({step} if done else set())
        session.setup_done = [s.id for s in session.game.setup_checklist(session.config) if s.id in ticked]
    elif kind == "stage":
        if change.get("stage") not in STAGES:
            raise InvalidMove(Msg("core.error.bad_event"))
        session.stage = change["stage"]
        if session.stage == "scoring":
            board_of(session)
    elif kind == "board_set":
        player = _seat(session, change.get("player"))
        path = change.get("path")
        if not isinstance(path, list) or not path:
            raise InvalidMove(Msg("core.error.bad_event"))
        set_at(board_of(session)["players"][player], path, change.get("value"), change.get("delete") is True)
        session.board_done = [p for p in session.board_done if p != player]
    elif kind == "board_done":
        player = _seat(session, change.get("player"))
        if not isinstance(change.get("done"), bool):
            raise InvalidMove(Msg("core.error.bad_event"))
        board_of(session)
        done = set(session.board_done) - {player} | ({player} if change["done"] else set())
        session.board_done = sorted(done)
    else:
        session.record(change)


def board_of(session: Session) -> dict:
    """The end-scoring board being entered, prefilled from the tracker the first time."""
    if session.board is None:
        session.board = session.game.board_from_tracker(session.state, session.config)
    return session.board


def undo_lines(session: Session) -> list[Msg]:
    """What Undo would take back now (the log lines of the last entry), or [] when there is none."""
    return session.entry_lines(session.cursor - 1) if session.can_undo else []


def redo_lines(session: Session) -> list[Msg]:
    """What Redo would bring back now."""
    if not session.can_redo:
        return []
    ahead = session.copy()
    ahead.redo()
    return ahead.entry_lines(ahead.cursor - 1)


def _expect_entry(session: Session, change: dict, current: int, kind: str) -> None:
    seen = change.get("entry")
    if not isinstance(seen, int) or isinstance(seen, bool):
        raise InvalidMove(Msg("core.error.bad_event"))
    if seen != current:
        now = undo_lines(session) if kind == "undo" else redo_lines(session)
        raise InvalidMove(Msg(f"core.error.{kind}_behind", entry=now or Msg("core.nothing")))


def _seat(session: Session, player: Any) -> int:
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < len(session.config["players"]):
        raise InvalidMove(Msg("core.error.no_such_player"))
    return player


def set_at(target: Any, path: list, value: Any, delete: bool = False) -> None:
    """Set `value` at `path` inside `target` (dict keys and list indices), or delete that dict key; the
    path must exist up to its last step, so a field is set only where the board the screen drew still has it."""
    for step in path[:-1]:
        target = _step(target, step)
    last = path[-1]
    if delete:
        if not (isinstance(target, dict) and isinstance(last, str)):
            raise InvalidMove(Msg("core.error.board_changed"))
        target.pop(last, None)
    elif isinstance(target, dict) and isinstance(last, str):
        target[last] = value
    elif isinstance(target, list) and isinstance(last, int) and not isinstance(last, bool) and 0 <= last < len(target):
        target[last] = value
    else:
        raise InvalidMove(Msg("core.error.board_changed"))


def _step(target: Any, step: Any) -> Any:
    if isinstance(target, dict) and isinstance(step, str) and step in target:
        return target[step]
    if isinstance(target, list) and isinstance(step, int) and not isinstance(step, bool) and 0 <= step < len(target):
        return target[step]
    raise InvalidMove(Msg("core.error.board_changed"))


DELETE = object()  # in `board_changes`: this key is gone


def board_changes(old: Any, new: Any, path: tuple = ()) -> list[tuple[list, Any]]:
    """The smallest set of (path, value) that turns `old` into `new`: what an editor changed, as
    field events, so two phones editing different fields of one board never overwrite each other.
    A key that is gone comes as (path, DELETE)."""
    if isinstance(old, dict) and isinstance(new, dict):
        return ([c for k in new for c in (board_changes(old[k], new[k], path + (k,)) if k in old
                                          else [(list(path + (k,)), new[k])])]
                + [(list(path + (k,)), DELETE) for k in old if k not in new])
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [c for i in range(len(new)) for c in board_changes(old[i], new[i], path + (i,))]
    if old == new and type(old) is type(new):
        return []
    return [(list(path), new)]

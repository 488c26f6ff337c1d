"""A game in progress: configuration plus an append-only event log with an undo cursor.

The tracker state is never stored; it is the fold of `definition.apply` over `events[:cursor]`.
Undo moves the cursor back, redo forward, and a new entry drops whatever was undone.

Saved games carry their game's `event_schema` (each game has its own): entries of an older version
are turned into today's form when the game is loaded, one version's step after the other (each move's
`upgrades`). A log that no longer replays keeps every entry up to the last good one; the rest is kept
aside in the file (`set_aside`, each entry with the version it was written in) and the home screen
says so.

Bad data and bugs are told apart: a saved game of the wrong shape raises `DamagedGame` (checked here,
before any game's code reads it), and an entry the rules refuse or of the wrong shape raises the game's
`InvalidMove`; both are damage. Any other exception while a game's code runs is a bug in that code: it
goes up as it is, so that the file is never taken for damaged (see Repository._load_game).
"""

from __future__ import annotations

import random
import secrets
import time
import copy
from dataclasses import dataclass, field, replace

from companion.core.clock import is_clock
from companion.core.definition import GameDefinition, InvalidMove, is_entry
from companion.core.stats import player_key
from companion.core.text import Msg

STAGES = ("setup", "play", "scoring")


class DamagedGame(ValueError):
    """A saved game that does not have the shape of one (read from a file): bad data, not a bug."""


def new_sid() -> str:
    return time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(3)


def new_entry_id(taken) -> str:
    """A name for a new entry that no entry of the game has had: Undo names the entry it takes back,
    so an entry that replaced an undone one is never mistaken for it (a position would be)."""
    while True:
        entry = secrets.token_hex(4)
        if entry not in taken:
            return entry


def make_config(definition: GameDefinition, players: list[dict], start_player: int | None,
                rng: random.Random | None = None) -> dict:
    """Validate the new-game form; `start_player=None` draws one at random."""
    # A missing or non-text name counts as empty (a form or API mistake must not crash).
    names = [p.get("name").strip() if isinstance(p.get("name"), str) else "" for p in players]
    if len(players) not in definition.player_counts:
        raise InvalidMove(Msg("core.error.player_count", game=definition.name,
                              minimum=definition.min_players, maximum=definition.max_players))
    for index, name in enumerate(names):
        if not name:
            raise InvalidMove(Msg("core.error.name_missing", number=index + 1))
        if len(name) > 30:
            raise InvalidMove(Msg("core.error.name_too_long", number=index + 1))
    if len({player_key(n) for n in names}) != len(names):  # one person in the statistics
        raise InvalidMove(Msg("core.error.names_unique"))
    colours = [p.get("colour") for p in players]
    if len(set(colours)) != len(colours) or any(c not in definition.colours_for(len(players)) for c in colours):
        raise InvalidMove(Msg("core.error.colours_unique"))
    drawn = start_player is None
    if drawn:
        start_player = (rng or random.SystemRandom()).randrange(len(players))
    if not isinstance(start_player, int) or isinstance(start_player, bool) or not 0 <= start_player < len(players):
        raise InvalidMove(Msg("core.error.no_such_player"))
    return {
        "players": [{"name": n, "colour": c} for n, c in zip(names, colours)],
        "start_player": start_player,
        "start_player_drawn": drawn,
    }


@dataclass
class Game:
    id: str
    definition: GameDefinition
    config: dict
    events: list[dict] = field(default_factory=list)
    cursor: int = 0
    setup_done: list[str] = field(default_factory=list)
    board: dict | None = None  # the end-scoring entry in progress
    board_done: list[int] = field(default_factory=list)  # seats whose end-scoring board is entered
    # The last edits of the end board, newest last, for Undo on final scoring: each
    # {"id", "said": what it did (see companion.core.table.edit_said), "before" / "after": {seat: board}}.
    board_edits: list[dict] = field(default_factory=list)
    stage: str = "setup"  # setup -> play -> scoring
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    revision: int = 0  # counts every saved change, so a screen can tell that it is behind
    # Entries that no longer replayed (kept, not lost), each `{"event_schema": version, "event": entry}`
    # (version None: set aside by a version that did not record it).
    set_aside: list[dict] = field(default_factory=list)
    # One unique name per entry of `events` (same order): what Undo and Redo name, never a position.
    entry_ids: list[str] = field(default_factory=list)
    # The game clock (core/clock.py): when it was started and paused, in turn; it starts with the play.
    clock: list[float] = field(default_factory=list)
    _state: dict | None = field(default=None, repr=False, compare=False)
    # The log's length after each entry up to the cursor: which log lines an entry wrote (undo says them).
    _marks: list[int] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self):
        if len(self.entry_ids) != len(self.events) or len(set(self.entry_ids)) != len(self.entry_ids):
            self.entry_ids = new_entry_ids(len(self.events))

    @property
    def state(self) -> dict:
        if self._state is None:
            state = self.definition.rules.initial_state(self.config)
            marks = []
            for event in self.events[: self.cursor]:
                # Entries were valid when recorded; `from_json` finds a log that fails here at load.
                self.definition.apply_in_place(state, event, self.config)
                marks.append(len(state.get("log", ())))
            self._state, self._marks = state, marks
        return self._state

    def copy(self) -> "Game":
        """A copy to apply a change to: it becomes the game only once it is saved."""
        self.state  # replay once here, not once per copy
        return replace(self, events=list(self.events), setup_done=list(self.setup_done),
                       board=copy.deepcopy(self.board), board_done=list(self.board_done),
                       board_edits=list(self.board_edits), set_aside=list(self.set_aside),
                       entry_ids=list(self.entry_ids), clock=list(self.clock), _marks=list(self._marks))

    def record(self, event: dict) -> dict:
        """Apply and log an entry; raises InvalidMove (nothing changes) if the rules forbid it."""
        new_state = self.definition.apply(self.state, event, self.config)
        del self.events[self.cursor:]
        del self._marks[self.cursor:]
        del self.entry_ids[self.cursor:]
        self.entry_ids.append(new_entry_id(set(self.entry_ids)))
        self.events.append(event)
        self._marks.append(len(new_state.get("log", ())))
        self.cursor = len(self.events)
        self._state = new_state
        self.updated = time.time()
        return new_state

    def entry_lines(self, index: int) -> list[Msg]:
        """What entry `index` (0-based, before the cursor) wrote into the log."""
        self.state
        start = self._marks[index - 1] if index > 0 else 0
        return [Msg.from_json(m) for m in self.state.get("log", [])[start:self._marks[index]]]

    @property
    def last_entry(self) -> str | None:
        """The entry Undo takes back now (its id), None when there is none."""
        return self.entry_ids[self.cursor - 1] if self.can_undo else None

    @property
    def next_entry(self) -> str | None:
        """The entry Redo brings back now (its id), None when there is none."""
        return self.entry_ids[self.cursor] if self.can_redo else None

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self.events)

    def undo(self) -> None:
        if self.can_undo:
            self.cursor -= 1
            self._state = self._marks = None
            self.updated = time.time()

    def redo(self) -> None:
        if self.can_redo:
            self.cursor += 1
            self._state = self._marks = None
            self.updated = time.time()

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "game": self.definition.id,  # the stored name: which game this is (its definition's id)
            "config": self.config,
            "event_schema": self.definition.rules.event_schema,
            "events": self.events,
            "entry_ids": self.entry_ids,
            "cursor": self.cursor,
            "setup_done": self.setup_done,
            "board": self.board,
            "board_done": self.board_done,
            **({"board_edits": self.board_edits} if self.board_edits else {}),
            "stage": self.stage,
            "created": self.created,
            "updated": self.updated,
            "revision": self.revision,
            **({"set_aside": self.set_aside} if self.set_aside else {}),
            "clock": self.clock,  # always: a game saved without one is older than the clock
        }

    @staticmethod
    def from_json(data: dict, games: dict[str, GameDefinition]) -> "Game":
        """Raises DamagedGame for data of the wrong shape; an exception from the game's own code (its
        `initial_state`, its moves' upgrades and applies other than InvalidMove) is a bug and goes up."""
        check_shape(data, games)
        definition = games[data["game"]]
        schema = data.get("event_schema", 1)
        game = Game(
            id=data["id"], definition=definition, config=data["config"], events=list(data["events"]),
            cursor=int(data["cursor"]), setup_done=list(data.get("setup_done", [])),
            board=data.get("board"), board_done=list(data.get("board_done", [])), stage=data.get("stage", "setup"),
            board_edits=saved_board_edits(data),
            created=data.get("created", time.time()), updated=data.get("updated", time.time()),
            revision=int(data.get("revision", 0)), set_aside=[versioned(e) for e in data.get("set_aside", [])],
            entry_ids=saved_entry_ids(data), clock=saved_clock(data),
        )
        game._replay_keeping_good_entries(schema)  # damage is found at load
        return game

    def _replay_keeping_good_entries(self, schema: int) -> None:
        """Replay the whole log, upgrading each entry from the game's event schema `schema` it was saved
        in (with the state before it: an entry may have left a choice open); at the first entry that
        fails, keep what came before and set the rest aside as it was saved (still in the file, with
        its version) instead of losing the game."""
        state = self.definition.rules.initial_state(self.config)
        kept = []
        for index, event in enumerate(self.events):
            try:
                upgraded = self.definition.upgrade(event, schema, state, self.config)
                self.definition.apply_in_place(state, upgraded, self.config)
            except InvalidMove:  # damage: an entry the rules refuse, or one of the wrong shape (any other
                # exception is a bug in the game's code: it goes up, and the file stays as it is)
                self.set_aside = [{"event_schema": schema, "event": e} for e in self.events[index:]] + self.set_aside
                self.cursor = min(self.cursor, index)
                break
            kept.append(upgraded)
        self.events = kept
        del self.entry_ids[len(kept):]
        self._state = self._marks = None
        self.state


def saved_clock(data: dict) -> list[float]:
    """The clock as saved; a game saved in play before there was a clock has run since it was created
    (the time its play was kept with until then)."""
    if "clock" in data:
        return list(data["clock"])
    return [] if data.get("stage", "setup") == "setup" else [data.get("created", time.time())]


def saved_board_edits(data: dict) -> list[dict]:
    """The end board's edits as saved; any that do not read as such are dropped (only Undo reads them:
    the board itself is whole without them)."""
    edits = data.get("board_edits")
    if not isinstance(edits, list):
        return []
    return [e for e in edits if isinstance(e, dict) and isinstance(e.get("id"), str)
            and isinstance(e.get("before"), dict) and isinstance(e.get("after"), dict)]


def versioned(aside) -> dict:
    """A set-aside entry with its version; one saved bare (before versions were kept) has none known."""
    if isinstance(aside, dict) and set(aside) == {"event_schema", "event"}:
        return aside
    return {"event_schema": None, "event": aside}


def saved_entry_ids(data: dict) -> list[str]:
    """The entries' ids as saved; a game saved before entries had ids gets new ones (`Game` gives
    them to a log whose ids do not fit it): they only need to tell its entries apart from now on."""
    ids = data.get("entry_ids")
    return list(ids) if isinstance(ids, list) and all(isinstance(i, str) for i in ids) else []


def new_entry_ids(count: int) -> list[str]:
    taken: set[str] = set()
    ids = []
    for _ in range(count):
        ids.append(new_entry_id(taken))
        taken.add(ids[-1])
    return ids


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def check_shape(data, games: dict[str, GameDefinition]) -> None:
    """What a saved game must look like before a game's code reads it; raises DamagedGame naming what is
    wrong. (The entries' own fields are the game's to check: it raises InvalidMove for those.)"""
    def need(ok: bool, what: str) -> None:
        if not ok:
            raise DamagedGame(what)

    need(isinstance(data, dict), "the game is not a JSON object")
    need(isinstance(data.get("game"), str) and data["game"] in games, f"unknown game {data.get('game')!r}")
    need(isinstance(data.get("id"), str) and data["id"] != "", "the game has no id")
    known = games[data["game"]].rules.event_schema
    need(data.get("event_schema", 1) in range(1, known + 1) and _is_int(data.get("event_schema", 1)),
         f"event schema {data.get('event_schema')!r}, this version knows 1 to {known}")
    config = data.get("config")
    need(isinstance(config, dict), "no players (config)")
    players = config.get("players")
    need(isinstance(players, list) and players != [], "the players are not a list")
    need(all(isinstance(p, dict) and isinstance(p.get("name"), str) and isinstance(p.get("colour"), str)
             for p in players), "a player without a name or colour")
    need(_is_int(config.get("start_player")) and 0 <= config["start_player"] < len(players),
         "no start player")
    need(isinstance(config.get("box", {}), dict), "box data that is not a JSON object")
    events = data.get("events")
    need(isinstance(events, list), "the entries are not a list")  # each entry is the game's to check
    need(_is_int(data.get("cursor")) and 0 <= data["cursor"] <= len(events), "cursor out of range")
    need(isinstance(data.get("setup_done", []), list) and all(isinstance(s, str) for s in data.get("setup_done", [])),
         "the setup checklist is not a list of steps")
    need(data.get("board") is None or isinstance(data["board"], dict), "the end-scoring board is not a JSON object")
    need(isinstance(data.get("board_done", []), list)
         and all(_is_int(p) and 0 <= p < len(players) for p in data.get("board_done", [])),
         "the boards entered are not a list of seats")
    need(data.get("stage", "setup") in STAGES, f"unknown stage {data.get('stage')!r}")
    need(all(_is_number(data.get(k, 0)) for k in ("created", "updated")), "a time that is not a number")
    need(_is_int(data.get("revision", 0)), "a revision that is not a whole number")
    need(isinstance(data.get("set_aside", []), list), "the entries set aside are not a list")
    need(is_clock(data.get("clock", [])), "a game clock that is not a list of times going forward")

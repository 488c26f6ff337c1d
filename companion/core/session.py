"""A game session: configuration plus an append-only event log with an undo cursor.

The tracker state is never stored; it is the fold of `game.apply` over `events[:cursor]`.
Undo moves the cursor back, redo forward, and a new entry drops whatever was undone.
"""

from __future__ import annotations

import random
import secrets
import time
from dataclasses import dataclass, field

from companion.core.game import GameDefinition, InvalidMove
from companion.core.text import Msg


def new_session_id() -> str:
    return time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(3)


def make_config(game: GameDefinition, players: list[dict], start_player: int | None,
                rng: random.Random | None = None) -> dict:
    """Validate the new-game form; `start_player=None` draws one at random."""
    # A missing or non-text name counts as empty (a form or API mistake must not crash).
    names = [p.get("name").strip() if isinstance(p.get("name"), str) else "" for p in players]
    if len(players) not in game.player_counts:
        raise InvalidMove(Msg("core.error.player_count", game=game.name,
                              minimum=game.min_players, maximum=game.max_players))
    for index, name in enumerate(names):
        if not name:
            raise InvalidMove(Msg("core.error.name_missing", number=index + 1))
        if len(name) > 30:
            raise InvalidMove(Msg("core.error.name_too_long", number=index + 1))
    if len({n.casefold() for n in names}) != len(names):
        raise InvalidMove(Msg("core.error.names_unique"))
    colours = [p.get("colour") for p in players]
    if len(set(colours)) != len(colours) or any(c not in game.colours_for(len(players)) for c in colours):
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
class Session:
    id: str
    game: GameDefinition
    config: dict
    events: list[dict] = field(default_factory=list)
    cursor: int = 0
    setup_done: list[str] = field(default_factory=list)
    board: dict | None = None  # the end-scoring entry in progress
    stage: str = "setup"  # setup -> play -> scoring
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    _state: dict | None = field(default=None, repr=False, compare=False)

    @property
    def state(self) -> dict:
        if self._state is None:
            state = self.game.initial_state(self.config)
            for event in self.events[: self.cursor]:
                # Entries were valid when recorded; a log that fails here fails the whole replay.
                self.game.apply_in_place(state, event, self.config)
            self._state = state
        return self._state

    def record(self, event: dict) -> dict:
        """Apply and log an entry; raises InvalidMove (nothing changes) if the rules forbid it."""
        new_state = self.game.apply(self.state, event, self.config)
        del self.events[self.cursor:]
        self.events.append(event)
        self.cursor = len(self.events)
        self._state = new_state
        self.updated = time.time()
        return new_state

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self.events)

    def undo(self) -> None:
        if self.can_undo:
            self.cursor -= 1
            self._state = None
            self.updated = time.time()

    def redo(self) -> None:
        if self.can_redo:
            self.cursor += 1
            self._state = None
            self.updated = time.time()

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "game": self.game.id,
            "config": self.config,
            "events": self.events,
            "cursor": self.cursor,
            "setup_done": self.setup_done,
            "board": self.board,
            "stage": self.stage,
            "created": self.created,
            "updated": self.updated,
        }

    @staticmethod
    def from_json(data: dict, games: dict[str, GameDefinition]) -> "Session":
        game = games[data["game"]]
        session = Session(
            id=data["id"], game=game, config=data["config"], events=list(data["events"]),
            cursor=int(data["cursor"]), setup_done=list(data.get("setup_done", [])),
            board=data.get("board"), stage=data.get("stage", "setup"),
            created=data.get("created", time.time()), updated=data.get("updated", time.time()),
        )
        if not 0 <= session.cursor <= len(session.events):
            raise ValueError("cursor out of range")
        session.state  # replay now so a damaged log is found at load, not mid-game
        return session

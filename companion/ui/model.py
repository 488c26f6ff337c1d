"""The app's state for one browser tab: language, theme and the shared repository.

Screens never compute points or rules: they call the game definition through these methods and
re-render when `revision` changes. Every entry is saved before the screen shows it as done.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from companion.core.game import GameDefinition, InvalidMove
from companion.core.session import Session, make_config, new_session_id
from companion.core.text import Msg, tr
from companion.games import GAMES
from companion.storage import Repository


@ft.observable
@dataclass
class AppModel:
    repo: Repository
    lang: str = "en"
    theme: str = "light"
    revision: int = 0
    error: str = ""  # the last refused entry, shown until the next one
    error_session: str = ""  # the game it was refused in (not shown in another game)
    notices: list = field(default_factory=list)

    @staticmethod
    def create(repo: Repository) -> "AppModel":
        settings = repo.settings()
        return AppModel(repo=repo, lang=settings["lang"], theme=settings["theme"],
                        notices=[n.render(settings["lang"]) for n in repo.notices])

    # ------------------------------------------------------------------ text

    def error_for(self, session: Session) -> str:
        return self.error if self.error_session == session.id else ""

    def t(self, key: str, **params) -> str:
        return tr(self.lang, key, **params)

    def m(self, msg: Msg) -> str:
        return msg.render(self.lang)

    # ------------------------------------------------------------------ settings

    def set_lang(self, lang: str) -> None:
        self.repo.set_setting("lang", lang)
        self.lang = lang

    def set_theme(self, theme: str) -> None:
        self.repo.set_setting("theme", theme)
        self.theme = theme

    def dismiss_notices(self) -> None:
        self.repo.notices.clear()
        self.notices = []

    # ------------------------------------------------------------------ games

    def changed(self) -> None:
        self.revision += 1

    def start_game(self, game: GameDefinition, players: list[dict], start_player: int | None) -> Session:
        config = make_config(game, players, start_player)
        if game.box_values:  # the tracker may need printed values during play (e.g. colour bonuses)
            config["box"] = self.repo.box_data(game.id)
        session = Session(new_session_id(), game, config)
        self.repo.save(session)
        self.repo.remember_names([p["name"] for p in config["players"]])
        self.changed()
        return session

    def session(self, session_id: str) -> Session | None:
        return self.repo.session(session_id)

    def record(self, session: Session, event: dict) -> bool:
        """Apply an entry; a refused one leaves everything as it was and says why."""
        try:
            session.record(event)
        except InvalidMove as refused:
            self.error = refused.msg.render(self.lang)
            self.error_session = session.id
            return False
        self.repo.save(session)
        self.error = ""
        self.changed()
        return True

    def undo(self, session: Session) -> None:
        session.undo()
        self.repo.save(session)
        self.error = ""
        self.changed()

    def redo(self, session: Session) -> None:
        session.redo()
        self.repo.save(session)
        self.error = ""
        self.changed()

    def update_session(self, session: Session, **fields) -> None:
        """Save a change that is not a tracker entry (setup ticks, stage, the board being entered)."""
        for name, value in fields.items():
            setattr(session, name, value)
        self.repo.save(session)
        self.changed()

    def discard(self, session: Session) -> None:
        self.repo.discard(session.id)
        self.changed()


def game_of(session_or_id) -> GameDefinition:
    return GAMES[session_or_id if isinstance(session_or_id, str) else session_or_id.game.id]

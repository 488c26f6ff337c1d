"""The app's state for one browser tab: language, theme, the shared repository and table hub.

Screens never compute points or rules: they call the game definition through these methods and
re-render when `revision` changes. Every change is a small event sent to the game's hub
(`companion.core.table`), applied there to the latest saved game and saved before any screen shows
it; then every other tab showing that game hears of it through Flet's pubsub (topic `game/<id>`,
and `lobby` for the home screen's list) and re-renders from the latest game.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

import flet as ft

from companion.core.definition import GameDefinition, InvalidMove
from companion.core.plays import rename_problem
from companion.core.saving import SaveFailed, saving
from companion.core.game import Game, make_config, new_sid
from companion.core.table import TableHub, redo_lines, undo_lines
from companion.core.text import Msg, date_time, tr
from companion.games import GAMES
from companion.storage import Repository, export
from companion.ui.late_taps import LateTaps
from companion.ui.uploads import Uploads

LOBBY = "lobby"  # every change of any game, for the home screen's list
# Box data entered or a game's preference chosen: every screen that reads them (results, the tracker,
# an editor, Settings) redraws.
SETTINGS = "settings"
ME = "me"  # a phone said which player it is (the static app's host lists the phones at its table)
ANYWHERE = "*"  # where a message shows when no one screen made the change (the static app's write-back)
# Moves kept beyond the game they are made in: a choice the table keeps for the next game of it,
# `{"type": "preference", "id": ..., "value": ...}`, and values printed on the box's components,
# `{"type": "box_data", "values": {key: number}}`.
PREFERENCE = "preference"
BOX_DATA = "box_data"
KEPT_MOVES = (PREFERENCE, BOX_DATA)
log = logging.getLogger("tabula.app")
ME_KEY = "tabula.me."  # + game id, in the browser's storage: which player this device is


async def off_the_loop(fn, *args):
    """`fn(*args)` in a worker thread, so that a save (two fsyncs) holds up no tab's screen; in the
    browser (Pyodide has no threads) on the loop."""
    if sys.platform == "emscripten":
        return fn(*args)
    return await asyncio.to_thread(fn, *args)


def game_topic(sid: str) -> str:
    return f"game/{sid}"


class Broadcast:
    """This tab's side of Flet's pubsub: tell the other tabs, and hear them (a topic per game)."""

    def __init__(self, page: ft.Page | None = None):
        self.page = page
        self.watching: Counter = Counter()  # topic -> screens of this tab that show it
        self.on_heard: Callable[[], None] = lambda: None

    def tell(self, sid: str, revision: int) -> None:
        self.tell_topics(game_topic(sid), LOBBY, message=revision)

    def tell_topics(self, *topics: str, message=0) -> None:
        if self.page is not None:
            for topic in topics:
                self.page.pubsub.send_others_on_topic(topic, message)

    def watch(self, topic: str) -> Callable[[], None]:
        """Subscribe while a screen shows `topic`; returns the screen's cleanup."""
        if self.page is not None and self.watching[topic] == 0:
            self.page.pubsub.subscribe_topic(topic, self._heard)
        self.watching[topic] += 1

        def stop():
            self.watching[topic] -= 1
            if self.page is not None and self.watching[topic] <= 0:
                del self.watching[topic]
                self.page.pubsub.unsubscribe_topic(topic)
        return stop

    def _heard(self, topic: str, message) -> None:
        # Runs in a worker thread with no page context: hand it to this tab's own loop (a closed tab's
        # session lives on for a while without a connection: it re-reads everything when it reconnects).
        page = self.page
        if page is None or page.session.connection is None:
            return

        async def rerender():
            self.on_heard()
        page.run_task(rerender)


@ft.observable
@dataclass
class AppModel:
    repo: Repository
    lang: str = "en"
    theme: str = "light"
    revision: int = 0
    error: str = ""  # the last refused entry, shown until the next one
    error_game: str = ""  # the game it was refused in (not shown in another game), or the route, or ANYWHERE
    # A change of that game that was not saved: said while the game is still at this revision (a later
    # change saved from any phone clears it); -1 for a refusal, said until this tab's next entry.
    error_revision: int = -1
    info: str = ""  # what the last change on this tab did, when the screen alone does not show it (undo)
    notices: list = field(default_factory=list)
    hub: TableHub | None = None
    broadcast: Broadcast = field(default_factory=Broadcast)
    me: dict = field(default_factory=dict)  # game id -> the seat this device plays ("this phone is me")
    # The finished play this tab deleted last, offered back (History's Undo) until restored or dismissed.
    deleted_play: dict | None = None
    # This tab, for the hub: a tab's own quick keystrokes on a board field are not "another phone".
    tab: str = field(default_factory=lambda: secrets.token_hex(6))
    uploads: Uploads | None = None  # the server's upload folder (none in the static app)
    late_taps: LateTaps | None = None  # this tab's buttons that went away, whose late taps still count
    # The static app in a tab that cannot store (companion/web_main.py): what every screen says (a message
    # key, never put away) and its "Use here" button's action (None: no such button); "" while it stores.
    storage_note: str = ""
    at_table: bool = False  # a guest phone at the static app's table with no computer (web_table.py)
    site: str | None = None  # where other phones open this app, for links they scan (invite.shared_site)
    use_here: Callable[[], None] | None = None
    # This tab's changes are saved one after the other, in the order it made them.
    _in_order: asyncio.Lock = field(default_factory=asyncio.Lock)

    @staticmethod
    def create(repo: Repository, hub: TableHub | None = None, page: ft.Page | None = None) -> "AppModel":
        settings = repo.settings()
        model = AppModel(repo=repo, lang=settings["lang"], theme=settings["theme"],
                         notices=[n.render(settings["lang"]) for n in repo.notices],
                         hub=hub or TableHub(repo), broadcast=Broadcast(page))
        model.broadcast.on_heard = model.changed
        return model

    # ------------------------------------------------------------------ text

    def error_for(self, game: Game) -> str:
        if self.error_game == ANYWHERE:
            return self.error
        stale = self.error_revision >= 0 and game.revision != self.error_revision
        return self.error if self.error_game == game.id and not stale else ""

    def error_at(self, route: str) -> str:
        """The message of a screen that is not a game's (a setting, a play, History's import)."""
        return self.error if self.error_game in (route, ANYWHERE) else ""

    def dismiss_message(self) -> None:
        self.error, self.info = "", ""
        self.changed()

    def not_saved(self, failed: SaveFailed, where: str, revision: int = -1) -> None:
        """Say on the screen at `where` (a route, a game's id, ANYWHERE) that a change was not saved."""
        self.error, self.error_game, self.error_revision, self.info = failed.msg.render(self.lang), where, revision, ""
        self.changed()

    def warn(self, key: str) -> None:
        """Say a problem that is not one change's on whatever screen (or player's sheet) is open, until put away."""
        self.error, self.error_game, self.error_revision, self.info = self.t(key), ANYWHERE, -1, ""
        self.changed()

    def store(self, where: str, outcome: str, write: Callable[[], object]) -> bool:
        """Run a write that is not a game's change (a setting, box data, a play deleted or put back):
        True once it is stored, and a "Not saved" of that screen is gone; otherwise the screen says so
        (`outcome`: what stays) and everything is as it was."""
        try:
            with saving(outcome):
                write()
        except SaveFailed as failed:
            self.not_saved(failed, where)
            return False
        self.saved(where)
        return True

    def saved(self, where: str) -> None:
        """A change made at `where` was stored: a "Not saved" said there is over (ANYWHERE: the static
        app's write-back of a later change went through)."""
        if self.error and self.error_game == where:
            self.error = ""
            self.changed()

    def info_for(self, game: Game) -> str:
        return self.info if self.error_game == game.id and not self.error else ""

    def t(self, key: str, **params) -> str:
        return tr(self.lang, key, **params)

    def m(self, msg: Msg) -> str:
        return msg.render(self.lang)

    # ------------------------------------------------------------------ settings

    def set_lang(self, lang: str) -> bool:
        if not self.store("/settings", "core.not_saved.setting", lambda: self.repo.set_setting("lang", lang)):
            return False
        self.lang = lang
        return True

    def set_theme(self, theme: str) -> bool:
        if not self.store("/settings", "core.not_saved.setting", lambda: self.repo.set_setting("theme", theme)):
            return False
        self.theme = theme
        return True

    def keep_box_data(self, game_id: str, values: dict) -> tuple[str | None, list[str]]:
        """Keep values printed on the game's components: why they are not kept ("Not saved: ...", the stored
        values as they were) or None, and which provisional results they changed; every other phone's
        screens that read them redraw (the box-data form says what this returns where it was entered)."""
        changed = []
        try:
            with saving("core.not_saved.box"):
                changed = self.repo.set_box_data(game_id, values)
        except SaveFailed as failed:
            return self.m(failed.msg), []
        self.changed()
        self.broadcast.tell_topics(SETTINGS, LOBBY)  # History and Home too: provisional plays scored again
        return None, self.rescored(changed)

    def rescored(self, changed: list[tuple[dict, dict]]) -> list[str]:
        """Which provisional results box values just entered changed, and how: one line each."""
        def totals(play: dict) -> str:
            return self.t("core.list_sep").join(f"{p['name']} {p['total']}" for p in play["players"])

        def won(play: dict) -> str:
            best = max(p["total"] for p in play["players"] if p["name"] in play["winners"])
            return self.t("history.won", winners=play["winners"], total=best)
        return [self.t("ui.box.rescored", game=self.m(GAMES[after["game"]].name),
                       date=date_time(self.lang, after["finished"]),
                       now=totals(after), before=totals(before), won=won(after),
                       still=self.t("ui.box.still_provisional") if after.get("uncounted") else "")
                for before, after in changed]

    def reread(self) -> None:
        """The data was read afresh from where it is stored (the static app took the browser's storage
        over): the settings, Home's notices and every screen follow it; what was said of the data before
        is over."""
        settings = self.repo.settings()
        self.lang, self.theme = settings["lang"], settings["theme"]
        self.notices = [n.render(self.lang) for n in self.repo.notices]
        self.error, self.info, self.deleted_play = "", "", None
        self.changed()

    def dismiss_notices(self) -> None:
        """This tab's notices are read (another tab keeps its own until it dismisses them)."""
        self.notices = []

    # ------------------------------------------------------------------ the history

    def delete_play(self, route: str, play: dict) -> bool:
        """Take a finished play out (its page's Delete); History then offers it back. If that is not saved,
        the page at `route` says so and the play stays."""
        gone = []
        if not self.store(route, "core.not_saved.delete_play", lambda: gone.append(self.repo.delete_play(play["doc_id"]))):
            return False
        if gone[0] is not None:
            self.deleted_play = gone[0]
        self.changed()
        return True

    def put_back(self) -> bool:
        """History's Undo of a delete. If that is not saved, History says so and Undo stays offered."""
        play = self.deleted_play
        if play is None or not self.store("/history", "core.not_saved.restore_play",
                                          lambda: self.repo.restore_play(export.clean(play))):
            return False
        self.deleted_play = None
        self.changed()
        return True

    def rename_player(self, old: str, new: str) -> str | None:
        """Call the player `old` `new` in every finished play (History, the statistics, the exports) and
        among the names a new game offers: None once that is stored, else why not (a name the history
        cannot take, or "Not saved"; then every play keeps its name)."""
        problem = rename_problem(self.repo.plays(), old, new)
        if problem is not None:
            return self.m(problem)
        try:
            with saving("core.not_saved.rename"):
                self.repo.rename_player(old, new)
        except SaveFailed as failed:
            return self.m(failed.msg)
        self.changed()
        self.broadcast.tell_topics(LOBBY)  # History and the statistics of the other tabs
        return None

    async def import_backup(self, raw: bytes) -> dict | None:
        """Add a backup's plays and box data: {"added", "skipped", "box_games"}, or None when it could not be
        saved (History says so). Raises export.ImportProblem for a file that is not such a backup."""
        try:
            with saving("core.not_saved.import"):
                # off the event loop that serves every tab: a big backup takes a moment to check
                result = await asyncio.to_thread(lambda: export.import_data(self.repo, export.parse_text(raw),
                                                                            checked=True))
        except SaveFailed as failed:
            self.not_saved(failed, "/history")
            return None
        self.saved("/history")
        self.changed()
        return result

    # ------------------------------------------------------------------ games

    def changed(self) -> None:
        self.revision += 1

    def start_game(self, definition: GameDefinition, players: list[dict], start_player: int | None) -> Game:
        config = make_config(definition, players, start_player)
        if definition.box.values:  # the tracker may need printed values during play (e.g. colour bonuses)
            config["box"] = self.repo.box_data(definition.id)
        if definition.box.preferences:  # the table's choices as the game begins (e.g. how its end boards start)
            config["preferences"] = self.repo.preferences(definition)
        game = Game(new_sid(), definition, config)
        with saving("core.not_saved.new_game"):  # SaveFailed: no game, the form stays as it was
            self.repo.save(game)
        try:
            with saving("core.not_saved.names"):
                self.repo.remember_names([p["name"] for p in config["players"]],
                                         [p["colour"] for p in config["players"]])
        except SaveFailed as failed:  # the game is saved: said on its first screen, until its next change
            self.not_saved(failed, game.id, game.revision)
        self.changed()
        self.broadcast.tell(game.id, 0)
        return game

    def game(self, sid: str) -> Game | None:
        return self.hub.game(sid)

    def dispatch(self, sid: str, *moves: dict, then: Callable[[Game], None] | None = None,
                 kept: tuple[dict, ...] = ()) -> None:
        """The one way a game in progress changes: `moves` go to the game's hub, are applied (all or none)
        to its latest state and saved off the event loop (a slow disk holds up no other tab), then every
        screen of the game redraws. `kept`: moves kept beyond the game (`{"type": "preference", "id", "value"}`,
        `{"type": "box_data", "values"}`), written by the hub with them, all or none. A move refused, or not
        saved, changes nothing and says why; `then(saved)` runs once they are saved (going on to the next
        screen). A tab's moves are applied in the order it made them."""
        page = self.broadcast.page
        if page is None:  # no screen to keep answering (tests, a harness): at once
            self._applied(sid, moves, then, *self._apply_now(sid, moves, kept))
        else:
            page.run_task(self._dispatch, sid, moves, then, kept)

    async def _dispatch(self, sid: str, moves: tuple, then, kept: tuple) -> None:
        async with self._in_order:
            outcome = await off_the_loop(self._apply_now, sid, moves, kept)
        self._applied(sid, moves, then, *outcome)

    def _apply_now(self, sid: str, moves: tuple, kept: tuple = ()) -> tuple:
        """(the saved game, or why not; with kept moves, the plays they scored again, else None)"""
        rescored: list | None = [] if kept else None
        try:
            return self.hub.apply(sid, *moves, by=self.tab,
                                     kept=self._kept_writer(sid, kept, rescored) if kept else None), rescored
        except (InvalidMove, SaveFailed) as refused:
            return refused, None
        except Exception:  # a bug of ours: logged with its traceback and said; the game stays as saved
            log.exception("a change of game %s failed", sid)
            return InvalidMove(Msg("core.error.bug")), None

    def _kept_writer(self, sid: str, kept: tuple, rescored: list) -> Callable[[], None]:
        def write() -> None:
            definition = self.hub.game(sid).definition
            for move in kept:
                if move.get("type") == PREFERENCE:
                    self.repo.set_preference(definition, move.get("id"), move.get("value"))
                elif move.get("type") == BOX_DATA:  # checked by the BoxDataForm that sends it
                    rescored.extend(self.repo.set_box_data(definition.id, move.get("values") or {}))
                else:
                    raise InvalidMove(Msg("core.error.bad_event"))
        return write

    def _applied(self, sid: str, moves: tuple, then, outcome, rescored: list | None = None) -> None:
        if isinstance(outcome, (InvalidMove, SaveFailed)):
            self._refused(outcome, sid)
            return
        self.error, self.error_game = "", sid
        self.info = " ".join(self.rescored(rescored or []))
        self.changed()
        self.broadcast.tell(sid, outcome.revision)
        if rescored is not None:  # kept moves: every screen that reads them redraws (History too)
            self.broadcast.tell_topics(SETTINGS, LOBBY)
        if then is not None:
            then(outcome)

    def undo(self, drawn: Game) -> None:
        """Take back the entry that `drawn` (the game as this phone showed it) has as its last one; the
        hub refuses it when it is no longer the entry to take back. Says what was taken back."""
        lines = undo_lines(drawn)
        self.dispatch(drawn.id, {"type": "undo", "entry": drawn.last_entry},
                      then=lambda saved: self._say("ui.undone", entry=lines))

    def redo(self, drawn: Game) -> None:
        lines = redo_lines(drawn)
        self.dispatch(drawn.id, {"type": "redo", "entry": drawn.next_entry},
                      then=lambda saved: self._say("ui.redone", entry=lines))

    def undo_board_edit(self, drawn: Game, edit: dict | None, words: str) -> None:
        """Take back the end board's edit `edit`, the last one as this phone showed it (its Undo button
        says `words`); refused when another edit came since."""
        if edit is not None:
            self.dispatch(drawn.id, {"type": "board_undo", "edit": edit["id"]},
                          then=lambda saved: self._say("ui.undone_board", entry=words))

    def _say(self, key: str, **params) -> None:
        self.info = self.t(key, **params)

    def finish(self, drawn: Game, make_play, then: Callable[[str], None]) -> None:
        """Move the game into the history (off the event loop), as `drawn` (the game as this phone showed
        its result) has it: refused if it changed since. `then(play_id)` once it is saved."""
        page = self.broadcast.page
        if page is None:
            self._finished(drawn.id, then, self._finish_now(drawn, make_play))
        else:
            async def finish():
                async with self._in_order:
                    outcome = await off_the_loop(self._finish_now, drawn, make_play)
                self._finished(drawn.id, then, outcome)
            page.run_task(finish)

    def _finish_now(self, drawn: Game, make_play) -> str | InvalidMove | SaveFailed:
        try:
            return self.hub.finish(drawn.id, make_play, drawn.revision)
        except (InvalidMove, SaveFailed) as refused:
            return refused
        except Exception:  # a bug of ours: logged with its traceback and said; the game stays in progress
            log.exception("finishing game %s failed", drawn.id)
            return InvalidMove(Msg("core.error.bug"))

    def _finished(self, sid: str, then, outcome) -> None:
        if isinstance(outcome, (InvalidMove, SaveFailed)):
            self._refused(outcome, sid)
            return
        self.saved(sid)
        self.changed()
        self.broadcast.tell(sid, -1)
        then(outcome)

    def _refused(self, refused: InvalidMove | SaveFailed, sid: str) -> None:
        """Say why a change of that game did not happen; "Not saved" lasts while the game stays as saved."""
        latest = self.hub.game(sid)
        revision = latest.revision if isinstance(refused, SaveFailed) and latest is not None else -1
        self.error, self.error_game, self.error_revision = refused.msg.render(self.lang), sid, revision
        self.changed()

    def set_me(self, game: Game, seat: int | None) -> None:
        """This device plays `seat` in that game (None: nobody in particular); the browser keeps it."""
        self.me = {**{k: v for k, v in self.me.items() if k != game.id}, **({game.id: seat} if seat is not None else {})}
        self.broadcast.tell_topics(ME)
        page = self.broadcast.page
        if page is not None:
            async def keep():
                await ft.SharedPreferences().set(ME_KEY + game.id, "" if seat is None else str(seat))
            page.run_task(keep)

    async def recall_me(self, sid: str) -> None:
        """Which player this browser said it is in that game, on an earlier visit (a new tab, a restart)."""
        if self.broadcast.page is None or sid in self.me:
            return
        value = await ft.SharedPreferences().get(ME_KEY + sid)
        if isinstance(value, str) and value.isascii() and value.isdigit() and sid not in self.me:
            self.me = {**self.me, sid: int(value)}

    def discard(self, game: Game) -> bool:
        """Discard a game in progress (Home); if its file cannot be removed, Home says so and it stays."""
        if not self.store("/", "core.not_saved.discard", lambda: self.hub.discard(game.id)):
            return False
        self.changed()
        self.broadcast.tell(game.id, -1)
        return True


def definition_of(game_or_sid) -> GameDefinition:
    return GAMES[game_or_sid if isinstance(game_or_sid, str) else game_or_sid.definition.id]

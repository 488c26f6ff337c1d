"""The game an end-scoring editor belongs to, for what its tracker recorded during play."""

from __future__ import annotations

import flet as ft

from companion.ui.model import AppModel


def game_session(model: AppModel, sid: str, game_id: str):
    """The live game `sid` when it is a game of `game_id`, else None (no game to read, e.g. a board opened
    from a file)."""
    session = model.session(sid) if sid and model.tables is not None else None
    return session if session is not None and session.game.id == game_id else None


def use_sid() -> str:
    """The end-scoring screen's game id; a re-render outside the router keeps the last one."""
    ref = ft.use_ref(None)
    sid = ft.use_route_params().get("sid") or ref.current or ""
    ref.current = sid
    return sid

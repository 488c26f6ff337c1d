"""A finished play as it is kept in the history (and exported)."""

from __future__ import annotations

import time

from companion.core.clock import elapsed
from companion.core.definition import BoardStateError, MissingBoxData
from companion.core.result import Result
from companion.core.game import Game
from companion.core.stats import player_key
from companion.core.text import Msg


def make_play(game: Game, sheet: Result, board: dict, box_used: dict | None = None) -> dict:
    """The play: its players in seat order, named as on the score sheet (a name corrected on the end
    board included); the start player by seat (`start_seat`) and by that name; how long it took by the
    game clock (its pauses left out; a game without a clock: since it was created)."""
    finished = time.time()
    players = game.config["players"]
    start = game.config["start_player"]
    return {
        "id": game.id,
        "game": game.definition.id,
        "started": game.created,
        "finished": finished,
        "duration_s": round(elapsed(game.clock, finished) if game.clock else finished - game.created),
        "start_player": sheet.players[start].name,
        "start_seat": start,
        **result_of(sheet, [p["colour"] for p in players], board, box_used),
    }


def result_of(sheet: Result, colours: list[str], board: dict, box_used: dict | None) -> dict:
    """What a play keeps of its result: each player's score, the winners, the notes, the board it was
    scored from and the box values it used; `uncounted`: the box values it still needs (provisional)."""
    return {
        "players": [
            {"name": p.name, "colour": colours[i], "total": p.total, "rank": p.rank,
             "categories": {c.id: c.points for c in p.categories},
             "explanations": {c.id: c.explanation.to_json() for c in p.categories},
             "tiebreak": list(p.tiebreak)}
            for i, p in enumerate(sheet.players)
        ],
        "winners": sheet.winners,
        "category_labels": {cid: label.to_json() for cid, label in sheet.category_labels.items()},
        "notes": [n.to_json() for n in sheet.notes],
        "board": board,
        "box_used": box_used or {},
        **({"uncounted": list(sheet.uncounted)} if sheet.uncounted else {}),
    }


def rescored(play: dict, definition, box: dict) -> dict | None:
    """A provisional play scored again with the box values as they are now: the play with its new result,
    or None when it is not provisional, its board cannot be read any more, or the result is the same."""
    if not play.get("uncounted"):
        return None
    try:
        sheet = definition.end.score(definition.end.parse_board_state(play["board"]), box)
    except (BoardStateError, MissingBoxData):
        return None
    redone = {k: v for k, v in play.items() if k != "uncounted"}
    redone.update(result_of(sheet, [p.get("colour", "") for p in play["players"]], play["board"], box))
    return None if redone == play else redone


NAME_MAX = 30  # as the new-game form (core.game.make_config)


def renamed(play: dict, old: str, new: str) -> dict | None:
    """The play with the player `old` (any case and spacing, `stats.player_key`) called `new` wherever the
    play names them (players, winners, start player, the end board), or None when they did not play."""
    key = player_key(old)
    if not any(player_key(p["name"]) == key for p in play["players"]):
        return None

    def name(n):
        return new if isinstance(n, str) and player_key(n) == key else n
    out = dict(play, players=[dict(p, name=name(p["name"])) for p in play["players"]],
               winners=[name(w) for w in play["winners"]])
    if "start_player" in play:
        out["start_player"] = name(play["start_player"])
    board = play.get("board")
    if isinstance(board, dict) and isinstance(board.get("players"), list):
        out["board"] = dict(board, players=[dict(p, name=name(p.get("name"))) if isinstance(p, dict) else p
                                            for p in board["players"]])
    return out


def rename_problem(plays: list[dict], old: str, new: str) -> Msg | None:
    """Why `old` cannot be called `new` in the history, or None. Another player's name is taken on (two
    spellings of one person become one), unless both played in one play: then they are two people."""
    new = new.strip()
    if not new:
        return Msg("core.error.rename_empty", name=old)
    if len(new) > NAME_MAX:
        return Msg("core.error.rename_too_long", name=old, maximum=NAME_MAX)
    if player_key(new) == player_key(old):
        return None
    both = next((p for p in plays if {player_key(old), player_key(new)} <= {player_key(q["name"]) for q in p["players"]}),
                None)
    if both is not None:
        return Msg("core.error.rename_two_people", old=old, new=new)
    return None

"""A finished play as it is kept in the history (and exported)."""

from __future__ import annotations

import time

from companion.core.scoring import ScoreSheet
from companion.core.session import Session


def make_play(session: Session, sheet: ScoreSheet, board: dict, box_used: dict | None = None) -> dict:
    """The play: its players in seat order, named as on the score sheet (a name corrected on the end
    board included); the start player by seat (`start_seat`) and by that name."""
    finished = time.time()
    players = session.config["players"]
    start = session.config["start_player"]
    return {
        "id": session.id,
        "game": session.game.id,
        "started": session.created,
        "finished": finished,
        "duration_s": round(finished - session.created),
        "start_player": sheet.players[start].name,
        "start_seat": start,
        "players": [
            {"name": p.name, "colour": players[i]["colour"], "total": p.total, "rank": p.rank,
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
    }

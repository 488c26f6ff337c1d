"""The score sheet of a game in progress, as on a paper pad: a row per part of the game (its rounds,
scorings or turns, in its own words: `Presentation.period`) and a column per player, each cell the
points that player made in that part, from the entries recorded so far; the totals are the scores now.

An entry's points belong to the part of the game it was made in: the round an "End round" ends (and
scores) is the round it is counted in. Points a game gives before anything is entered (Carpe Diem's
starting VP) are a row of their own, "At the start": the rows always add up to the totals."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from companion.core.session import Session
from companion.core.text import Msg


@dataclass(frozen=True)
class ScoreSheetRow:
    label: Msg
    points: tuple[int, ...]  # per seat


@dataclass(frozen=True)
class ScoreSheet:
    label: Msg  # what the points are ("Victory points")
    rows: tuple[ScoreSheetRow, ...]
    totals: tuple[int, ...]


def score_sheet(session: Session) -> ScoreSheet | None:
    """The sheet of the entries up to the cursor; None for a game that keeps no score in rows."""
    game, config = session.game, session.config
    if game.show.period is None:
        return None
    seats = range(len(config["players"]))
    state = game.rules.initial_state(config)

    def scores() -> list[int]:
        return [game.standing_of(state, config, s).score for s in seats]
    before = scores()
    rows: list[list] = [[Msg("core.sheet.start"), before]] if any(before) else []  # [label, points per seat]
    for event in session.events[:session.cursor]:
        label = game.show.period(state, config)
        game.apply_in_place(state, copy.deepcopy(event), config)
        after = scores()
        if not rows or rows[-1][0] != label:
            rows.append([label, [0] * len(before)])
        rows[-1][1] = [p + a - b for p, a, b in zip(rows[-1][1], after, before)]
        before = after
    if not rows or rows[-1][0] != game.show.period(state, config):  # the part of the game being played now
        rows.append([game.show.period(state, config), [0] * len(before)])
    label = game.standing_of(state, config, 0).label if config["players"] else Msg("core.score")
    return ScoreSheet(label, tuple(ScoreSheetRow(lbl, tuple(pts)) for lbl, pts in rows), tuple(before))

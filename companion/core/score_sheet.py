"""The score sheet of a game in progress, as on the game's paper pad: a column per player and a row per
part of the game as the game scores, the totals under them the scores now. Two kinds of pad:

- by period (`Presentation.period`): a row per round, scoring or turn, in the game's own words, each
  cell the points that player made in it, from the entries recorded so far. An entry's points belong to
  the part the game names for that entry: a round's entries to the round, an "End round" that scores to
  the scoring's row where the game has one. Points a game gives before anything is entered (Carpe
  Diem's starting VP) are a row of their own, "At the start". A game that keeps more than one score
  track (`Standing.tracks`) has them in every cell, under the score, each in the row where it moved.
- by category (`Presentation.categories`): a game that scores at its end only has its final scoring's
  rows, as its score pad reads them, with what each player would score if the game ended now.

Either way the rows add up to the totals, which are the scoreboard's numbers."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from companion.core.game import Game
from companion.core.text import Msg


@dataclass(frozen=True)
class ScoreSheetRow:
    label: Msg
    points: tuple[int, ...]  # per seat
    # Per seat, the points moved on the game's other tracks (`ScoreSheet.tracks`), in their order.
    tracks: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class ScoreSheet:
    label: Msg  # what the points are ("Victory points")
    rows: tuple[ScoreSheetRow, ...]
    totals: tuple[int, ...]
    tracks: tuple[Msg, ...] = ()  # the game's other score tracks, by name ("Green track")
    track_totals: tuple[tuple[int, ...], ...] = ()  # per seat, where each of them stands now


def score_sheet(game: Game) -> ScoreSheet | None:
    """The sheet of the entries up to the cursor; None for a game that keeps no score in rows."""
    if game.definition.show.categories is not None:
        return _by_category(game)
    if game.definition.show.period is None:
        return None
    return _by_period(game)


def _by_category(game: Game) -> ScoreSheet:
    definition, config, state = game.definition, game.config, game.state
    seats = range(len(config["players"]))
    per_seat = [definition.show.categories(state, config, s) for s in seats]
    labels = [label for label, _ in per_seat[0]] if per_seat else []
    rows = tuple(ScoreSheetRow(label, tuple(points[i][1] for points in per_seat)) for i, label in enumerate(labels))
    return ScoreSheet(_label(definition, state, config), rows, tuple(definition.standing_of(state, config, s).score for s in seats))


def _by_period(game: Game) -> ScoreSheet:
    definition, config = game.definition, game.config
    seats = range(len(config["players"]))
    state = definition.rules.initial_state(config)

    def numbers() -> list[tuple[int, ...]]:  # per seat: the score, then each other track
        return [(st.score, *(value for _, value in st.tracks))
                for st in (definition.standing_of(state, config, s) for s in seats)]
    before = numbers()
    zero = [tuple(0 for _ in cell) for cell in before]
    rows: list[list] = [[Msg("core.sheet.start"), before]] if any(map(any, before)) else []  # [label, per seat]
    for event in game.events[:game.cursor]:
        label = definition.show.period(state, config, event)
        definition.apply_in_place(state, copy.deepcopy(event), config)
        after = numbers()
        if not rows or rows[-1][0] != label:
            rows.append([label, zero])
        rows[-1][1] = [tuple(p + a - b for p, a, b in zip(*cells)) for cells in zip(rows[-1][1], after, before)]
        before = after
    now = definition.show.period(state, config, None)
    if not rows or rows[-1][0] != now:  # the part of the game being played now
        rows.append([now, zero])
    tracks = definition.standing_of(state, config, 0).tracks if config["players"] else ()

    def others(cells: list[tuple[int, ...]]) -> tuple:  # per seat, the other tracks' numbers
        return tuple(c[1:] for c in cells) if tracks else ()
    return ScoreSheet(_label(definition, state, config),
                      tuple(ScoreSheetRow(label, tuple(c[0] for c in cells), others(cells)) for label, cells in rows),
                      tuple(c[0] for c in before), tuple(label for label, _ in tracks), others(before))


def _label(definition, state: dict, config: dict) -> Msg:
    return definition.standing_of(state, config, 0).label if config["players"] else Msg("core.score")

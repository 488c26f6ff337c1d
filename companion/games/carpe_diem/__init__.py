"""Carpe Diem (alea / Ravensburger 2018, Stefan Feld).

The package: the components and numbers (`components`), the setup checklist (`setup`), the tracker's
moves (`tracker`), the scoring periods' outcome and advice (`scoring_period`, and `period` for the table's
turn at a scoring), the scoring cards as entered (`cards`), the final scoring (`scoring`) with its box
data (`box`), the end board as the players enter it (`district`) and its edits (`board_moves`), random end
boards for the fuzz tests (`random_end`), and its screens (`ui`, imported by the app only).
"""

from companion.core.definition import BoardParts, Box, EndBoard, GameDefinition, Preference, Presentation, Rules
from companion.core.text import Msg
from companion.games.carpe_diem import board_moves, box, random_end, scoring, setup, tracker


def ui():
    from companion.games.carpe_diem.ui import UI  # the screens: imported by the app only
    return UI


GAME = GameDefinition(
    id="carpe-diem",
    name=Msg("carpe-diem.name"),
    min_players=2,
    max_players=4,
    bgg_id=245934,  # BoardGameGeek, sources in docs/export.md
    rules=Rules(
        counters=tracker.COUNTERS,
        setup_checklist=setup.setup_checklist,
        initial_state=tracker.initial_state,
        moves=tracker.MOVES,
        status=tracker.status,
        event_schema=2,
        # "Das Startspielerplättchen erhält der Spieler, der zuletzt in Rom war" (EN: "born farthest from 1 B.C.")
        start_question=Msg("carpe-diem.start_question"),
        is_finished=lambda state, config: state["stage"] == "finished",
        start_player_now=lambda state, config: state["start_player"],  # passed on after every phase
        # Clockwise from the start player in a phase, by the banderole bar in a scoring period.
        player_on_turn=tracker.player_on_turn,
    ),
    end=EndBoard(
        parse_board_state=scoring.parse_board_state,
        score=scoring.score,
        board_from_tracker=tracker.board_from_tracker,
        board_moves=board_moves.BOARD_MOVES,
        parts=BoardParts(numbered=frozenset({"frame", "fountain_cards", "features", "cells", "villas", "frame_met"}),
                         item_says_all=frozenset({"features", "cells", "villas", "completed"}),
                         kinds={"storage": "carpe-diem.counter.", "completed": "carpe-diem.counter."}),
        random_board=random_end.random_board,
    ),
    box=Box(
        values=box.BOX_VALUES,
        value=box.box_value,
        validate=box.validate_box,
        # The final districts drawn as a grid or entered as counts only: one choice for the whole table, kept
        # for the next games (before, the app-wide setting "carpe_diem_entry").
        preferences=(Preference("entry", ("grid", "counts"), "grid", formerly="carpe_diem_entry"),),
    ),
    show=Presentation(
        standing=tracker.standing,
        period=tracker.period,  # a row per phase and its scoring period
        ui=ui,
    ),
)

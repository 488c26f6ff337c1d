"""Carpe Diem (alea / Ravensburger 2018, Stefan Feld).

The scoring periods' outcome and advice are in `scoring_period` (its docstring is the API for a
screen); `tracker.advice_for(state, config, player, circle)` gives the advice with the tracker's data.
"""

from companion.core.game import BoardParts, GameDefinition
from companion.core.text import Msg
from companion.games.carpe_diem import scoring, scoring_period, setup, tracker

GAME = GameDefinition(
    id="carpe-diem",
    name=Msg("carpe-diem.name"),
    min_players=2,
    max_players=4,
    counters=tracker.COUNTERS,
    setup_checklist=setup.setup_checklist,
    initial_state=tracker.initial_state,
    moves=tracker.MOVES,
    status=tracker.status,
    parse_board_state=scoring.parse_board_state,
    score=scoring.score,
    board_from_tracker=tracker.board_from_tracker,
    box_values=scoring.BOX_VALUES,
    event_schema=2,
    parts=BoardParts(numbered=frozenset({"frame", "fountain_cards", "features", "cells", "villas", "frame_met"}),
                     item_says_all=frozenset({"features", "cells", "villas", "completed"}),
                     kinds={"storage": "carpe-diem.counter.", "completed": "carpe-diem.counter."}),
    # "Das Startspielerplättchen erhält der Spieler, der zuletzt in Rom war" (EN: "born farthest from 1 B.C.")
    start_question=Msg("carpe-diem.start_question"),
    is_finished=lambda state: state["stage"] == "finished",
    start_player_now=lambda state, config: state["start_player"],  # passed on after every phase
    box_value=scoring.box_value,
    validate_box=scoring.validate_box,
)

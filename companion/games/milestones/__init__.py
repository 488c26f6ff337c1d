"""Milestones (eggertspiele 2012, Stefan Dorra & Ralf zur Linde)."""

from companion.games.legacy import legacy_moves
from companion.core.game import BoardParts, GameDefinition
from companion.core.text import Msg
from companion.games.milestones import scoring, setup, tracker

GAME = GameDefinition(
    id="milestones",
    name=Msg("milestones.name"),
    min_players=2,
    max_players=4,
    # no bgg_id: no source for its BoardGameGeek id was found (docs/export.md); BG Stats matches it by name
    counters=tracker.COUNTERS,
    setup_checklist=setup.setup_checklist,
    initial_state=tracker.initial_state,
    moves=legacy_moves(("end_turn", *tracker.PLAYER_EVENTS), tracker.apply_event, tracker.actions,
                       tracker.upgrade_event),
    status=tracker.status,
    parse_board_state=scoring.parse_board_state,
    score=scoring.score,
    board_from_tracker=tracker.board_from_tracker,
    event_schema=2,
    parts=BoardParts(numbered=frozenset({"workers"}), kinds={"goods": "milestones.counter.", "worker_counts": "milestones.kind."}),
    is_finished=lambda state: state["finished"],
    # Milestones follows turns: the player on turn until the end, nobody after it.
    player_on_turn=lambda state: None if state["finished"] else state["turn"],
    start_player_now=lambda state, config: state["start_player"],
    # No question: "Lost einen Startspieler aus" (the new-game screen draws one by default).
    # The rulebook names no player colours ("in den Spielerfarben"): the default four are offered.
)

"""Milestones (eggertspiele 2012, Stefan Dorra & Ralf zur Linde).

The package: the components and numbers (components.py), the setup checklist (setup.py), the tracker's
rules (tracker.py) and its moves (moves.py), the end board and its moves (board.py), the final scoring
(scoring.py) and the screens (ui/, imported by the app only)."""

from companion.core.definition import BoardParts, EndBoard, GameDefinition, Presentation, Rules
from companion.core.text import Msg
from companion.games.milestones import board, moves, scoring, setup, tracker


def ui():
    from companion.games.milestones.ui import UI  # the screens: imported by the app only
    return UI


GAME = GameDefinition(
    id="milestones",
    name=Msg("milestones.name"),
    min_players=2,
    max_players=4,
    # no bgg_id: no source for its BoardGameGeek id was found (docs/export.md); BG Stats matches it by name
    rules=Rules(
        counters=tracker.COUNTERS,
        setup_checklist=setup.setup_checklist,
        initial_state=tracker.initial_state,
        moves=moves.MOVES,
        status=tracker.status,
        event_schema=moves.EVENT_SCHEMA,
        is_finished=lambda state, config: state["finished"],
        # Milestones follows turns: the player on turn until the end, nobody after it.
        # Turns go clockwise from the start player (SPIELABLAUF: "Danach läuft das Spiel reihum im
        # Uhrzeigersinn") and pass only by End turn: the rulebook lets no one else move next, so no set_turn.
        player_on_turn=lambda state, config: None if state["finished"] else state["turn"],
        start_player_now=lambda state, config: state["start_player"],
        # No question: "Lost einen Startspieler aus" (the new-game screen draws one by default).
        # The rulebook names no player colours ("in den Spielerfarben"): the default four are offered.
    ),
    end=EndBoard(
        parse_board_state=scoring.parse_board_state,
        score=scoring.score,
        board_from_tracker=tracker.board_from_tracker,
        board_moves=board.BOARD_MOVES,
        parts=BoardParts(numbered=frozenset({"workers"}), kinds={"goods": "milestones.counter.",
                                                                "worker_counts": "milestones.kind."}),
        random_board=board.random_board,
    ),
    show=Presentation(standing=tracker.standing, period=tracker.period, ui=ui),
)

"""City of Rome (Abacus Spiele 2018, Matthew Dunstan & Brett J. Gilbert)."""

from companion.core.definition import BoardParts, EndBoard, GameDefinition, Presentation, Rules
from companion.core.text import Msg
from companion.games.city_of_rome import board, scoring, setup, standing, tracker, turns
from companion.games.city_of_rome.random_states import random_board


def ui():
    from companion.games.city_of_rome.ui import UI  # the screens: imported by the app only
    return UI


GAME = GameDefinition(
    id="city-of-rome",
    name=Msg("city-of-rome.name"),
    min_players=2,
    max_players=4,
    bgg_id=258466,  # BoardGameGeek, sources in docs/export.md
    rules=Rules(
        counters=tracker.COUNTERS,
        setup_checklist=setup.setup_checklist,
        initial_state=tracker.initial_state,
        moves=tracker.MOVES,
        status=tracker.status,
        event_schema=2,
        is_finished=lambda state, config: state["finished"],
        start_player_now=lambda state, config: state["start_player"],  # passed on after every round
        player_on_turn=lambda state, config: turns.on_turn(state),  # the Setzphase clockwise from the start player, then the action strip
        start_question=Msg("city-of-rome.start_question"),  # "Der älteste Spieler wird Startspieler"
        colours=("violet", "orange", "white", "brown"),
        fixed_colours={2: ("white", "brown")},
    ),
    end=EndBoard(
        parse_board_state=scoring.parse_board_state,
        score=scoring.score,
        board_from_tracker=tracker.board_from_tracker,
        board_moves=board.BOARD_MOVES,
        # An influence card is named by its value in every message about it, never by its place in the list.
        parts=BoardParts(grids=frozenset({"city"})),
        random_board=random_board,
    ),
    show=Presentation(
        standing=standing.standing,  # the victory points if the game ended now, money, tokens, the city
        categories=standing.categories,  # the score sheet: the final scoring's rows (its Wertungsblock)
        ui=ui,
    ),
)

"""City of Rome (Abacus Spiele 2018, Matthew Dunstan & Brett J. Gilbert)."""

from companion.games.legacy import legacy_moves
from companion.core.game import BoardParts, GameDefinition
from companion.core.text import Msg
from companion.games.city_of_rome import scoring, setup, tracker

GAME = GameDefinition(
    id="city-of-rome",
    name=Msg("city-of-rome.name"),
    min_players=2,
    max_players=4,
    bgg_id=258466,  # BoardGameGeek, sources in docs/export.md
    counters=tracker.COUNTERS,
    setup_checklist=setup.setup_checklist,
    initial_state=tracker.initial_state,
    moves=legacy_moves(("end_round", "build", "swap_start"), tracker.apply_event, tracker.actions,
                       tracker.upgrade_event),
    status=tracker.status,
    parse_board_state=scoring.parse_board_state,
    score=scoring.score,
    board_from_tracker=tracker.board_from_tracker,
    event_schema=2,
    parts=BoardParts(numbered=frozenset({"influence_cards"}), grids=frozenset({"city"})),
    is_finished=lambda state: state["finished"],
    start_player_now=lambda state, config: state["start_player"],  # passed on after every round
    start_question=Msg("city-of-rome.start_question"),  # "Der älteste Spieler wird Startspieler"
    colours=("violet", "orange", "white", "brown"),
    fixed_colours={2: ("white", "brown")},
)

"""The Castles of Tuscany (alea / Ravensburger 2020, Stefan Feld)."""

from companion.core.definition import Box, BoxValue, EndBoard, GameDefinition, Presentation, Rules
from companion.core.text import Msg
from companion.games.castles_of_tuscany import scoring, setup, standing, tracker
from companion.games.castles_of_tuscany.components import COLOURS, GAME_ID, SIDES, box_key

# The points on each colour-bonus tile, side I (first player to fill the colour) and side II
# (second), are printed on the tiles only: the players enter them (box data), nothing is shipped.
BOX_VALUES = tuple(
    BoxValue(box_key(colour, side),
             Msg(f"{GAME_ID}.box.colour_bonus", colour=Msg(f"{GAME_ID}.colour.{colour}"), side=side),
             source=Msg(f"{GAME_ID}.box.source", side=side))
    for colour in COLOURS for side in SIDES
)


def ui():
    from companion.games.castles_of_tuscany.ui import UI  # the screens: imported by the app only
    return UI


GAME = GameDefinition(
    id=GAME_ID,
    name=Msg(f"{GAME_ID}.name"),
    min_players=2,
    max_players=4,
    bgg_id=300327,  # BoardGameGeek, sources in docs/export.md
    rules=Rules(
        counters=tracker.COUNTERS,
        setup_checklist=setup.setup_checklist,
        initial_state=tracker.initial_state,
        moves=tracker.MOVES,
        status=tracker.status,
        # 2: entries name their choices ("colour": "red"), see tracker.named_choice; 3: a tile placed leaves
        # storage by itself (tracker.storage_by_hand marks the tiles placed before)
        event_schema=3,
        counter_limit=tracker.counter_limit,
        is_finished=lambda state, config: state["finished"],
        start_player_now=lambda state, config: state["start_player"],
        player_on_turn=tracker.player_on_turn,  # clockwise from the start player; the setup pick in turn order
        tracker_box=lambda state, config: state["box"],  # the colour bonuses' points, read during play
        start_question=Msg(f"{GAME_ID}.start_question"),  # "Der jüngste Spieler wird Startspieler"
        # The rulebook does not name the four player colours; these are the core defaults.
    ),
    # The end board is one number per field and player: the core's board_set and board_add edit it, no
    # board moves of its own; its parts are named by `castles-of-tuscany.where.<field>`.
    end=EndBoard(
        parse_board_state=scoring.parse_board_state,
        score=scoring.score,
        board_from_tracker=tracker.board_from_tracker,
        random_board=scoring.random_board,
    ),
    box=Box(values=BOX_VALUES, validate=tracker.validate_box),
    show=Presentation(
        standing=standing.standing,  # the red track in large type, the green track beside it
        period=standing.period,  # the score sheet: a row per round with its scoring
        ui=ui,
    ),
)

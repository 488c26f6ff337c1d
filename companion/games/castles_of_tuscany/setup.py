"""The Castles of Tuscany's setup checklist (rulebook: Spielmaterial, Spielvorbereitung and the
setup steps at the start of Spielverlauf, in the order the rulebook asks for)."""

from __future__ import annotations

from companion.core.definition import SetupStep
from companion.core.text import Msg
from companion.games.castles_of_tuscany.components import (
    BOARD_FIELDS, BOARD_PIECES_PER_LETTER, BONUS_KINDS, BONUS_TILES_PER_KIND, COLOUR_BONUS_TILES, COLOURS,
    DARK_GREEN_FIELDS, DISPLAY, HAND, MARBLE, MAX_PLAYERS, NEUTRAL_TILES, PLAY_CARDS, STACK_SIZE, STACKS,
    STORAGE_BONUS_GREEN, TILE_KINDS, TILES_PER_PLAYER, WOODEN_HEXAGONS, WORKERS, YIELD_CARDS, last_in_cycle,
    turn_order,
)

NS = "castles-of-tuscany"


def m(key: str, **params) -> Msg:
    return Msg(f"{NS}.{key}", **params)


def bonus_msg(kind: str) -> Msg:
    return m(f"bonus.{kind}")


def colour_msg(colour: str) -> Msg:
    return m(f"colour.{colour}")


def setup_checklist(config: dict) -> list[SetupStep]:
    names = [p["name"] for p in config["players"]]
    n, start = len(names), config["start_player"]
    order = [names[i] for i in turn_order(n, start)]
    unused = MAX_PLAYERS - n
    steps = [
        SetupStep("score_board", m("setup.score_board")),
        SetupStep("cards", m("setup.cards", cards=PLAY_CARDS)),
        SetupStep("yield_cards", m("setup.yield_cards", cards=YIELD_CARDS)),
        SetupStep("bonus_tiles", m("setup.bonus_tiles", tiles=len(BONUS_KINDS) * BONUS_TILES_PER_KIND,
                                   stacks=len(BONUS_KINDS), per_stack=BONUS_TILES_PER_KIND),
                  (m("setup.bonus_kinds", kinds=[bonus_msg(k) for k in BONUS_KINDS]),)),
        SetupStep("colour_bonus", m("setup.colour_bonus", tiles=COLOUR_BONUS_TILES),
                  (m("setup.colour_bonus_colours", colours=[colour_msg(c) for c in COLOURS]),)),
        SetupStep("wood", m("setup.wood", total=MARBLE + WORKERS + WOODEN_HEXAGONS, marble=MARBLE,
                            workers=WORKERS, hexagons=WOODEN_HEXAGONS),
                  (m("setup.wood_unlimited"),)),
        SetupStep("neutral_tiles", m("setup.neutral_tiles", tiles=NEUTRAL_TILES)),
        SetupStep("player_boards", m("setup.player_boards", players=n),
                  (m("setup.unused_colours", colours=unused),) if unused else ()),
        SetupStep("player_tiles", m("setup.player_tiles", tiles=TILES_PER_PLAYER, total=TILES_PER_PLAYER * n),
                  (m("setup.tile_mix", parts=[m("setup.tile_count", count=count, kind=m(f"tile.{kind}"))
                                              for kind, (_colour, count) in TILE_KINDS.items()]),
                   m("setup.tile_stacks", stacks=STACKS, per_stack=STACK_SIZE,
                     shuffled=STACKS * STACK_SIZE))),
        SetupStep("markers", m("setup.markers"), (m("setup.markers_zero"),)),
        SetupStep("start_player", m("setup.start_player_drawn" if config.get("start_player_drawn")
                                    else "setup.start_player", name=names[start])),
        SetupStep("display", m("setup.display", tiles=DISPLAY, left=NEUTRAL_TILES - DISPLAY)),
        SetupStep("hands", m("setup.hands", cards=HAND, dealt=HAND * n, left=PLAY_CARDS - HAND * n)),
        SetupStep("board_pieces", m("setup.board_pieces", fields=BOARD_FIELDS),
                  (m("setup.board_pieces_join"), m("setup.board_pieces_secret"),
                   m("setup.board_pieces_box", used=n, unused=(BOARD_PIECES_PER_LETTER - n) * 3)
                   if n < BOARD_PIECES_PER_LETTER else m("setup.board_pieces_all"))),
        SetupStep("start_castle", m("setup.start_castle", fields=DARK_GREEN_FIELDS)),
        SetupStep("bonus_pick", m("setup.bonus_pick", first=order[0]),
                  (m("setup.bonus_pick_order", order=order),
                   m("setup.bonus_pick_storage", points=STORAGE_BONUS_GREEN))),
        SetupStep("rounds", m("setup.rounds", first=order[0], last=names[last_in_cycle(n, start)])),
    ]
    return steps

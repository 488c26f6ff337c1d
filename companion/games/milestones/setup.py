"""Milestones' setup checklist (rulebook: SPIELVORBEREITUNG, steps 1-12, and SPIELABLAUF)."""

from __future__ import annotations

from companion.core.definition import SetupStep
from companion.core.text import Msg
from companion.games.milestones.components import (
    ACTION_BOARDS, BONUS_TILES, COINS, COVER_TILES, DISPLAY_TILES, FLOUR_SACKS, GOODS_CUBES_PER_KIND, HOUSES,
    MARKETS, MILESTONES, PATH_SPACES, ROAD_PIECES, ROAD_PIECES_PER_SECTION, START_COINS, WORKER_TILES,
    draw_pile_after_setup, start_tiles, target_field, tiles_to_buy,
)

TILES_EACH = 2  # start tiles each player chooses


def draft_order(players: int, start: int) -> list[int]:
    """Who chooses start tiles when: the start player's right neighbour first, then on to the right
    (counter-clockwise), the start player last. Players are seated clockwise in the order they were
    entered, so the right neighbour of seat i is seat i-1."""
    return [(start - k) % players for k in range(1, players + 1)]


def draft_choices(players: int) -> list[int]:
    """How many start tiles lie open when each chooser in `draft_order` takes their 2."""
    return [start_tiles(players) - TILES_EACH * k for k in range(players)]


def setup_checklist(config: dict) -> list[SetupStep]:
    players = config["players"]
    names = [p["name"] for p in players]
    n, start = len(names), config["start_player"]
    order = draft_order(n, start)
    choices = draft_choices(n)
    ns = "milestones.setup"
    return [
        SetupStep("board", Msg(f"{ns}.board")),
        SetupStep("goods", Msg(f"{ns}.goods", cubes=GOODS_CUBES_PER_KIND, total=4 * GOODS_CUBES_PER_KIND,
                               coins=COINS),
                  (Msg(f"{ns}.goods_unlimited"),)),
        SetupStep("pieces", Msg(f"{ns}.pieces", houses=HOUSES, road_pieces=ROAD_PIECES,
                                sections=ROAD_PIECES // ROAD_PIECES_PER_SECTION, milestones=MILESTONES,
                                markets=MARKETS, flour=FLOUR_SACKS),
                  (Msg(f"{ns}.pieces_limited"),)),
        SetupStep("first_market", Msg(f"{ns}.first_market", left=MARKETS - 1)),
        SetupStep("bonus_tiles", Msg(f"{ns}.bonus_tiles", count=BONUS_TILES)),
        SetupStep("action_boards", Msg(f"{ns}.action_boards", players=n),
                  (Msg(f"{ns}.action_boards_unused", count=ACTION_BOARDS - n),) if n < ACTION_BOARDS else ()),
        SetupStep("figures", Msg(f"{ns}.figures"),
                  tuple(Msg(f"{ns}.player_colour", name=p["name"], colour=Msg(f"milestones.colour.{p['colour']}"))
                        for p in players)),
        SetupStep("score_markers", Msg(f"{ns}.score_markers", players=n)),
        SetupStep("coins", Msg(f"{ns}.coins", each=START_COINS, total=START_COINS * n)),
        SetupStep("cover_tiles", Msg(f"{ns}.cover_tiles", count=COVER_TILES)),
        SetupStep("display", Msg(f"{ns}.display", tiles=WORKER_TILES, display=DISPLAY_TILES)),
        SetupStep("start_tiles", Msg(f"{ns}.start_tiles", count=start_tiles(n), players=n),
                  (Msg(f"{ns}.draw_pile", pile=draw_pile_after_setup(n), buyable=tiles_to_buy(n)),)),
        SetupStep("start_player", Msg(f"{ns}.start_player_drawn" if config.get("start_player_drawn")
                                      else f"{ns}.start_player", name=names[start])),
        SetupStep("draft", Msg(f"{ns}.draft", first=names[order[0]], start=names[start]), (
            Msg(f"{ns}.draft_order", order=[Msg(f"{ns}.draft_pick", name=names[i], open=c)
                                            for i, c in zip(order, choices)]),
            Msg(f"{ns}.draft_place", spaces=PATH_SPACES),
            Msg(f"{ns}.draft_leftover"),
        )),
        SetupStep("target", Msg(f"{ns}.target", field=target_field(n), players=n)),
        SetupStep("first_turn", Msg(f"{ns}.first_turn", name=names[start])),
    ]

"""Carpe Diem's setup checklist (rulebook: SPIELVORBEREITUNG / GAME SETUP, the 2- and 3-player rule)."""

from __future__ import annotations

from companion.core.definition import SetupStep
from companion.core.text import Msg
from companion.games.carpe_diem.box import unknown_box_keys
from companion.games.carpe_diem.components import (
    BANDEROLES_PER_PLAYER, BLUEPRINT_SPACES, CIRCLES, DARK_TILES, DISCS, FOUNTAIN_CARDS, LIGHT_TILES, PHASES,
    ROUNDS, SCORING_CARDS, SEAL_SPACES, STARTING_VP, TILES_PER_PHASE, VP_CARD_VALUES, card_spaces, turn_order,
)


def setup_checklist(config: dict) -> list[SetupStep]:
    players = config["players"]
    names = [p["name"] for p in players]
    n, start = len(names), config["start_player"]
    order = turn_order(n, start)
    cards = SCORING_CARDS[n]
    empty = {2: "carpe-diem.setup.cards_empty_2", 3: "carpe-diem.setup.cards_empty_3",
             4: "carpe-diem.setup.cards_empty_4"}[n]
    light_per_space = TILES_PER_PHASE // BLUEPRINT_SPACES
    steps = [
        SetupStep("board", Msg("carpe-diem.setup.board")),
        SetupStep("players", Msg("carpe-diem.setup.players", players=n), tuple(
            Msg("carpe-diem.setup.player_kit", name=p["name"], colour=Msg(f"carpe-diem.colour.{p['colour']}"),
                banderoles=BANDEROLES_PER_PLAYER, discs=DISCS) for p in players) + (
            Msg("carpe-diem.setup.frame"), Msg("carpe-diem.setup.building_board"),
            Msg("carpe-diem.setup.patrician"))),
        SetupStep("scoring_cards", Msg("carpe-diem.setup.cards", a=cards["A"], b=cards["B"], c=cards["C"],
                                       d=cards["D"], total=sum(cards.values())),
                  (Msg(empty, spaces=[str(s) for s in card_spaces(n)]),
                   Msg("carpe-diem.setup.cards_rest", rest=60 - sum(cards.values())),
                   Msg("carpe-diem.setup.circles", circles=CIRCLES[n], needed=PHASES * n, players=n,
                       phases=PHASES),
                   Msg("carpe-diem.setup.cards_enter"))),
        SetupStep("fountain_cards", Msg("carpe-diem.setup.fountain_cards", count=FOUNTAIN_CARDS)),
        SetupStep("vp_cards", Msg("carpe-diem.setup.vp_cards", values=[str(v) for v in VP_CARD_VALUES])),
        SetupStep("tiles", Msg("carpe-diem.setup.tiles", per_space=light_per_space, spaces=BLUEPRINT_SPACES,
                               light=TILES_PER_PHASE),
                  (Msg("carpe-diem.setup.seal_tiles", dark=SEAL_SPACES),
                   Msg("carpe-diem.setup.tiles_later", light=LIGHT_TILES - TILES_PER_PHASE,
                       dark=DARK_TILES - SEAL_SPACES, phase=PHASES))),
    ]
    if n == 2:
        steps.append(SetupStep("tile_removal", Msg("carpe-diem.setup.removal_2")))
    elif n == 3:
        steps.append(SetupStep("tile_removal", Msg("carpe-diem.setup.removal_3")))
    steps += [
        SetupStep("supply", Msg("carpe-diem.setup.supply")),
        SetupStep("start_player", Msg(
            "carpe-diem.setup.start_player_drawn" if config.get("start_player_drawn")
            else "carpe-diem.setup.start_player", name=names[start]),
            (Msg("carpe-diem.setup.turn_order", order=[names[p] for p in order]),)),
        SetupStep("banderole", Msg("carpe-diem.setup.banderole", first=names[start]),
                  (Msg("carpe-diem.setup.banderole_stack", order=[names[p] for p in order]),)),
        SetupStep("starting_vp", Msg("carpe-diem.setup.starting_vp", shares=[
            Msg("carpe-diem.setup.vp_share", name=names[p], vp=vp) for p, vp in zip(order, STARTING_VP[n])]),
            (Msg("carpe-diem.setup.vp_3p"),) if n == 3 else ()),
        SetupStep("rounds", Msg("carpe-diem.setup.rounds", phases=PHASES, rounds=ROUNDS,
                                tiles=TILES_PER_PHASE)),
    ]
    return steps + box_step(config)


def box_step(config: dict) -> list[SetupStep]:
    """The values printed only on the components that the final scoring needs and Tabula does not know
    yet (neither from the rulebook nor entered for an earlier game: `config["box"]`, the box data when the
    game began): asked now, read off the overview board and the game board, so the final scoring never
    stops for them. None when all are known."""
    keys = unknown_box_keys(config.get("box") or {})
    if not keys:
        return []
    villas = [k for k in keys if k.startswith("villa_")]
    spaces = [k for k in keys if k.startswith("banderole_")]
    details = []
    if villas:
        details.append(Msg("carpe-diem.setup.box_villas", count=len(villas)))
    if spaces:
        details.append(Msg("carpe-diem.setup.box_banderole", count=len(spaces)))
    details.append(Msg("carpe-diem.setup.box_kept"))
    return [SetupStep("box", Msg("carpe-diem.setup.box", count=len(keys)), tuple(details), box=tuple(keys))]

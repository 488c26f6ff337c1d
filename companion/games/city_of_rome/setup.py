"""City of Rome's setup checklist (rulebook: SPIELVORBEREITUNG and SPIEL ZU ZWEIT)."""

from __future__ import annotations

from companion.core.definition import SetupStep
from companion.core.text import Msg
from companion.games.city_of_rome.cards import STACKS, influence_cards, reveal_round, rounds, stacks_in_play

ALL_INFLUENCE_CARDS = (3, 4, 6, 8, 10, 14)


def draft_order(players: int, start: int) -> list[int]:
    """Stack II draft: the start player's right neighbour first, then on to the right
    (counter-clockwise); the start player takes the last card. Players are seated clockwise in
    the order they were entered, so the right neighbour of seat i is seat i-1."""
    return [(start - k) % players for k in range(1, players + 1)]


COLOURS = ("violet", "orange", "white", "brown")  # the box's player colours
TWO_BUILDERS = ("white", "brown")  # the colours with a second builder (for 2 players)


def colours_step(config: dict) -> SetupStep:
    """Who takes what, in the colours the app gave the players; what goes back into the box, as it lies
    for this table (SPIELVORBEREITUNG; SPIEL ZU ZWEIT: white and brown, both builders each)."""
    players = config["players"]
    playing = {p["colour"] for p in players}
    back = [*[Msg("city-of-rome.setup.box_colour", colour=Msg(f"ui.colour.{c}")) for c in COLOURS if c not in playing],
            *[Msg("city-of-rome.setup.box_second", colour=Msg(f"ui.colour.{c}")) for c in TWO_BUILDERS
              if c in playing and len(players) > 2]]
    details = (Msg("city-of-rome.setup.start_buildings"),
               *([Msg("city-of-rome.setup.into_box", things=back)] if back else []))
    if len(players) == 2:
        by_colour = {p["colour"]: p["name"] for p in players}
        return SetupStep("colours", Msg("city-of-rome.setup.colours_2p", white=by_colour.get("white", ""),
                                        brown=by_colour.get("brown", "")), details)
    who = [Msg("city-of-rome.setup.player_colour", name=p["name"], colour=Msg(f"ui.colour.{p['colour']}"))
           for p in players]
    return SetupStep("colours", Msg("city-of-rome.setup.colours", who=who), details)


def setup_checklist(config: dict) -> list[SetupStep]:
    names = [p["name"] for p in config["players"]]
    n, start = len(names), config["start_player"]
    used = stacks_in_play(n)
    unused_stacks = [s for s in STACKS if s not in used]
    cards = influence_cards(n)
    steps = [colours_step(config)]
    steps += [
        SetupStep("money", Msg("city-of-rome.setup.money", total=5 * n)),
        SetupStep("supply", Msg("city-of-rome.setup.supply")),
        SetupStep("stacks", Msg("city-of-rome.setup.stacks", stacks=list(used)),
                  (Msg("city-of-rome.setup.stacks_unused", stacks=unused_stacks),) if unused_stacks else ()),
        SetupStep("influence", Msg("city-of-rome.setup.influence", cards=[str(c) for c in cards]),
                  (Msg("city-of-rome.setup.influence_unused",
                       cards=[str(c) for c in ALL_INFLUENCE_CARDS if c not in cards]),
                   Msg("city-of-rome.setup.influence_rounds",
                       rounds=[Msg("city-of-rome.setup.card_round", card=c, round=reveal_round(c, n))
                               for c in cards]))),
        SetupStep("start_player", Msg(
            "city-of-rome.setup.start_player_drawn" if config.get("start_player_drawn")
            else "city-of-rome.setup.start_player", name=names[start])),
        SetupStep("draft", Msg("city-of-rome.setup.draft", first=names[draft_order(n, start)[0]], count=n),
                  (Msg("city-of-rome.setup.draft_order", order=[names[i] for i in draft_order(n, start)]),)),
        SetupStep("strips", Msg("city-of-rome.setup.strips")),
        SetupStep("rounds", Msg("city-of-rome.setup.rounds_2p" if n == 2 else "city-of-rome.setup.rounds",
                                rounds=rounds(n))),
    ]
    return steps

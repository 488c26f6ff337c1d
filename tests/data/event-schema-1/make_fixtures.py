"""Writes this folder's saved games of event schema 1 (entries that stored positions, not names) and
the tracker state each replays to. Run once with the code of commit c573f15, the last one that wrote
this format, checked out as its own worktree (never the current tree):

    git worktree add /tmp/v1tree c573f15
    PYTHONPATH=/tmp/v1tree .venv/bin/python tests/data/event-schema-1/make_fixtures.py tests/data/event-schema-1

Each game is played as the app did: entries recorded one by one, the file saved after every entry,
undo and redo, entries left undone at the end. Every entry is one today's tracker accepts too (no
bonus production without a bonus tile, a wooden hexagon only on a free storage space): the Milestones
and Castles files were written again for that, with the same code; the others are as first written. `<game>.json` is the live file as saved,
`<game>.state.json` the state at the cursor and with every entry redone: the non-log parts, the log
as messages (key and parameters) and, for reading, rendered in English.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

from companion.core.game import Game, make_config
from companion.core.text import Msg
from companion.games import GAMES
from companion.storage.repository import Repository

NAMES = ["Anna", "Ben", "Cleo", "Dora"]


class Table:
    """One game saved after every change, as the app's model does."""

    def __init__(self, repo: Repository, game_id: str, players: int, start: int, sid: str):
        definition = GAMES[game_id]
        config = make_config(definition, [{"name": NAMES[i], "colour": definition.colours_for(players)[i]}
                                    for i in range(players)], start)
        if definition.box.values:
            config["box"] = repo.box_data(game_id)
        self.repo, self.definition = repo, definition
        self.game = Game(sid, definition, config)
        self.game.setup_done = [step.id for step in definition.rules.setup_checklist(config)]
        self.game.stage = "play"
        repo.save(self.game)

    @property
    def state(self) -> dict:
        return self.game.state

    def action(self, action_id: str, player: int | None = None):
        """What the tracker screen offered for this entry (its value choices are the event values)."""
        return next(a for a in self.definition.actions(self.state, self.game.config) if a.id == action_id)

    def __call__(self, event: dict) -> None:
        self.game.record(event)
        self.repo.save(self.game)

    def undo(self, times: int = 1) -> None:
        for _ in range(times):
            self.game.undo()
            self.repo.save(self.game)

    def redo(self) -> None:
        self.game.redo()
        self.repo.save(self.game)


def adjust(player, counter, delta):
    return {"type": "adjust", "player": player, "counter": counter, "delta": delta}


# ---------------------------------------------------------------- The Castles of Tuscany

def castles(repo: Repository) -> Game:
    # Two colour tiles' points were entered before the game (box data copied into the config).
    repo.set_box_data("castles-of-tuscany", {"colour_bonus.dark_green.I": 4, "colour_bonus.dark_green.II": 2,
                                             "colour_bonus.grey.I": 3, "colour_bonus.grey.II": 1})
    t = Table(repo, "castles-of-tuscany", 3, 1, "20261125-201500-c0a51e")
    # Values are positions in the screen's offered choices, as the generic tracker sent them.
    kinds = t.action("bonus_tile").value_choices
    t({"type": "bonus_tile", "player": 1, "value": kinds[1]})   # Ben: +1 storage space (+2 green)
    t({"type": "bonus_tile", "player": 2, "value": kinds[0]})   # Cleo: +1 card
    t({"type": "bonus_tile", "player": 0, "value": kinds[4]})   # Anna: +1 yield card
    t(adjust(1, "revealed", 1))
    t({"type": "tile_effect", "player": 1, "value": 1})       # quarry
    t(adjust(2, "revealed", 1))
    t({"type": "tile_effect", "player": 2, "value": 2})       # village
    t(adjust(0, "revealed", 1))
    t({"type": "tile_effect", "player": 0, "value": 5})       # cart: 2 yield cards for Anna
    t({"type": "yield_red", "player": 0, "value": 3})
    t({"type": "yield_goods", "player": 0, "value": 2})       # marble
    t({"type": "region", "player": 1, "value": 2})
    t({"type": "tile_effect", "player": 1, "value": 3})       # monastery: 3 cards
    t({"type": "agriculture", "player": 2, "value": 2})
    t({"type": "agriculture", "player": 0, "value": 1})
    t({"type": "yield_goods", "player": 1, "value": 1})       # a card
    t.undo()                                                  # wrong player: undone ...
    t({"type": "yield_goods", "player": 2, "value": 3})       # ... and entered again: a worker
    t({"type": "colour_bonus", "player": 1, "value": 1})      # dark green, side I (4, known)
    t({"type": "colour_bonus", "player": 0, "value": 1})      # dark green, side II (2, known)
    t({"type": "box_value", "key": "colour_bonus.red.I", "value": 5})  # asked for, then the entry
    t({"type": "colour_bonus", "player": 2, "value": 2})      # red, side I
    t({"type": "tile_effect", "player": 0, "value": 4})       # estate: a wooden hexagon
    t(adjust(0, "hexagons", -1))                              # placed on the board: her one storage space is free
    t({"type": "yield_goods", "player": 0, "value": 4})       # a hexagon
    t({"type": "yield_goods", "player": 0, "value": 5})       # a second hexagon, no space: +2 red
    t({"type": "yield_green", "player": 2, "value": 4})
    t(adjust(1, "storage", 1))
    t(adjust(2, "cards", -2))
    t(adjust(1, "revealed", 6))                               # Ben empties stack 1
    t({"type": "end_round"})                                  # first scoring
    t({"type": "bonus_tile", "player": 2, "value": kinds[2]})  # +1 marble
    t({"type": "bonus_tile", "player": 0, "value": kinds[3]})  # +1 worker
    t(adjust(2, "revealed", 1))
    t({"type": "tile_effect", "player": 2, "value": 1})       # quarry with +1 marble: 2 marble
    t(adjust(0, "revealed", 1))
    t({"type": "tile_effect", "player": 0, "value": 2})       # village with +1 worker: 2 workers
    t({"type": "region", "player": 0, "value": 3})
    t({"type": "region", "player": 2, "value": 1})
    t({"type": "colour_bonus", "player": 1, "value": 5})      # grey, side I
    t({"type": "yield_red", "player": 1, "value": 6})
    t.undo()
    t.redo()
    t({"type": "yield_green", "player": 1, "value": 2})
    t({"type": "region", "player": 1, "value": 3})
    t({"type": "box_value", "key": "colour_bonus.yellow.I", "value": 6})
    t({"type": "colour_bonus", "player": 0, "value": 7})      # yellow, side I
    t.undo(2)                                                 # left undone: redo brings them back
    assert t.game.cursor == len(t.game.events) - 2
    return t.game


# ---------------------------------------------------------------- Milestones

def milestones(repo: Repository) -> Game:
    t = Table(repo, "milestones", 3, 0, "20261125-203000-311e57")
    t(adjust(0, "stone", 2))
    t(adjust(0, "sand", 1))
    t({"type": "road", "player": 0, "value": 3})
    t({"type": "end_turn"})
    t(adjust(1, "wood", 2))
    t(adjust(1, "stone", 1))
    t({"type": "house", "player": 1, "value": 4})
    t({"type": "castle"})                                      # 1 wood and 1 coin: keeps all
    t({"type": "end_turn"})
    t(adjust(2, "grain", 3))
    t(adjust(2, "sand", 2))
    t(adjust(2, "wood", 1))
    t({"type": "flour", "player": 2, "value": 5})
    t({"type": "bonus_taken", "player": 2})
    t(adjust(2, "coins", 2))
    # Cleo: grain 1, sand 2, wood 1, coins 4 (8 goods): which 3 she keeps, from the offered choices.
    castle = t.action("castle")
    options = [o for o in castle.value_choices]
    t({"type": "castle", "value": options[3]})
    t({"type": "end_turn"})
    t(adjust(0, "wood", 1))
    t(adjust(0, "sand", 1))
    t({"type": "market", "player": 0, "value": 4})
    t({"type": "bonus_produced", "player": 2, "value": 1})    # Cleo's one worker with a bonus tile
    t(adjust(0, "coins", 2))
    t({"type": "buy_worker", "player": 0})
    t(adjust(0, "grain", 4))
    t(adjust(0, "coins", 1))
    t({"type": "castle", "keep": {"grain": 2, "stone": 1}})    # the choice as a dict (also accepted)
    t({"type": "end_turn"})
    t(adjust(1, "grain", 2))
    t({"type": "flour", "player": 1, "value": 0})
    t.undo()
    t({"type": "flour", "player": 1, "value": 6})
    t(adjust(1, "stone", 1))
    t(adjust(1, "sand", 3))
    t(adjust(1, "coins", 2))
    castle = t.action("castle")
    t({"type": "castle", "value": castle.value_choices[0]})
    t({"type": "end_turn"})
    t(adjust(2, "points", 40))
    t({"type": "bonus_taken", "player": 1})
    t.undo()                                                   # wrong player: undone
    t(adjust(2, "stone", 1))
    t(adjust(2, "sand", 1))
    t({"type": "road", "player": 2, "value": 5})
    t({"type": "end_turn"})                                    # Cleo ends it: 2 more turns
    t(adjust(0, "stone", 1))
    t(adjust(0, "wood", 1))
    t({"type": "house", "player": 0, "value": 7})
    t({"type": "end_turn"})
    t({"type": "bonus_taken", "player": 1})
    t({"type": "bonus_produced", "player": 1, "value": 1})
    t.undo()                                                   # left undone
    return t.game


# ---------------------------------------------------------------- Carpe Diem

HERBS_2 = {"letter": "A", "mode": "pay", "requirement": {"herbs": 2}, "reward": {"vp": 4}}
CHIMNEYS_2 = {"letter": "C", "mode": "own", "requirement": {"chimneys": 2}, "reward": {"bread": 1}}
CHIMNEYS_3 = {"letter": "C", "mode": "own", "requirement": {"chimneys": 3}, "reward": {"coins": 1, "steps": 1}}
POND_GARDEN = {"letter": "D", "mode": "own", "requirement": {"pond": 1, "garden": 1}, "reward": {"vp": 7}}
SET_3 = {"letter": "B", "mode": "pay", "requirement": {"chicken": 1, "grapes": 1, "fish": 1}, "reward": {"vp": 5}}
FISH_2 = {"letter": "A", "mode": "pay", "requirement": {"fish": 2}, "reward": {"vp": 3, "coins": 1}}


def carpe_diem(repo: Repository) -> Game:
    from companion.games.carpe_diem import tracker

    t = Table(repo, "carpe-diem", 3, 2, "20261125-204500-ca4be0")
    cycle = [HERBS_2, CHIMNEYS_2, CHIMNEYS_3, POND_GARDEN, SET_3, FISH_2]
    for i, space in enumerate((2, 3, 4, 5, 6, 7, 8, 9, 10, 11)):
        t({"type": "set_card", "space": space, "card": cycle[i % len(cycle)]})
    t({"type": "set_card", "space": 11, "card": None})         # cleared, then entered again
    t({"type": "set_card", "space": 11, "card": HERBS_2})
    t({"type": "complete_pond", "player": 0, "value": 3})
    t({"type": "complete_garden", "player": 0, "value": 2})
    t({"type": "complete_vineyard", "player": 1, "value": 4})
    t({"type": "complete_chicken_yard", "player": 2, "value": 2})
    t({"type": "end_round"})
    t({"type": "complete_merchant", "player": 1})
    t({"type": "complete_baker", "player": 2})
    t({"type": "complete_administrator", "player": 0})
    t({"type": "complete_craftsman", "player": 1})
    t({"type": "place_market", "player": 2})
    t({"type": "place_bakery", "player": 0})
    t({"type": "place_fountain", "player": 1})
    t({"type": "banderole_space", "player": 2})
    t({"type": "banderole", "player": 1, "value": 3})
    t({"type": "banderole", "player": 2, "value": 6})
    t.undo()
    t({"type": "banderole", "player": 2, "value": 2})
    t(adjust(0, "herbs", 4))
    t(adjust(1, "chimneys", 5))
    t(adjust(2, "chimneys", 3))
    t(adjust(2, "bread", 2))
    for _ in range(6):
        t({"type": "end_round"})
    assert t.state["stage"] == "scoring"
    order = t.state["scoring"]["order"]
    # First scorer: a choice made on the panel (not the recommended one), as the panel sends it.
    first = order[0]
    advice = tracker.advice_for(t.state, t.game.config, first, 2)
    chosen = advice.options[min(1, len(advice.options) - 1)]
    t({"type": "score_circle", "player": first, "circle": 2, **chosen.choice()})
    # Second: the generic tracker's button sent only the circle as "value": the advisor resolved it.
    second = order[1]
    free = t.action("score_circle").value_choices
    t({"type": "score_circle", "player": second, "value": free[0]})
    # Third: the circle named, no choices (the advisor again), with district counts given.
    third = order[2]
    circle = t.action("score_circle").value_choices[-1]
    t({"type": "score_circle", "player": third, "circle": circle, "owned": {"pond": 1, "garden": 1}})
    assert t.state["phase"] == 2
    t({"type": "complete_pond", "player": 1, "value": 4})
    t({"type": "place_bakery", "player": 2})
    t({"type": "end_round"})
    t.undo(2)                                                  # left undone
    return t.game


# ---------------------------------------------------------------- City of Rome

def city_of_rome(repo: Repository) -> Game:
    t = Table(repo, "city-of-rome", 3, 1, "20261125-210000-0c17ee")
    t(adjust(0, "money", 4))
    t(adjust(1, "influence_tokens", 2))
    t(adjust(2, "influence_tokens", 1))
    t(adjust(0, "build_markers", 1))
    t({"type": "end_round"})
    t(adjust(1, "money", -3))
    t(adjust(2, "influence_tokens", 3))
    t.undo()
    t(adjust(2, "influence_tokens", 2))
    t({"type": "end_round"})
    t(adjust(0, "money", 5))
    t({"type": "end_round"})
    t.undo()
    t.redo()
    t(adjust(1, "influence_tokens", 1))
    t.undo()                                                   # left undone
    return t.game


# ---------------------------------------------------------------- writing

def rendered(state: dict) -> dict:
    return {"state": {k: v for k, v in state.items() if k != "log"}, "log": state["log"],
            "log_en": [Msg.from_json(line).render("en") for line in state["log"]]}


def expected(game: Game) -> dict:
    everything = Game(game.id, game.definition, game.config, list(game.events), len(game.events))
    return {"cursor": game.cursor, "events": len(game.events),
            "at_cursor": rendered(game.state), "all_redone": rendered(everything.state)}


def main(out: Path) -> None:
    data = Path(tempfile.mkdtemp())
    try:
        repo = Repository(data, GAMES)
        made = {"castles-of-tuscany": castles(repo), "milestones": milestones(repo),
                "carpe-diem": carpe_diem(repo), "city-of-rome": city_of_rome(repo)}
        again = Repository(data, GAMES)  # the files as saved load back (a fixture must be a good game)
        assert not again.notices, again.notices
        for game_id, game in made.items():
            assert again.game(game.id).state == game.state
            shutil.copyfile(data / "live" / f"{game.id}.json", out / f"{game_id}.json")
            (out / f"{game_id}.state.json").write_text(
                json.dumps(expected(game), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        shutil.copyfile(data / "boxdata.json", out / "boxdata.json")
    finally:
        shutil.rmtree(data)


if __name__ == "__main__":
    main(Path(sys.argv[1]))

"""Writes this folder's saved game of event schema 2 in which bonus tiles lie on more workers than a
player can have: Milestones as the code of commit 135aadc saved it, the last one before a bonus tile
needed a worker field without one (b69c18a). A table that never entered "Worker tile bought" could take
a fifth tile with the 4 workers of the start tiles; today's tracker refuses that for new entries, but
an old game must replay as it was played. Run once with that code, extracted (never the current tree):

    mkdir /tmp/v2tree && git archive 135aadc companion assets | tar -x -C /tmp/v2tree
    PYTHONPATH=/tmp/v2tree .venv/bin/python tests/data/milestones-before-bound/make_fixtures.py tests/data/milestones-before-bound

The game is played as the app did: entries recorded one by one, the file saved after every entry, undo
and redo, the last entries left undone. `milestones.json` is the live file as saved, `milestones.state.json`
the state at the cursor and with every entry redone (the non-log parts, the log as messages and, for
reading, rendered in English).
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


def adjust(player, counter, delta):
    return {"type": "adjust", "player": player, "counter": counter, "delta": delta}


def bonus(player, kind):
    return {"type": "bonus_taken", "player": player, "kind": kind}


def milestones(repo: Repository) -> Game:
    definition = GAMES["milestones"]
    config = make_config(definition, [{"name": n, "colour": c} for n, c in zip(("Anna", "Ben"), definition.rules.colours)], 0)
    game = Game("20261126-090000-b0a7d5", definition, config, setup_done=[s.id for s in definition.rules.setup_checklist(config)],
                      stage="play")

    def entry(event):
        game.record(event)
        repo.save(game)

    def undo():
        game.undo()
        repo.save(game)

    repo.save(game)
    entry(adjust(0, "stone", 1))
    entry(adjust(0, "sand", 1))
    entry({"type": "road", "player": 0, "number": 3})
    for kind in ("wood", "wood", "stone", "sand", "coin"):  # Anna: 5 tiles, 4 workers from the start tiles
        entry(bonus(0, kind))
    entry({"type": "bonus_produced", "player": 0, "workers": 5})
    entry({"type": "end_turn"})
    entry(bonus(1, "stone"))
    entry(adjust(1, "wood", 3))
    entry({"type": "castle", "player": 1})                     # 4 goods: which 3 Ben keeps is asked
    entry({"type": "castle", "player": 1, "keep": {"wood": 3}})
    for kind in ("coin", "coin", "grain"):                    # Ben: 4 tiles (a worker covered at the castle)
        entry(bonus(1, kind))
    undo()
    entry(bonus(1, "sand"))                                   # the kind corrected
    entry({"type": "end_turn"})
    entry(adjust(0, "coins", 1))
    entry({"type": "buy_worker", "player": 0})                # 2 coins
    entry(bonus(0, "grain"))                                  # Anna's sixth
    entry(bonus(0, "grain"))                                  # and seventh
    entry({"type": "bonus_produced", "player": 0, "workers": 7})
    entry({"type": "end_turn"})
    entry(bonus(1, "wood"))
    undo()                                                    # left undone: redo brings it back
    assert game.cursor == len(game.events) - 1
    return game


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
        game = milestones(Repository(data, GAMES))
        again = Repository(data, GAMES)  # the file as saved loads back (a fixture must be a good game)
        assert not again.notices and again.game(game.id).state == game.state
        shutil.copyfile(data / "live" / f"{game.id}.json", out / "milestones.json")
        (out / "milestones.state.json").write_text(json.dumps(expected(game), indent=1, ensure_ascii=False) + "\n",
                                                   encoding="utf-8")
    finally:
        shutil.rmtree(data)


if __name__ == "__main__":
    main(Path(sys.argv[1]))

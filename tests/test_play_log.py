"""The play screen's log: the newest lines first, each keyed by its place in the whole log, so that an entry
made or taken back adds or removes one line and the phone keeps the others as they are; a run of steps on
one count is one line (issue 39: "What happened" filled with 110 identical "Money +1" lines)."""

from companion.core.game import Game, make_config
from companion.games import GAMES
from companion.ui.screens.play import LOG_LINES, log_section
from companion.ui.widgets import Texts

ROME = GAMES["city-of-rome"]


def shown(game: Game) -> list[tuple[str, str]]:
    return [(line.key, line.value) for line in log_section(Texts("en"), game.state).controls[1:]]


def test_an_undo_takes_the_newest_line_away_and_keeps_the_others_keys_and_texts():
    config = make_config(ROME, [{"name": n, "colour": c} for n, c in zip(("Anna", "Ben"), ROME.colours_for(2))], 0)
    game = Game("s", ROME, config, stage="play")
    assert [value for _, value in shown(game)] == ["Nothing entered yet."]
    for n in range(LOG_LINES + 5):  # Anna and Ben in turn: no run to sum
        game.record({"type": "adjust", "player": n % 2, "counter": "money", "delta": 1})
    before = shown(game)
    lines = len(game.state["log"])
    assert len(before) == LOG_LINES and before[0] == (f"log-{lines - 1}", "Anna: Money +1 (now 14)")  # newest first
    game.undo()
    after = shown(game)
    assert before[1:] == after[:-1]  # the same lines under the same keys: moved up, not sent again
    assert after[-1] == (f"log-{lines - 1 - LOG_LINES}", "Anna: Money +1 (now 8)")  # an older one comes in below


def test_a_run_of_steps_on_one_count_is_one_line_kept_under_its_first_lines_key():
    config = make_config(ROME, [{"name": n, "colour": c} for n, c in zip(("Anna", "Ben"), ROME.colours_for(2))], 0)
    game = Game("s", ROME, config, stage="play")
    game.record({"type": "adjust", "player": 1, "counter": "money", "delta": 1})
    first = len(game.state["log"])
    for delta in (1, 1, 1, -1, 5):
        game.record({"type": "adjust", "player": 0, "counter": "money", "delta": delta})
    assert shown(game)[:2] == [(f"log-{first}", "Anna: Money +7 (now 12)"), (f"log-{first - 1}", "Ben: Money +1 (now 6)")]
    game.record({"type": "adjust", "player": 0, "counter": "influence_tokens", "delta": 1})
    game.record({"type": "adjust", "player": 0, "counter": "money", "delta": 2})
    assert [value for _, value in shown(game)[:3]] == [
        "Anna: Money +2 (now 14)", "Anna: Influence tokens +1 (now 1)", "Anna: Money +7 (now 12)"]
    game.undo()
    game.undo()
    game.undo()  # the run's last step taken back: the same line, one step less
    assert shown(game)[0] == (f"log-{first}", "Anna: Money +2 (now 7)")

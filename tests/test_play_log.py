"""The play screen's log: the newest lines first, each keyed by its place in the whole log, so that an entry
made or taken back adds or removes one line and the phone keeps the others as they are."""

from companion.core.session import Session, make_config
from companion.games import GAMES
from companion.ui.screens.play import LOG_LINES, log_section
from companion.ui.widgets import Texts

ROME = GAMES["city-of-rome"]


def shown(session: Session) -> list[tuple[str, str]]:
    return [(line.key, line.value) for line in log_section(Texts("en"), session.state).controls[1:]]


def test_an_undo_takes_the_newest_line_away_and_keeps_the_others_keys_and_texts():
    config = make_config(ROME, [{"name": n, "colour": c} for n, c in zip(("Anna", "Ben"), ROME.colours_for(2))], 0)
    session = Session("s", ROME, config, stage="play")
    assert [value for _, value in shown(session)] == ["Nothing entered yet."]
    for _ in range(LOG_LINES + 5):
        session.record({"type": "adjust", "player": 0, "counter": "money", "delta": 1})
    before = shown(session)
    lines = len(session.state["log"])
    assert len(before) == LOG_LINES and before[0] == (f"log-{lines - 1}", "Anna: Money +1 (now 22)")  # newest first
    session.undo()
    after = shown(session)
    assert before[1:] == after[:-1]  # the same lines under the same keys: moved up, not sent again
    assert after[-1] == (f"log-{lines - 1 - LOG_LINES}", "Anna: Money +1 (now 10)")  # an older one comes in below

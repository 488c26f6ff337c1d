"""Each game's rule for the start player, as the new-game screen asks it: City of Rome the oldest,
Carpe Diem who was born farthest from 1 B.C. ("zuletzt in Rom"), The Castles of Tuscany the youngest;
Milestones draws one ("Lost einen Startspieler aus")."""

import pytest

from companion.games import GAMES


@pytest.mark.parametrize("game_id, en, de", [
    ("city-of-rome", "Who is the oldest?", "Wer ist am ältesten?"),
    ("carpe-diem", "Who was born farthest from 1 B.C.?", "Wer war zuletzt in Rom?"),
    ("castles-of-tuscany", "Who is the youngest?", "Wer ist am jüngsten?"),
])
def test_the_question_each_rulebook_asks(game_id, en, de):
    question = GAMES[game_id].rules.start_question
    assert question.render("en").startswith(en)
    assert question.render("de").startswith(de)


def test_milestones_draws_the_start_player():
    assert GAMES["milestones"].rules.start_question is None

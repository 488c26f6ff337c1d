"""Statistics on a small prepared history, every number worked out by hand below."""

import pytest

from companion.core import stats


def play(pid, game, finished, players, winners, duration_s=3600):
    """players: [(name, total, {category: points})]; rank from the total (the tests need no ties of rank)."""
    totals = sorted({t for _, t, _ in players}, reverse=True)
    return {
        "id": pid, "game": game, "started": finished - duration_s, "finished": finished, "duration_s": duration_s,
        "start_player": players[0][0],
        "players": [{"name": n, "colour": "red", "total": t, "rank": totals.index(t) + 1, "categories": c,
                     "explanations": {}, "tiebreak": []} for n, t, c in players],
        "winners": winners, "category_labels": {}, "notes": [], "board": {}, "box_used": {},
    }


# City of Rome (cor) x3, Milestones (ms) x1.  Time 100 < 200 < 300 < 400.
HISTORY = [
    play("p3", "cor", 300, [("Anna", 50, {"a": 30, "b": 20}), ("Ben", 60, {"a": 40, "b": 20})], ["Ben"], 1800),
    play("p1", "cor", 100, [("Anna", 70, {"a": 50, "b": 20}), ("Ben", 40, {"a": 10, "b": 30}),
                            ("Carla", 55, {"a": 25, "b": 30})], ["Anna"], 3600),
    play("p2", "cor", 200, [("anna ", 45, {"a": 45, "b": 0}), ("Ben", 45, {"a": 40, "b": 5})],
         ["anna ", "Ben"], 5400),
    play("p4", "ms", 400, [("Carla", 90, {"x": 90}), ("Ben", 80, {"x": 80})], ["Carla"], 2400),
]


def by_name(records):
    return {r.name: r for r in records}


def test_players_across_all_games():
    # Anna: p1 (win), p2 (shared win), p3  -> 3 plays, 2 wins.
    # Ben:  p1, p2 (shared win), p3 (win), p4 -> 4 plays, 2 wins.
    # Carla: p1, p4 (win) -> 2 plays, 1 win.
    recs = stats.players_overall(HISTORY)
    assert [r.name for r in recs] == ["Anna", "Ben", "Carla"]  # 2 wins at 2/3 before 2 wins at 1/2
    r = by_name(recs)
    assert (r["Anna"].plays, r["Anna"].wins) == (3, 2)
    assert r["Anna"].win_rate == pytest.approx(2 / 3)
    assert (r["Ben"].plays, r["Ben"].wins, r["Ben"].win_rate) == (4, 2, 0.5)
    assert (r["Carla"].plays, r["Carla"].wins, r["Carla"].win_rate) == (2, 1, 0.5)
    assert r["Anna"].average is None  # no scores across games


def test_players_within_one_game():
    r = by_name(stats.players_in_game(HISTORY, "cor"))
    anna, ben, carla = r["Anna"], r["Ben"], r["Carla"]
    # Anna: totals 70, 45, 50 -> average 165/3 = 55, best 70; a: 50+45+30 = 125/3; b: 20+0+20 = 40/3
    assert (anna.plays, anna.wins, anna.totals) == (3, 2, [70, 45, 50])
    assert anna.average == 55 and anna.best == 70
    assert anna.category_averages == pytest.approx({"a": 125 / 3, "b": 40 / 3})
    # Ben: totals 40, 45, 60 -> 145/3, best 60; a: 10+40+40 = 90/3 = 30; b: 30+5+20 = 55/3
    assert (ben.plays, ben.wins) == (3, 2)
    assert ben.average == pytest.approx(145 / 3) and ben.best == 60
    assert ben.category_averages == pytest.approx({"a": 30, "b": 55 / 3})
    # Carla: one play, 55 (25 + 30), no win
    assert (carla.plays, carla.wins, carla.win_rate, carla.average, carla.best) == (1, 0, 0.0, 55, 55)
    assert carla.category_averages == {"a": 25, "b": 30}


def test_game_summary():
    cor = stats.game_summary(HISTORY, "cor")
    # winning totals: p1 70, p2 45, p3 60 -> 175/3; durations 60, 90, 30 min -> 60
    assert cor.plays == 3 and cor.best == 70 and cor.best_by == ["Anna"]
    assert cor.average_winning == pytest.approx(175 / 3)
    assert cor.average_minutes == 60
    ms = stats.game_summary(HISTORY, "ms")
    assert (ms.plays, ms.best, ms.best_by, ms.average_winning, ms.average_minutes) == (1, 90, ["Carla"], 90, 40)
    empty = stats.game_summary(HISTORY, "nothing")
    assert (empty.plays, empty.best, empty.average_winning) == (0, None, None)


def test_scores_over_time_numbers_the_plays_oldest_first():
    assert stats.scores_over_time(HISTORY, "cor") == {
        "Anna": [(1, 70), (2, 45), (3, 50)], "Ben": [(1, 40), (2, 45), (3, 60)], "Carla": [(1, 55)]}


def test_one_player_per_game():
    ben = stats.player_per_game(HISTORY, "BEN")
    assert list(ben) == ["cor", "ms"]  # most played game first
    assert (ben["ms"].plays, ben["ms"].wins, ben["ms"].best) == (1, 0, 80)
    assert stats.player_per_game(HISTORY, "Nobody") == {}


def test_filters_names_and_games():
    assert [p["id"] for p in stats.filter_plays(HISTORY, game="cor")] == ["p3", "p1", "p2"]
    assert [p["id"] for p in stats.filter_plays(HISTORY, player="carla")] == ["p1", "p4"]
    assert [p["id"] for p in stats.filter_plays(HISTORY, game="ms", player="Anna")] == []
    assert stats.player_names(HISTORY) == ["Anna", "Ben", "Carla"]
    assert stats.games_played(HISTORY) == ["cor", "ms"]
    assert stats.category_order(HISTORY, "cor") == ["a", "b"]


def test_spelling_shown_is_the_latest():
    # p2 (time 200) spells "anna ", p3 (300) "Anna": the latest wins, stripped.
    later = HISTORY + [play("p5", "cor", 500, [("ANNA", 10, {"a": 10}), ("Ben", 0, {"a": 0})], ["ANNA"])]
    assert "ANNA" in by_name(stats.players_overall(later))
    assert by_name(stats.players_overall(later))["ANNA"].plays == 4


def test_no_plays():
    assert stats.players_overall([]) == [] and stats.games_played([]) == [] and stats.player_names([]) == []


def test_player_colours_are_each_players_latest():
    plays = [
        {"game": "g", "finished": "2026-01-01", "players": [{"name": "Anna", "colour": "white"},
                                                              {"name": "Ben", "colour": "red"}]},
        {"game": "g", "finished": "2026-02-01", "players": [{"name": " anna ", "colour": "yellow"},
                                                              {"name": "Cleo"}]},
        {"game": "h", "finished": "2026-03-01", "players": [{"name": "Ben", "colour": "blue"}]},
    ]
    assert stats.player_colours(plays, "g") == {"anna": "yellow", "Ben": "red"}
    assert stats.player_colours(plays) == {"anna": "yellow", "Ben": "blue"}


def test_chart_draws_players_in_their_colours_and_light_ones_outlined():
    from companion.ui.screens.stats import PALETTE, light, players_colours
    from companion.ui.widgets import PLAYER_COLOURS
    colours = players_colours(["Anna", "Ben", "Cleo"], {"Anna": "white", "Ben": "white"})
    # Ben also played white last: he takes the palette's first colour, as does Cleo (no colour kept) the next.
    assert colours == {"Anna": PLAYER_COLOURS["white"], "Ben": PALETTE[0], "Cleo": PALETTE[1]}
    assert light(PLAYER_COLOURS["white"]) and light(PLAYER_COLOURS["yellow"])
    assert not light(PLAYER_COLOURS["blue"]) and not light(PLAYER_COLOURS["black"])


def test_a_name_is_one_person_whatever_its_case_and_spaces():
    # Decided (companion/core/stats.py): case and spaces around and between words do not split a player.
    assert stats.player_key("  Anna   Lena ") == stats.player_key("anna lena") == "anna lena"
    assert stats.player_key("Anna-Lena") != stats.player_key("Anna Lena")  # a hyphen is part of the name
    plays = [play("a", "cor", 100, [("Anna  Lena", 10, {}), ("Ben", 5, {})], ["Anna  Lena"]),
             play("b", "cor", 200, [("anna lena", 3, {}), ("Ben", 5, {})], ["Ben"])]
    assert stats.player_names(plays) == ["anna lena", "Ben"]
    assert by_name(stats.players_overall(plays))["anna lena"].plays == 2


def test_head_to_head_counts_who_finished_ahead_in_the_plays_together():
    h2h = stats.head_to_head(HISTORY)
    # Anna-Ben: p1 Anna 1st, Ben 3rd; p2 both 1st (shared win); p3 Ben ahead.
    # Ben-Carla: p1 Carla 2nd before Ben 3rd; p4 Carla 1st. Anna-Carla: p1 only, Anna ahead.
    assert [(h.first, h.second, h.plays, h.first_ahead, h.second_ahead, h.level) for h in h2h] == [
        ("Anna", "Ben", 3, 1, 1, 1), ("Ben", "Carla", 2, 0, 2, 0), ("Anna", "Carla", 1, 1, 0, 0)]
    only_ms = stats.head_to_head([p for p in HISTORY if p["game"] == "ms"])
    assert [(h.first, h.second, h.first_ahead, h.second_ahead) for h in only_ms] == [("Ben", "Carla", 0, 1)]


def test_streaks_are_wins_in_a_row_over_a_players_own_plays():
    # oldest first: Anna p1 won, p2 shared win, p3 lost; Ben p1 lost, p2 shared, p3 won, p4 lost;
    # Carla p1 lost, p4 won (she did not play p2 and p3: they do not break her streak).
    s = {r.name: (r.longest, r.current) for r in stats.streaks(HISTORY)}
    assert s == {"Anna": (2, 0), "Ben": (2, 0), "Carla": (1, 1)}
    assert [r.name for r in stats.streaks(HISTORY)] == ["Anna", "Ben", "Carla"]


def test_play_time_per_game_and_player():
    games, players = stats.play_time(HISTORY)
    # cor: 3600 + 5400 + 1800; ms: 2400. Anna p1-p3; Ben all four; Carla p1 and p4.
    assert games == {"cor": 10800, "ms": 2400}
    assert players == {"Anna": 10800, "Ben": 13200, "Carla": 6000}
    assert stats.play_time([dict(HISTORY[0], duration_s=None)])[0] == {"cor": 0}  # kept without a duration


def test_start_players_win_rate_per_game():
    # start player = each play's first seat: p1 Anna won, p2 "anna " shared the win, p3 Anna lost; p4 Carla won
    rates = stats.start_player_wins(HISTORY)
    assert (rates["cor"].plays, rates["cor"].wins) == (3, 2)
    assert rates["cor"].win_rate == pytest.approx(2 / 3)
    assert (rates["ms"].plays, rates["ms"].wins, rates["ms"].win_rate) == (1, 1, 1.0)
    by_seat = dict(HISTORY[3], start_seat=1, start_player="nobody of that name")  # the seat counts first
    assert stats.start_player_wins([by_seat])["ms"].wins == 0

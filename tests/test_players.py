"""Players the app knows: a name is one person in the history (case and spaces do not split one), and
renaming a player (through the model) renames them in every play, the statistics, the exports and the
names a new game offers; a rename that would make two people one is refused in plain words."""

import pytest

from companion.core import stats
from companion.core.plays import rename_problem, renamed
from companion.games import GAMES
from companion.storage import Repository, export
from companion.ui.model import AppModel
from tests.test_export import example_play
from tests.test_failures import refused_by_fsync


def two_plays(tmp_path):
    """Milestones (4 players) and City of Rome (1 player); the same person, "Ann", in both, spelt twice."""
    first = example_play("milestones-4-players.json", 1)
    second = example_play("city-of-rome-rulebook.json", 2)
    first = renamed(first, first["players"][0]["name"], "Ann")
    second = renamed(second, second["players"][0]["name"], "ann ")
    repo = Repository(tmp_path / "data", GAMES)
    for p in (first, second):
        repo.restore_play(p)
    repo.remember_names(["ann", "Zoë"], ["red", "blue"])
    return repo, first, second


def test_renaming_a_player_renames_them_in_every_play_and_the_names_offered(tmp_path):
    repo, first, second = two_plays(tmp_path)
    model = AppModel.create(repo)
    assert model.rename_player("ANN", "Anna") is None
    again = Repository(tmp_path / "data", GAMES)  # as the next start reads it
    for r in (repo, again):
        one, two = r.play(first["id"]), r.play(second["id"])
        assert one["players"][0]["name"] == two["players"][0]["name"] == "Anna"
        assert one["board"]["players"][0]["name"] == "Anna"  # a provisional play is scored again from it
        assert (one["start_player"], two["start_player"]) == ("Anna", "Anna")
        assert one["winners"] == ["Anna" if stats.player_key(w) == "ann" else w for w in first["winners"]]
        assert two["winners"] == ["Anna"]  # alone at the table: the winner
        assert "Anna" in r.player_names() and not {"Ann", "ann"} & set(r.player_names())
        assert r.known_names()[:2] == ["Anna", "Zoë"] and r.known_colours()["anna"] == "red"
    assert [p.name for p in stats.players_overall(again.plays()) if p.name == "Anna"] == ["Anna"]
    assert "Anna" in export.plays_csv(again.plays())
    others = [p["name"] for p in first["players"][1:]]
    assert [p["name"] for p in again.play(first["id"])["players"][1:]] == others  # nobody else renamed


def test_a_typo_is_merged_into_the_player_but_two_people_are_never_made_one(tmp_path):
    repo, first, _ = two_plays(tmp_path)
    model = AppModel.create(repo)
    other = first["players"][1]["name"]
    said = model.rename_player("Ann", other)  # they sat at one table: two people
    assert said == f"Ann and {other} played in the same game: they are two people, so Ann cannot be called {other}"
    assert repo.play(first["id"])["players"][0]["name"] == "Ann"
    assert model.rename_player("Ann", "  ") == "Ann needs a new name: the field is empty"
    assert model.rename_player("Ann", "x" * 31) == "the new name of Ann is longer than 30 characters"
    model.lang = "de"
    assert model.rename_player("Ann", "") == "Ann braucht einen neuen Namen: das Feld ist leer"
    # A spelling only (the same person): allowed.
    assert rename_problem(repo.plays(), "Ann", "ANN") is None


def test_a_rename_not_saved_leaves_every_play_as_it_was(tmp_path, monkeypatch):
    repo, first, second = two_plays(tmp_path)
    model = AppModel.create(repo)
    lift = refused_by_fsync(monkeypatch)
    said = model.rename_player("Ann", "Anna")
    lift()
    assert said.startswith("Not saved: the device's storage is full. Every play still has the name it had.")
    again = Repository(tmp_path / "data", GAMES)
    for r in (repo, again):
        assert r.play(first["id"])["players"][0]["name"] == "Ann"
        assert r.play(second["id"])["players"][0]["name"] == "ann "


def test_a_rematch_is_the_same_game_players_seats_and_colours_and_says_who_started(tmp_path):
    from companion.ui.screens.new_game import rematch_of
    repo, first, _ = two_plays(tmp_path)
    play = repo.play(first["id"])
    again = rematch_of(play)
    assert again["game"] == "milestones" and again["count"] == 4
    assert again["names"] == [p["name"] for p in play["players"]]
    assert again["colours"] == {i: p["colour"] for i, p in enumerate(play["players"])}
    assert again["started"] == play["players"][play["start_seat"]]["name"]
    assert rematch_of(dict(play, game="a game this app does not have")) is None
    assert rematch_of(None) is None


def test_a_new_game_offers_the_players_of_earlier_games_most_recent_first_in_their_colour(tmp_path):
    from companion.ui.screens.new_game import known_players
    repo, first, second = two_plays(tmp_path)  # names entered: "ann", "Zoë"; the history: two plays
    offered = known_players(AppModel.create(repo))
    # the names entered for a new game first (most recent first), then those only the history has, newest
    # play first (the City of Rome play is newer: its other players come before Milestones' Ben, Cleo, Dora)
    rome_others = [p["name"] for p in second["players"][1:]]
    assert [n for n, _ in offered] == ["ann", "Zoë", *rome_others, "Ben", "Cleo", "Dora"]
    colours = dict(offered)
    assert (colours["ann"], colours["Zoë"]) == ("red", "blue")  # as the names were kept
    assert colours["Ben"] == first["players"][1]["colour"]     # as the history has it

"""Words the players see: the tie-break only where a tie was broken, Milestones' castle action named for
what it does, the emoji font bundled and registered."""

from pathlib import Path

import flet as ft

from companion.core.result import Category, PlayerScore, Result
from companion.core.game import Game, make_config
from companion.core.text import Msg, tr
from companion.games.milestones import GAME as MILESTONES
from companion.ui.screens.results import results_view
from companion.ui.widgets import Texts

ROOT = Path(__file__).resolve().parents[1]


def texts_of(control) -> list[str]:
    """Every Text value in a control tree."""
    out = []
    if isinstance(control, ft.Text) and control.value:
        out.append(control.value)
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for c in child if isinstance(child, list) else [child] if child is not None else []:
            if isinstance(c, ft.Control):
                out += texts_of(c)
    return out


def sheet(totals: dict[str, int]) -> Result:
    players = [PlayerScore(name, [Category("track", total, Msg("milestones.explain.track", points=total))],
                           tiebreak=(i,), tiebreak_note=Msg("milestones.tiebreak_total", count=i))
               for i, (name, total) in enumerate(totals.items())]
    return Result("milestones", players, {"track": Msg("milestones.category.track")},
                      notes=[Msg("milestones.tiebreak_rule")])


def test_no_tie_no_tie_break_wording():
    shown = texts_of(results_view(Texts("en"), MILESTONES, s := sheet({"Anna": 50, "Ben": 40}), notes=s.notes))
    assert not [t for t in shown if "tie" in t.lower() or "Tie" in t], shown


def test_a_broken_tie_is_worded_on_the_tied_cards_only():
    s = sheet({"Anna": 50, "Ben": 50, "Cleo": 40})
    shown = texts_of(results_view(Texts("de"), MILESTONES, s, notes=s.notes))
    assert "Gleichauf mit Ben bei 50 Punkten" in shown and "Gleichauf mit Anna bei 50 Punkten" in shown
    assert sum(t.startswith("Stichentscheid") for t in shown) == 2  # Anna's and Ben's, not Cleo's
    assert tr("de", "milestones.tiebreak_rule") in shown


def test_the_castle_action_says_what_it_does():
    config = make_config(MILESTONES, [{"name": n, "colour": c} for n, c in zip(["Anna", "Ben", "Carla"],
                                                                                MILESTONES.rules.colours)], 2)
    game = Game("t", MILESTONES, config)
    action = next(a for a in MILESTONES.actions(game.state, config) if a.id == "castle")
    # on each player's sheet, under their name
    assert action.label.render("en") == "Castle: keep 3 goods, cover a worker"
    assert action.label.render("de") == "Burg: 3 Güter behalten, Arbeiter abdecken"


def test_the_emoji_font_is_bundled_with_its_licence_and_is_every_text_style_s_fallback():
    from companion.ui.app import EMOJI_FONT, FONTS, app_theme
    font = ROOT / "assets" / FONTS[EMOJI_FONT]
    assert font.is_file() and 100_000 < font.stat().st_size < 10_000_000
    assert font.read_bytes()[:4] == b"\x00\x01\x00\x00"  # a TrueType font
    assert "SIL Open Font License" in (font.parent / "OFL.txt").read_text(encoding="utf-8")
    theme = app_theme()
    for style in (theme.text_theme.body_medium, theme.text_theme.title_large, theme.text_theme.label_large):
        assert style.font_family == "Roboto" and style.font_family_fallback == [EMOJI_FONT]


def test_the_static_web_app_ships_the_emoji_font_where_the_app_asks_for_it():
    import importlib.util
    from companion.ui.app import EMOJI_FONT, FONTS
    spec = importlib.util.spec_from_file_location("web_build_fonts", ROOT / "web" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    assert build.SITE_FILES[FONTS[EMOJI_FONT]] == ROOT / "assets" / FONTS[EMOJI_FONT]


def test_names_in_a_sentence_read_as_the_language_says_them():
    """'The boards of Jürgen and Ben are not confirmed', not 'the boards of Jürgen, Ben' (issue 39)."""
    from companion.core.text import said_list, tr
    assert tr("en", "ui.score.not_entered_note", names=said_list(["Jürgen", "Ben"]), count=2) == (
        "Not calculated yet: the boards of Jürgen and Ben are not confirmed.")
    assert tr("de", "ui.score.as_they_are_some", names=said_list(["Anna", "Ben", "Zoë"]), count=3) == (
        "Die Auslagen von Anna, Ben und Zoë so bestätigen, wie sie sind")
    assert tr("en", "ui.score.not_entered_note", names=said_list(["Zoë"]), count=1) == (
        "Not calculated yet: the board of Zoë is not confirmed.")


def test_history_counts_its_plays_without_repeating_the_total():
    """'1 play', not '1 of 1 plays' (issue 39); a filter still says how many of all it shows."""
    assert tr("en", "history.count_all", total=1) == "1 play"
    assert tr("de", "history.count_all", total=6) == "6 Partien"
    assert tr("en", "history.count", shown=2, total=5) == "2 of 5 plays"


def test_a_title_takes_one_line_beside_the_bars_buttons_and_two_only_when_it_must():
    """'City of / Rome' and 'Carpe / Diem' wrapped beside the play screen's four buttons on a 390 px phone
    (issue 39): one smaller line; a game's full name two lines, never cut."""
    from companion.ui.widgets import TOUCH, title_size, wrapped_lines
    play_bar = 390 - 72 - 4 * TOUCH
    assert title_size("City of Rome", play_bar)[1] == 1 and title_size("Carpe Diem", play_bar)[1] == 1
    assert title_size("City of Rome", 390 - 72) == (22, 1)  # room enough: the full size
    assert title_size("The Castles of Tuscany", play_bar) == (17, 2)
    assert title_size("Rom – Die Stadt der Baumeister", play_bar) == (14, 2)
    assert wrapped_lines("Rom – Die Stadt der Baumeister", 15) == 2 and wrapped_lines("Rom – Die", 15) == 1

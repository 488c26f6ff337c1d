"""Statistics per game and per player, with charts (flet-charts) of the category breakdown and of the
scores over time, head-to-head, win streaks, the time played and how often the start player won. The
numbers come from companion/core/stats.py; this screen only shows them."""

from __future__ import annotations

import math

import flet as ft

from companion.core import stats
from companion.core.text import Msg
from companion.ui.hook_value import HookValue
from companion.ui.model import AppModel
from companion.ui.phone_text import use_phone_texts
from companion.ui.screens.history import filter_row, filters_row, game_title
from companion.ui.widgets import PLAYER_COLOURS, TOUCH, ink_on, screen

PALETTE = ["#1e5fb4", "#e07b1a", "#2e7d32", "#c62828", "#6a1b9a", "#00838f", "#8d6e63", "#d81b60",
           "#9e9d24", "#5c6bc0", "#f4511e", "#00897b"]


def number(model: AppModel, value: float | None) -> str:
    if value is None:
        return "–"
    text = f"{value:.1f}".removesuffix(".0")
    return text.replace(".", ",") if model.lang == "de" else text


def axis_range(lo: float, hi: float) -> tuple[float, float, float]:
    """A rounded (min, max, step) for a value axis, about four steps high."""
    span = max(hi - lo, 1)
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 10**9) if span / s <= 5)
    return (math.floor(lo / step) * step, math.ceil(hi / step) * step + (step if hi % step == 0 else 0), step)


def charts():
    """flet_charts, imported when the first chart is drawn: it is about a third of what the app imports
    at start, and the static web app starts faster without it (docs/performance.md)."""
    import flet_charts
    return flet_charts


def value_axis(step: float):
    return charts().ChartAxis(label_size=36, label_spacing=step, show_min=False, show_max=False)


def legend(items: list[tuple[str, str]]) -> ft.Control:
    return ft.Row([ft.Row([ft.Container(width=12, height=12, bgcolor=c, border_radius=2,
                                        border=ft.Border.all(1, ft.Colors.ON_SURFACE_VARIANT) if light(c) else None),
                           ft.Text(t, size=12)], spacing=4, tight=True) for t, c in items],
                  wrap=True, spacing=12, run_spacing=4)


def light(colour: str) -> bool:
    """A colour that a light page hardly shows (white, yellow): drawn with an outline."""
    return ink_on(colour) != "#ffffff"


def players_colours(names: list[str], kept: dict[str, str]) -> dict[str, str]:
    """Each player in the colour they last played (as at the table); where two share one, or a play
    kept none, the later ones take the chart palette's next free colour."""
    colours: dict[str, str] = {}
    for name in names:
        own = PLAYER_COLOURS.get(kept.get(name, ""))
        colours[name] = own if own and own not in colours.values() else \
            next((c for c in PALETTE if c not in colours.values()), PALETTE[len(colours) % len(PALETTE)])
    return colours


def plays_wins(model: AppModel, rec: stats.PlayerRecord) -> str:
    return model.t("history.stats.plays_wins", plays=rec.plays, wins=rec.wins, rate=round(rec.win_rate * 100))


def section(title: str, controls: list[ft.Control]) -> ft.Control:
    """widgets.section, with its cards as wide as the column."""
    return ft.Column([ft.Text(title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD),
                      *controls], spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def player_table(model: AppModel, recs: list[stats.PlayerRecord]) -> ft.Control:
    rows = [ft.Row([ft.Text(rec.name, weight=ft.FontWeight.BOLD, expand=True),
                    ft.Text(plays_wins(model, rec), size=13)]) for rec in recs]
    return ft.Card(content=ft.Container(padding=12, content=ft.Column(rows, spacing=10)))


def duration(model: AppModel, secs: int) -> str:
    minutes = round(secs / 60)
    if minutes < 60:
        return model.t("history.stats.minutes", minutes=minutes)
    return model.t("history.stats.hours", hours=minutes // 60, minutes=f"{minutes % 60:02d}")


def game_time_lines(model: AppModel, plays: list[dict], gid: str, once) -> list[ft.Control]:
    """A game's time played in all and how often its start player won."""
    games, _ = once(("time", ""), lambda: stats.play_time(plays))
    start = once(("start wins",), lambda: stats.start_player_wins(plays)).get(gid)
    lines = [ft.Text(model.t("history.stats.played_for", time=duration(model, games.get(gid, 0))), size=13)]
    if start is not None:
        lines.append(ft.Text(model.t("history.stats.start_wins", wins=start.wins, plays=start.plays,
                                     rate=round(start.win_rate * 100)), size=13))
    return lines


def evening_sections(model: AppModel, plays: list[dict], player_f: str, once, gid: str = "") -> list[ft.Control]:
    """Head-to-head, win streaks and time played per player, over one game's plays (`gid`) or all;
    with a player chosen, theirs only."""
    mine = once(("of game", gid), lambda: [p for p in plays if p["game"] == gid]) if gid else plays
    pairs = once(("h2h", gid), lambda: stats.head_to_head(mine))
    runs = once(("streaks", gid), lambda: stats.streaks(mine))
    times = once(("time", gid), lambda: stats.play_time(mine))[1]
    if player_f:
        key = stats.player_key(player_f)
        pairs = [h for h in pairs if key in (stats.player_key(h.first), stats.player_key(h.second))]
        runs = [r for r in runs if stats.player_key(r.name) == key]
        times = {n: t for n, t in times.items() if stats.player_key(n) == key}

    def rows(items: list[tuple[str, str]]) -> ft.Control:
        return ft.Card(content=ft.Container(padding=12, content=ft.Column([
            ft.Row([ft.Text(a, weight=ft.FontWeight.BOLD, expand=True), ft.Text(b, size=13)]) for a, b in items],
            spacing=10)))
    out = []
    if pairs:
        out.append(section(model.t("history.stats.head_to_head"), [
            ft.Text(model.t("history.stats.h2h_hint"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Card(content=ft.Container(padding=12, content=ft.Column([
                ft.Text(model.t("history.stats.h2h_line", first=h.first, a=h.first_ahead, b=h.second_ahead,
                                second=h.second, plays=h.plays)) for h in pairs[:20]], spacing=10)))]))
    if runs:
        out.append(section(model.t("history.stats.streaks"), [rows([
            (r.name, model.t("history.stats.streak_line", longest=r.longest, current=r.current)) for r in runs])]))
    if times:
        out.append(section(model.t("history.stats.play_time"), [rows([
            (n, duration(model, t)) for n, t in sorted(times.items(), key=lambda nt: (-nt[1], nt[0].casefold()))])]))
    return out


def card(title: str, lines: list[ft.Control], on_click=None) -> ft.Control:
    body = ft.Container(padding=12, content=ft.Column(
        [ft.Text(title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD), *lines], spacing=4))
    if on_click is not None:
        body = ft.Container(content=body, on_click=on_click, ink=True)
    return ft.Card(content=body)


def breakdown_chart(model: AppModel, recs: list[stats.PlayerRecord], order: list[str],
                    labels: dict[str, str]) -> ft.Control:
    fch = charts()
    colours = {cid: PALETTE[i % len(PALETTE)] for i, cid in enumerate(order)}
    groups, top = [], 1.0
    for x, rec in enumerate(recs):
        avgs = rec.category_averages
        items, y = [], 0.0
        for cid in order:
            v = avgs.get(cid, 0)
            if v > 0:  # negative categories (penalties) are listed in the text, not stacked
                items.append(fch.BarChartRodStackItem(from_y=y, to_y=y + v, color=colours[cid]))
                y += v
        top = max(top, y)
        groups.append(fch.BarChartGroup(x=x, rods=[fch.BarChartRod(
            from_y=0, to_y=y, width=28, stack_items=items, border_radius=2, color=ft.Colors.OUTLINE,
            tooltip=f"{rec.name}: {number(model, y)}")]))
    low, high, step = axis_range(0, top)
    chart = fch.BarChart(
        groups=groups, interactive=False, min_y=low, max_y=high, height=260,
        bottom_axis=fch.ChartAxis(label_size=28, labels=[
            fch.ChartAxisLabel(value=x, label=ft.Text(rec.name, size=11, overflow=ft.TextOverflow.ELLIPSIS))
            for x, rec in enumerate(recs)]),
        left_axis=value_axis(step),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=0.5),
    )
    return ft.Semantics(label=model.t("history.stats.breakdown_label"), container=True, content=ft.Column([
        chart, legend([(labels.get(cid, cid), colours[cid]) for cid in order])], spacing=6))


def over_time_chart(model: AppModel, series: dict[str, list[tuple[int, int]]], kept: dict[str, str]) -> ft.Control:
    fch = charts()
    names = list(series)
    colours = players_colours(names, kept)
    values = [y for pts in series.values() for _, y in pts]
    last = max((x for pts in series.values() for x, _ in pts), default=1)
    lo, hi = min(values, default=0), max(values, default=1)
    low, high, step = axis_range(min(lo, 0) if lo < 0 else lo, hi)
    if lo - low < step / 3 and (low - step >= 0 or lo < 0):
        low -= step  # a lowest point a step above the axis, not on the labels under it

    def line(n: str, colour: str, width: float, point_stroke: str | None) -> object:
        return fch.LineChartData(
            points=[fch.LineChartDataPoint(x, y, tooltip=f"{n}: {y}") for x, y in series[n]],
            color=colour, stroke_width=width,
            point=fch.ChartCirclePoint(color=colour, radius=4, stroke_color=point_stroke or colour, stroke_width=1.5))
    lines = []
    for n in names:
        if light(colours[n]):  # its outline first: a wider dark line under it
            lines.append(line(n, ft.Colors.ON_SURFACE_VARIANT, 5, None))
        lines.append(line(n, colours[n], 3, ft.Colors.ON_SURFACE_VARIANT if light(colours[n]) else None))
    chart = fch.LineChart(
        data_series=lines,
        interactive=False, min_x=0.7, max_x=last + 0.3, min_y=low, max_y=high, height=240,
        bottom_axis=fch.ChartAxis(label_size=28, show_min=False, show_max=False, labels=[
            fch.ChartAxisLabel(value=x, label=ft.Text(str(x), size=11)) for x in range(1, last + 1)]),
        left_axis=value_axis(step),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=0.5),
    )
    return ft.Semantics(label=model.t("history.stats.over_time_label"), container=True,
                        content=ft.Column([chart, legend([(n, colours[n]) for n in names])], spacing=6))


@ft.component
def StatsScreen(model: AppModel):
    page = ft.context.page
    game_f, set_game_f = ft.use_state("")
    player_f, set_player_f = ft.use_state("")
    renaming, set_renaming = ft.use_state(False)  # the Rename dialog of the player chosen is open
    ft.use_dialog(rename_dialog(model, player_f, lambda new: (set_player_f(new), set_renaming(False)),
                                lambda: set_renaming(False)) if renaming and player_f else None)
    plays = model.repo.plays()  # kept in memory by the repository, newest first
    # Figures worked out from this history, kept until the history changes: a re-render (any change of
    # the model) or going back to a filter shown before computes nothing again.
    cache = ft.use_memo(lambda: HookValue({}), [model.repo.history_version]).value

    def once(key: tuple, compute):
        if key not in cache:
            cache[key] = compute()
        return cache[key]

    if not plays:
        return screen(model, "/stats", model.t("history.stats.title"),
                      [ft.Text(model.t("history.stats.empty"), italic=True)], back="/")
    games = model.repo.games_played()
    if game_f and game_f not in games:
        game_f = ""
    filters = filters_row([
        filter_row(model, model.t("history.stats.game"), model.t("history.stats.all_games"),
                   [(g, game_title(model, g)) for g in games], game_f, set_game_f),
        filter_row(model, model.t("history.stats.player"), model.t("history.stats.all_players"),
                   [(n, n) for n in model.repo.player_names()], player_f, set_player_f),
    ])
    controls: list[ft.Control] = [filters]

    def game_line(gid: str) -> str:
        g = once(("summary", gid), lambda: stats.game_summary(plays, gid))
        return model.t("history.stats.game_line", plays=g.plays, best=g.best, names=g.best_by,
                       winning=number(model, g.average_winning), minutes=round(g.average_minutes or 0))

    def score_lines(rec: stats.PlayerRecord) -> list[ft.Control]:
        return [ft.Text(plays_wins(model, rec)),
                ft.Text(model.t("history.stats.scores", average=number(model, rec.average), best=rec.best))]

    if not game_f:
        if player_f:
            mine = once(("player", player_f), lambda: stats.player_per_game(plays, player_f))
            overall = [r for r in once(("overall",), lambda: stats.players_overall(plays))
                       if stats.player_key(r.name) == stats.player_key(player_f)]
            controls += [card(overall[0].name, [
                ft.Text(plays_wins(model, overall[0])),
                ft.Row([ft.OutlinedButton(model.t("history.stats.rename", name=overall[0].name), icon=ft.Icons.EDIT,
                                          height=TOUCH, on_click=lambda e: set_renaming(True))])])] if overall else []
            controls.append(section(model.t("history.stats.games"), [
                card(game_title(model, gid), score_lines(rec), on_click=lambda e, g=gid: set_game_f(g))
                for gid, rec in mine.items()]))
            controls += evening_sections(model, plays, player_f, once)
        else:
            controls.append(section(model.t("history.stats.players"),
                                    [player_table(model, once(("overall",), lambda: stats.players_overall(plays)))]))
            controls.append(section(model.t("history.stats.games"), [
                card(game_title(model, gid), [ft.Text(game_line(gid)), *game_time_lines(model, plays, gid, once)],
                     on_click=lambda e, g=gid: set_game_f(g))
                for gid in games]))
            controls += evening_sections(model, plays, player_f, once)
        controls.append(ft.Text(model.t("history.stats.pick_game"), italic=True, size=13))
    else:
        controls += one_game(model, plays, game_f, player_f, once, game_line(game_f), score_lines)
    bottom = ft.Row([ft.OutlinedButton(model.t("history.stats.back_history"), icon=ft.Icons.HISTORY, height=TOUCH,
                                       expand=True, on_click=lambda e: page.navigate("/history"))])
    return screen(model, "/stats", model.t("history.stats.title"), controls, back="/", bottom=bottom)


@ft.component
def RenameForm(model: AppModel, name: str, done):
    """The new name of a player, for every play of theirs; why not said under the field."""
    typed, set_typed = ft.use_state(name)
    # The text as its keystrokes arrive: Rename (or Enter) may come from a render before the last keystroke.
    latest = ft.use_ref(name)
    problem, set_problem = ft.use_state("")
    phone = use_phone_texts()  # what the field draws while its phone types (companion/ui/phone_text.py)

    def keystroke(text: str) -> None:
        phone.typed("name", text)
        latest.current = text
        set_typed(text)

    def rename(e=None):
        said = model.rename_player(name, latest.current)
        if said is None:
            done(latest.current.strip())
        else:
            set_problem(said)
    return ft.Column([
        ft.Text(model.t("history.stats.rename_hint", name=name), size=14),
        phone.drawn("name", ft.TextField(label=model.t("history.stats.new_name"), value=phone.shown("name", typed),
                                         autofocus=True, max_length=30, on_change=lambda e: keystroke(e.control.value),
                                         on_submit=rename, error=problem or None, error_max_lines=4)),
        ft.Row([ft.FilledButton(model.t("history.stats.rename_do"), on_click=rename, height=TOUCH)],
               alignment=ft.MainAxisAlignment.END),
    ], tight=True, spacing=12, width=360)


def rename_dialog(model: AppModel, name: str, done, close) -> ft.AlertDialog:
    return ft.AlertDialog(modal=True, title=ft.Text(model.t("history.stats.rename", name=name)),
                          content=RenameForm(model, name, done),
                          actions=[ft.TextButton(model.t("ui.cancel"), on_click=lambda e: close(), height=TOUCH)],
                          on_dismiss=lambda e: close())


def one_game(model: AppModel, plays: list[dict], game_f: str, player_f: str, once, line: str,
             score_lines) -> list[ft.Control]:
    """One game's figures: each player's averages per category, the breakdown and the scores over time."""
    recs = once(("in game", game_f), lambda: stats.players_in_game(plays, game_f))
    if player_f:
        recs = [r for r in recs if stats.player_key(r.name) == stats.player_key(player_f)]
    order = once(("order", game_f), lambda: stats.category_order(plays, game_f))
    labels = {cid: model.m(Msg.from_json(m))
              for cid, m in once(("labels", game_f), lambda: stats.category_labels(plays, game_f)).items()}
    controls: list[ft.Control] = [ft.Text(line), *game_time_lines(model, plays, game_f, once)]
    cards = []
    for rec in recs:
        avgs = rec.category_averages
        cat_lines = [ft.Row([ft.Text(labels.get(cid, cid), expand=True, size=13),
                             ft.Text(number(model, avgs[cid]), size=13, weight=ft.FontWeight.BOLD)])
                     for cid in order if cid in avgs]
        cards.append(card(rec.name, score_lines(rec) + [
            ft.Text(model.t("history.stats.categories"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            *cat_lines]))
    controls.append(section(model.t("history.stats.players"), cards))
    controls += evening_sections(model, plays, player_f, once, game_f)
    if recs:
        controls.append(section(model.t("history.stats.breakdown"), [breakdown_chart(model, recs, order, labels)]))
        series = once(("over time", game_f), lambda: stats.scores_over_time(plays, game_f))
        if player_f:
            series = {n: v for n, v in series.items() if stats.player_key(n) == stats.player_key(player_f)}
        kept = once(("colours", game_f), lambda: stats.player_colours(plays, game_f))
        controls.append(section(model.t("history.stats.over_time"), [over_time_chart(model, series, kept)]))
    return controls

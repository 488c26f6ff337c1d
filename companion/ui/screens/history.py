"""Finished plays: the list (filter by game and player, delete with undo, export and import) and one
play's full breakdown (logged in BG Stats with a link and its QR code, or as a BG Stats file; its
picture: screens/picture.py)."""

from __future__ import annotations

import time

import flet as ft

from companion.core import stats
from companion.core.text import Msg, date_time
from companion.games import GAMES
from companion.storage import export
from companion.ui import uploads
from companion.ui.box_data import BoxCard
from companion.ui.hook_value import HookValue
from companion.ui.model import AppModel
from companion.ui.screens.invite import qr_svg
from companion.ui.screens.results import ranking
from companion.ui.widgets import TOUCH, error_banner, icon_button, screen, section

# Plays drawn at first and added by each "Show more": the screen costs the same at 10 plays or 10,000.
PAGE = 30


def when(model: AppModel, ts: float) -> str:
    return date_time(model.lang, ts)


def game_title(model: AppModel, game_id: str) -> str:
    definition = GAMES.get(game_id)
    return model.m(definition.name) if definition else game_id


def winning_total(play: dict) -> int:
    winners = set(play["winners"])
    return max((p["total"] for p in play["players"] if p["name"] in winners),
               default=max((p["total"] for p in play["players"]), default=0))


async def download(model: AppModel, name: str, text: str, say) -> None:
    """In the browser this starts a download of the file (Flet's FilePicker.save_file with bytes)."""
    picker = ft.FilePicker()
    await picker.save_file(file_name=name, src_bytes=text.encode("utf-8"))
    say(model.t("history.saved", file=name))


def filter_row(model: AppModel, label: str, all_label: str, options: list[tuple[str, str]], value: str,
               on_pick) -> ft.Control:
    shown = dict(options).get(value, all_label) if value else all_label
    # Flutter's dropdown has no accessible name of its own: it says what it filters and what it shows.
    return ft.Semantics(
        label=model.t("ui.filter_value", label=label, value=shown), container=True, expand=True,
        content=ft.Dropdown(
            label=label, value=value or "*", expand=True, dense=True,
            options=[ft.DropdownOption(key="*", text=all_label)] + [ft.DropdownOption(key=k, text=t)
                                                                    for k, t in options],
            on_select=lambda e: on_pick("" if e.control.value == "*" else e.control.value),
        ))


def filters_row(dropdowns: list[ft.Control]) -> ft.Control:
    """Side by side; the top padding keeps the floating labels inside the page."""
    return ft.Container(padding=ft.Padding.only(top=8), content=ft.Row(dropdowns, spacing=8))


def stamp() -> str:
    return time.strftime("%Y%m%d-%H%M")


# ------------------------------------------------------------------ the writes of History

@ft.component
def HistoryScreen(model: AppModel):
    page = ft.context.page
    game_f, set_game_f = ft.use_state("")
    player_f, set_player_f = ft.use_state("")
    note, set_note = ft.use_state("")
    problem, set_problem = ft.use_state("")
    limit, set_limit = ft.use_state(PAGE)
    # The history is kept in memory, newest first, by the repository: nothing here re-reads or re-sorts
    # it; a filter runs once per change of the history or of the filter, not on every render.
    everything = model.repo.plays()
    plays = ft.use_memo(lambda: HookValue(stats.filter_plays(everything, game_f or None, player_f or None)
                                     if game_f or player_f else everything),
                        [model.repo.history_version, game_f, player_f]).value
    deleted = model.deleted_play

    def pick_game(value):
        set_game_f(value)
        set_limit(PAGE)

    def pick_player(value):
        set_player_f(value)
        set_limit(PAGE)

    def undo(e):
        if model.put_back():
            set_note(model.t("history.restored"))

    def dismiss(e):
        model.deleted_play = None
        model.changed()

    banner = [deleted_banner(model, deleted, undo, dismiss)] if deleted else []

    filters = []
    if everything:
        filters = [
            filters_row([
                filter_row(model, model.t("history.filter_game"), model.t("history.all_games"),
                           [(g, game_title(model, g)) for g in model.repo.games_played()], game_f, pick_game),
                filter_row(model, model.t("history.filter_player"), model.t("history.all_players"),
                           [(n, n) for n in model.repo.player_names()], player_f, pick_player),
            ]),
            ft.Text(model.t("history.count", shown=len(plays), total=len(everything)) if len(plays) < len(everything)
                    else model.t("history.count_all", total=len(everything)), size=12,  # "5 plays", not "5 of 5"
                    color=ft.Colors.ON_SURFACE_VARIANT),
        ]
    if not everything:
        listing = [ft.Text(model.t("history.empty"), italic=True)]
    elif not plays:
        listing = [ft.Text(model.t("history.none_match"), italic=True)]
    else:
        listing = [play_tile(model, page, p) for p in plays[:limit]]
        if len(plays) > limit:
            listing.append(ft.OutlinedButton(model.t("history.more", count=min(PAGE, len(plays) - limit)),
                                             icon=ft.Icons.EXPAND_MORE, height=TOUCH,
                                             on_click=lambda e: set_limit(limit + PAGE)))

    transfer = transfer_section(model, page, bool(everything), note, set_note, problem, set_problem)
    controls = [*banner, *filters, *listing, ft.Divider(), transfer]
    bottom = ft.Row([ft.FilledButton(model.t("history.statistics"), icon=ft.Icons.BAR_CHART, height=TOUCH,
                                     expand=True, on_click=lambda e: page.navigate("/stats"))])
    return screen(model, "/history", model.t("history.title"), controls, back="/", bottom=bottom)


def provisional_dialog(model: AppModel, anyway, close) -> ft.AlertDialog:
    """BG Stats gets a provisional result only if the players say so: its winner may still change."""
    return ft.AlertDialog(
        modal=True, title=ft.Text(model.t("history.provisional_title")),
        content=ft.Text(model.t("history.provisional_text")),
        actions=[ft.TextButton(model.t("ui.cancel"), on_click=lambda e: close(), height=TOUCH),
                 ft.OutlinedButton(model.t("history.export_anyway"), on_click=lambda e: anyway(), height=TOUCH)],
        on_dismiss=lambda e: close())


def bgstats_dialog(model: AppModel, play: dict, note: str, download_file, close) -> ft.AlertDialog:
    """The play as BG Stats' "create play" link: a QR code for the phone that has BG Stats (taken from
    the host's screen), the link itself for this device, and the .bgsplay file. The code holds the short
    link to Tabula's page where other phones can open it (`model.site`), else BG Stats' link itself."""
    link = export.bgstats_link(play, model.lang)
    scanned = export.bgstats_short_link(play, model.site, model.lang) if model.site else link
    page = ft.context.page
    # As large as the window allows below the title, the hint and the buttons: on a phone the whole width,
    # edge to edge (the code's own white border is its quiet zone), for the largest modules a long link
    # can have (docs/export.md).
    side = max(200, min(page.width or 390, (page.height or 844) - 300, 560))
    return ft.AlertDialog(
        modal=True, title=ft.Text(model.t("history.bgstats_log")),
        inset_padding=ft.Padding.symmetric(horizontal=0, vertical=24), content_padding=ft.Padding.only(top=16),
        content=ft.Column([
            ft.Semantics(label=model.t("history.bgstats_qr"), image=True, container=True, content=ft.Image(
                src=qr_svg(scanned, error="l"), width=side, height=side, fit=ft.BoxFit.CONTAIN)),
            ft.Container(ft.Text(model.t("history.bgstats_hint_page" if model.site else "history.bgstats_hint"), size=14),
                         padding=ft.Padding.symmetric(horizontal=24)),
            *([ft.Container(ft.Semantics(label=note, live_region=True, container=True, content=ft.Text(note, size=13)),
                            padding=ft.Padding.symmetric(horizontal=24))] if note else []),
        ], tight=True, spacing=12, width=side, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        scrollable=True,
        actions=[
            ft.FilledButton(model.t("history.bgstats_open"), icon=ft.Icons.OPEN_IN_NEW, height=TOUCH,
                            url=ft.Url(link, target=ft.UrlTarget.BLANK)),
            ft.OutlinedButton(model.t("history.share_bgstats"), icon=ft.Icons.DOWNLOAD, height=TOUCH,
                              on_click=download_file),
            ft.TextButton(model.t("ui.close"), on_click=lambda e: close(), height=TOUCH),
        ],
        actions_alignment=ft.MainAxisAlignment.END, on_dismiss=lambda e: close())


@ft.component
def PlayedScreen(model: AppModel):
    """One finished play: the ranking with every category explained, a rematch, log it in BG Stats, delete."""
    page = ft.context.page
    pid = ft.use_route_params().get("pid", "")
    note, set_note = ft.use_state("")
    logging, set_logging = ft.use_state(False)  # the "Log in BG Stats" dialog is open
    route = f"/history/{pid}"
    play = model.repo.play(pid)

    async def share(e):
        await download(model, export.bgstats_file_name(play), export.dumps(export.play_bgstats(play, model.lang)),
                       set_note)

    ft.use_dialog((bgstats_dialog(model, play, note, share, lambda: set_logging(False))
                   if logging == "anyway" or not play.get("uncounted") else
                   provisional_dialog(model, lambda: set_logging("anyway"), lambda: set_logging(False)))
                  if logging and play is not None else None)
    if play is None:
        return screen(model, route, model.t("history.title"), [ft.Text(model.t("history.missing"))],
                      back="/history")
    labels = {cid: Msg.from_json(m) for cid, m in play.get("category_labels", {}).items()}
    players = [{"name": p["name"], "total": p["total"], "rank": p.get("rank", 1),
                "lines": [(cid, pts, Msg.from_json(p["explanations"][cid]) if cid in p.get("explanations", {})
                           else Msg("history.no_explanation")) for cid, pts in p["categories"].items()],
                "tiebreak": None}
               for p in play["players"]]

    def delete(e):
        if model.delete_play(route, play):  # not saved: the play stays, and this page says so
            page.navigate("/history")

    controls = [
        ft.Text(f"{game_title(model, play['game'])} · {when(model, play['finished'])}",
                theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        ft.Text(model.t("history.meta", start=play.get("start_player", ""), minutes=round(play.get("duration_s", 0) / 60))),
        ranking(model, labels, players, play["winners"], [Msg.from_json(n) for n in play.get("notes", [])],
                provisional=bool(play.get("uncounted"))),
        *([BoxCard(model, play["game"], tuple(play.get("uncounted", [])), "ui.score.box_uncounted")]
          if play["game"] in GAMES else []),
        *([ft.Semantics(label=note, live_region=True, container=True, content=ft.Text(note, size=13))]
          if note else []),
    ]
    bottom = ft.Row([
        # the same game with the same players, seats and colours: the new-game form filled in
        *([ft.FilledButton(model.t("history.rematch"), icon=ft.Icons.REPLAY, height=TOUCH, expand=2,
                           on_click=lambda e: page.navigate(f"/new/{pid}"))] if play["game"] in GAMES else []),
        # the wider one: "In BG Stats eintragen" on one line on a phone
        ft.FilledTonalButton(model.t("history.bgstats_log"), icon=ft.Icons.QR_CODE_2, height=TOUCH, expand=3,
                             on_click=lambda e: set_logging(True)),
    ], spacing=8)
    # Delete in the bar, away from the thumb's next steps
    delete_button = icon_button(ft.Icons.DELETE_OUTLINE, model.t("history.delete"), delete)
    picture = icon_button(ft.Icons.SHARE, model.t("history.picture"), lambda e: page.navigate(f"/history/{pid}/picture"))
    return screen(model, route, model.t("history.play"), controls, back="/history", bottom=bottom,
                  actions=[picture, delete_button])


def play_tile(model: AppModel, page: ft.Page, play: dict) -> ft.Control:
    title = f"{game_title(model, play['game'])} · {when(model, play['finished'])}"
    names = ", ".join(p["name"] for p in play["players"])
    won = model.t("history.won", winners=play["winners"], total=winning_total(play))
    if play.get("uncounted"):
        won = model.t("history.provisional_won", won=won)
    return ft.Card(content=ft.ListTile(
        title=ft.Text(title, weight=ft.FontWeight.BOLD),
        subtitle=ft.Text(f"{names}\n{won}"),
        is_three_line=True,
        on_click=lambda e: page.navigate(f"/history/{play['id']}"),
        trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
    ))


def deleted_banner(model: AppModel, deleted: dict, undo, dismiss) -> ft.Control:
    """The play just deleted, with Undo, until dismissed."""
    text = model.t("history.deleted", game=game_title(model, deleted["game"]), date=when(model, deleted["finished"]))
    return ft.Semantics(label=text, live_region=True, container=True, content=ft.Container(
        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=8, padding=ft.Padding.only(left=12, right=4),
        content=ft.Column([
            ft.Container(padding=ft.Padding.only(top=12), content=ft.Text(
                text, color=ft.Colors.ON_SECONDARY_CONTAINER)),
            ft.Row([
                ft.TextButton(model.t("history.undo"), icon=ft.Icons.UNDO, on_click=undo, height=TOUCH),
                ft.TextButton(model.t("history.dismiss"), on_click=dismiss, height=TOUCH),
            ], alignment=ft.MainAxisAlignment.END, spacing=0),
        ], spacing=0)))


def transfer_section(model: AppModel, page: ft.Page, any_plays: bool, note: str, set_note, problem: str,
                     set_problem) -> ft.Control:
    """Export (CSV, backup) and import of a backup; what happened said under the buttons."""
    async def download_csv(e):
        await download(model, f"tabula-plays-{stamp()}.csv", export.plays_csv(model.repo.plays(), model.lang),
                       set_note)

    async def download_json(e):
        await download(model, f"tabula-backup-{stamp()}.json", export.dumps(export.full_export(model.repo)),
                       set_note)

    async def pick_and_import(e):
        picker = uploads.Picker(model.uploads)
        # served: the file comes by HTTP upload (see ui/uploads.py); the browser build reads it in place
        file = await picker.pick(["json"])
        if file is None:
            return
        try:
            if file.size and file.size > export.MAX_IMPORT_BYTES:
                raise export.ImportProblem("$", f"the file is {file.size} bytes; the limit is "
                                                f"{export.MAX_IMPORT_BYTES}")
            if model.uploads is not None:
                set_problem("")
                set_note(model.t("history.import_reading", file=file.name))
                try:
                    raw = await picker.receive(page, file)
                except uploads.UploadFailed as failed:
                    raise export.ImportProblem("$", f"the file did not arrive ({failed})")
            else:
                raw = file.bytes or b""
            result = await model.import_backup(raw)
        except export.ImportProblem as bad:
            set_note("")
            set_problem(model.t("history.import_bad", problem=f"{file.name}: {bad}"))
            return
        set_problem("")
        set_note("" if result is None else model.t("history.import_done", added=result["added"],
                                                   skipped=result["skipped"], games=result["box_games"]))

    return section(model.t("history.export"), [
        ft.Text(model.t("history.export_hint"), size=13),
        ft.FilledTonalButton(model.t("history.export_csv"), icon=ft.Icons.TABLE_CHART, on_click=download_csv,
                             height=TOUCH, disabled=not any_plays),
        ft.OutlinedButton(model.t("history.export_json"), icon=ft.Icons.DOWNLOAD, on_click=download_json,
                          height=TOUCH),
        ft.OutlinedButton(model.t("history.import"), icon=ft.Icons.UPLOAD_FILE, on_click=pick_and_import,
                          height=TOUCH),
        *([error_banner(problem)] if problem else []),
        *([ft.Semantics(label=note, live_region=True, container=True, content=ft.Text(note, size=13))]
          if note else []),
    ])

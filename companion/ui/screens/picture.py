"""A finished play as a picture for the group chat: the game, the date, the winner, every player's total
in their colour and the categories behind it. Drawn by the app itself (Flutter's own picture of the card,
`ft.Screenshot`), so it looks the same in the server app and the static app and needs no network; shared
through the phone's share sheet (the Web Share API with a file) or downloaded where there is none."""

from __future__ import annotations

import logging
import struct
import zlib

import flet as ft

from companion.core.text import Msg, date_time
from companion.games import GAMES
from companion.ui.model import AppModel
from companion.ui.widgets import PLAYER_COLOURS, TOUCH, screen

log = logging.getLogger("tabula.app")

WIDTH = 360  # logical pixels: a phone's width, so that the picture reads on one (1,080 pixels on most phones)
# The picture's own colours, the same in the light and the dark theme: it is seen in other apps.
PAPER, INK, FAINT = "#fbf8f1", "#1f1b16", "#5c564d"


def picture_name(play: dict) -> str:
    return f"tabula-{play['game']}-{play['id']}.png"


def summary(play: dict, game: str) -> str:
    """The text that goes with the picture: the game and the players with their totals, best first."""
    ordered = sorted(play["players"], key=lambda p: (p.get("rank", 1), p["name"]))
    return f"{game}: " + ", ".join(f"{p['name']} {p['total']}" for p in ordered)


def crop_png(png: bytes, width: int, height: int) -> bytes:
    """The top left `width` x `height` of a PNG of 8-bit RGBA rows (what Flutter writes). Flutter's web
    engine returns a control's picture on a canvas the size of the screen, the control at its top left and
    the rest transparent (seen in the static app and the server app alike). A row's filter reads only the
    row above and the pixels to its left, so rows and columns cut from the bottom and the right leave the
    rest as it was: no pixel is decoded. Any other PNG, or one already that size, is returned as it is."""
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        return png
    full_width, full_height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", png[16:29])
    width, height = min(width, full_width), min(height, full_height)
    if (depth, colour, interlace) != (8, 6, 0) or (width, height) == (full_width, full_height) or min(width, height) < 1:
        return png
    data, at = b"", 8
    while at < len(png):
        size, kind = struct.unpack(">I4s", png[at:at + 8])
        if kind == b"IDAT":
            data += png[at + 8:at + 8 + size]
        at += 12 + size
    rows, stride = zlib.decompress(data), 1 + full_width * 4
    kept = b"".join(rows[r * stride:r * stride + 1 + width * 4] for r in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return png[:8] + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(kept, 6)) + chunk(b"IEND", b"")


def result_card(model: AppModel, play: dict, game: str, date: str, on_size=None) -> ft.Control:
    labels = {cid: Msg.from_json(m) for cid, m in play.get("category_labels", {}).items()}
    winners = play["winners"]
    head = model.t("ui.results.shared_win" if len(winners) > 1 else "ui.results.winner", names=winners)
    rows = []
    for p in sorted(play["players"], key=lambda p: (p.get("rank", 1), p["name"])):
        colour = PLAYER_COLOURS.get(p.get("colour", ""), "#999999")
        categories = " · ".join(f"{model.m(labels[cid]) if cid in labels else cid} {points}"
                                for cid, points in p["categories"].items())
        rows.append(ft.Row([
            ft.Container(width=14, height=14, border_radius=7, bgcolor=colour, border=ft.Border.all(1, INK)),
            ft.Column([
                ft.Row([ft.Text(f"{p.get('rank', 1)}. {p['name']}", color=INK, size=16, weight=ft.FontWeight.BOLD,
                                expand=True),
                        ft.Text(str(p["total"]), color=INK, size=20, weight=ft.FontWeight.BOLD)]),
                *([ft.Text(categories, color=FAINT, size=11)] if categories else []),
            ], spacing=0, expand=True),
        ], vertical_alignment=ft.CrossAxisAlignment.START, spacing=10))
        rows.append(ft.Container(height=4, border=ft.Border.only(bottom=ft.BorderSide(6, colour))))
    provisional = [ft.Text(model.t("ui.results.provisional"), color=FAINT, size=11, italic=True)] \
        if play.get("uncounted") else []
    return ft.Container(width=WIDTH, bgcolor=PAPER, padding=16, on_size_change=on_size, content=ft.Column([
        ft.Text(game, color=INK, size=20, weight=ft.FontWeight.BOLD),
        ft.Text(date, color=FAINT, size=12),
        ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, color="#c99400", size=28),
                ft.Text(head, color=INK, size=17, weight=ft.FontWeight.BOLD, expand=True)]),
        *provisional,
        *rows,
        ft.Row([ft.Text("Tabula", color=FAINT, size=10)], alignment=ft.MainAxisAlignment.END),
    ], spacing=6, tight=True))


@ft.component
def PictureScreen(model: AppModel):
    """The picture as it will be sent, alone on the screen, with Share (the phone's share sheet) and
    Download. On a screen of its own, at the top of the page: Flutter's web engine draws a control's
    picture only within the screen's own pixels (a card in a dialog, or at three times the screen's
    pixel ratio, came out cut)."""
    pid = ft.use_route_params().get("pid", "")
    note, set_note = ft.use_state("")
    play = model.repo.play(pid)
    route, back = f"/history/{pid}/picture", f"/history/{pid}"
    game = "" if play is None else model.m(GAMES[play["game"]].name) if play["game"] in GAMES else play["game"]
    size = ft.use_ref(None)  # the card's (width, height) on the screen, in logical pixels

    def sized(e):
        size.current = (e.width, e.height)
    # One control kept from render to render: the one on the screen is the one asked for its picture.
    card = ft.use_memo(lambda: ft.Screenshot(result_card(model, play, game, date_time(model.lang, play["finished"]),
                                                         sized))
                       if play is not None else None, [pid, model.lang, play is not None])
    if play is None:
        return screen(model, route, model.t("history.picture_title"), [ft.Text(model.t("history.missing"))],
                      back="/history")
    name = picture_name(play)

    async def picture() -> bytes:
        png = await card.capture()  # at the phone's own pixel ratio: a larger one came out cut
        ratio = ft.context.page.media.device_pixel_ratio or 1
        width, height = size.current or (WIDTH, 10_000)
        return crop_png(png, round(width * ratio), round(height * ratio))

    async def share(e):
        png = await picture()
        try:
            result = await ft.Share().share_files([ft.ShareFile.from_bytes(png, mime_type="image/png", name=name)],
                                                  text=summary(play, game), subject=game)
        except RuntimeError as problem:  # the browser has no share sheet for files (most desktops)
            log.info("no share sheet: %s", problem)
            await ft.FilePicker().save_file(file_name=name, src_bytes=png)
            set_note(model.t("history.picture_downloaded", file=name))
            return
        # A browser's share sheet does not say where the picture went: "unavailable" is its success.
        set_note(model.t("history.picture_not_shared" if result.status == ft.ShareResultStatus.DISMISSED
                         else "history.picture_shared"))

    async def download(e):
        await ft.FilePicker().save_file(file_name=name, src_bytes=await picture())
        set_note(model.t("history.saved", file=name))

    controls = [
        ft.Semantics(label=model.t("history.picture_label"), image=True, container=True,
                     content=ft.Row([card], alignment=ft.MainAxisAlignment.START)),
        *([ft.Semantics(label=note, live_region=True, container=True, content=ft.Text(note, size=13))]
          if note else []),
    ]
    bottom = ft.Row([
        ft.FilledButton(model.t("history.picture_share"), icon=ft.Icons.SHARE, height=TOUCH, expand=1,
                        on_click=share),
        ft.OutlinedButton(model.t("history.picture_download"), icon=ft.Icons.DOWNLOAD, height=TOUCH, expand=1,
                          on_click=download),
    ], spacing=8)
    return screen(model, route, model.t("history.picture_title"), controls, back=back, bottom=bottom)

"""Table mode: the token gate every session passes first, and the "Invite players" screen.

The server hands the app an `InviteInfo` when it requires the table token (`--lan`, `--require-token`).
A session sees the app only when its URL carries the token (`?t=...`) or its browser stored it on an
earlier visit; otherwise it sees one page that says to scan the host's QR code, and nothing else is
rendered for it: no router, no data, no handlers that could read or change a game.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable
from urllib.parse import parse_qs, urlsplit

import flet as ft

from companion.resources import IN_CHECKOUT
from companion.ui.model import ME, AppModel
from companion.ui.phone_text import PhoneTexts, use_phone_texts
from companion.ui.widgets import Texts, screen

log = logging.getLogger("tabula.invite")

# How the host starts table mode: a checkout with make, an installed Tabula with its command.
START_TABLE_MODE = "make run ARGS=--lan" if IN_CHECKOUT else "tabula run --lan"
PREFS_KEY = "tabula.table_token"  # browser storage (localStorage on the web): one value per origin
QUIET_ZONE = 4  # modules of white around a QR code: the standard's minimum


@dataclass(frozen=True)
class InviteInfo:
    """What the server tells the app: the invite URL (with the token) and the token itself."""

    url: str
    token: str


def qr_svg(url: str, error: str = "m") -> bytes:
    """The QR code of `url` as an SVG picture: drawn as shapes, crisp at any size, and drawn where the
    browser decodes no image for the app (a page on plain http at a LAN address, as every phone at a
    table with a computer has it, gets no ImageDecoder: a PNG stayed blank there). `error`: the share of
    the code that may be damaged and still read ("l" 7 %, "m" 15 %); a lower one makes a long link's code
    less dense, fine for a code shown on a screen."""
    return _qr_svg(url, error)


@lru_cache(maxsize=4)
def _qr_svg(url: str, error: str) -> bytes:
    import segno  # imported here: only the screens that draw a QR code need it (not needed at start)

    code = segno.make(url, error=error)
    side = code.symbol_size(border=QUIET_ZONE)[0]
    runs = []  # each row's runs of dark modules, one filled rectangle each
    for y, row in enumerate(code.matrix_iter(border=QUIET_ZONE)):
        x = 0
        while x < side:
            start = x
            while x < side and row[x]:
                x += 1
            if x > start:
                runs.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
            x += 1
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}">'
            f'<rect width="{side}" height="{side}" fill="#fff"/><path fill="#000" d="{"".join(runs)}"/></svg>').encode()


def shared_site(*urls: str | None) -> str | None:
    """Where other phones open this app (its folder, ending in "/"), for links they scan: the first of
    `urls` (the table's invite, the page's own address; a server page's is its websocket's, `ws://host:port`)
    that names this device to others, not as loopback or an unspecified address. None: only this device
    can open it (a server without --lan opened at 127.0.0.1, the static app served from this machine)."""
    for url in urls:
        parts = urlsplit(url or "")
        scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
        host = parts.hostname or ""
        if scheme not in ("http", "https") or host == "localhost" or host.endswith(".localhost"):
            continue
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            if not host:
                continue
        else:
            if address.is_loopback or address.is_unspecified:
                continue
        if parts.scheme != scheme:  # a websocket's address: the app's folder itself
            folder = parts.path.rstrip("/") + "/"
        else:  # a page's: a file in the app's folder
            folder = parts.path[:parts.path.rfind("/") + 1] or "/"
        return f"{scheme}://{parts.netloc}{folder}"
    return None


def token_in_route(route: str | None) -> str:
    """The `t` query value of a route like `/?t=abc` or `/invite?x=1&t=abc` ('' when absent)."""
    values = parse_qs(urlsplit(route or "").query).get("t")
    return values[0] if values else ""


def token_matches(given: object, token: str) -> bool:
    # Constant-time comparison: the answer time says nothing about how much of a guess was right.
    return isinstance(given, str) and bool(given) and hmac.compare_digest(given.encode(), token.encode())


def join_view(texts: Texts, route: str) -> ft.View:
    """The only page a session without the token sees."""
    return ft.View(
        route=route,
        controls=[ft.Column(
            [
                ft.Icon(ft.Icons.QR_CODE_SCANNER, size=96, color=ft.Colors.PRIMARY),
                ft.Text(texts.t("ui.join.title"), theme_style=ft.TextThemeStyle.HEADLINE_MEDIUM,
                        weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
                ft.Text(texts.t("ui.join.text"), size=18, text_align=ft.TextAlign.CENTER),
            ],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER, alignment=ft.MainAxisAlignment.CENTER,
            spacing=16, expand=True,
        )],
        padding=24,
        vertical_alignment=ft.MainAxisAlignment.CENTER,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def waiting_view(route: str) -> ft.View:
    """Shown for the moment it takes to ask the browser for a stored token."""
    return ft.View(route=route, controls=[ft.ProgressRing()],
                   vertical_alignment=ft.MainAxisAlignment.CENTER,
                   horizontal_alignment=ft.CrossAxisAlignment.CENTER)


@ft.component
def TableGate(lang: str, invite: InviteInfo, app: Callable):
    """Render `app` only for a session that showed the table token, now or on an earlier visit."""
    page = ft.context.page
    from_url = token_matches(token_in_route(page.route), invite.token)
    allowed, set_allowed = ft.use_state(from_url)
    checked, set_checked = ft.use_state(from_url)  # has the browser's stored token been looked at?

    async def remember():
        await ft.SharedPreferences().set(PREFS_KEY, invite.token)

    async def look_up_stored_token():
        if allowed:
            await remember()  # a reload or a new tab on this phone then works without the query
            return
        stored = await ft.SharedPreferences().get(PREFS_KEY)
        if token_matches(stored, invite.token):
            set_allowed(True)
        set_checked(True)

    def on_route_change(e):
        # The same tab opened again with the QR's URL keeps its session: main() does not run again.
        if token_matches(token_in_route(e.route), invite.token):
            set_allowed(True)
            set_checked(True)
            page.run_task(remember)

    def listen():
        if not allowed:
            page.on_route_change = on_route_change

    ft.use_effect(look_up_stored_token, dependencies=[])
    ft.use_effect(listen, dependencies=[])  # the app's Router takes the route handler over once allowed

    if allowed:
        return app()
    if not checked:
        return [waiting_view(page.route or "/")]
    return [join_view(Texts(lang), page.route or "/")]


def qr_side(page) -> float:
    """Most of a phone's width, so the code scans from across the table; on a laptop it still fits
    the window's height below the app bar and the URL."""
    width = page.width or 390
    height = page.height or 844
    return max(200, min(width - 24, height - 240, 640))


def command_box(command: str) -> ft.Control:
    return ft.Semantics(label=command, container=True, content=ft.Container(
        ft.Text(command, size=18, selectable=True, weight=ft.FontWeight.BOLD),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, padding=12, border_radius=8))


@ft.component
def InviteScreen(model: AppModel, invite: InviteInfo | None, table=None):
    """The invite URL and its QR code in table mode; in the static web app, letting the other phones
    join this phone's games (`table`: companion/web_table.py's HostTable); otherwise what is true here
    and how to get there (the server app without --lan is this computer's only)."""
    title = model.t("ui.invite.title")
    if table is not None:
        controls = guest_controls(model) if model.at_table else [HostInvite(model, table)]
        return screen(model, "/invite", title, controls, back="/")
    if invite is None:
        controls = [
            ft.Icon(ft.Icons.WIFI_OFF, size=64, color=ft.Colors.OUTLINE),
            ft.Text(model.t("ui.invite.off_title"), theme_style=ft.TextThemeStyle.TITLE_LARGE,
                    weight=ft.FontWeight.BOLD),
            ft.Text(model.t("ui.invite.off_text"), size=16),
            command_box(START_TABLE_MODE),
        ]
        return screen(model, "/invite", title, controls, back="/")
    controls = [
        qr_image(model, invite.url),
        # Selectable text shows in the accessibility tree as an empty text field: the label names it.
        ft.Semantics(label=invite.url, container=True, content=ft.Text(
            invite.url, size=20, weight=ft.FontWeight.BOLD, selectable=True, text_align=ft.TextAlign.CENTER)),
        ft.Text(model.t("ui.invite.help"), size=15, text_align=ft.TextAlign.CENTER),
    ]
    return screen(model, "/invite", title, controls, back="/")


def qr_image(model: AppModel, url: str) -> ft.Control:
    side = qr_side(ft.context.page)
    return ft.Row([ft.Semantics(
        label=model.t("ui.invite.qr"), image=True, container=True,
        content=ft.Image(src=qr_svg(url, "l"), width=side, height=side, fit=ft.BoxFit.CONTAIN),
    )], alignment=ft.MainAxisAlignment.CENTER)


def heading(text: str) -> ft.Control:
    return ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_LARGE, weight=ft.FontWeight.BOLD)


def guest_controls(model: AppModel) -> list[ft.Control]:
    """A guest phone: it is at the host phone's table, which keeps every game."""
    return [ft.Icon(ft.Icons.PHONELINK, size=64, color=ft.Colors.PRIMARY),
            heading(model.t("ui.invite.guest_title")),
            ft.Text(model.t("ui.invite.guest_text"), size=16)]


@ft.component
def HostInvite(model: AppModel, table) -> ft.Control:
    """The host phone: who is at the table, and an invite for the next phone, one after the other."""
    page = ft.context.page
    answer, set_answer = ft.use_state("")  # a pasted answer
    # the answer as its changes arrive: Join (or Enter) may come from a render before the last change
    pasted = ft.use_ref("")
    phone = use_phone_texts()  # what its field draws while its phone types (companion/ui/phone_text.py)
    shared, set_shared = ft.use_state(("", ""))  # (invite link, what sharing it did): said under that invite

    def listen():
        def changed():
            from companion.web_main import in_page
            in_page(page, model.changed)
        table.listeners.append(changed)
        heard = model.broadcast.watch(ME)  # a phone at the table says which player it is

        def stop():
            table.listeners.remove(changed)
            heard()
        return stop
    ft.use_effect(listen, dependencies=[])

    guests = len(table.guests)
    controls = [
        ft.Icon(ft.Icons.PHONELINK, size=48, color=ft.Colors.PRIMARY),
        heading(model.t("ui.invite.host_title")),
        ft.Text(model.t("ui.invite.guests", count=guests) if guests else model.t("ui.invite.host_text"), size=16),
    ]
    controls += [ft.Text(phone, size=16, weight=ft.FontWeight.BOLD) for phone in guest_phones(model, table)]
    if table.problem:
        controls.append(ft.Text(model.t(f"ui.invite.problem.{table.problem}"), size=16, color=ft.Colors.ERROR,
                                weight=ft.FontWeight.BOLD))
    if not table.joining:
        controls.append(ft.FilledButton(model.t("ui.invite.let_join"), icon=ft.Icons.QR_CODE,
                                        on_click=lambda e: table.invite(), height=56,
                                        disabled=table.problem == "full"))
    elif not table.link:
        controls.append(ft.Row([ft.ProgressRing(), ft.Text(model.t("ui.invite.making"))]))
    else:
        note = shared[1] if shared[0] == table.link else ""
        controls += invite_controls(model, table, answer, set_answer, note, lambda said: set_shared((table.link, said)),
                                    phone, pasted)
    return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def guest_phones(model: AppModel, table) -> list[str]:
    """Each phone at the table, with the players it says it is ("this phone is me")."""
    phones = []
    for number, guest in sorted(table.guests.items()):
        me = guest.model.me.items() if guest.model is not None else ()
        names = [game.config["players"][seat]["name"] for sid, seat in me if (game := model.repo.game(sid))]
        phones.append(model.t("ui.invite.phone_is", number=number, names=", ".join(names)) if names
                      else model.t("ui.invite.phone", number=number))
    return phones


def invite_controls(model: AppModel, table, answer: str, set_answer, note: str, set_note,
                    phone: PhoneTexts, pasted) -> list[ft.Control]:
    """The open invite: its code (and its link, shared with the phone's share sheet or copied, for a phone
    that cannot scan it; `note`: what that did), then the answer of the phone that opened it, scanned or
    pasted."""
    def scan(e):
        # The camera's screen (web/tabula-qr.js) in the app's words and theme (a setting of Tabula's).
        table.scan({key: model.t(f"ui.invite.scan_{key}") for key in ("title", "hint", "cancel")} | {"theme": model.theme})

    def paste(e):
        table.answer(pasted.current)
        pasted.current = ""  # the app empties the field: drawn as the app has it
        set_answer("")

    def changed(text: str) -> None:
        phone.typed("answer", text)
        pasted.current = text
        set_answer(text)

    async def copy(e):
        await ft.Clipboard().set(table.link)
        set_note(model.t("ui.invite.copied"))

    async def share(e):
        try:
            await ft.Share().share_text(table.link, mail_to_fallback_enabled=False, download_fallback_enabled=False)
            set_note("")
        except RuntimeError as problem:  # the browser has no share sheet (most desktops)
            log.info("no share sheet: %s", problem)
            await ft.Clipboard().set(table.link)
            set_note(model.t("ui.invite.no_share"))

    return [
        ft.Text(model.t("ui.invite.step_scan"), size=16, weight=ft.FontWeight.BOLD),
        qr_image(model, table.link),
        ft.Row([ft.FilledTonalButton(model.t("ui.invite.share_link"), icon=ft.Icons.SHARE, on_click=share, height=48,
                                     expand=True),
                ft.OutlinedButton(model.t("ui.invite.copy_link"), icon=ft.Icons.COPY, on_click=copy, height=48,
                                  expand=True)], spacing=8),
        *([ft.Semantics(label=note, live_region=True, container=True, content=ft.Text(note, size=14))] if note else []),
        ft.Text(model.t("ui.invite.step_answer"), size=16, weight=ft.FontWeight.BOLD),
        ft.FilledButton(model.t("ui.invite.scan"), icon=ft.Icons.QR_CODE_SCANNER, on_click=scan, height=56),
        phone.drawn("answer", ft.TextField(label=model.t("ui.invite.paste"), value=phone.shown("answer", answer),
                                           on_change=lambda e: changed(e.control.value), on_submit=paste,
                                           multiline=False)),
        ft.OutlinedButton(model.t("ui.invite.join"), on_click=paste, height=48, disabled=not answer.strip()),
        ft.TextButton(model.t("ui.invite.stop"), on_click=lambda e: table.stop()),
    ]

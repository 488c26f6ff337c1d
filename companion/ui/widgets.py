"""Small reusable pieces: page scaffold, labelled icon buttons, counter steppers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import flet as ft

from companion.core.text import Msg, tr
from companion.ui.late_taps import LateTaps, ShownIconButton, shown
from companion.ui.model import AppModel


@dataclass(frozen=True)
class Texts:
    """The language alone, for memoized components: passing the AppModel would subscribe them to
    every change and defeat the memo. Same `t`/`m` as the model, so widgets take either."""

    lang: str

    def t(self, key: str, **params) -> str:
        return tr(self.lang, key, **params)

    def m(self, msg: Msg) -> str:
        return msg.render(self.lang)

TOUCH = 48  # minimum touch target, in logical pixels
TITLE_SIZES = ((22, 1), (17, 1), (17, 2), (15, 2), (14, 2))  # an app bar's title: sizes and lines, tried in turn
EM = 0.6  # a character's width in Roboto, in its size, on the generous side (measured: 0.5 to 0.55)

PLAYER_COLOURS = {
    "violet": "#7b4fa8", "orange": "#e07b1a", "white": "#e8e4da", "brown": "#7a4a26",
    "red": "#c62828", "blue": "#1e5fb4", "yellow": "#e6b800", "green": "#2e7d32",
    "black": "#2b2b2b", "purple": "#6a1b9a", "grey": "#8a8a8a", "pink": "#d81b60",
}


def ink_on(colour: str) -> str:
    """Dark or white, whichever reads on a player's colour (a check mark on brown or black is white)."""
    hex_ = PLAYER_COLOURS.get(colour, colour).lstrip("#")[:6]
    r, g, b = (int(hex_[i:i + 2], 16) / 255 for i in (0, 2, 4))
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#222222" if luminance > 0.18 else "#ffffff"  # 0.18: about equal contrast with either ink


def theme_mode(theme: str) -> ft.ThemeMode:
    return ft.ThemeMode.DARK if theme == "dark" else ft.ThemeMode.LIGHT


def colour_dot(colour: str, size: int = 16) -> ft.Control:
    # The outline in the page's ink: a white dot on a light card, or a black one on a dark card, is seen.
    return ft.Container(width=size, height=size, border_radius=size / 2,
                        bgcolor=PLAYER_COLOURS.get(colour, "#999999"),
                        border=ft.Border.all(1.5, ft.Colors.ON_SURFACE_VARIANT))


def icon_button(icon, label: str, on_click: Callable | None, disabled: bool = False,
                selected: bool | None = None, late: LateTaps | None = None, **options) -> ft.Control:
    """An IconButton that screen readers and tests can find by name (its tooltip does not name it). The
    name is the icon's own label, which Flutter merges into the button's node: a Semantics wrapped
    around the button made a second, nameless button node under it that a screen reader stops on.
    `late`: the button acts on what it shows (keyed by it), and a late tap on it still counts
    (companion/ui/late_taps.py)."""
    button = (ft.IconButton if late is None else ShownIconButton)(
        icon=ft.Icon(icon, semantics_label=label), on_click=on_click, disabled=disabled, selected=selected,
        width=TOUCH, height=TOUCH, **options)
    return shown(button, late) if late is not None else button


def tick_box(label: str, value: bool, on_change: Callable) -> ft.Control:
    """A checkbox that is a 48 px target: Flutter pads one to 48 px on phones, but shrinks it to 40 px
    in a desktop browser (and no theme setting of Flet's sets the tap-target size)."""
    return ft.Checkbox(semantics_label=label, value=value, on_change=on_change, width=TOUCH, height=TOUCH)


COLUMN = {"xs": 12, "md": 10, "lg": 8, "xl": 6}  # the page's column: all of a phone, ~720 px on large screens
MARGIN = {"xs": 0, "md": 1, "lg": 2, "xl": 3}
MESSAGE_ROOM = 120  # room left below the page's last control while a message floats over it


def screen(model: AppModel, route: str, title: str, controls: list[ft.Control], *,
           back: str | None = None, actions: list[ft.Control] | None = None,
           bottom: ft.Control | None = None, bottom_note: str | None = None, error: str = "", info: str = "",
           on_dismiss=None, page_key: str = "") -> ft.View:
    """A phone-first page: one scrolling column, at most ~720 px wide on large screens.

    `error` or else `info` (what the last change did, e.g. what Undo took back) floats over the page
    above its bottom bar (it never pushes the page down) until `on_dismiss`; without either, the
    model's message for this route is shown (a setting or play that was not saved; in the static app,
    a write the browser refused, on whatever screen is open). `bottom_note` says right above the bottom
    bar why its last tap did not do what it says. `page_key`: a screen shown for one thing after another
    (a game's final scoring, then the next game's) gives each its own scrolling page, opening at its top
    (the router keeps the screen, and a kept page keeps where it was scrolled)."""
    if not (error or info):
        error, on_dismiss = model.error_at(route), model.dismiss_message
    leading = None
    if back is not None:
        leading = icon_button(ft.Icons.ARROW_BACK, model.t("ui.back"), lambda e: ft.context.page.navigate(back))
    message = message_banner(model, error or info, error=bool(error), on_dismiss=on_dismiss) if error or info else None
    # What comes and goes with the game (a message, the room under it, Undo keyed by the entry it takes
    # back) sits in a container that is always there: the phone builds a control again with everything
    # in it when its list of controls changes, and the whole screen when the app bar's own list of
    # actions does (Flet's View hears its app bar); a container's new content is built alone.
    # While a message floats, the column ends with room to scroll its last controls out from under it.
    room = ft.Container(height=MESSAGE_ROOM if message else 0)
    body = ft.ResponsiveRow(
        controls=[
            ft.Container(col=MARGIN),
            ft.Column(col=COLUMN, controls=[*controls, room], spacing=12,
                      horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        ],
    )
    # The page scrolls under the message, which floats at the bottom, above the bottom bar.
    page = ft.Column([body], scroll=ft.ScrollMode.AUTO, expand=True,
                     key=ft.ScrollKey(SCROLLER + page_key))
    floating = ft.Container(message, left=0, right=0, bottom=8)
    cannot_store = [storage_note(model)] if model.storage_note else []
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=bar_title(title, len(actions or [])),
                         leading=leading,
                         automatically_imply_leading=False, actions=[ft.Container(a) for a in actions or []]),
        controls=[*cannot_store, ft.Stack([page, floating], expand=True)],
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        bottom_appbar=bottom_bar(bottom, bottom_note) if bottom else None,
    )


def bar_title(title: str, actions: int) -> ft.Text:
    """The app bar's title in one line beside its buttons ("City of Rome" next to four of them on a phone,
    never "City of / Rome"), smaller where it needs to be; a title too long for one line (a game's full
    name) in two smaller ones, never cut ("The Castles of / Tuscany", "Rom – Die Stadt / der Baumeister")."""
    size, lines = title_size(title, (ft.context.page.width or 390) - 72 - TOUCH * actions)  # 72: back, spacing
    return ft.Text(title, size=size, max_lines=lines, overflow=ft.TextOverflow.ELLIPSIS)


def title_size(title: str, room: float) -> tuple[int, int]:
    """The size and lines of a title in `room` px: the first of TITLE_SIZES it fits."""
    return next(((size, lines) for size, lines in TITLE_SIZES
                 if wrapped_lines(title, int(room / (EM * size) + 1e-6)) <= lines), TITLE_SIZES[-1])


def wrapped_lines(text: str, width: int) -> int:
    """How many lines `text` takes wrapped at its spaces, `width` characters a line."""
    lines, line = 1, 0
    for word in text.split():
        if len(word) > width:
            return len(text)  # a word wider than the line: cut whatever the lines
        if line and line + 1 + len(word) > width:
            lines, line = lines + 1, len(word)
        else:
            line += (1 if line else 0) + len(word)
    return lines


SCROLLER = "page"  # the scrolling column of `screen`


async def scroll_page_to(page: ft.Page, key: str) -> None:
    """Scroll the open screen (`screen`'s column) to the control with scroll key `key`: a jump, not an
    animation, since Flutter drops every tap made while a scroll animates (a board's tab tapped then
    did nothing), and a slow phone draws an animation in jerks anyway."""
    column = open_scroller(page)
    if column is not None:
        await column.scroll_to(scroll_key=key, duration=0)


def open_scroller(page: ft.Page) -> ft.Column | None:
    """The scrolling column of the top view. With `render_views` the page's views are a component
    whose rendered body (its `_b`, Flet 1.0.5) holds the views, perhaps through nested components."""
    def rendered(item) -> list:
        while hasattr(item, "_b") and not isinstance(item, ft.Control):
            item = item._b
        return [x for i in item for x in rendered(i)] if isinstance(item, list) else [item]
    views = [v for v in rendered(page.views) if isinstance(v, ft.View)]
    if not views or not views[-1].controls:
        return None
    stack = rendered(views[-1].controls[0])[0]
    column = rendered(stack.controls[0])[0] if isinstance(stack, ft.Stack) and stack.controls else None
    return column if isinstance(column, ft.Column) else None


def bottom_bar(bottom: ft.Control, note: str | None) -> ft.BottomAppBar:
    """The thumb slot; `note` says right above its buttons why the last tap there did not do what it
    says (a message at the top of a long page would not be seen). The note is always there, hidden when
    there is nothing to say, so that its coming and going leaves the buttons the same controls: a tap on
    one already on its way when the note goes still reaches it (a button built anew has a new id, and a
    tap naming the old one is dropped)."""
    said = ft.Semantics(label=note or "", live_region=True, container=True, visible=bool(note), content=ft.Row([
        ft.Icon(ft.Icons.ERROR_OUTLINE, size=18, color=ft.Colors.ERROR),
        ft.Text(note or "", size=13, color=ft.Colors.ERROR, weight=ft.FontWeight.BOLD, max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS, expand=True)], spacing=6))
    column = ft.Column([said, bottom], spacing=4, tight=True,
                       alignment=ft.MainAxisAlignment.START if note else ft.MainAxisAlignment.CENTER)
    return ft.BottomAppBar(content=column, height=120 if note else 72,
                           padding=ft.Padding.symmetric(horizontal=12, vertical=6 if note else 0))


def section(title: str, controls: list[ft.Control]) -> ft.Control:
    return ft.Column([ft.Text(title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD),
                      *controls], spacing=8)


def stepper(label: str, value: int, on_step: Callable[[int], None], *, who: str, model: "AppModel | Texts",
            steps: tuple[int, ...] = (1,), minimum: int | None = 0, maximum: int | None = None,
            show_label: bool = True) -> ft.Control:
    """`label  [-] value [+]`; each button is named e.g. "Money +1 (Anna)". At `maximum` the + buttons are
    disabled (a + there would do nothing); a bigger step goes as far as it can."""
    full = maximum is not None and value >= maximum
    minus = [icon_button(ft.Icons.REMOVE, model.t("ui.step", counter=label, delta=f"-{s}", player=who),
                         lambda e, s=s: on_step(-s), disabled=minimum is not None and value - s < minimum)
             for s in reversed(steps[:1])]
    plus = [icon_button(ft.Icons.ADD, model.t("ui.step", counter=label, delta=f"+{s}", player=who),
                        lambda e, s=s: on_step(s), disabled=full) for s in steps[:1]]
    bigger = [ft.Semantics(label=model.t("ui.step", counter=label, delta=f"+{s}", player=who), button=True,
                           container=True,
                           content=ft.TextButton(f"+{s}", on_click=lambda e, s=s: on_step(s), disabled=full,
                                                 style=ft.ButtonStyle(padding=4), width=TOUCH, height=TOUCH))
              for s in steps[1:]]
    return ft.Row(
        [
            *([ft.Text(label, expand=True, size=15)] if show_label else []),
            *minus,
            ft.Semantics(label=model.t("ui.value", counter=label, player=who, value=value), container=True,
                         content=ft.Text(str(value), size=20, weight=ft.FontWeight.BOLD, width=44,
                                         text_align=ft.TextAlign.CENTER)),
            *plus,
            *bigger,
        ],
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def error_banner(text: str) -> ft.Control:
    """A problem that is part of the page (a notice on Home, a board's problems): it stays in the column."""
    return _banner(text, ft.Icons.ERROR_OUTLINE, ft.Colors.ON_ERROR_CONTAINER, ft.Colors.ERROR_CONTAINER)


def message_banner(model: AppModel, text: str, *, error: bool, on_dismiss=None) -> ft.Control:
    """The floating message of `screen`: an error (a refused entry, "Not saved: ...") or what just
    happened, with a button that puts it away. Read out by screen readers when it appears."""
    colour, background = ((ft.Colors.ON_ERROR_CONTAINER, ft.Colors.ERROR_CONTAINER) if error
                          else (ft.Colors.ON_SECONDARY_CONTAINER, ft.Colors.SECONDARY_CONTAINER))
    close = ([ft.IconButton(icon=ft.Icon(ft.Icons.CLOSE, color=colour, semantics_label=model.t("ui.message.close")),
                            on_click=lambda e: on_dismiss(), width=TOUCH, height=TOUCH)] if on_dismiss else [])
    banner = ft.Container(
        content=ft.Row([
            ft.Icon(ft.Icons.ERROR_OUTLINE if error else ft.Icons.INFO_OUTLINE, color=colour),
            ft.Semantics(label=text, live_region=True, container=True,
                         content=ft.Text(text, color=colour), expand=True),
            *close,
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=background, border_radius=8, padding=ft.Padding.only(left=12, top=6, right=4 if close else 12, bottom=6),
        shadow=ft.BoxShadow(blur_radius=8, spread_radius=1, color="#40000000", offset=ft.Offset(0, 2)),
    )
    return ft.Container(padding=ft.Padding.symmetric(horizontal=12), content=ft.ResponsiveRow(
        [ft.Container(col=MARGIN), ft.Container(col=COLUMN, content=banner)]))


def storage_note(model: AppModel) -> ft.Control:
    """The static app in a tab that cannot store: said at the top of every screen, above what scrolls,
    and never put away; with "Use here" where this tab can take the storage over."""
    text = model.t(model.storage_note)
    colour = ft.Colors.ON_ERROR_CONTAINER
    use_here = model.use_here
    button = [ft.Row([ft.FilledButton(model.t("web.storage.use_here"), icon=ft.Icons.SAVE_ALT, height=TOUCH,
                                      on_click=lambda e: use_here())], alignment=ft.MainAxisAlignment.END)] \
        if use_here is not None else []
    return ft.Container(
        content=ft.Column([
            ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=colour),
                    ft.Semantics(label=text, live_region=True, container=True,
                                 content=ft.Text(text, color=colour), expand=True)]),
            *button,
        ], spacing=4, tight=True),
        bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=8, padding=ft.Padding.symmetric(horizontal=12, vertical=8),
    )


def _banner(text: str, icon, colour, background) -> ft.Control:
    """A message read out by screen readers when it appears."""
    return ft.Semantics(
        label=text, live_region=True, container=True,
        content=ft.Container(
            content=ft.Row([ft.Icon(icon, color=colour), ft.Text(text, color=colour, expand=True)]),
            bgcolor=background, padding=12, border_radius=8,
        ),
    )

"""Entering box data: values printed on components, asked once and kept (see game-facts' policy).

A value on its own gets a row: its label (where it is printed) beside a short number field. Values a
game declares printed in one place (`BoxValue.group`: a table on a board, the spaces of a track) are
shown together under that place's name, each a small field named by its `short` label.

A screen gives the form the AppModel; a game's own screen part (which has no model) gives it its view and
dispatch instead: the stored values are then the view's `box`, and saving is the `box_data` move."""

from __future__ import annotations

import asyncio

import flet as ft

from companion.core.box import check_box_values
from companion.core.definition import BoardStateError, BoxValue
from companion.games import GAMES
from companion.ui.model import AppModel
from companion.ui.phone_text import PhoneTexts, use_phone_texts
from companion.ui.view import BOX_DATA, Dispatch, GameView
from companion.ui.widgets import TOUCH


def describe(definition, key: str) -> BoxValue:
    """A box key's label: from the game's list, or its `box_value` for keys made on demand (a key the game
    does not describe has none)."""
    for bv in definition.box.values:
        if bv.key == key:
            return bv
    made = definition.box.value(key) if definition.box.value else None
    return made or BoxValue(key, None)


def label_of(definition, key: str):
    """A box key's label (None for a key the game does not describe)."""
    return describe(definition, key).label


def grouped(values: list[BoxValue]) -> list[list[BoxValue]]:
    """The values in order, those printed in one place (the same `group`) next to each other."""
    out: list[list[BoxValue]] = []
    for bv in values:
        if bv.group is not None and out and out[-1][0].group == bv.group:
            out[-1].append(bv)
        else:
            out.append([bv])
    return out


KEEP_AFTER = 0.4  # s: a value typed is kept once the typing pauses this long


def typed_number(text: str) -> int | None:
    """A value as typed: a whole number of at most six digits, else None. (isdigit() alone takes "²",
    which int() does not, and 5,000 digits, which int() refuses too.)"""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else None


def box_problem(model: AppModel, definition, texts: list[tuple[BoxValue, str]], box: dict) -> tuple[str, str | None] | None:
    """Why `box` cannot be kept, or one of `texts` (a value and the text typed for it) is no value: what to
    say and the key of the value it is about; None when they can be kept."""
    for bv, text in texts:
        if text.strip() and typed_number(text) is None:
            return model.t("ui.settings.box_not_number", field=model.m(bv.label) if bv.label else bv.key,
                           value=text.strip()), bv.key
    try:  # the same check as a backup's or a --box file's box data
        check_box_values(definition, box)
    except BoardStateError as error:  # said with the field's label, never its key ("box.villa_2")
        key = error.field.split(".", 1)[1] if "." in error.field else None
        named = label_of(definition, key) if key else None
        return (model.t("ui.score.invalid", where=model.m(named), problem=model.m(error.msg)) if named
                else model.m(error.msg)), key
    return None


@ft.component
def BoxDataForm(model: AppModel | GameView, game_id: str, keys: tuple[str, ...], on_saved=None,
                dispatch: Dispatch | None = None):
    """The values `keys` of the game's box. Each value is kept as it is typed, once it is one (a whole
    number the box can hold) and the typing pauses (KEEP_AFTER: "12" is not kept as 1 on its way):
    whatever button ends the step, nothing typed is lost, also after the form is gone. Save checks them
    all and says so; `on_saved` then runs (a dialog goes on)."""
    definition = GAMES[game_id]
    page = ft.context.page
    stored = model.box if dispatch is not None else model.repo.box_data(game_id)
    drafts, set_drafts = ft.use_state({})
    typing = ft.use_ref(None)  # key -> the text typed last, as the keystrokes arrive
    phone = use_phone_texts()  # what a field draws while its phone types (companion/ui/phone_text.py)
    # What the form said last, whether it is a problem, and the value it is about (its field says it too).
    said, set_said = ft.use_state(("", False, None))
    values = [describe(definition, k) for k in keys]

    def text_of(bv: BoxValue) -> str:
        return phone.shown(bv.key, drafts[bv.key] if bv.key in drafts else value_text(bv, stored))

    def latest() -> dict:  # the stored values as they are now (another phone may have entered some)
        return model.box if dispatch is not None else model.repo.box_data(game_id)

    def keep(entered: dict, then=None) -> None:
        if dispatch is not None:  # a game's screen part: kept by the move
            dispatch({"type": BOX_DATA, "values": entered}, then=(lambda saved: then()) if then else None)
            return
        failed, rescored = model.keep_box_data(game_id, entered)  # (said by the form only while it is shown)
        if failed is not None or then or rescored:  # "Not saved: ...", Save's "Saved.", results changed
            set_said((failed or " ".join([*([model.t("ui.settings.box_saved")] if then else []), *rescored]),
                      failed is not None, None))
        if failed is None and then:
            then()

    def typed(key: str, text: str) -> None:
        phone.typed(key, text)
        typing.current = {**(typing.current or {}), key: text}
        set_drafts(lambda d: {**d, key: text})
        page.run_task(settled, key, text)

    async def settled(key: str, text: str) -> None:
        await asyncio.sleep(KEEP_AFTER)
        if (typing.current or {}).get(key) != text:
            return  # typed on: the later text is kept (or said) in its turn
        value = typed_number(text)
        wrong = box_problem(model, definition, [], {**latest(), key: value}) if value is not None else None
        if wrong is not None:
            set_said((wrong[0], True, wrong[1]))
            return
        if said[2] == key:  # what was said of this field is over
            set_said(("", False, None))
        if value is not None:
            keep({key: value})

    def texts_now() -> dict:  # key -> its text as typed (Save's render may be a keystroke behind), or stored
        typed_now, now = typing.current or {}, latest()
        return {bv.key: typed_now[bv.key] if bv.key in typed_now else value_text(bv, now) for bv in values}

    def saved(texts: dict) -> None:  # the texts kept are no drafts now; one typed on since stays one
        typing.current = {k: t for k, t in (typing.current or {}).items() if texts.get(k) != t}
        set_drafts(lambda d: {k: t for k, t in d.items() if texts.get(k) != t})
        if on_saved:
            on_saved()

    def save(e):
        texts = texts_now()
        entered = {k: typed_number(t) for k, t in texts.items() if typed_number(t) is not None}
        wrong = box_problem(model, definition, [(bv, texts[bv.key]) for bv in values], {**latest(), **entered})
        if wrong is not None:
            set_said((wrong[0], True, wrong[1]))
            return  # the values typed stay in the fields
        keep(entered, then=lambda: saved(texts))

    fields = [value_row(model, group[0], text_of(group[0]), group[0].key in stored, typed, phone) if len(group) == 1
              and group[0].group is None else value_group(model, group, text_of, said[2], typed, phone)
              for group in grouped(values)]
    # The message above the button, where the eye is after the tap (never hidden under a bottom bar).
    return ft.Column([*fields, *([form_message(*said[:2])] if said[0] else []),
                      ft.FilledButton(model.t("ui.settings.box_save"), icon=ft.Icons.SAVE, on_click=save, height=TOUCH)],
                     spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def value_text(bv: BoxValue, stored: dict) -> str:
    """A value's field as the box data has it: entered, known from the rulebook, or empty."""
    if bv.key in stored:
        return str(stored[bv.key])
    return "" if bv.known is None else str(bv.known)


def form_message(text: str, problem: bool) -> ft.Control:
    return ft.Semantics(label=text, live_region=True, container=True, exclude_semantics=True, content=ft.Text(
        text, color=ft.Colors.ERROR if problem else None, weight=ft.FontWeight.BOLD if problem else None))


@ft.component
def BoxCard(model: AppModel, game_id: str, keys: tuple[str, ...], heading: str = "ui.score.box_needed"):
    """The values printed on the box that a result needs and nobody has entered yet, under `heading` (a
    game asks for them before the game where it can; a result asks again). A value entered stays in the
    card while it is on the screen (the result needs it no more, but the player may be typing on)."""
    seen = ft.use_ref(())
    seen.current = tuple(dict.fromkeys([*seen.current, *keys]))
    if not seen.current:
        return ft.Container()
    return ft.Card(content=ft.Container(padding=12, content=ft.Column([
        ft.Text(model.t(heading), weight=ft.FontWeight.BOLD), BoxDataForm(model, game_id, seen.current)])))


def number_field(label: str, value: str, on_typed, width: float | None = None, shown: str | None = None,
                 error: bool = False, read_only: bool = False) -> ft.TextField:
    """A number field named `label` for screen readers and tests; `shown` is drawn as its label (none: the
    text beside it says what it is)."""
    return ft.TextField(label=shown if shown is not None else label,
                        label_style=ft.TextStyle(size=12) if shown is not None else ft.TextStyle(size=0.01),
                        value=value, width=width,
                        content_padding=ft.Padding.symmetric(horizontal=8, vertical=12) if shown is not None else None,
                        filled=True, border=ft.InputBorder.UNDERLINE, text_align=ft.TextAlign.CENTER,
                        keyboard_type=ft.KeyboardType.NUMBER, read_only=read_only,
                        border_color=ft.Colors.ERROR if error else None,
                        on_change=lambda e: on_typed(e.control.value))


def value_row(model: AppModel, bv: BoxValue, text: str, entered: bool, typed, phone: PhoneTexts) -> ft.Control:
    """One value: its label (where it is printed) and how it is known, beside its number field."""
    if bv.source:
        helper = model.m(bv.source)
    else:
        helper = model.t("ui.settings.box_entered" if entered else "ui.settings.box_unknown")
    label = model.m(bv.label) if bv.label else bv.key
    # The long label wraps beside a short number field (a field's own label cannot wrap).
    return ft.Row([
        ft.Column([ft.Text(label), ft.Text(helper, size=12, color=ft.Colors.ON_SURFACE_VARIANT)], spacing=2,
                  expand=True),
        phone.drawn(bv.key, number_field(label, text, lambda value: typed(bv.key, value), width=88)),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER)


def value_group(model: AppModel, group: list[BoxValue], text_of, wrong: str | None, typed,
                phone: PhoneTexts) -> ft.Control:
    """Values printed in one place: the place's name, what is known from elsewhere, then a small field per
    value (its short name: "Space 7"), three a row on a phone; one the rulebook gives is shown, not changed."""
    sources = [model.m(bv.source) for bv in group if bv.source]
    return ft.Column([
        ft.Text(model.m(group[0].group), weight=ft.FontWeight.BOLD),
        *[ft.Text(source, size=12, color=ft.Colors.ON_SURFACE_VARIANT) for source in dict.fromkeys(sources)],
        ft.ResponsiveRow([ft.Container(phone.drawn(bv.key, number_field(
            model.m(bv.short or bv.label), text_of(bv), lambda value, key=bv.key: typed(key, value),
            shown=model.m(bv.short or bv.label), error=bv.key == wrong, read_only=bv.known is not None)),
            col={"xs": 4, "sm": 3}) for bv in group], spacing=6, run_spacing=6),
    ], spacing=6)

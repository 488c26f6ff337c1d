"""A board's problems said where they are: each beside the part of the board it is about, the rest in a
list at the top of the board. The score screen hands an editor the problems of its player's board once
the players said it is entered (never while it is being entered); the editor places them."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.core.where import part_of


def scroll_key(path: str) -> str:
    """Where a problem is said on a board: the score screen scrolls there when Calculate finds it."""
    return f"problem:{path}"


@dataclass(frozen=True)
class Problem:
    path: str  # where, as the game's reader names it (never shown)
    text: str  # in the players' words: the part of the board and what is wrong


def problem_line(text: str, path: str | None = None) -> ft.Control:
    """One problem in the error colour, read out when it appears; with its path, a place the score screen
    can scroll to (`scroll_key`)."""
    return ft.Semantics(label=text, live_region=True, container=True,
                        key=ft.ScrollKey(scroll_key(path)) if path is not None else None, content=ft.Row([
        ft.Icon(ft.Icons.ERROR_OUTLINE, size=18, color=ft.Colors.ERROR),
        ft.Text(text, size=13, color=ft.Colors.ERROR, weight=ft.FontWeight.BOLD, expand=True),
    ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.START))


class Placing:
    """Hands out a board's problems part by part (`at("frame")`); `rest()` is what no part took."""

    def __init__(self, problems=()):
        self.left = list(problems)

    def texts(self, *parts: str) -> list[str]:
        mine = [p for p in self.left if part_of(p.path) in parts]
        self.left = [p for p in self.left if p not in mine]
        return [p.text for p in mine]

    def said_already(self, said) -> None:
        """Leave out the problems the editor says itself already (`said(problem)` true), in its own words."""
        self.left = [p for p in self.left if not said(p)]

    def at(self, *parts: str) -> list[ft.Control]:
        mine = [p for p in self.left if part_of(p.path) in parts]
        self.left = [p for p in self.left if p not in mine]
        return [problem_line(p.text, p.path) for p in mine]

    def rest(self) -> list[ft.Control]:
        lines, self.left = [problem_line(p.text, p.path) for p in self.left], []
        return lines

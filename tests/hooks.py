"""Flet's hooks stood in for, to run a component's function render by render without a page: each hook
keeps its value by its place in the render, as Flet's do, and a dialog a render asks for is kept to be
looked at. So a test can run two taps' handlers of one render, as two taps that reach Python together do."""

import flet as ft
import flet.components.component_decorator as component_decorator


class Hooks:
    def __init__(self, monkeypatch):
        self.slots: list = []
        self.at = 0
        self.dialog = None
        for name in ("use_state", "use_ref", "use_memo", "use_callback", "use_dialog"):
            monkeypatch.setattr(ft, name, getattr(self, name))
        # A component used inside the one rendered runs inline, its hooks after the ones before it; one
        # named in `skip` (that needs a page) is left out.
        monkeypatch.setattr(component_decorator, "current_renderer", lambda: self)
        self.skip: set[str] = set()

    def render_component(self, fn, args, kwargs, key=None):
        return ft.Container() if fn.__name__ in self.skip else fn(*args, **kwargs)

    def render(self, component, *args, **kwargs):
        """The component's function run once more, with the hooks as the renders before it left them."""
        self.at = 0
        return getattr(component, "__component_impl__", component)(*args, **kwargs)

    def _slot(self, make):
        if self.at == len(self.slots):
            self.slots.append(make())
        slot = self.slots[self.at]
        self.at += 1
        return slot

    def use_state(self, initial):
        box = self._slot(lambda: [initial() if callable(initial) else initial])

        def set_state(value):
            box[0] = value(box[0]) if callable(value) else value
        return box[0], set_state

    def use_ref(self, initial=None):
        return self._slot(lambda: type("Ref", (), {"current": initial})())

    def use_memo(self, make, deps=None):
        return self._slot(make)

    def use_callback(self, fn, deps=None):
        return self._slot(lambda: fn)

    def use_dialog(self, dialog=None):
        self.dialog = dialog


def named(control, name: str):
    """The control in `control`'s tree that is named `name` (its text, label or icon's label)."""
    for found in walk(control):
        names = [getattr(found, attr, None) for attr in ("text", "label", "content", "tooltip")]
        icon = getattr(found, "icon", None)
        names.append(getattr(icon, "semantics_label", None))
        if name in names:
            return found
    raise AssertionError(f"no control named {name!r}")


def walk(control):
    if isinstance(control, (list, tuple)):
        for item in control:
            yield from walk(item)
        return
    if not isinstance(control, ft.BaseControl):
        return
    yield control
    for attr in ("content", "controls", "actions", "title"):
        yield from walk(getattr(control, attr, None))


def tap(control) -> None:
    """A tap on `control` (or on what it wraps: a Semantics around a button): its handler, run now."""
    while getattr(control, "on_click", None) is None:
        control = control.content
    control.on_click(None)

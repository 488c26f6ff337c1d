"""A value held in a Flet hook without its repr: used by every screen that keeps a large value in one."""


class HookValue:
    """A value kept in a hook (`ft.use_memo(lambda: HookValue(...), deps).value`), shown short. Flet 1.0.5
    formats every message it sends with repr() (an f-string in a debug log that is built even when the
    log is off), hooks included: 10,000 plays kept in a hook made each update of History 0.8 s slower."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __repr__(self) -> str:
        return f"HookValue({type(self.value).__name__})"

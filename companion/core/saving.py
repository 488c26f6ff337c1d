"""A change that could not be stored, said in plain words.

Every write of the app (an entry, a new game, a setting, box data, a play deleted or put back, an
import) either stores the change or leaves what was saved before exactly as it was, in memory as on
disk, and raises `SaveFailed`; its `msg` is what the screen says: "Not saved: <reason>. <what stays>".
"""

from __future__ import annotations

import contextlib
import errno

from companion.core.text import Msg

# The storage's own words for a refused write, as people say it (core.reason.*); any other error is
# shown in the system's words.
REASONS = {
    errno.ENOSPC: "core.reason.full",
    errno.EDQUOT: "core.reason.quota",
    errno.EFBIG: "core.reason.too_large",
    errno.EACCES: "core.reason.no_permission",
    errno.EPERM: "core.reason.no_permission",
    errno.EROFS: "core.reason.read_only",
    errno.EIO: "core.reason.io",
}


class StoredElsewhere(OSError):
    """A write the app refuses itself: in the static app, another tab of the browser stores Tabula's data
    (companion/web_main.py); this tab's writes would be lost, or undo the other's."""

    def __init__(self):
        super().__init__(errno.EROFS, "another tab of this browser stores Tabula's data")


def reason(error: BaseException | str) -> Msg:
    """Why a write failed, in plain words: an OSError by its errno, anything else (the browser's
    IndexedDB refusing a write) by its own text."""
    if isinstance(error, StoredElsewhere):
        return Msg("core.reason.other_tab")
    if isinstance(error, OSError):
        key = REASONS.get(error.errno)
        return Msg(key) if key else Msg("core.reason.other", detail=error.strerror or str(error) or type(error).__name__)
    text = (str(error) or type(error).__name__).rstrip(".")
    return Msg("core.reason.browser_full") if "QuotaExceeded" in text else Msg("core.reason.browser", detail=text)


class SaveFailed(Exception):
    """A change could not be stored: what was saved before stays. `outcome` is the message key that
    says what stays (`core.error.save_failed`: the game is as it was)."""

    def __init__(self, error: BaseException | str, outcome: str = "core.error.save_failed"):
        super().__init__(str(error))
        self.msg = Msg(outcome, reason=reason(error))


@contextlib.contextmanager
def saving(outcome: str):
    """`with saving("core.not_saved.setting"): repo.set_setting(...)`: an OSError becomes SaveFailed."""
    try:
        yield
    except OSError as error:
        raise SaveFailed(error, outcome) from error


def in_one_line(error: OSError) -> str:
    """Why a write failed, for a command's one-line error: the plain reason and the system's own words."""
    plain = reason(error)
    if plain.key == "core.reason.other":
        return plain.render("en")
    return f"{plain.render('en')} ({error.strerror or error})"

"""Carpe Diem's own edits of the end board (besides the core's `board_set` and `board_add`): each a pure
`BoardMove` the table hub applies to the latest board under the game's lock. A feature is named by its
kind and one of its cells, a frame goal by its arrow, a fountain card by its kind: never by a place in
a list, so an edit from a phone that drew an older board never lands on another part. Where the phone's
picture matters (the goal it replaces, the cards it counted) the edit says what it drew and is refused
when the board no longer has it.

- `entry_form` {form, tracked, keep, kept}: grid or counts, for the player's board and, in the same
  move, every other board still blank (the table's choice, `Preference("entry")`);
- `district_tap` {kind, row, column, anchor, completed}: a cell tapped with a kind of the palette;
- `feature_set` {kind, cell, completed | chimneys} and `feature_remove` {kind, cell};
- `frame_goal_set` {side, line, kind, vp, expect} and `frame_goal_remove` {side, line, expect};
- `fountain_card_add` {kind} and `fountain_card_remove` {kind, cards};
- `disc_move` {delta} and `disc_level` {delta}: the disc on the banderole bar, and with it every disc of
  the stack it leaves or joins (one move for all the boards it changes);
- `villas_add` {chimneys, delta} and `frame_met_add` {vp, delta}: the counts form.
"""

from __future__ import annotations

from typing import Any

from companion.core.definition import BoardMove, InvalidMove
from companion.core.moves import is_int, player_board
from companion.core.text import Msg
from companion.games.carpe_diem import district as d
from companion.games.carpe_diem.components import (
    FEATURE_KINDS, FOUNTAIN_CARDS, FRAME_GOALS, FRAME_KINDS, FRAME_VP, GRID, LANDSCAPES, SIDES, VILLA,
)

MOST_CHIMNEYS = 99  # as the board reader allows


def _bad() -> InvalidMove:
    return InvalidMove(Msg("core.error.bad_event"))


def _changed() -> InvalidMove:
    return InvalidMove(Msg("core.error.board_changed"))


def _cell(value: Any) -> list[int]:
    if not (isinstance(value, list) and len(value) == 2 and all(is_int(v) and 1 <= v <= GRID for v in value)):
        raise _bad()
    return list(value)


def _kind(event: dict, kinds=FEATURE_KINDS) -> str:
    if event.get("kind") not in kinds:
        raise _bad()
    return event["kind"]


def _features(board: dict, event: dict) -> list[dict]:
    """The player's district features; refused when the board is in the counts form by now."""
    features = (player_board(board, event).get("district") or {}).get("features")
    if not isinstance(features, list):
        raise _changed()
    return features


def _quick(board: dict, event: dict) -> dict:
    quick = player_board(board, event).get("quick")
    if not isinstance(quick, dict):
        raise _changed()
    return quick


# ---------------------------------------------------------------- grid or counts

def _tracked(event: dict, players: int) -> list[dict | None]:
    tracked = event.get("tracked", [None] * players)
    if not (isinstance(tracked, list) and len(tracked) == players and all(
            t is None or (isinstance(t, dict) and all(k in d.TRACKED and is_int(n) and n >= 0 for k, n in t.items()))
            for t in tracked)):
        raise _bad()
    return tracked


def _kept(event: dict) -> dict | None:
    kept = event.get("kept")
    if kept is None:
        return None
    if not (isinstance(kept, dict) and isinstance(kept.get("district"), dict)
            and isinstance(kept["district"].get("features"), list) and isinstance(kept.get("frame"), list)):
        raise _bad()
    return {"district": kept["district"], "frame": kept["frame"]}


def entry_form(board: dict, event: dict, config: dict) -> None:
    """The player's board in `form`; in the same move every other board still blank that is not in
    `keep` (boards said to be entered), so the whole table enters the districts one way. `tracked`: each
    player's district as the tracker counted it (a blank counts form is that); `kept`: the grid the
    player drew before switching to the counts, to bring back."""
    form, player = event.get("form"), event.get("player")
    me = player_board(board, event)
    tracked, keep = _tracked(event, len(board["players"])), event.get("keep", [])
    if form not in d.FORMS or not isinstance(keep, list):
        raise _bad()
    board["players"][player] = d.in_form(me, form, tracked[player], _kept(event))
    others = d.follow_form(board, form, tracked, keep=frozenset(keep) | {player})
    board["players"][:] = others["players"]


# ---------------------------------------------------------------- the district

def district_tap(board: dict, event: dict, config: dict) -> None:
    """A cell tapped with `kind` picked (`district.tap`); `anchor` is a cell of the feature being drawn
    (None: none), `completed` a new feature's first guess, as the phone worked it out from the tracker."""
    kind, features = _kind(event), _features(board, event)
    row, column = _cell([event.get("row"), event.get("column")])
    anchor = None if event.get("anchor") is None else _cell(event["anchor"])
    if not isinstance(event.get("completed", True), bool):
        raise _bad()
    features[:] = d.tap(features, anchor, kind, row, column, event.get("completed", True))[0]


def _feature(board: dict, event: dict) -> tuple[list[dict], int]:
    """The feature of `kind` on `cell`; refused when another phone took it away."""
    features = _features(board, event)
    index = d.feature_at(features, _kind(event), _cell(event.get("cell")))
    if index is None:
        raise _changed()
    return features, index


def feature_set(board: dict, event: dict, config: dict) -> None:
    """"Completed" of a villa or landscape, or a villa's chimneys."""
    features, index = _feature(board, event)
    feature = features[index]
    if "completed" in event:
        if not isinstance(event["completed"], bool) or feature["kind"] not in (VILLA, *LANDSCAPES):
            raise _bad()
        feature["completed"] = event["completed"]
    if "chimneys" in event:
        chimneys = event["chimneys"]
        if feature["kind"] != VILLA or not is_int(chimneys) or not 0 <= chimneys <= MOST_CHIMNEYS:
            raise _bad()
        feature["chimneys"] = chimneys


def feature_remove(board: dict, event: dict, config: dict) -> None:
    features, index = _feature(board, event)
    features.pop(index)


# ---------------------------------------------------------------- the frame goals

def _arrow(board: dict, event: dict) -> tuple[dict, str, int]:
    """The player's board, the side and line of the arrow; refused when the goal there is not the one the
    phone drew (`expect`: {"kind", "vp"} or None)."""
    me = player_board(board, event)
    side, line = event.get("side"), event.get("line")
    if not isinstance(me.get("frame"), list):
        raise _changed()  # the counts form by now
    if side not in SIDES or not is_int(line) or not 1 <= line <= GRID:
        raise _bad()
    goals = d.goals_of(me)
    at = d.goal_at(goals, side, line)
    now = None if at is None else {"kind": goals[at]["kind"], "vp": goals[at]["vp"]}
    if "expect" in event and event["expect"] != now:
        raise _changed()
    return me, side, line


def frame_goal_set(board: dict, event: dict, config: dict) -> None:
    me, side, line = _arrow(board, event)
    kind, vp = _kind(event, FRAME_KINDS), event.get("vp")
    if vp not in FRAME_VP or isinstance(vp, bool):
        raise _bad()
    goals = d.goals_of(me)
    if d.goal_at(goals, side, line) is None and len(goals) >= FRAME_GOALS:
        raise InvalidMove(Msg("carpe-diem.error.frame_full", goals=FRAME_GOALS))
    me["frame"] = d.set_goal(me["frame"], side, line, kind, vp)


def frame_goal_remove(board: dict, event: dict, config: dict) -> None:
    me, side, line = _arrow(board, event)
    me["frame"] = d.remove_goal(me["frame"], side, line)


# ---------------------------------------------------------------- fountain cards

def _cards(board: dict, event: dict) -> list:
    cards = player_board(board, event).get("fountain_cards")
    if not isinstance(cards, list):
        raise _changed()
    return cards


def fountain_card_add(board: dict, event: dict, config: dict) -> None:
    kind, cards = _kind(event), _cards(board, event)
    if len(cards) >= FOUNTAIN_CARDS:
        raise InvalidMove(Msg("carpe-diem.error.too_many_fountain_cards", count=len(cards) + 1, total=FOUNTAIN_CARDS))
    cards.append(kind)


def fountain_card_remove(board: dict, event: dict, config: dict) -> None:
    """One card rewarding `kind`; `cards`: how many such cards the phone drew (refused if not so now)."""
    kind, cards = _kind(event), _cards(board, event)
    mine = [i for i, card in enumerate(cards) if card == kind or (isinstance(card, dict) and card.get("kind") == kind)]
    if not mine or event.get("cards", len(mine)) != len(mine):
        raise _changed()
    cards.pop(mine[-1])


# ---------------------------------------------------------------- the banderole bar

def _delta(event: dict) -> int:
    delta = event.get("delta")
    if not is_int(delta):
        raise _bad()
    return delta


def _discs(board: dict, event: dict) -> None:
    player_board(board, event)
    for p in board["players"]:
        b = p.get("banderole")
        if not (is_int(b) or (isinstance(b, dict) and is_int(b.get("space"))
                              and (b.get("level") is None or is_int(b.get("level"))))):
            raise _changed()


def disc_move(board: dict, event: dict, config: dict) -> None:
    """The player's disc `delta` spaces on (back): on top of a stack it joins, the stack it leaves
    closing up."""
    _discs(board, event)
    board["players"][:] = d.move_disc(board, event["player"], _delta(event))["players"]


def disc_level(board: dict, event: dict, config: dict) -> None:
    """The disc `delta` places up (down) its stack; the others on the space keep their order."""
    _discs(board, event)
    level = d.disc(board["players"][event["player"]])[1]
    board["players"][:] = d.set_level(board, event["player"], level + _delta(event))["players"]


# ---------------------------------------------------------------- counts only

def villas_add(board: dict, event: dict, config: dict) -> None:
    """One completed villa with `chimneys` more (delta +1) or fewer (-1), never below none."""
    quick, chimneys = _quick(board, event), event.get("chimneys")
    if not is_int(chimneys) or not 0 <= chimneys <= MOST_CHIMNEYS:
        raise _bad()
    villas = quick.setdefault("villas", [])
    villas[:] = d.set_villa_count(villas, chimneys, d.villa_counts(villas).get(chimneys, 0) + _delta(event))


def frame_met_add(board: dict, event: dict, config: dict) -> None:
    """One frame goal of `vp` met more or fewer, at most the frame's 8 goals."""
    quick, vp = _quick(board, event), event.get("vp")
    if vp not in FRAME_VP or isinstance(vp, bool):
        raise _bad()
    met = quick.setdefault("frame_met", [])
    count = d.frame_met_counts(met)[vp] + _delta(event)
    if count > d.frame_met_counts(met)[vp] and len(met) >= FRAME_GOALS:
        raise InvalidMove(Msg("carpe-diem.error.frame_full", goals=FRAME_GOALS))
    met[:] = d.set_frame_met(met, vp, count)


BOARD_MOVES = (
    BoardMove("entry_form", entry_form, params=("form", "tracked", "keep", "kept")),
    BoardMove("district_tap", district_tap, params=("kind", "row", "column", "anchor", "completed")),
    BoardMove("feature_set", feature_set, params=("kind", "cell", "completed", "chimneys")),
    BoardMove("feature_remove", feature_remove, params=("kind", "cell")),
    BoardMove("frame_goal_set", frame_goal_set, params=("side", "line", "kind", "vp", "expect")),
    BoardMove("frame_goal_remove", frame_goal_remove, params=("side", "line", "expect")),
    BoardMove("fountain_card_add", fountain_card_add, params=("kind",)),
    BoardMove("fountain_card_remove", fountain_card_remove, params=("kind", "cards")),
    BoardMove("disc_move", disc_move, params=("delta",)),
    BoardMove("disc_level", disc_level, params=("delta",)),
    BoardMove("villas_add", villas_add, params=("chimneys", "delta")),
    BoardMove("frame_met_add", frame_met_add, params=("vp", "delta")),
)

"""A scoring period at the table, for the tracker panel: who scores in which order, the best choice at
every free circle, the choices at one circle, coins paid in place of wares, and the entry that records
the choice made. Pure helpers over the tracker's state (tested without a browser); the outcomes come
from `scoring_period` (advise / evaluate / best_circles)."""

from __future__ import annotations

from companion.core.text import Msg
from companion.games.carpe_diem import scoring_period as sp
from companion.games.carpe_diem import tracker


def scoring_rows(state: dict) -> list[tuple[int, str, int | None]]:
    """The scoring period's players in banderole order: (player, "done" | "next" | "waiting", circle)."""
    scoring = state.get("scoring") or {}
    done = scoring.get("done", [])
    used = {u["player"]: int(c) for c, u in state["circles_used"].items() if u["phase"] == state["phase"]}
    rows = []
    for p in scoring.get("order", []):
        if p in done:
            rows.append((p, "done", used.get(p)))
        elif not rows or rows[-1][1] == "done":
            rows.append((p, "next", None))
        else:
            rows.append((p, "waiting", None))
    return rows


def circle_advice(state: dict, config: dict, player: int) -> list[tuple[int, sp.Option]]:
    """The best choice at every free circle whose cards are entered, best first."""
    cards = tracker.entered_cards(state)
    return sp.best_circles(cards, tracker.free_circles(state, config), tracker.holdings(state, player),
                           tracker.owned_counts(state, player))


def needed_district_counts(state: dict, config: dict) -> list[str]:
    """The district counters the free circles' "own" cards ask about (those the tracker keeps)."""
    cards = tracker.entered_cards(state)
    spaces = {s for pair in tracker.free_circles(state, config).values() for s in pair}
    return [k for k in sp.needed_counts(cards[s] for s in sorted(spaces) if s in cards) if k in tracker.DISTRICT]


def option_choices(option: sp.Option) -> list[Msg]:
    """The decisions that make this option differ from the others: which card first (when it matters),
    bread spent, sets paid."""
    out = []
    if option.order_matters:
        out.append(Msg("carpe-diem-ui.period.first", space=option.order[0]))
    for r in option.results:
        if r.bread_used:
            out.append(Msg("carpe-diem-ui.period.bread", space=r.space))
        if r.card.mode == sp.PAY and r.sets:
            out.append(Msg("carpe-diem-ui.period.sets", space=r.space, sets=r.sets))
        if not r.met:
            out.append(Msg("carpe-diem-ui.period.unmet", space=r.space))
    return out


def option_gain(option: sp.Option) -> dict[str, int]:
    """What the option changes in storage: negative = paid, positive = gained (wares, coins, bread)."""
    return {k: option.after.get(k) - option.before.get(k) for k in sp.HOLDING_ITEMS
            if option.after.get(k) != option.before.get(k)}


def score_event(player: int, circle: int, option: sp.Option) -> dict:
    return {"type": "score_circle", "player": player, "circle": circle, **option.choice()}


def coin_choices(option: sp.Option) -> list[tuple[int, str, int]]:
    """Where the player may pay coins in place of wares ("Any wares can be replaced by coins"): every
    ware of each red card paid at least once, as (card space, ware, how many of it coins pay now)."""
    return [(r.space, ware, dict(r.coins_for).get(ware, 0))
            for r in option.results if r.card.mode == sp.PAY and r.sets for ware, _ in r.card.requirement]


def with_coins(state: dict, config: dict, player: int, circle: int, option: sp.Option,
               coins: dict[int, dict[str, int]]) -> sp.Option:
    """The option with coins paid in place of wares as the player says (`coins`: card space -> ware ->
    how many; a card not named pays wares first). Raises sp.PeriodError naming what cannot be paid so."""
    return sp.evaluate(tracker.circle_cards(state, config, circle), option.before, tracker.owned_counts(state, player),
                       option.order, [r.bread_used for r in option.results], [r.sets for r in option.results],
                       [coins.get(r.space) for r in option.results])


def coins_paid(option: sp.Option, coins: dict[int, dict[str, int]], space: int, ware: str) -> int:
    """How many of `ware` on card `space` coins pay: as the player set it, else the option's own way."""
    default = {r.space: dict(r.coins_for) for r in option.results}
    return coins.get(space, default.get(space, {})).get(ware, 0)


def with_coins_paid(option: sp.Option, coins: dict[int, dict[str, int]], space: int, ware: str,
                    count: int) -> dict[int, dict[str, int]]:
    """`coins` with `count` of `ware` on card `space` paid by coins (the card's other wares as shown)."""
    default = {r.space: dict(r.coins_for) for r in option.results}
    return {**coins, space: {**coins.get(space, default.get(space, {})), ware: max(0, count)}}

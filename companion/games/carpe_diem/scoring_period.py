"""Carpe Diem's scoring periods (DIE WERTUNGEN / SCORING): the cards, their outcome, and the advisor.

Pure functions over plain data; no state, no display strings (every text is a `Msg`).

The rules (rulebook pages 8-10):
- A player puts a disc on a free circle and resolves both adjacent cards, in the order they choose.
- "pay" cards (red): pay the wares shown, coins stand in for any ware; "own" cards (green): own what is
  shown in the district. Paying or owning the requirement several times gives the reward that often.
- 3 bread fulfil a card once (green or red), in addition to what is paid or owned (the rulebook's
  example: 3 bread = 1 set, plus 2 sets paid = 3 × 8 VP). At most once per card.
- A card met not even once gives nothing and costs 4 VP; nothing is paid for it.
- Rewards of the first card are there for the second (coins to pay with, bread to spend).

Data model
----------
A scoring card, as JSON (what the players enter once, see `card_from_json`)::

    {"letter": "A", "mode": "pay", "requirement": {"herbs": 2}, "reward": {"vp": 4}}
    {"letter": "B", "mode": "pay", "requirement": {"chicken": 1, "grapes": 1, "herbs": 1, "fish": 1},
     "reward": {"vp": 8}}
    {"letter": "C", "mode": "own", "requirement": {"chimneys": 3}, "reward": {"coins": 1, "steps": 1}}
    {"letter": "C", "mode": "own", "requirement": {"villa": 2}, "reward": {"coins": 1, "bread": 1, "steps": 1}}
    {"letter": "D", "mode": "own", "requirement": {"pond": 1, "garden": 1}, "reward": {"vp": 7}}
    {"letter": "D", "mode": "own", "requirement": {"landscape": 3}, "reward": {"coins": 1, "bread": 1}}

`requirement` is one set: ware -> amount for "pay" cards (`PAY_ITEMS`); for "own" cards a countable
thing of the district -> amount (`OWN_ITEMS`: `chimneys` (in all villas, completed or not), `villa`
(completed villas), `landscape` / `dwelling` (completed ones of any kind), each landscape and dwelling
kind (completed), `market`, `bakery`, `fountain`). `reward` is what one set gives (`REWARD_ITEMS`: vp,
coins, bread, steps on the banderole bar, wares). A and B cards are "pay" (A: one ware kind, B: several),
C cards "own" villas/chimneys, D cards "own" the other features.

A player's `Holdings` are the wares, coins and bread in storage; `owned` is a dict of the district
counts (`OWN_ITEMS`), needed only for "own" cards (`needed_counts` says which).

API for a screen
----------------
- `card_from_json(data, path) -> ScoringCard` (raises `BoardStateError(path, Msg)` naming the field);
  `ScoringCard.to_json()`; `card_msg(card) -> Msg` ("A: pay 2 herbs → 4 VP").
- `needed_counts(cards) -> list[str]`: the district counts to ask for before advising.
- `advise(cards, holdings, owned) -> Advice`: `cards` is the circle's two `(space, ScoringCard)`;
  `Advice.options` lists every distinct choice (order, bread, sets paid) best first, each an `Option`
  with `results` (one `CardResult` per card: paid, gained, vp, met), `vp`, `steps`, `after`
  (holdings left) and `explain() -> Msg`; `Advice.recommended` is `options[0]`.
- `evaluate(cards, holdings, owned, order, bread, sets, coins_for) -> Option`: the outcome of one given
  choice (raises `PeriodError(Msg)` if the rules do not allow it); the tracker's `score_circle` event
  carries exactly these choices. `coins_for` (optional, following `order`) says per card which wares
  coins were paid in place of ("Any wares can be replaced by coins"): `[{"herbs": 2}, {}]`.
- `best_circles(cards_by_space, circles, holdings, owned) -> list[(circle, Option)]`: the best
  option at every free circle, best first.

"Best" is `Option.key`: most VP now; then most items left (wares + coins + bread, each worth ½ VP at
the end and useful for later cards); then most banderole steps; then most coins, then most bread.
The advisor's payments use wares first and coins only for what is missing: coins replace any ware, so
keeping them never leaves a player worse off. A player may still pay coins in place of wares they
have: `coins_for` records it, and the holdings follow the table.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable

from companion.core.board import reject_unknown, require_dict, require_int
from companion.core.definition import BoardStateError
from companion.core.text import Msg
from companion.games.carpe_diem.components import (
    BREAD_FOR_CARD, DWELLINGS, LANDSCAPES, SINGLES, UNMET_PENALTY, WARES,
)

PAY, OWN = "pay", "own"
LETTERS = ("A", "B", "C", "D")
PAY_ITEMS = WARES
VILLA_ITEMS = ("chimneys", "villa")
FEATURE_ITEMS = ("landscape", *LANDSCAPES, "dwelling", *DWELLINGS, *SINGLES)
OWN_ITEMS = (*VILLA_ITEMS, *FEATURE_ITEMS)
REWARD_ITEMS = ("vp", "coins", "bread", "steps", *WARES)
HOLDING_ITEMS = (*WARES, "coins", "bread")


class PeriodError(Exception):
    """A choice the rules do not allow (the message says why)."""

    def __init__(self, msg: Msg):
        super().__init__(msg.key)
        self.msg = msg


@dataclass(frozen=True)
class ScoringCard:
    letter: str
    mode: str
    requirement: tuple[tuple[str, int], ...]
    reward: tuple[tuple[str, int], ...]

    def to_json(self) -> dict:
        return {"letter": self.letter, "mode": self.mode, "requirement": dict(self.requirement),
                "reward": dict(self.reward)}


@dataclass(frozen=True)
class Holdings:
    grapes: int = 0
    herbs: int = 0
    chicken: int = 0
    fish: int = 0
    coins: int = 0
    bread: int = 0

    def get(self, item: str) -> int:
        return getattr(self, item)

    def plus(self, changes: dict[str, int]) -> "Holdings":
        return replace(self, **{k: self.get(k) + v for k, v in changes.items() if k in HOLDING_ITEMS})

    @property
    def items(self) -> int:
        return sum(self.get(k) for k in HOLDING_ITEMS)

    def to_json(self) -> dict:
        return {k: self.get(k) for k in HOLDING_ITEMS}

    @staticmethod
    def from_counters(counters: dict) -> "Holdings":
        return Holdings(**{k: counters.get(k, 0) for k in HOLDING_ITEMS})


@dataclass(frozen=True)
class CardResult:
    space: int
    card: ScoringCard
    bread_used: bool
    sets: int  # sets paid ("pay") or owned ("own"), without the bread
    paid: tuple[tuple[str, int], ...]  # what leaves storage: wares, coins, bread
    gained: tuple[tuple[str, int], ...]  # rewards (not the penalty)
    coins_for: tuple[tuple[str, int], ...] = ()  # the wares the coins paid stood in for (ware, how many)
    coins_chosen: bool = False  # coins paid in place of wares the player had (not the advisor's way)

    @property
    def multiples(self) -> int:
        return self.sets + (1 if self.bread_used else 0)

    @property
    def met(self) -> bool:
        return self.multiples > 0

    @property
    def vp(self) -> int:
        return dict(self.gained).get("vp", 0) if self.met else -UNMET_PENALTY

    def explain(self) -> Msg:
        card = Msg("carpe-diem.period.card", space=self.space, card=card_msg(self.card))
        if not self.met:
            return Msg("carpe-diem.period.unmet", card=card, penalty=UNMET_PENALTY)
        how = []
        if self.sets:
            how.append(Msg("carpe-diem.period.paid_sets" if self.card.mode == PAY else "carpe-diem.period.owned_sets",
                           sets=self.sets))
        if self.bread_used:
            how.append(Msg("carpe-diem.period.bread_set", bread=BREAD_FOR_CARD))
        paid = items_msg(dict(self.paid))
        if self.coins_chosen:
            paid = Msg("carpe-diem.period.paid_coins_for", paid=paid, wares=items_msg(dict(self.coins_for)))
        return Msg("carpe-diem.period.met", card=card, how=join_plus(how), times=self.multiples,
                   paid=paid, gained=items_msg(dict(self.gained)))


@dataclass(frozen=True)
class Option:
    order: tuple[int, int]
    results: tuple[CardResult, CardResult]
    before: Holdings
    after: Holdings
    order_matters: bool = True

    @property
    def vp(self) -> int:
        return sum(r.vp for r in self.results)

    @property
    def steps(self) -> int:
        return sum(dict(r.gained).get("steps", 0) for r in self.results)

    @property
    def key(self) -> tuple[int, ...]:
        """Higher is better: VP, items left, steps, coins left, bread left."""
        return (self.vp, self.after.items, self.steps, self.after.coins, self.after.bread)

    def choice(self) -> dict:
        """The choices as the tracker's `score_circle` event takes them; `coins_for` names the wares
        that coins were paid in place of, whenever coins paid for any."""
        out = {"order": list(self.order), "bread": [r.bread_used for r in self.results],
               "sets": [r.sets for r in self.results]}
        if any(r.coins_for for r in self.results):
            out["coins_for"] = [dict(r.coins_for) for r in self.results]
        return out

    def explain(self) -> Msg:
        return Msg("carpe-diem.period.option", parts=[r.explain() for r in self.results], vp=f"{self.vp:+d}",
                   steps=self.steps, left=items_msg(self.after.to_json()))


@dataclass(frozen=True)
class Advice:
    options: tuple[Option, ...]

    @property
    def recommended(self) -> Option:
        return self.options[0]


# ---------------------------------------------------------------- messages

def join_plus(msgs: list[Msg]) -> Msg:
    if not msgs:
        return Msg("carpe-diem.item.nothing")
    joined = msgs[0]
    for m in msgs[1:]:
        joined = Msg("carpe-diem.plus", left=joined, right=m)
    return joined


def item_msg(item: str, n: int) -> Msg:
    return Msg(f"carpe-diem.item.{item}.one" if n == 1 else f"carpe-diem.item.{item}", n=n)


def items_msg(items: dict[str, int]) -> Msg:
    order = (*REWARD_ITEMS, *OWN_ITEMS)
    return join_plus([item_msg(k, items[k]) for k in sorted(items, key=order.index) if items[k]])


def card_msg(card: ScoringCard) -> Msg:
    return Msg(f"carpe-diem.card.{card.mode}", letter=card.letter,
               requirement=join_plus([item_msg(k, n) for k, n in card.requirement]),
               reward=join_plus([item_msg(k, n) for k, n in card.reward]))


# ---------------------------------------------------------------- entering a card

def card_from_json(data: Any, path: str = "card") -> ScoringCard:
    require_dict(data, path)
    reject_unknown(data, {"letter", "mode", "requirement", "reward"}, path)
    for key in ("letter", "mode", "requirement", "reward"):
        if key not in data:
            raise BoardStateError(f"{path}.{key}", Msg("core.board.missing"))
    letter, mode = data["letter"], data["mode"]
    if letter not in LETTERS:
        raise BoardStateError(f"{path}.letter", Msg("carpe-diem.error.letter", value=repr(letter)))
    if mode not in (PAY, OWN):
        raise BoardStateError(f"{path}.mode", Msg("carpe-diem.error.mode", value=repr(mode)))
    expected_mode = PAY if letter in "AB" else OWN
    if mode != expected_mode:
        raise BoardStateError(f"{path}.mode", Msg(f"carpe-diem.error.mode_{letter}"))
    allowed = {"A": PAY_ITEMS, "B": PAY_ITEMS, "C": VILLA_ITEMS, "D": FEATURE_ITEMS}[letter]
    requirement = _amounts(data["requirement"], f"{path}.requirement", allowed, letter)
    if not requirement:
        raise BoardStateError(f"{path}.requirement", Msg("carpe-diem.error.empty_requirement"))
    if letter == "A" and len(requirement) != 1:
        raise BoardStateError(f"{path}.requirement", Msg("carpe-diem.error.a_one_ware"))
    if letter == "B" and len(requirement) < 2:
        raise BoardStateError(f"{path}.requirement", Msg("carpe-diem.error.b_several_wares"))
    reward = _amounts(data["reward"], f"{path}.reward", REWARD_ITEMS, letter)
    if not reward:
        raise BoardStateError(f"{path}.reward", Msg("carpe-diem.error.empty_reward"))
    return ScoringCard(letter, mode, requirement, reward)


def _amounts(value: Any, path: str, allowed: tuple[str, ...], letter: str) -> tuple[tuple[str, int], ...]:
    require_dict(value, path)
    out = []
    for key, amount in value.items():
        if key not in allowed:
            raise BoardStateError(f"{path}.{key}", Msg("carpe-diem.error.item_not_allowed", item=repr(key),
                                                       letter=letter, allowed=list(allowed)))
        amount = require_int(amount, f"{path}.{key}", 0, 99)
        if amount:
            out.append((key, amount))
    return tuple(out)  # in the order entered, as the card shows them


def needed_counts(cards: Iterable[ScoringCard]) -> list[str]:
    """The district counts ("own" requirements) a player must give before these cards can be resolved."""
    out: list[str] = []
    for card in cards:
        if card.mode == OWN:
            out += [k for k, _ in card.requirement if k not in out]
    return out


# ---------------------------------------------------------------- resolving

def owned_count(owned: dict, item: str) -> int:
    if item == "landscape" and item not in owned:
        return sum(owned.get(k, 0) for k in LANDSCAPES)
    if item == "dwelling" and item not in owned:
        return sum(owned.get(k, 0) for k in DWELLINGS)
    if item not in owned:
        raise PeriodError(Msg("carpe-diem.error.count_needed", item=Msg(f"carpe-diem.counter.{item}")))
    return owned[item]


def payment(requirement: dict[str, int], sets: int, holdings: Holdings) -> dict[str, int] | None:
    """Wares first, coins for what is missing; None if the sets cannot be paid."""
    paid: dict[str, int] = {}
    coins = 0
    for ware, amount in requirement.items():
        need = amount * sets
        own = min(need, holdings.get(ware))
        if own:
            paid[ware] = own
        coins += need - own
    if coins > holdings.coins:
        return None
    if coins:
        paid["coins"] = coins
    return paid


def chosen_payment(space: int, requirement: dict[str, int], sets: int, holdings: Holdings,
                   coins_for: dict[str, int]) -> dict[str, int]:
    """The payment when the player says how many of each ware were paid with coins instead
    (`coins_for`, over all sets): the rest of each ware comes from storage. Raises PeriodError naming
    what does not fit."""
    for ware, count in coins_for.items():
        if ware not in requirement:
            raise PeriodError(Msg("carpe-diem.error.coins_for_ware", space=space,
                                  ware=Msg(f"carpe-diem.counter.{ware}") if ware in PAY_ITEMS else repr(ware)))
        if count > requirement[ware] * sets:
            raise PeriodError(Msg("carpe-diem.error.coins_for_more", space=space, replaced=item_msg(ware, count),
                                  need=item_msg(ware, requirement[ware] * sets), sets=sets))
    paid: dict[str, int] = {}
    for ware, amount in requirement.items():
        wares = amount * sets - coins_for.get(ware, 0)
        if wares > holdings.get(ware):
            raise PeriodError(Msg("carpe-diem.error.coins_for_short", space=space, pay=item_msg(ware, wares),
                                  have=item_msg(ware, holdings.get(ware))))
        if wares:
            paid[ware] = wares
    coins = sum(coins_for.values())
    if coins > holdings.coins:
        raise PeriodError(Msg("carpe-diem.error.coins_short", space=space, coins=coins, have=holdings.coins))
    if coins:
        paid["coins"] = coins
    return paid


def max_sets(card: ScoringCard, holdings: Holdings, owned: dict) -> int:
    """How many times the requirement is owned, or can be paid (coins as wildcards), without bread."""
    requirement = dict(card.requirement)
    if card.mode == OWN:
        return min(owned_count(owned, k) // n for k, n in requirement.items())
    # Every set costs sum(requirement) items; coins cover any shortfall.
    sets = 0
    while payment(requirement, sets + 1, holdings) is not None:
        sets += 1
    return sets


def resolve_card(space: int, card: ScoringCard, holdings: Holdings, owned: dict,
                 bread: bool, sets: int | None = None,
                 coins_for: dict[str, int] | None = None) -> tuple[CardResult, Holdings]:
    """One card with the given choice; `sets=None` means as many as possible; `coins_for` the wares
    paid with coins instead (default: wares first, coins for what is missing). Returns the result and
    the holdings after it (payment taken, rewards added)."""
    most = max_sets(card, holdings, owned)
    if sets is None:
        sets = most
    if card.mode == OWN and sets != most:
        raise PeriodError(Msg("carpe-diem.error.own_sets", sets=sets, owned=most))
    if not 0 <= sets <= most:
        raise PeriodError(Msg("carpe-diem.error.cannot_pay", sets=sets, most=most))
    if bread and holdings.bread < BREAD_FOR_CARD:
        raise PeriodError(Msg("carpe-diem.error.no_bread", bread=holdings.bread))
    coins_for = {k: v for k, v in (coins_for or {}).items() if v}
    chosen = False
    if card.mode == OWN and coins_for:
        raise PeriodError(Msg("carpe-diem.error.coins_for_own", space=space))
    paid, replaced = {}, ()
    if card.mode == PAY:
        requirement = dict(card.requirement)
        paid = payment(requirement, sets, holdings)
        if coins_for:
            default, paid = paid, chosen_payment(space, requirement, sets, holdings, coins_for)
            chosen = paid != default
        # The wares the coins stood in for: what the sets ask for and storage did not give.
        replaced = tuple((w, n * sets - paid.get(w, 0)) for w, n in card.requirement if n * sets > paid.get(w, 0))
    if bread:
        paid = {**paid, "bread": BREAD_FOR_CARD}
    multiples = sets + (1 if bread else 0)
    gained = {k: n * multiples for k, n in card.reward} if multiples else {}
    after = holdings.plus({k: -v for k, v in paid.items()}).plus(gained)
    result = CardResult(space, card, bread, sets, tuple(paid.items()), tuple(gained.items()), replaced, chosen)
    return result, after


def evaluate(cards, holdings: Holdings, owned: dict, order: tuple[int, int] | list[int] | None = None,
             bread: tuple[bool, bool] | list[bool] = (False, False),
             sets: tuple[int | None, int | None] | list = (None, None),
             coins_for: tuple[dict | None, dict | None] | list | None = None) -> Option:
    """The outcome of one choice. `cards`: the circle's two (space, ScoringCard); `order`: the spaces in
    the order they are resolved (default: as given); `bread`, `sets` and `coins_for` follow `order`."""
    by_space = dict(cards)
    if len(by_space) != 2:
        raise PeriodError(Msg("carpe-diem.error.two_cards"))
    order = tuple(order) if order is not None else tuple(by_space)
    if sorted(order) != sorted(by_space):
        raise PeriodError(Msg("carpe-diem.error.order", spaces=[str(s) for s in sorted(by_space)]))
    now = holdings
    results = []
    for space, use_bread, n, coins in zip(order, bread, sets, coins_for or (None, None)):
        result, now = resolve_card(space, by_space[space], now, owned, bool(use_bread), n, coins)
        results.append(result)
    return Option(order, tuple(results), holdings, now)


def options(cards, holdings: Holdings, owned: dict) -> list[Option]:
    """Every distinct legal choice at a circle, best first (see `Option.key`)."""
    by_space = dict(cards)
    found: dict[tuple, Option] = {}
    for order in (tuple(by_space), tuple(reversed(tuple(by_space)))):
        first, second = (by_space[s] for s in order)
        for bread1 in (False, True):
            if bread1 and holdings.bread < BREAD_FOR_CARD:
                continue
            for sets1 in _set_choices(first, holdings, owned):
                r1, mid = resolve_card(order[0], first, holdings, owned, bread1, sets1)
                for bread2 in (False, True):
                    if bread2 and mid.bread < BREAD_FOR_CARD:
                        continue
                    for sets2 in _set_choices(second, mid, owned):
                        r2, end = resolve_card(order[1], second, mid, owned, bread2, sets2)
                        option = Option(order, (r1, r2), holdings, end)
                        # The same decisions per card with the same result in both orders: order
                        # does not matter; keep the first.
                        same = (frozenset((r.space, r.bread_used, r.sets) for r in (r1, r2)), end)
                        if same in found:
                            found[same] = replace(found[same], order_matters=False)
                        else:
                            found[same] = option
    ranked = sorted(found.values(), key=lambda o: o.key, reverse=True)
    return ranked


def _set_choices(card: ScoringCard, holdings: Holdings, owned: dict) -> range:
    most = max_sets(card, holdings, owned)
    return range(most, most + 1) if card.mode == OWN else range(0, most + 1)


def advise(cards, holdings: Holdings, owned: dict) -> Advice:
    return Advice(tuple(options(cards, holdings, owned)))


def best_circles(cards_by_space: dict[int, ScoringCard], circles: dict[int, tuple[int, int]],
                 holdings: Holdings, owned: dict) -> list[tuple[int, Option]]:
    """The recommended option at each given circle whose two cards are entered, best first."""
    out = []
    for number, (a, b) in circles.items():
        if a in cards_by_space and b in cards_by_space:
            out.append((number, advise(((a, cards_by_space[a]), (b, cards_by_space[b])), holdings, owned).recommended))
    return sorted(out, key=lambda item: item[1].key, reverse=True)

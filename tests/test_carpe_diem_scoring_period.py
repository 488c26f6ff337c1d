"""Carpe Diem's scoring periods against the rulebook (DIE WERTUNGSKARTEN / THE SCORING CARDS) and a
brute-force search over every legal way to resolve two cards."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.definition import BoardStateError
from companion.games.carpe_diem.scoring_period import (
    Holdings, PeriodError, advise, card_from_json, card_msg, evaluate, max_sets, needed_counts, resolve_card,
)


def card(letter, mode, requirement, reward):
    return card_from_json({"letter": letter, "mode": mode, "requirement": requirement, "reward": reward})


HERBS_2 = card("A", "pay", {"herbs": 2}, {"vp": 4})
CHICKEN_3 = card("A", "pay", {"chicken": 3}, {"vp": 7})
HERBS_3 = card("A", "pay", {"herbs": 3}, {"vp": 7})
SET_4 = card("B", "pay", {"chicken": 1, "grapes": 1, "herbs": 1, "fish": 1}, {"vp": 8})
CHIMNEYS_2 = card("C", "own", {"chimneys": 2}, {"bread": 1})
CHIMNEYS_3 = card("C", "own", {"chimneys": 3}, {"coins": 1, "steps": 1})
VILLA_1 = card("C", "own", {"villa": 1}, {"vp": 3})
VILLAS_2 = card("C", "own", {"villa": 2}, {"coins": 1, "bread": 1, "steps": 1})
POND_GARDEN = card("D", "own", {"pond": 1, "garden": 1}, {"vp": 7})
LANDSCAPES_3 = card("D", "own", {"landscape": 3}, {"coins": 1, "bread": 1})


# ------------------------------------------------------------------ the rulebook's examples

def test_sophie_pays_3_bread_and_two_sets_for_3_x_8():
    # 3 bread (= 1 set) plus 3 coins, 2 fish, 2 herbs, 1 chicken (= 2 sets): 3 x 8 = 24 VP.
    have = Holdings(bread=3, coins=3, fish=2, herbs=2, chicken=1)
    result, after = resolve_card(1, SET_4, have, {}, bread=True)
    assert (result.sets, result.multiples, result.vp) == (2, 3, 24)
    assert dict(result.paid) == {"chicken": 1, "herbs": 2, "fish": 2, "coins": 3, "bread": 3}
    assert after == Holdings()


def test_sophie_advisor_spends_the_bread_on_the_8_vp_card():
    # Next to her set card lies "per completed villa -> 3 VP"; she has no completed villa.
    # Bread on the set card: 24 - 4 = 20; bread on the villa card: 2 x 8 + 3 = 19.
    have = Holdings(bread=3, coins=3, fish=2, herbs=2, chicken=1)
    advice = advise(((1, SET_4), (2, VILLA_1)), have, {"villa": 0})
    best = advice.recommended
    assert best.vp == 20
    assert {r.space: r.bread_used for r in best.results} == {1: True, 2: False}
    assert sorted(o.vp for o in advice.options)[-2:] == [19, 20]


def test_nick_7_chimneys_gives_3_bread_and_2_coins_2_steps():
    advice = advise(((4, CHIMNEYS_2), (5, CHIMNEYS_3)), Holdings(), {"chimneys": 7})
    best = advice.recommended
    assert best.vp == 0
    assert best.after == Holdings(bread=3, coins=2)
    assert best.steps == 2
    # Spending the 3 bread just won for one more coin and step leaves less: offered, not recommended.
    assert any(r.bread_used for o in advice.options for r in o.results)
    assert not any(r.bread_used for r in best.results)


def test_hank_7_landscapes_with_2_ponds_and_1_garden():
    owned = {"vineyard": 2, "chicken_yard": 2, "pond": 2, "garden": 1}  # 7 completed landscapes
    best = advise(((6, POND_GARDEN), (7, LANDSCAPES_3)), Holdings(), owned).recommended
    assert best.vp == 7
    assert best.after == Holdings(coins=2, bread=2)


def test_unmet_card_costs_4_vp_and_keeps_the_wares():
    result, after = resolve_card(3, HERBS_3, Holdings(herbs=2), {}, bread=False)
    assert not result.met and result.vp == -4
    assert after == Holdings(herbs=2)


def test_both_cards_unmet_cost_8():
    best = advise(((1, HERBS_3), (2, CHICKEN_3)), Holdings(herbs=2, chicken=2), {}).recommended
    assert best.vp == -8
    assert best.after == Holdings(herbs=2, chicken=2)


def test_multiples_and_coins_as_wildcards():
    # 1 herb + 3 coins = 4 items = 2 sets of "2 herbs" = 8 VP; wares are paid before coins.
    result, after = resolve_card(1, HERBS_2, Holdings(herbs=1, coins=3), {}, bread=False)
    assert (result.sets, result.vp) == (2, 8)
    assert after == Holdings()
    result, after = resolve_card(1, HERBS_2, Holdings(herbs=5, coins=3), {}, bread=False, sets=1)
    assert dict(result.paid) == {"herbs": 2} and after == Holdings(herbs=3, coins=3)
    assert max_sets(VILLA_1, Holdings(), {"villa": 3}) == 3


def test_rewards_of_the_first_card_fulfil_the_second():
    # 6 chimneys -> 3 bread, which then fulfil "pay 3 chicken" without any chicken.
    advice = advise(((8, CHICKEN_3), (9, CHIMNEYS_2)), Holdings(), {"chimneys": 6})
    best = advice.recommended
    assert best.order == (9, 8) and best.order_matters
    assert best.vp == 7 and best.after == Holdings()
    # The other order leaves the chicken card unmet.
    with pytest.raises(PeriodError):
        evaluate(((8, CHICKEN_3), (9, CHIMNEYS_2)), Holdings(), {"chimneys": 6}, order=(8, 9), bread=(True, False))


def test_bread_fulfils_a_card_only_once():
    have = Holdings(bread=9)
    for option in advise(((1, VILLA_1), (2, HERBS_2)), have, {"villa": 0}).options:
        for r in option.results:
            assert dict(r.paid).get("bread", 0) in (0, 3)
    best = advise(((1, VILLA_1), (2, HERBS_2)), have, {"villa": 0}).recommended
    assert best.vp == 3 + 4 and best.after.bread == 3


def test_coins_from_the_first_card_pay_the_second():
    # 2 completed villas -> 1 coin + 1 bread + 1 step; the coin and 1 herb pay "2 herbs -> 4 VP".
    best = advise(((1, HERBS_2), (2, VILLAS_2)), Holdings(herbs=1), {"villa": 2}).recommended
    assert best.order == (2, 1)
    assert best.vp == 4 and best.after == Holdings(bread=1) and best.steps == 1


def test_paying_fewer_sets_is_a_choice_shown():
    advice = advise(((1, HERBS_2), (2, VILLA_1)), Holdings(herbs=6), {"villa": 1})
    paid = sorted({r.sets for o in advice.options for r in o.results if r.card is HERBS_2})
    assert paid == [0, 1, 2, 3]
    assert advice.recommended.vp == 3 * 4 + 3


def test_needed_counts_and_explanations_render():
    assert needed_counts([HERBS_2, POND_GARDEN, CHIMNEYS_3]) == ["pond", "garden", "chimneys"]
    assert card_msg(HERBS_2).render("en") == "A: pay 2 herbs, get 4 VP"
    assert card_msg(CHIMNEYS_3).render("en") == "C: per 3 chimneys, get 1 coin + 1 step"
    assert card_msg(POND_GARDEN).render("de") == "D: für je 1 fertigen Teich + 1 fertigen Garten erhältst du 7 SP"
    best = advise(((4, CHIMNEYS_2), (5, CHIMNEYS_3)), Holdings(), {"chimneys": 7}).recommended
    for lang in ("en", "de"):
        text = best.explain().render(lang)
        assert "carpe-diem." not in text and "{" not in text


def test_own_count_missing_is_an_error():
    with pytest.raises(PeriodError) as error:
        advise(((1, VILLA_1), (2, HERBS_2)), Holdings(), {})
    assert "Completed villas" in error.value.msg.render("en")


@pytest.mark.parametrize("data,field,fragment", [
    ({"letter": "E", "mode": "pay", "requirement": {"herbs": 2}, "reward": {"vp": 4}}, "card.letter", "letter"),
    ({"letter": "A", "mode": "own", "requirement": {"herbs": 2}, "reward": {"vp": 4}}, "card.mode", "red"),
    ({"letter": "A", "mode": "pay", "requirement": {"herbs": 2, "fish": 1}, "reward": {"vp": 4}},
     "card.requirement", "one kind"),
    ({"letter": "B", "mode": "pay", "requirement": {"herbs": 1}, "reward": {"vp": 4}}, "card.requirement", "different"),
    ({"letter": "C", "mode": "own", "requirement": {"pond": 1}, "reward": {"vp": 4}}, "card.requirement.pond",
     "C card"),
    ({"letter": "D", "mode": "own", "requirement": {"pond": -1}, "reward": {"vp": 4}}, "card.requirement.pond",
     "at least 0"),
    ({"letter": "D", "mode": "own", "requirement": {"pond": 1}, "reward": {}}, "card.reward", "reward"),
    ({"letter": "D", "mode": "own", "requirement": {"pond": 1}}, "card.reward", "missing"),
    ({"letter": "D", "mode": "own", "requirement": {"pond": 1}, "reward": {"gold": 1}}, "card.reward.gold", "gold"),
])
def test_card_entry_errors_name_the_field(data, field, fragment):
    with pytest.raises(BoardStateError) as error:
        card_from_json(data)
    assert error.value.field == field
    assert fragment in error.value.msg.render("en")


# ------------------------------------------------------------------ brute force

WARE_NAMES = ("grapes", "herbs", "chicken", "fish")
OWN_NAMES = ("chimneys", "villa", "pond", "garden")
REWARD_NAMES = ("vp", "coins", "bread", "steps", "grapes", "herbs", "chicken", "fish")


def brute_force(cards, have: dict, owned: dict):
    """Every legal way, written out independently: both orders, bread or not per card, every number of
    sets and every split of each ware between the ware itself and coins. Returns the best key."""
    best = None
    for order in itertools.permutations(cards):
        for bread_flags in itertools.product((False, True), repeat=2):
            for state in _resolve_all(order, bread_flags, dict(have), owned, 0, 0, 0):
                h, vp, steps = state
                items = sum(h[k] for k in ("grapes", "herbs", "chicken", "fish", "coins", "bread"))
                key = (vp, items, steps, h["coins"], h["bread"])
                best = key if best is None or key > best else best
    return best


def _resolve_all(cards, bread_flags, h, owned, index, vp, steps):
    if index == len(cards):
        yield h, vp, steps
        return
    data = cards[index]
    bread = bread_flags[index]
    if bread and h["bread"] < 3:
        return
    if data["mode"] == "own":
        payments = [(min(owned[k] // n for k, n in data["requirement"].items()), {})]
    else:
        payments = list(_payments(data["requirement"], h))
    for sets, paid in payments:
        new = dict(h)
        for k, n in paid.items():
            new[k] -= n
        if bread:
            new["bread"] -= 3
        times = sets + (1 if bread else 0)
        if times == 0:
            yield from _resolve_all(cards, bread_flags, dict(h), owned, index + 1, vp - 4, steps)
            continue
        gained_vp = gained_steps = 0
        for k, n in data["reward"].items():
            if k == "vp":
                gained_vp = n * times
            elif k == "steps":
                gained_steps = n * times
            else:
                new[k] += n * times
        yield from _resolve_all(cards, bread_flags, new, owned, index + 1, vp + gained_vp, steps + gained_steps)


def _payments(requirement, h):
    sets = 0
    while True:
        found = False
        need = {w: n * sets for w, n in requirement.items()}
        for split in itertools.product(*(range(need[w] + 1) for w in need)):
            coins = dict(zip(need, split))
            if sum(coins.values()) <= h["coins"] and all(need[w] - coins[w] <= h[w] for w in need):
                paid = {"coins": sum(coins.values())}
                for w in need:
                    paid[w] = paid.get(w, 0) + need[w] - coins[w]
                found = True
                yield sets, paid
        if not found:
            return
        sets += 1


def pay_card():
    return st.builds(
        lambda letter, wares, amounts, reward: {"letter": letter, "mode": "pay",
                                                "requirement": dict(zip(wares, amounts)), "reward": reward},
        st.just("B"), st.lists(st.sampled_from(WARE_NAMES), min_size=2, max_size=2, unique=True),
        st.lists(st.integers(1, 2), min_size=2, max_size=2), reward_dict(),
    ) | st.builds(
        lambda ware, amount, reward: {"letter": "A", "mode": "pay", "requirement": {ware: amount}, "reward": reward},
        st.sampled_from(WARE_NAMES), st.integers(1, 3), reward_dict())


def own_card():
    return st.builds(
        lambda item, amount, reward: {"letter": "C" if item in ("chimneys", "villa") else "D", "mode": "own",
                                      "requirement": {item: amount}, "reward": reward},
        st.sampled_from(OWN_NAMES), st.integers(1, 3), reward_dict())


def reward_dict():
    return st.dictionaries(st.sampled_from(REWARD_NAMES), st.integers(1, 3), min_size=1, max_size=3)


HOLDINGS = st.fixed_dictionaries({k: st.integers(0, 3) for k in (*WARE_NAMES, "coins")} | {"bread": st.integers(0, 7)})
OWNED = st.fixed_dictionaries({k: st.integers(0, 4) for k in OWN_NAMES})


@settings(max_examples=300, deadline=None)
@given(st.tuples(pay_card() | own_card(), pay_card() | own_card()), HOLDINGS, OWNED)
def test_advisor_is_never_worse_than_brute_force(cards, have, owned):
    parsed = ((1, card_from_json(cards[0])), (2, card_from_json(cards[1])))
    advice = advise(parsed, Holdings(**have), owned)
    best = brute_force(cards, have, owned)
    assert advice.recommended.key >= best
    # and it claims nothing impossible: its best is exactly the best that can be done
    assert advice.recommended.key == best
    for option in advice.options:
        assert option.key <= best


@settings(max_examples=150, deadline=None)
@given(st.tuples(pay_card() | own_card(), pay_card() | own_card()), HOLDINGS, OWNED)
def test_every_option_is_replayable_with_evaluate(cards, have, owned):
    parsed = ((1, card_from_json(cards[0])), (2, card_from_json(cards[1])))
    for option in advise(parsed, Holdings(**have), owned).options:
        choice = option.choice()
        again = evaluate(parsed, Holdings(**have), owned, choice["order"], choice["bread"], choice["sets"])
        assert again.after == option.after and again.vp == option.vp and again.steps == option.steps
        # the holdings never go negative and VP only change by rewards or the 4-point penalty
        assert all(v >= 0 for v in again.after.to_json().values())


# ------------------------------------------------------------------ coins in place of wares
# "Any wares can be replaced by coins" (red cards): the player may pay coins while holding the wares.

def test_coins_in_place_of_wares_the_player_has():
    have = Holdings(herbs=2, coins=3)
    default, after = resolve_card(2, HERBS_2, have, {}, bread=False, sets=1)
    assert dict(default.paid) == {"herbs": 2} and not default.coins_for and after == Holdings(coins=3)
    result, after = resolve_card(2, HERBS_2, have, {}, bread=False, sets=1, coins_for={"herbs": 2})
    assert dict(result.paid) == {"coins": 2} and dict(result.coins_for) == {"herbs": 2} and result.coins_chosen
    assert after == Holdings(herbs=2, coins=1) and result.vp == 4
    assert "pays 2 coins (the coins in place of 2 herbs)" in result.explain().render("en")
    assert "(die Münzen anstelle von 2 Kräuter)" in result.explain().render("de")
    half, after = resolve_card(2, HERBS_2, have, {}, bread=False, sets=1, coins_for={"herbs": 1})
    assert dict(half.paid) == {"herbs": 1, "coins": 1} and after == Holdings(herbs=1, coins=2)


def test_evaluate_takes_coins_for_each_card_and_the_choice_names_them():
    have = Holdings(chicken=1, grapes=1, herbs=3, fish=1, coins=4)
    option = evaluate(((1, SET_4), (2, HERBS_2)), have, {}, order=(2, 1), sets=(1, 1),
                      coins_for=({"herbs": 1}, {"grapes": 1, "fish": 1}))
    assert option.after == Holdings(chicken=0, grapes=1, herbs=1, fish=1, coins=1)
    assert option.choice() == {"order": [2, 1], "bread": [False, False], "sets": [1, 1],
                               "coins_for": [{"herbs": 1}, {"grapes": 1, "fish": 1}]}
    # The advisor's way (wares first) names the coins too, when they paid for anything.
    short = advise(((2, HERBS_2), (3, CHIMNEYS_2)), Holdings(herbs=1, coins=1), {"chimneys": 0}).recommended
    assert short.choice()["coins_for"] == [{"herbs": 1}, {}]
    assert "coins_for" not in advise(((2, HERBS_2), (3, CHIMNEYS_2)), Holdings(herbs=2), {"chimneys": 0}) \
        .recommended.choice()


def test_coins_for_at_most_what_the_sets_ask():
    have = Holdings(herbs=4, coins=9)
    resolve_card(2, HERBS_2, have, {}, bread=False, sets=2, coins_for={"herbs": 4})  # every herb of 2 sets
    with pytest.raises(PeriodError) as refused:
        resolve_card(2, HERBS_2, have, {}, bread=False, sets=2, coins_for={"herbs": 5})
    assert refused.value.msg.render("en") == "card 2: 5 herbs paid with coins, but 2 sets ask for only 4 herbs"


def test_coins_for_needs_the_coins_and_the_rest_in_wares():
    with pytest.raises(PeriodError) as refused:  # 2 coins for the herbs, but only 1 coin
        resolve_card(2, HERBS_2, Holdings(herbs=2, coins=1), {}, bread=False, sets=1, coins_for={"herbs": 2})
    assert refused.value.msg.render("en") == "card 2: 2 coins to pay, but there is only 1"
    resolve_card(2, HERBS_2, Holdings(herbs=1, coins=1), {}, bread=False, sets=1, coins_for={"herbs": 1})
    with pytest.raises(PeriodError) as refused:  # 1 of 2 herbs with a coin, but no herb for the other
        resolve_card(2, HERBS_2, Holdings(herbs=0, coins=3), {}, bread=False, sets=1, coins_for={"herbs": 1})
    assert refused.value.msg.render("en") == ("card 2: 1 herb to pay from storage, but only 0 herbs in storage; "
                                              "pay the rest with coins")


def test_coins_stand_in_only_for_wares_a_red_card_asks_for():
    with pytest.raises(PeriodError) as refused:
        resolve_card(2, HERBS_2, Holdings(fish=2, coins=2), {}, bread=False, sets=1, coins_for={"fish": 1})
    assert "card 2 does not ask for Fish" in refused.value.msg.render("en")
    with pytest.raises(PeriodError) as refused:
        resolve_card(3, CHIMNEYS_2, Holdings(coins=2), {"chimneys": 2}, bread=False, coins_for={"herbs": 1})
    assert "card 3 is green" in refused.value.msg.render("en")

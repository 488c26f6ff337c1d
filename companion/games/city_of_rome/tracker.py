"""City of Rome during play: rounds, the start player and the influence scorings (RUNDENENDE).

Events: `{"type": "end_round"}` (the round's influence scoring, then the next round) and core's
generic `{"type": "adjust", "player": p, "counter": id, "delta": n}` for money, influence tokens and
build markers.

`state["last_scoring"]` keeps the outcome of the influence scoring at the last round's end (None when
no card was waiting then), so the tracker can announce it during the whole next round, not only in
the log: `{"round", "winner" (seat or None), "tied" (seats), "tokens", "cards", "lapsed"}`.
"""

from __future__ import annotations

from companion.core.game import Action, Counter, InvalidMove
from companion.core.text import Msg
from companion.games.city_of_rome.cards import influence_cards, reveal_round, rounds

COUNTERS = (
    Counter("money", Msg("city-of-rome.counter.money"), steps=(1, 5)),
    Counter("influence_tokens", Msg("city-of-rome.counter.influence_tokens")),
    Counter("build_markers", Msg("city-of-rome.counter.build_markers")),
)


def _revealed_in(round_: int, players: int) -> list[int]:
    return [c for c in influence_cards(players) if reveal_round(c, players) == round_]


def initial_state(config: dict) -> dict:
    n = len(config["players"])
    return {
        "round": 1,
        "rounds": rounds(n),
        "start_player": config["start_player"],
        "players": [{"counters": {"money": 5, "influence_tokens": 0, "build_markers": 0},
                     "influence_cards": []} for _ in range(n)],
        "waiting_cards": _revealed_in(1, n),
        "last_scoring": None,
        "finished": False,
        "log": [],
    }


def influence_scoring(state: dict, names: list[str]) -> None:
    """The single player with most influence tokens takes every waiting card and returns all
    their tokens; on a tie the cards stay waiting."""
    tokens = [p["counters"]["influence_tokens"] for p in state["players"]]
    best = max(tokens)
    leaders = [i for i, t in enumerate(tokens) if t == best]
    cards = [str(c) for c in state["waiting_cards"]]
    state["last_scoring"] = {"round": state["round"], "winner": leaders[0] if len(leaders) == 1 else None,
                             "tied": leaders if len(leaders) > 1 else [], "tokens": best,
                             "cards": list(state["waiting_cards"]), "lapsed": []}
    if len(leaders) == 1:
        winner = state["players"][leaders[0]]
        winner["influence_cards"] += state["waiting_cards"]
        winner["counters"]["influence_tokens"] = 0
        state["waiting_cards"] = []
        state["log"].append(Msg("city-of-rome.log.influence_won", player=names[leaders[0]],
                                cards=cards, tokens=best).to_json())
    else:
        state["log"].append(Msg("city-of-rome.log.influence_tie", players=[names[i] for i in leaders],
                                tokens=best, cards=cards).to_json())


def apply_event(state: dict, event: dict, config: dict) -> None:
    if event.get("type") != "end_round":
        raise InvalidMove(Msg("core.error.bad_event"))
    if state["finished"]:
        raise InvalidMove(Msg("city-of-rome.error.game_over"))
    names = [p["name"] for p in config["players"]]
    n = len(names)
    state["log"].append(Msg("city-of-rome.log.round_end", round=state["round"]).to_json())
    state["last_scoring"] = None
    if state["waiting_cards"]:
        influence_scoring(state, names)
    if state["round"] == state["rounds"]:
        if state["waiting_cards"]:
            state["log"].append(Msg("city-of-rome.log.cards_lapse",
                                    cards=[str(c) for c in state["waiting_cards"]]).to_json())
            state["last_scoring"]["lapsed"] = list(state["waiting_cards"])
            state["waiting_cards"] = []
        state["finished"] = True
        state["log"].append(Msg("city-of-rome.log.game_over").to_json())
        return
    state["round"] += 1
    state["start_player"] = (state["start_player"] + 1) % n
    state["waiting_cards"] += _revealed_in(state["round"], n)
    state["log"].append(Msg("city-of-rome.log.round_start", round=state["round"],
                            player=names[state["start_player"]]).to_json())


def upgrade_event(event: dict, state: dict | None = None, config: dict | None = None) -> dict:
    """Event schema 1 to 2: nothing to do. City of Rome's entries (`end_round` and core's `adjust`)
    never stored a position; they already name what they change."""
    return event


def actions(state: dict, config: dict) -> list[Action]:
    if state["finished"]:
        return []
    last = state["round"] == state["rounds"]
    return [Action("end_round", Msg("city-of-rome.action.end_round_last" if last else "city-of-rome.action.end_round"),
                   confirm=Msg("city-of-rome.confirm.end_round_scoring" if state["waiting_cards"]
                               else "city-of-rome.confirm.end_round"))]


def status(state: dict, config: dict) -> list[Msg]:
    names = [p["name"] for p in config["players"]]
    if state["finished"]:
        return [Msg("city-of-rome.status.finished")]
    lines = [Msg("core.status.round", round=state["round"], rounds=state["rounds"]),
             Msg("core.status.start_player", name=names[state["start_player"]])]
    if state["waiting_cards"]:
        lines.append(Msg("city-of-rome.status.waiting", cards=[str(c) for c in state["waiting_cards"]]))
    upcoming = [c for c in influence_cards(len(names))
                if reveal_round(c, len(names)) > state["round"]]
    if upcoming:
        lines.append(Msg("city-of-rome.status.next_card", card=upcoming[0],
                         round=reveal_round(upcoming[0], len(names))))
    return lines


def _cards(key: str, cards: list[int], **params) -> Msg:
    """One card or several: the texts differ (no "card(s)")."""
    if len(cards) == 1:
        return Msg(f"{key}_one", card=cards[0], **params)
    return Msg(f"{key}_many", cards=[str(c) for c in cards], **params)


def scoring_announcement(state: dict, config: dict) -> list[Msg]:
    """What the influence scoring at the last round's end did, in the players' words (empty when
    there was none): who won which cards, or who tied and which cards stay waiting or lapse."""
    last = state.get("last_scoring")
    if not last:
        return []
    names = [p["name"] for p in config["players"]]
    if last["winner"] is not None:
        return [_cards("city-of-rome.announce.won", last["cards"], round=last["round"],
                       player=names[last["winner"]], tokens=last["tokens"]),
                Msg("city-of-rome.announce.tokens_back", player=names[last["winner"]])]
    tied = [names[i] for i in last["tied"]]
    lines = [Msg("city-of-rome.announce.tie", round=last["round"], players=tied, tokens=last["tokens"])
             if last["tokens"] else Msg("city-of-rome.announce.nobody", round=last["round"])]
    lapsed = last.get("lapsed") or []
    waiting = [c for c in last["cards"] if c not in lapsed]
    if waiting:
        lines.append(_cards("city-of-rome.announce.stay", waiting))
    if lapsed:
        lines.append(_cards("city-of-rome.announce.lapse", lapsed))
    return lines


def influence_leader(state: dict) -> tuple[int | None, list[int], int]:
    """Who would take the waiting cards if the round ended now: (seat or None, tied seats, tokens)."""
    tokens = [p["counters"]["influence_tokens"] for p in state["players"]]
    best = max(tokens)
    leaders = [i for i, t in enumerate(tokens) if t == best]
    return (leaders[0], [], best) if len(leaders) == 1 else (None, leaders, best)


def board_from_tracker(state: dict, config: dict) -> dict:
    """The end-scoring form, prefilled with what the tracker already knows."""
    return {
        "game": "city-of-rome",
        "players": [
            {"name": p["name"], "city": [[None] * 4 for _ in range(4)],
             "money": s["counters"]["money"], "influence_tokens": s["counters"]["influence_tokens"],
             "influence_cards": list(s["influence_cards"])}
            for p, s in zip(config["players"], state["players"])
        ],
    }

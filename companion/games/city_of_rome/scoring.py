"""City of Rome's final scoring (rulebook: SCHLUSSWERTUNG, building overview, scoring example)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.board import Problems, field, read_table, reject_unknown, require_dict, require_int, require_list
from companion.core.definition import BoardStateError
from companion.core.result import Category, PlayerScore, Result
from companion.core.text import Msg
from companion.games.city_of_rome.cards import (
    AQUEDUCT, CARDS, HOUSE, PRODUCTION, PUBLIC, PUBLIC_TYPES, TEMPLE, Card, copies_in_play,
    influence_cards, rounds, stacks_in_play,
)

SIZE = 4
# Each player's two start buildings (a Gemüsehof and a value-2 house) stay in the city: "Gebäude, die
# bereits in der Stadt liegen, dürfen nicht bewegt oder ersetzt werden. Einzige Ausnahme sind die
# „Aquädukte“, mit denen man eine bereits ausliegende Karte ersetzen darf."
START_BUILDINGS = tuple(card.id for card in CARDS.values() if card.start)
AQUEDUCT_POINTS = (0, 4, 12, 24, 40)
CATEGORIES = ("districts_2", "districts_3", "districts_4", "aqueducts", "temples", "money",
              "influence_tokens", "influence_cards")
CATEGORY_LABELS = {c: Msg(f"city-of-rome.category.{c}") for c in CATEGORIES}


@dataclass(frozen=True)
class Placed:
    card: Card
    vp_markers: int = 0


City = list[list["Placed | None"]]


BAD_CELL = object()  # a space whose card could not be read (noted by a collecting reader)


def neighbours(r: int, c: int):
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
            yield r + dr, c + dc


# ---------------------------------------------------------------- reading and validating a city

def parse_cell(value, path: str) -> Placed | None:
    if value is None:
        return None
    if isinstance(value, str):
        value = {"card": value}
    require_dict(value, path)
    reject_unknown(value, {"card", "vp_markers"}, path)
    card_id = field(value, "card", path)
    if not isinstance(card_id, str) or card_id not in CARDS:  # a list or object is not a card id (nor hashable)
        raise BoardStateError(f"{path}.card", Msg("city-of-rome.error.unknown_card", card=repr(card_id)))
    # A therme's markers are said at its space ("Ben's city, row 2, column 4: the Therme needs its VP
    # markers: ..."), never as a key of the cell.
    card = CARDS[card_id]
    markers = field(value, "vp_markers", path, 0)
    if card.public_type != "therme" and markers:
        raise BoardStateError(path, Msg("city-of-rome.error.markers_not_therme"))
    if not isinstance(markers, int) or isinstance(markers, bool) or not 0 <= markers <= 4 + card.extra_vp_marker:
        raise BoardStateError(path, Msg("city-of-rome.error.markers_range", card=card_msg(card_id),
                                        most=4 + card.extra_vp_marker, rule=markers_rule(card)))
    return Placed(card, markers)


def parse_city(value, path: str, problems: Problems | None = None) -> City | None:
    """The 4 x 4 city, each card read on its own (a collecting `problems` notes each problem; None when a
    card could not be read)."""
    problems = problems or Problems()
    rows = require_list(value, path)
    if len(rows) > SIZE or any(isinstance(r, list) and len(r) > SIZE for r in rows):
        raise BoardStateError(path, Msg("city-of-rome.error.too_big"))
    if len(rows) != SIZE:
        raise BoardStateError(path, Msg("city-of-rome.error.rows", count=len(rows)))
    city: City = []
    for r, row in enumerate(rows):
        require_list(row, f"{path}[{r}]")
        if len(row) != SIZE:
            raise BoardStateError(f"{path}[{r}]", Msg("city-of-rome.error.columns", count=len(row)))
        city.append([problems.read(parse_cell, cell, f"{path}[{r}][{c}]", default=BAD_CELL) for c, cell in enumerate(row)])
    if any(cell is BAD_CELL for row in city for cell in row):  # noted (collecting): the rules need every card
        return None
    check_city(city, path, problems)
    return city


def check_city(city: City, path: str, problems: Problems | None = None) -> None:
    """What the building rules make impossible in one city (a collecting `problems` notes each)."""
    problems = problems or Problems()
    cells = [(r, c) for r in range(SIZE) for c in range(SIZE) if city[r][c]]
    if not cells:  # start buildings can only be replaced, never removed: an empty city was forgotten
        problems.note(BoardStateError(path, Msg("city-of-rome.error.empty_city")))
        return
    for r in range(SIZE):
        if sum(1 for c in range(SIZE) if city[r][c] and city[r][c].card.kind == AQUEDUCT) > 1:
            problems.note(BoardStateError(f"{path}[{r}]", Msg("city-of-rome.error.aqueducts_row", row=r + 1)))
    for c in range(SIZE):
        if sum(1 for r in range(SIZE) if city[r][c] and city[r][c].card.kind == AQUEDUCT) > 1:
            problems.note(BoardStateError(path, Msg("city-of-rome.error.aqueducts_column", column=c + 1)))
    ids = [city[r][c].card.id for r, c in cells]
    missing = [card_id for card_id in START_BUILDINGS if card_id not in ids]
    aqueducts = sum(1 for card_id in ids if CARDS[card_id].kind == AQUEDUCT)
    if len(missing) > aqueducts:  # only an aqueduct built in its place takes a start building away
        names = {f"card_{i + 1}": card_msg(card_id) for i, card_id in enumerate(missing)}
        problems.note(BoardStateError(path, Msg(
            f"city-of-rome.error.start_building{'s' if len(missing) > 1 else ''}_gone", aqueducts=aqueducts, **names)))
    for r, c in cells:
        placed = city[r][c]
        around = sum(1 for n in neighbours(r, c) if city[n[0]][n[1]])
        limit = around + placed.card.extra_vp_marker
        if placed.vp_markers > limit:
            problems.note(BoardStateError(f"{path}[{r}][{c}]", Msg(
                "city-of-rome.error.too_many_markers", markers=placed.vp_markers, limit=limit,
                card=card_msg(placed.card.id), rule=markers_rule(placed.card))))
        # "Baut der Spieler eine Therme, legt er sofort je 1 Siegpunktmarker für jede zu dieser Therme
        # waagerecht oder senkrecht angrenzende Karte auf diese Therme", and a card is always built
        # touching the city: at least 1 marker (the Kaiser-Therme 2), never taken off again.
        minimum = 1 + placed.card.extra_vp_marker
        if placed.card.public_type == "therme" and placed.vp_markers < minimum:
            problems.note(BoardStateError(f"{path}[{r}][{c}]", Msg(
                "city-of-rome.error.too_few_markers", markers=placed.vp_markers, minimum=minimum,
                card=card_msg(placed.card.id), rule=markers_rule(placed.card))))
    if cells:  # every card is built touching the city, so the city is one piece
        seen, todo = {cells[0]}, [cells[0]]
        while todo:
            for n in neighbours(*todo.pop()):
                if city[n[0]][n[1]] and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(cells):
            problems.note(BoardStateError(path, Msg("city-of-rome.error.not_connected")))


def parse_board_state(data, problems: Problems | None = None) -> dict:
    """Validate a whole table's end state; returns it normalised (cities as `Placed` grids). `problems`
    collecting: every problem is noted, each part of a board read on its own (see core.board.Problems)."""
    problems = problems or Problems()
    players = read_table(data, "city-of-rome", 2, 4)
    count = len(players)
    out = []
    used: dict[str, list[str]] = {}
    cards_used: list[tuple[int, str]] = []
    complete = True  # every city and every influence card could be read: the checks across the table apply
    for i, p in enumerate(players):
        path = f"$.players[{i}]"
        problems.read(reject_unknown, p, {"name", "city", "money", "influence_tokens", "influence_cards"}, path)
        city = problems.read(lambda: parse_city(field(p, "city", path), f"{path}.city", problems))
        cards = problems.read(lambda: require_list(field(p, "influence_cards", path, []), f"{path}.influence_cards"))
        complete = complete and city is not None and cards is not None
        for j, v in enumerate(cards or []):
            def card(v=v, j=j):
                require_int(v, f"{path}.influence_cards[{j}]", 1)
                if v not in influence_cards(count):
                    raise BoardStateError(f"{path}.influence_cards[{j}]", Msg(
                        "city-of-rome.error.influence_card", value=v, players=count,
                        allowed=list(influence_cards(count))))
                return True
            if problems.read(card):
                cards_used.append((v, f"{path}.influence_cards[{j}]"))
            else:
                complete = False
        for r, row in enumerate(city or []):
            for c, placed in enumerate(row):
                if placed:
                    used.setdefault(placed.card.id, []).append(f"{path}.city[{r}][{c}]")
        out.append({
            "name": p["name"].strip(),
            "city": city,
            "money": problems.read(lambda: require_int(field(p, "money", path), f"{path}.money")),
            "influence_tokens": problems.read(lambda: require_int(field(p, "influence_tokens", path),
                                                                  f"{path}.influence_tokens")),
            "influence_cards": list(cards or []),
        })
    seen_cards: set[int] = set()
    for v, where in cards_used:
        if v in seen_cards:
            problems.note(BoardStateError(where, Msg("city-of-rome.error.influence_card_twice", value=v)))
            complete = False
            break
        seen_cards.add(v)
    if complete and all(p["influence_tokens"] is not None for p in out):
        problems.read(check_influence_cards, out, cards_used, count)
    for card_id, places in used.items():
        card = CARDS[card_id]
        available = copies_in_play(card, count)
        if len(places) > available:
            if available == 0:
                missing = [s for s in card.stacks if s not in stacks_in_play(count)]
                msg = Msg("city-of-rome.error.stack_not_used", card=card_msg(card_id),
                          stack=missing[0], players=count)
            elif available == 1:
                msg = Msg("city-of-rome.error.card_twice", card=card_msg(card_id))
            else:
                msg = Msg("city-of-rome.error.too_many_copies", card=card_msg(card_id),
                          count=len(places), available=available, players=count)
            problems.note(BoardStateError(places[-1], msg))
    return {"game": "city-of-rome", "players": out}


def check_influence_cards(players: list[dict], cards_used: list[tuple[int, str]], count: int) -> None:
    """What the influence scorings make impossible (RUNDENENDE, Einflusswertung): the cards come up in
    order, and "Der Spieler, der dann die nächste Einflusswertung gewinnt, erhält alle diese
    Einflusswertungskarten", so a card won means every lower card was won too; only a tie after
    the last round leaves cards unawarded. The last card is won at the end of the last round, and
    its winner "muss dafür aber alle seine Einflussmarker in den allgemeinen Vorrat zurücklegen"."""
    order = influence_cards(count)
    won = {v: where for v, where in cards_used}
    for v, where in sorted(won.items(), reverse=True):
        lower = [x for x in order if x < v and x not in won]
        if lower:
            raise BoardStateError(where, Msg("city-of-rome.error.influence_card_skipped", value=v, lower=lower))
    last = order[-1]
    for i, p in enumerate(players):
        if last in p["influence_cards"] and p["influence_tokens"]:
            raise BoardStateError(f"$.players[{i}].influence_tokens", Msg(
                "city-of-rome.error.tokens_after_last_card", tokens=p["influence_tokens"], value=last,
                rounds=rounds(count)))


def card_msg(card_id: str) -> Msg:
    return Msg(f"city-of-rome.card.{card_id}")


def markers_rule(card: Card) -> Msg:
    """What a therme got when it was built, in words: 1 VP marker per neighbouring card (the Kaiser-Therme 1 more)."""
    return Msg("city-of-rome.error.markers_rule_imperial" if card.extra_vp_marker else "city-of-rome.error.markers_rule")


# ---------------------------------------------------------------- scoring

@dataclass(frozen=True)
class District:
    value: int
    cells: tuple[tuple[int, int], ...]
    public_types: tuple[str, ...]
    vp_markers: int

    @property
    def house_sum(self) -> int:
        return self.value * len(self.cells)

    @property
    def points(self) -> int:
        # No adjacent public building: the district scores nothing, markers included.
        return self.house_sum * len(self.public_types) + self.vp_markers if self.public_types else 0


def residential_districts(city: City) -> list[District]:
    """Orthogonally connected houses of the same value, each with the public colours around it."""
    districts, seen = [], set()
    for r in range(SIZE):
        for c in range(SIZE):
            placed = city[r][c]
            if not placed or placed.card.kind != HOUSE or (r, c) in seen:
                continue
            value = placed.card.house_value
            cells, todo = [], [(r, c)]
            seen.add((r, c))
            while todo:
                cell = todo.pop()
                cells.append(cell)
                for n in neighbours(*cell):
                    other = city[n[0]][n[1]]
                    if other and other.card.kind == HOUSE and other.card.house_value == value and n not in seen:
                        seen.add(n)
                        todo.append(n)
            adjacent = {n for cell in cells for n in neighbours(*cell)
                        if city[n[0]][n[1]] and city[n[0]][n[1]].card.kind == PUBLIC}
            types = {city[a][b].card.public_type for a, b in adjacent}
            # Of several blue buildings only one counts: the player takes the one with most markers.
            markers = max((city[a][b].vp_markers for a, b in adjacent
                           if city[a][b].card.public_type == "therme"), default=0)
            districts.append(District(value, tuple(sorted(cells)),
                                      tuple(t for t in PUBLIC_TYPES if t in types), markers))
    return districts


def city_cards(city: City) -> list[Card]:
    return [p.card for row in city for p in row if p]


def temple_points(card_id: str, cards: list[Card], money: int) -> tuple[int, Msg]:
    kinds = [c.kind for c in cards]
    houses = [c.house_value for c in cards if c.kind == HOUSE]
    public_colours = {c.public_type for c in cards if c.kind == PUBLIC}
    temples, stars = kinds.count(TEMPLE), sum(c.stars for c in cards)
    name = card_msg(card_id)

    def condition(met: bool, points: int, key: str, **params) -> tuple[int, Msg]:
        got = points if met else 0
        return got, Msg(f"city-of-rome.temple.{key}", temple=name, points=got, **params)

    rules = {
        "temple-minerva": lambda: condition(len(cards) == 16, 10, "minerva", cards=len(cards)),
        "temple-fortuna": lambda: condition(len(public_colours) == 4, 15, "fortuna", colours=len(public_colours)),
        "temple-amor": lambda: condition(houses.count(2) >= 4, 10, "amor", houses=houses.count(2)),
        "temple-juno": lambda: condition(temples >= 4, 10, "juno", temples=temples),
        "temple-saturn": lambda: condition(kinds.count(PRODUCTION) >= 4, 15, "saturn",
                                           buildings=kinds.count(PRODUCTION)),
        "temple-luna": lambda: (stars, Msg("city-of-rome.temple.luna", temple=name, stars=stars, points=stars)),
        "temple-mars": lambda: condition(houses.count(4) >= 1, 5, "mars", houses=houses.count(4)),
        "temple-venus": lambda: (2 * houses.count(2), Msg("city-of-rome.temple.venus", temple=name,
                                                          houses=houses.count(2), points=2 * houses.count(2))),
        "temple-jupiter": lambda: (2 * temples, Msg("city-of-rome.temple.jupiter", temple=name,
                                                    temples=temples, points=2 * temples)),
        "temple-mercury": lambda: (money // 3, Msg("city-of-rome.temple.mercury", temple=name,
                                                   money=money, points=money // 3)),
    }
    return rules[card_id]()


def score_player(p: dict) -> PlayerScore:
    city: City = p["city"]
    cards = city_cards(city)
    categories = []
    districts = residential_districts(city)
    for value in (2, 3, 4):
        mine = [d for d in districts if d.value == value]
        parts = [Msg("city-of-rome.explain.district", houses=len(d.cells), sum=d.house_sum,
                     colours=len(d.public_types), markers=d.vp_markers, points=d.points) if d.public_types
                 else Msg("city-of-rome.explain.district_alone", houses=len(d.cells), sum=d.house_sum)
                 for d in mine]
        explanation = (Msg("city-of-rome.explain.districts", parts=parts) if mine
                       else Msg("city-of-rome.explain.no_district", value=value))
        categories.append(Category(f"districts_{value}", sum(d.points for d in mine), explanation))
    aqueducts = sum(1 for c in cards if c.kind == AQUEDUCT)
    categories.append(Category("aqueducts", AQUEDUCT_POINTS[aqueducts],
                               Msg("city-of-rome.explain.aqueducts", count=aqueducts,
                                   points=AQUEDUCT_POINTS[aqueducts])))
    temples = [temple_points(c.id, cards, p["money"]) for c in cards if c.kind == TEMPLE]
    categories.append(Category(
        "temples", sum(t[0] for t in temples),
        Msg("city-of-rome.explain.temples", parts=[t[1] for t in temples]) if temples
        else Msg("city-of-rome.explain.no_temple")))
    categories.append(Category("money", p["money"], Msg("city-of-rome.explain.money", money=p["money"])))
    tokens = p["influence_tokens"]
    categories.append(Category("influence_tokens", tokens // 2,
                               Msg("city-of-rome.explain.tokens", tokens=tokens, points=tokens // 2)))
    cards_won = p["influence_cards"]
    categories.append(Category(
        "influence_cards", sum(cards_won),
        Msg("city-of-rome.explain.cards", cards=[str(v) for v in cards_won], points=sum(cards_won))
        if cards_won else Msg("city-of-rome.explain.no_cards")))
    return PlayerScore(p["name"], categories, tiebreak=(tokens, p["money"]),
                       tiebreak_note=Msg("city-of-rome.tiebreak", tokens=tokens, money=p["money"]))


def score(board: dict, box: dict | None = None) -> Result:
    """Score a parsed board state (see `parse_board_state`). City of Rome needs no box data."""
    return Result("city-of-rome", [score_player(p) for p in board["players"]], CATEGORY_LABELS,
                      notes=[Msg("city-of-rome.tiebreak_rule")])

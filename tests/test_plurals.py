"""Plural forms in the message catalogue: `{count|house|houses}` picks the form for the number (or a
list's length) in English and German; no template shows "house(s)" or "Haus/Häuser" any more."""

import json
import re
import string

import pytest

from companion.core.text import I18N_DIR, LANGUAGES, Msg, plural_form, tr


@pytest.mark.parametrize("value, form", [
    (0, "houses"), (1, "house"), (2, "houses"), (-1, "house"), (21, "houses"),
    ("1", "house"), ("3", "houses"), ([], "houses"), (["3"], "house"), (["3", "6"], "houses"),
    (True, "houses"), ("many", "houses"), (None, "houses"), (Msg("core.list_sep"), "houses"),
])
def test_the_rule_one_for_exactly_one_else_other(value, form):
    assert plural_form(value, ("house", "houses")) == form


def test_a_zero_form_when_three_forms_are_given():
    forms = ("no house", "house", "houses")
    assert [plural_form(n, forms) for n in (0, 1, 2)] == ["no house", "house", "houses"]


# key, params without the count, the count's name, the text for 0, 1 and 2 in each language
CASES = [
    ("city-of-rome.explain.aqueducts", {"points": 5}, "count", {
        "en": ["0 aqueducts = 5", "1 aqueduct = 5", "2 aqueducts = 5"],
        "de": ["0 Aquädukte = 5", "1 Aquädukt = 5", "2 Aquädukte = 5"]}),
    ("city-of-rome.explain.district_alone", {"sum": 4}, "houses", {
        "en": ["0 houses worth 4, no public building adjacent = 0", "1 house worth 4, no public building adjacent = 0",
               "2 houses worth 4, no public building adjacent = 0"],
        "de": ["0 Häuser mit Wert 4, kein öffentliches Gebäude angrenzend = 0",
               "1 Haus mit Wert 4, kein öffentliches Gebäude angrenzend = 0",
               "2 Häuser mit Wert 4, kein öffentliches Gebäude angrenzend = 0"]}),
    ("carpe-diem.period.paid_sets", {}, "sets", {
        "en": ["0 sets paid", "1 set paid", "2 sets paid"],
        "de": ["0 Sets abgegeben", "1 Set abgegeben", "2 Sets abgegeben"]}),
    ("carpe-diem-ui.period.option_head", {"vp": 3}, "steps", {
        "en": ["3 VP, 0 steps", "3 VP, 1 step", "3 VP, 2 steps"],
        "de": ["3 SP, 0 Schritte", "3 SP, 1 Schritt", "3 SP, 2 Schritte"]}),
    ("castles-of-tuscany.tiebreak", {"green": 1}, "empty", {
        "en": ["tie-break: 0 empty fields, 1 green point", "tie-break: 1 empty field, 1 green point",
               "tie-break: 2 empty fields, 1 green point"],
        "de": ["Stichentscheid: 0 leere Felder, 1 grüner Punkt", "Stichentscheid: 1 leeres Feld, 1 grüner Punkt",
               "Stichentscheid: 2 leere Felder, 1 grüner Punkt"]}),
    ("milestones.goods.coins", {}, "count", {
        "en": ["0 coins", "1 coin", "2 coins"], "de": ["0 Münzen", "1 Münze", "2 Münzen"]}),
    ("ui.results.line", {"rank": 1, "name": "Zoë"}, "total", {
        "en": ["1. Zoë: 0 points", "1. Zoë: 1 point", "1. Zoë: 2 points"],
        "de": ["1. Zoë: 0 Punkte", "1. Zoë: 1 Punkt", "1. Zoë: 2 Punkte"]}),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key, params, name, expected", CASES, ids=[c[0] for c in CASES])
def test_counts_0_1_2_in_both_languages(lang, key, params, name, expected):
    assert [tr(lang, key, **params, **{name: n}) for n in (0, 1, 2)] == expected[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_list_counts_its_items(lang):
    one = Msg("city-of-rome.log.cards_lapse", cards=["14"]).render(lang)
    two = Msg("city-of-rome.log.cards_lapse", cards=["10", "14"]).render(lang)
    assert {"en": ("Influence card 14 is not awarded", "Influence cards 10, 14 are not awarded"),
            "de": ("Einflusswertungskarte 14 wird nicht vergeben",
                   "Einflusswertungskarten 10, 14 werden nicht vergeben")}[lang] == (one, two)


def test_a_missing_count_shows_the_plural_and_a_broken_select_shows_as_text():
    from companion.core.text import _parsed
    assert tr("en", "milestones.goods.coins") == "{count} coins"
    assert "".join(literal for literal, _, _ in _parsed("{n|a|b|c|d} {n|a}")) == "{n|a|b|c|d} {n|a}"
    assert all(name is None for _, name, _ in _parsed("{n|a|b|c|d} {n|a}"))


def _templates():
    for lang in LANGUAGES:
        for path in sorted((I18N_DIR / lang).glob("*.json")):
            for key, text in json.loads(path.read_text(encoding="utf-8")).items():
                yield lang, key, text


PLACEHOLDER_PLURAL = re.compile(r"[A-Za-zäöüß]\((s|e|n|en|er|es)\)|\b(Haus/Häuser|darf/dürfen|Satz/Sätze|Villa/Villen)\b"
                                r"|/-[a-zäöü]+|\bein\(e\)")


def test_no_placeholder_plurals_are_left():
    left = [f"{lang} {key}: {text}" for lang, key, text in _templates() if PLACEHOLDER_PLURAL.search(text)]
    assert left == []


def test_every_plural_select_is_well_formed():
    """2 forms (one, other) or 3 (zero, one, other), on a parameter the same template shows or that
    the sentence needs (a list of cards, a count)."""
    bad = []
    for lang, key, text in _templates():
        for _, field, spec, conversion in string.Formatter().parse(text):
            if field and "|" in field:
                name, *forms = field.split("|")
                if not name.isidentifier() or len(forms) not in (2, 3) or spec or conversion or not all(forms):
                    bad.append(f"{lang} {key}: {{{field}}}")
    assert bad == []

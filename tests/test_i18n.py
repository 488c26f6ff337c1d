"""The translation catalogues: German and English complete and consistent, and every key the code
uses is there."""

import ast
import json
import string
from pathlib import Path

import pytest

from companion.core.text import I18N_DIR, LANGUAGES, catalogue
from companion.games.city_of_rome.cards import CARDS, TEMPLE
from companion.games.city_of_rome.scoring import CATEGORIES, temple_points

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "companion"
EN_FILES = sorted((I18N_DIR / "en").glob("*.json"))


def _no_duplicates(pairs):
    keys = [k for k, _ in pairs]
    duplicates = sorted({k for k in keys if keys.count(k) > 1})
    assert duplicates == [], f"keys given twice (the first is silently lost): {duplicates}"
    return dict(pairs)


def load(path: Path) -> dict:
    data = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=_no_duplicates)
    assert isinstance(data, dict)
    return data


def placeholders(template: str) -> set[str]:
    """The {names} a template uses; raises on a broken template (an unmatched brace)."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None:
            names.add(field.split("|")[0])  # a plural select `{count|house|houses}` uses `count`
    return names


def test_there_are_catalogues():
    assert {p.name for p in EN_FILES} >= {"core.json", "city-of-rome.json"}
    assert set(LANGUAGES) == {"en", "de"}


@pytest.mark.parametrize("path", EN_FILES, ids=lambda p: p.name)
def test_every_en_file_has_a_de_file_with_the_same_keys_and_placeholders(path):
    en = load(path)
    de_path = I18N_DIR / "de" / path.name
    assert de_path.exists(), f"no German catalogue for {path.name}"
    de = load(de_path)
    assert sorted(set(en) - set(de)) == [], "keys missing in German"
    assert sorted(set(de) - set(en)) == [], "keys only in German"
    namespace = path.stem
    wrong = {}
    for key, text in en.items():
        assert isinstance(text, str) and text.strip(), key
        assert isinstance(de[key], str) and de[key].strip(), key
        assert key.startswith(namespace + "."), f"{key} is not in the {namespace} namespace"
        if placeholders(text) != placeholders(de[key]):
            wrong[key] = (sorted(placeholders(text)), sorted(placeholders(de[key])))
    assert wrong == {}


@pytest.mark.parametrize("path", sorted((I18N_DIR / "de").glob("*.json")), ids=lambda p: p.name)
def test_de_files_parse_without_duplicate_keys(path):
    load(path)


def test_no_de_file_without_an_en_file():
    assert {p.name for p in (I18N_DIR / "de").glob("*.json")} <= {p.name for p in EN_FILES}


def test_no_key_in_two_namespaces():
    seen = {}
    for path in EN_FILES:
        for key in load(path):
            assert key not in seen, f"{key} in {path.name} and {seen[key]}"
            seen[key] = path.name


# ------------------------------------------------------------------ keys used in the code

def _literal_keys(node: ast.AST) -> list[str] | None:
    """The key(s) a Msg(...) argument can be: a literal, or both literal branches of `a if c else b`.
    None for keys built at run time (f-strings, variables): those families are checked below."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _literal_keys(node.body), _literal_keys(node.orelse)
        if body is not None and orelse is not None:
            return body + orelse
    return None


def _uses():
    """(file:line, key, given params or None when **kwargs) for each Msg(...) and tr(lang, ...) call."""
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name == "Msg" and node.args:
                arg = node.args[0]
            elif name == "tr" and len(node.args) >= 2:
                arg = node.args[1]
            else:
                continue
            keys = _literal_keys(arg)
            if keys is None:
                continue
            params = None if any(k.arg is None for k in node.keywords) else {k.arg for k in node.keywords}
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            for key in keys:
                yield where, key, params


USES = list(_uses())


def test_the_scan_finds_the_keys():
    keys = {key for _, key, _ in USES}
    # spot checks that the scan sees plain, multi-line and conditional keys
    assert {"core.error.names_unique", "city-of-rome.log.influence_won", "city-of-rome.setup.start_player_drawn",
            "city-of-rome.setup.start_player", "core.cli.players"} <= keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_used_in_the_code_exists(lang):
    cat = catalogue(lang)
    missing = sorted({f"{key} ({where})" for where, key, _ in USES if key not in cat})
    assert missing == []


def test_every_placeholder_of_a_used_key_is_given():
    """A Msg that leaves out a parameter its template needs shows `{name}` to the user."""
    cat = catalogue("en")
    short = sorted(f"{where}: {key} needs {sorted(placeholders(cat[key]) - params)}"
                   for where, key, params in USES
                   if params is not None and key in cat and placeholders(cat[key]) - params)
    assert short == []


# ------------------------------------------------------------------ families built at run time (City of Rome)

@pytest.mark.parametrize("lang", LANGUAGES)
def test_city_of_rome_key_families(lang):
    cat = catalogue(lang)
    expected = [f"city-of-rome.card.{card_id}" for card_id in CARDS]
    expected += [f"city-of-rome.category.{c}" for c in CATEGORIES]
    for card in CARDS.values():
        if card.kind == TEMPLE:
            _, msg = temple_points(card.id, [card], 0)
            expected.append(msg.key)
            text = msg.render(lang)
            assert "{" not in text, text
    assert sorted(k for k in expected if k not in cat) == []


# Flet's web client bundles only Roboto; a character outside it shows as an empty box. These were
# checked against the bundled font's character map (arrows and stars are not in it).
RENDERABLE_EXTRA = set("–—−•…≥≤›»‚‘’“”„€")


def test_every_character_renders_in_the_bundled_font():
    for lang in ("en", "de"):
        for path in sorted((I18N_DIR / lang).glob("*.json")):
            for key, text in json.loads(path.read_text(encoding="utf-8")).items():
                bad = {c for c in text if ord(c) > 0xFF and c not in RENDERABLE_EXTRA}
                assert not bad, f"{path.name} {key}: {sorted(bad)} would not render"


# ------------------------------------------------------------------ rendering what came from outside

@pytest.mark.parametrize("key", ["{", "}", "{x:>50000000}", "{0}", "{x.__class__}", "{x[0]}", "no.such.key",
                                 "{x!r}"])
def test_an_unknown_key_renders_literally_never_as_a_template(key):
    from companion.core.text import Msg, tr
    assert tr("en", key) == key
    assert tr("de", key, x="Anna", n=3) == f"{key} (x=Anna, n=3)"
    assert Msg(key, parts=[Msg("core.board.missing"), 2]).render("en") == f"{key} (parts=is missing; 2)"


def test_a_parameter_is_text_never_a_template():
    from companion.core.text import tr
    assert tr("en", "core.board.above", maximum="{x:>50000000}", value="{") == "must be at most {x:>50000000}, found {"
    assert tr("en", "core.board.above", maximum=3) == "must be at most 3, found {value}"  # a missing one shows

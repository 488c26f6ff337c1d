"""The code's shape, as docs/architecture.md promises it: short functions, and every game in its own
package (nothing outside `companion/games/` names a game in code; comments and docstrings may, as
examples)."""

import ast
from pathlib import Path

from companion.games import GAMES

COMPANION = Path(__file__).resolve().parents[1] / "companion"
LONGEST = 80  # lines of a function, its docstring included


def modules():
    for path in sorted(COMPANION.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def test_no_function_is_longer_than_80_lines():
    long = [f"{path.relative_to(COMPANION.parent)}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for path, tree in modules() for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno - node.lineno + 1 > LONGEST]
    assert long == []


def words_in_code(tree: ast.AST) -> set[str]:
    """The names and string values of a module, not its docstrings."""
    docstrings = {id(node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    words: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words.add(node.value)
        elif isinstance(node, ast.Name):
            words.add(node.id)
        elif isinstance(node, ast.Attribute):
            words.add(node.attr)
        elif isinstance(node, ast.alias):
            words.add(node.name)
        elif isinstance(node, ast.ImportFrom) and node.module:
            words.add(node.module)
    return words


def test_nothing_outside_the_games_names_a_game():
    ids = {spelling for gid in GAMES for spelling in (gid, gid.replace("-", "_"))}
    named = {}
    for path, tree in modules():
        if "games" in path.relative_to(COMPANION).parts[:1]:
            continue
        found = {gid for gid in ids for word in words_in_code(tree) if gid in word.casefold()}
        if found:
            named[str(path.relative_to(COMPANION.parent))] = sorted(found)
    assert named == {}


def test_the_check_finds_a_game_named_in_code():
    """The check above can fail: a game's id in a string or an import is found, in a comment it is not."""
    ids = {"carpe-diem", "carpe_diem"}
    code = ast.parse('"""Carpe Diem is an example."""\n# carpe-diem\nimport x\n')
    assert not any(i in w for i in ids for w in words_in_code(code))
    for line in ('x = "carpe-diem"', "from companion.games.carpe_diem import ui", "y = GAMES['carpe-diem']"):
        assert any(i in w.casefold() for i in ids for w in words_in_code(ast.parse(line))), line


def hook_calls(function: ast.AST) -> set[str]:
    """The hooks (`ft.use_*`, `use_*`) a function calls itself, not in functions defined inside it."""
    calls: set[str] = set()
    for child in ast.iter_child_nodes(function):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(child, ast.Call) and ast.unparse(child.func).split(".")[-1].startswith("use_"):
            calls.add(ast.unparse(child.func))
        calls |= hook_calls(child)
    return calls


def test_hooks_are_called_by_components_only():
    """A function that calls a hook is a component (its hooks are its own, in the same order each render)
    or a hook itself (`use_*`); a hook-holding object is made while its component renders (`__init__`).
    A component that lost its decorator ran its hooks in its caller's, and the caller's dialog broke."""
    stray = [f"{path.relative_to(COMPANION.parent)}:{node.lineno} {node.name}"
             for path, tree in modules() for node in ast.walk(tree)
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and hook_calls(node)
             and not any("component" in ast.unparse(d) or "memo" in ast.unparse(d) for d in node.decorator_list)
             and not node.name.startswith("use_") and node.name != "__init__"]
    assert stray == []


def imports_of(tree: ast.AST) -> set[str]:
    """The modules a module imports, wherever in it (a function's own import included)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found


def test_core_knows_no_game():
    """companion/core/ is the game-blind engine: it imports neither the games nor the screens (a game is
    handed to it as its GameDefinition), so nothing closes an import circle core -> games -> ui -> core."""
    knowing = {str(path.relative_to(COMPANION.parent)): sorted(m for m in imports_of(tree)
                                                                if m.startswith(("companion.games", "companion.ui")))
               for path, tree in modules() if path.relative_to(COMPANION).parts[0] == "core"}
    assert {path: found for path, found in knowing.items() if found} == {}
    assert imports_of(ast.parse("def f():\n    from companion.games import GAMES\n")) == {"companion.games"}

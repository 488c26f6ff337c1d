"""The registry of games: adding a game means one package here and one line below (what its screens
need beyond the defaults, an end-scoring editor or a tracker panel of its own, is its package's `ui`
module, which returns its GameUI: companion/ui/games.py).

A game from outside the app (a plugin, the made-up game of the tests) is added with `register`; a
`python -m companion` command first imports the modules named in TABULA_PLUGINS and calls their
`register()` (see `load_plugins`)."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

from companion.core.definition import GameDefinition
from companion.core.text import catalogue
from companion.games.carpe_diem import GAME as CARPE_DIEM
from companion.games.castles_of_tuscany import GAME as CASTLES_OF_TUSCANY
from companion.games.city_of_rome import GAME as CITY_OF_ROME
from companion.games.milestones import GAME as MILESTONES

GAMES: dict[str, GameDefinition] = {}
_CATALOGUES: dict[str, Path] = {}  # game id -> the folder of texts a registered game brought

PLUGINS_ENV = "TABULA_PLUGINS"


class UnknownGame(LookupError):
    """A game id that no registered game has."""

    def __init__(self, game_id: object):
        super().__init__(f"unknown game {game_id!r}; known: {', '.join(GAMES)}")
        self.game_id = game_id


def definition(game_id: str) -> GameDefinition:
    """The registered game `game_id`; UnknownGame names the known ones."""
    found = GAMES.get(game_id) if isinstance(game_id, str) else None
    if found is None:
        raise UnknownGame(game_id)
    return found


def register(definition: GameDefinition, catalogues: Path | None = None) -> None:
    """Add a game (and the folder of its texts, laid out like assets/i18n) to every screen and command.
    Registering the same definition again changes nothing; another game under a taken id is refused."""
    if GAMES.get(definition.id, definition) is not definition:
        raise ValueError(f"another game is registered as {definition.id!r} already")
    if definition.show.ui is None and not definition.end.board_fields:
        raise ValueError(f"{definition.id!r} has neither an end-scoring editor (its ui) nor board_fields for "
                         "the generic one")
    if catalogues is not None:
        catalogue.add(catalogues)
        _CATALOGUES[definition.id] = Path(catalogues)
    GAMES[definition.id] = definition


def unregister(game_id: str) -> None:
    """Take a registered game out again (the tests' made-up game); the app's own games stay."""
    if game_id in BUILT_IN:
        raise ValueError(f"{game_id!r} is one of the app's own games")
    GAMES.pop(game_id, None)
    if game_id in _CATALOGUES:
        catalogue.remove(_CATALOGUES.pop(game_id))


def load_plugins(names: str | None = None) -> list[str]:
    """Import each module named in TABULA_PLUGINS (comma-separated) and call its `register()`: how a
    game that is not part of the app (the tests' made-up game) is added to a server or a command."""
    names = os.environ.get(PLUGINS_ENV, "") if names is None else names
    loaded = []
    for name in (n.strip() for n in names.split(",")):
        if name:
            importlib.import_module(name).register()
            loaded.append(name)
    return loaded


# The app's own games, through the same checks as any other.
for _built_in in (CITY_OF_ROME, CASTLES_OF_TUSCANY, MILESTONES, CARPE_DIEM):
    register(_built_in)
BUILT_IN = tuple(GAMES)

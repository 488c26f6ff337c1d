"""Moves over a tracker written as one `apply_event` with one `actions` list: a step on the way to each
game declaring its moves one by one (companion/core/moves.py). Temporary: gone once every game declares
its own."""

from __future__ import annotations

from companion.core.moves import Move


def legacy_moves(names, apply_event, actions, upgrade_event) -> tuple[Move, ...]:
    """One move per event type in `names`, each applied by `apply_event`; the first offers every action."""
    return tuple(Move(name, apply_event, params=("*",), offer=actions if n == 0 else None,
                      upgrades={1: lambda event, state, config: upgrade_event(event, state, config)})
                 for n, name in enumerate(names))

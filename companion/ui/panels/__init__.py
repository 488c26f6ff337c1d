"""Game-specific parts of the live tracker, shown under the round status (for example Carpe Diem's
scoring periods). Each is a component `(model, session) -> Control`, named in the game's entry in
companion/ui/games.py; games without one need nothing."""

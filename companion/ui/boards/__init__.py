"""End-scoring editors: one per game that needs its own (the physical board's layout), and the generic
one (`generic.py`) for a game that declares its board as numbers. Which game uses which: companion/ui/games.py."""

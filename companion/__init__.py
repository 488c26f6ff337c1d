"""Tabula: a scoring companion for physical board-game sessions."""

__version__ = "0.1.0"

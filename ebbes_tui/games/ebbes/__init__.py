"""ebbes (Klaus Geis, Palatia Spiele, 2013; remade as HUND): its rules, bots, screens
and rules text, on the game seam."""

from .game import GAME

__all__ = ["GAME"]

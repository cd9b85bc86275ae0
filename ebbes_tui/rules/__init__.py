"""Pure rules of ebbes: no I/O, no Textual, no randomness but a Random passed in."""

from .cards import ALL_CARDS, SUITS, Card, Suit, card, parse_card
from .categories import CATEGORIES, Category
from .deal import deal_hands, deal_next_round
from .errors import IllegalMove, RulesError
from .record import FORMAT, RecordError, dumps, parse_record, replay, to_record
from .state import Decision, GameState, Phase
from .variants import GameConfig, Options, SeatInfo, SetupError
from .view import PlayerView, player_view

__all__ = [
    "ALL_CARDS", "CATEGORIES", "Card", "Category", "Decision", "FORMAT", "GameConfig",
    "GameState", "IllegalMove", "Options", "Phase", "PlayerView", "RecordError",
    "RulesError", "SUITS", "SeatInfo", "SetupError", "Suit", "card", "deal_hands", "dumps",
    "deal_next_round", "parse_card", "parse_record", "player_view", "replay", "to_record",
]

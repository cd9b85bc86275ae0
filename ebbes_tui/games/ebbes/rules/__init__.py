"""Pure rules of ebbes: no I/O, no Textual, no randomness but a Random passed in."""

from .actions import Action, ChoosePair, NameStarter, PlayCard, parse_action
from .cards import ALL_CARDS, SUITS, Card, Suit, card, parse_card
from .categories import CATEGORIES, Category
from .deal import deal_hands, deal_next_round, dealer_from
from .errors import IllegalMove, RulesError
from .loop import by_seat, decisions, forced, play_game
from .record import FORMAT, RecordError, parse_record, replay, to_record
from .state import Decision, GameState, Phase
from .variants import GameConfig, Options, SeatInfo, SetupError
from .view import PlayerView, player_view

__all__ = [
    "ALL_CARDS", "Action", "CATEGORIES", "Card", "Category", "ChoosePair", "Decision",
    "FORMAT", "GameConfig", "GameState", "IllegalMove", "NameStarter", "Options", "Phase",
    "PlayCard", "PlayerView", "RecordError", "RulesError", "SUITS", "SeatInfo",
    "SetupError", "Suit", "by_seat", "card", "deal_hands", "deal_next_round", "dealer_from",
    "decisions", "forced", "parse_action", "parse_card", "parse_record",
    "play_game", "player_view", "replay", "to_record",
]

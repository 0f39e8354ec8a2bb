"""Card and suit names in each language.

The short form (`10♥`, `Q♠`, from `Card.display`) is the same everywhere: it is what players
type in commands (`/cinch play 10H`), what the table pictures print in the corners, and what
mixed-language tables can all read. French packs traditionally print R/D/V and Dutch ones H/V/B,
but the international A K Q J indices are what the bot draws and parses, so translating the
indices in text would show a player one letter and ask them to type another.

The long form is for labels, select-option descriptions, alt text and screen readers, and
follows each language's own habits: "Queen of Spades", "Dame de pique", "Dama de espadas",
"Schoppenvrouw"; numbered cards keep their digits ("10 of Hearts", "Harten 10").

This module only needs a card's `.rank` (2..14) and its suit's enum `.name` (`HEARTS`), so it
does not import the engine: i18n sits below every other layer.
"""

from __future__ import annotations

from typing import Protocol

from bot.i18n.messages import t

_FACE_KEYS = {11: "jack", 12: "queen", 13: "king", 14: "ace"}


class SuitLike(Protocol):
    @property
    def name(self) -> str: ...


class CardLike(Protocol):
    @property
    def rank(self) -> int: ...

    @property
    def suit(self) -> SuitLike: ...


def suit_name(suit: SuitLike, locale: object = None) -> str:
    """A suit's name on its own, e.g. `Cœur`, for suit buttons and the trump in summaries."""
    return t(f"suit.{suit.name.lower()}", locale)


def card_name(card: CardLike, locale: object = None) -> str:
    """A card's full name in `locale`, e.g. `Dame de pique` for Q♠ in French."""
    suit = t(f"card.suit.{card.suit.name.lower()}", locale)
    face = _FACE_KEYS.get(card.rank)
    if face is None:
        return t("card.name.number", locale, rank=card.rank, suit=suit)
    return t("card.name.face", locale, rank=t(f"card.rank.{face}", locale), suit=suit)

"""Draw the card art into `bot/render/cards_img/`: 52 faces in two decks, and the back.

`cards_img/classic/` is the usual red and black deck, `cards_img/four_colour/` the deck with
blue diamonds and green clubs for colour-blind players; files are named by card code
(`10H.png`, `QS.png`), and `cards_img/back.png` is shared. It also saves the table picture's,
the hand picture's and the end of a hand's palettes (`bot/render/table_palette.png`,
`bot/render/hand_palette.png`, `bot/render/hand_summary_palette.png`), chosen from pictures
showing every card: run it again after changing the card art or the pictures' colours. Drawing
is deterministic, so running this again gives the same pictures. Run from the repository root:
`python scripts/make_cards.py`.
"""

from __future__ import annotations

import argparse

from bot.engine.cards import FULL_DECK
from bot.render.card_art import draw_back, draw_face
from bot.render.deck import BACK_FILE, DECK_DIRS, card_path
from bot.render.hand import HAND_PALETTE_FILE, build_hand_palette
from bot.render.summary import HAND_SUMMARY_PALETTE_FILE, build_hand_summary_palette
from bot.render.table_picture import TABLE_PALETTE_FILE, build_table_palette


def main() -> None:
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()
    for four_colour, folder in DECK_DIRS.items():
        folder.mkdir(parents=True, exist_ok=True)
        for card in FULL_DECK:
            draw_face(card, four_colour).save(card_path(card, four_colour), optimize=True)
    draw_back().save(BACK_FILE, optimize=True)
    print(f"wrote {len(FULL_DECK) * len(DECK_DIRS) + 1} pictures under {BACK_FILE.parent}")
    build_table_palette().save(TABLE_PALETTE_FILE, optimize=True)
    print(f"wrote the table palette to {TABLE_PALETTE_FILE}")
    build_hand_palette().save(HAND_PALETTE_FILE, optimize=True)
    print(f"wrote the hand palette to {HAND_PALETTE_FILE}")
    build_hand_summary_palette().save(HAND_SUMMARY_PALETTE_FILE, optimize=True)
    print(f"wrote the end of a hand's palette to {HAND_SUMMARY_PALETTE_FILE}")


if __name__ == "__main__":
    main()

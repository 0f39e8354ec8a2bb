"""Draw the example pictures shown in the README into `docs/img/`.

Run from the repository root: `python scripts/make_examples.py`.
"""

from __future__ import annotations

from pathlib import Path

from bot.render import examples, render_game_summary, render_hand, render_hand_summary, render_table

OUT = Path(__file__).resolve().parent.parent / "docs" / "img"
PICTURES = {
    "table.png": lambda: render_table(examples.table_in_play()),
    "hand.png": lambda: render_hand(examples.hand_to_play()),
    "hand_summary.png": lambda: render_hand_summary(examples.hand_summary()),
    "game_summary.png": lambda: render_game_summary(examples.game_summary()),
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, render in PICTURES.items():
        (OUT / name).write_bytes(render())
        print(f"wrote docs/img/{name}")


if __name__ == "__main__":
    main()

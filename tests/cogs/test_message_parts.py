"""The last guard before a text goes to Discord: never longer than Discord allows, cut by whole
lines, keeping what the message is about (its first line) and what happens now (its last)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cogs.shared.message_parts import CONTENT_LIMIT, ELLIPSIS, Parts, fit


def test_a_text_that_fits_is_left_alone():
    text = "\n".join(f"line {n}" for n in range(100))
    assert fit(text) == text


def test_the_lines_between_the_first_and_the_last_ones_go():
    lines = ["**Hand 3** · Dealer: Bob", *(f"{'x' * 90} {n}" for n in range(40)), "▶ Bob to play"]
    cut = fit("\n".join(lines))
    kept = cut.split("\n")
    assert len(cut) <= CONTENT_LIMIT
    assert kept[:2] == [lines[0], ELLIPSIS]
    assert kept[2:] == lines[-len(kept) + 2 :]
    assert len(cut) + len(lines[-len(kept) + 1]) + 1 > CONTENT_LIMIT  # no room for one more


def test_a_single_line_too_long_is_cut_short():
    assert fit("x" * 5000) == "x" * (CONTENT_LIMIT - 1) + ELLIPSIS
    assert fit("x" * 50 + "\ny", limit=20) == "x" * 19 + ELLIPSIS


def test_sent_and_edited_messages_are_fitted():
    parts = Parts("\n".join("y" * 100 for _ in range(30)))
    assert len(parts.send_kwargs()["content"]) <= CONTENT_LIMIT
    assert len(parts.edit_kwargs()["content"]) <= CONTENT_LIMIT


@given(st.text(), st.integers(min_value=2, max_value=300))
def test_never_longer_than_the_limit(text: str, limit: int):
    cut = fit(text, limit)
    assert len(cut) <= limit
    assert cut == text or cut.endswith(ELLIPSIS) or ELLIPSIS in cut.split("\n")

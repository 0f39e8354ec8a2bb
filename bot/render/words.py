"""Every word the pictures draw, supplied by the caller so translations plug in unchanged.

The renderer never writes text of its own: it only formats these templates (with `str.format`
named fields, so a translation may reorder them) and draws the caller's names and numbers.
The defaults are English; the service replaces them with the player's language.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Words:
    """Templates for every label; `{fields}` in braces are filled in by the renderer."""

    hand_title: str = "Hand {number}"
    trump: str = "Trump"
    no_trump_yet: str = "—"
    contract: str = "Contract"
    contract_by: str = "{bid} · {name}"
    bid: str = "Bid {bid}"
    passed: str = "Pass"
    dealer_chip: str = "D"
    computer: str = "BOT"
    target: str = "Playing to {target}"
    hand_points: str = "+{points} this hand"
    last_trick: str = "Last trick"
    pack: str = "From the pack"
    high: str = "High"
    low: str = "Low"
    jack: str = "Jack"
    game: str = "Game"
    right_pedro: str = "Right Pedro"
    left_pedro: str = "Left Pedro"
    dead: str = "dead"
    not_in_play: str = "not in play"
    contract_made: str = "{name} bid {bid}: made"
    contract_set: str = "{name} bid {bid}: set"
    equal_points: str = "Equal points: nobody scores."
    points: str = "Points"
    change: str = "Change"
    total: str = "Total"
    winner: str = "Victory for {names}!"
    names_joiner: str = " & "
    final_score: str = "Final score"
    hand_axis: str = "Hand"


ENGLISH = Words()

"""A hint names the cards a card fits between as a player reads them: the cards in the slots
next to it plainly, and cards further away as the cards kept around it (the cards in between
are not worth keeping, and a player looking at those slots is told why they are skipped)."""

from __future__ import annotations

import pytest
from builders import dealt

from rack_o import TAKE, place
from rack_o.bots.hint import Advice, Between, Reason, hint
from rack_o.cli.messages import hint_text

NBSP = "\u00a0"


@pytest.mark.parametrize(("slot", "between", "where"), [
    (4, Between(17, 23, 3, 5), "between your 17 (slot 3) and your 23 (slot 5)"),
    (4, Between(17, 49, 3, 10),
     "between the cards you keep around it, your 17 (slot 3) and your 49 (slot 10)"),
    (4, Between(5, 23, 1, 5),
     "between the cards you keep around it, your 5 (slot 1) and your 23 (slot 5)"),
    (10, Between(19, None, 9, None), "above your 19 (slot 9)"),
    (10, Between(19, None, 5, None), "above your 19 (slot 5), the nearest card you keep before it"),
    (1, Between(None, 28, None, 2), "below your 28 (slot 2)"),
    (1, Between(None, 28, None, 4), "below your 28 (slot 4), the nearest card you keep after it"),
], ids=["next-to-it", "far-above", "far-below", "above-next", "above-far", "below-next",
        "below-far"])
@pytest.mark.parametrize("reason", [Reason.TAKE, Reason.PLACE_FITS])
def test_the_cards_named_are_its_neighbours_or_said_to_be_the_cards_kept_around_it(
    slot: int, between: Between, where: str, reason: Reason
) -> None:
    action = TAKE if reason is Reason.TAKE else place(slot)
    said = hint_text(Advice(action, reason, 20, slot, 30, between=between)).replace(NBSP, " ")
    assert f"it fits {where}" in said, said
    assert said.endswith(".") and said.count(". ") == 0  # still one sentence


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_the_play_tester_s_hint_says_the_49_is_the_card_kept_above(level: str) -> None:
    # Slots 5-9 hold 41, 40, 7, 50, 32: "between your 17 (slot 3) and your 49 (slot 10)" read
    # as if those were the 19's neighbours.
    rack = [3, 9, 17, 42, 41, 40, 7, 50, 32, 49]
    others = [[1, 2, 4, 5, 6, 8, 10, 11, 12, 13], [14, 15, 16, 18, 20, 21, 22, 23, 24, 25]]
    game = dealt([rack, *others], 19, [], dealer=2)
    said = hint_text(hint(game.view(0), level, 1)).replace(NBSP, " ")
    assert said == ("Take the 19 for slot 4 in place of the 42: it fits between the cards you "
                    "keep around it, your 17 (slot 3) and your 49 (slot 10), which beats a "
                    "blind draw.")

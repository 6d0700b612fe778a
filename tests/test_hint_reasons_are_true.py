"""A hint's reason says only what is true of the rack: the kept cards it names are below and above
the card as said, and a card with no kept card around it is not said to start an ascending run
(the play-tester's 35 in slot 7 had a 3 after it)."""

from __future__ import annotations

import random
import re

import pytest
from builders import dealt

from rack_o import DRAW, TAKE, Game, Rules, place
from rack_o.agent import take_step
from rack_o.bots.hard import HardBot
from rack_o.bots.hint import Advice, Between, Reason, hint
from rack_o.cli.messages import hint_text

NBSP = "\u00a0"


@pytest.mark.parametrize(("card", "slot", "between", "where"), [
    # No kept card around it: nothing to start a run with (the next slot may hold a 3).
    (35, 7, Between(None, None), "in a rack where no other card is worth keeping yet"),
    (35, 7, None, "in a rack where no other card is worth keeping yet"),
    # In order: the kept cards around it, as before.
    (27, 8, Between(20, 36, 7, 10),
     "between the cards you keep around it, your 20 (slot 7) and your 36 (slot 10)"),
    (27, 8, Between(20, None, 7, None), "above your 20 (slot 7)"),
    (27, 8, Between(None, 36, None, 9), "below your 36 (slot 9)"),
    # A kept card on the wrong side of it is not said to be below or above it.
    (27, 9, Between(29, 36, 8, 10),
     "better than the 3 there, though your 29 (slot 8) before it is higher"),
    (27, 9, Between(29, None, 8, None),
     "better than the 3 there, though your 29 (slot 8) before it is higher"),
    (16, 6, Between(10, 12, 4, 7),
     "better than the 3 there, though your 12 (slot 7) after it is lower"),
    (16, 6, Between(18, 12, 4, 7),
     "better than the 3 there, though your 18 (slot 4) before it is higher and your 12 "
     "(slot 7) after it is lower"),
], ids=["none kept", "nothing known", "between", "above", "below", "lower after it",
        "higher before it", "lower after it", "both sides"])
@pytest.mark.parametrize("reason", [Reason.TAKE, Reason.PLACE_FITS])
def test_the_reason_says_where_the_card_truly_is(
    card: int, slot: int, between: Between | None, where: str, reason: Reason
) -> None:
    action = TAKE if reason is Reason.TAKE else place(slot)
    said = hint_text(Advice(action, reason, card, slot, 3, between=between)).replace(NBSP, " ")
    assert f"it fits {where}" in said, said
    assert "ascending run" not in said


def test_the_play_tester_s_take_with_a_lower_card_after_it() -> None:
    # Slot 8 holds the 2: the 31 starts no ascending run there.
    rack = (25, 28, 38, 9, 5, 4, 19, 2, 21, 20)
    others = [c for c in range(1, 41) if c not in rack and c != 31][:10]
    game = dealt([rack, others], 31, [], dealer=1)
    said = hint_text(hint(game.view(0))).replace(NBSP, " ")
    assert said == ("Take the 31 for slot 7 in place of the 19: it fits in a rack where no other "
                    "card is worth keeping yet, which beats a blind draw.")


_NAMED = re.compile(r"your (\d+) \(slot (\d+)\)")


def _claims_hold(advice: Advice, rack: tuple[int, ...], said: str) -> str:
    """Which kind of reason `said` gives, after checking every card it names against `rack`
    with the card placed: each named card is in its slot, and is below, above or out of order
    with the card as said."""
    card, slot = advice.card, advice.slot
    assert card is not None and slot is not None
    changed = list(rack)
    changed[slot - 1] = card
    named = [(int(value), int(at)) for value, at in _NAMED.findall(said)]
    for value, at in named:
        assert changed[at - 1] == value, said
    if "no other card is worth keeping" in said:
        assert not named, said
        return "none kept"
    if "though" in said:
        for value, at in named:
            assert (value > card) if at < slot else (value < card), said
        return "out of order"
    for value, at in named:
        assert (value < card) if at < slot else (value > card), said
    return "in order"


@pytest.mark.slow  # 20 games with hard's and expert's hint at every turn: about 10 s
def test_in_played_games_every_reason_is_true_of_the_rack() -> None:
    seen = set()
    for seed in range(200, 220):
        game = Game(Rules(2), random.Random(seed))
        game.deal()
        bots = [HardBot(), HardBot()]
        for _turn in range(30):
            if game.winner is not None or not game.legal_actions():
                break
            view = game.view(game.mover)
            for level in ("hard", "expert"):
                advice = hint(view, level, seed)
                if advice.reason in (Reason.TAKE, Reason.PLACE_FITS):
                    said = hint_text(advice).replace(NBSP, " ")
                    assert "ascending run" not in said, said
                    seen.add(_claims_hold(advice, view.rack, said))
            take_step(game, bots[game.mover])
    assert seen == {"none kept", "out of order", "in order"}


def test_a_1_drawn_onto_a_rack_in_order_from_slot_1_is_said_to_make_it_no_better() -> None:
    # A newcomer read "no slot of your rack gets better with it" as wrong: the 1 would fit
    # slot 1, in place of a 5 that fits there as well.
    rack = (5, 8, 16, 17, 20, 21, 25, 29, 39, 31)
    others = [c for c in range(2, 41) if c not in rack][:10]
    game = dealt([rack, others], 40, [1], dealer=1)
    game.apply(DRAW)
    said = hint_text(hint(game.view(0))).replace(NBSP, " ")
    assert said == "Discard the 1: your rack is no better with it in any slot."

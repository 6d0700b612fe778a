"""A hint says when its placement makes a run the rules reward: the run of three the two-player
run rule needs to go out, or a Bonus Rack-O bonus (a new one, or more of it)."""

from __future__ import annotations

from typing import Any

import pytest
from builders import dealt

from rack_o import i18n
from rack_o.bots.hint import Reason, Run, hint, run_made
from rack_o.cli.messages import hint_text
from rack_o.rules import Rules

# The 30 face up in slot 8 puts the rack in order, with 28 29 30 its only run of three.
ALMOST = (3, 8, 12, 20, 25, 28, 29, 37, 36, 39)
OTHER = (40, 38, 35, 33, 27, 24, 19, 14, 9, 1)
NBSP = "\u00a0"


@pytest.mark.parametrize("level", ["hard", "expert"])
@pytest.mark.parametrize(("rules", "said"), [
    ({"run_of_three": True}, "It makes a run of 3 cards, 28 29 30, which your Rack-O needs."),
    ({"run_of_three": True, "bonus": True},
     "It makes a run of 3 cards, 28 29 30, which your Rack-O needs. Going out with it also "
     "scores a 50-point bonus."),
    ({"bonus": True}, "It makes a run of 3 cards, 28 29 30: a 50-point bonus when you go "
                      "Rack-O."),
    ({}, None),
], ids=["run of three", "run of three and bonus", "bonus", "neither"])
def test_a_hint_that_makes_a_rewarded_run_says_so(level: str, rules: dict[str, Any],
                                                  said: str | None) -> None:
    game = dealt([ALMOST, OTHER], 30, [2], dealer=1, **rules)
    advice = hint(game.view(0), level)
    assert (advice.reason, advice.card, advice.slot) == (Reason.TAKE, 30, 8)
    text = hint_text(advice).replace(NBSP, " ")
    assert text.startswith("Take the 30 for slot 8 in place of the 37"), text
    if said is None:
        assert "run" not in text and advice.run is None, text
    else:
        assert text.endswith(" " + said), text


@pytest.mark.parametrize(("rack", "slot", "card", "rules", "run"), [
    # The rack's first run of three, which the run rule needs.
    (ALMOST, 8, 30, Rules(2, run_of_three=True), Run((28, 29, 30), True, False, 0, 0)),
    # The rack has a run of three already: the rule needs no other, and there is no bonus.
    ((3, 8, 12, 20, 21, 22, 29, 31, 36, 39), 8, 30, Rules(2, run_of_three=True), None),
    # A longer run: 100 instead of 50.
    ((3, 8, 12, 20, 28, 29, 30, 35, 36, 39), 8, 31, Rules(2, bonus=True),
     Run((28, 29, 30, 31), False, True, 100, 50)),
    # Two short runs joined into a run of five.
    ((3, 8, 12, 20, 28, 29, 33, 31, 32, 39), 7, 30, Rules(2, bonus=True),
     Run((28, 29, 30, 31, 32), False, False, 200, 200)),
    # A run of three beside a longer run elsewhere: the bonus does not change.
    ((3, 4, 5, 6, 20, 28, 29, 35, 36, 39), 8, 30, Rules(2, bonus=True), None),
    # Without either rule, a run is just cards in order.
    (ALMOST, 8, 30, Rules(2), None),
], ids=["needed", "already has one", "longer", "joined", "not the longest", "no variant"])
def test_the_run_a_placement_makes(rack: tuple[int, ...], slot: int, card: int, rules: Rules,
                                   run: Run | None) -> None:
    assert run_made(rack, slot, card, rules) == run


@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
@pytest.mark.parametrize("run", [
    Run((28, 29, 30), True, False, 0, 0),
    Run((28, 29, 30), True, False, 50, 50),
    Run((28, 29, 30, 31), False, True, 100, 50),
    Run((28, 29, 30), False, False, 50, 50),
    Run((3, 4, 5, 6, 7, 8), False, False, 400, 300),
], ids=["needed", "needed with a bonus", "longer", "a new bonus", "a bigger bonus"])
def test_a_run_is_worded_with_its_cards_and_points(language: str, run: Run) -> None:
    from rack_o.cli.messages import run_text

    i18n.install(language)
    try:
        said = run_text(run)
    finally:
        i18n.install("en")
    cards = (" ".join(map(str, run.cards)) if len(run.cards) <= 4
             else f"{run.cards[0]}–{run.cards[-1]}")
    assert cards in said.replace(NBSP, " ") and "{" not in said, said
    assert not run.bonus or str(run.more) in said, said

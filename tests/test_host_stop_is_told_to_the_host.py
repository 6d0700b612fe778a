"""The host's q stops the game for everyone, at their own turn as before the first deal, and
the host is told so ("You stopped the game for everyone."), not that they quit it as a
player at one keyboard does."""

from __future__ import annotations

import time

import pytest
from test_host_round_end_holds import shown, table, until, winning_deal

from rack_o.cli.prompt import QuitGame


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("where", ["at-their-own-turn", "before-the-first-deal"])
def test_the_host_s_q_stops_the_game_for_everyone_and_says_so(where: str) -> None:
    own_turn = where == "at-their-own-turn"
    # The game thread raises it as the table closes.
    with (pytest.raises(QuitGame) as stopped,
          table(winning_deal(0, target=500), host_seat=0, ready=own_turn) as hosted):
        if own_turn:
            hosted.asked(0)  # Ann, the host, plays first
        hosted.press(0, "q")
        until(lambda: "Stop the game for everyone?" in flat(shown(hosted.links[0])),
              "the host is asked")
        hosted.press(0, "y")
        time.sleep(0.3)
    assert str(stopped.value) == "You stopped the game for everyone."

"""The end of a hosted game reaches every screen: a guest reading the rules or the score
sheet, or asked a question, when the winning move is made is brought to the end of the game
(the standings, and that the host chooses whether to play again), not left where they were."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("opened", ["r", "s", "q"], ids=["rules", "score-sheet", "question"])
def test_a_guest_reading_the_rules_is_brought_to_the_end_of_the_game(opened: str) -> None:
    from test_host_round_end_holds import shown, table, until, winning_deal

    with table(winning_deal(0, target=60), host_seat=0) as hosted:  # Ann goes out: the end
        hosted.asked(0)
        hosted.press(1, opened)
        screen = hosted.session.screens[1]
        until(lambda: screen.pager is not None or screen.question is not None,
              "Bob opened the rules, the score sheet or q's question")
        hosted.press(0, "t5\r")
        until(lambda: hosted.session.game.is_over, "the game is over")
        until(lambda: "Final standings" in shown(hosted.links[1]), "Bob sees the end")
        assert screen.pager is None and screen.question is None
        until(lambda: "choose whether to play again" in shown(hosted.links[1]),
              "Bob reads that Ann chooses")


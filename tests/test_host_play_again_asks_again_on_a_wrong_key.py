"""The host, asked at their own screen whether to play again, who presses a key that is no
answer is told which keys answer and asked on, as at `racko play`: a hosted table reads keys,
never lines."""

from __future__ import annotations

import time

import pytest
from test_host_round_end_holds import until
from test_host_screens_fit_small_windows import table, winning_deal, winning_move

pytestmark = pytest.mark.slow


def test_a_wrong_key_at_the_question_is_told_and_the_question_stands() -> None:
    with table(winning_deal(2, target=60), "en") as hosted:
        winning_move(hosted)
        until(lambda: hosted.terminals[0]._reading, "the host is asked whether to play again")
        hosted.press(0, "x")
        until(lambda: "Press y to play again, or n to stop." in hosted.links[0].text,
              "the host is told which keys answer")
        hosted.press(0, "z")  # again: said once, not under itself
        time.sleep(0.2)
        assert hosted.links[0].text.count("Press y to play again, or n to stop.") == 1
        hosted.press(0, "y")
        until(lambda: hosted.session.again, "the host's yes is heard: the table plays again")

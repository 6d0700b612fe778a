"""At a hosted table Ctrl-L paints a window again, as at racko's own terminal: the person whose
turn it is gets their turn's screen and question again, and one waiting their waiting screen,
never a "not valid here" (nor anyone else's rack)."""

from __future__ import annotations

import time

import pytest
from test_host_round_end_holds import until
from test_host_screens_fit_small_windows import table, winning_deal
from test_host_turns_in_a_small_window import Screens

pytestmark = pytest.mark.slow

CTRL_L = "\x0c"


def test_ctrl_l_repaints_the_window_of_the_one_asked_and_of_one_waiting() -> None:
    with table(winning_deal(3, target=500), "en") as hosted:
        for seat in hosted.terminals:
            hosted.press(seat, "\r")
        until(lambda: hosted.terminals[0]._reading, "Ann is asked for her move")
        screens = Screens(hosted)
        before = {seat: len(link.text) for seat, link in hosted.links.items()}
        for seat in (0, 2):  # Ann, asked; Cy, waiting
            hosted.press(seat, CTRL_L)
        time.sleep(0.3)
        for seat in (0, 2):
            sent = hosted.links[seat].text[before[seat]:]
            assert sent, f"seat {seat}: nothing painted"
            shown = " ".join("\n".join(screens.display(seat)).split())
            assert "not valid" not in shown, shown
        ann = " ".join("\n".join(screens.display(0)).split())
        assert "Ann: d draw" in ann and "Discard pile: 17" in ann, ann
        assert hosted.terminals[0]._reading  # still asked, the Ctrl-L no answer

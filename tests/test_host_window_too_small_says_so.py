"""A guest whose window is smaller than racko's smallest screen (45 by 15) reads, in their
language, how big to make it, and nothing else: never a rack with slots cut off. Keys typed
meanwhile, blind, play nothing. Made big enough, the window shows the game again as it
stands."""

from __future__ import annotations

import time

import pytest
from test_host_round_end_holds import shown, table, until, winning_deal

TOO_SMALL = "This window is {}: make it at least 45×15 to see the game."


@pytest.mark.parametrize(("width", "height"), [(30, 8), (44, 30), (100, 14)])
def test_a_window_too_small_says_how_big_to_make_it_and_shows_the_game_once_it_is(
    width: int, height: int
) -> None:
    with table(winning_deal(1, target=500), host_seat=0) as hosted:
        hosted.asked(1)
        link = hosted.links[1]
        until(lambda: "d draw · t take" in shown(link), "Bob's turn")
        hosted.session.seats.resized(1, link, width, height)
        notice = TOO_SMALL.format(f"{width}×{height}")
        until(lambda: " ".join(shown(link).split()) == notice, "the window is said too small")
        hosted.press(1, "?")  # what a key brings is not drawn in a window that cannot hold it
        time.sleep(0.2)
        assert " ".join(shown(link).split()) == notice
        hosted.session.seats.resized(1, link, 45, 15)
        until(lambda: "d draw · t take" in shown(link), "the turn's screen is back")
        assert "make it at least" not in shown(link)


def test_keys_typed_in_a_window_too_small_to_show_the_game_play_nothing() -> None:
    with table(winning_deal(1, target=500), host_seat=0) as hosted:
        hosted.asked(1)
        link = hosted.links[1]
        until(lambda: "d draw · t take" in shown(link), "Bob's turn")
        hosted.session.seats.resized(1, link, 40, 12)
        until(lambda: "make it at least" in shown(link), "the window is said too small")
        for key in ("d", "3", "\r", "t", "5", "\r"):  # a move typed blind
            hosted.press(1, key)
        time.sleep(0.3)
        hosted.session.seats.resized(1, link, 45, 15)
        until(lambda: "d draw · t take" in shown(link), "the turn's screen is back")
        time.sleep(0.2)
        assert "d draw · t take" in shown(link) and "You drew" not in shown(link)


def test_the_notice_speaks_the_guest_s_language() -> None:
    from test_host_questions_typed_ahead import _Keeper
    from test_host_units import FakeLink

    from rack_o.host.inbox import Inbox
    from rack_o.host.terminal import RemoteTerminal

    terminal = RemoteTerminal(1, "Bob", Inbox(), _Keeper(), idle=None)
    link = FakeLink()
    terminal.attached(link, 40, 10, "fr")
    terminal.repaint()
    assert "Cette fenêtre fait 40×10" in " ".join(link.text.split())


def test_the_last_words_of_a_stopped_game_are_shown_in_a_window_too_small() -> None:
    # The host stopping the game (Ctrl-C) there learns where it stopped and how to reopen it.
    from test_host_questions_typed_ahead import _Keeper
    from test_host_units import FakeLink

    from rack_o.host.inbox import Inbox
    from rack_o.host.terminal import RemoteTerminal

    terminal = RemoteTerminal(0, "Ann", Inbox(), _Keeper(), idle=None)
    link = FakeLink()
    terminal.attached(link, 40, 12, "en")
    terminal.console.print("Ann's rack, slot 1")
    assert "rack" not in link.text  # the game is never drawn cut off
    terminal.shows_any_size()
    terminal.console.print("Interrupted (Ctrl-C). The game stopped in round 1.")
    assert "The game stopped in round 1." in " ".join(link.text.split())

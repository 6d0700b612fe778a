"""A hosted table at the smallest window (45 by 15), in every language, while a round is
played: no key scrolls the screen (the top line is never pushed into the scrollback, not even
for a moment: a key echoed after a prompt leaves its line open until the screen is painted
again, and every prompt of a turn takes one line); a screen that watches the others play shows
their latest move, the rack in five lines to make room for it; and at the end of the game a
guest is not told to run `racko play`, which the host has and they do not.

Every screen is read as a terminal shows it (pyte, with its scrollback).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pyte
import pytest
from test_host_round_end_holds import until
from test_host_screens_fit_small_windows import (
    HEIGHT,
    LANGUAGES,
    NAMES,
    SEED,
    WIDTH,
    Table,
    table,
    winning_deal,
    winning_move,
)

from rack_o.i18n import _, speaking

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def short_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A round's end holds its keys 0.05 s, not 1.5 (test_host_round_end_holds' concern)."""
    monkeypatch.setattr("rack_o.host.screen.RESULTS_HOLD", 0.05)


class Screens:
    """Each seat's window as a terminal shows it, fed what its link was sent."""

    def __init__(self, hosted: Table) -> None:
        self.hosted = hosted
        self.screens = {seat: pyte.HistoryScreen(WIDTH, HEIGHT, history=500)
                        for seat in hosted.links}
        self.fed = dict.fromkeys(hosted.links, 0)

    def display(self, seat: int) -> list[str]:
        text = self.hosted.links[seat].text
        pyte.Stream(self.screens[seat]).feed(text[self.fed[seat]:])
        self.fed[seat] = len(text)
        return [line.rstrip() for line in self.screens[seat].display]

    def scrolled(self, seat: int) -> int:
        self.display(seat)
        return len(self.screens[seat].history.top)


def press(hosted: Table, seat: int, key: str) -> None:
    hosted.press(seat, key)
    time.sleep(0.15)


@pytest.fixture(params=LANGUAGES)
def three_at_small_windows(request: pytest.FixtureRequest) -> Iterator[tuple[Table, str]]:
    with table(winning_deal(3, target=500), request.param) as hosted:
        for seat in hosted.terminals:
            hosted.press(seat, "\r")
        until(lambda: hosted.terminals[0]._reading, "Ann is asked for her move")
        yield hosted, request.param


def test_no_key_of_a_turn_scrolls_a_small_window(
        three_at_small_windows: tuple[Table, str]) -> None:
    hosted, language = three_at_small_windows
    screens = Screens(hosted)
    # Ann (the host, at her own window) draws, asks for a hint, discards, types a wrong key,
    # takes the discard back... Bob, watching, presses a key that does nothing. Then Bob
    # plays (a guest's turn).
    for seat, key in [(0, "h"), (0, "d"), (0, "?"), (0, "x"), (0, "z"), (1, "d"), (0, "u"),
                      (0, "x"), (0, "\r")]:
        press(hosted, seat, key)
    until(lambda: hosted.terminals[1]._reading, "Bob is asked for his move")
    for key in ["t", "5", "u", "7", "\r"]:
        press(hosted, 1, key)
    # Read once Cy is asked for her move: every screen then painted whole (a busy machine may
    # take longer than the pause after a key to paint, and a screen half painted is no answer).
    until(lambda: hosted.terminals[2]._reading, "Cy is asked for her move")
    time.sleep(0.2)
    with speaking(language):
        round_line = _("Round {round}").format(round=1)
    for seat in hosted.links:
        shown = "\n".join(screens.display(seat))
        assert screens.scrolled(seat) == 0, f"seat {seat + 1}\n{shown}"
        assert screens.display(seat)[0].startswith(round_line), shown


def test_a_watching_screen_shows_the_latest_move_in_a_small_window(
        three_at_small_windows: tuple[Table, str]) -> None:
    hosted, language = three_at_small_windows
    screens = Screens(hosted)
    for key in ["d", "x", "\r"]:
        press(hosted, 0, key)  # Ann draws and discards the 28
    until(lambda: hosted.terminals[1]._reading, "Bob is asked for his move")
    time.sleep(0.2)
    with speaking(language):
        move = _("{who} drew and discarded {card}.").format(who="Ann", card=28)
    cy = 2  # watching Bob play (Ann, who moved, has seen nothing since her turn)
    shown = "\n".join(screens.display(cy))
    assert move in " ".join(shown.split()), shown
    assert screens.scrolled(cy) == 0, shown
    slots = [line for line in screens.display(cy) if "█" in line]
    assert len(slots) == 5, shown  # the rack in five lines, two slots a line


def test_a_watching_screen_keeps_the_round_s_line_when_a_line_more_is_needed(
        three_at_small_windows: tuple[Table, str]) -> None:
    hosted, language = three_at_small_windows
    screens = Screens(hosted)
    for key in ["d", "x", "\r"]:
        press(hosted, 0, key)  # Ann plays: no move since her turn to show her
    until(lambda: hosted.terminals[1]._reading, "Bob is asked for his move")
    press(hosted, 1, "d")  # "Bob drew a card and is placing it.": two lines in French
    time.sleep(0.2)
    with speaking(language):
        round_line = _("Round {round}").format(round=1)
    shown = screens.display(0)
    # The round's line and the scores gave way before the rack took five lines.
    assert shown[0].startswith(round_line), "\n".join(shown)
    assert screens.scrolled(0) == 0, "\n".join(shown)


@pytest.mark.parametrize("language", LANGUAGES)
def test_only_the_hosts_game_end_gives_the_command_that_deals_the_cards_again(
        language: str) -> None:
    game = winning_deal(2, target=60)
    game.follows_rng = True  # its cards stand for SEED's, as a hosted game's always are
    with table(game, language) as hosted:
        winning_move(hosted)
        until(lambda: hosted.terminals[0]._reading, "the host is asked whether to play again")
        time.sleep(0.1)
        host = " ".join("\n".join(Screens(hosted).display(0)).split())
        guest = " ".join("\n".join(Screens(hosted).display(1)).split())
        assert f"{SEED}" in host, host
        assert f"{SEED}" not in guest and "racko play" not in guest, guest
        assert NAMES[1] in guest


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_end_of_the_game_says_who_went_out_in_a_small_window(
        language: str, players: int) -> None:
    # The last round gave way whole to the standings, and a guest read nothing of how the game
    # ended.
    with table(winning_deal(players, target=60), language) as hosted:
        winning_move(hosted)
        time.sleep(0.1)
        with speaking(language):
            went_out = _("{name} goes out in round {round}").format(name="Ann", round=1)
        for seat in hosted.links:
            if seat == 0:
                continue  # the host's screen has the seed's command to give, and gives it
            shown = " ".join("\n".join(Screens(hosted).display(seat)).split())
            assert "RACK-O!" in shown and went_out in shown, shown

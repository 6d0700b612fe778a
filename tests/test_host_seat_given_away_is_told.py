"""When the host gives an away guest's seat to a computer player, everyone at the table is
told, in their language: at once on a screen that waits, and once their turn is over for a
person in the middle of it (their turn's screen has no room for it; it must not be lost)."""

from __future__ import annotations

import pytest
from builders import dealer_draw_for, deck_for
from test_host_round_end_holds import until
from test_host_screens_fit_small_windows import LANGUAGES, NAMES, Table, table, winning_deal
from test_host_turns_in_a_small_window import Screens, press

from rack_o.game import Game, Player
from rack_o.i18n import _, speaking
from rack_o.rules import Rules

pytestmark = pytest.mark.slow


def to_bob_s_turn(hosted: Table) -> None:
    """Everyone ready, Ann draws and discards: Bob's turn."""
    for seat in hosted.terminals:
        hosted.press(seat, "\r")
    until(lambda: hosted.terminals[0]._reading, "Ann is asked for her move")
    for key in ["d", "x", "\r"]:
        press(hosted, 0, key)
    until(lambda: hosted.terminals[1]._reading, "Bob is asked for his move")


def given_away(hosted: Table, seat: int) -> None:
    """`seat`'s line drops, and the host (Ann) gives the seat to a computer player."""
    seats = hosted.session.seats
    seats.post(lambda: seats.leave(seat, hosted.links[seat]))
    until(lambda: hosted.session.away_guests() == [seat], "the guest is away")
    press(hosted, 0, "b")
    press(hosted, 0, str(seat + 1))


def flat(screens: Screens, seat: int) -> str:
    """What `seat`'s screen shows, its lines joined and its blanks squeezed."""
    return " ".join("\n".join(screens.display(seat)).split())


def shows(screens: Screens, seat: int, text: str, what: str) -> None:
    """Wait until `seat`'s screen shows `text`; fail with the screen if it never does."""
    try:
        until(lambda: text in flat(screens, seat), what)
    except AssertionError:
        raise AssertionError(f"never: {what}\n{flat(screens, seat)}") from None


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_person_in_their_turn_is_told_once_it_is_over(language: str) -> None:
    with table(winning_deal(4, target=500), language) as hosted:
        to_bob_s_turn(hosted)
        given_away(hosted, 2)  # Cy's line drops, his seat goes to a computer player
        until(lambda: 2 not in hosted.session.away_guests(), "Cy's seat is given away")
        with speaking(language):
            told = _("A computer player plays for {name} from now on.").format(name="Cy")
        screens = Screens(hosted)
        # Polled, not read after a fixed pause: on a busy machine the screen may take longer.
        shows(screens, 3, told, "Dee, waiting, is told at once")
        assert told not in flat(screens, 1)  # Bob, in his turn, not yet
        for key in ["d", "x", "\r"]:
            press(hosted, 1, key)
        until(lambda: not hosted.terminals[1]._reading, "Bob's turn is over")
        shows(screens, 1, told, "Bob is told once his turn is over")


def no_one_near_rack_o() -> Game:
    """Four players, Ann first: every rack in descending order, so no turn ends the round."""
    racks = [sorted(range(10 * i + 1, 10 * i + 11), reverse=True) for i in range(4)]
    game = Game(Rules(4, target=500), players=[Player(name) for name in NAMES],
                dealer_draw=dealer_draw_for(3, 4))
    game.deal(deck_for(racks, 41, list(range(42, 61)), dealer=3))
    return game


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_person_whose_turn_comes_next_reads_it_once_that_turn_is_over(language: str) -> None:
    # Told while waiting, then the computer player moved at once and Cy's turn began: the
    # note was wiped unread, and nothing said it again.
    with table(no_one_near_rack_o(), language) as hosted:
        to_bob_s_turn(hosted)
        given_away(hosted, 1)  # Bob's, on his turn: its computer player moves at once
        until(lambda: hosted.terminals[2]._reading, "Cy is asked, after Bob's computer player")
        for key in ["d", "x", "\r"]:
            press(hosted, 2, key)
        until(lambda: not hosted.terminals[2]._reading, "Cy's turn is over")
        with speaking(language):
            told = _("A computer player plays for {name} from now on.").format(name="Bob")
        shows(Screens(hosted), 2, told, "Cy is told once his turn is over")


def plays_a_turn(hosted: Table, seat: int) -> None:
    """`seat`, asked for its move, draws and throws the card away."""
    until(lambda: hosted.terminals[seat]._reading, f"seat {seat + 1} is asked for its move")
    for key in ["d", "x", "\r"]:
        press(hosted, seat, key)
    until(lambda: not hosted.terminals[seat]._reading, f"seat {seat + 1}'s turn is over")


def test_the_news_is_told_again_once_not_after_every_turn_of_the_game() -> None:
    # Told again once Cy's turn was over, it came back after each of his turns to the end.
    with table(no_one_near_rack_o(), "en") as hosted:
        to_bob_s_turn(hosted)
        given_away(hosted, 1)
        told = "A computer player plays for Bob from now on."
        screens = Screens(hosted)
        plays_a_turn(hosted, 2)
        shows(screens, 2, told, "Cy is told once his turn is over")
        for seat in (3, 0, 2):  # Dee, Ann, Bob's computer player, Cy again
            plays_a_turn(hosted, seat)
        shows(screens, 2, "Dee is playing.", "Cy's screen follows the game after his turn")
        assert told not in flat(screens, 2)

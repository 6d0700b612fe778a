"""Ready for the next deal, and back: at a hosted table each person presses Enter when ready,
and u takes it back until the cards are dealt (as u takes back a move); Enter again keeps them
ready, so that a double press never takes it back. The keys line says which key does what."""

from __future__ import annotations

import pytest
from rich.console import Console
from test_host_round_end_holds import shown, table, until, winning_deal

from rack_o.host.views import keys_line


@pytest.mark.parametrize(("width", "keys"), [
    (100, "u not ready · s score sheet · r rules · ? help · q leave the table"),
    (45, "u not ready · s · r · ? · q leave"),
    (30, "u not ready · s · r · ? · q"),
])
def test_a_ready_persons_keys_say_u_takes_it_back(width: int, keys: str) -> None:
    console = Console(width=width, color_system=None)
    with console.capture() as captured:
        console.print(keys_line(host=False, unready=True))
    assert captured.get().strip() == keys


def test_u_takes_back_being_ready_until_the_cards_are_dealt() -> None:
    game = winning_deal(0, target=500)
    with table(game, host_seat=None, ready=False) as hosted:
        session, links, press = hosted.session, hosted.links, hosted.press
        press(1, "\r")
        until(lambda: session.is_ready(1), "Bob is ready")
        until(lambda: "u not ready" in shown(links[1]), "Bob's keys say u takes it back")
        press(1, "\r")  # a second Enter: still ready
        press(1, "u")
        until(lambda: not session.is_ready(1), "Bob is not ready any more")
        until(lambda: "Enter ready" in shown(links[1]), "Bob's keys say Enter again")
        assert "Press Enter when you are ready" in shown(links[1])
        assert "Player 2" in session.not_ready()
        press(0, "\r")  # Ann is ready: the cards still wait for Bob
        until(lambda: session.is_ready(0), "Ann is ready")
        assert session.gate_lines is not None
        press(1, "\r")
        until(lambda: session.gate_lines is None, "the cards are dealt")

"""A guest whose screen says "Your turn." while a computer player's move before it is shown
(the pause after a bot's move) may press d or t at once: the key is kept for the turn, which
begins with it, instead of being told it does nothing there. Guests run OpenSSH's `ssh` in a
pty (read with pyte), on a stacked deck."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")
pexpect = pytest.importorskip("pexpect")

import hostkit as kit  # noqa: E402
from builders import dealer_draw_for, deck_for  # noqa: E402
from test_host_round_end_holds import stop_game_thread  # noqa: E402

from rack_o.bots import make_bot  # noqa: E402
from rack_o.cli.human import HumanAgent  # noqa: E402
from rack_o.game import Game, Player  # noqa: E402
from rack_o.host.hosting import HostedGame  # noqa: E402
from rack_o.host.views import TableInfo  # noqa: E402
from rack_o.rules import Rules  # noqa: E402

pytestmark = pytest.mark.skipif(not Path(kit.SSH).exists(), reason="no OpenSSH client here")

PAUSE = 3.0
"""Seconds the bot's move stands before Ann's turn begins: long enough to type in."""


@pytest.mark.parametrize(
    ("keys", "then"),
    [("d", r"You drew \d+\."),
     ("t", r"You take \d+ from the discard pile"),
     ("dt", r"You take \d+ from the discard pile"),  # the later key is the one meant
     # A slot typed ahead with it (the card not yet seen), or Enter, does not undo it.
     ("d3", r"You drew \d+\."),
     ("d\r", r"You drew \d+\.")],
    ids=["draw", "take", "changed-mind", "draw-and-a-slot", "draw-and-enter"],
)
def test_a_turn_key_typed_once_the_screen_says_your_turn_begins_the_turn(
    tmp_path: Path, keys: str, then: str
) -> None:
    with anns_turn_coming(tmp_path) as ann:
        started = time.monotonic()
        ann.send(keys)
        ann.wait_for(then)
        assert time.monotonic() - started > PAUSE / 2  # read as the turn began, not before
        assert "does nothing here" not in ann.visible()
        assert "Slot 3" not in ann.visible() and "in slot 3" not in ann.visible()
        assert "ignored" not in ann.visible()  # not taken for keys typed blind


def test_a_key_typed_after_a_kept_t_is_told_the_t_is_kept(tmp_path: Path) -> None:
    with anns_turn_coming(tmp_path) as ann:
        ann.send("t")
        time.sleep(0.3)
        ann.send("x")
        ann.wait_for(r"x was not kept: press it once your turn shows its card\. Your t is "
                     r"kept\.")
        ann.wait_for(r"You take \d+ from the discard pile")


@contextmanager
def anns_turn_coming(tmp_path: Path) -> Iterator[kit.Pty]:
    """Ann, a guest over ssh, whose screen says "Your turn." while the computer player's move
    before hers stands (PAUSE seconds)."""
    game = Game(Rules(2), None, players=[Player("Ann"), Player.for_bot("Hard", "hard")],
                dealer_draw=dealer_draw_for(0, 2))  # Ann deals: the computer player moves first
    game.deal(deck_for([[2, 5, 8, 12, 16, 20, 24, 28, 32, 36],
                        [40, 39, 38, 1, 3, 4, 37, 35, 6, 7]], 17, [9, 10, 11]))
    with kit.hosted(tmp_path, names=("Ann",)) as served:
        seats = served.table
        session = HostedGame(
            seats, game, [HumanAgent("Ann", seats.terminals[0]), make_bot("hard", 1, 3)],
            host_seat=None, host_terminal=None, info=TableInfo(served.code, "SHA256:x", {}),
            stand_in=lambda seat: make_bot("hard", seat, 3), pause_seconds=PAUSE)
        played = kit.on_game_thread(session.play)
        table = SimpleNamespace(port=served.port, code=served.code)
        ann = kit.ssh_guest(table, "ann", tmp_path, size=(100, 30))  # type: ignore[arg-type]
        try:
            ann.wait_for(kit.READY)
            ann.send("\r")
            ann.wait_for(r"Your turn\.")
            yield ann
        finally:
            stop_game_thread(seats, played)
            ann.end()

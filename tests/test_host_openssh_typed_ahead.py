"""Keys typed ahead at a hosted table, by guests running OpenSSH's `ssh` in a pty (read with
pyte), the game played on a stacked deck: a second Enter after the winning move does not make
the winner ready for the next round (the round's end stands a moment, as at racko play), and
"qy" typed in one go does not answer the leave question before it shows.
"""

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

NEXT_ROUND = "Press Enter when you are ready for round 2."


@contextmanager
def bob_wins_next(home: Path) -> Iterator[tuple[HostedGame, kit.Pty, kit.Pty]]:
    """Ann and Bob, guests at a table hosted without a screen, both ready; Bob plays first and
    goes out by taking the 17 turned up into slot 5. The game, Ann's and Bob's ssh."""
    hole = [1, 4, 7, 11, 40, 19, 27, 31, 35, 39]
    game = Game(Rules(2), None, players=[Player("Ann"), Player("Bob")],
                dealer_draw=dealer_draw_for(0, 2))
    game.deal(deck_for([[2, 5, 8, 12, 16, 20, 24, 28, 32, 36], hole], 17, [3, 6, 9]))
    with kit.hosted(home) as served:
        seats = served.table
        session = HostedGame(
            seats, game, [HumanAgent(p.name, seats.terminals[seat])
                          for seat, p in enumerate(game.players)],
            host_seat=None, host_terminal=None, info=TableInfo(served.code, "SHA256:x", {}),
            stand_in=lambda seat: make_bot("hard", seat, 3), pause_seconds=0)
        played = kit.on_game_thread(session.play)
        table = SimpleNamespace(port=served.port, code=served.code)
        # Tall enough for the players' list under a round's end.
        ann, bob = (kit.ssh_guest(table, name, home, size=(100, 40))  # type: ignore[arg-type]
                    for name in ("ann", "bob"))
        try:
            for guest in (ann, bob):
                guest.wait_for(kit.READY)
                guest.send("\r")
            yield session, ann, bob
        finally:
            stop_game_thread(seats, played)
            ann.end()
            bob.end()


def test_a_second_enter_after_the_winning_move_leaves_the_winner_not_ready(
    tmp_path: Path,
) -> None:
    with bob_wins_next(tmp_path) as (session, ann, bob):
        bob.wait_for(r"d draw · t take 17")
        bob.send("t5\r")
        time.sleep(0.25)
        bob.send("\r")  # the habit's second Enter, before the results were read
        bob.wait_for(NEXT_ROUND)
        ann.wait_for(NEXT_ROUND)
        time.sleep(1.0)
        kit.pump_all([ann, bob])
        assert NEXT_ROUND in bob.visible()
        assert not session.is_ready(1)
        ann.wait_for(r"2\s+Bob\s+not ready")  # what the others see
        bob.send("\r")  # read: Bob is ready
        ann.wait_for(r"2\s+Bob\s+ready")
        assert session.is_ready(1)


def test_qy_typed_in_one_go_on_a_waiting_screen_asks_and_leaves_only_on_a_later_y(
    tmp_path: Path,
) -> None:
    with bob_wins_next(tmp_path) as (_session, ann, bob):
        ann.wait_for("Bob is playing.")
        ann.send("qy")
        ann.wait_for(r"Leave the table\? y leaves")
        time.sleep(0.3)
        kit.pump_all([ann])
        assert ann.child.isalive() and "You left the table" not in ann.text
        ann.send("y")
        ann.wait_for("You left the table.", screen=False)

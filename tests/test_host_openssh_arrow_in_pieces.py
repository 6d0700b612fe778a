"""A guest running OpenSSH's `ssh` whose Left arrow reaches the table in two pieces (its ESC,
then "[D" a moment later, as a slow link hands it over) on their turn: it is the Left arrow,
which draws no card, not Escape, "[" and a d that draws one. A lone Escape is Escape once
nothing more came for a moment, and a d after it draws."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")
pexpect = pytest.importorskip("pexpect")

import hostkit as kit  # noqa: E402
from test_host_openssh_typed_ahead import bob_wins_next  # noqa: E402

from rack_o.host.terminal import RemoteTerminal  # noqa: E402

pytestmark = pytest.mark.skipif(not Path(kit.SSH).exists(), reason="no OpenSSH client here")

TURN = r"d draw · t take 17"


@pytest.fixture
def received(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Set each time racko has taken in what a guest sent."""
    event = threading.Event()
    receive = RemoteTerminal.receive

    def receiving(self: RemoteTerminal, *args: object) -> None:
        receive(self, *args)  # type: ignore[arg-type]
        event.set()

    monkeypatch.setattr(RemoteTerminal, "receive", receiving)
    return event


def test_a_left_arrow_cut_after_its_escape_draws_no_card(
    tmp_path: Path, received: threading.Event
) -> None:
    with bob_wins_next(tmp_path) as (session, _ann, bob):
        bob.wait_for(TURN)
        pile = session.game.draw_pile_size
        received.clear()
        bob.send("\x1b")
        assert received.wait(kit.WAIT)  # racko has the ESC alone, and nothing after it yet
        bob.send("[D")
        bob.wait_for("Left arrow is not valid here")
        kit.pump_all([bob], 0.3)
        assert "You drew" not in bob.text and "Esc is not valid" not in bob.text
        assert session.game.draw_pile_size == pile
        assert TURN in bob.visible()


def test_a_lone_escape_is_escape_and_a_d_after_it_draws(
    tmp_path: Path, received: threading.Event
) -> None:
    with bob_wins_next(tmp_path) as (session, _ann, bob):
        bob.wait_for(TURN)
        pile = session.game.draw_pile_size
        bob.send("\x1b")
        bob.wait_for("Esc is not valid here")
        assert session.game.draw_pile_size == pile
        bob.send("d")
        bob.wait_for(kit.DREW.pattern)
        assert session.game.draw_pile_size == pile - 1

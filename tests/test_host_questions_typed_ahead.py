"""A question a hosted screen asks (a guest's "Leave the table?", the host's "Stop the game for
everyone?" and "Which seat goes to a computer player?") is answered only by a key pressed once
it shows, as racko play's quit question is: the keys typed with the one that opened it are
thrown away, but a Ctrl-C or a Ctrl-D among them is obeyed."""

from __future__ import annotations

import pytest
from builders import seeded_game

from rack_o.host.inbox import Inbox
from rack_o.host.keyboard import KeyReader
from rack_o.host.screen import SeatScreen
from rack_o.host.terminal import RemoteTerminal
from rack_o.host.views import Presence, TableInfo

LEFT = ("You left the table. The game goes on: connect again with the same command to take "
        "your seat back.")


class _Keeper:
    """The table around a guest's terminal: what each guest let go was told."""

    def __init__(self) -> None:
        self.told: list[str] = []

    def hang_up(self, seat: int, message: str, *, release: bool = False, code: int = 1) -> None:
        self.told.append(message)


class _Host:
    """A hosted game in its first round, Bob (seat 2) away, as a screen sees it: what the host
    was asked to do."""

    def __init__(self) -> None:
        self.game = seeded_game(3, names=["Ann", "Bob"])
        self.game.deal()
        self.info = TableInfo("tq4m-8kxp", "SHA256:x", {})
        self.host_seat = 0
        self.over_lines = None
        self.gate_lines = None
        self.over_summary = 0
        self.host_notes: list[object] = []
        self.done: list[str] = []

    def presence(self, seat: int) -> Presence:
        return Presence.AWAY if seat == 1 else Presence.HOST

    def is_ready(self, seat: int) -> bool:
        return False

    def not_ready(self) -> list[str]:
        return []

    def stand_in_turns(self) -> frozenset[int]:
        return frozenset()

    def away_guests(self) -> list[int]:
        return [1]

    def logins(self) -> dict[int, str]:
        return {}

    def give_to_bot(self, seat: int) -> None:
        self.done.append(f"give {seat + 1}")

    def stop_game(self, interrupt: bool, *, ended: bool = False) -> None:
        self.done.append("stop: ctrl-c" if interrupt else "stop: ctrl-d" if ended else "stop")


def screen_of(is_host: bool) -> tuple[SeatScreen, RemoteTerminal, Inbox, _Keeper, _Host]:
    """Ann's waiting screen (the host's, or a guest's), her terminal connected."""
    from test_host_units import FakeLink

    inbox, keeper, host = Inbox(), _Keeper(), _Host()
    terminal = RemoteTerminal(0, "Ann", inbox, keeper, idle=None)
    terminal.attached(FakeLink(), 100, 30)
    return SeatScreen(host, terminal, 0, is_host=is_host), terminal, inbox, keeper, host


def typed(terminal: RemoteTerminal, inbox: Inbox, *packets: bytes) -> None:
    """The packets arrive one after the other, then the game thread handles what came."""
    reader = KeyReader()
    for packet in packets:
        terminal.receive(packet, reader)
    inbox.run_posted()


QUESTIONS = {
    "guest-leaves": (False, "q", "y", "leave"),
    "host-stops": (True, "q", "y", "stop"),
    "host-gives-a-seat": (True, "b", "2", "seat"),
}
DONE = {"leave": (LEFT, []), "stop": (None, ["stop"]), "seat": (None, ["give 2"])}


@pytest.mark.parametrize("apart", [False, True], ids=["one-packet", "two-packets"])
@pytest.mark.parametrize("question", list(QUESTIONS))
def test_an_answer_typed_with_the_key_that_asks_is_thrown_away(question: str, apart: bool
                                                               ) -> None:
    is_host, asks, answer, asked = QUESTIONS[question]
    screen, terminal, inbox, keeper, host = screen_of(is_host)
    # Typed in one go: the second key may arrive with the first, or just after it, before the
    # game thread has drawn the question.
    packets = (asks.encode(), answer.encode()) if apart else ((asks + answer).encode(),)
    typed(terminal, inbox, *packets)
    assert (screen.question, keeper.told, host.done) == (asked, [], [])
    # The same key pressed once the question shows answers it.
    typed(terminal, inbox, answer.encode())
    told, done = DONE[asked]
    assert (keeper.told, host.done) == ([told] if told else [], done)


@pytest.mark.parametrize(
    ("is_host", "data", "told", "done"),
    [(False, b"q\x03", [LEFT], []), (False, b"q\x04", [LEFT], []),
     (True, b"q\x03", [], ["stop: ctrl-c"]), (True, b"q\x04", [], ["stop: ctrl-d"]),
     (True, b"b\x03", [], ["stop: ctrl-c"])],
    ids=["guest-ctrl-c", "guest-ctrl-d", "host-ctrl-c", "host-ctrl-d", "host-seat-ctrl-c"],
)
def test_a_ctrl_c_or_ctrl_d_typed_with_the_key_that_asks_is_obeyed(
    is_host: bool, data: bytes, told: list[str], done: list[str]
) -> None:
    _screen, terminal, inbox, keeper, host = screen_of(is_host)
    typed(terminal, inbox, data)
    assert (keeper.told, host.done) == (told, done)


def test_a_guest_s_key_is_named_as_they_typed_it() -> None:
    # A Greek layout's ψ sits on the Latin c: a prompt takes it as c, a message names ψ.
    from test_host_units import FakeLink

    from rack_o.cli.prompt import as_typed

    inbox, keeper = Inbox(), _Keeper()
    terminal = RemoteTerminal(1, "Bob", inbox, keeper, idle=None)
    terminal.attached(FakeLink(), 100, 30)
    terminal.language = "el"
    typed(terminal, inbox, "ψ".encode())
    key = terminal.key()
    assert (key, as_typed(terminal, key)) == ("c", "ψ")

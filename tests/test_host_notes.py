"""A note that answers a key which did nothing on a waiting screen ("d does nothing here")
goes by itself: once read, when the screen changes for the game's sake, and after a while at
the latest. The help, asked for, stays until the next key. Work left for later in the table's
inbox runs at the game thread's first wait once its time has come."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from test_host_game_units import _Host, drawn_plain

from rack_o.host import screen as screen_module
from rack_o.host.inbox import Inbox
from rack_o.host.local import LocalLink, local_terminal
from rack_o.host.screen import SeatScreen

NOTE = "z does nothing here: press s, r, ? or q."


@dataclass
class Waiting:
    """Bob's waiting screen, drawn on a pipe, and the inbox his terminal's game thread serves."""

    screen: SeatScreen
    inbox: Inbox
    read: int

    def drawn(self) -> str:
        """What was drawn since last asked, on one line."""
        return " ".join(drawn_plain(self.read).split())


@pytest.fixture
def waiting() -> Iterator[Waiting]:
    from builders import seeded_game

    game = seeded_game(3, names=["Ann", "Bob"])
    game.deal()
    inbox = Inbox()
    terminal = local_terminal(1, "Bob", inbox)
    read, write = os.pipe()
    os.set_blocking(read, False)
    terminal.attached(LocalLink(write), 80, 24)
    screen = SeatScreen(_Host(game, gate=False), terminal, 1)  # type: ignore[arg-type]
    screen.show()
    yield Waiting(screen, inbox, read)
    os.close(read)
    os.close(write)


def note_times(monkeypatch: pytest.MonkeyPatch, read: float, longest: float) -> None:
    monkeypatch.setattr(screen_module, "NOTE_READ", read)
    monkeypatch.setattr(screen_module, "NOTE_SECONDS", longest)


def test_a_note_for_a_key_that_did_nothing_goes_after_a_while_and_the_screen_is_drawn_again(
    waiting: Waiting, monkeypatch: pytest.MonkeyPatch
) -> None:
    note_times(monkeypatch, read=0.05, longest=0.2)
    waiting.screen.pressed("z")
    assert NOTE in waiting.drawn()
    assert waiting.inbox.wait(lambda: waiting.screen.note is None, 3)
    drawn = waiting.drawn()
    assert "Ann is playing." in drawn and "Bob's rack" in drawn
    assert NOTE not in drawn


@pytest.mark.parametrize("key", ["z", "h", "d"],
                         ids=["does-nothing", "hint-for-your-turn", "for-your-turn"])
def test_a_note_for_a_key_that_did_nothing_goes_when_the_game_moves_on_once_read(
    waiting: Waiting, monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    note_times(monkeypatch, read=0.2, longest=30)
    waiting.screen.pressed(key)
    waiting.inbox.wait(lambda: False, 0.25)  # read
    waiting.drawn()
    waiting.screen.show()  # the game moved on
    assert waiting.screen.note is None
    drawn = waiting.drawn()
    assert "Ann is playing." in drawn and "nothing here" not in drawn and "hint" not in drawn
    assert "own turn" not in drawn


def test_a_note_the_game_moves_past_before_it_is_read_goes_once_read(
    waiting: Waiting, monkeypatch: pytest.MonkeyPatch
) -> None:
    note_times(monkeypatch, read=0.3, longest=30)
    pressed = time.monotonic()
    waiting.screen.pressed("z")
    waiting.screen.show()  # the game moved on at once: the note stays to be read
    assert NOTE in waiting.drawn()
    assert waiting.inbox.wait(lambda: waiting.screen.note is None, 5)
    assert time.monotonic() - pressed < 5
    assert NOTE not in waiting.drawn()


def test_the_help_stays_until_the_next_key_where_a_note_for_a_key_that_did_nothing_goes(
    waiting: Waiting, monkeypatch: pytest.MonkeyPatch
) -> None:
    note_times(monkeypatch, read=0.02, longest=0.1)
    waiting.screen.pressed("z")
    assert waiting.inbox.wait(lambda: waiting.screen.note is None, 3)
    waiting.screen.pressed("?")
    waiting.inbox.wait(lambda: False, 0.2)
    waiting.screen.show()  # the game moved on
    assert "While the others play, your screen follows each move." in waiting.drawn()
    waiting.screen.pressed(" ")
    assert waiting.screen.note is None


def test_work_left_for_later_runs_at_the_first_wait_once_its_time_has_come() -> None:
    inbox = Inbox()
    ran: list[str] = []
    inbox.later(0.2, lambda: ran.append("second"))
    inbox.later(0.05, lambda: ran.append("first"))
    inbox.post(lambda: ran.append("posted"))
    inbox.run_posted()
    assert ran == ["posted"]
    assert inbox.wait(lambda: len(ran) == 3, 3)
    assert ran == ["posted", "first", "second"]
    assert not inbox.wait(lambda: False, 0.05)  # nothing left: a wait ends at its timeout


@pytest.mark.parametrize("key", ["d", "t", "x", "5", "0"])
def test_a_turn_s_key_pressed_in_another_s_turn_is_said_to_be_for_one_s_own(
    waiting: Waiting, monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    note_times(monkeypatch, read=5, longest=30)
    waiting.screen.pressed(key)
    drawn = " ".join(waiting.drawn().split())
    assert f"{key} is for your own turn." in drawn and "nothing here" not in drawn
    assert "Ann is playing." in drawn

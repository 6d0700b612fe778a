"""q on a turn at the smallest window a hosted table supports (45 by 15): the question, and the
warning that a drawn card would be discarded, are asked under the turn's screen painted again
to make room for them, never scrolling the rack or the round's line off the top; the question
takes fewer words where its whole sentence does not fit in two lines, also once a window it
was asked on is narrowed."""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pyte
import pytest

from rack_o.actions import DISCARD, DRAW
from rack_o.cli.human import HumanAgent
from rack_o.host.inbox import Inbox
from rack_o.host.keyboard import KeyReader
from rack_o.host.local import LocalLink, local_terminal
from rack_o.host.seat import PersonSeat, quit_question
from rack_o.host.terminal import RemoteTerminal

SIZE = (45, 15)
WAIT = 5.0
SLOT = re.compile(r"(?:^|\s)(\d{1,2})\s+\d{1,2} █")
"""A slot of the rack on a turn screen, in ten lines or in five (two slots a line)."""


class Guest:
    """A guest at a `SIZE` window drawn on a pipe (pyte), typing from a thread of their own
    as they see the screen: each key once what it waits for shows."""

    def __init__(self, read: int, terminal: RemoteTerminal) -> None:
        self.read = read
        self.terminal = terminal
        self.screen = pyte.Screen(*SIZE)
        self.stream = pyte.Stream(self.screen)
        self.seen: dict[str, list[str]] = {}
        """The screen as it was when each awaited text showed."""
        self.failure: str | None = None

    def display(self) -> list[str]:
        try:
            while data := os.read(self.read, 1 << 16):
                self.stream.feed(data.decode())
        except BlockingIOError:
            pass
        return [line.rstrip() for line in self.screen.display]

    def play(self, steps: list[tuple[str, str]]) -> threading.Thread:
        """Press each key once its text shows on the screen, the screen kept as it was then."""

        def run() -> None:
            reader = KeyReader()
            for awaited, key in steps:
                deadline = time.monotonic() + WAIT
                while not any(awaited in line for line in self.display()):
                    if time.monotonic() > deadline:
                        self.failure = f"{awaited!r} never shown:\n" + "\n".join(self.display())
                        self.terminal.receive(b"\x04", reader)  # Ctrl-D: the turn ends
                        return
                    time.sleep(0.01)
                time.sleep(0.05)  # all of it drawn
                self.seen[awaited] = self.display()
                self.terminal.receive(key.encode(), reader)

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        return thread


class _Stopping:
    """A table being stopped: a guest's Ctrl-D (sent when what a test awaits never shows)
    ends the turn instead of waiting for the guest to come back."""

    stopping = True

    def choosing(self, seat: int, view: object) -> None:
        """Nothing to tell the others here."""


@contextmanager
def seat_at_small_window(guest: bool) -> Iterator[tuple[PersonSeat, Guest]]:
    inbox = Inbox()
    terminal = local_terminal(0, "Ann", inbox)
    read, write = os.pipe()
    os.set_blocking(read, False)
    terminal.attached(LocalLink(write), *SIZE)
    person = PersonSeat(HumanAgent("Ann", terminal), terminal, _Stopping(), lambda: None,
                        guest=guest)
    try:
        yield person, Guest(read, terminal)
    finally:
        os.close(read)
        os.close(write)


def rack_game() -> object:
    from builders import dealt

    return dealt([[3, 9, 14, 20, 22, 27, 31, 36, 38, 40], [1, 2, 4, 5, 6, 7, 8, 10, 11, 12]],
                 30, [25], dealer=1)


@pytest.mark.parametrize("guest", [True, False], ids=["guest", "host"])
@pytest.mark.parametrize("drawn", [False, True], ids=["before-drawing", "card-drawn"])
def test_q_on_a_turn_at_the_smallest_window_asks_under_the_whole_rack(
    guest: bool, drawn: bool
) -> None:
    game = rack_game()
    asking = "Leave the table?" if guest else "Stop the game for everyone?"
    with seat_at_small_window(guest) as (person, seen):
        prompt = "for 25, x" if drawn else ": d draw"
        steps = [(": d draw", "d")] if drawn else []
        steps += [(prompt, "q"), (asking, "n"), (prompt, "x" if drawn else "d")]
        steps += [("Enter confirms", "\r")] if drawn else []
        typing = seen.play(steps)
        action = person.choose(game.view(0))
        if drawn:
            assert action == DRAW
            game.apply(DRAW, 0)
            assert person.choose(game.view(0)) == DISCARD
        typing.join(WAIT)
    assert seen.failure is None, seen.failure
    asked = seen.seen[asking]
    assert asked[0].startswith("Round 1")
    slots = {int(slot) for line in asked for slot in SLOT.findall(line)}
    assert slots == set(range(1, 11)), "\n".join(asked)
    question = ("Leave the table? y leaves · any other key stays" if guest
                else "Stop the game for everyone? y stops it (it is saved) · any other key "
                     "carries on")
    assert " ".join(" ".join(asked).split()).endswith(question + " >")
    if drawn:
        assert "You drew 25: a draw cannot be undone, so quitting now discards it." in " ".join(
            " ".join(asked).split())


@pytest.mark.parametrize(
    ("host", "width", "question"),
    [(False, 100, "Leave the table? y leaves (the same ssh command takes your seat back) · any "
                  "other key stays"),
     (False, 50, "Leave the table? y leaves (the same ssh command takes your seat back) · any "
                 "other key stays"),
     (False, 45, "Leave the table? y leaves · any other key stays"),
     (True, 45, "Stop the game for everyone? y stops it (it is saved) · any other key carries "
                "on"),
     (True, 40, "Stop the game for everyone? y stops it · any other key carries on"),
     # 79 columns of question: its "> " would stand alone on a second line at 80.
     (True, 80, "Stop the game for everyone? y stops it · any other key carries on"),
     (True, 100, "Stop the game for everyone? y stops it (it is saved) · any other key carries "
                "on")],
)
def test_the_quit_question_takes_the_most_words_that_fit_two_lines(
    host: bool, width: int, question: str
) -> None:
    from rich.text import Text

    assert Text.from_markup(quit_question(host, width)).plain == question


@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
@pytest.mark.parametrize("width", [45, 48, 60])
def test_the_host_s_question_says_a_drawn_card_is_discarded_in_every_window(
    language: str, width: int
) -> None:
    # Under about 50 columns it fell back to the plain question, silent on the card.
    import io

    from rich.console import Console
    from rich.text import Text

    from rack_o.cli.console import lines_taken
    from rack_o.i18n import speaking

    name = "Bartholomew-Jean"  # 16 letters: the longest name racko takes
    with speaking(language):
        asked = Text.from_markup(quit_question(True, width, holding=name)).plain
    assert name in asked, asked
    console = Console(width=width, file=io.StringIO())
    assert lines_taken(console, Text(asked + " > ")) <= 2, asked


def test_q_s_question_asked_on_a_wide_window_is_asked_again_in_fewer_words_once_narrowed(
) -> None:
    game = rack_game()
    inbox = Inbox()
    terminal = local_terminal(0, "Ann", inbox)
    read, write = os.pipe()
    os.set_blocking(read, False)
    link = LocalLink(write)
    terminal.attached(link, 100, 30)
    person = PersonSeat(HumanAgent("Ann", terminal), terminal, _Stopping(), lambda: None,
                        guest=True)
    seen = Guest(read, terminal)
    seen.screen.resize(30, 100)
    long_form = "(the same ssh command takes your seat back)"
    short_form = "Leave the table? y leaves · any other key stays >"
    asked: dict[str, list[str]] = {}

    def flat() -> str:
        return " ".join(" ".join(seen.display()).split())

    def until(shown: Callable[[], bool]) -> bool:
        deadline = time.monotonic() + WAIT
        while not shown():
            if time.monotonic() > deadline:
                seen.failure = "never shown:\n" + "\n".join(seen.display())
                terminal.receive(b"\x04", KeyReader())  # Ctrl-D: the turn ends
                return False
            time.sleep(0.01)
        return True

    def narrow() -> None:
        seen.screen.resize(SIZE[1], SIZE[0])
        terminal.resized(link, *SIZE)  # as the SSH thread posts it

    def guest() -> None:
        if not until(lambda: ": d draw" in flat()):
            return
        terminal.receive(b"q", KeyReader())
        if not until(lambda: long_form in flat()):
            return
        inbox.post(narrow)
        if not until(lambda: short_form in flat()):
            return
        time.sleep(0.05)  # all of it drawn
        asked["narrow"] = seen.display()
        terminal.receive(b"n", KeyReader())  # stays
        if until(lambda: short_form not in flat() and ": d draw" in flat()):
            terminal.receive(b"d", KeyReader())

    try:
        typing = threading.Thread(target=guest, daemon=True)
        typing.start()
        action = person.choose(game.view(0))
        typing.join(WAIT)
    finally:
        os.close(read)
        os.close(write)
    assert seen.failure is None, seen.failure
    assert action == DRAW
    narrowed = asked["narrow"]
    assert narrowed[0].startswith("Round 1"), "\n".join(narrowed)
    assert long_form not in " ".join(" ".join(narrowed).split())


def test_the_quit_question_asked_while_another_plays_keeps_its_words_at_80_columns() -> None:
    """A waiting screen asks in its key bar, with no "> " after the question to wrap."""
    from rich.text import Text

    assert Text.from_markup(quit_question(True, 80, end="")).plain == (
        "Stop the game for everyone? y stops it (it is saved) · any other key carries on")

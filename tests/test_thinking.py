"""A computer player that takes its time: a quiet note says it is thinking, and goes when it
has played; a bot that answers at once shows none, and Ctrl-C still stops the game cleanly."""

from __future__ import annotations

import io
import random
import re
import time

import pytest
from example_bot import BandBot
from rich.console import Console

from rack_o import Action, Phase, SeatView
from rack_o.cli import thinking
from rack_o.cli.console import Terminal
from rack_o.cli.exits import EXIT_INTERRUPTED, EXIT_OK
from rack_o.cli.session import run_session
from rack_o.game import Game, Player
from rack_o.rules import Rules

SGR = re.compile(r"\x1b\[[0-9;]*m")
SAVE_CURSOR = "\x1b7"
ERASE_NOTE = "\x1b8\x1b[K"
NOTE = SAVE_CURSOR + "Slow is thinking…"
CLEAR_SCROLLBACK = "\x1b[3J"


class Slow(BandBot):
    """Thinks `seconds` over its first move, then raises `then` if given, else plays on."""

    name = "Slow"

    def __init__(self, seconds: float, then: type[BaseException] | None = None) -> None:
        self.seconds = seconds
        self.then = then
        self.asked = 0

    def choose(self, view: SeatView) -> Action:
        self.asked += 1
        if self.asked == 1:
            time.sleep(self.seconds)
            if self.then is not None:
                raise self.then
        return super().choose(view)


def bots_game(*agents: BandBot) -> Game:
    """A game between `agents`, seat 2's first to play."""
    players = [Player(agent.name, "bot:band") for agent in agents]
    # Seat 1 draws the highest card and deals: seat 2 (the slow one) plays first.
    game = Game(Rules(2, target=50), random.Random(5), players=players, dealer_draw=[40, 3])
    return game


def terminal(is_terminal: bool) -> Terminal:
    console = Console(file=io.StringIO(), width=80, force_terminal=is_terminal,
                      color_system="standard" if is_terminal else None)
    return Terminal(console, stdin=io.StringIO(), pause_seconds=0)


def shown(term: Terminal) -> str:
    return SGR.sub("", term.console.file.getvalue())


@pytest.mark.parametrize(("is_terminal", "seconds", "noted"), [
    # longer than the note waits for: shown, then erased for the move
    pytest.param(True, 0.15, True, marks=pytest.mark.slow),
    (True, 0.0, False),  # an answer at once: nothing
    # a pipe cannot have a line taken back: nothing
    pytest.param(False, 0.15, False, marks=pytest.mark.slow),
])
def test_a_bot_thinking_long_is_said_to_think_until_its_move_is_shown(
    monkeypatch: pytest.MonkeyPatch, is_terminal: bool, seconds: float, noted: bool,
) -> None:
    monkeypatch.setattr(thinking, "THINKING_AFTER", 0.05)
    term = terminal(is_terminal)
    agents = [BandBot(), Slow(seconds)]
    assert run_session(term, bots_game(*agents), agents) == EXIT_OK
    output = shown(term)
    assert output.count("is thinking") == noted
    if noted:
        assert re.search(NOTE + re.escape(ERASE_NOTE) + r"Slow (drew|took) ", output), output
    assert ERASE_NOTE in output if noted else ERASE_NOTE not in output


@pytest.mark.parametrize(("seconds", "noted"), [
    pytest.param(0.15, True, id="after the note", marks=pytest.mark.slow),
    pytest.param(0.0, False, id="before the note"),
])
def test_ctrl_c_while_a_bot_thinks_stops_the_game_and_leaves_no_note(
    monkeypatch: pytest.MonkeyPatch, seconds: float, noted: bool,
) -> None:
    monkeypatch.setattr(thinking, "THINKING_AFTER", 0.05)
    term = terminal(True)
    agents = [BandBot(), Slow(seconds, then=KeyboardInterrupt)]
    code = run_session(term, bots_game(*agents), agents)
    time.sleep(0.1)  # long after the note would have come: it must not come now
    output = shown(term)
    assert code == EXIT_INTERRUPTED
    assert output.count(NOTE) == noted
    stop = output.index("Interrupted (Ctrl-C).")
    if noted:
        assert output.index(NOTE) < output.index(ERASE_NOTE) < stop
    assert "is thinking" not in output[stop:]


class SlowEachTime(Slow):
    """Thinks `seconds` over every turn's first decision."""

    def choose(self, view: SeatView) -> Action:
        self.asked = 0 if view.phase is Phase.CHOOSE else 1
        return super().choose(view)


@pytest.mark.slow
def test_in_hot_seat_the_note_shows_only_where_no_rack_is_on_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rack_o.cli.human import HumanAgent

    monkeypatch.setattr(thinking, "THINKING_AFTER", 0.05)
    players = [Player("Ann", "human"), Player("Bob", "human"), Player("Slow", "bot:band")]
    # Bob deals; Slow plays first, then Ann and Bob (each draws and discards), then Slow.
    game = Game(Rules(3), random.Random(4), players=players, dealer_draw=[5, 50, 20])
    keys = "\n" + "\nd\nx\n\n" + "\nd\nx\n\n" + "q\ny\n"
    term = terminal(True)
    term.stdin = io.StringIO(keys)
    agents = [HumanAgent("Ann", term), HumanAgent("Bob", term), SlowEachTime(0.1)]
    assert run_session(term, game, agents) == 1
    output = shown(term)
    notes = [match.start() for match in re.finditer(re.escape(NOTE), output)]
    assert len(notes) == 2
    assert "Bob's rack" in output[notes[0]:notes[1]]  # Bob played between the two
    for note in notes:
        # What is on screen with the note: everything since the screen was last wiped.
        on_screen = output[output.rfind(CLEAR_SCROLLBACK, 0, note) + 1:note]
        assert "'s rack" not in on_screen, on_screen

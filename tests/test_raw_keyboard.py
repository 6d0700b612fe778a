"""The keyboard in a real pseudo-terminal: a key typed the instant a prompt appears is kept,
the terminal is given back as it was, and typed-ahead keys go only when racko throws them away."""

from __future__ import annotations

import io
import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from keypieces import PIECES
from rich.console import Console

import rack_o.cli.console as console_module
from rack_o.cli.console import ENTER, Terminal
from rack_o.cli.play import play_again
from rack_o.cli.prompt import ask

termios = pytest.importorskip("termios")
tty = pytest.importorskip("tty")


class _Keyboard:
    """Standard input that is the far end of a pseudo-terminal the test types into."""

    encoding = "utf-8"

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def fileno(self) -> int:
        return self.fd

    def isatty(self) -> bool:
        return True


@pytest.fixture
def typing(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Terminal, int, int]]:
    """(a key-reading terminal, the pty's end the test types into, the keyboard's end)."""
    typed, keyboard = os.openpty()
    monkeypatch.setattr(sys, "stdin", _Keyboard(keyboard))
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True,
                      color_system=None)
    term = Terminal(console, pause_seconds=0)
    assert not term.reads_lines
    yield term, typed, keyboard
    os.close(typed)
    os.close(keyboard)


def _type_later(fd: int, keys: bytes, after: float = 0.3) -> threading.Thread:
    def type_them() -> None:
        time.sleep(after)
        os.write(fd, keys)
    thread = threading.Thread(target=type_them, daemon=True)
    thread.start()
    return thread


def test_a_key_typed_as_the_prompt_appears_is_kept(typing: tuple[Terminal, int, int]) -> None:
    """It reaches the terminal before the keyboard is read: tty's raw mode, set with a flush
    (as click's getchar sets it), threw it away, and racko then waited for another key."""
    term, typed, _keyboard = typing
    os.write(typed, b"d")
    later = _type_later(typed, b"x")
    assert term.key("d draws > ") == "d"
    later.join()


def test_the_terminal_is_given_back_as_it_was(typing: tuple[Terminal, int, int]) -> None:
    term, typed, keyboard = typing
    before = termios.tcgetattr(keyboard)
    os.write(typed, b"5")
    assert term.key() == "5"
    assert termios.tcgetattr(keyboard) == before
    assert before[3] & termios.ICANON and before[3] & termios.ECHO


def test_keys_typed_ahead_go_only_when_racko_throws_them_away(
    typing: tuple[Terminal, int, int],
) -> None:
    term, typed, _keyboard = typing
    os.write(typed, b"d5\r")
    assert term.key() == "d"
    time.sleep(0.05)
    term.flush_input()  # the rack is on screen: what was typed before it is gone
    later = _type_later(typed, b"7")
    assert term.key() == "7"
    later.join()


def test_keys_typed_between_two_reads_wait_for_the_second(
    typing: tuple[Terminal, int, int],
) -> None:
    term, typed, _keyboard = typing
    os.write(typed, b"t")
    assert term.key() == "t"
    os.write(typed, b"\r")  # typed while racko drew the next screen, with no flush meant
    assert term.key() == ENTER


def test_a_letter_whose_bytes_come_apart_is_one_key(typing: tuple[Terminal, int, int]) -> None:
    term, typed, _keyboard = typing
    first, second = "ñ".encode()
    os.write(typed, bytes([first]))
    later = _type_later(typed, bytes([second]), after=0.1)
    assert term.key() == "ñ"
    later.join()


@pytest.mark.parametrize(("key", "error"), [(b"\x03", KeyboardInterrupt), (b"\x04", EOFError)])
def test_ctrl_c_and_ctrl_d_come_as_keys_and_stop(
    typing: tuple[Terminal, int, int], key: bytes, error: type[BaseException],
) -> None:
    term, typed, keyboard = typing
    before = termios.tcgetattr(keyboard)
    later = _type_later(typed, key, after=0.1)  # once the keyboard is raw: they are characters
    with pytest.raises(error):
        term.key()
    later.join()
    assert termios.tcgetattr(keyboard) == before


def test_a_keyboard_that_ends_stops_as_ctrl_d_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """A read that gives nothing is the end of the keyboard: never a loop reading nothing."""
    ended, end = os.pipe()
    os.close(end)

    @contextmanager
    def keyboard_that_ended() -> Iterator[int]:
        yield ended

    monkeypatch.setattr(console_module, "_keys_as_typed", keyboard_that_ended)
    monkeypatch.setattr(console_module, "_is_terminal", lambda stream: True)
    term = Terminal(Console(file=io.StringIO()), pause_seconds=0)
    with pytest.raises(EOFError):
        term.key()
    os.close(ended)


def _ctrl_c_waiting(typed: int, keyboard: int) -> None:
    """A Ctrl-C that came while the keyboard was raw, left as a character in the queue."""
    before = termios.tcgetattr(keyboard)
    tty.setraw(keyboard, termios.TCSANOW)
    os.write(typed, b"\x03")
    time.sleep(0.05)
    termios.tcsetattr(keyboard, termios.TCSANOW, before)


def test_a_ctrl_c_typed_ahead_stops_when_the_keys_are_thrown_away(
    typing: tuple[Terminal, int, int],
) -> None:
    """Enter and Ctrl-C typed together: the Ctrl-C comes while the keyboard is still raw, so
    it waits as a character; throwing typed-ahead keys away must not throw the stop away."""
    term, typed, keyboard = typing
    _ctrl_c_waiting(typed, keyboard)
    with pytest.raises(KeyboardInterrupt):
        term.flush_input()
    later = _type_later(typed, b"d", after=0.05)
    assert term.key() == "d"  # the Ctrl-C was used once, and nothing else was left
    later.join()


def test_keys_typed_ahead_are_thrown_away_all_at_once(typing: tuple[Terminal, int, int]) -> None:
    term, typed, _keyboard = typing
    os.write(typed, b"d5\r" * 200)
    time.sleep(0.05)
    term.flush_input()
    later = _type_later(typed, b"t", after=0.05)
    assert term.key() == "t"
    later.join()


def test_a_ctrl_c_typed_ahead_of_play_again_is_a_no(typing: tuple[Terminal, int, int]) -> None:
    term, typed, keyboard = typing
    _ctrl_c_waiting(typed, keyboard)
    try:
        again = play_again(term)
    except KeyboardInterrupt:  # not let through: it would stop the test run itself
        pytest.fail("the Ctrl-C went through play_again instead of being a no")
    assert again is False


def test_a_second_enter_that_closed_the_score_sheet_does_not_answer_the_prompt(
    typing: tuple[Terminal, int, int],
) -> None:
    """At a hand-off, s then Enter Enter (a double tap): the sheet takes one, and the other
    must not hand the keyboard over."""
    term, typed, _keyboard = typing
    sheets = []

    def sheet() -> None:
        sheets.append(term.key("the sheet > "))
        time.sleep(0.05)  # the hand-off screen being drawn again

    os.write(typed, b"s")
    later = _type_later(typed, b"\r\r", after=0.1)
    latest = _type_later(typed, b"d", after=0.4)
    assert ask(term, "Enter when ready", (ENTER, "d"), valid="Enter", help_text="",
               sheet=sheet) == "d"
    assert sheets == [ENTER]
    later.join()
    latest.join()


def test_a_held_arrow_that_fills_a_long_read_is_all_arrows(
    typing: tuple[Terminal, int, int],
) -> None:
    term, typed, _keyboard = typing
    os.write(typed, b"\x1b[B" * 40)
    assert [term.key() for _ in range(40)] == ["down"] * 40


def test_half_a_letter_typed_ahead_goes_with_the_rest(typing: tuple[Terminal, int, int]) -> None:
    term, typed, _keyboard = typing
    os.write(typed, b"a" + "é".encode()[:1])  # read whole: the half letter waits to be finished
    assert term.key() == "a"
    term.flush_input()
    later = _type_later(typed, b"d", after=0.05)
    assert term.key() == "d"
    later.join()


def _typed_as_the_read_returns(monkeypatch: pytest.MonkeyPatch, typed: int, keys: bytes) -> None:
    """`keys` reach the terminal the instant after racko's next read of a key returns, while
    the keyboard is still raw (a fast typist, or a loaded machine that held racko there)."""
    read_keys = Terminal._read_keys
    waiting = [keys]

    def read_then_type(self: Terminal, fd: int | None) -> str:
        got = read_keys(self, fd)
        if waiting:
            os.write(typed, waiting.pop())
            time.sleep(0.05)  # through the pseudo-terminal, before the keyboard reads lines
        return got

    monkeypatch.setattr(Terminal, "_read_keys", read_then_type)


def test_a_key_typed_as_racko_reads_lines_again_is_the_next_key(
    typing: tuple[Terminal, int, int], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Set back to lines, the terminal hands a raw key over as a line with no line end, as
    it does a line ended by Ctrl-D: it must come as the key it is, not as the input's end."""
    term, typed, _keyboard = typing
    os.write(typed, b"d")
    _typed_as_the_read_returns(monkeypatch, typed, b"5")
    assert term.key() == "d"
    assert term.key() == "5"


def test_an_enter_typed_as_racko_reads_lines_again_is_thrown_away_not_taken_for_ctrl_d(
    typing: tuple[Terminal, int, int], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Enter, then Enter again at once, as a round ends: the second one is thrown away with
    the keys typed ahead of the round's results, and the game goes on."""
    term, typed, _keyboard = typing
    first = _type_later(typed, b"\r", after=0.1)  # once the keyboard is raw, as at a prompt
    _typed_as_the_read_returns(monkeypatch, typed, b"\r")
    assert term.key() == ENTER
    first.join()
    assert term.flush_input() is True
    later = _type_later(typed, b"\r", after=0.05)
    assert term.key() == ENTER
    later.join()


@pytest.mark.parametrize(("key", "error"), [(b"\x03", KeyboardInterrupt), (b"\x04", EOFError)])
def test_a_ctrl_c_or_ctrl_d_typed_as_racko_reads_lines_again_still_stops(
    typing: tuple[Terminal, int, int], monkeypatch: pytest.MonkeyPatch,
    key: bytes, error: type[BaseException],
) -> None:
    term, typed, _keyboard = typing
    os.write(typed, b"d")
    _typed_as_the_read_returns(monkeypatch, typed, key)
    with pytest.raises(error):
        term.key()


def test_keys_and_enter_typed_while_line_editing_had_the_keyboard_are_keys(
    typing: tuple[Terminal, int, int],
) -> None:
    """readline reads a line with the keyboard raw and sets it back itself: what was typed
    after that line's Enter comes as a line ending in a Return, not as the input's end."""
    term, typed, keyboard = typing
    before = termios.tcgetattr(keyboard)
    tty.setraw(keyboard, termios.TCSANOW)
    os.write(typed, b"5\r")
    time.sleep(0.05)
    termios.tcsetattr(keyboard, termios.TCSADRAIN, before)
    assert [term.key(), term.key()] == ["5", ENTER]


# An escape sequence the terminal hands over in pieces is one key (`keypieces`: "waited" is
# once racko has read the pieces before and waits for more for a moment).
@pytest.mark.parametrize(("pieces", "gaps", "keys"), list(PIECES.values()), ids=list(PIECES))
def test_an_escape_sequence_handed_over_in_pieces_is_one_key(
    typing: tuple[Terminal, int, int], monkeypatch: pytest.MonkeyPatch,
    pieces: list[bytes], gaps: list[object], keys: list[str]
) -> None:
    term, typed, _keyboard = typing
    read, waiting = threading.Event(), threading.Event()
    read_some, ready = Terminal._read_some, console_module._ready

    def reads(self: Terminal, fd: int) -> str:
        typed = read_some(self, fd)
        read.set()
        return typed

    def waits(fd: int, seconds: float) -> bool:
        waiting.set()
        return ready(fd, seconds)

    monkeypatch.setattr(Terminal, "_read_some", reads)
    monkeypatch.setattr(console_module, "_ready", waits)

    def type_them() -> None:
        os.write(typed, pieces[0])
        for gap, piece in zip(gaps, pieces[1:], strict=True):
            assert read.wait(5)  # racko has read the pieces before
            read.clear()
            if gap == "waited":
                assert waiting.wait(5)
                waiting.clear()
            else:
                time.sleep(float(gap))  # type: ignore[arg-type]
            os.write(typed, piece)

    thread = threading.Thread(target=type_them, daemon=True)
    thread.start()
    assert [term.key() for _key in keys] == keys
    thread.join()


def test_a_newline_after_a_return_read_before_is_another_enter(
    typing: tuple[Terminal, int, int]
) -> None:
    """The keyboard's Enter is a Return alone: a newline read later is another key pressed
    (Ctrl-J, a script's newline), never the end of the Enter read before."""
    term, typed, _keyboard = typing
    # Typed once the terminal is raw, so that its driver turns no Return into a newline.
    later = _type_later(typed, b"\r")
    assert term.key() == ENTER
    later.join()
    later = _type_later(typed, b"\n")
    assert term.key() == ENTER
    later.join()

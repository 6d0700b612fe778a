"""Single keys are taken by where they sit on the keyboard: the French and Czech number rows
choose slots without Shift, a Greek layout's letters are the Latin letters on their keys; a US
keyboard in English is unchanged. Locally, at a hosted table and in yes-or-no answers."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from clirun import flat, racko
from rich.console import Console

from rack_o import i18n
from rack_o.cli.console import ENTER, Terminal
from rack_o.cli.layouts import key_meant
from rack_o.cli.prompt import is_no, is_yes
from rack_o.host.guest_seats import GuestSeats
from rack_o.host.keyboard import KeyReader
from rack_o.host.terminal import RemoteTerminal

FRENCH_ROW = "&é\"'(-è_çà"
CZECH_ROW = "+ěščřžýáíé"
DIGITS = "1234567890"
GREEK = "ςερτυθιοπασδφγηξκλζχψωβνμ"
LATIN = "wertyuiopasdfghjklzxcvbnm"


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.install("en")


@pytest.mark.parametrize(
    ("language", "typed", "meant"),
    [
        *[("fr", key, digit) for key, digit in zip(FRENCH_ROW, DIGITS, strict=True)],
        *[("cs", key, digit) for key, digit in zip(CZECH_ROW, DIGITS, strict=True)],
        *[("el", key, letter) for key, letter in zip(GREEK, LATIN, strict=True)],
        # Belgian AZERTY: § on 6, ! on 8.
        ("fr", "§", "6"), ("fr", "!", "8"),
        # é: 0 on the Czech row, 2 on the French row, and 2 in any other language.
        ("cs", "é", "0"), ("en", "é", "2"), ("el", "é", "2"),
        # Letters no US key types are read so in any language.
        ("en", "ě", "2"), ("fr", "ř", "5"), ("cs", "à", "0"), ("en", "δ", "d"),
        # Upper case (Caps Lock), Greek accented vowels and the Greek Q key's ";".
        ("el", "Δ", "d"), ("cs", "Ě", "2"), ("el", "ά", "a"), ("el", "έ", "e"),
        ("el", "ή", "h"), ("el", "ί", "i"), ("el", "ό", "o"), ("el", "ύ", "y"),
        ("el", "ώ", "v"), ("el", ";", "q"), ("el", "\u037e", "q"),
        # A US keyboard in English, and symbols of another language's keyboard: unchanged.
        ("en", "&", "&"), ("en", "-", "-"), ("en", "'", "'"), ("en", "!", "!"),
        ("en", "+", "+"), ("en", ";", ";"), ("cs", "&", "&"), ("cs", "§", "§"),
        ("fr", "+", "+"), ("fr", ";", ";"), ("el", "-", "-"),
        ("en", "d", "d"), ("fr", "1", "1"), ("cs", "a", "a"), ("fr", "o", "o"),
        ("el", "y", "y"), ("el", "?", "?"),
        # Not single keys: key names and lines stay as they are.
        ("el", "up", "up"), ("fr", ENTER, ENTER), ("el", "ναι", "ναι"), ("cs", "ěš", "ěš"),
    ],
)
def test_a_key_is_the_key_on_the_same_place_of_a_us_keyboard(
    language: str, typed: str, meant: str
) -> None:
    assert key_meant(typed, language) == meant
    with i18n.speaking(language):
        assert key_meant(typed) == meant


@pytest.mark.parametrize(
    ("language", "line", "key"),
    [("cs", "ě", "2"), ("cs", "é", "0"), ("fr", "é", "2"), ("el", "Δ", "d"), ("en", "-", "-"),
     ("el", "ναι", "ναι")],
)
def test_a_terminal_gives_the_key_meant(language: str, line: str, key: str) -> None:
    term = Terminal(console=Console(file=io.StringIO()), stdin=io.StringIO(line + "\n"))
    with i18n.speaking(language):
        assert term.key() == key


@pytest.fixture
def table() -> Iterator[GuestSeats]:
    seats = GuestSeats({0: "Ann"}, idle=None, pause_seconds=0)
    yield seats
    seats.close("Bye.")


def guest(table: GuestSeats, language: str | None) -> RemoteTerminal:
    """Ann connected, reading `language`."""
    terminal = table.join("ann", _Link(), 80, 24, language)
    assert isinstance(terminal, RemoteTerminal)
    assert table.wait(lambda: terminal.is_connected, 1)
    return terminal


class _Link:
    is_open = True

    def send(self, data: bytes) -> None:
        pass

    def close(self, message: str, code: int = 1) -> None:
        self.is_open = False


@pytest.mark.parametrize(
    ("language", "typed", "key"),
    [("cs", "ě", "2"), ("cs", "é", "0"), ("fr", "é", "2"), ("fr", "&", "1"), ("el", "δ", "d"),
     ("el", "Ν", "n"), ("en", "-", "-"), (None, "é", "0")],  # None: the host's, Czech
)
def test_a_guests_key_is_taken_in_the_guests_language(
    table: GuestSeats, language: str | None, typed: str, key: str
) -> None:
    i18n.install("cs")  # the host's language: a guest's own decides
    terminal = guest(table, language)
    terminal.receive(typed.encode(), KeyReader())
    assert terminal.key("> ") == key


def test_a_guest_waiting_for_their_turn_presses_keys_as_they_sit(table: GuestSeats) -> None:
    terminal = guest(table, "el")
    pressed: list[str] = []
    terminal.on_keys(pressed.append)
    terminal.receive("σδ".encode(), KeyReader())
    assert table.wait(lambda: len(pressed) == 2, 1)
    assert pressed == ["s", "d"]


def test_a_guests_line_keeps_what_was_typed(table: GuestSeats) -> None:
    terminal = guest(table, "cs")
    terminal.receive("Jiří é\r".encode(), KeyReader())
    assert terminal.line("> ") == "Jiří é"


@pytest.mark.parametrize(
    ("language", "answer", "yes", "no"),
    [("el", "ν", False, True), ("el", "Ν", False, True), ("el", "ο", False, False),
     ("el", "ό", False, False), ("el", "ναι", True, False), ("el", "όχι", False, True),
     ("el", "y", True, False), ("el", "n", False, True),
     ("fr", "o", True, False), ("cs", "a", True, False), ("en", "ν", False, True)],
)
def test_a_greek_n_key_says_no_and_whole_words_still_answer(
    language: str, answer: str, yes: bool, no: bool
) -> None:
    i18n.install(language)
    assert (is_yes(answer), is_no(answer)) == (yes, no)


def test_the_greek_n_key_carries_the_game_on(home: Path) -> None:
    result = racko("--lang", "el", "play", "--players", "2", "--bots", "easy", "--seed", "1",
                   "--fast", input="\n\nq\nν\nq\ny\n")
    assert result.output.count("Έξοδος από το παιχνίδι;") == 2, result.output


@pytest.mark.parametrize(
    ("language", "keys", "shown"),
    [("el", "δ", "Θέση 1-9 ή 0=10 για το"), ("cs", "d\nž", "když 31 půjde do slotu 6"),
     # A key that is not valid is named as typed, not by the Latin key it sits on.
     ("el", "ψ", "Το ψ δεν ισχύει εδώ"), ("en", "ψ", "ψ is not valid here"),
     ("fr", "ç", "ç n'est pas valable ici")],
)
def test_a_turn_is_played_with_the_keys_of_the_players_keyboard(
    home: Path, language: str, keys: str, shown: str
) -> None:
    result = racko("--lang", language, "play", "--players", "2", "--bots", "easy", "--seed", "1",
                   "--fast", input=f"\n\n{keys}\nq\ny\n")
    assert shown in flat(result.output), result.output

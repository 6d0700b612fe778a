"""q on a turn of `racko play` asks under the turn's screen painted again to make room for the
question (and, after a draw, the warning that quitting discards the card): the whole rack stays
on screen, at the smallest window (45x15) as at 80x24, in every language, and again once the
window is resized while the question is open.

A real terminal read as it shows (pyte), two people at one keyboard, `--lang` each language.
"""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest
from ttykit import (
    CLEARED,
    ENTER,
    press,
    prompted,
    prompted_when,
    shows,
    spawn,
    words,
)

from rack_o.cli.prompt import QUESTION_LINES, fitting, quit_prompt
from rack_o.i18n import _, speaking

SMALLEST = (45, 15)
USUAL = (80, 24)
LANGUAGES = ["en", "fr", "el", "cs"]
SLOT = re.compile(r"(?:^|\s)(\d{1,2})\s+\d{1,2} █")
"""A slot of the rack on a turn screen, in ten lines or in five (two slots a line)."""


def resize(child: pexpect.spawn, size: tuple[int, int]) -> None:
    """Change the size of the child's window (it gets SIGWINCH), and of the screen read."""
    columns, lines = size
    child.screen.resize(lines, columns)
    child.setwinsize(lines, columns)


def check_asked(screen: str, top: str, question: str, warning: str | None) -> None:
    """The turn's screen from its first line, the whole rack, the warning if any, and the
    question last, waiting for its answer."""
    lines = screen.splitlines()
    assert lines[0].startswith(top), screen
    slots = {int(slot) for line in lines for slot in SLOT.findall(line)}
    assert slots == set(range(1, 11)), screen
    # The whole question last, in QUESTION_LINES lines at most.
    assert " ".join(" ".join(lines[-QUESTION_LINES:]).split()).endswith(words(question)), screen
    shown = " ".join(screen.split())
    if warning is not None:
        assert f"{words(warning)} {words(question)}" in shown, screen


def asked_through_resizes(child: pexpect.spawn, sizes: tuple[tuple[int, int], ...], top: str,
                          question: str, warning: str | None) -> None:
    """q asks under the whole turn's screen, and again once the window is resized to each of
    `sizes` while the question is open (painted again, fitted to the new size)."""
    press(child, "q")
    check_asked(shows(child, question), top, question, warning)
    for size in sizes:
        resize(child, size)
        child.expect(CLEARED, timeout=5)
        check_asked(shows(child, question), top, question, warning)


@pytest.mark.parametrize("size", [SMALLEST, USUAL], ids=["45x15", "80x24"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_q_asks_under_the_whole_rack_before_and_after_a_draw_and_after_a_resize(
    tmp_path: Path, language: str, size: tuple[int, int]
) -> None:
    other = USUAL if size == SMALLEST else SMALLEST
    with speaking(language):
        top = _("Round {round}").format(round=1)
        question = quit_prompt()
        warning = _("You drew {card}: a draw cannot be undone, so quitting now discards it.")
        you_drew = re.compile(re.escape(_("You drew {card}.")).replace(r"\{card\}", r"(\d+)"))
        handed = {name: _("{name}'s turn").format(name=name) for name in ("Ann", "Bob")}

    def answered(screen: str) -> bool:
        return words(question) not in " ".join(screen.split())

    child = spawn(["--lang", language, "play", "--names", "Ann,Bob", "--seed", "3",
                   "--record", str(tmp_path / "game.jsonl")], tmp_path, size=size,
                  short_holds=True)  # every key pressed once racko waits for it
    try:
        prompted(child)  # the dealer draw, its prompt up: keys typed before it are thrown away
        press(child, ENTER)  # the dealer draw: deal round 1
        shows(child, handed["Ann"])
        prompted(child)  # the hand-off throws away keys typed before its prompt shows
        press(child, ENTER)
        prompted(child)
        asked_through_resizes(child, (size, other), top, question, None)
        press(child, "n")  # the turn goes on
        prompted_when(child, answered, "the question gone")
        press(child, "d")
        drawn = you_drew.search(prompted_when(child, you_drew.search, "the card drawn"))
        assert drawn is not None
        asked_through_resizes(child, (other, size), top, question,
                              warning.format(card=drawn.group(1)))
        press(child, "n")  # the card is still in hand, to be placed
        screen = prompted_when(child, answered, "the question gone")
        assert you_drew.search(screen), screen
        press(child, "x")
        prompted(child)
        press(child, ENTER)
        shows(child, handed["Bob"])  # Ann's turn over
    finally:
        child.terminate(force=True)


@pytest.mark.parametrize(
    ("width", "lines", "forms", "chosen"),
    [(20, 2, ("aaaa bbbb cccc dddd eeee ffff", "short"), "aaaa bbbb cccc dddd eeee ffff"),
     # With " > ", fewer characters than two lines hold; wrapped between words, three lines.
     (20, 2, ("aaaaaaaaaaaaaaaa bbbbbbbbbbbbbbbbb c", "short"), "short"),
     (10, 2, ("a b c d e f g h i j k l", "short"), "short"),
     # One line keeps a column for the cursor after " > ".
     (12, 1, ("abcdefgh", "ab"), "abcdefgh"),
     (11, 1, ("abcdefgh", "ab"), "ab")],
    ids=["fits", "wraps-into-three", "many-words", "one-line", "one-line-too-long"],
)
def test_a_question_takes_its_fullest_wording_that_wraps_into_its_lines(
    width: int, lines: int, forms: tuple[str, ...], chosen: str
) -> None:
    assert fitting(width, forms, lines) == chosen

"""Yes-or-no questions take y and n, and the words for yes and no in the language spoken."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from clirun import racko

from rack_o import i18n
from rack_o.cli.prompt import is_no, is_yes


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.install("en")


@pytest.mark.parametrize(
    ("language", "yes", "no"),
    [
        ("en", ["y", "Y", "yes", "Yes"], ["n", "no", "NO"]),
        ("fr", ["y", "o", "O", "oui", "yes"], ["n", "non", "no"]),
        ("cs", ["y", "a", "ano", "ANO"], ["n", "ne"]),
        # Greek ν sits on the N key: it says no, as n does; the first letter of "όχι" sits on
        # the O key, so only the whole word says no.
        ("el", ["y", "ναι", "ΝΑΙ", "ναί"], ["n", "ν", "Ν", "όχι", "οχι"]),
    ],
)
def test_yes_and_no_are_understood_in_english_and_in_the_language_spoken(
    language: str, yes: list[str], no: list[str]
) -> None:
    i18n.install(language)
    for answer in yes:
        assert is_yes(answer) and not is_no(answer), answer
    for answer in no:
        assert is_no(answer) and not is_yes(answer), answer


@pytest.mark.parametrize("language", ["en", "fr", "cs", "el"])
@pytest.mark.parametrize("answer", ["", " ", "q", "x", "1", "yep", "nope"])
def test_anything_else_is_neither_yes_nor_no(language: str, answer: str) -> None:
    i18n.install(language)
    assert not is_yes(answer) and not is_no(answer)


# Greek has no such letter: ν sits on the N key (tests/test_keyboard_layouts.py).
@pytest.mark.parametrize(("language", "answer"), [("fr", "o"), ("cs", "a")])
def test_a_player_quits_with_the_first_letter_of_yes_in_their_language(
    home: Path, language: str, answer: str
) -> None:
    result = racko("--lang", language, "play", "--players", "2", "--bots", "easy", "--seed", "1",
                   "--fast", input=f"\n\nq\n{answer}\nq\ny\n")
    question = {"fr": "Quitter la partie", "cs": "Ukončit tuto hru?"}[language]
    assert result.output.count(question) == 1, result.output  # asked once: the answer quit
    assert "racko resume" in result.output, result.output


def test_the_first_letter_of_yes_in_another_language_carries_on(home: Path) -> None:
    # English spoken: "o" is not yes, so the game goes on to the next question.
    result = racko("play", "--players", "2", "--bots", "easy", "--seed", "1", "--fast",
                   input="\n\nq\no\nq\ny\n")
    assert result.output.count("Quit this game?") == 2, result.output


@pytest.mark.parametrize(
    ("language", "keys"),
    [("en", ["y", "n"]), ("fr", ["y", "o", "n"]), ("cs", ["y", "a", "n"]), ("el", ["y", "n"])],
)
def test_a_wrong_key_at_play_again_names_every_key_its_question_offers(
    language: str, keys: list[str]
) -> None:
    i18n.install(language)
    question = i18n._("Play again, same players, new cards? [bold]y[/] yes · [bold]n[/] no > ")
    note = i18n._("Press y to play again, or n to stop.")
    for key in keys:
        assert is_yes(key) or is_no(key), key
        assert f" {key}" in question.replace("[bold]", " ").replace("/", " "), key
        assert re.search(rf"\b{key}\b", note), key

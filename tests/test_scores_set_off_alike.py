"""A scores line sets every score off the same way: a name ending in a digit ("Player 2") needs
a colon before its score, so then every name on the line has one ("Ann: 0 · Player 2: 0"),
never some only ("Ann 0 · Player 2: 0", "Joueur 1 : 0 · Hard 0")."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console, RenderableType

import rack_o.cli.console  # noqa: F401 - what every screen imports first
from rack_o import Game, Player, Rules, i18n
from rack_o.cli.screens import needs_colon, scores_line, scores_of, short_scores


def _text(renderable: RenderableType, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue().replace("\u00a0", " ")  # type: ignore[attr-defined]


def _view(names: list[str], partners: bool = False):
    rules = Rules(len(names), partners=partners)
    game = Game(rules, random.Random(1), players=[Player(name) for name in names])
    game.deal()
    return game.view(0)


@pytest.mark.parametrize(("names", "language", "shown"), [
    (["Ann", "Player 2"], "en", "Ann: 0  ·  Player 2: 0"),
    (["Joueur 1", "Hard"], "fr", "Joueur 1 : 0  ·  Hard : 0"),
    (["Ann", "Bob"], "en", "Ann 0  ·  Bob 0"),
    (["Ann", "Hard 2", "Bob"], "en", "Ann: 0  ·  Hard 2: 0  ·  Bob: 0"),
])
def test_every_score_on_a_line_is_set_off_alike(names: list[str], language: str, shown: str
                                                ) -> None:
    with i18n.restoring_language():
        i18n.install(language)
        view = _view(names)
        assert _text(scores_line(view)).startswith(shown)
        assert _text(short_scores(view)).startswith(shown.replace("  ·  ", " · "))


def test_teams_are_set_off_alike_too() -> None:
    view = _view(["Ann", "Bob", "Player 3", "Dee"], partners=True)
    assert _text(scores_line(view)).startswith("Ann & Player 3: 0  ·  Bob & Dee: 0")


@pytest.mark.parametrize(("sides", "colon"), [
    (["Ann", "Bob"], False), (["Ann", "Player 2"], True), (["R2D2", "Bob"], True),
    (["Hard*", "Ann"], False),
])
def test_one_name_ending_in_a_digit_sets_off_every_score(sides: list[str], colon: bool) -> None:
    assert needs_colon(sides) is colon


@pytest.mark.parametrize(("sides", "together", "shown"), [
    (["Ann", "Player 2"], False, ["Ann: 120", "Player 2: 95"]),
    (["Ann", "Bob"], False, ["Ann 120", "Bob 95"]),
    # Held together: the pattern's spaces no-break, the name's own left as they are.
    (["Ann", "Player 2"], True, ["Ann:\u00a0120", "Player 2:\u00a095"]),
])
def test_every_line_of_scores_comes_from_one_rule(sides: list[str], together: bool,
                                                  shown: list[str]) -> None:
    # The history's list, resume's list, the stop note and the hints used all take it.
    assert scores_of(sides, [120, 95], together=together) == shown


def test_the_history_list_sets_off_every_score_alike() -> None:
    from rack_o.cli.history import scores_text

    assert scores_text(["Ann", "Player 2"], [120, 95]) == "Ann: 120 · Player 2: 95"

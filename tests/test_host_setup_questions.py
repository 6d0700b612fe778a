"""A host who plays no seat (--no-seat) is asked about the people who join, not about
themselves: "Your name?" and "Who plays against you?" asked a host who does not play."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from rack_o.cli.console import Terminal
from rack_o.cli.seating import seat_table
from rack_o.cli.setup import TableOptions


def asked(answers: str, seated: bool) -> tuple[str, list[str]]:
    """What the set-up questions said, and the names seated, for `answers` typed."""
    out = io.StringIO()
    term = Terminal(console=Console(file=out, width=200), stdin=io.StringIO(answers))
    _rules, players = seat_table(term, TableOptions(), seated=seated)
    return out.getvalue(), [player.name for player in players]


@pytest.mark.parametrize(("seated", "questions", "not_asked"), [
    (True, ["Who plays against you? [hard]", "Your name? [Player 1]"], "the person who joins"),
    (False, ["Who plays against the person who joins? [hard]",
             "Name of the person who joins? [Player 1]"], "you"),
])
def test_one_person_is_asked_about_as_the_one_at_the_keyboard_only_if_seated(
    seated: bool, questions: list[str], not_asked: str
) -> None:
    said, names = asked("1\n\nGus\n", seated)
    for question in questions:
        assert question in said
    assert f"against {not_asked}?" not in said
    assert names == ["Gus", "Hard"]

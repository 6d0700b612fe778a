"""A seat's kind, as records list it: a person ("human") or a bot with its spec ("bot:hard");
a person reads a bot's as "bot hard", and a kind that is neither as it is."""

from __future__ import annotations

import pytest

from rack_o.game import HUMAN, Player


@pytest.mark.parametrize(("kind", "human", "bot", "shown"), [
    (HUMAN, True, None, "human"),
    ("bot:hard", False, "hard", "bot hard"),
    ("bot: mybots:Careful ", False, "mybots:Careful", "bot mybots:Careful"),
    ("bot:", False, None, "bot:"),
    ("alien", False, None, "alien"),
])
def test_a_kind_says_who_plays_the_seat(kind: str, human: bool, bot: str | None, shown: str
                                        ) -> None:
    player = Player("Ann", kind)
    assert (player.is_human, player.bot, player.kind_shown) == (human, bot, shown)


def test_a_seat_is_a_person_s_unless_said_otherwise() -> None:
    assert Player("Ann").is_human
    assert Player.for_bot("Hard", " hard ").kind == "bot:hard"

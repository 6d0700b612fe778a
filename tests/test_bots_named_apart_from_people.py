"""Every seat gets a name of its own: a bot's name is numbered by its seat when another bot of
its level or a person has it, and numbered further when a person already has that one too."""

from __future__ import annotations

import pytest

from rack_o.cli.seating import name_seats
from rack_o.store.names import bot_seat_names


@pytest.mark.parametrize(
    ("specs", "given", "names"),
    [
        (["human", "easy"], ["Ann"], ["Ann", "Easy"]),
        (["human", "easy", "easy"], ["Ann"], ["Ann", "Easy 2", "Easy 3"]),
        (["human", "easy"], ["easy"], ["easy", "Easy 2"]),
        # A person called "Easy 2": the first bot was "Easy 2" too, two players of one name.
        (["human", "easy", "easy"], ["Easy 2"], ["Easy 2", "Easy 6", "Easy 3"]),
        (["human", "hard", "hard"], ["hard 3"], ["hard 3", "Hard 2", "Hard 7"]),
        (["human", "human", "hard", "hard"], ["Hard 3", "Hard 4"],
         ["Hard 3", "Hard 4", "Hard 7", "Hard 8"]),
    ],
)
def test_no_two_seats_share_a_name(specs: list[str], given: list[str], names: list[str]
                                   ) -> None:
    seats = [None if spec == "human" else spec for spec in specs]
    named = name_seats(len(specs), seats, given)
    assert named == names
    assert len({name.casefold() for name in named if name}) == len(named)


@pytest.mark.parametrize(("names", "seated"), [
    (["Hard", "Easy"], ["Hard", "Easy"]),
    (["Hard", "Hard", "Easy"], ["Hard 1", "Hard 2", "Easy"]),  # "Easy 3" was a player of its own
    (["Mine", "Hard", "Mine", "Hard"], ["Mine 1", "Hard 2", "Mine 3", "Hard 4"]),
    # Told apart as the history tells players apart: one player else, in stats.
    (["Bot", "bot", "Hard"], ["Bot 1", "bot 2", "Hard"]),
    # A bot whose own name is another's numbered one: the number goes further on.
    (["Hard 2", "Hard", "Hard"], ["Hard 2", "Hard 6", "Hard 3"]),
])
def test_a_table_of_bots_numbers_only_the_names_seats_share(
    names: list[str], seated: list[str]
) -> None:
    """As `racko simulate` seats them (no person): the same rule as `racko play`'s."""
    assert list(bot_seat_names(dict(enumerate(names))).values()) == seated

"""Every seat gets a name of its own: a bot's name is numbered by its seat when another bot of
its level or a person has it, and numbered further when a person already has that one too."""

from __future__ import annotations

import pytest

from rack_o.cli.seating import name_seats


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

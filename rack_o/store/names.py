"""Players' names: the one comparison of names (`--player NAME`, the history, `racko review`)
and the names bots are seated under."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Container, Mapping, Sequence
from functools import partial

from rack_o.rules import MAX_PLAYERS


def name_key(name: str) -> str:
    """`name` as names are compared: its blanks at the ends, case and accents left out
    ("  Zoë " and "ZOE" give "zoe"), so a name typed on any keyboard finds the player."""
    decomposed = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def is_named(typed: str, name: str) -> bool:
    """True when `typed` names the player called `name` (see `name_key`)."""
    return name_key(typed) == name_key(name)


def bot_seat_names(bots: Mapping[int, str], taken: Sequence[str] = ()) -> dict[int, str]:
    """The name each bot seat (`bots`: seat to the bot's own name) sits under: its own, or,
    where another bot has it or it is `taken` (people's names), its name numbered by seat
    ("Hard 2"), numbered further while that is taken too ("Hard 6"). Names are told apart as
    players are (`name_key`: "Bot" and "bot" are one), so the history counts each seat apart."""
    used = {name_key(name) for name in taken}
    keys = [name_key(name) for name in bots.values()]
    named: dict[int, str] = {}
    for seat, name in sorted(bots.items()):
        if keys.count(name_key(name)) > 1 or name_key(name) in used:
            name = numbered_apart(partial(_numbered, name), seat, used)
        named[seat] = name
        used.add(name_key(name))
    return named


def _numbered(name: str, number: int) -> str:
    """`name` with `number` after it: "Hard 2"."""
    return f"{name} {number}"


def numbered_apart(form: Callable[[int], str], seat: int, used: Container[str]) -> str:
    """`form(number)` for seat `seat`'s number (from 1), or, while that name is among the
    `used` ones (their `name_key`s), for the number MAX_PLAYERS further on: no seat has it."""
    number = seat + 1
    while name_key(form(number)) in used:
        number += MAX_PLAYERS
    return form(number)

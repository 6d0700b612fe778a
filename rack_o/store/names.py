"""When a name typed (`--player NAME`) is a player's: the one comparison of names, for the
history's filter and `racko review`."""

from __future__ import annotations

import unicodedata


def name_key(name: str) -> str:
    """`name` as names are compared: its blanks at the ends, case and accents left out
    ("  Zoë " and "ZOE" give "zoe"), so a name typed on any keyboard finds the player."""
    decomposed = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def is_named(typed: str, name: str) -> bool:
    """True when `typed` names the player called `name` (see `name_key`)."""
    return name_key(typed) == name_key(name)

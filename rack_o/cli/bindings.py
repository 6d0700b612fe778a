"""The keys a player presses, named once: a turn's keys and the table's keys around them.

Every comparison of a key, at `racko play` and at a hosted table, uses these. The help and
prompts that name a key are translated sentences that spell it out ("d draws the top card"):
a key changed here must be changed there and in every catalog too.
"""

from __future__ import annotations

from rack_o.rules import RACK_SIZE

from .keys import BACKSPACE, ESCAPE

DRAW_KEY = "d"
"""A turn's first step: draws the top card of the draw pile."""
TAKE_KEY = "t"
"""A turn's first step: takes the top card of the discard pile."""
PILE_KEYS = (DRAW_KEY, TAKE_KEY)
"""The keys of a turn's first step: draw, take."""
DISCARD_KEY = "x"
"""Throws a drawn card away (it may not throw back a card taken from the discard pile)."""
PUT_BACK_KEY = "u"
"""Takes back what is not yet done: a card taken from the discard pile, a move shown but not
confirmed, and at a hosted table, being ready for the next round."""
TAKE_BACK_KEYS = (PUT_BACK_KEY, BACKSPACE, ESCAPE)
"""Take back a move shown but not confirmed: u, or the keys a newcomer reaches for to undo."""
SLOT_KEYS = {str(slot % RACK_SIZE): slot for slot in range(1, RACK_SIZE + 1)}
"""The key of each slot: 1-9, and 0 for slot 10."""
SLOT_KEYS[str(RACK_SIZE)] = RACK_SIZE  # a line typed into a pipe may say 10

HELP_KEY = "?"
"""Shows what the keys of the question asked do."""
RULES_KEY = "r"
"""Shows the rules (racko's pager)."""
SHEET_KEY = "s"
"""Shows the score sheet (racko's pager)."""
HINT_KEY = "h"
"""Suggests a move, at a person's own turn, where hints are on."""
QUIT_KEY = "q"
"""Quits: a game (asked first), a replay, resume's questions; leaves a hosted table (the host
stops its game)."""
GIVE_SEAT_KEY = "b"
"""A hosted table's host: gives the seat of a guest who is away to a computer player."""

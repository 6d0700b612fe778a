"""Rich wraps lines only at breaking spaces: a no-break space holds its two sides together.

Python's `\\s` matches the no-break spaces (U+00A0, U+202F, U+2007), and rich finds the
words of a line with it, so it would end a French line between a word and its ":" or "?"
("Commencez-en une avec" / ": racko play"), or inside "12 345" or "25,0 %". French puts a
no-break space before : ; ? ! and %, and French and Czech group digits with one, so every
screen in those languages needs them kept. Importing this module teaches rich so, once
(rich's own bug, open upstream: Textualize/rich#3545; `tests/test_line_breaks.py` fails if
rich's pattern changes, so the replacement is looked at again then).
"""

from __future__ import annotations

import re

from rich import _wrap

NO_BREAK = "\u00a0\u2007\u202f"
"""The spaces a line never breaks at: no-break, figure and narrow no-break space."""

_BREAKING = rf"[^\S{NO_BREAK}]"
_WORD = re.compile(rf"{_BREAKING}*(?:[^\s]|[{NO_BREAK}])+{_BREAKING}*")
"""A word (runs of no-break spaces and what they join), with breaking space either side."""


def keep_no_break_spaces() -> None:
    """Make rich break lines only at breaking white space (its words: see rich._wrap)."""
    # rich reads its pattern from the module when it wraps, so replacing it is enough.
    _wrap.re_word = _WORD


keep_no_break_spaces()

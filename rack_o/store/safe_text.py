"""Text from a file or a plug-in made safe to print: no control characters reach the terminal."""

from __future__ import annotations

import shlex
import unicodedata


def printable(text: object) -> str:
    """`text` (a name from a record or a bot) safe to print: every control or format
    character (ESC, newline, bidi overrides…) shown as a \\x/\\u escape, so a file cannot
    steer the terminal."""
    return "".join(
        char if char.isprintable() or char == " " else ascii(char)[1:-1] for char in str(text)
    )


_STEERING = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))
"""The kinds of character that steer a terminal or the text around them rather than show:
controls (ESC, newline, C1), format controls (bidi overrides and isolates such as U+202E and
U+2066, marks such as U+200F: a name that reads backwards disguises itself), half a
character, line and paragraph separators."""
_JOINERS = frozenset("\u200c\u200d")
"""Format characters kept as they are: the zero-width (non-)joiner is part of how Persian,
Indic scripts and emoji are written, and reorders nothing."""


def controls_escaped(text: str) -> str:
    """`text` with its control and format characters (ESC, newline, C1, bidi overrides and
    marks…) shown as \\x/\\u escapes: for a path, whose other characters (an ideographic
    space, a joiner) must stay as typed so that it can be pasted back."""
    return "".join(ascii(char)[1:-1] if _steers(char) else char for char in text)


def shell_word(text: str) -> str:
    """`text` as one shell word that reads back as `text`, with no control character in it:
    shlex's quoting, or, for text holding a control or format character or a byte that is not
    UTF-8, the $'…' quoting of bash and zsh with each of those spelt as its escape (\\x1b,
    \\u202e; \\xff for the byte)."""
    if not any(_steers(char) for char in text):
        return shlex.quote(text)
    spelt = []
    for char in text:
        if "\udc80" <= char <= "\udcff":  # a byte that is not UTF-8, as Python reads a name
            spelt.append(f"\\x{ord(char) - 0xDC00:02x}")
        elif _steers(char):
            spelt.append(ascii(char)[1:-1])
        elif char in "\\'":
            spelt.append("\\" + char)
        else:
            spelt.append(char)
    return "$'" + "".join(spelt) + "'"


def _steers(char: str) -> bool:
    return unicodedata.category(char) in _STEERING and char not in _JOINERS


def shown(text: object, limit: int) -> str:
    """`printable(text)` cut to `limit` characters, the last one "…" when cut: a value from a
    file (a name, a seed, a bot's kind) never fills the screen."""
    safe = printable(text)
    return safe if len(safe) <= limit else safe[: limit - 1] + "…"


SHORT_SHOWN = 32
"""The most characters shown of a short value from a file (a bot's kind, a start time)."""

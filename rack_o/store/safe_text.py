"""Text from a file or a plug-in made safe to print: no control characters reach the terminal."""

from __future__ import annotations


def printable(text: object) -> str:
    """`text` (a name from a record or a bot) safe to print: every control or format
    character (ESC, newline, bidi overrides…) shown as a \\x/\\u escape, so a file cannot
    steer the terminal."""
    return "".join(
        char if char.isprintable() or char == " " else ascii(char)[1:-1] for char in str(text)
    )


def shown(text: object, limit: int) -> str:
    """`printable(text)` cut to `limit` characters, the last one "…" when cut: a value from a
    file (a name, a seed, a bot's kind) never fills the screen."""
    safe = printable(text)
    return safe if len(safe) <= limit else safe[: limit - 1] + "…"


SHORT_SHOWN = 32
"""The most characters shown of a short value from a file (a bot's kind, a start time)."""

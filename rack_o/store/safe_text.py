"""Text from a file or a plug-in made safe to print: no control characters reach the terminal."""

from __future__ import annotations

import json
import re
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


_NOT_PLAIN = re.compile(r"[^\x20-\x7e\n]")
"""A character other than printable ASCII and the newline: one that may steer a terminal."""


def json_text(value: object, **options: object) -> str:
    """`value` as JSON (`json.dumps` with `options`), its text readable as written (accents,
    any script, emoji), but each character that would steer a terminal (DEL, C1, bidi
    overrides…; json.dumps escapes only C0) written as its \\u escape: the same data to a
    program, nothing that acts on the terminal it is printed to."""
    text = json.dumps(value, ensure_ascii=False, **options)  # type: ignore[arg-type]
    return _NOT_PLAIN.sub(lambda found: _json_escape(found.group()), text)


def _json_escape(char: str) -> str:
    """`char` as JSON writes it in a string: as it is, or its \\u escape if it steers (two,
    a surrogate pair, beyond the first plane)."""
    if not _steers(char):
        return char
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def shown(text: object, limit: int) -> str:
    """`printable(text)` cut to `limit` characters, the last one "…" when cut: a value from a
    file (a name, a seed, a bot's kind) never fills the screen."""
    safe = printable(text)
    return safe if len(safe) <= limit else safe[: limit - 1] + "…"


SHORT_SHOWN = 32
"""The most characters shown of a short value from a file (a bot's kind, a start time)."""

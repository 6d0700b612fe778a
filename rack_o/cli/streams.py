"""Standard streams that never fail on a character: racko's screens use "…", "·", "—" and
every language's letters, and a terminal set to an encoding without them (fr_FR.ISO-8859-1,
PYTHONIOENCODING=ascii; Python reads LANG=C as UTF-8) gets a close ASCII stand-in or "?"
instead of a traceback."""

from __future__ import annotations

import codecs
import io
import os
import sys
import unicodedata

STAND_IN = "racko-stand-in"
"""The name of the encoding error handler that writes a stand-in."""

_STAND_INS = {
    "\u2026": "...", "\u00b7": "-", "\u2014": "-", "\u2013": "-", "\u2012": "-",
    "\u2192": "->", "\u2190": "<-", "\u2191": "^", "\u2193": "v", "\u00d7": "x",
    "\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " ",
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u201e": '"',
    "\u00ab": '"', "\u00bb": '"', "\u2022": "*", "\u2265": ">=", "\u2264": "<=",
    # A rack's bars and the mark of its ascending slots: one column each, as drawn.
    "\u2588": "#", "\u2713": "+",
}


def _stand_in(error: UnicodeError) -> tuple[str, int]:
    """The characters `error` could not encode, each as its ASCII stand-in: punctuation's
    own, a letter without its accents (è: e), else "?"."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    cut = error.object[error.start:error.end]
    return "".join(_STAND_INS.get(char) or _bare(char) for char in cut), error.end


def _bare(char: str) -> str:
    """`char` as ASCII without its accents, or "?" if it has no ASCII letter in it."""
    bare = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
    return bare if bare.isprintable() and bare else "?"


codecs.register_error(STAND_IN, _stand_in)


_FAILING_OUT = ("strict", "surrogateescape")
"""Error handlers that fail on a character the encoding lacks (Python writes with
surrogateescape in the C locale)."""


def forgiving_streams() -> None:
    """Make standard output and error write a stand-in for a character their encoding lacks,
    and standard input read a byte its encoding cannot decode as a character no name may hold
    (refused in a sentence), rather than stop racko with a Unicode error. Streams that are
    closed, or forgiving already, are left as they are."""
    # Python's own stderr writes "\u03a3" for a character it lacks: unreadable, and it makes
    # a wrapped line overrun the terminal.
    for stream, errors, failing in ((sys.stdout, STAND_IN, _FAILING_OUT),
                                    (sys.stderr, STAND_IN, (*_FAILING_OUT, "backslashreplace")),
                                    (sys.stdin, "surrogateescape", ("strict",))):
        if isinstance(stream, io.TextIOWrapper) and stream.errors in failing:
            try:
                stream.reconfigure(errors=errors)
            except (ValueError, OSError):  # closed, or already read from in a way that forbids it
                continue


def reader_gone() -> None:
    """Standard output's reader went away (`racko replay F --summary | head`): let nothing
    more reach the closed pipe, not even the flush at exit, so that racko stops quietly.
    Standard error goes the same way when it is no terminal (`2>&1 | head`)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            fd = stream.fileno()
            if stream is sys.stderr and os.isatty(fd):
                continue
        except (AttributeError, ValueError, OSError):  # closed, or no file (a test's runner)
            continue
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)

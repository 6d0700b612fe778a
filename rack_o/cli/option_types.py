"""The kinds of value racko's options take, each refused in a sentence that says what to give.

click's own types answer "'three' is not a valid integer range" or "7 is not in the range
1<=x<=4", and their help shows "INTEGER RANGE [1<=x<=4]": words for programmers. These say
what the option wants, with an example ("expected a whole number from 2 to 4 (such as
--players 3), not 'three'."), and show N in the help.
"""

from __future__ import annotations

import os
import re
from typing import Any

import click

from rack_o.i18n import _, number
from rack_o.store.safe_text import SHORT_SHOWN, shown

_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?[0-9]{1,12}(\.[0-9]{0,12})?|[+-]?\.[0-9]{1,12}")


_LONGEST = 1000
"""Digits a whole number may have (Python refuses to read an int of over 4,300)."""
MOST_MINUTES = 7 * 24 * 60
"""The most minutes an option takes (a week): more overflows the clock's timeouts."""


def said(value: object) -> str:
    """`value` as a refusal quotes it: a number as itself (-1), other text (or a number too
    long to show) in quotes, cut short."""
    text = str(value).strip()
    if _WHOLE.fullmatch(text) and len(text) <= SHORT_SHOWN:
        return text
    return repr(shown(text, SHORT_SHOWN))


def _number(value: int | None) -> str | None:
    """A bound as the language writes numbers (1,000,000; 1 000 000)."""
    return None if value is None else number(value)


def _example(param: click.Parameter | None, value: float) -> str:
    """The option given `value`, as a refusal shows it ("--players 3")."""
    option = param.opts[0] if param is not None and param.opts else ""
    return f"{option} {value}".strip()


def whole_number(value: object) -> int | None:
    """`value` as a whole number, if it is one (an int, or text as `typed_whole` reads it,
    with a sign, up to _LONGEST digits): an option's value that is a number, so that one out
    of range is refused as such, not as no number."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return typed_whole(str(value), signed=True, longest=_LONGEST)


class WholeNumber(click.ParamType):
    """A whole number from `low` (to `high`) where given; `example` is shown in the refusal."""

    name = "N"

    def __init__(self, low: int | None, high: int | None = None, *, example: int) -> None:
        self.low, self.high, self.example = low, high, example

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        """N in the help, whose text says the bounds in words."""
        return "N"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> int:
        """`value` as a whole number within the bounds, or a usage error saying what is wanted."""
        number = whole_number(value)
        if (number is not None and (self.low is None or number >= self.low)
                and (self.high is None or number <= self.high)):
            return number
        example = _example(param, self.example)
        if self.low is None:
            message = _("expected a whole number (such as {example}), not {value}.")
        elif self.high is None:
            message = _("expected a whole number, {low} or more (such as {example}), not {value}.")
        else:
            message = _("expected a whole number from {low} to {high} (such as {example}), not "
                        "{value}.")
        self.fail(message.format(low=_number(self.low), high=_number(self.high), example=example,
                                 value=said(value)), param, ctx)


class Minutes(click.ParamType):
    """A number of minutes above 0, whole or not (0.5 is half a minute)."""

    name = "MINUTES"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        """MINUTES in the help."""
        return "MINUTES"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> float:
        """`value` as minutes above 0, or a usage error saying what is wanted."""
        minutes: float | None = None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            minutes = float(value)
        elif _DECIMAL.fullmatch(text := str(value).strip().replace(",", ".")):
            minutes = float(text)
        if minutes is not None and 0 < minutes <= MOST_MINUTES:
            return minutes
        self.fail(_("expected a number of minutes above 0 and at most {most} (such as "
                    "{example}), not {value}.").format(
            most=number(MOST_MINUTES), example=_example(param, 10), value=said(value)),
            param, ctx)


class SeedType(click.ParamType):
    """--seed: a whole number from 0 up; anything else is refused saying what a seed is."""

    name = "seed"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> int:
        """`value` as a seed (an int from 0 up), or a usage error saying what a seed is."""
        from rack_o.store.records import SEED_SHOWN, replayable_seed

        number = whole_number(value)
        typed = str(value).strip().removeprefix("+")
        if (number is not None and number >= 0) or typed.isdecimal():  # (too long to read)
            digits = len(str(number)) if number is not None else len(typed)
            if number is not None and replayable_seed(number) is not None:
                return number
            # Longer, it could not be shown whole at the game's end to deal the cards again.
            self.fail(_("a seed is a whole number of at most {most} digits (such as --seed 42), "
                        "not one of {digits}.").format(most=SEED_SHOWN, digits=digits),
                      param, ctx)
        self.fail(_("a seed is a whole number, 0 or more, that decides the cards dealt (such as "
                    "--seed 42), not {value}.").format(value=said(value)), param, ctx)


SEED = SeedType()


class NameType(click.ParamType):
    """A player's name to look for (--player): text a name can hold, not blank, no control
    character or half a character (which no name has, and which must not reach the screen
    when echoed)."""

    name = "NAME"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> str:
        """`value`, or a usage error saying it is empty or holds characters that cannot be
        shown."""
        text = str(value)
        if not text.strip():  # no player's name is blank: it is no name at all, not nobody's
            self.fail(_("a name cannot be empty."), param, ctx)
        if all(char.isprintable() or char == " " for char in text):
            return text
        # repr spells each such character out (\x1b, \udcff), so the refusal shows them safely.
        quoted = repr(text[:SHORT_SHOWN]) + ("…" if len(text) > SHORT_SHOWN else "")
        self.fail(_("{name} holds characters that cannot be shown.").format(name=quoted),
                  param, ctx)


PLAYER_NAME = NameType()


_TYPED_DIGITS = 9
"""The most digits a typed count or seat may have: more is no seat, count or game number."""


def typed_whole(text: str, *, signed: bool = False, longest: int = _TYPED_DIGITS) -> int | None:
    """`text` as a whole number if it is one: any script's decimal digits (not "²", which is
    a digit but no number), at most `longest` of them, after a + or - if `signed`; else None.
    The one reader of a number typed in an option, a question or a key."""
    text = text.strip()
    digits = text[1:] if signed and text[:1] in "+-" else text
    return int(text) if digits.isdecimal() and len(digits) <= longest else None


def ends_as_a_folder(typed: str) -> bool:
    """True when a file's name as typed ends in a path separator ("games/"): it names a folder,
    which `Path` would make a file called "games" of."""
    return typed.endswith(tuple(filter(None, (os.sep, os.altsep))))


class NamedPath(click.Path):
    """A file's or a folder's name, shown as FILE or DIRECTORY in help as click shows it, whose
    kind the option checks itself, in racko's words ("/tmp is a folder, not a file. Give a new
    file name."), where click would say "File '/tmp' is a directory."."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Any:
        return os.fsdecode(value) if isinstance(value, bytes) else value

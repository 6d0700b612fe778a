"""Turning a bot spec ("hard", or "package.module:ClassName") into a seated Agent."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Iterable
from enum import StrEnum

from rack_o.agent import Agent
from rack_o.bots.expert import ExpertBot
from rack_o.bots.hard import HardBot
from rack_o.bots.medium import MediumBot
from rack_o.bots.simple import EasyBot, RandomBot
from rack_o.errors import described, type_named
from rack_o.game import Player

_MAKERS: dict[str, Callable[[int, int | str | None], Agent]] = {
    "random": lambda seat, seed: RandomBot(seed, seat),
    "easy": lambda seat, seed: EasyBot(),
    "medium": lambda seat, seed: MediumBot(),
    "hard": lambda seat, seed: HardBot(),
    "expert": lambda seat, seed: ExpertBot(seed, seat),
}
"""Each built-in level's bot, made for a seat and a seed; weakest first."""

LEVELS: tuple[str, ...] = tuple(_MAKERS)
"""The built-in levels, weakest first."""
DEFAULT_LEVEL = "hard"
"""The level racko seats where it is not told which: a lone person's opponent on Enter, every
seat of racko simulate without --bots, a hosted guest's stand-in."""


def level_of(spec: str) -> str | None:
    """The level of LEVELS a bot spec names, in lower case however it was typed; None for a
    spec naming code outside racko."""
    level = spec.strip().lower()
    return level if level in LEVELS else None


def is_outside(spec: str) -> bool:
    """Whether a bot spec names code outside racko (package.module:ClassName, not a level)."""
    return level_of(spec) is None and ":" in spec


def any_outside(players: Iterable[Player]) -> bool:
    """Whether a bot at one of the seats of `players` is code outside racko: carrying their
    game on imports it again, which needs --load-bots."""
    return any(player.bot is not None and is_outside(player.bot) for player in players)


class BotProblem(StrEnum):
    """Why no bot can be made from a spec."""

    UNKNOWN_LEVEL = "unknown level"
    """Neither a level of LEVELS nor package.module:ClassName."""
    BAD_FORM = "not package.module:ClassName"
    NO_MODULE = "module does not import"
    """The module (or its package) is not found; `detail` is the import's error."""
    IMPORT_FAILED = "module fails as it is imported"
    """The module is found but its code raised (a module it imports is missing, say);
    `detail` is the error."""
    NO_CLASS = "no such class"
    NOT_A_CLASS = "not a class"
    """The module has the name, but it is no class (a function, a value)."""
    CANNOT_MAKE = "class cannot be called"
    """`detail` is the error the call raised, as repr shows it."""
    NOT_A_BOT = "not a bot"
    """`missing` names what the object lacks: "name" (a string), "choose" (a method); a name
    of another type is `detail` ("42, an int")."""


class BotSpecError(ValueError):
    """No bot can be made from `spec`: the `problem`, with the `detail` or `missing` parts.

    The module and the class are the two halves of `spec` around its colon.
    """

    def __init__(
        self, spec: str, problem: BotProblem, detail: str = "", missing: tuple[str, ...] = ()
    ) -> None:
        super().__init__(spec, problem, detail, missing)
        self.spec = spec
        self.problem = problem
        self.detail = detail
        self.missing = missing

    def __str__(self) -> str:
        return f"bot {self.spec!r}: {self.problem}" + (f" ({self.detail})" if self.detail else "")

def bot_kind(spec: str) -> str:
    """The `kind` a game record lists for a bot: "bot:hard" (a level in lower case, however
    it was typed, so `stats` counts one level once) or "bot:package.module:ClassName"."""
    return Player.for_bot("", level_of(spec) or spec).kind


def make_bot(spec: str, seat: int, seed: int | str | None = None) -> Agent:
    """The agent for `spec` at `seat`; BotSpecError (a ValueError) if it cannot be made."""
    spec = spec.strip()
    level = level_of(spec)
    if level is not None:
        return _MAKERS[level](seat, seed)
    if ":" not in spec:
        raise BotSpecError(spec, BotProblem.UNKNOWN_LEVEL)
    return _load_class(spec)


FILE_GIVEN = "a file"
"""The `detail` of a BAD_FORM spec that names a file, not a module."""


def _load_class(spec: str) -> Agent:
    module_name, _sep, class_name = spec.partition(":")
    if not module_name or not class_name:
        raise BotSpecError(spec, BotProblem.BAD_FORM)
    if module_name.startswith(".") or module_name.endswith(".py") or any(
            separator in module_name for separator in "/\\"):
        # A file's path (./mybots.py): importing it fails in words about relative imports.
        raise BotSpecError(spec, BotProblem.BAD_FORM, FILE_GIVEN)
    # Like `python -m`, find a bot module in the current directory too.
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    # Any failure while importing or making user code is a usage error, even a sys.exit (a
    # script without a main guard): only Ctrl-C passes.
    try:
        module = importlib.import_module(module_name)
    except KeyboardInterrupt:
        raise
    except BaseException as error:
        detail = str(error) if isinstance(error, Exception) else repr(error)
        raise BotSpecError(spec, _import_problem(module_name, error), detail) from error
    cls = getattr(module, class_name, None)
    if not isinstance(cls, type):
        raise BotSpecError(spec, BotProblem.NO_CLASS if cls is None else BotProblem.NOT_A_CLASS)
    try:
        bot = cls()
    except KeyboardInterrupt:
        raise
    except BaseException as error:
        raise BotSpecError(spec, BotProblem.CANNOT_MAKE, described(error)) from error
    missing = tuple(
        part
        for part, ok in (("name", _has(bot, "name", str)), ("choose", _has(bot, "choose", None)))
        if not ok
    )
    if missing:
        # A name of another type is named: "it needs a name string" alone reads as if it had none.
        given = _given_name(bot) if "name" in missing else None
        raise BotSpecError(spec, BotProblem.NOT_A_BOT,
                           "" if given is None else f"{described(given)}, {type_named(given)}",
                           missing=missing)
    return bot


def _given_name(bot: object) -> object | None:
    """The `name` a bot has that is not a string; None if it has none (or reading it fails)."""
    try:
        return getattr(bot, "name", None)
    except KeyboardInterrupt:
        raise
    except BaseException:
        return None


def _import_problem(module_name: str, error: BaseException) -> BotProblem:
    """NO_MODULE when the bot's module (or a package of its name) is not found, else
    IMPORT_FAILED: it was found, and something it does as it is imported failed."""
    if isinstance(error, ModuleNotFoundError) and error.name is not None:
        parts = module_name.split(".")
        if error.name in {".".join(parts[:end]) for end in range(1, len(parts) + 1)}:
            return BotProblem.NO_MODULE
    return BotProblem.IMPORT_FAILED


def _has(bot: object, part: str, kind: type | None) -> bool:
    """True when `bot.part` is a `kind` (callable, for None); False if reading it fails."""
    try:
        value = getattr(bot, part, None)
    except KeyboardInterrupt:
        raise
    except BaseException:  # a property of the user's that raises (a sys.exit too) is no name
        return False
    return callable(value) if kind is None else isinstance(value, kind)
